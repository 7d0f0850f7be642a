//! The rule-set JSON read back: every catalogue variant, generated rule sets,
//! and refusals that name the key path.

use icn_rules::catalogue;
use icn_rules::json::rules_json;
use icn_rules::json_read::rules_from_json;
use proptest::prelude::*;

mod strategies;
use strategies::{drops, rule_set};

#[test]
fn every_catalogue_variant_reads_back_from_its_json() {
    let mut read = 0;
    for entry in catalogue::entries() {
        let Ok(v) = entry.variant() else { continue };
        let json = rules_json(&v.rules);
        let back = rules_from_json(&json).unwrap_or_else(|e| panic!("{}: {e}", v.name));
        assert_eq!(back, v.rules, "{}", v.name);
        read += 1;
    }
    assert!(read >= 20, "only {read} catalogue variants read");
}

#[test]
fn refusals_name_the_key_path_and_what_was_expected() {
    let cases = [
        (
            r#"{"royals": ["K", "XX"]}"#,
            "royals[1]",
            "not a built-in piece nor defined in `movements`",
        ),
        (
            r#"{"royals": ["K", "X1"]}"#,
            "royals[1]",
            "cannot be a piece code",
        ),
        (
            r#"{"movements": {"XX": {"components": []}}, "pieceNames": {"YY": "Y"}}"#,
            "pieceNames.YY",
            "not defined in `movements`",
        ),
        (
            r#"{"wins": {"white": ["mate"]}}"#,
            "wins.white[0]",
            "not a win rule",
        ),
        (
            r#"{"hill": {"circle": 3}}"#,
            "hill",
            "unknown zone `circle`",
        ),
        (
            r#"{"slideLimit": "ten"}"#,
            "slideLimit",
            "expected an integer",
        ),
        (
            r#"{"promotions": [{"player": "white"}]}"#,
            "promotions[0]",
            "missing key",
        ),
        (
            r#"{"castling": {"kingsteps": 2}}"#,
            "castling",
            "unknown key `kingsteps`",
        ),
        (
            r#"{"turnOrder": ["white", "purple"]}"#,
            "turnOrder[1]",
            "not a player",
        ),
        (r#"[1, 2]"#, "$", "expected an object"),
    ];
    for (text, path, message) in cases {
        let v: serde_json::Value = serde_json::from_str(text).unwrap();
        let e = rules_from_json(&v).unwrap_err();
        assert_eq!(e.path, path, "{text}");
        assert!(e.message.contains(message), "{text}: {e}");
    }
}

proptest! {
    #[test]
    fn writing_then_reading_gives_the_same_rule_set(r in rule_set()) {
        prop_assert_eq!(rules_from_json(&rules_json(&r)).unwrap(), r);
    }

    #[test]
    fn holdings_rules_read_back_the_same(d in drops()) {
        let r = icn_rules::RuleSet { drops: Some(d), ..icn_rules::RuleSet::default() };
        prop_assert_eq!(rules_from_json(&rules_json(&r)).unwrap(), r);
    }
}

/// `draws.repetitionResult` round-trips; the older `losses.repetition`
/// (the player who repeats loses) is read as that result.
#[test]
fn repetition_results_round_trip() {
    use icn_rules::{Outcome, RepetitionResult, RuleSet};
    for result in [
        RepetitionResult::ToMove(Outcome::Loss),
        RepetitionResult::ToMove(Outcome::Win),
        RepetitionResult::ForWhite(Outcome::Loss),
    ] {
        let mut r = RuleSet::default();
        r.draws.repetition_result = result;
        let json = rules_json(&r);
        assert_eq!(rules_from_json(&json).unwrap(), r, "{json}");
    }
    let old = serde_json::json!({"losses": {"repetition": 4}});
    let r = rules_from_json(&old).unwrap();
    assert_eq!(
        (r.draws.repetition, r.draws.repetition_result),
        (Some(4), RepetitionResult::ToMove(Outcome::Win))
    );
    let bad =
        serde_json::json!({"draws": {"repetitionResult": {"toMove": "loss", "white": "win"}}});
    let e = rules_from_json(&bad).unwrap_err();
    assert!(e.to_string().contains("draws.repetitionResult"), "{e}");
}

/// Extinction rules are written as `extinction(KINDS, AT_MOST,
/// OPPONENT_AT_LEAST)` keywords and read back; a malformed one is refused
/// with its path.
#[test]
fn extinction_rules_round_trip() {
    use icn_model::{PieceKind, Player};
    use icn_rules::{Extinction, RuleSet, WinRule};
    for e in [
        Extinction {
            kinds: None,
            at_most: 1,
            opponent_at_least: 0,
            own: false,
        },
        Extinction {
            kinds: Some([PieceKind::Rook, PieceKind::Queen].into_iter().collect()),
            at_most: 0,
            opponent_at_least: 2,
            own: true,
        },
    ] {
        let mut r = RuleSet::default();
        r.wins[0].1.push(WinRule::Extinction(e));
        let json = rules_json(&r);
        assert_eq!(rules_from_json(&json).unwrap(), r, "{json}");
    }
    let r = rules_from_json(&serde_json::json!({"wins": {"white": ["ownextinction(R, 0, 0)"]}}))
        .unwrap();
    assert!(matches!(&r.wins_of(Player::WHITE)[0], WinRule::Extinction(e) if e.own));
    let bad = serde_json::json!({"wins": {"white": ["extinction(R, x, 0)"]}});
    let e = rules_from_json(&bad).unwrap_err();
    assert!(e.to_string().contains("wins.white"), "{e}");
}

/// `draws.moveRuleResetters` is written only when it is not the pawns
/// alone, and reads back; a kind neither built in nor defined is refused.
#[test]
fn move_rule_resetters_round_trip() {
    use icn_model::PieceKind;
    let mut r = icn_rules::RuleSet::default();
    assert!(!rules_json(&r).to_string().contains("moveRuleResetters"));
    r.draws.move_rule_resetters = [PieceKind::Pawn, PieceKind::Knight].into_iter().collect();
    let json = rules_json(&r);
    assert!(json.to_string().contains("moveRuleResetters"), "{json}");
    assert_eq!(rules_from_json(&json).unwrap(), r, "{json}");
    let e =
        rules_from_json(&serde_json::json!({"draws": {"moveRuleResetters": ["ZZ"]}})).unwrap_err();
    assert!(e.to_string().contains("draws.moveRuleResetters"), "{e}");
}

/// Kyoto and Micro shogi's promotion flags (`demotes`, `onCapture`) are
/// written only when set, and read back.
#[test]
fn demotion_and_capture_promotion_round_trip() {
    use icn_model::{PieceKind, Player};
    let rule = |demotes, on_capture| icn_rules::PromotionRule {
        player: Player::WHITE,
        promoting: [PieceKind::Pawn].into_iter().collect(),
        zone: icn_rules::Zone::rows([icn_model::Int::from(8)]),
        choices: vec![PieceKind::Rook],
        mandatory: true,
        forced: icn_rules::Zone::empty(),
        from_zone: true,
        by_move: false,
        demotes,
        on_capture,
    };
    let mut r = icn_rules::RuleSet {
        promotions: vec![rule(false, false)],
        ..icn_rules::RuleSet::default()
    };
    let plain = rules_json(&r).to_string();
    assert!(
        !plain.contains("demotes") && !plain.contains("onCapture"),
        "{plain}"
    );
    for (demotes, on_capture) in [(true, false), (false, true), (true, true)] {
        r.promotions = vec![rule(demotes, on_capture)];
        let json = rules_json(&r);
        assert_eq!(rules_from_json(&json).unwrap(), r, "{json}");
    }
    let bad = serde_json::json!({"promotions": [{"player": "white", "promoting": ["P"],
        "zone": {"rows": [8]}, "choices": ["R"], "demotes": 1}]});
    let e = rules_from_json(&bad).unwrap_err();
    assert!(e.to_string().contains("promotions[0].demotes"), "{e}");
}
