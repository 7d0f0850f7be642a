//! FBR piece definitions: their syntax ([`RawPieceDef`], read by
//! [`super::syntax::parse_rules`] when a token starts with an uppercase
//! letter or `:`) and their meaning, [`RuleSet::movements`]: `Q=R+N` gives the kind
//! of the letter (uppercase: FBR's first side; the movement is read relative
//! to the mover, so it is the same piece for both sides) the movement of the
//! MBN text ([`super::mbn`]). A bare letter (`K`) declares a piece with its
//! own ICN movement and changes nothing. Refused, each with its span: letters
//! that are no piece kind, lowercase letters, a kind defined twice, and every
//! MBN error.

use icn_model::{Piece, Player};
use icn_syntax::{Diagnostic, Span};

use super::mbn;
use super::syntax::{Cursor, Res};
use crate::rules::RuleSet;

/// A piece definition as written: `Q=R+N`, `:AM:|Amazon|=QN`, `K`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RawPieceDef {
    /// The letters, without colons: `Q`, `AM`.
    pub letters: String,
    /// Where the letter (with its colons) is.
    pub letters_span: Span,
    /// The MBN text after `=` and where it starts, if any.
    pub mbn: Option<(String, usize)>,
    /// The whole definition.
    pub span: Span,
}

/// A piece letter (`Q`, `:AM:`), an optional name `|Queen|`, and an
/// optional `=` with the MBN text up to the next blank.
pub(super) fn piece_def(c: &mut Cursor) -> Res<RawPieceDef> {
    let start = c.pos;
    let letters = if c.eat(':') {
        let s = c.pos;
        while c.peek().is_some_and(|ch| ch.is_ascii_alphanumeric()) {
            c.bump();
        }
        let letters = c.text[s..c.pos].to_string();
        if !(1..=3).contains(&letters.len()) {
            return Err(Diagnostic::new(
                Span::new(start, c.pos),
                "expected one to three letters or digits between colons",
            ));
        }
        c.expect(':', "after the piece letters")?;
        letters
    } else {
        let ch = c.bump().unwrap_or_default();
        ch.to_string()
    };
    let letters_span = Span::new(start, c.pos);
    if c.eat('|') {
        while c.peek().is_some_and(|ch| ch != '|' && !ch.is_whitespace()) {
            c.bump();
        }
        c.expect('|', "after the piece name")?;
    }
    let mbn = if c.eat('=') {
        let s = c.pos;
        while c.peek().is_some_and(|ch| !ch.is_whitespace()) {
            c.bump();
        }
        Some((c.text[s..c.pos].to_string(), s))
    } else {
        None
    };
    if c.peek().is_some_and(|ch| !ch.is_whitespace()) {
        return Err(Diagnostic::new(
            c.here(),
            format!(
                "expected `=` and a move definition or blank space after the piece letter, found {}",
                c.found()
            ),
        ));
    }
    Ok(RawPieceDef {
        letters,
        letters_span,
        mbn,
        span: Span::new(start, c.pos),
    })
}

/// Adds the movements the definitions give to `rules`, collecting problems.
pub fn apply(defs: &[RawPieceDef], rules: &mut RuleSet, d: &mut Vec<Diagnostic>) {
    let mut seen = Vec::new();
    for def in defs {
        let piece = match Piece::from_code(&def.letters) {
            Ok(p) if p.player == Player::WHITE => p,
            Ok(_) => {
                d.push(Diagnostic::new(
                    def.letters_span,
                    format!(
                        "a piece definition names the piece by its uppercase letter, found `{}`",
                        def.letters
                    ),
                ));
                continue;
            }
            Err(e) => {
                d.push(Diagnostic::new(def.letters_span, e.to_string()));
                continue;
            }
        };
        if seen.contains(&piece.kind) {
            d.push(Diagnostic::new(
                def.letters_span,
                format!("piece `{}` is defined twice", def.letters),
            ));
            continue;
        }
        seen.push(piece.kind);
        let Some((text, start)) = &def.mbn else {
            continue;
        };
        match mbn::parse(text) {
            Ok(m) => {
                rules.movements.insert(piece.kind, m);
            }
            Err(e) => {
                let at = start + e.at;
                d.push(Diagnostic::new(
                    Span::new(at, (at + 1).min(start + text.len()).max(at)),
                    format!("in the MBN of `{}`: {}", def.letters, e.message),
                ));
            }
        }
    }
}
