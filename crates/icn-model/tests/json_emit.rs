//! The hand-written JSON writer (`json::write_json`) against the reference
//! path through `serde_json` (`json::write_json_serde`): byte for byte the
//! same on every game of the fixtures (ICN documents, lines of `.icnl`
//! files, the site verdict table, the JSON long-form documents) and on
//! games written here with every part the long form has — escapes, big
//! integers, extensions, properties. The xtask's site-shaped benchmark
//! corpus is compared by `xtask`'s own test, and random games by the
//! round-trip property tests.

mod common;

use icn_model::{Dialect, Game, json};

/// Panics unless both writers write the same bytes for `g`.
fn same_bytes(g: &Game, what: &str) {
    let (mut fast, mut reference) = (Vec::new(), Vec::new());
    json::write_json(g, &mut fast);
    json::write_json_serde(g, &mut reference);
    assert_eq!(
        String::from_utf8_lossy(&fast),
        String::from_utf8_lossy(&reference),
        "the writers differ on {what}"
    );
}

#[test]
fn fixtures_are_written_the_same_both_ways() {
    let mut written = 0;
    for doc in common::fixture_documents() {
        if let Ok(g) = Game::parse(&doc, Dialect::Auto) {
            same_bytes(&g, &doc);
            written += 1;
        }
    }
    let mut paths = Vec::new();
    common::files(&common::fixtures(), &mut paths);
    paths.sort();
    for path in paths
        .iter()
        .filter(|p| p.extension().is_some_and(|e| e == "json"))
    {
        if let Ok(text) = std::fs::read_to_string(path)
            && let Ok(g) = json::from_json_str(&text)
        {
            same_bytes(&g, &path.display().to_string());
            written += 1;
        }
    }
    assert!(written > 1000, "only {written} fixture games");
}

#[test]
fn every_part_of_the_long_form_is_written_the_same() {
    for text in [
        "w K5,1+|k5,8+",
        "[Event \"a \\\"quoted\\\" name\"] [Site \"back\\\\slash\"] [Note \"tab\there é€ 😀\"] w 0/100 1 (8|1) K5,1+|k5,8+|P1,2+ 1,2>1,4{[%clk 0:09:56.7]}|5,8>5,7{[%clk 0:09:50.125]}",
        "b 3,6 12/100 7 (8;q,rq,rc,n|1;q,rq,rc,n) K5,1+|k5,8+|p4,4|P3,4",
        "w 0/100 1 (8;q,r,b,n,am|1;q,r,b,n,am) -500,500,-500,_ (checkmate|allpiecescaptured) K5,1|k5,8",
        "w 0/100 1 (8|1) K-123456789012345678901234,5|k99999999999999999999,-8|Q9007199254740992,-9007199254740991",
        "w 9007199254740993,-5 99999999999999999999/100 123456789012345678901 K1,1|k2,2",
        "w K5,1|k5,8|P2,7 2,7>2,8=Q+{ nice } 5,8x5,7!?",
        "w K5,1|k5,8 1. 5,1>5,2 ... 5,8>5,7 2. P1,2x1,3Q# {a [%clk 0:01:00.0] [%eval 0.3] b}",
        "w:b:r (8|1|) K1,1|k2,2|3q3,3",
        "w:b:r (8,16;q|1,9;q|2;r) (royalcapture|koth|checkmate) K1,1|k2,2|3q3,3 3,3>3,4=3q",
        "w 1,1>2,2 {first} 2,2>3,3",
        "w K1,1 {before} {also \"before\"} 1,1>1,2",
        "checkmate|koth K1,1|k9,9|ob5,5|vo6,6|WZ7,7|wz8,8",
        "w {\"slideLimit\": 100, \"name\": \"x\\\"y\", \"nested\": {\"a\": [1, 2.5, null, true]}, \"big\": 123456789012345678901234567890} K1,1|k2,2",
        "[Variant \"x\"] w:b:r 0/100 3 (8,16;q,r|1,9;q|) -5,_,_,100 (royalcapture|koth|checkmate) Squares:1,2|3,4 Rays:5,5>1,0 vo0,0|3q4,5|0k1,1|K2,2+|k3,3 {[%clk 0:09:56.7] nice} 2,2>2,3{[%clk 0:09:56.7]}|3,3>3,4=q|4,5>4,6",
        "w K1,1+|Q1,1|k5,5+|R5,5|B5,5+",
    ] {
        let g =
            Game::parse(text, Dialect::Auto).unwrap_or_else(|e| panic!("{}", e.render("t", text)));
        same_bytes(&g, text);
    }
}

#[test]
fn games_built_in_code_are_written_the_same() {
    use icn_model::{Clock, Coord, Player, Promotion, WinCondition};
    let mut g = Game::parse("w K1,1|k2,2 1,1>1,2", Dialect::Auto).unwrap();
    // Control characters and quotes in every free-text place.
    g.metadata
        .insert("ctl\u{1}\u{1f}\u{7f}".into(), "\u{8}\u{c}\n\r\t\"\\".into());
    g.leading_comments.push("line\nbreak".into());
    let mv = &mut g.moves[0];
    mv.comments.push("a\u{0}b".into());
    mv.commands.push("%eval \"0.3\"".into());
    mv.glyph = Some("!?".into());
    mv.clock = Some(Clock { millis: 12 });
    // A player listed twice: the map keeps the first place, the last value.
    g.rules.win_conditions = vec![
        (Player::BLACK, vec![WinCondition::Koth]),
        (Player::WHITE, vec![]),
        (Player::BLACK, vec![WinCondition::ThreeCheck]),
    ];
    g.rules.promotions = vec![
        (
            Player::from_number(9),
            Promotion {
                ranks: vec![5.into(), 6.into()],
                choices: vec![],
            },
        ),
        (
            Player::from_number(9),
            Promotion {
                ranks: vec![7.into()],
                choices: Promotion::DEFAULT_CHOICES.to_vec(),
            },
        ),
    ];
    g.position.turn_order = vec![Player::from_number(9), Player::WHITE];
    g.position.en_passant = Some(Coord::new(i64::MIN, i64::MAX));
    g.position.en_passant_victim = Some(Coord::new(-3, 5));
    same_bytes(&g, "a game built in code");
    // The en passant pawn reads back.
    let json = icn_model::json::to_json_string(&g);
    assert!(json.contains("\"enpassantPawn\":[-3,5]"), "{json}");
    let back = icn_model::json::from_json_str(&json).unwrap();
    assert_eq!(
        back.position.en_passant_victim,
        g.position.en_passant_victim
    );
}
