//! Property tests: random games survive model → ICN text → model (every
//! form, both dialects where the dialect can express the game) and
//! model → JSON → model. What ICN cannot say (an empty list of win
//! conditions, properties nested deeper than the ICN reader accepts) must be
//! refused by the writer with the reason, never written unreadably.

use icn_model::*;
use indexmap::IndexMap;
use proptest::prelude::*;

fn int() -> impl Strategy<Value = Int> {
    prop_oneof![
        8 => (-50i64..50).prop_map(Int::from),
        2 => any::<i64>().prop_map(Int::from),
        1 => "-?[1-9][0-9]{19,30}".prop_map(|s| Int::parse(&s).unwrap()),
    ]
}

fn small_positive() -> impl Strategy<Value = Int> {
    prop_oneof![
        (1i64..500).prop_map(Int::from),
        "[1-9][0-9]{20,25}".prop_map(|s| Int::parse(&s).unwrap())
    ]
}

fn coord() -> impl Strategy<Value = Coord> {
    (int(), int()).prop_map(|(x, y)| Coord { x, y })
}

fn piece(spec: bool) -> impl Strategy<Value = Piece> {
    let players: Vec<Player> = if spec {
        vec![Player::WHITE, Player::BLACK]
    } else {
        Player::ALL.to_vec()
    };
    (
        prop::sample::select(PieceKind::ALL.to_vec()),
        prop::sample::select(players),
    )
        .prop_map(|(kind, player)| {
            if kind.is_neutral_only() {
                Piece::new(kind, Player::NEUTRAL)
            } else {
                Piece::new(kind, player)
            }
        })
}

fn text() -> impl Strategy<Value = String> {
    // Comment text as read: trimmed, runs of blanks made one.
    "[a-zA-Z0-9 ,.!?:;'\\-]{1,12}"
        .prop_map(|s| s.split_whitespace().collect::<Vec<_>>().join(" "))
        .prop_filter("non-empty", |s| !s.is_empty())
}

/// A move's comment: mostly plain text, sometimes empty or with blanks
/// around it (which the clock stamp written before it must not eat).
fn move_comment() -> impl Strategy<Value = String> {
    prop_oneof![
        6 => text(),
        1 => Just(String::new()),
    ]
}

fn game_move(spec: bool) -> impl Strategy<Value = Move> {
    (
        coord(),
        coord(),
        prop::option::weighted(
            0.2,
            piece(spec).prop_filter("promotable", |p| p.kind.is_promotion_choice()),
        ),
        prop::option::weighted(0.3, piece(spec)),
        any::<bool>(),
        prop::option::of(prop::sample::select(vec![
            CheckMark::Check,
            CheckMark::Checkmate,
        ])),
        prop::option::of(prop::sample::select(vec!["!", "?", "!?", "?!", "!!", "??"])),
        prop::option::of((0u64..40_000_000).prop_map(|t| Clock { millis: t * 100 })),
        prop::collection::vec(move_comment(), 0..3),
        prop::collection::vec(
            "%[a-z]{1,5} [a-z0-9.+-]{1,6}"
                .prop_filter("a clock is not a command", |c| !c.starts_with("%clk ")),
            0..2,
        ),
    )
        .prop_map(
            |(from, to, promotion, piece, capture, check, glyph, clock, comments, commands)| Move {
                from,
                to,
                promotion,
                piece,
                capture,
                check,
                glyph: glyph.map(str::to_string),
                clock,
                commands,
                comments,
            },
        )
}

fn json_value() -> impl Strategy<Value = serde_json::Value> {
    let leaf = prop_oneof![
        any::<bool>().prop_map(serde_json::Value::from),
        any::<i64>().prop_map(serde_json::Value::from),
        "[a-z ]{0,6}".prop_map(serde_json::Value::from),
        Just(serde_json::Value::Null),
    ];
    leaf.prop_recursive(3, 12, 4, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..3).prop_map(serde_json::Value::from),
            prop::collection::btree_map("[a-z]{1,4}", inner, 0..3)
                .prop_map(|m| serde_json::Value::Object(m.into_iter().collect())),
        ]
    })
}

/// A value nested `depth` levels deep, arrays and objects in turn.
fn nested(depth: usize) -> serde_json::Value {
    (0..depth).fold(serde_json::Value::from(1), |inner, level| {
        if level % 2 == 0 {
            serde_json::Value::Array(vec![inner])
        } else {
            serde_json::Value::Object([("k".to_string(), inner)].into_iter().collect())
        }
    })
}

/// A property value: mostly small, sometimes nested around the ICN reader's
/// limit ([`icn_syntax::MAX_NESTING`] levels, the `{...}` block included).
fn property_value() -> impl Strategy<Value = serde_json::Value> {
    prop_oneof![
        8 => json_value(),
        1 => (1usize..90).prop_map(nested),
        1 => (icn_syntax::MAX_NESTING - 2..icn_syntax::MAX_NESTING + 1).prop_map(nested),
    ]
}

