//! Pawnback as Fairy-Stockfish plays it: pawns that step back as well as
//! forward (`fbmW`) and double-step again whenever they stand on their
//! second rank (`ifmnD` as moves of that region).

/// The positions of `fixtures/fsf/pawnback.tsv` (made by
/// `fixtures/fsf/gen/pawnback.py` with pyffish) count as Fairy-Stockfish
/// counts.
#[test]
fn pawnback_counts_as_fairy_stockfish() {
    crate::assert_fsf_rows_exact(include_str!("../../../../fixtures/fsf/pawnback.tsv"), 14);
}

/// The pawn's back step is kept beside the double step that replaces its
/// forward step on the second rank.
#[test]
fn the_pawn_steps_back_onto_its_second_rank_and_double_steps_again() {
    let mut b = crate::fsf_board("pawnback", "4k3/8/8/8/8/P7/8/4K3 w - - 0 1");
    let back = b
        .legal_moves()
        .unwrap()
        .into_iter()
        .find(|m| (m.from.x, m.from.y, m.to.x, m.to.y) == (1, 3, 1, 2))
        .expect("a3-a2");
    b.make(&back);
    let reply = b.legal_moves().unwrap()[0];
    b.make(&reply);
    let targets: Vec<i64> = b
        .legal_moves()
        .unwrap()
        .into_iter()
        .filter(|m| (m.from.x, m.from.y) == (1, 2))
        .map(|m| m.to.y)
        .collect();
    assert_eq!(targets.len(), 2, "{targets:?}");
    assert!(targets.contains(&3) && targets.contains(&4), "{targets:?}");
}
