//! `icn query` over every input format it reads — ICN on one line, pretty ICN
//! in both dialects, the spec's multi-line layout, JSON Lines, pretty JSON
//! and JSON arrays — in each output mode: the games (printed as they were
//! written), `--count`, `--positions`, `--final`.

use super::*;

const SITE_GAME: &str = include_str!("../../../../fixtures/icn/ok/sanlike-mixed-clocks.icn");

/// `icn convert` of `text` with `args`, which must succeed.
fn convert(args: &[&str], text: &str) -> String {
    let mut all = vec!["convert"];
    all.extend_from_slice(args);
    all.push("-");
    let r = icn(&all, text);
    assert_eq!(r.code, 0, "{args:?}: {}", r.stderr);
    r.stdout.trim_end().to_string()
}

/// Pretty JSON on one line (strings never span lines).
fn one_line(json: &str) -> String {
    json.lines().map(str::trim).collect()
}

/// The two games (the spec's example; a site game with clocks, SAN-like
/// moves, en passant and a mate) in every layout, by name.
fn collections() -> Vec<(&'static str, String)> {
    let (spec, site) = (SPEC_GAME.trim(), SITE_GAME.trim());
    let lines = [spec, site].map(|g| convert(&["--to", "icn"], g));
    let pretty_spec = convert(&["--to", "icn-pretty", "--to-dialect", "spec"], spec);
    let pretty_site = convert(&["--to", "icn-pretty", "--to-dialect", "site"], site);
    let json = [spec, site].map(|g| convert(&["--to", "json"], g));
    vec![
        ("icn lines", format!("{}\n{}\n", lines[0], lines[1])),
        ("spec layout", format!("{spec}\n\n{site}\n")),
        ("pretty icn", format!("{pretty_spec}\n\n{pretty_site}\n")),
        (
            "json lines",
            format!("{}\n{}\n", one_line(&json[0]), one_line(&json[1])),
        ),
        ("pretty json", format!("{}\n\n{}\n", json[0], json[1])),
        (
            "json array",
            format!("[\n{},\n{}\n]\n", one_line(&json[0]), json[1]),
        ),
    ]
}

fn query(args: &[&str], input: &str) -> Run {
    let mut all = vec!["query"];
    all.extend_from_slice(args);
    let r = icn(&all, input);
    assert_eq!(r.code, 0, "{args:?}: {}", r.stderr);
    r
}

#[test]
fn every_input_format_gives_the_same_counts_and_positions() {
    // The spec game gives check four times: 5… b2,-2+, 9. Q7,13+,
    // 10. Qx7,7+ and 11… q4,4#, the mate, which is also its last position.
    let spec = query(&["check", "--count"], SPEC_GAME);
    assert_eq!(spec.stdout, "games 1\npositions 4\n");
    let spec = query(&["mate", "--final", "--count"], SPEC_GAME);
    assert_eq!(spec.stdout, "games 1\npositions 1\n");
    let all = collections();
    let base = &all[0].1;
    let counts = query(&["check", "--count"], base).stdout;
    let positions = query(&["check", "--positions"], base).stdout;
    let last = query(&["check", "--final", "--positions"], base).stdout;
    let matched: usize = counts.lines().nth(1).unwrap()["positions ".len()..]
        .parse()
        .unwrap();
    assert!(matched > 4, "{counts}");
    assert_eq!(positions.lines().count(), matched);
    for (name, text) in &all {
        assert_eq!(query(&["check", "--count"], text).stdout, counts, "{name}");
        assert_eq!(
            query(&["check", "--positions"], text).stdout,
            positions,
            "{name}"
        );
        assert_eq!(
            query(&["check", "--final", "--positions"], text).stdout,
            last,
            "{name}"
        );
        let r = query(&["check", "--count"], text);
        assert!(r.stderr.contains("games read 2,"), "{name}: {}", r.stderr);
    }
}

#[test]
fn matching_games_are_printed_as_they_were_written() {
    for (name, text) in collections() {
        let out = query(&["check"], &text).stdout;
        // Whatever the format, the output is a collection that reads back:
        // the same games, each match marked by a `query` comment.
        assert_eq!(
            query(&["check", "--count"], &out).stdout,
            query(&["check", "--count"], &text).stdout,
            "{name}:\n{out}"
        );
        let marks = out.matches("query").count();
        let (json, pretty, array) = (
            name.contains("json"),
            name.contains("pretty") || name == "spec layout",
            name == "json array",
        );
        assert!(marks > 4, "{name}: {marks}");
        if json {
            assert!(
                out.trim_start().starts_with(if array { '[' } else { '{' }),
                "{name}:\n{out}"
            );
            assert!(!out.contains("w 0/100"), "{name}: ICN in the output\n{out}");
        } else {
            assert!(out.starts_with("[Event "), "{name}:\n{out}");
        }
        if array {
            assert!(
                out.ends_with("}\n]\n") && out.contains("},\n{"),
                "{name}:\n{out}"
            );
        }
        // One line a game, or documents set apart by blank lines.
        let lines = out.lines().count();
        if pretty {
            assert!(out.contains("\n\n") && lines > 4, "{name}:\n{out}");
        } else {
            assert_eq!(lines, if array { 4 } else { 2 }, "{name}:\n{out}");
        }
    }
    // No match in a JSON array: an empty array.
    let array = &collections()[5].1;
    assert_eq!(query(&["stalemate"], array).stdout, "[]\n");
    assert_eq!(
        query(&["stalemate", "--count"], array).stdout,
        "games 0\npositions 0\n"
    );
}

#[test]
fn pgn_in_each_output_mode() {
    let pgn = include_str!("../../../../fixtures/query/pgn/hand-picked.pgn");
    // Fool's mate ends in the one checkmate of the three games.
    assert_eq!(
        query(&["mate", "--final", "--count"], pgn).stdout,
        "games 1\npositions 1\n"
    );
    assert_eq!(
        query(&["mate", "--count"], pgn).stdout,
        "games 1\npositions 1\n"
    );
    let fen = query(&["mate", "--final", "--positions"], pgn).stdout;
    assert_eq!(fen, query(&["mate", "--positions"], pgn).stdout);
    assert_eq!(fen.lines().count(), 1);
    // The game comes back as PGN, the mating move marked.
    let out = query(&["mate"], pgn).stdout;
    assert!(
        out.starts_with("[Event ") && out.contains("{query}"),
        "{out}"
    );
    assert_eq!(
        query(&["mate", "--count"], &out).stdout,
        "games 1\npositions 1\n"
    );
}
