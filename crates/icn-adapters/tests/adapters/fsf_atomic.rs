//! Fairy-Stockfish's atomic chess (`atomic`, `nocheckatomic`, `atomar`):
//! positions read into the rule objects count as Fairy-Stockfish counts them
//! (`fixtures/fsf/atomic.tsv`, made by `fixtures/fsf/gen/atomic.py` with
//! pyffish), the writer gives the rules back, and what the model cannot hold
//! is refused by name.

use icn_adapters::fsf::{self, suite};
use icn_model::PieceKind;
use icn_rules::WinRule;

use crate::fsf_variant as variant_of;

#[test]
fn atomic_positions_count_as_fairy_stockfish() {
    crate::assert_fsf_rows_exact(include_str!("../../../../fixtures/fsf/atomic.tsv"), 30);
}

#[test]
fn atomic_kings_are_royal_and_blasts_spare_pawns() {
    let v = variant_of("[a:atomic]\n").unwrap();
    let r = &v.rules;
    assert_eq!(r.royals.len(), 1);
    let e = r.limits.explosion.as_ref().unwrap();
    assert!(e.immune.is_empty());
    assert_eq!(e.shielded.iter().collect::<Vec<_>>(), [&PieceKind::Pawn]);
    // Kept safe like a king, and lost when blown up.
    let wins = r.wins_of(icn_model::Player::WHITE);
    assert!(wins.contains(&WinRule::Checkmate) && wins.contains(&WinRule::AllRoyalsCaptured));
    // Without checks: nothing but the kings' extinction wins.
    let v = variant_of("[n:nocheckatomic]\n").unwrap();
    assert_eq!(
        v.rules.wins_of(icn_model::Player::WHITE),
        [WinRule::AllRoyalsCaptured]
    );
    let v =
        variant_of("[m:nocheckatomic]\nblastImmuneTypes = k\nmutuallyImmuneTypes = k\n").unwrap();
    let king = *v.rules.royals.iter().next().unwrap();
    assert!(v.rules.limits.explosion.unwrap().immune.contains(&king));
    assert!(v.rules.limits.same_kind_immune.contains(&king));
}

#[test]
fn atomic_rules_are_written_back_the_same() {
    for base in ["atomic", "nocheckatomic"] {
        let v = variant_of(&format!("[x:{base}]\n")).unwrap();
        let (text, problems) = fsf::write_section_lossy(&v, "x").unwrap();
        assert!(problems.is_empty(), "{base}: {problems:?}");
        assert!(text.contains("blastOnCapture = true"), "{text}");
        assert_eq!(
            text.contains("extinctionPseudoRoyal = true"),
            base == "atomic",
            "{text}"
        );
        assert!(!text.contains("\nking ="), "{text}");
        let back = variant_of(&text).unwrap();
        assert_eq!(back.rules, v.rules, "{base}\n{text}");
        assert_eq!(back.position, v.position, "{base}\n{text}");
    }
}

#[test]
fn what_the_model_cannot_hold_is_refused_by_name() {
    // Explosions beside a real king.
    let e = variant_of("[k:chess]\nblastOnCapture = true\n").unwrap_err();
    assert!(e.iter().any(|r| r.option == "blastOnCapture"), "{e:?}");
    // A pseudo-royal king a side has two of.
    let e = variant_of(
        "[two:atomic]\nstartFen = rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBKR w - - 0 1\n",
    )
    .unwrap_err();
    assert!(
        e.iter()
            .any(|r| r.option == "extinctionPseudoRoyal" && r.reason.contains("more than 1")),
        "{e:?}"
    );
    // Petrifying captures stay refused.
    let e = variant_of("[p:chess]\npetrifyOnCaptureTypes = q\n").unwrap_err();
    assert!(
        e.iter().any(|r| r.option == "petrifyOnCaptureTypes"),
        "{e:?}"
    );
}

/// The shipped file's `atomiczh` (atomic crazyhouse: a blown-up piece goes to
/// the hand of its owner's opponent; without a `king` its `dropChecks =
/// false` says nothing, as in Fairy-Stockfish): positions of
/// `fixtures/fsf/atomiczh.tsv` count as pyffish counts them.
#[test]
fn atomic_crazyhouse_positions_count_as_fairy_stockfish() {
    let shipped = include_str!("../../../../fixtures/fsf/reference/fsf-variants.ini");
    let rows = suite::read_suite(include_str!("../../../../fixtures/fsf/atomiczh.tsv")).unwrap();
    assert!(rows.len() >= 9);
    for row in &rows {
        let fen = row.fen.as_deref().unwrap();
        let text = format!("{shipped}\n[row:atomiczh]\nstartFen = {fen}\n");
        let got = fsf::conformance::perft_of(&text, "row", row.depth).unwrap();
        assert_eq!(got.last(), Some(&row.nodes), "{fen}: {got:?}");
    }
}
