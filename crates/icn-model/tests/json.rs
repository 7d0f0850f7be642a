//! The JSON long form: the original converter's shape, extensions, exact
//! integers, and lossless round trips.

use icn_model::{Coord, Dialect, Game, IcnForm, IcnStyle, Int, PieceKind, json};
use serde_json::json;

fn parse(text: &str) -> Game {
    Game::parse(text, Dialect::Auto).unwrap_or_else(|e| panic!("{}", e.render("t", text)))
}

#[test]
fn classical_start_has_the_original_shape() {
    let g = parse(
        "[Variant \"Classical\"] w 0/100 1 (8|1) {\"slideLimit\": 100} P1,2+|K5,1+|k5,8+|r8,8+ 1,2>1,4|8,8>8,7",
    );
    let v: serde_json::Value = serde_json::from_str(&json::to_json_string(&g)).unwrap();
    assert_eq!(
        v,
        json!({
            "metadata": {"Variant": "Classical"},
            "turn": "white",
            "moveRule": "0/100",
            "fullMove": 1,
            "gameRules": {
                "promotionRanks": [8, 1],
                "promotionsAllowed": {"white": ["queens", "rooks", "bishops", "knights"], "black": ["queens", "rooks", "bishops", "knights"]},
                "winConditions": {"white": ["checkmate"], "black": ["checkmate"]},
                "slideLimit": 100
            },
            "specialRights": {"1,2": true, "5,1": true, "5,8": true, "8,8": true},
            "startingPosition": {"1,2": "pawnsW", "5,1": "kingsW", "5,8": "kingsB", "8,8": "rooksB"},
            "moves": ["1,2>1,4", "8,8>8,7"]
        })
    );
}

#[test]
fn omitted_segment_is_null_and_en_passant_is_an_array() {
    let g = parse("b 4,3 (|-4;q) (checkmate|checkmate,allpiecescaptured) P4,4|K1,1|k9,9");
    let v: serde_json::Value = serde_json::from_str(&json::to_json_string(&g)).unwrap();
    assert_eq!(v["turn"], "black");
    assert_eq!(v["enpassant"], json!([4, 3]));
    assert_eq!(v["gameRules"]["promotionRanks"], json!([null, -4]));
    assert_eq!(
        v["gameRules"]["promotionsAllowed"],
        json!({"white": [], "black": ["queens"]})
    );
    assert_eq!(
        v["gameRules"]["winConditions"]["black"],
        json!(["checkmate", "allpiecescaptured"])
    );
    assert_eq!(json::from_json_str(&v.to_string()).unwrap(), g);
}

#[test]
fn site_extensions_round_trip() {
    let text = "[Variant \"x\"] w:b:r 0/100 3 (8,16;q,r|1,9;q|) -5,_,_,100 (royalcapture|koth|checkmate) Squares:1,2|3,4 Rays:5,5>1,0 vo0,0|3q4,5|0k1,1|K2,2+|k3,3 {[%clk 0:09:56.7] nice} 2,2>2,3{[%clk 0:09:56.7]}|3,3>3,4=q|4,5>4,6";
    let g = parse(text);
    let s = json::to_json_string(&g);
    let v: serde_json::Value = serde_json::from_str(&s).unwrap();
    assert_eq!(v["turnOrder"], json!(["white", "black", "red"]));
    assert_eq!(v["gameRules"]["promotionRanks"], json!([8, 1]));
    assert_eq!(
        v["gameRules"]["promotionRanksByPlayer"],
        json!({"white": [8, 16], "black": [1, 9]})
    );
    assert_eq!(
        v["gameRules"]["worldBorder"],
        json!({"left": -5, "right": null, "bottom": null, "top": 100})
    );
    assert_eq!(v["startingPosition"]["4,5"], "queensR");
    assert_eq!(v["startingPosition"]["1,1"], "kingsN");
    assert_eq!(v["moves"], json!(["2,2>2,3", "3,3>3,4q", "4,5>4,6"]));
    assert_eq!(v["moveDetails"], json!([{"clock": "0:09:56.7"}, {}, {}]));
    assert_eq!(
        v["annotations"],
        json!({"squares": ["1,2", "3,4"], "rays": ["5,5>1,0"]})
    );
    let back = json::from_json_str(&s).unwrap();
    assert_eq!(back, g);
    let icn = back
        .to_icn(IcnStyle {
            form: IcnForm::Full,
            dialect: Dialect::Site,
        })
        .unwrap();
    assert_eq!(parse(&icn), g, "{icn}");
}

