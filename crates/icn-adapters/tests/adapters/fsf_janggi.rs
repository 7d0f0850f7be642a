//! Janggi as Fairy-Stockfish plays it: the palace diagonals, the Janggi
//! cannon, the `nZ` elephant, passing, the bikjang rule and material
//! counting.

use icn_adapters::fsf::suite;
use icn_model::Player;
use icn_movegen::{Board, Move, MoveKind, Sq, Termination};

/// The positions of `fixtures/fsf/janggi.tsv` (made by
/// `fixtures/fsf/gen/janggi.py` with pyffish, keeping the moves played so
/// that passes and bikjang end games as Fairy-Stockfish ends them) count as
/// Fairy-Stockfish counts.
#[test]
fn janggi_counts_as_fairy_stockfish() {
    crate::assert_fsf_rows_exact(include_str!("../../../../fixtures/fsf/janggi.tsv"), 31);
}

fn board(variant: &str, fen: Option<&str>) -> Board {
    let row = suite::SuiteRow {
        variant: variant.into(),
        fen: fen.map(Into::into),
        depth: 1,
        nodes: 0,
        chess960: false,
    };
    suite::prepare(&row).unwrap()
}

/// The side to move's pass: its general staying on its square.
fn pass(b: &mut Board) -> Move {
    let passes: Vec<Move> = b
        .legal_moves()
        .unwrap()
        .into_iter()
        .filter(|m| m.kind == MoveKind::Stay)
        .collect();
    assert_eq!(passes.len(), 1, "{passes:?}");
    passes[0]
}

#[test]
fn two_passes_end_the_game_decided_by_material() {
    for (variant, winner) in [("janggi", Some(Player::BLACK)), ("janggicasual", None)] {
        let mut b = board(variant, None);
        let first = pass(&mut b);
        assert_eq!((first.from, first.to), (Sq::new(5, 2), Sq::new(5, 2)));
        b.make(&first);
        assert!(b.game_end().unwrap().is_none());
        let second = pass(&mut b);
        b.make(&second);
        let end = b.game_end().unwrap().expect("two passes end the game");
        assert_eq!(end.termination, Termination::Passes);
        // Equal material: Black's one and a half points win Janggi's count.
        assert_eq!(end.winner, winner, "{variant}");
        // Perft counts nothing below an ended game.
        assert_eq!(b.perft(1, icn_movegen::PerftMode::Bulk).unwrap(), 0);
    }
}

#[test]
fn facing_generals_must_part_or_pass() {
    let facing = "9/4k4/9/9/9/9/9/9/4K4/R8 w - - 0 1";
    let mut b = board("janggi", Some(facing));
    let moves = b.legal_moves().unwrap();
    // The general steps off the file or passes; the chariot cannot help.
    assert!(
        moves
            .iter()
            .all(|m| m.from == Sq::new(5, 2) && (m.kind == MoveKind::Stay || m.to.x != 5)),
        "{moves:?}"
    );
    let stay = pass(&mut b);
    b.make(&stay);
    let end = b
        .game_end()
        .unwrap()
        .expect("the facing outlasted the pass");
    assert_eq!(end.termination, Termination::Bikjang);
    // A chariot (13) against nothing (and Black's 1.5): White.
    assert_eq!(end.winner, Some(Player::WHITE));
    // Without the bikjang rule the facing generals are an ordinary position.
    let mut casual = board("janggicasual", Some(facing));
    assert!(casual.legal_moves().unwrap().len() > moves.len());
}

#[test]
fn a_pass_in_check_is_allowed_only_in_bikjang() {
    // The chariot on a2 checks the general on e2, which faces Black's.
    let mut b = board("janggi", Some("9/4k4/9/9/9/9/9/9/r3K4/R8 w - - 0 1"));
    assert!(
        b.legal_moves()
            .unwrap()
            .iter()
            .any(|m| m.kind == MoveKind::Stay)
    );
    // The same check with a soldier between the generals: no pass.
    let mut b = board("janggi", Some("9/4k4/9/9/4p4/9/9/9/r3K4/R8 w - - 0 1"));
    assert!(
        b.legal_moves()
            .unwrap()
            .iter()
            .all(|m| m.kind != MoveKind::Stay)
    );
}
