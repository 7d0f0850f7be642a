//! `convert` over every notation, PGN streams, `check --legal`, and the one
//! report format of every stream: snapshots of what standard error says
//! (the elapsed time written as `T`).

use super::*;

/// Standard error with the summary's elapsed time as `T`.
fn report(r: &Run) -> String {
    r.stderr
        .lines()
        .map(|l| match l.rfind(" (") {
            Some(at) if l.ends_with(" s)") => format!("{} (T s)", &l[..at]),
            _ => l.to_string(),
        })
        .collect::<Vec<_>>()
        .join("\n")
}

const TOKENS: &str = "\u{feff}[Event \"tokens\"] [Result \"1/2\"]\n\n1. e2-e4 e5$1 2. g1f3 Nc6‼ 3 ... Bc4 {a comment\nover two lines} Bc5 4. O-O+ Nf6 } 5. d4 exd4 6. e5 d5 7. exd6 e.p. Qxd6 *\n";

#[test]
fn convert_reads_pgn_as_people_write_it_and_computes_check_marks() {
    let r = icn(&["convert", "--to", "icn"], TOKENS);
    assert_eq!(r.code, 0, "{}", r.stderr);
    let out = r.stdout.trim();
    assert_eq!(out.lines().count(), 1, "{out}");
    assert!(
        out.starts_with("[Event \"tokens\"] [Result \"1/2-1/2\"]"),
        "{out}"
    );
    // `O-O+` gave no check: the mark is computed, not copied.
    assert!(out.contains("|5,1>7,1|"), "{out}");
    assert!(out.contains("5,7>5,5!|"), "{out}");
    assert!(out.contains("{a comment over two lines}"), "{out}");
    assert!(out.contains("5,5>4,6|4,8>4,6"), "{out}");
    assert_eq!(
        report(&r),
        "<stdin>:4:33: warning[stray]: game 1: `}` closes nothing (skipped)\n\
         <stdin>: 1 game read: 0 ok, 1 with warnings, 0 failed (T s)"
    );
}

#[test]
fn pgn_round_trips_through_icn_with_tags_comments_nags_and_results() {
    let pgn = "[Event \"e\"]\n[White \"w\"]\n[Result \"0-1\"]\n\n{start} 1. f3 $14 e5 {[%clk 0:01:00] quick} 2. g4?? Qh4# 0-1\n";
    let icn_text = icn(&["convert", "--from", "pgn", "--to", "icn"], pgn);
    assert_eq!(icn_text.code, 0, "{}", icn_text.stderr);
    let back = icn(&["convert", "--to", "pgn"], &icn_text.stdout);
    assert_eq!(back.code, 0, "{}", back.stderr);
    assert!(
        back.stdout
            .contains("{start} 1. f3 $14 e5 {[%clk 0:01:00.0] quick} 2. g4?? Qh4# 0-1"),
        "{}",
        back.stdout
    );
    assert!(
        back.stdout
            .contains("[White \"w\"]\n[Black \"?\"]\n[Result \"0-1\"]"),
        "{}",
        back.stdout
    );
    // The ICN keeps the NAG as a move command.
    assert!(
        icn_text.stdout.contains("6,2>6,3{[%nag 14]}"),
        "{}",
        icn_text.stdout
    );
}

#[test]
fn refused_games_are_reported_and_numbering_stays_right() {
    let pgn = "[Event \"a\"]\n[Site unquoted]\n\n1. e4 e5 *\n\n[Event \"b\"]\n\n1. e4 -- *\n\n[Event \"c\"]\n[Variant \"Crazyhouse\"]\n\n1. e4 *\n\n[Event \"d\"]\n\n1. e4 e5 2. Ke3 *\n";
    let r = icn(&["pgn2icn"], pgn);
    assert_eq!(r.code, 1);
    assert_eq!(r.stdout.lines().count(), 1, "{}", r.stdout);
    assert_eq!(
        report(&r),
        "<stdin>:2:1: warning[malformed-tag]: game 1: expected a tag `[Name \"value\"]`, found `[Site unquoted]` (skipped)\n\
         <stdin>:8:7: error[null-move]: game 2: move 1... --: a null move cannot be written in ICN (ICN has no move that passes the turn)\n\
         <stdin>:10:1: error[variant]: game 3: the PGN variant `Crazyhouse` is not supported (standard chess and Chess960 only)\n\
         <stdin>:17:13: error[illegal-move]: game 4: move 2. Ke3: illegal move: no legal move matches `Ke3`\n\
         <stdin>: 4 games read: 0 ok, 1 with warnings, 3 failed (T s)"
    );
}