#[test]
fn huge_integers_are_exact_strings() {
    let big = "123456789012345678901234567890";
    let g = parse(&format!(
        "w {big},-{big} 7/9 {big} {{\"slideLimit\": {big}}} K1,1|p{big},-123456789012345678901234567891"
    ));
    let s = json::to_json_string(&g);
    let v: serde_json::Value = serde_json::from_str(&s).unwrap();
    assert_eq!(v["enpassant"], json!([big, format!("-{big}")]));
    assert_eq!(v["fullMove"], json!(big));
    assert_eq!(json::from_json_str(&s).unwrap(), g);
    // Big numbers written as JSON numbers are read exactly too.
    let as_number = s.replace(
        &format!("\"fullMove\":\"{big}\""),
        &format!("\"fullMove\":{big}"),
    );
    assert_ne!(as_number, s);
    assert_eq!(json::from_json_str(&as_number).unwrap(), g);
    assert!(s.contains(&format!("\"slideLimit\":{big}")), "{s}");
}

#[test]
fn several_ranks_keep_the_original_keys_typed_as_before() {
    let g = parse("w (8,16|1) K1,1|k2,2");
    let v: serde_json::Value = serde_json::from_str(&json::to_json_string(&g)).unwrap();
    assert_eq!(v["gameRules"]["promotionRanks"], json!([8, 1]));
    assert_eq!(
        v["gameRules"]["promotionRanksByPlayer"],
        json!({"white": [8, 16], "black": [1]})
    );
    let mut wrong = v.clone();
    wrong["gameRules"]["promotionRanks"] = json!([9, 1]);
    let e = json::from_json_str(&wrong.to_string()).unwrap_err();
    assert_eq!(
        e.to_string(),
        "gameRules.promotionRanks: white's first rank disagrees with promotionRanksByPlayer"
    );
    let mut short = v;
    short["moveDetails"] = json!([{}]);
    let e = json::from_json_str(&short.to_string()).unwrap_err();
    assert!(
        e.to_string()
            .starts_with("moveDetails: 1 entries for 0 moves"),
        "{e}"
    );
}

