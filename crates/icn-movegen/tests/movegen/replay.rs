//! Replay: the spec's example game, illegal moves with reasons, game ends.

use icn_model::{Dialect, Game, IcnForm, IcnStyle};
use icn_movegen::{Termination, replay};

const COMPACT: &str = r#"0/100 (8|1) {"slideLimit": 100} P1,2+|P2,2+|P3,2+|P4,2+|P5,2+|P6,2+|P7,2+|P8,2+|p1,7+|p2,7+|p3,7+|p4,7+|p5,7+|p6,7+|p7,7+|p8,7+|R1,1+|R8,1+|r1,8+|r8,8+|N2,1|N7,1|n2,8|n7,8|B3,1|B6,1|b3,8|b6,8|Q4,1|q4,8|K5,1+|k5,8+
4,2>4,4|4,7>4,6|4,4>4,5|3,7>3,5|4,5>3,6|6,8>3,11|3,6>2,7|3,11>-4,4|2,7>1,8Q|-4,4>2,-2|5,1>4,2|7,8>6,6|1,8>2,8|5,8>7,8|2,8>1,7|4,8>0,4|1,7>7,13|7,8>8,8|7,13>7,7|8,8>7,7|8,2>8,4|0,4>4,4"#;

const LONG: &str = r#"[Event "Casual local Classical infinite chess game"]
[Result "0-1"]
[Termination "Checkmate"]

w 0/100 1 (8;Q,R,B,N|1;q,r,b,n) checkmate {"slideLimit": 100, "cannotPassTurn": true} P1,2+|P2,2+|P3,2+|P4,2+|P5,2+|P6,2+|P7,2+|P8,2+|p1,7+|p2,7+|p3,7+|p4,7+|p5,7+|p6,7+|p7,7+|p8,7+|R1,1+|R8,1+|r1,8+|r8,8+|N2,1|N7,1|n2,8|n7,8|B3,1|B6,1|b3,8|b6,8|Q4,1|q4,8|K5,1+|k5,8+

1. P4,2 > 4,4  | p4,7 > 4,6
2. P4,4 > 4,5  | p3,7 > 3,5
3. P4,5 x 3,6 {White captures en passant} | b6,8 > 3,11 
4. P3,6 x 2,7  | b3,11 > -4,4 ?
5. P2,7 x 1,8 =Q | b-4,4 > 2,-2 +
6. K5,1 > 4,2  | n7,8 > 6,6
7. Q1,8 x 2,8  | k5,8 > 7,8 {Castling}
8. Q2,8 x 1,7  | q4,8 > 0,4
9. Q1,7 > 7,13 + | k7,8 > 8,8
10. Q7,13 x 7,7 + {Queen sacrifice} | k8,8 x 7,7 !!
11. P8,2 > 8,4 ?! | q0,4 > 4,4 # {Bad game from both players}
"#;

const BEFORE_LAST: &str = r#"b 8,3 0/100 11 (8|1) {"slideLimit": 100} P1,2+|P2,2+|P3,2+|P5,2+|P6,2+|P7,2+|p5,7+|p6,7+|k7,7|p8,7+|R1,1+|R8,1+|N2,1|N7,1|B3,1|B6,1|b3,8|Q4,1|p4,6|b2,-2|K4,2|n6,6|r6,8|q0,4|P8,4"#;

#[test]
fn spec_example_game_replays_to_the_printed_position_and_mate() {
    for text in [COMPACT, LONG] {
        let game = Game::parse(text, Dialect::Auto).unwrap();
        let at21 = replay(&game, Some(21)).unwrap();
        assert_eq!(at21.plies, 21);
        assert!(at21.end.is_none());
        let expected = Game::parse(BEFORE_LAST, Dialect::Auto).unwrap();
        assert_eq!(
            at21.position(&game),
            expected.position,
            "position after 21 half-moves"
        );
        if text == COMPACT {
            let style = IcnStyle {
                form: IcnForm::Compact,
                dialect: Dialect::Auto,
            };
            // The writer prints JSON without the space after the colon.
            let written = at21.as_game(&game).to_icn(style).unwrap();
            assert_eq!(written.replace(": ", ":"), BEFORE_LAST.replace(": ", ":"));
        }
        let done = replay(&game, None).unwrap();
        let end = done.end.unwrap();
        assert_eq!(end.termination, Termination::Checkmate);
        assert_eq!(end.result(), "0-1");
        assert_eq!(done.plies, 22);
    }
}

