//! FBR (Formalized Board Rules) text ↔ [`RuleSet`], for the rules that map
//! onto rule objects.
//!
//! Reading goes in stages: [`syntax`] splits the text into rules with spans,
//! [`meaning`] turns them into a rule set and reports *every* rule or
//! attribute without a rule object (`alice`, `atomic`, `magnetic`, `royal=taboo`,
//! …) with the span it is about — nothing is skipped silently. [`print()`]
//! writes a rule set back; reading printed text gives an equal rule set for
//! everything FBR can say (zones in the reader's normal form), and what it
//! cannot say is listed in [`FbrText::omitted`].
//!
//! See `meaning` for the exact list of accepted rules and how FBR's two sides
//! map onto ICN players (uppercase letters White, lowercase Black).

pub mod mbn;
pub(crate) mod mbn_write;
pub mod meaning;
pub mod pieces;
pub mod print;
pub mod syntax;

pub use print::{FbrText, board_range, print};

use crate::rules::RuleSet;

/// Why an FBR text was refused: every problem found, in text order, each
/// with its span (the same diagnostics type as ICN text uses, so `render`
/// prints them compiler-style).
pub type FbrError = icn_syntax::ParseError;

/// Reads FBR rules into a rule set (starting from [`RuleSet::default`]).
///
/// # Errors
/// Syntax errors and every rule or attribute that has no rule object, each
/// with its span.
///
/// ```
/// use icn_model::Player;
/// use icn_rules::{fbr, Outcome, WinRule};
/// let r = fbr::parse("royal{k} pieces{KQRBNP:AM::HA::CH::AR::GU::CA::GI::ZE::CE::RQ::RC::NR::HU::RO:}=morethan(0) stalemate=loss").unwrap();
/// assert_eq!(r.wins_of(Player::WHITE), [WinRule::Checkmate]);
/// assert_eq!(r.wins_of(Player::BLACK), [WinRule::AllPiecesCaptured]);
/// assert_eq!(r.stalemate, Outcome::Loss);
/// let e = fbr::parse("royal atomic").unwrap_err();
/// assert!(e.render("rules.fbr", "royal atomic").contains("rules.fbr:1:7"));
/// ```
pub fn parse(text: &str) -> Result<RuleSet, FbrError> {
    let raw = syntax::parse_rules(text);
    let mut diagnostics = raw.diagnostics;
    let mut read = meaning::rules_from_raw(&raw.rules);
    let mut scratch = RuleSet::default();
    let target = match &mut read {
        Ok(rules) => rules,
        Err(_) => &mut scratch,
    };
    pieces::apply(&raw.pieces, target, &mut diagnostics);
    meaning::undefined_pieces(&raw.rules, &raw.pieces, &mut diagnostics);
    match read {
        Ok(rules) if diagnostics.is_empty() => Ok(rules),
        Ok(_) => Err(FbrError { diagnostics }),
        Err(more) => {
            diagnostics.extend(more);
            diagnostics.sort_by_key(|d| d.span.start);
            Err(FbrError { diagnostics })
        }
    }
}

/// Writes a rule set as FBR, refusing when anything would be left out.
///
/// # Errors
/// The list of rules FBR cannot express (see [`print()`]).
pub fn print_strict(rules: &RuleSet) -> Result<String, Vec<String>> {
    let out = print(rules);
    if out.omitted.is_empty() {
        Ok(out.text)
    } else {
        Err(out.omitted)
    }
}
