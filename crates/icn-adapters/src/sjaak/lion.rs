//! Sjaak's lion-trading flags, both ways: `no_retaliate` and `endangered`
//! on a piece become [`LionRules`] ([`lion_rules`]), and are written back on
//! the pieces of the kinds they name ([`lion_flags`]).
//!
//! Sjaak II applies `no_retaliate` only in a variant where some piece is
//! `endangered` (its victim side effects are switched on by `endangered`,
//! not by `no_retaliate`); elsewhere the flag changes no move, so it is
//! lowered to nothing, and a counter-strike rule without endangered kinds is
//! named as a problem when written.

use std::collections::BTreeSet;

use icn_model::PieceKind;
use icn_rules::limits::LionRules;

/// The rules of the kinds flagged `no_retaliate` and `endangered`, as
/// Sjaak II plays them.
pub(super) fn lion_rules(
    no_retaliate: BTreeSet<PieceKind>,
    endangered: BTreeSet<PieceKind>,
) -> LionRules {
    LionRules {
        no_retaliate: if endangered.is_empty() {
            BTreeSet::new()
        } else {
            no_retaliate
        },
        endangered,
    }
}

/// The flags `kind` carries under `rules`; a problem when the counter-strike
/// rule is set without endangered kinds (Sjaak would not play it).
pub(super) fn lion_flags(
    rules: &LionRules,
    kind: PieceKind,
    problems: &mut Vec<String>,
) -> Vec<String> {
    let mut out = Vec::new();
    if rules.no_retaliate.contains(&kind) {
        if rules.endangered.is_empty() {
            problems.push(
                "the counter-strike rule without endangered pieces (Sjaak plays `no_retaliate` only beside `endangered`)"
                    .into(),
            );
        } else {
            out.push("no_retaliate".into());
        }
    }
    if rules.endangered.contains(&kind) {
        out.push("endangered".into());
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn set(ks: &[PieceKind]) -> BTreeSet<PieceKind> {
        ks.iter().copied().collect()
    }

    #[test]
    fn no_retaliate_alone_is_inert_as_in_sjaak() {
        let lion = PieceKind::custom("LI").unwrap();
        let r = lion_rules(set(&[lion]), BTreeSet::new());
        assert!(r.is_empty());
        let r = lion_rules(set(&[lion]), set(&[lion]));
        assert_eq!(r.no_retaliate, set(&[lion]));
        let mut problems = Vec::new();
        assert_eq!(
            lion_flags(&r, lion, &mut problems),
            ["no_retaliate", "endangered"]
        );
        assert!(problems.is_empty());
        let alone = LionRules {
            no_retaliate: set(&[lion]),
            endangered: BTreeSet::new(),
        };
        assert!(lion_flags(&alone, lion, &mut problems).is_empty());
        assert_eq!(problems.len(), 1);
    }
}
