#![doc = include_str!("../README.md")]
//!
//! ## What is accepted
//! Both ICN dialects (see [`Dialect`]): optional metadata tags, header fields,
//! a piece list, then moves. Integers may have any number of digits. Blank
//! space between fields may be spaces, tabs, line breaks (LF or CRLF) or any
//! other blank the site's reader takes (JavaScript's `\s`: NBSP, U+3000 and
//! the other Unicode spaces). A metadata value is read raw, as the site reads
//! it (a backslash is a backslash); only a value that holds a `"` is read
//! with `\"` and `\\` escapes, as this toolkit writes one.
//! JSON nesting deeper than [`MAX_NESTING`] is refused, so no input can
//! exhaust the stack. Empty (or blank) input is refused. A UTF-8 byte-order
//! mark at the start is skipped (spans still count its bytes).

pub mod ast;
mod build;
pub mod dialect;
mod excerpt;
mod fast;
mod line_index;
mod parser;
mod site;
mod span;
mod writer;

pub use ast::*;
pub use build::WIN_CONDITIONS;
pub use dialect::Dialect;
pub use excerpt::{EXCERPT_CHARS, Excerpt, MESSAGE_CHARS, cap_quotes};
pub use line_index::{BOM, LineIndex, strip_bom};
pub use parser::{IcnParser, MAX_NESTING, Rule};
pub use span::{Diagnostic, LineCol, Span, describe_found, line_col};
pub use writer::{Layout, WriteError, WriteOptions, write, write_into};

use pest::Parser as _;

/// Why a text is not valid ICN: every problem found, in text order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseError {
    /// The problems; never empty.
    pub diagnostics: Vec<Diagnostic>,
}

impl ParseError {
    /// Renders every problem like a compiler does, with the source line and
    /// a caret. The text is indexed once, so this is linear in the text and
    /// the number of problems.
    pub fn render(&self, origin: &str, source: &str) -> String {
        let index = LineIndex::new(source);
        let mut out = String::new();
        for (i, d) in self.diagnostics.iter().enumerate() {
            if i > 0 {
                out.push('\n');
            }
            d.render_into(&mut out, origin, &index);
        }
        out
    }
}

impl ParseError {
    /// [`ParseError::render`] written to `out` one problem at a time, so
    /// that memory does not grow with the number of problems.
    ///
    /// # Errors
    /// Writing to `out` failed.
    pub fn write_rendered(
        &self,
        out: &mut dyn std::io::Write,
        origin: &str,
        source: &str,
    ) -> std::io::Result<()> {
        let index = LineIndex::new(source);
        let mut buf = String::new();
        for d in &self.diagnostics {
            buf.clear();
            d.render_into(&mut buf, origin, &index);
            buf.push('\n');
            out.write_all(buf.as_bytes())?;
        }
        Ok(())
    }
}

impl std::fmt::Display for ParseError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let msgs: Vec<&str> = self
            .diagnostics
            .iter()
            .map(|d| d.message.as_str())
            .collect();
        f.write_str(&msgs.join("; "))
    }
}

impl std::error::Error for ParseError {}

/// Parses an ICN position or game.
///
/// # Errors
/// A [`ParseError`] listing where the text departs from the grammar, unknown
/// win conditions, fields given twice, and (for a strict `dialect`) anything
/// that dialect does not allow.
///
/// ```
/// use icn_syntax::{parse, Dialect, FieldKind};
/// let doc = parse("w 0/100 (8|1) K5,1+|k5,8+|P1,2+ 1,2>1,4", Dialect::Auto).unwrap();
/// assert_eq!(doc.pieces.len(), 3);
/// assert!(matches!(doc.fields[1].kind, FieldKind::MoveRule { .. }));
/// assert_eq!(doc.moves[0].coordinates().unwrap().to.y.text, "4");
/// let err = parse("w K5,1|k5,8>", Dialect::Auto).unwrap_err();
/// assert!(err.diagnostics[0].message.starts_with("expected"));
/// ```
pub fn parse(text: &str, dialect: Dialect) -> Result<Document<'_>, ParseError> {
    let (doc, diagnostics) = match fast::parse_fast(text) {
        Some(doc) => (doc, Vec::new()),
        None => parse_with_pest(text)?,
    };
    finish(doc, text, diagnostics, dialect)
}