#[test]
fn bad_json_names_the_path() {
    let e = json::from_json_str(r#"{"turn":"white","fullMove":1,"gameRules":{"winConditions":{"white":["checkmate"],"black":["checkmate"]}},"startingPosition":{"1,2":"pawnW"}}"#).unwrap_err();
    assert!(
        e.to_string()
            .starts_with("startingPosition.\"1,2\": unknown piece \"pawnW\""),
        "{e}"
    );
    // A fullmove of 0 is held as written; validation (icn-rules) judges it.
    let g = json::from_json_str(r#"{"turn":"white","fullMove":0,"gameRules":{"winConditions":{"white":["checkmate"],"black":["checkmate"]}},"startingPosition":{}}"#).unwrap();
    assert_eq!(g.position.fullmove, Int::ZERO);
    let e = json::from_json_str(r#"{"turn":"white","fullMove":1.5}"#).unwrap_err();
    assert!(e.to_string().contains("line 1 column"), "{e}");
}

#[test]
fn a_square_given_twice_is_kept_twice_and_a_metadata_key_twice_is_refused() {
    // Square keys are read as numbers: `"05,5"` is the square `5,5`. A square
    // given twice is neither refused here nor merged: both entries stay, in
    // order (the later one stands there for play; validation reports it).
    let position = |squares: &str| {
        format!(
            r#"{{"turn":"white","fullMove":1,"gameRules":{{"winConditions":{{"white":["checkmate"],"black":["checkmate"]}}}},"specialRights":{{"05,5":true}},"startingPosition":{{"1,1":"kingsW","3,3":"kingsB",{squares}}}}}"#
        )
    };
    for squares in [
        r#""5,5":"queensW","05,5":"rooksW""#,
        r#""5,5":"queensW","5,5":"rooksW""#,
        r#""5,5":"queensW","5,05":"rooksW""#,
    ] {
        let g = json::from_json_str(&position(squares)).unwrap();
        let on_5_5: Vec<(PieceKind, bool)> = g
            .position
            .pieces
            .iter()
            .filter(|p| p.at == Coord::new(5, 5))
            .map(|p| (p.piece.kind, p.special_right))
            .collect();
        assert_eq!(
            on_5_5,
            [(PieceKind::Queen, false), (PieceKind::Rook, true)],
            "{squares}"
        );
    }
    let text = r#"{"metadata":{"A":"x","A":"y"},"turn":"white","fullMove":1,"gameRules":{"winConditions":{"white":["checkmate"],"black":["checkmate"]}},"startingPosition":{}}"#;
    let e = json::from_json_str(text).unwrap_err();
    assert!(e.to_string().contains("key \"A\" given twice"), "{e}");
}

#[test]
fn a_byte_order_mark_at_the_start_is_skipped() {
    let g = parse("w K1,1|k3,3");
    let text = format!("\u{feff}{}", json::to_json_string(&g));
    assert_eq!(json::from_json_str(&text).unwrap(), g);
    let e = json::from_json_str("\u{feff}{\"turn\": 5}").unwrap_err();
    assert_eq!(e.location(), Some((1, 10)), "{e}");
}

#[test]
fn clock_stamps_and_the_comments_beside_them_survive_icn() {
    // The stamp goes in front of the first comment only when reading it back
    // gives that comment unchanged; otherwise it is a comment of its own.
    // (Comment text as read is trimmed with blanks made one; two comments on
    // a move are not the site's, so the text is read back in `auto`.)
    let base = parse("w K1,1|k3,3 1,1>1,2");
    for comments in [vec![""], vec!["plain", "two"], vec!["one"], vec![]] {
        let mut g = base.clone();
        g.moves[0].clock = Some(icn_model::Clock { millis: 61_500 });
        g.moves[0].comments = comments.iter().map(|c| c.to_string()).collect();
        for form in [IcnForm::Full, IcnForm::Pretty, IcnForm::Compact] {
            let style = IcnStyle {
                form,
                dialect: Dialect::Site,
            };
            let text = g.to_icn(style).unwrap();
            let back = Game::parse(&text, Dialect::Auto).unwrap();
            assert_eq!(back.moves[0].clock, g.moves[0].clock, "{text}");
            assert_eq!(back.moves[0].comments, g.moves[0].comments, "{text}");
        }
    }
    // Without a clock, a comment holding `[%clk` would be read as one: refused.
    let mut g = base;
    g.moves[0].comments = vec!["[%clk 0:O-O09:58.3]".into()];
    let e = g.to_icn(IcnStyle::default()).unwrap_err().to_string();
    assert!(
        e.contains("holds a `[%name value]` command, which ICN reads as a clock or command"),
        "{e}"
    );
}

/// Fuzz finding: a JSON game whose fullmove number is below zero wrote pretty
/// ICN with a move number `-9223372036854775808.`, which no reader takes.
#[test]
fn pretty_icn_of_a_negative_fullmove_reads_back() {
    let json = r#"{"turn":"white","fullMove":"-9223372036854775808","startingPosition":{"5,1":"kingsW","5,8":"kingsB","1,2":"pawnsW","1,7":"pawnsB"},"moves":["1,2>1,4","1,7>1,5","5,1>5,2"]}"#;
    let game = icn_model::json::from_json_str(json).unwrap();
    for dialect in [icn_model::Dialect::Spec, icn_model::Dialect::Auto] {
        let style = icn_model::IcnStyle {
            form: icn_model::IcnForm::Pretty,
            dialect,
        };
        let text = game.to_icn(style).unwrap();
        assert!(!text.contains("-9223372036854775808."), "{text}");
        let back = icn_model::Game::parse(&text, icn_model::Dialect::Auto)
            .unwrap_or_else(|e| panic!("{text}\n{e}"));
        assert_eq!(back, game, "{text}");
    }
    // With no position the moves follow the header: a bare first move
    // `5,2 > 5,4` would read as an en passant square.
    let json = r#"{"metadata":{"Variant":"Classical","UTCDate":"2026.01.02","UTCTime":"10:11:12"},"fullMove":-9223372036854775808,"startingPosition":{},"moves":["5,2>5,4","5,7>5,5","7,1>6,3"]}"#;
    let game = icn_model::json::from_json_str(json).unwrap();
    for dialect in [icn_model::Dialect::Spec, icn_model::Dialect::Site] {
        let style = icn_model::IcnStyle {
            form: icn_model::IcnForm::Pretty,
            dialect,
        };
        let text = game.to_icn(style).unwrap();
        let back = icn_model::Game::parse(&text, icn_model::Dialect::Auto)
            .unwrap_or_else(|e| panic!("{text}\n{e}"));
        assert_eq!(back, game, "{text}");
    }
}

#[test]
fn a_huge_key_is_cut_short_in_the_error_path() {
    // Found by fuzzing: a shape error under a megabyte-long key quoted the
    // whole key in its path.
    let key = "P30,10+|".repeat(2_000);
    let text = format!("{{\"startingPosition\": {{\"{key}\": 5}}}}");
    let e = icn_model::json::from_json_str(&text).unwrap_err();
    let message = e.to_string();
    assert!(
        message.len() < 400,
        "{} characters: {message}",
        message.len()
    );
    assert!(
        message.starts_with("startingPosition.P30,10+|P30,10+|"),
        "{message}"
    );
    assert!(message.contains('…'), "{message}");
}
