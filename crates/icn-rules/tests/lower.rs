//! ICN game rules ↔ rule objects.

use icn_model::{
    Coord, Dialect, Game, GameRules, IcnForm, IcnStyle, Int, PieceKind, Player, Position,
};
use icn_rules::lower::{LowerError, game_of, game_rules_of, rules_from_game, rules_from_parts};
use icn_rules::{Outcome, PromotionRule, RuleSet, WinRule, Zone};

fn rules(text: &str) -> Result<RuleSet, Vec<LowerError>> {
    rules_from_game(&Game::parse(text, Dialect::Auto).unwrap())
}

#[test]
fn header_fields_become_rule_objects() {
    let r = rules(
        r#"b 3/50 (8;q,am|-3) (checkmate,koth|threecheck) -5,5,-5,5 {"slideLimit": 12, "cannotPassTurn": false, "custom": [1]} K1,1|k2,2"#,
    )
    .unwrap();
    assert_eq!(r.turn_order, [Player::BLACK, Player::WHITE]);
    assert_eq!(r.draws.move_rule, Some(Int::from(50)));
    assert_eq!(r.slide_limit, Some(Int::from(12)));
    assert_eq!(r.slide_limit_u32(), Some(12));
    assert!(r.can_pass);
    assert_eq!(r.extra.len(), 1);
    assert_eq!(
        r.wins_of(Player::WHITE),
        [WinRule::Checkmate, WinRule::Koth]
    );
    assert_eq!(r.wins_of(Player::BLACK), [WinRule::Checks(3)]);
    assert_eq!(
        r.promotion_of(Player::WHITE).unwrap(),
        &PromotionRule {
            from_zone: false,
            player: Player::WHITE,
            promoting: [PieceKind::Pawn].into_iter().collect(),
            zone: Zone::rows([Int::from(8)]),
            choices: vec![PieceKind::Queen, PieceKind::Amazon],
            mandatory: true,
            forced: Zone::empty(),
            by_move: false,
            demotes: false,
            on_capture: false,
        }
    );
    assert_eq!(
        r.promotion_of(Player::BLACK).unwrap().choices,
        [
            PieceKind::Queen,
            PieceKind::Rook,
            PieceKind::Bishop,
            PieceKind::Knight
        ]
    );
    assert!(r.region.contains(&Coord::new(5, -5)) && !r.region.contains(&Coord::new(6, 0)));
    assert!(r.check_matters_for(Player::BLACK));
    assert!(!r.check_matters_for(Player::WHITE));
}

#[test]
fn rules_go_back_to_the_same_icn_header() {
    let text = r#"b 0/50 1 (8;Q,AM|-3;q,r,b,n) -5,5,-5,5 (checkmate,koth|allroyalscaptured) {"slideLimit": 12, "cannotPassTurn": false} K1,1|k2,2"#;
    // Auto: the site itself reads no `{…}` block.
    let g = Game::parse(text, Dialect::Auto).unwrap();
    let r = rules_from_game(&g).unwrap();
    let back = game_of(&r, &g.position).unwrap();
    assert_eq!(back.rules, g.rules);
    assert_eq!(back.position, g.position);
    let style = IcnStyle {
        form: IcnForm::Full,
        dialect: Dialect::Auto,
    };
    assert_eq!(back.to_icn(style).unwrap(), g.to_icn(style).unwrap());
}