#[test]
fn illegal_moves_are_refused_with_number_and_reason() {
    let g = Game::parse(&COMPACT.replace("4,7>4,6", "4,7>4,3"), Dialect::Auto).unwrap();
    let e = replay(&g, None).unwrap_err();
    assert_eq!(
        e.to_string(),
        "move 1..., 4,7>4,3: a pawn on 4,7 cannot reach 4,3"
    );
    let g = Game::parse("w (8|1) K5,1|k5,8|N3,4|r3,9 3,4>3,9", Dialect::Auto).unwrap();
    assert_eq!(
        replay(&g, None).unwrap_err().to_string(),
        "move 1, 3,4>3,9: a knight on 3,4 cannot reach 3,9"
    );
    let g = Game::parse("w K5,1|k5,8|R5,2|r5,7 5,2>4,2", Dialect::Auto).unwrap();
    let e = replay(&g, None).unwrap_err().to_string();
    assert!(
        e.contains("would leave white's royal piece in check"),
        "{e}"
    );
    let g = Game::parse("w (8|1) K5,1|k1,1|P4,7 4,7>4,8", Dialect::Auto).unwrap();
    let e = replay(&g, None).unwrap_err().to_string();
    assert!(e.contains("must promote"), "{e}");
    let g = Game::parse("w (8|1) K5,1|k1,1|P4,7 4,7>4,8Q", Dialect::Auto).unwrap();
    assert!(replay(&g, None).is_ok());
}

#[test]
fn game_ends() {
    let end = |icn: &str| {
        replay(&Game::parse(icn, Dialect::Auto).unwrap(), None)
            .unwrap()
            .end
    };
    // Stalemate.
    let e = end("w 1,8,1,8 K6,7|k8,8|Q1,6 1,6>7,6").unwrap();
    assert_eq!(
        (e.termination, e.result()),
        (Termination::Stalemate, "1/2-1/2".to_string())
    );
    // Royal capture.
    let e = end("w (royalcapture|royalcapture) K1,1|k5,8|R5,1 5,1>5,8").unwrap();
    assert_eq!(
        (e.termination, e.result()),
        (Termination::RoyalCapture, "1-0".to_string())
    );
    // Move rule.
    let e = end("w 99/100 K1,1|k5,8|R3,3 3,3>3,4").unwrap();
    assert_eq!(e.termination, Termination::MoveRule);
    // Threefold repetition.
    let e = end(
        "w K1,1|k8,8|R3,3|r6,6 1,1>1,2|8,8>8,7|1,2>1,1|8,7>8,8|1,1>1,2|8,8>8,7|1,2>1,1|8,7>8,8",
    )
    .unwrap();
    assert_eq!(e.termination, Termination::Repetition);
    // King of the hill.
    let e = end("w (koth|koth) K4,3|k8,8|R1,1 4,3>4,4").unwrap();
    assert_eq!(
        (e.termination, e.result()),
        (Termination::Koth, "1-0".to_string())
    );
    // Not over.
    assert!(end("w K1,1|k8,8|R3,3").is_none());
}

/// A repetition is scored as the variant says: for the player to move in
/// the repeated position (Fairy-Stockfish `nFoldValue`) or for White
/// whoever moves (`nFoldValueAbsolute`); a draw by default.
#[test]
fn a_repetition_is_scored_by_the_variant() {
    use icn_model::Coord;
    use icn_rules::{Outcome, RepetitionResult};
    let end = |result, to_move: &str| {
        let g = Game::parse(&format!("{to_move} K1,1|k8,8|R3,3|r6,6"), Dialect::Auto).unwrap();
        let mut rules = icn_movegen::rules_of(&g).unwrap();
        rules.draws.repetition_result = result;
        let mut b = icn_movegen::Board::new(&g.position, &rules).unwrap();
        b.count_repetitions();
        let (white, black) = (((1, 1), (1, 2)), ((8, 8), (8, 7)));
        let there_and_back = |((fx, fy), (tx, ty))| [((fx, fy), (tx, ty)), ((tx, ty), (fx, fy))];
        let (first, second) = if to_move == "w" {
            (white, black)
        } else {
            (black, white)
        };
        let (a, b2) = (there_and_back(first), there_and_back(second));
        let shuffle = [a[0], b2[0], a[1], b2[1]];
        for &((fx, fy), (tx, ty)) in shuffle.iter().cycle().take(8) {
            assert_eq!(b.game_end().unwrap(), None);
            let m = b
                .check_move(&Coord::new(fx, fy), &Coord::new(tx, ty), None)
                .unwrap();
            b.make(&m);
        }
        // The start position, with the same side to move, a third time.
        let e = b.game_end().unwrap().unwrap();
        assert_eq!(e.termination, Termination::Repetition);
        e.result()
    };
    assert_eq!(end(RepetitionResult::default(), "w"), "1/2-1/2");
    assert_eq!(end(RepetitionResult::ToMove(Outcome::Loss), "w"), "0-1");
    assert_eq!(end(RepetitionResult::ToMove(Outcome::Loss), "b"), "1-0");
    assert_eq!(end(RepetitionResult::ToMove(Outcome::Win), "b"), "0-1");
    assert_eq!(end(RepetitionResult::ForWhite(Outcome::Loss), "b"), "0-1");
    assert_eq!(end(RepetitionResult::ForWhite(Outcome::Win), "w"), "1-0");
}