/// One player's win conditions; sometimes none at all.
fn win_list(spec: bool) -> impl Strategy<Value = Vec<WinCondition>> {
    let kinds: Vec<WinCondition> = WinCondition::ALL
        .iter()
        .copied()
        .filter(|&w| spec || w != WinCondition::ThreeCheck)
        .collect();
    prop_oneof![
        9 => prop::collection::vec(prop::sample::select(kinds), 1..3),
        1 => Just(Vec::new()),
    ]
}

/// Whether `g` holds something no ICN text can say.
fn unsayable_in_icn(g: &Game) -> bool {
    fn depth(v: &serde_json::Value) -> usize {
        match v {
            serde_json::Value::Array(a) => 1 + a.iter().map(depth).max().unwrap_or(0),
            serde_json::Value::Object(o) => 1 + o.values().map(depth).max().unwrap_or(0),
            _ => 0,
        }
    }
    let players = g.position.players();
    players.iter().any(|&p| g.rules.wins_of(p).is_empty())
        || g.rules
            .properties
            .values()
            .any(|v| 1 + depth(v) > icn_syntax::MAX_NESTING)
}

/// Metadata tags: any the spec dialect can say, or, for site games, what
/// the site reads (names of letters, values of 1 to 200 characters, no `"`).
fn metadata_map(spec: bool) -> BoxedStrategy<std::collections::BTreeMap<String, String>> {
    if spec {
        prop::collection::btree_map(
            "[A-Za-z_][A-Za-z0-9_]{0,6}",
            "[a-zA-Z0-9 \"\\\\.:/-]{0,10}",
            0..4,
        )
        .boxed()
    } else {
        prop::collection::btree_map("[A-Za-z]{1,7}", "[a-zA-Z0-9 \\\\.:/-]{1,10}", 0..4).boxed()
    }
}

prop_compose! {
    fn game(spec: bool)(
        order in if spec {
            prop::sample::select(vec![vec![Player::WHITE, Player::BLACK], vec![Player::BLACK, Player::WHITE]]).boxed()
        } else {
            prop::collection::vec(prop::sample::select(Player::ALL[1..].to_vec()), 1..4)
                .prop_filter("w or b alone means two players", |o| !matches!(o.as_slice(), [Player::WHITE] | [Player::BLACK]))
                .boxed()
        },
        pieces in prop::collection::vec((coord(), piece(spec), any::<bool>()), 1..12),
        move_rule in prop::option::of((0i64..100, 0i64..100)),
        fullmove in small_positive(),
        promo in prop::collection::vec((prop::collection::vec(int(), 1..3), prop::collection::vec(
            prop::sample::select(PieceKind::ALL.iter().copied().filter(|k| k.is_promotion_choice()).collect::<Vec<_>>()), 1..4)), 0..3),
        wins in prop::collection::vec(win_list(spec), 1..4),
        border in prop::option::of([prop::option::of(-20i64..0), prop::option::of(0i64..20), prop::option::of(-20i64..0), prop::option::of(0i64..20)]),
        props in prop::collection::btree_map("[a-z]{1,5}", property_value(), 0..3),
        slide in prop::option::of(0u64..1000),
        metadata in metadata_map(spec),
        leading in prop::collection::vec(text(), 0..2),
        moves in prop::collection::vec(game_move(spec), 0..6),
    ) -> Game {
        let mut position = Position { turn_order: order.clone(), ..Position::default() };
        let mut seen = std::collections::HashSet::new();
        for (at, piece, special_right) in pieces {
            if seen.insert(at.clone()) {
                position.pieces.push(PlacedPiece { promoted: false,  piece, at, special_right });
            }
        }
        position.move_rule = move_rule.map(|(a, b)| MoveRule { played: Int::from(a.min(b)), limit: Int::from(a.max(b)) });
        position.fullmove = fullmove;
        let players = position.players();
        let mut rules = GameRules {
            promotions: players.iter().zip(promo).map(|(&p, (ranks, mut choices))| {
                let ranks = if spec { ranks[..1].to_vec() } else { ranks };
                // Choices are a set in meaning: repeats collapse when read.
                let mut seen = Vec::new();
                choices.retain(|k| { let fresh = !seen.contains(k); seen.push(*k); fresh });
                (p, Promotion { ranks, choices })
            }).collect(),
            win_conditions: players.iter().enumerate().map(|(i, &p)| {
                let mut w = wins[i % wins.len()].clone();
                w.dedup();
                (p, w)
            }).collect(),
            world_border: None,
            properties: props.into_iter().filter(|(k, _)| k != "slideLimit" && k != "cannotPassTurn").collect::<IndexMap<_, _>>(),
        };
        if let Some(s) = slide {
            rules.properties.insert("slideLimit".into(), serde_json::Value::from(s));
        }
        if let (Some([l, r, b, t]), false) = (border, spec) {
            let wb = WorldBorder { left: l.map(Int::from), right: r.map(Int::from), bottom: b.map(Int::from), top: t.map(Int::from) };
            position.pieces.retain(|p| wb.contains(&p.at));
            if !position.pieces.is_empty() {
                rules.world_border = Some(wb);
            }
        }
        if position.pieces.is_empty() {
            position.pieces.push(PlacedPiece { promoted: false,  piece: Piece::new(PieceKind::King, Player::WHITE), at: Coord::new(0, 0), special_right: false });
        }
        Game {
            metadata: metadata.into_iter().collect(),
            position,
            rules,
            annotations: Annotations::default(),
            leading_comments: leading,
            moves,
        }
    }
}