#[test]
fn bad_properties_are_refused() {
    // The ICN reader already refuses these; rules built another way are checked too.
    let mut g = GameRules::default();
    g.properties
        .insert("slideLimit".into(), serde_json::json!(-1));
    g.properties
        .insert("cannotPassTurn".into(), serde_json::json!(3));
    let e = rules_from_parts(&g, &Position::default()).unwrap_err();
    assert_eq!(e.len(), 2);
    assert_eq!(
        e[0].to_string(),
        "property `slideLimit` must be a non-negative integer, found `-1`"
    );
    assert!(e[1].to_string().contains("cannotPassTurn"));
    let huge = rules(r#"{"slideLimit": 123456789012345678901234567890} K1,1"#).unwrap();
    assert_eq!(huge.slide_limit_u32(), Some(u32::MAX));
    assert_eq!(game_rules_of(&huge).unwrap().properties.len(), 1);
}

#[test]
fn what_icn_cannot_say_is_named() {
    let mut r = RuleSet::default();
    r.region.excluded.insert(Coord::new(0, 0));
    r.wins[0].1 = vec![WinRule::Checks(5), WinRule::Checkmated];
    r.stalemate = Outcome::Loss;
    // A fourfold repetition is said by the `repetition` property; the
    // insufficient-material draw cannot be switched off.
    r.draws.repetition = Some(4);
    r.draws.insufficient_material = false;
    r.promotions.push(PromotionRule {
        from_zone: false,
        player: Player::WHITE,
        promoting: [PieceKind::Pawn].into_iter().collect(),
        zone: Zone::rect(Int::from(0), Int::from(8), Int::from(3), Int::from(8)),
        choices: vec![PieceKind::Queen],
        mandatory: false,
        forced: Zone::empty(),
        by_move: false,
        demotes: false,
        on_capture: false,
    });
    let errs: Vec<String> = game_rules_of(&r)
        .unwrap_err()
        .iter()
        .map(|e| e.to_string())
        .collect();
    for needle in [
        "excluded squares",
        "optional promotion",
        "not whole rows",
        "5 checks",
        "being checkmated",
        "stalemate",
        "insufficient-material",
    ] {
        assert!(
            errs.iter().any(|e| e.contains(needle)),
            "{needle} not in {errs:?}"
        );
    }
}

#[test]
fn the_repetition_property_sets_the_repetition_count_both_ways() {
    let read = |text: &str| {
        let g = icn_model::Game::parse(text, icn_model::Dialect::Auto).unwrap();
        rules_from_game(&g)
    };
    let fide = read("w 0/150 1,8,1,8 {\"repetition\": 5} K5,1|k5,8").unwrap();
    assert_eq!(fide.draws.repetition, Some(5));
    assert!(fide.extra.is_empty());
    let none = read("w {\"repetition\": 0} K5,1|k5,8").unwrap();
    assert_eq!(none.draws.repetition, None);
    for bad in ["1", "\"five\"", "-3"] {
        let e = read(&format!("w {{\"repetition\": {bad}}} K5,1|k5,8")).unwrap_err();
        assert!(e[0].to_string().contains("repetition"), "{bad}: {e:?}");
    }
    // Written back only when it differs from the site's threefold.
    let rules = game_rules_of(&fide).unwrap();
    assert_eq!(
        rules.properties.get("repetition"),
        Some(&serde_json::json!(5))
    );
    let site = read("w K5,1|k5,8").unwrap();
    assert!(game_rules_of(&site).unwrap().properties.is_empty());
}

#[test]
fn the_castling_property_holds_explicit_castling_both_ways() {
    let read = |text: &str| rules_from_game(&Game::parse(text, Dialect::Auto).unwrap());
    let r = read(
        r#"w {"castling": {"castlers": [], "explicit": [{"player": "white", "kingFrom": "2,1", "kingTo": "3,1", "partnerFrom": "1,1", "partnerTo": "4,1"}]}} K2,1+|R1,1+|k8,8"#,
    )
    .unwrap();
    assert!(r.castling.castlers.is_empty());
    assert_eq!(r.castling.explicit.len(), 1);
    assert_eq!(r.castling.explicit[0].king_to, Coord::new(3, 1));
    assert!(r.extra.is_empty());
    // Keys left out keep the site rule's values.
    let narrow = read(r#"w {"castling": {"minDistance": 4}} K5,1+|k5,8"#).unwrap();
    assert_eq!(narrow.castling.min_distance, 4);
    assert_eq!(
        narrow.castling.castlers,
        icn_rules::Castling::site().castlers
    );
    // Written back, and read again to the same rules; the site rule is not written.
    let game = game_of(&r, &Position::default()).unwrap();
    let again = rules_from_game(&game).unwrap();
    assert_eq!(again.castling, r.castling);
    let site = read("w K5,1|k5,8").unwrap();
    assert!(
        !game_rules_of(&site)
            .unwrap()
            .properties
            .contains_key("castling")
    );
    // A value that does not read says where.
    let e = read(r#"w {"castling": {"explicit": [{"player": "white"}]}} K5,1|k5,8"#).unwrap_err();
    assert_eq!(
        e[0].to_string(),
        "property `castling`: at `castling.explicit[0]`: missing key `kingFrom`"
    );
}

/// Rules the header cannot say go whole into the `rules` property: written
/// by `game_of`, read back to the same rules, replacing what the header
/// says, refused by the site dialect, and a bad value named by its path.
#[test]
fn the_rules_property_carries_what_the_header_cannot() {
    let mut r = icn_rules::catalogue::find("Chess")
        .unwrap()
        .variant()
        .unwrap()
        .rules;
    r.forced_capture = true;
    r.stalemate = Outcome::Win;
    assert!(game_rules_of(&r).is_err());
    let g = game_of(&r, &Position::default()).unwrap();
    assert!(
        g.rules
            .properties
            .contains_key(icn_rules::lower::RULES_PROPERTY)
    );
    let spec = IcnStyle {
        form: IcnForm::Compact,
        dialect: Dialect::Spec,
    };
    let text = g.to_icn(spec).unwrap();
    assert_eq!(rules(&text).unwrap(), r);
    let site = IcnStyle {
        form: IcnForm::Compact,
        dialect: Dialect::Site,
    };
    assert!(
        g.to_icn(site)
            .unwrap_err()
            .to_string()
            .contains("`rules` property")
    );
    // The property wins over the header's promotion.
    let over = rules(r#"w (8|1) {"rules": {"forcedCapture": true}} K1,1|k3,3"#).unwrap();
    assert!(over.forced_capture && over.promotions.is_empty());
    let e = rules(r#"w {"rules": {"draws": {"moveRule": "x"}}} K1,1|k3,3"#).unwrap_err();
    assert!(
        matches!(&e[0], LowerError::PropertyShape { name: "rules", reason } if reason.contains("draws.moveRule")),
        "{e:?}"
    );
}