/// Fairy-Stockfish's extinction rule: losing the last rook wins for the
/// player who lost it (`own`), or loses with a count of one piece of all.
#[test]
fn extinction_rules_end_the_game() {
    use icn_model::Coord;
    use icn_rules::{Extinction, WinRule};
    let end = |icn: &str, e: Extinction, (from, to): ((i64, i64), (i64, i64))| {
        let g = Game::parse(icn, Dialect::Auto).unwrap();
        let mut rules = icn_movegen::rules_of(&g).unwrap();
        for (_, wins) in &mut rules.wins {
            wins.push(WinRule::Extinction(e.clone()));
        }
        let mut b = icn_movegen::Board::new(&g.position, &rules).unwrap();
        assert_eq!(b.game_end().unwrap(), None);
        let m = b
            .check_move(&Coord::new(from.0, from.1), &Coord::new(to.0, to.1), None)
            .unwrap();
        b.make(&m);
        b.game_end().unwrap()
    };
    let rooks = Extinction {
        kinds: Some([icn_model::PieceKind::Rook].into_iter().collect()),
        at_most: 0,
        opponent_at_least: 0,
        own: true,
    };
    // White takes Black's last rook: Black, left without rooks, wins (a
    // side without rooks from the start would have won already).
    let e = end(
        "w K1,1|k8,8|Q3,3|R2,1|r3,6",
        rooks.clone(),
        ((3, 3), (3, 6)),
    )
    .unwrap();
    assert_eq!(
        (e.termination, e.result()),
        (Termination::Extinction, "0-1".to_string())
    );
    // Not while a rook is left.
    assert!(end("w K1,1|k8,8|Q3,3|R2,1|r3,6|r4,7", rooks, ((3, 3), (3, 6))).is_none());
    // A side left with its king alone loses (`*` at one piece).
    let bare = Extinction {
        kinds: None,
        at_most: 1,
        opponent_at_least: 0,
        own: false,
    };
    let e = end("w K1,1|k8,8|Q3,3|r3,6", bare, ((3, 3), (3, 6))).unwrap();
    assert_eq!(
        (e.termination, e.result()),
        (Termination::Extinction, "1-0".to_string())
    );
}

/// Suicide chess: a player who can capture must, and losing every piece wins.
#[test]
fn forced_capture_and_a_win_by_losing_every_piece() {
    use icn_rules::{RuleSet, WinRule};
    let g = icn_model::Game::parse("w 1,8,1,8 R1,1|N2,2|r1,5", icn_model::Dialect::Auto).unwrap();
    let rules = RuleSet {
        region: icn_movegen::rules_of(&g).unwrap().region,
        royals: Default::default(),
        castling: icn_rules::Castling::none(),
        forced_capture: true,
        wins: vec![
            (icn_model::Player::WHITE, vec![WinRule::NoPiecesLeft]),
            (icn_model::Player::BLACK, vec![WinRule::NoPiecesLeft]),
        ],
        ..RuleSet::default()
    };
    let mut b = icn_movegen::Board::new(&g.position, &rules).unwrap();
    // The rook must take on 1,5; the knight may not move.
    let moves: Vec<String> = b
        .legal_moves()
        .unwrap()
        .iter()
        .map(|m| m.to_string())
        .collect();
    assert_eq!(moves, ["1,1>1,5"]);
    assert_eq!(b.perft(1, icn_movegen::PerftMode::Bulk).unwrap(), 1);
    let e = b
        .check_move(
            &icn_model::Coord::new(2, 2),
            &icn_model::Coord::new(3, 4),
            None,
        )
        .unwrap_err();
    assert!(e.to_string().contains("capturing is compulsory"), "{e}");
    let take = b
        .check_move(
            &icn_model::Coord::new(1, 1),
            &icn_model::Coord::new(1, 5),
            None,
        )
        .unwrap();
    b.make(&take);
    let end = b.game_end().unwrap().expect("black has no piece left");
    assert_eq!(end.termination, Termination::NoPiecesLeft);
    assert_eq!(end.winner, Some(icn_model::Player::BLACK));
}
