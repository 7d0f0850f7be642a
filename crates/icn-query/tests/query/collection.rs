//! Collections as `icn query` reads them: ICN documents on one line and over
//! several (pretty form in both dialects, the spec's own layout with blank
//! lines between metadata, position and moves), JSON Lines, pretty JSON and
//! JSON arrays. Each game must come out as the model its own reader gives.

use icn_model::{Dialect, Game, IcnForm, IcnStyle, json};
use icn_query::collection::{Item, Notation, Written, detect, icn_games, json_array_games};

/// A site game on one line (clocks in comments, a world border).
const SITE_GAME: &str = include_str!("../../../../fixtures/icn/ok/site-game-clocks.site.icn");
/// The spec's long example: metadata, a blank line, the position, a blank
/// line, numbered moves over eleven lines.
const SPEC_GAME: &str = include_str!("../../../../fixtures/icn/ok/spec-game-long.spec.icn");

fn site_game() -> Game {
    Game::parse(SITE_GAME, Dialect::Site).unwrap()
}

fn spec_game() -> Game {
    Game::parse(SPEC_GAME, Dialect::Spec).unwrap()
}

fn icn(game: &Game, form: IcnForm, dialect: Dialect) -> String {
    game.to_icn(IcnStyle { form, dialect }).unwrap()
}

fn read(text: &str, dialect: Dialect) -> Vec<Item> {
    icn_games(text.as_bytes(), dialect).collect()
}

/// The games, or the first item's error.
fn games(items: &[Item]) -> Vec<Game> {
    items
        .iter()
        .map(|i| {
            i.game
                .clone()
                .unwrap_or_else(|e| panic!("item {}: {e}", i.number))
        })
        .collect()
}

#[test]
fn multi_line_documents_in_both_dialects_are_one_game_each() {
    let pretty_site = icn(&site_game(), IcnForm::Pretty, Dialect::Site);
    let pretty_spec = icn(&spec_game(), IcnForm::Pretty, Dialect::Spec);
    // The pretty form sets a blank line between the position and the moves.
    assert!(pretty_site.contains("\n\n1. ") && pretty_spec.contains("\n\n1. "));
    let text = [
        SITE_GAME.trim(),
        &pretty_site,
        SPEC_GAME.trim(),
        &pretty_spec,
    ]
    .join("\n\n");
    let items = read(&text, Dialect::Auto);
    assert_eq!(
        games(&items),
        [site_game(), site_game(), spec_game(), spec_game()]
    );
    let written: Vec<Written> = items.iter().map(|i| i.written).collect();
    assert_eq!(
        written,
        [false, true, true, true].map(|pretty| Written::Icn { pretty })
    );
    // Each starts where its first line is.
    let lines: Vec<usize> = items.iter().map(|i| i.line).collect();
    let second = SITE_GAME.trim().lines().count() + 2;
    let third = second + pretty_site.lines().count() + 1;
    assert_eq!(&lines[..3], [1, second, third]);
    // Read strictly, each dialect takes its own documents.
    let spec_only = [SPEC_GAME.trim(), &pretty_spec].join("\n\n");
    assert_eq!(
        games(&read(&spec_only, Dialect::Spec)),
        [spec_game(), spec_game()]
    );
    let site_only = [SITE_GAME.trim(), &pretty_site].join("\n\n");
    assert_eq!(
        games(&read(&site_only, Dialect::Site)),
        [site_game(), site_game()]
    );
}

#[test]
fn one_game_per_line_still_reads_line_by_line() {
    let one = icn(&spec_game(), IcnForm::Full, Dialect::Spec);
    let text = format!("{}\n{one}\n{}\n", SITE_GAME.trim(), SITE_GAME.trim());
    let items = read(&text, Dialect::Auto);
    assert_eq!(games(&items), [site_game(), spec_game(), site_game()]);
    assert_eq!(items.iter().map(|i| i.line).collect::<Vec<_>>(), [1, 2, 3]);
}

#[test]
fn json_lines_and_pretty_json_documents() {
    let (a, b) = (site_game(), spec_game());
    let text = format!(
        "{}\n{}\n\n{}\n",
        json::to_json_string(&a),
        json::to_json_string(&b),
        json::to_json_string_pretty(&b)
    );
    let items = read(&text, Dialect::Auto);
    assert_eq!(games(&items), [a, b.clone(), b]);
    let written: Vec<Written> = items.iter().map(|i| i.written).collect();
    assert_eq!(
        written,
        [false, false, true].map(|pretty| Written::Json { pretty })
    );
    assert_eq!(items.iter().map(|i| i.line).collect::<Vec<_>>(), [1, 2, 4]);
}

#[test]
fn json_arrays_are_read_element_by_element() {
    let (a, b) = (site_game(), spec_game());
    let text = format!(
        "\u{feff}[\n{},\n{}\n]\n",
        json::to_json_string(&a),
        json::to_json_string_pretty(&b)
    );
    assert_eq!(detect(&text), Notation::JsonArray);
    let items: Vec<Item> = json_array_games(text.as_bytes()).collect();
    assert_eq!(games(&items), [a, b]);
    assert_eq!(items.iter().map(|i| i.line).collect::<Vec<_>>(), [2, 3]);
    assert!(json_array_games("[]".as_bytes()).next().is_none());
    assert!(json_array_games(" \n".as_bytes()).next().is_none());
    // A PGN tag is no JSON array.
    assert_eq!(detect("[Event \"x\"]\n\n1. e4 *"), Notation::Pgn);
}

#[test]
fn a_broken_json_array_says_what_and_where() {
    let game = json::to_json_string(&site_game());
    for (text, line, expected) in [
        (
            format!("[{game},\n 3]"),
            2,
            "expected a game `{…}` in the JSON array, found `3`",
        ),
        (format!("[{game}\n"), 2, "the JSON array is not closed"),
        (
            format!("[\n{game}] x"),
            2,
            "expected nothing after the JSON array, found `x`",
        ),
        ("[\n{\"fullMove\": 1".to_string(), 2, "ends inside a game"),
        (
            "[{\"turn\": 5}]".to_string(),
            1,
            "invalid JSON long form: turn",
        ),
    ] {
        let items: Vec<Item> = json_array_games(text.as_bytes()).collect();
        let last = items.last().unwrap();
        let err = last.game.as_ref().expect_err(&text);
        assert!(err.contains(expected), "{text}: {err}");
        assert_eq!(last.line, line, "{text}");
    }
}