#[test]
fn chess960_games_read_and_castle_as_chess960() {
    let ok = "[Variant \"chess 960\"]\n[FEN \"rbbqknnr/pppppppp/8/8/8/8/PPPPPPPP/RBBQKNNR w KQkq - 0 1\"]\n\n1. Ng3 Ng6 2. Nf3 Nf6 3. O-O O-O *\n";
    let r = icn(&["convert", "--to", "pgn"], ok);
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert!(r.stdout.contains("[Variant \"chess 960\"]"), "{}", r.stdout);
    assert!(r.stdout.contains("3. O-O O-O *"), "{}", r.stdout);
    // A start the site rule cannot castle from: explicit castling moves, the
    // castle written as the king onto its rook, and back to the same PGN.
    let far = "[Variant \"Fischerandom\"]\n[FEN \"nbbrknrq/pppppppp/8/8/8/8/PPPPPPPP/NBBRKNRQ w KQkq - 0 1\"]\n\n1. Ng3 Ng6 2. O-O O-O *\n";
    let r = icn(&["convert", "--to", "icn"], far);
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert!(r.stdout.contains("{\"castling\": {"), "{}", r.stdout);
    assert!(
        r.stdout.trim_end().ends_with("5,1>7,1|5,8>7,8"),
        "{}",
        r.stdout
    );
    let back = icn(&["convert", "--to", "pgn"], &r.stdout);
    assert_eq!(back.code, 0, "{}", back.stderr);
    assert!(
        back.stdout
            .contains("[FEN \"nbbrknrq/pppppppp/8/8/8/8/PPPPPPPP/NBBRKNRQ w KQkq - 0 1\"]"),
        "{}",
        back.stdout
    );
    assert!(back.stdout.contains("2. O-O O-O *"), "{}", back.stdout);
}

#[test]
fn latin1_pgn_is_read_with_a_warning() {
    let r = icn_bytes(
        &["convert", "--to", "icn"],
        b"[White \"M\xfcller\"]\n\n1. e4 *\n",
    );
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert!(r.stdout.contains("[White \"Müller\"]"), "{}", r.stdout);
    assert!(
        r.stderr.contains("<stdin>:1:10: warning[not-utf8]"),
        "{}",
        r.stderr
    );
}

#[test]
fn from_is_detected_and_every_notation_converts() {
    let fen = "4k3/8/8/8/8/8/P7/4K3 w - - 0 1";
    let icn_text = icn(&["convert", "--to", "icn-compact"], fen);
    assert_eq!(icn_text.code, 0, "{}", icn_text.stderr);
    let back = icn(&["convert", "--to", "fen"], &icn_text.stdout);
    assert_eq!(back.stdout.trim(), fen);
    let shredder = icn(
        &["convert", "--to", "fen", "--shredder"],
        "w 1,8,1,8 (8|1) K5,1+|R8,1+|k5,8",
    );
    assert_eq!(shredder.stdout.trim(), "4k3/8/8/8/8/8/8/4K2R w H - 0 1");
    // The older spelling of --to-dialect still works.
    let old = icn(
        &["convert", "--dialect", "spec", "--to", "icn"],
        "w K1,1|k3,3",
    );
    let new = icn(
        &["convert", "--to-dialect", "spec", "--to", "icn"],
        "w K1,1|k3,3",
    );
    assert_eq!((old.code, &old.stdout), (0, &new.stdout));
    let usage = icn(&["convert", "--lines", "--to", "pgn"], "w K1,1|k3,3");
    assert_eq!(usage.code, 2);
}

#[test]
fn the_spec_multi_line_example_is_one_game() {
    let text = "[Event \"x\"]\n[Site \"y\"]\n\nw 0/100 1 (8|1) 1,8,1,8 K5,1|k5,8|P1,2+\n\n1. P1,2 > 1,4 | k5,8 > 5,7\n2. K5,1 > 5,2\n\n[Event \"z\"]\nw 0/100 1 (8|1) 1,8,1,8 K5,1|k5,8\n5,1>5,2\n";
    let r = icn(&["convert", "--to", "pgn"], text);
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert!(r.stdout.contains("1. a4 Ke7 2. Ke2 *"), "{}", r.stdout);
    assert!(r.stdout.contains("[Event \"z\"]"), "{}", r.stdout);
    assert!(report(&r).ends_with("2 games read: 2 ok, 0 with warnings, 0 failed (T s)"));
    let unbounded = icn(&["convert", "--to", "pgn"], "w K5,1|k5,8|R1,1 1,1>1,9");
    assert_eq!(unbounded.code, 1);
    assert!(
        unbounded.stderr.contains("leaves the 8×8 board"),
        "{}",
        unbounded.stderr
    );
}

