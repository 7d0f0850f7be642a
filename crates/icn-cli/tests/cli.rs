//! End-to-end tests of the `icn` binary: exit codes, output and error
//! formats of `convert`, `check` and `example`, with and without `--lines`.

#[path = "cli/progress.rs"]
mod progress;
#[path = "cli/query.rs"]
mod query;
#[path = "cli/render.rs"]
mod render;
#[path = "cli/streams.rs"]
mod streams;

use std::io::Write as _;
use std::path::PathBuf;
use std::process::{Command, Output, Stdio};

const SPEC_GAME: &str = include_str!("../../../fixtures/icn/ok/spec-game-long.spec.icn");

struct Run {
    code: i32,
    stdout: String,
    stderr: String,
}

impl Run {
    /// The last line of standard error: the summary of a stream.
    fn stderr_summary(&self) -> &str {
        self.stderr.lines().last().unwrap_or("")
    }
}

fn icn(args: &[&str], stdin: &str) -> Run {
    icn_bytes(args, stdin.as_bytes())
}

fn icn_bytes(args: &[&str], stdin: &[u8]) -> Run {
    let mut child = Command::new(env!("CARGO_BIN_EXE_icn"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("icn runs");
    // A command that exits before reading (a usage error) may close its stdin.
    let _ = child.stdin.take().expect("stdin").write_all(stdin);
    let Output {
        status,
        stdout,
        stderr,
    } = child.wait_with_output().expect("icn finishes");
    Run {
        code: status.code().expect("exit code"),
        stdout: String::from_utf8(stdout).expect("UTF-8 stdout"),
        stderr: String::from_utf8(stderr).expect("UTF-8 stderr"),
    }
}

fn temp_file(name: &str, text: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("icn-cli-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let path = dir.join(name);
    std::fs::write(&path, text).expect("temp file");
    path
}

#[test]
fn example_checks_converts_and_round_trips_the_spec_game() {
    let r = icn(&["example"], "");
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert!(
        r.stdout
            .contains("valid ICN (spec dialect): game, 32 pieces, 22 moves, 11 metadata tags"),
        "{}",
        r.stdout
    );
    assert!(r.stdout.contains("\"startingPosition\""), "{}", r.stdout);
    assert!(
        r.stdout
            .contains("11. P8,2 > 8,4 ?! | q0,4 > 4,4 # {Bad game from both players}"),
        "{}",
        r.stdout
    );
    assert!(r.stdout.contains("ICN -> JSON -> model: same game"));
    assert!(r.stdout.contains("ICN -> pretty ICN -> model: same game"));
}

#[test]
fn every_example_runs_and_unknown_names_are_usage_errors() {
    let list = icn(&["example", "--list"], "");
    assert_eq!(list.code, 0);
    for name in list
        .stdout
        .lines()
        .filter_map(|l| l.split_whitespace().next())
    {
        let r = icn(&["example", name], "");
        assert_eq!(r.code, 0, "example {name}: {}{}", r.stdout, r.stderr);
    }
    let r = icn(&["example", "nope"], "");
    assert_eq!(r.code, 2);
    assert!(r.stderr.contains("no example named `nope`"), "{}", r.stderr);
}

#[test]
fn icn_to_json_to_icn_keeps_the_game() {
    let json = icn(&["convert"], SPEC_GAME);
    assert_eq!(json.code, 0, "{}", json.stderr);
    assert!(
        json.stdout.starts_with("{\n  \"metadata\""),
        "{}",
        json.stdout
    );
    let back = icn(
        &["convert", "--to", "icn", "--dialect", "spec", "-"],
        &json.stdout,
    );
    assert_eq!(back.code, 0, "{}", back.stderr);
    let again = icn(&["convert", "--to", "json"], &back.stdout);
    assert_eq!(again.stdout, json.stdout);
    // JSON input defaults to ICN output.
    let default = icn(&["convert", "--dialect", "spec"], &json.stdout);
    assert_eq!(default.stdout, back.stdout);
}

#[test]
fn check_reports_valid_documents_and_renders_errors_with_a_caret() {
    let ok = icn(&["check"], SPEC_GAME);
    assert_eq!(ok.code, 0);
    assert_eq!(
        ok.stdout,
        "<stdin>: valid ICN: game, 32 pieces, 22 moves, 11 metadata tags\n"
    );
    let path = temp_file("bad.icn", "[Event \"x\"]\nw K1,1|Q1,1|xxxxxxxx1,1");
    let bad = icn(&["check", path.to_str().unwrap()], "");
    assert_eq!(bad.code, 1);
    assert!(
        bad.stderr
            .starts_with("error: piece code `xxxxxxxx` is too long"),
        "{}",
        bad.stderr
    );
    assert!(
        bad.stderr.contains(&format!("--> {}:2:13", path.display())),
        "{}",
        bad.stderr
    );
    assert!(
        bad.stderr
            .contains("2 | w K1,1|Q1,1|xxxxxxxx1,1\n  |             ^^^^^^^^"),
        "{}",
        bad.stderr
    );
}

#[test]
fn check_warns_about_problems_and_strict_makes_them_errors() {
    let text = "[Event \"a\"] [Event \"b\"]\nb 4,3 (8;Q,rq|1) K1,1|k8,8|Q1,1\n";
    let warned = icn(&["check"], text);
    assert_eq!(warned.code, 0, "{}", warned.stderr);
    assert_eq!(
        warned.stdout,
        "<stdin>: valid ICN (4 warnings): position, 3 pieces, 1 metadata tag\n"
    );
    for (kind, at) in [
        ("metadata-twice", "<stdin>:1:13"),
        ("ep-without-pawn", "<stdin>:2:3"),
        ("promotion-to-royal", "<stdin>:2:12"),
        ("square-twice", "<stdin>:2:28"),
    ] {
        assert!(
            warned.stderr.contains(&format!("warning[{kind}]:")),
            "{kind}: {}",
            warned.stderr
        );
        assert!(
            warned.stderr.contains(&format!("--> {at}")),
            "{at}: {}",
            warned.stderr
        );
    }
    // In text order, with a caret under the square given twice.
    assert!(
        warned.stderr.ends_with(
            "2 | b 4,3 (8;Q,rq|1) K1,1|k8,8|Q1,1\n  |                            ^^^^\n"
        ),
        "{}",
        warned.stderr
    );
    let strict = icn(&["check", "--strict"], text);
    assert_eq!(strict.code, 1);
    assert!(
        strict.stderr.contains("error[square-twice]:"),
        "{}",
        strict.stderr
    );
    assert!(
        strict.stderr.contains("invalid (4 problems, --strict)"),
        "{}",
        strict.stderr
    );
    let allowed = icn(
        &[
            "check",
            "--strict",
            "--allow",
            "metadata-twice",
            "--allow",
            "ep-without-pawn",
            "--allow",
            "promotion-to-royal",
            "--allow",
            "square-twice",
        ],
        text,
    );
    assert_eq!(allowed.code, 0, "{}", allowed.stderr);
    assert_eq!(allowed.stderr, "");
    let unknown = icn(&["check", "--allow", "no-such-kind"], text);
    assert_eq!(unknown.code, 2);
    assert!(
        unknown.stderr.contains("ep-without-pawn"),
        "{}",
        unknown.stderr
    );
}

#[test]
fn check_lines_reports_warnings_per_line_and_json_by_key_path() {
    let input = "w K1,1|k3,3\nw 3,3 K1,1|k8,8\n";
    let r = icn(&["check", "--lines"], input);
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_eq!(
        r.stderr.lines().next().unwrap_or(""),
        "<stdin>:2:3: warning[ep-without-pawn]: en passant square 3,3 has no pawn beside it that could just have moved two squares"
    );
    assert!(
        r.stderr_summary()
            .starts_with("<stdin>: 2 lines read: 1 ok, 1 with warnings, 0 failed ("),
        "{}",
        r.stderr
    );
    let strict = icn(&["check", "--lines", "--strict"], input);
    assert_eq!(strict.code, 1);
    assert!(
        strict
            .stderr
            .contains("<stdin>:2:3: error[ep-without-pawn]:"),
        "{}",
        strict.stderr
    );
    let json = icn(&["convert", "--to", "json"], "w 0/100 0 K1,1|k8,8");
    let r = icn(&["check"], &json.stdout);
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert!(
        r.stderr.contains(
            "warning[fullmove-below-one]: fullMove: the fullmove counter starts at 1, found 0"
        ),
        "{}",
        r.stderr
    );
    assert!(r.stderr.contains("--> <stdin>:5:3"), "{}", r.stderr);
}

#[test]
fn engines_play_past_warnings_and_refuse_what_is_undefined() {
    // The later of two entries stands; an en passant square no pawn can use is never used.
    let played = icn(&["perft", "--depth", "1"], "w 3,6 0,9,0,9 K1,1|k8,8|N1,1");
    assert_eq!(played.code, 0, "{}", played.stderr);
    let knight_alone = icn(&["perft", "--depth", "1"], "w 0,9,0,9 N1,1|k8,8");
    assert_eq!(played.stdout, knight_alone.stdout);
    let outside = icn(&["perft", "--depth", "1"], "w 0,9,0,9 K1,1|k8,8|R20,20");
    assert_eq!(outside.code, 1);
    assert!(
        outside.stderr.contains("(piece-outside-border)"),
        "{}",
        outside.stderr
    );
}

#[test]
fn lines_gives_one_output_line_per_input_line_and_reports_failures() {
    let input = "w K1,1|k3,3\n\nK1,1|XXXXXXXX1,1\r\nb K5,1|k5,8 5,8>5,7\n";
    let r = icn(&["convert", "--lines", "--to", "icn-compact"], input);
    assert_eq!(r.code, 1);
    assert_eq!(r.stdout, "K1,1|k3,3\n\n\nb K5,1|k5,8 5,8>5,7\n");
    assert!(
        r.stderr
            .starts_with("<stdin>:3:6: error[icn]: piece code `XXXXXXXX` is too long"),
        "{}",
        r.stderr
    );
    assert!(
        r.stderr
            .contains("<stdin>: 4 lines read: 2 ok, 0 with warnings, 1 failed, 1 blank ("),
        "{}",
        r.stderr
    );
}

#[test]
fn lines_to_json_is_json_lines_and_reads_back() {
    let input = "w K1,1|k3,3\nb 0/100 (8|1) K5,1|k5,8|p2,2 2,2>2,1=q{[%clk 0:01:02.3]}\n";
    let json = icn(&["convert", "--lines"], input);
    assert_eq!(json.code, 0, "{}", json.stderr);
    assert_eq!(json.stdout.lines().count(), 2);
    for line in json.stdout.lines() {
        assert!(line.starts_with('{') && line.ends_with('}'), "{line}");
    }
    let back = icn(&["convert", "--lines", "--to", "icn"], &json.stdout);
    assert_eq!(back.code, 0, "{}", back.stderr);
    let again = icn(&["convert", "--lines"], &back.stdout);
    assert_eq!(again.stdout, json.stdout);
}

#[test]
fn check_lines_reports_file_line_and_column() {
    let path = temp_file(
        "many.icnl",
        "w K1,1|k3,3\nw K1,1|k3,3 1,1>\n\nw stalemate K1,1\n",
    );
    let r = icn(&["check", "--lines", path.to_str().unwrap()], "");
    assert_eq!(r.code, 1);
    assert_eq!(r.stdout, "");
    let origin = path.display();
    assert!(
        r.stderr.contains(&format!(
            "{origin}:2:17: error[icn]: expected a square `x,y`, found end of input"
        )),
        "{}",
        r.stderr
    );
    assert!(
        r.stderr.contains(&format!(
            "{origin}:4:3: error[icn]: unknown win condition `stalemate`"
        )),
        "{}",
        r.stderr
    );
}

#[test]
fn pretty_with_lines_missing_files_and_bad_options_are_usage_errors() {
    let pretty = icn(&["convert", "--lines", "--to", "icn-pretty"], "");
    assert_eq!(pretty.code, 2);
    assert!(pretty.stderr.contains("--lines"), "{}", pretty.stderr);
    let missing = icn(&["check", "/no/such/file.icn"], "");
    assert_eq!(missing.code, 2);
    assert!(
        missing.stderr.contains("cannot open `/no/such/file.icn`"),
        "{}",
        missing.stderr
    );
    assert_eq!(icn(&["convert", "--to", "yaml"], "").code, 2);
}

#[test]
fn dialects_are_enforced_on_input_and_output() {
    let site_only = "w 0/100 1 (8|1) -10,10,-10,10 K5,1|k5,8";
    let strict = icn(&["check", "--from-dialect", "spec"], site_only);
    assert_eq!(strict.code, 1);
    assert!(
        strict
            .stderr
            .contains("the spec dialect has no world border"),
        "{}",
        strict.stderr
    );
    let out = icn(&["convert", "--to", "icn", "--dialect", "spec"], site_only);
    assert_eq!(out.code, 1);
    assert!(
        out.stderr
            .contains("cannot write this document as icn in the spec dialect"),
        "{}",
        out.stderr
    );
    let site = icn(&["convert", "--to", "icn", "--dialect", "site"], site_only);
    assert_eq!(
        (site.code, site.stdout.as_str()),
        (0, "w 0/100 1 (8|1) -10,10,-10,10 K5,1|k5,8\n")
    );
}

#[test]
fn json_errors_point_at_line_and_column() {
    let r = icn(&["check"], "{\n  \"turn\": \"purple\"\n}\n");
    assert_eq!(r.code, 1);
    assert!(r.stderr.contains("--> <stdin>:2:"), "{}", r.stderr);
    assert!(r.stderr.contains("invalid JSON long form"), "{}", r.stderr);
}

#[test]
fn json_with_crlf_after_wide_characters_is_reported_not_a_panic() {
    let text = "{\"turn\":\"é\r\n\"}";
    for args in [&["check"][..], &["convert"], &["check", "--lines"]] {
        let r = icn(args, text);
        assert_eq!(r.code, 1, "{args:?}: {}", r.stderr);
        assert!(r.stderr.contains("<stdin>:1:"), "{args:?}: {}", r.stderr);
        assert!(!r.stderr.contains("panicked"), "{args:?}: {}", r.stderr);
    }
    let r = icn(&["check"], text);
    assert!(r.stderr.contains("1 | {\"turn\":\"é\n"), "{}", r.stderr);
}

#[test]
fn text_that_is_not_utf8_is_invalid_input() {
    let path = temp_file("latin1.icn", "");
    std::fs::write(&path, b"w K1,1|k3,3 {caf\xe9}").expect("write");
    let r = icn(&["check", path.to_str().unwrap()], "");
    assert_eq!(r.code, 1);
    assert!(
        r.stderr.contains(":1:17: input is not valid UTF-8"),
        "{}",
        r.stderr
    );
}

#[test]
fn lines_refuses_output_that_would_span_several_lines() {
    // Move comments collapse runs of blanks; a comment before the moves keeps a line break.
    let one_line = r#"{"startingPosition": {"1,1": "kingsW", "3,3": "kingsB"}, "leadingComments": ["two\nlines"], "moves": ["1,1>1,2"]}"#;
    let r = icn(
        &["convert", "--lines", "--to", "icn"],
        &format!("{one_line}\n"),
    );
    assert_eq!(r.code, 1);
    assert_eq!(r.stdout, "\n");
    assert!(
        r.stderr
            .contains("<stdin>:1:1: error[write]: as icn this document spans several lines"),
        "{}",
        r.stderr
    );
}

#[test]
fn replay_points_at_the_first_illegal_move_in_the_text() {
    let game = "w 0/100 (8|1) K5,1+|k5,8+|N2,1|R1,1\n5,1>5,2|5,8>5,7\n2,1>2,5";
    let run = icn(&["replay", "-"], game);
    assert_eq!(run.code, 1, "{}", run.stderr);
    assert!(
        run.stderr
            .contains("error: move 2, 2,1>2,5: a knight on 2,1 cannot reach 2,5"),
        "{}",
        run.stderr
    );
    assert!(run.stderr.contains("--> <stdin>:3:1"), "{}", run.stderr);
    assert!(
        run.stderr.contains("3 | 2,1>2,5\n  | ^^^^^^^"),
        "{}",
        run.stderr
    );
}

const SANLIKE_GAME: &str = include_str!("../../../fixtures/icn/ok/sanlike-mixed-clocks.icn");

#[test]
fn convert_writes_sanlike_moves_and_reads_them_back() {
    let out = icn(
        &["convert", "--to", "icn", "--moves", "san-like", "-"],
        SPEC_GAME,
    );
    assert_eq!(out.code, 0, "{}", out.stderr);
    // The spec's game in SAN-like form: the en passant capture, and mate.
    contains(&out.stdout, "|4x3,6{White captures en passant}|");
    contains(&out.stdout, "|Q4,4#{Bad game");
    assert!(!out.stdout.contains('>'), "{}", out.stdout);
    // Back to coordinates: the same moves as the original.
    let back = icn(&["convert", "--to", "json", "-"], &out.stdout);
    let original = icn(&["convert", "--to", "json", "-"], SPEC_GAME);
    let moves = |json: &str| -> serde_json::Value {
        serde_json::from_str::<serde_json::Value>(json).unwrap()["moves"].clone()
    };
    assert_eq!(moves(&back.stdout), moves(&original.stdout));
    // Line by line too, and a game that reads SAN-like converts back.
    let lines = icn(
        &[
            "convert",
            "--lines",
            "--to",
            "icn-compact",
            "--moves",
            "san-like",
            "-",
        ],
        &format!("{}\n", SANLIKE_GAME.trim()),
    );
    assert_eq!(lines.code, 0, "{}", lines.stderr);
    contains(&lines.stdout, "|Qx6,7#");
}

#[test]
fn sanlike_moves_need_icn_output_and_playable_moves() {
    let json = icn(&["convert", "--moves", "san-like", "-"], SPEC_GAME);
    assert_eq!(json.code, 2, "{}", json.stderr);
    contains(&json.stderr, "--to icn");
    let illegal = icn(
        &["convert", "--to", "icn", "--moves", "san-like", "-"],
        "w K5,1|k5,8|R1,1 1,1>2,2",
    );
    assert_eq!(illegal.code, 1, "{}", illegal.stderr);
    assert!(
        illegal
            .stderr
            .contains("move 1, 1,1>2,2: a rook on 1,1 cannot reach 2,2"),
        "{}",
        illegal.stderr
    );
}

#[test]
fn commands_read_sanlike_moves_and_point_at_the_bad_one() {
    let replay = icn(&["replay", "-"], SANLIKE_GAME);
    assert_eq!(replay.code, 0, "{}", replay.stderr);
    contains(&replay.stdout, "termination: checkmate");
    let pgn = icn(&["icn2pgn", "-"], SANLIKE_GAME);
    assert_eq!(pgn.code, 0, "{}", pgn.stderr);
    contains(&pgn.stdout, "Qxf7#");
    let bad = icn(&["check", "-"], "w K0,0|k9,9|R5,5|R5,-5\n1. R5,0");
    assert_eq!(bad.code, 1);
    contains(
        &bad.stderr,
        "ambiguous move: `R5,0` matches 5,5>5,0, 5,-5>5,0",
    );
    contains(&bad.stderr, "<stdin>:2:4");
}

/// Asserts that `text` holds `part`, showing `text` when it does not.
fn contains(text: &str, part: &str) {
    assert!(text.contains(part), "`{part}` not in:\n{text}");
}

#[test]
fn json_input_may_hold_sanlike_moves() {
    let json = r#"{"turn": "white", "fullMove": 1,
        "gameRules": {"winConditions": {"white": ["checkmate"], "black": ["checkmate"]}},
        "startingPosition": {"5,1": "kingsW", "5,8": "kingsB", "1,1": "rooksW"},
        "moves": ["R1,7", "K4,8", "R1,8+"]}"#;
    let out = icn(&["convert", "--to", "icn-compact", "-"], json);
    assert_eq!(out.code, 0, "{}", out.stderr);
    assert_eq!(out.stdout.trim(), "K5,1|k5,8|R1,1 1,1>1,7|5,8>4,8|1,7>1,8");
}

#[test]
fn json_long_form_takes_defaults_and_every_command_reads_it() {
    // No turn, fullMove, gameRules or win conditions: white to move, 1, checkmate for all.
    let json = r#"{"startingPosition": {"5,1": "kingsW", "5,8": "kingsB", "1,2": "pawnsW"}, "specialRights": {"1,2": true}, "moves": ["1,2>1,4"]}"#;
    let icn_text = icn(&["convert", "--to", "icn"], json);
    assert_eq!(icn_text.code, 0, "{}", icn_text.stderr);
    assert_eq!(icn_text.stdout, "w 1 K5,1|k5,8|P1,2+ 1,2>1,4\n");
    let fen = icn(&["icn2fen"], json);
    assert_eq!(fen.code, 0, "{}", fen.stderr);
    assert_eq!(fen.stdout, "4k3/8/8/8/8/8/P7/4K3 w - - 0 1\n");
    // Without the 8×8 border the game is unbounded chess, which PGN cannot hold.
    let pgn = icn(&["icn2pgn"], json);
    assert_eq!(pgn.code, 1, "{}", pgn.stderr);
    assert!(pgn.stderr.contains("unbounded board"), "{}", pgn.stderr);
    let bounded = icn(
        &["convert", "--to", "pgn"],
        "w 1 (8|1) 1,8,1,8 K5,1|k5,8|P1,2+ 1,2>1,4",
    );
    assert_eq!(bounded.code, 0, "{}", bounded.stderr);
    assert!(bounded.stdout.contains("1. a4 *"), "{}", bounded.stdout);
    // A JSON error is still an error, not an empty position.
    let bad = icn(&["icn2fen"], r#"{"startingPosition": {"5,1": "queenz"}}"#);
    assert_eq!(bad.code, 1, "{}", bad.stdout);
    assert!(
        bad.stderr.contains("invalid JSON long form"),
        "{}",
        bad.stderr
    );
}

#[test]
fn a_copied_game_with_no_position_replays_from_its_variant() {
    // The site's "Copy game" of a big variant: metadata and moves with piece letters, no pieces.
    let text = "[Variant \"Classical\"] [UTCDate \"2026.01.02\"] [UTCTime \"10:11:12\"] w P5,2>5,4|p5,7>5,5|Q4,1>8,5|n2,8>3,6|B6,1>3,4|n7,8>6,6|Q8,5x6,7#";
    let r = icn(&["replay"], text);
    assert_eq!(r.code, 0, "{}", r.stderr);
    let final_position = r.stdout.lines().next().unwrap();
    assert_eq!(final_position.split('|').count(), 31, "{final_position}");
    assert!(final_position.contains("|Q6,7|"), "{final_position}");
    // The ICN's own rules hold, as on the site: no world border, so the
    // king may step off the 8×8 board and this is not mate.
    assert!(r.stdout.contains("result: *"), "{}", r.stdout);
}

#[test]
fn json_value_errors_point_at_their_key() {
    let text =
        "{\n  \"startingPosition\": {\n    \"1,1\": \"kingsW\",\n    \"1,2\": \"pawnW\"\n  }\n}\n";
    let r = icn(&["check"], text);
    assert_eq!(r.code, 1);
    assert!(
        r.stderr
            .contains("startingPosition.\"1,2\": unknown piece \"pawnW\""),
        "{}",
        r.stderr
    );
    assert!(r.stderr.contains("--> <stdin>:4:5"), "{}", r.stderr);
    let lines = icn(&["check", "--lines"], &text.replace('\n', " "));
    assert!(lines.stderr.starts_with("<stdin>:1:"), "{}", lines.stderr);
}

#[test]
fn a_line_that_is_not_utf8_fails_alone_in_every_lines_command() {
    let fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    let icn_position = icn(&["fen2icn"], fen).stdout.trim().to_string();
    let cases: [(&[&str], String); 3] = [
        (&["fen2icn", "--lines"], fen.to_string()),
        (&["icn2fen", "--lines"], icn_position.clone()),
        (&["san", "--lines"], format!("{fen}\t5,2>5,4")),
    ];
    for (args, good) in cases {
        let mut input = format!("{good}\n").into_bytes();
        input.extend_from_slice(b"ab\xffc\n");
        input.extend_from_slice(format!("{good}\n").as_bytes());
        let r = icn_bytes(args, &input);
        assert_eq!(r.code, 1, "{args:?}: {}", r.stderr);
        let out: Vec<&str> = r.stdout.lines().collect();
        assert_eq!(out.len(), 3, "{args:?}: {}", r.stdout);
        assert!(
            !out[0].is_empty() && out[1].is_empty() && out[2] == out[0],
            "{args:?}: {}",
            r.stdout
        );
        assert!(
            r.stderr
                .contains("<stdin>:2:3: error[utf8]: input is not valid UTF-8"),
            "{args:?}: {}",
            r.stderr
        );
    }
}

#[test]
fn pgn_with_only_escape_lines_has_no_game() {
    let r = icn(&["pgn2icn"], "% exported by a tool\n%another escape\n\n");
    assert_eq!(r.code, 1, "{}", r.stderr);
    assert!(r.stdout.is_empty(), "{}", r.stdout);
    assert!(r.stderr.contains("<stdin>: no game found"), "{}", r.stderr);
}

#[test]
fn every_reader_skips_a_byte_order_mark() {
    let bom = "\u{feff}";
    let r = icn(&["check"], &format!("{bom}w K1,1|k3,3"));
    assert_eq!(r.code, 0, "{}", r.stderr);
    let json = icn(&["convert"], "w K1,1|k3,3").stdout;
    let r = icn(&["check"], &format!("{bom}{json}"));
    assert!(
        r.stdout.contains("valid JSON long form"),
        "{} {}",
        r.stdout,
        r.stderr
    );
    let r = icn(
        &["check", "--lines"],
        &format!(
            "{bom}w K1,1|k3,3\n{json_line}\n",
            json_line = json.replace('\n', "")
        ),
    );
    assert_eq!(r.code, 0, "{}", r.stderr);
    let fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    for args in [&["fen2icn"][..], &["fen2icn", "--lines"]] {
        let r = icn(args, &format!("{bom}{fen}\n"));
        assert_eq!(r.code, 0, "{args:?}: {}", r.stderr);
    }
    let r = icn(&["san", "--lines"], &format!("{bom}{fen}\t7,1>6,3\n"));
    assert_eq!((r.code, r.stdout.trim()), (0, "Nf3"), "{}", r.stderr);
    let r = icn(&["pgn2icn"], &format!("{bom}[Event \"x\"]\n\n1. e4 e5 *\n"));
    assert_eq!(r.code, 0, "{}", r.stderr);
}

#[test]
fn many_problems_of_one_kind_are_counted_not_all_shown() {
    let pieces: Vec<String> = (0..500).map(|i| format!("Q{},{}", 100 + i, i)).collect();
    let text = format!("w 0,9,0,9 K1,1|k8,8|{}", pieces.join("|"));
    let r = icn(&["check"], &text);
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_eq!(
        r.stderr
            .matches("warning[piece-outside-border]: `Q`")
            .count(),
        50
    );
    assert!(
        r.stderr
            .contains("warning[piece-outside-border]: 450 more problems of this kind not shown"),
        "{}",
        r.stderr
    );
    assert!(r.stdout.contains("(500 warnings)"), "{}", r.stdout);
    let perft = icn(&["perft", "--depth", "1"], &text);
    assert_eq!(perft.code, 1);
    assert!(
        perft
            .stderr
            .contains("(and 499 more like it) (piece-outside-border)"),
        "{}",
        perft.stderr
    );
}

#[test]
fn a_property_named_like_a_built_in_rule_is_refused() {
    // The JSON long form could not tell such a property from the rule.
    let reserved = icn(&["check"], r#"w {"winConditions": 1} K1,1|k3,5"#);
    assert_eq!(reserved.code, 1);
    assert!(
        reserved
            .stderr
            .contains("property `winConditions` is reserved"),
        "{}",
        reserved.stderr
    );
}

#[test]
fn replay_writes_a_final_position_no_single_dialect_can_say() {
    // A world border (site only) with `threecheck` (spec only): the final
    // position is written in both dialects' union, which reads back.
    let text = "w 0/100 1 (8|1) 1,8,1,8 checkmate,threecheck P5,2+|p6,7+|Q4,1|K5,1+|k5,8+ 5,2>5,4|6,7>6,6|4,1>8,5";
    let r = icn(&["replay", "-"], text);
    assert_eq!(r.code, 0, "{}", r.stderr);
    let position = r.stdout.lines().next().unwrap();
    assert!(
        position.contains("1,8,1,8 checkmate,threecheck"),
        "{position}"
    );
    assert!(position.contains("Q8,5"), "{position}");
    let again = icn(&["check", "-"], position);
    assert_eq!(again.code, 0, "{}", again.stderr);
}

#[test]
fn perft_stops_at_ended_games_unless_told_to_count_on() {
    // King of the hill, White's king one step from the hill: Fairy-Stockfish
    // counts 1192 leaves at depth 4, the site's raw perft 1708
    // (fixtures/perft/ok/koth-2.perft).
    let text = "w 0/100 1 (8|1) 1,8,1,8 checkmate,koth K4,2|k3,4";
    let stop = icn(&["perft", "--depth", "4"], text);
    assert_eq!(
        (stop.code, stop.stdout.trim()),
        (0, "1192"),
        "{}",
        stop.stderr
    );
    let raw = icn(&["perft", "--depth", "4", "--no-game-end"], text);
    assert_eq!((raw.code, raw.stdout.trim()), (0, "1708"), "{}", raw.stderr);
    // Divided, the root moves add up to the same counts.
    let divided = icn(&["perft", "--depth", "2", "--divide"], text);
    let last: u64 = divided.stdout.lines().last().unwrap().parse().unwrap();
    let sum: u64 = divided
        .stdout
        .lines()
        .rev()
        .skip(1)
        .map(|l| l.rsplit(' ').next().unwrap().parse::<u64>().unwrap())
        .sum();
    assert_eq!(sum, last);
    // On the hill already: the game is over, nothing to count.
    let over = icn(
        &["perft", "--depth", "3"],
        "b 0/100 1 (8|1) 1,8,1,8 checkmate,koth K4,4|k1,8",
    );
    assert_eq!(over.stdout.trim(), "0", "{}", over.stderr);
}

#[test]
fn perft_and_moves_take_fairy_stockfish_variants_by_name_and_fen() {
    // A built-in name the site's catalogue does not have.
    let run = icn(
        &[
            "perft",
            "--depth",
            "4",
            "--variant",
            "kingofthehill",
            "--fen",
            "8/8/8/8/2k5/8/3K4/8 w - - 0 1",
        ],
        "",
    );
    assert_eq!((run.code, run.stdout.trim()), (0, "1192"), "{}", run.stderr);
    let run = icn(&["perft", "--depth", "2", "--variant", "3check"], "");
    assert_eq!((run.code, run.stdout.trim()), (0, "400"), "{}", run.stderr);
    let moves = icn(
        &[
            "moves",
            "--variant",
            "kingofthehill",
            "--fen",
            "8/8/8/8/2k5/8/3K4/8 w - - 0 1",
        ],
        "",
    );
    assert_eq!(moves.code, 0, "{}", moves.stderr);
    assert_eq!(moves.stdout.lines().count(), 6, "{}", moves.stdout);
    // A FEN of a variants.ini section (pyffish counts 7 too).
    let ini = temp_file(
        "mini.ini",
        "[mini:chess]\nmaxFile = 4\nmaxRank = 4\nstartFen = 3k/4/4/K3 w - - 0 1\ncastling = false\npromotionRegionWhite = *4\npromotionRegionBlack = *1\n",
    );
    let run = icn(
        &[
            "perft",
            "--depth",
            "1",
            "--variants",
            ini.to_str().unwrap(),
            "--fen",
            "3k/4/1K2/4 w - - 0 1",
        ],
        "",
    );
    assert_eq!((run.code, run.stdout.trim()), (0, "7"), "{}", run.stderr);
    // Errors say where in the FEN, and what --fen applies to.
    let bad = icn(
        &[
            "perft",
            "--depth",
            "1",
            "--variant",
            "chess",
            "--fen",
            "rnbqkbnr/ppppxppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        ],
        "",
    );
    assert_eq!(bad.code, 1);
    assert!(
        bad.stderr.contains("--fen, column 14: `x`"),
        "{}",
        bad.stderr
    );
    let site = icn(
        &[
            "perft",
            "--depth",
            "1",
            "--variant",
            "Classical",
            "--fen",
            "8/8/8/8/8/8/8/8 w - - 0 1",
        ],
        "",
    );
    assert!(
        site.stderr.contains("a variant of the site's catalogue"),
        "{}",
        site.stderr
    );
    let lone = icn(
        &[
            "perft",
            "--depth",
            "1",
            "--fen",
            "8/8/8/8/8/8/8/8 w - - 0 1",
        ],
        "",
    );
    assert!(
        lone.stderr.contains("--fen needs the variant"),
        "{}",
        lone.stderr
    );
}

#[test]
fn perft_takes_a_variant_from_a_definition_file_in_any_format() {
    let fide = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../fixtures/sjaak/ok/fide.sjaak"
    );
    let run = icn(&["perft", "--depth", "3", "--variants", fide], "");
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert_eq!(run.stdout.trim(), "8902");
    // The JSON rule form that `variant convert` writes (format detected).
    let json = icn(&["variant", "convert", "--to", "json", fide], "");
    assert_eq!(json.code, 0, "{}", json.stderr);
    let path = temp_file("fide.json", &json.stdout);
    let run = icn(
        &[
            "perft",
            "--depth",
            "3",
            "--variants",
            path.to_str().unwrap(),
        ],
        "",
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert_eq!(run.stdout.trim(), "8902");
    let bad = temp_file(
        "bad.json",
        r#"{"rules": {"turnOrder": ["white", "purple"]}}"#,
    );
    let run = icn(
        &["perft", "--depth", "1", "--variants", bad.to_str().unwrap()],
        "",
    );
    assert_eq!(run.code, 1);
    assert!(run.stderr.contains("`turnOrder[1]`"), "{}", run.stderr);
}

#[test]
fn variant_convert_warns_about_sjaak_quirks_and_strict_refuses_them() {
    let text = "Variant: Q\nBoard: 8x8\nFEN: \"4k3/8/8/8/8/8/8/4K3 w - -\"\nPiece: King\nMove: leap (1,1)|(1,)\nSymbol: \"K\", \"K,k\"\nFlags: royal\n";
    let run = icn(&["variant", "convert", "--to", "json", "-"], text);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(
        run.stderr.starts_with("warning: <stdin>:5:") || run.stderr.starts_with("warning: -:5:"),
        "{}",
        run.stderr
    );
    assert!(run.stdout.contains("\"rules\""));
    let strict = icn(
        &["variant", "convert", "--strict", "--to", "json", "-"],
        text,
    );
    assert_eq!(strict.code, 1);
    assert!(
        strict.stderr.contains("refused under --strict"),
        "{}",
        strict.stderr
    );
    assert!(strict.stdout.is_empty());
}

#[test]
fn query_counts_marks_and_lists_positions_over_pgn_and_icn() {
    let pgn = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../fixtures/query/pgn/hand-picked.pgn"
    );
    // Fool's mate is the one checkmate; Loyd's stalemate the one stalemate.
    let run = icn(&["query", "mate", "--count", pgn], "");
    assert_eq!(
        (run.code, run.stdout.as_str()),
        (0, "games 1\npositions 1\n"),
        "{}",
        run.stderr
    );
    assert!(
        run.stderr.contains("games read 3, games matched 1"),
        "{}",
        run.stderr
    );
    let run = icn(&["query", "stalemate", "--positions", pgn], "");
    assert_eq!(
        run.stdout, "5bnr/4p1pq/4Qpkr/7p/7P/4P3/PPPP1PP1/RNB1KBNR b KQ - 2 10\n",
        "{}",
        run.stderr
    );
    // ICN in, ICN out: the move that gives check is marked.
    let game = "w 1,8,1,8 K5,1|k5,8|R1,1 1,1>1,7|5,8>4,8|1,7>1,8\n";
    let run = icn(&["query", "check"], game);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(
        run.stdout.trim_end().ends_with("1,7>1,8{query}"),
        "{}",
        run.stdout
    );
    let run = icn(&["query", "check", "--final", "--count"], game);
    assert_eq!(run.stdout, "games 1\npositions 1\n");
    // A bad query is shown with a caret, exit 1.
    let run = icn(&["query", "a attackedby"], game);
    assert_eq!(run.code, 1);
    assert!(
        run.stderr.contains("^") && run.stderr.contains("expected"),
        "{}",
        run.stderr
    );
    // An infinite set counted fails the game, with the game's number.
    let run = icn(&["query", "#(. attackedby R)"], "w K0,0|k9,9|R5,5\n");
    assert_eq!(run.code, 1);
    assert!(
        run.stderr.contains("game 1 (line 1), at ply 0"),
        "{}",
        run.stderr
    );
}

#[test]
fn variant_convert_to_fbr_writes_what_fbr_says_and_lists_the_rest() {
    let fide = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../fixtures/sjaak/ok/fide.sjaak"
    );
    let run = icn(&["variant", "convert", "--to", "fbr", fide], "");
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(run.stdout.contains("promotion{P}[8]"), "{}", run.stdout);
    assert!(
        run.stderr
            .contains("warning: not expressible in FBR, left out: the world border"),
        "{}",
        run.stderr
    );
    let strict = icn(&["variant", "convert", "--strict", "--to", "fbr", fide], "");
    assert_eq!(strict.code, 1);
    assert!(strict.stdout.is_empty());
    // An empty file is an error in every format.
    for from in ["fbr", "sjaak", "icn", "json", "fsf"] {
        let empty = icn(
            &["variant", "convert", "--from", from, "--to", "json", "-"],
            "\n",
        );
        assert_eq!(empty.code, 1, "{from}: {}", empty.stdout);
        assert!(
            empty.stderr.contains("the input is empty"),
            "{from}: {}",
            empty.stderr
        );
    }
}

#[test]
fn moves_describes_endless_rays_instead_of_refusing() {
    let run = icn(&["moves", "-"], "w K5,1|k5,8|R1,1");
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(
        run.stdout
            .contains("1,1>1,2.. step (0,1), k from 1 without end"),
        "{}",
        run.stdout
    );
    assert!(
        run.stdout
            .contains("1,1>2,1.. step (1,0), k from 1 to 3 (3 moves)")
    );
    assert!(
        run.stderr.contains("infinitely many legal moves"),
        "{}",
        run.stderr
    );
    let bounded = icn(&["moves", "--json", "-"], "w 1,8,1,8 K5,1|k5,8|R1,1");
    assert_eq!(bounded.code, 0, "{}", bounded.stderr);
    assert!(
        bounded.stderr.contains("15 legal moves"),
        "{}",
        bounded.stderr
    );
    let rays: Vec<serde_json::Value> = bounded
        .stdout
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .filter(|v: &serde_json::Value| v.get("step").is_some())
        .collect();
    assert!(rays.iter().all(|r| r["last"].is_i64()), "{rays:?}");
}

#[test]
fn variant_convert_without_a_name_converts_every_variant() {
    let sjaak = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../fixtures/sjaak/reference/sjaak-variants.txt"
    );
    // Every shipped variant reaches the rule objects; one more that does
    // not (a leap of three legs) is reported, and the rest go on.
    let shipped = std::fs::read_to_string(sjaak).unwrap();
    let three_legs = "\nVariant: Three legs\nBoard: 8x8\nFEN: \"4k3/8/8/8/8/8/8/3XK3 w - -\"\nPiece: Strider\nMove: leap ((1,0)+(1,0))+(1,0)\nSymbol: \"X\", \"X,x\"\nPiece: King\nMove: leap (0,1)|(1,1)\nSymbol: \"K\", \"K,k\"\nFlags: royal\n";
    let file = temp_file("sjaak-and-one.txt", &format!("{shipped}{three_legs}"));
    let run = icn(
        &["variant", "convert", "--to", "json", file.to_str().unwrap()],
        "",
    );
    assert_eq!(run.code, 1, "{}", run.stderr);
    assert!(
        run.stderr
            .contains("43 of 44 variants converted to JSON, 1 failed"),
        "{}",
        run.stderr
    );
    assert!(run.stderr.contains("error: Three legs: "), "{}", run.stderr);
    let json: serde_json::Value = serde_json::from_str(&run.stdout).unwrap();
    assert_eq!(json.as_array().unwrap().len(), 43);
    // The array reads back whole, to FBR documents that read back too.
    let fbr = icn(&["variant", "convert", "--to", "fbr", "-"], &run.stdout);
    assert_eq!(fbr.code, 0, "{}", fbr.stderr);
    assert_eq!(fbr.stdout.matches("// variant: ").count(), 43);
    assert!(
        fbr.stdout
            .contains("// not expressible in FBR, left out: the world border")
    );
    assert!(
        fbr.stderr
            .contains("43 of 43 variants converted to FBR, 0 failed"),
        "{}",
        fbr.stderr
    );
    let names = icn(&["variant", "convert", "--to", "icn", "-"], &run.stdout);
    assert!(
        names.stdout.lines().all(|l| l.starts_with("[Variant ")),
        "{}",
        names.stdout
    );
    let back = icn(
        &["variant", "convert", "--from", "fbr", "--to", "json", "-"],
        &fbr.stdout,
    );
    assert_eq!(back.code, 0, "{}", back.stderr);
    let strict = icn(
        &["variant", "convert", "--strict", "--to", "fbr", "-"],
        &run.stdout,
    );
    assert_eq!(strict.code, 1);
    assert!(strict.stdout.is_empty());
}

#[test]
fn variant_list_names_the_variants_of_a_definition_file() {
    let sjaak = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../fixtures/sjaak/reference/sjaak-variants.txt"
    );
    let run = icn(&["variant", "list", "--variants", sjaak], "");
    assert_eq!(run.code, 0, "{}", run.stderr);
    let lines: Vec<&str> = run.stdout.lines().collect();
    assert_eq!(lines.len(), 43);
    assert_eq!(lines[0], "FIDE Chess (8x8)");
    assert_eq!(lines[1], "Wolves and Sheep (8x8)");
    // Every variant of the shipped file reaches the rule objects.
    assert!(
        lines.iter().all(|l| !l.contains("not expressible")),
        "{lines:?}"
    );
    let empty = temp_file("empty.txt", "\n");
    let run = icn(
        &["variant", "list", "--variants", empty.to_str().unwrap()],
        "",
    );
    assert_eq!(run.code, 1);
    assert!(run.stderr.contains("the input is empty"), "{}", run.stderr);
}
