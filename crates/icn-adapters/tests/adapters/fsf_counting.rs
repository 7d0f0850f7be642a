//! Makruk-family counting (`countingRule`) as Fairy-Stockfish keeps it:
//! the games of `fixtures/fsf/games/counting.tsv` (made by
//! `fixtures/fsf/gen/counting.py` with pyffish) replay with pyffish's count
//! after each ([`icn_adapters::fsf::games`]), and the rule and a count in
//! progress are written back; and Makpong's rule (a king in check may only
//! capture its checker: `fixtures/fsf/makpong.tsv`, `gen/makpong.py`).

use icn_adapters::fsf;

use crate::fsf_variant as variant_of;

#[test]
fn counts_are_kept_as_fairy_stockfish_keeps_them() {
    let data = include_str!("../../../../fixtures/fsf/games/counting.tsv");
    let seen = fsf::games::check_rows(data).unwrap_or_else(|e| panic!("{e}"));
    assert!(seen.rows >= 60 && seen.ran_out >= 2, "{seen:?}");
}

#[test]
fn counting_is_read_and_written_back() {
    let v = variant_of("[m:makruk]\nstartFen = 4k3/8/8/8/8/3S4/2NR4/3K4 b - 88 8 2\n").unwrap();
    let c = v.rules.draws.counting.as_ref().unwrap();
    assert_eq!(c.rule.name(), "makruk");
    assert_eq!(
        (c.rooks.len(), c.khons.len(), c.knights.len(), c.pawns.len()),
        (1, 1, 1, 1)
    );
    let text = fsf::write_section(&v, "m").unwrap();
    assert!(text.contains("countingRule = makruk"), "{text}");
    assert!(text.contains(" b - 88 8 2\n"), "{text}");
    for slot in ["rook", "silver", "knight"] {
        assert!(text.contains(&format!("\n{slot} = ")), "{slot}: {text}");
    }
    let back = variant_of(&text).unwrap();
    assert_eq!(back.position.count, v.position.count);
    assert_eq!(
        back.rules.draws.counting.as_ref().map(|c| c.rule),
        Some(c.rule)
    );
    // A limit in a variant that does not count is refused.
    let e = variant_of("[c:chess]\nstartFen = 4k3/8/8/8/8/8/8/R3K3 w - 32 6 1\n").unwrap_err();
    assert!(e[0].to_string().contains("counting limit"), "{e:?}");
}

#[test]
fn makpong_counts_as_fairy_stockfish_and_is_written_back() {
    crate::assert_fsf_rows_exact(include_str!("../../../../fixtures/fsf/makpong.tsv"), 10);
    let v = variant_of("[m:makpong]\n").unwrap();
    assert!(v.rules.limits.royal_captures_checker_only);
    let text = fsf::write_section(&v, "m").unwrap();
    assert!(text.contains("makpongRule = true"), "{text}");
    let back = variant_of(&text).unwrap();
    assert!(back.rules.limits.royal_captures_checker_only);
}

/// The move-rule counter after random games, as pyffish keeps it:
/// `nMoveRuleTypes` of several types (wolf's pawns and sergeants), drops
/// (`fixtures/fsf/games/halfmove.tsv`, `gen/halfmove.py`).
#[test]
fn the_move_rule_counter_is_kept_as_fairy_stockfish_keeps_it() {
    let data = include_str!("../../../../fixtures/fsf/games/halfmove.tsv");
    let seen = fsf::games::check_rows(data).unwrap_or_else(|e| panic!("{e}"));
    assert!(seen.rows >= 100, "{seen:?}");
}