/// What the compact form keeps of a game: no piece letters, capture marks,
/// check marks or glyphs.
fn without_decorations(mut g: Game) -> Game {
    for m in &mut g.moves {
        m.piece = None;
        m.capture = false;
        m.check = None;
        m.glyph = None;
    }
    g
}

fn round_trip(g: &Game, form: IcnForm, dialect: Dialect) -> Result<Option<Game>, TestCaseError> {
    let text = match g.to_icn(IcnStyle { form, dialect }) {
        Ok(t) => t,
        Err(e) if unsayable_in_icn(g) => {
            // Refused with the reason, not written unreadably.
            prop_assert!(
                e.problems
                    .iter()
                    .any(|p| p.contains("empty list of win conditions")
                        || p.contains("nests deeper than")),
                "{e}"
            );
            return Ok(None);
        }
        Err(e) if dialect == Dialect::Spec => {
            // Allowed only for what the spec dialect lacks.
            prop_assert!(!e.problems.is_empty());
            return Ok(None);
        }
        Err(e) => return Err(TestCaseError::fail(format!("site writer refused: {e}"))),
    };
    // The generated games hold what the site cannot read (two comments on a
    // move, comments before the first move): site output is read back
    // leniently.
    let read_as = if dialect != Dialect::Spec {
        Dialect::Auto
    } else {
        dialect
    };
    match Game::parse(&text, read_as) {
        Ok(back) => Ok(Some(back)),
        Err(e) => Err(TestCaseError::fail(format!(
            "{}\n{text}",
            e.render("written", &text)
        ))),
    }
}

/// model → JSON → model gives the game back.
fn json_round_trip(g: &Game) -> Result<(), TestCaseError> {
    let json = json::to_json_string(g);
    let back =
        json::from_json_str(&json).map_err(|e| TestCaseError::fail(format!("{e}\n{json}")))?;
    prop_assert_eq!(&back, g);
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

    #[test]
    fn site_games_survive_icn_and_json(g in game(false)) {
        // The site reads no `{…}` block: the site writer refuses it (and the
        // default, auto, writes the union of both dialects instead); the rest
        // of the game goes through the site dialect.
        let mut g = g;
        if !g.rules.properties.is_empty() {
            let style = IcnStyle { form: IcnForm::Full, dialect: Dialect::Site };
            let refused = g.to_icn(style).expect_err("the site writer refuses a `{…}` block");
            prop_assert!(refused.to_string().contains("property block") || unsayable_in_icn(&g), "{refused}");
            g.rules.properties.clear();
        }
        let dialect = Dialect::Site;
        for form in [IcnForm::Full, IcnForm::Pretty] {
            if let Some(back) = round_trip(&g, form, dialect)? {
                prop_assert_eq!(&back, &g, "{:?}", form);
            } else {
                prop_assert!(unsayable_in_icn(&g));
            }
        }
        if let Some(back) = round_trip(&g, IcnForm::Compact, dialect)? {
            prop_assert_eq!(back, without_decorations(g.clone()));
        }
        json_round_trip(&g)?;
    }

    #[test]
    fn spec_games_survive_icn_and_json(g in game(true)) {
        let mut written = 0;
        for form in [IcnForm::Full, IcnForm::Pretty, IcnForm::Compact] {
            if let Some(back) = round_trip(&g, form, Dialect::Spec)? {
                written += 1;
                let expected = if form == IcnForm::Compact { without_decorations(g.clone()) } else { g.clone() };
                prop_assert_eq!(back, expected, "{:?}", form);
            }
        }
        let has_site_only = g.position.pieces.iter().any(|p| p.piece.player == Player::NEUTRAL && !p.piece.kind.is_neutral_only())
            || g.moves.iter().any(|m| m.promotion.is_some_and(|p| p.player == Player::NEUTRAL) || m.piece.is_some_and(|p| p.player == Player::NEUTRAL && !p.kind.is_neutral_only()));
        prop_assert!(written == 3 || has_site_only || unsayable_in_icn(&g), "the spec writer refused a spec-expressible game");
        json_round_trip(&g)?;
    }
}
