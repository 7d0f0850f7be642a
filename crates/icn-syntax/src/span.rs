//! Byte spans into the source text, line/column positions, and diagnostics
//! rendered like a compiler's: `file:line:col: message`, the source line and a
//! caret under the span.
//!
//! Columns count Unicode scalar values from 1; a CRLF line ending counts as the
//! end of the line (the `\r` is not shown).

use std::fmt;

/// A half-open byte range `start..end` into the text a node came from.
///
/// Nodes that were built by a program rather than parsed carry
/// [`Span::SYNTHETIC`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Span {
    /// Offset of the first byte.
    pub start: usize,
    /// Offset one past the last byte.
    pub end: usize,
}

impl Span {
    /// The span of nodes that did not come from text.
    pub const SYNTHETIC: Span = Span { start: 0, end: 0 };

    /// A span from `start` to `end`.
    pub fn new(start: usize, end: usize) -> Self {
        Span { start, end }
    }

    /// Length in bytes.
    pub fn len(&self) -> usize {
        self.end - self.start
    }

    /// Whether the span covers no bytes.
    pub fn is_empty(&self) -> bool {
        self.start == self.end
    }

    /// This span shifted right by `offset` bytes.
    pub fn shifted(self, offset: usize) -> Span {
        Span::new(self.start + offset, self.end + offset)
    }
}

impl From<pest::Span<'_>> for Span {
    fn from(s: pest::Span<'_>) -> Self {
        Span::new(s.start(), s.end())
    }
}

/// A 1-based line and column.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LineCol {
    /// Line number, from 1.
    pub line: usize,
    /// Column number in characters, from 1.
    pub column: usize,
}

impl fmt::Display for LineCol {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}", self.line, self.column)
    }
}

/// The line and column of byte `offset` in `source` (clamped to the text).
pub fn line_col(source: &str, offset: usize) -> LineCol {
    let offset = floor_char_boundary(source, offset.min(source.len()));
    let before = &source[..offset];
    let line = before.bytes().filter(|&b| b == b'\n').count() + 1;
    let line_start = before.rfind('\n').map_or(0, |i| i + 1);
    let column = source[line_start..offset].chars().count() + 1;
    LineCol { line, column }
}

fn floor_char_boundary(s: &str, mut i: usize) -> usize {
    while i > 0 && !s.is_char_boundary(i) {
        i -= 1;
    }
    i
}

/// A problem found in a text, with the span it is about.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagnostic {
    /// Where the problem is.
    pub span: Span,
    /// What is wrong, lowercase, saying what was expected and what was found.
    pub message: String,
}

impl Diagnostic {
    /// A diagnostic at `span`.
    pub fn new(span: Span, message: impl Into<String>) -> Self {
        Diagnostic {
            span,
            message: message.into(),
        }
    }

    /// Line and column of the start of the span in `source`.
    pub fn line_col(&self, source: &str) -> LineCol {
        line_col(source, self.span.start)
    }

    /// The one-line form `origin:line:col: message`.
    pub fn one_line(&self, origin: &str, source: &str) -> String {
        format!("{origin}:{}: {}", self.line_col(source), self.message)
    }

    /// The full form: `error: message`, the location, the source line and a
    /// caret under the span. Long lines are cut around the span.
    pub fn render(&self, origin: &str, source: &str) -> String {
        self.render_as("error", origin, source)
    }

    /// [`Diagnostic::render`] with another label than `error`, such as
    /// `warning[ep-without-pawn]`.
    pub fn render_as(&self, label: &str, origin: &str, source: &str) -> String {
        let lc = self.line_col(source);
        let start = floor_char_boundary(source, self.span.start.min(source.len()));
        let line_start = source[..start].rfind('\n').map_or(0, |i| i + 1);
        let line_end = source[start..]
            .find('\n')
            .map_or(source.len(), |i| start + i);
        let line = source[line_start..line_end].trim_end_matches('\r');
        let end = floor_char_boundary(source, self.span.end.clamp(start, line_start + line.len()));
        let caret_col = source[line_start..start].chars().count();
        let caret_len = source[start..end].chars().count().max(1);
        // Cut very long lines to a window around the caret.
        const WINDOW: usize = 60;
        let chars: Vec<char> = line.chars().collect();
        let from = caret_col.saturating_sub(WINDOW);
        let to = (caret_col + caret_len.min(WINDOW) + WINDOW).min(chars.len());
        let mut shown: String = chars[from.min(chars.len())..to.max(from.min(chars.len()))]
            .iter()
            .collect();
        let mut pad = caret_col - from;
        if from > 0 {
            shown.insert_str(0, "...");
            pad += 3;
        }
        if to < chars.len() {
            shown.push_str("...");
        }
        let gutter = lc.line.to_string();
        let blank = " ".repeat(gutter.len());
        format!(
            "{label}: {msg}\n{blank}--> {origin}:{lc}\n{blank} |\n{gutter} | {shown}\n{blank} | {sp}{carets}",
            msg = self.message,
            sp = " ".repeat(pad),
            carets = "^".repeat(caret_len.min(WINDOW)),
        )
    }
}

impl fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} (bytes {}..{})",
            self.message, self.span.start, self.span.end
        )
    }
}

/// Shows a byte or the end of the text as a user sees it: `` `>` `` or `end of input`.
pub fn describe_found(source: &str, offset: usize) -> String {
    match source.get(offset..).and_then(|s| s.chars().next()) {
        None => "end of input".to_string(),
        Some('\n') | Some('\r') => "end of line".to_string(),
        Some(' ') | Some('\t') => "a blank".to_string(),
        Some(c) => format!("`{c}`"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn line_col_counts_lines_and_chars() {
        let src = "ab\r\nc×d\ne";
        assert_eq!(line_col(src, 0), LineCol { line: 1, column: 1 });
        assert_eq!(line_col(src, 4), LineCol { line: 2, column: 1 });
        // `d` comes after the two-byte `×`
        assert_eq!(line_col(src, 7), LineCol { line: 2, column: 3 });
        assert_eq!(line_col(src, 9), LineCol { line: 3, column: 1 });
    }

    #[test]
    fn render_points_a_caret_at_the_span() {
        let src = "w 0/100\nK1,2|Q3";
        let d = Diagnostic::new(
            Span::new(13, 15),
            "expected `,` after the x coordinate, found end of input",
        );
        let r = d.render("in.icn", src);
        assert!(r.contains("--> in.icn:2:6"), "{r}");
        assert!(r.contains("2 | K1,2|Q3"), "{r}");
        assert!(r.ends_with("|      ^^"), "{r}");
    }
}
