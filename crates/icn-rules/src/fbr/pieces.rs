//! FBR piece definitions → [`RuleSet::movements`]: `Q=R+N` gives the kind
//! of the letter (uppercase: FBR's first side; the movement is read relative
//! to the mover, so it is the same piece for both sides) the movement of the
//! MBN text ([`super::mbn`]). A bare letter (`K`) declares a piece with its
//! own ICN movement and changes nothing. Refused, each with its span: letters
//! that are no piece kind, lowercase letters, a kind defined twice, and every
//! MBN error.

use icn_model::{Piece, Player};
use icn_syntax::{Diagnostic, Span};

use super::mbn;
use super::syntax::RawPieceDef;
use crate::rules::RuleSet;

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
