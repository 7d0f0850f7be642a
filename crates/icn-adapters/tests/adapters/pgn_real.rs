//! Real PGN files (`fixtures/pgn/real`) read as python-chess reads them: a
//! quick slice of small files here; `cargo xtask conformance --corpus pgn`
//! runs them all.

use std::path::PathBuf;

use icn_adapters::pgn_agreement::compare_file;
use rstest::rstest;

#[rstest]
fn a_real_file_reads_as_python_chess_reads_it(
    #[files("../../fixtures/pgn/real/pychess-*.pgn")] path: PathBuf,
) {
    let a = compare_file(&path).unwrap_or_else(|e| panic!("{e}"));
    assert!(a.games > 0, "{}: no game", path.display());
    assert!(
        a.disagreements.is_empty(),
        "{}: {:#?}",
        path.display(),
        a.disagreements
    );
    assert_eq!(a.agreed + a.refused.len(), a.games);
}

/// The Chess960 games of a cutechess file, whose castling the site rule does
/// not play, castle by explicit moves and agree with python-chess, none refused.
#[test]
fn chess960_games_castle_as_python_chess_plays_them() {
    let path = PathBuf::from("../../fixtures/pgn/real/pychess-cutechess-fischerrandom.pgn");
    let a = compare_file(&path).unwrap_or_else(|e| panic!("{e}"));
    assert!(a.games >= 4, "{a:?}");
    assert_eq!((a.agreed, a.refused.len()), (a.games, 0), "{a:?}");
}