#[test]
fn check_legal_reports_the_first_illegal_move_at_its_place() {
    let r = icn(
        &["check", "--lines", "--legal"],
        "w K5,1|k5,8|R1,1 1,1>1,5\nw K5,1|k5,8|R1,1 1,1>1,5|5,8>5,6\n",
    );
    assert_eq!(r.code, 1);
    assert_eq!(
        report(&r),
        "<stdin>:2:26: error[illegal-move]: move 1..., 5,8>5,6: a king on 5,8 cannot reach 5,6\n\
         <stdin>: 2 lines read: 1 ok, 0 with warnings, 1 failed (T s)"
    );
    let plain = icn(&["check", "--lines"], "w K5,1|k5,8|R1,1 1,1>1,5|5,8>5,6\n");
    assert_eq!(plain.code, 0, "{}", plain.stderr);
    let whole = icn(&["check", "--legal"], "w K5,1|k5,8|R1,1\n1,1>2,2\n");
    assert_eq!(whole.code, 1);
    assert!(
        whole
            .stderr
            .contains("error[illegal-move]: move 1, 1,1>2,2"),
        "{}",
        whole.stderr
    );
    assert!(whole.stderr.contains("--> <stdin>:2:1"), "{}", whole.stderr);
}

#[test]
fn every_lines_command_reports_alike() {
    let fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    let r = icn(&["fen2icn", "--lines"], &format!("{fen}\nnot a fen\n"));
    assert_eq!(r.code, 1);
    let rep = report(&r);
    assert!(rep.starts_with("<stdin>:2:1: error[fen]: "), "{rep}");
    assert!(
        rep.ends_with("<stdin>: 2 lines read: 1 ok, 0 with warnings, 1 failed (T s)"),
        "{rep}"
    );
    let san = icn(&["san", "--lines"], &format!("{fen}\tNf4\n"));
    assert!(
        report(&san).starts_with("<stdin>:1:1: error[san]: illegal move"),
        "{}",
        san.stderr
    );
}

#[test]
fn info_json_uses_the_long_form_key_style_and_messages_name_the_fix() {
    let r = icn(&["info", "--json"], "w 1,8,1,8 K5,1|k5,8");
    assert_eq!(r.code, 0, "{}", r.stderr);
    for key in ["\"sideToMove\"", "\"halfmoveClock\"", "\"moveNumber\""] {
        assert!(r.stdout.contains(key), "{}", r.stdout);
    }
    assert!(!r.stdout.contains('_'), "{}", r.stdout);
    let perft = icn(&["perft", "--depth", "1"], "w K5,1|k5,8|R1,1");
    assert_eq!(perft.code, 1);
    assert!(
        perft.stderr.contains("`--slide-limit N`"),
        "{}",
        perft.stderr
    );
    let bad = icn(&["perft", "--depth", "1"], "w K5,1|k5,8\n1,1>");
    assert!(!bad.stderr.contains("error: error"), "{}", bad.stderr);
}

#[test]
fn no_message_says_error_twice() {
    for args in [
        &["variant", "convert", "--from", "icn", "--to", "json"][..],
        &["perft", "--depth", "1"][..],
        &["convert"][..],
    ] {
        let r = icn(args, "w K1,1|XXXXXXXX2,2\n");
        assert_eq!(r.code, 1, "{args:?}");
        assert!(
            r.stderr.contains("piece code `XXXXXXXX` is too long"),
            "{args:?}: {}",
            r.stderr
        );
        assert!(!r.stderr.contains("error: error"), "{args:?}: {}", r.stderr);
    }
}

#[test]
fn variant_list_shows_dates() {
    let r = icn(&["variant", "list"], "");
    let horde = r
        .stdout
        .lines()
        .find(|l| l.starts_with("Pawn_Horde "))
        .unwrap_or("");
    assert!(horde.contains("@2023-11-17"), "{horde}");
    let by_date = icn(&["variant", "show", "Pawn_Horde@2023-11-17"], "");
    assert_eq!(by_date.code, 0, "{}", by_date.stderr);
}
