//! Progress bars are for terminals only: with standard error piped (as
//! here) the commands that show progress write exactly what they wrote
//! before, and perft counted per root move (for its bar) agrees with the
//! engine's own count.

use super::*;

use icn_model::{Dialect, Game};
use icn_movegen::{Board, PerftMode};

const BORDERED: &str = "w 1,8,1,8 K5,1|k5,8|R1,1|n3,6|P2,2+";

#[test]
fn perft_per_root_move_agrees_with_the_engine_and_prints_no_bar() {
    let game = Game::parse(BORDERED, Dialect::Auto).unwrap();
    let engine = Board::from_game(&game)
        .unwrap()
        .perft(3, PerftMode::Bulk)
        .unwrap();
    let plain = icn(&["perft", "--depth", "3"], BORDERED);
    assert_eq!(plain.code, 0, "{}", plain.stderr);
    assert_eq!(plain.stdout, format!("{engine}\n"));
    assert_eq!(plain.stderr.lines().count(), 1, "{}", plain.stderr);
    assert!(
        plain
            .stderr
            .starts_with(&format!("depth 3: {engine} nodes in "))
    );
    assert!(!plain.stderr.contains('\u{1b}'), "no terminal codes");

    let divided = icn(&["perft", "--depth", "3", "--divide"], BORDERED);
    let lines: Vec<&str> = divided.stdout.lines().collect();
    let (total, per_move) = lines.split_last().unwrap();
    assert_eq!(*total, engine.to_string());
    let sum: u64 = per_move
        .iter()
        .map(|l| l.rsplit_once(' ').unwrap().1.parse::<u64>().unwrap())
        .sum();
    assert_eq!(sum, engine);
    assert_eq!(
        per_move.len() as u64,
        Board::from_game(&game)
            .unwrap()
            .perft(1, PerftMode::Bulk)
            .unwrap()
    );
}

#[test]
fn perft_deeper_than_one_still_names_the_fix_for_an_endless_move_set() {
    for depth in ["1", "2", "3"] {
        let r = icn(&["perft", "--depth", depth], "w K5,1|k5,8|R1,1");
        assert_eq!(r.code, 1, "depth {depth}");
        assert!(r.stderr.contains("`--slide-limit N`"), "{}", r.stderr);
        assert_eq!(r.stderr.lines().count(), 1, "{}", r.stderr);
    }
    let limited = icn(
        &["perft", "--depth", "2", "--slide-limit", "3"],
        "w K5,1|k5,8|R1,1",
    );
    assert_eq!(limited.code, 0, "{}", limited.stderr);
}

#[test]
fn lines_and_info_on_large_inputs_write_only_their_reports() {
    let text: String = (0..20_000)
        .map(|i| format!("w K5,1|k5,8|R{},1\n", 10 + i % 50))
        .collect();
    let file = temp_file("progress-lines.icnl", &text);
    let r = icn(&["check", "--lines", file.to_str().unwrap()], "");
    assert_eq!(r.code, 0);
    assert_eq!(r.stderr.lines().count(), 1, "{}", r.stderr);
    assert!(
        r.stderr.contains("20000 lines read: 20000 ok"),
        "{}",
        r.stderr
    );

    // More pieces than info's spinner threshold.
    let pawns: Vec<String> = (0..12_000)
        .map(|i| format!("P{},{}", i % 1000, 10 + i / 1000))
        .collect();
    let huge = format!("w K-5,1|k-5,8|{}", pawns.join("|"));
    let r = icn(&["info"], &huge);
    assert_eq!(r.stderr, "");
    assert!(
        r.stdout.starts_with("side to move: white\n"),
        "{}",
        r.stdout
    );
}