/// The checks after the grammar: dialect rules and emptiness; every problem
/// in text order.
fn finish<'a>(
    mut doc: Document<'a>,
    text: &str,
    mut diagnostics: Vec<Diagnostic>,
    dialect: Dialect,
) -> Result<Document<'a>, ParseError> {
    diagnostics.extend(dialect::check(&doc, dialect));
    if dialect == Dialect::Site {
        site::check(&doc, text, &mut diagnostics);
    }
    diagnostics.extend(check_not_empty(&doc));
    if diagnostics.is_empty() {
        if dialect == Dialect::Site {
            site::forget_unknown_move_pieces(&mut doc);
        }
        Ok(doc)
    } else {
        diagnostics.sort_by_key(|d| d.span.start);
        Err(ParseError { diagnostics })
    }
}

/// A document that says nothing at all (blank, or only separators) is refused.
fn check_not_empty(doc: &Document<'_>) -> Option<Diagnostic> {
    let empty = doc.metadata.is_empty()
        && doc.fields.is_empty()
        && doc.pieces.is_empty()
        && doc.moves.is_empty()
        && doc.leading_comments.is_empty();
    empty.then(|| Diagnostic::new(doc.span, "empty input: expected an ICN position or game"))
}

/// The grammar proper: pest pairs, then the tree. [`parse`] first tries a
/// hand-written fast path that accepts the same language on the common
/// shapes and falls back here for everything else (and for every error).
fn parse_with_pest(text: &str) -> Result<(Document<'_>, Vec<Diagnostic>), ParseError> {
    parser::check_nesting(text).map_err(|d| ParseError {
        diagnostics: vec![d],
    })?;
    let mut pairs = IcnParser::parse(Rule::document, text).map_err(|e| ParseError {
        diagnostics: vec![parser::diagnostic_from_pest(text, e)],
    })?;
    let pair = pairs.next().expect("grammar: a document pair");
    let mut diagnostics = Vec::new();
    let doc = build::document(pair, &mut diagnostics);
    Ok((doc, diagnostics))
}

/// Whether `text` is exactly one SAN-like move (`docs/san-like.md`) without
/// check mark or glyphs: `N3,4`, `R,5-5,0`, `5x6,8=Q`, `O-O`. Only the shape
/// is checked; piece codes are checked when the move is resolved.
///
/// ```
/// use icn_syntax::is_sanlike;
/// assert!(is_sanlike("Nx3,4") && is_sanlike("O-O-O") && is_sanlike("5,4"));
/// assert!(!is_sanlike("5,2>5,4") && !is_sanlike("N3,4+") && !is_sanlike("n3,4"));
/// ```
pub fn is_sanlike(text: &str) -> bool {
    IcnParser::parse(Rule::sanlike_text, text)
        .ok()
        .and_then(|mut pairs| pairs.next())
        .is_some_and(|p| p.as_span().end() == text.len())
}

/// Parses with the pest grammar only, skipping the fast path. For tests that
/// check the two agree; [`parse`] is the same language, faster.
///
/// # Errors
/// As [`parse`].
#[doc(hidden)]
pub fn parse_grammar_only(text: &str, dialect: Dialect) -> Result<Document<'_>, ParseError> {
    let (doc, diagnostics) = parse_with_pest(text)?;
    finish(doc, text, diagnostics, dialect)
}

/// The fast path's reading of `text`'s metadata tags and header fields
/// alone (the returned document holds nothing else), with the offset where
/// what follows them begins, after blanks; `None` when the fast path cannot
/// read them. For `icn-model`'s direct reader, which reads the piece list
/// and moves itself; the dialect checks of [`parse`] are the caller's.
#[doc(hidden)]
pub fn fast_header(text: &str) -> Option<(Document<'_>, usize)> {
    fast::parse_header(text)
}

/// The fast path's byte-scanning steps, shared with `icn-model`'s direct
/// reader: each takes the text's bytes and a position and gives the end of
/// what it matched.
#[doc(hidden)]
pub mod scan {
    pub use crate::fast::{alphas, digits, is_ws, move_marks, skip_ws};
}

/// Whether the fast path alone reads `text` (for tests and benchmarks).
#[doc(hidden)]
pub fn fast_path_accepts(text: &str) -> bool {
    fast::parse_fast(text).is_some()
}
