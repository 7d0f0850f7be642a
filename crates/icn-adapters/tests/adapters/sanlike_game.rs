//! Whole games with SAN-like moves: random legal games written SAN-like in
//! every form and dialect read back to the same moves; mixed input; the
//! one text that reads both ways; errors at their place.

use icn_adapters::sanlike::sanlike_moves;
use icn_adapters::sanlike_game::{read_game, write_game};
use icn_model::{Dialect, Game, IcnForm, IcnStyle, Move};
use icn_movegen::{Board, MoveFamily};
use proptest::prelude::*;

/// Start positions: chess on a bounded board, the unbounded Classical
/// board, and fairy pieces with many pieces of a kind (disambiguation).
const STARTS: [&str; 3] = [
    "w 0/100 1 (8|1) 1,8,1,8 P1,2+|P2,2+|P3,2+|P4,2+|P5,2+|P6,2+|P7,2+|P8,2+|p1,7+|p2,7+|p3,7+|p4,7+|p5,7+|p6,7+|p7,7+|p8,7+|R1,1+|R8,1+|r1,8+|r8,8+|N2,1|N7,1|n2,8|n7,8|B3,1|B6,1|b3,8|b6,8|Q4,1|q4,8|K5,1+|k5,8+",
    "w 0/100 1 (8|1) P1,2+|P2,2+|P3,2+|P4,2+|P5,2+|P6,2+|P7,2+|P8,2+|p1,7+|p2,7+|p3,7+|p4,7+|p5,7+|p6,7+|p7,7+|p8,7+|R1,1+|R8,1+|r1,8+|r8,8+|N2,1|N7,1|n2,8|n7,8|B3,1|B6,1|b3,8|b6,8|Q4,1|q4,8|K5,1+|k5,8+",
    "w 0/100 1 (8|1) K0,0|k30,31|N3,3|N5,3|N3,5|N5,5|n20,20|n22,20|n20,22|AM-4,-4|am40,40|HA10,0|ha10,30|CH0,12|ch0,20|P1,6|P2,7|p1,2|p2,1|RQ-10,-10|rq-10,40",
];

/// Plays up to `choices.len()` legal moves, each picked by one number:
/// which family, and how far along a ray (rays without end stay within a
/// million squares).
fn random_game(start: &str, choices: &[u64]) -> Game {
    let mut game = Game::parse(start, Dialect::Auto).unwrap();
    let mut board = Board::from_game(&game).unwrap();
    for &c in choices {
        let families: Vec<MoveFamily> = board
            .families()
            .unwrap()
            .into_iter()
            .filter(|f| {
                !f.is_empty()
                    && !matches!(
                        f,
                        MoveFamily::Ray {
                            primes_only: true,
                            ..
                        }
                    )
            })
            .collect();
        if families.is_empty() {
            break;
        }
        let family = families[(c % families.len() as u64) as usize];
        let mv = match family {
            MoveFamily::Single(m) => m,
            MoveFamily::Ray {
                from,
                step,
                first,
                last,
                ..
            } => {
                let span = last.map_or(1_000_000, |l| (l - first + 1).min(1_000_000) as u64);
                let k = first + ((c >> 20) % span) as i64;
                icn_movegen::Move::new(from, from.step(step.0, step.1, k))
            }
        };
        let mut m = Move::new(mv.from.to_coord(), mv.to.to_coord());
        m.promotion = mv.promotion;
        game.moves.push(m);
        board.make(&mv);
    }
    game
}

/// What the moves do: squares and promotions.
fn squares(game: &Game) -> Vec<String> {
    game.moves.iter().map(Move::compact).collect()
}

/// Whether a SAN-like token is also an ICN coordinate move (`N5,2x3,4`).
fn reads_as_coordinates(token: &str) -> bool {
    let Some((from, _)) = token.split_once('x') else {
        return false;
    };
    let square = from.trim_start_matches(|c: char| c.is_ascii_uppercase());
    square.split_once(',').is_some_and(|(x, y)| {
        [x, y]
            .iter()
            .all(|n| n.trim_start_matches('-').parse::<u64>().is_ok())
    })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 60, ..ProptestConfig::default() })]

    #[test]
    fn random_games_survive_sanlike_in_every_form_and_dialect(
        start in 0..STARTS.len(),
        choices in prop::collection::vec(any::<u64>(), 1..60),
    ) {
        let game = random_game(STARTS[start], &choices);
        let tokens = sanlike_moves(&game).unwrap();
        for form in [IcnForm::Compact, IcnForm::Full, IcnForm::Pretty] {
            // The site dialect has no SAN-like moves.
            for dialect in [Dialect::Spec] {
                let style = IcnStyle { form, dialect };
                let Ok(text) = write_game(&game, style) else {
                    // Only the spec dialect's lack of a world border may refuse.
                    prop_assert!(dialect == Dialect::Spec && start == 0);
                    continue;
                };
                let back = read_game(&text, dialect).map_err(|e| TestCaseError::fail(format!("{e}\n{text}")))?;
                prop_assert_eq!(squares(&back), squares(&game), "{}", text);
                prop_assert_eq!(&back.position, &game.position);
                // Every SAN-like token is in the text, check marks included.
                for t in tokens.iter().filter(|t| !reads_as_coordinates(t)) {
                    prop_assert!(text.contains(t.as_str()), "{} not in {}", t, text);
                }
            }
        }
    }
}

#[test]
fn a_capture_from_a_full_square_is_written_with_coordinates_for_its_owner() {
    // Three knights of each side reach the target; column and row are both shared.
    let start = "w K0,0|k100,101|N20,21|N24,21|N20,23|p22,22|n40,41|n44,41|n40,43|B42,42";
    let game = Game::parse(&format!("{start} 20,21>22,22|40,41>42,42"), Dialect::Auto).unwrap();
    assert_eq!(
        sanlike_moves(&game).unwrap(),
        ["N20,21x22,22", "N40,41x42,42"]
    );
    let style = IcnStyle {
        form: IcnForm::Compact,
        dialect: Dialect::Site,
    };
    let text = write_game(&game, style).unwrap();
    assert!(text.ends_with(" N20,21x22,22|n40,41x42,42"), "{text}");
    let back = read_game(&text, Dialect::Auto).unwrap();
    assert_eq!(squares(&back), squares(&game));
    assert_eq!(back.moves[1].piece.unwrap().code(), "n");
    icn_movegen::replay(&back, None).unwrap();
    // Read as ICN, the capitals of SAN-like name White's knight: refused on replay.
    let capitals = read_game(&format!("{start} N20,21x22,22|N40,41x42,42"), Dialect::Auto).unwrap();
    let e = icn_movegen::replay(&capitals, None).unwrap_err();
    assert!(
        e.to_string().contains("names `N`, but 40,41 holds `n`"),
        "{e}"
    );
}

#[test]
fn coordinate_and_sanlike_moves_mix() {
    let text = "w K5,1|k5,8|R1,1|R8,1|P4,2+\n1. 4,2>4,4 {pawn} K5,7 2. R1,1>1,7+ K6,6\n3. R8,6+ K7,5 4. 1,7>1,5+ Kx8,6";
    let g = read_game(text, Dialect::Auto).unwrap();
    let want = [
        "4,2>4,4", "5,8>5,7", "1,1>1,7", "5,7>6,6", "8,1>8,6", "6,6>7,5", "1,7>1,5", "7,5>8,6",
    ];
    assert_eq!(squares(&g), want);
    assert_eq!(g.moves[0].comments, ["pawn"]);
    assert_eq!(g.moves[4].check, Some(icn_model::CheckMark::Check));
    assert!(g.moves[7].capture);
    assert_eq!(g.moves[7].piece, None);
    // The same game read from its coordinates is the same game, but for what
    // only the text says (the capture mark of the last move).
    let coordinates = g.to_icn(IcnStyle::default()).unwrap();
    let mut again = read_game(&coordinates, Dialect::Auto).unwrap();
    again.moves[7].capture = true;
    assert_eq!(again, g);
}

#[test]
fn sanlike_errors_point_at_the_move() {
    let cases = [
        (
            "w K5,1|k5,8|R1,1\n1. R1,7 K4,8 2. R2,2",
            "2,17",
            "illegal move",
        ),
        ("w K0,0|k9,9|R5,5|R5,-5 R5,0", "1,24", "ambiguous move"),
        (
            "w K5,1|k5,8|R1,1 1,1>2,2 K5,7",
            "1,18",
            "move 1 (1,1>2,2) cannot be played",
        ),
        ("w K5,1|k5,8|R1,1 1,1>1,7|5,8>5,1", "", ""),
        (
            "w K5,1|k5,8 1. QQ3,4",
            "1,16",
            "no legal move matches `QQ3,4`",
        ),
        (
            "w K5,1|k5,8 1. QQQQQQQQ3,4",
            "1,16",
            "piece code `QQQQQQQQ` is too long",
        ),
    ];
    for (text, at, message) in cases {
        let result = read_game(text, Dialect::Auto);
        if at.is_empty() {
            // Coordinate moves alone are not played while reading.
            assert!(result.is_ok(), "{text}");
            continue;
        }
        let e = result.unwrap_err();
        let d = &e.diagnostics[0];
        let lc = d.line_col(text);
        assert_eq!(format!("{},{}", lc.line, lc.column), at, "{text}: {e}");
        assert!(d.message.contains(message), "{text}: {e}");
    }
    // Without a resolver the model says where to turn.
    let e = Game::parse("w K5,1|k5,8 K5,2", Dialect::Auto).unwrap_err();
    assert!(
        e.to_string()
            .contains("icn_adapters::sanlike_game::read_game"),
        "{e}"
    );
}

#[test]
fn json_moves_may_be_sanlike() {
    let json = r#"{"turn": "white", "fullMove": 1,
        "gameRules": {"winConditions": {"white": ["checkmate"], "black": ["checkmate"]}},
        "startingPosition": {"5,1": "kingsW", "5,8": "kingsB", "1,1": "rooksW", "4,2": "pawnsW"},
        "moves": ["4,2>4,3", "K5,7", "R1,7+", "K6,6"],
        "moveDetails": [{}, {"comments": ["king up"]}, {}, {"glyph": "?"}]}"#;
    let g = icn_adapters::sanlike_game::read_json(json).unwrap();
    assert_eq!(squares(&g), ["4,2>4,3", "5,8>5,7", "1,1>1,7", "5,7>6,6"]);
    assert_eq!(g.moves[1].comments, ["king up"]);
    assert_eq!(g.moves[2].check, Some(icn_model::CheckMark::Check));
    assert_eq!(g.moves[3].glyph.as_deref(), Some("?"));
    // Written back, the moves are coordinates, and read the same.
    let back = icn_model::json::from_json_str(&icn_model::json::to_json_string(&g)).unwrap();
    assert_eq!(back, g);
    // Without a resolver, the reader says where to turn.
    let e = icn_model::json::from_json_str(json).unwrap_err();
    assert!(
        e.to_string().contains("moves[1]") && e.to_string().contains("SAN-like"),
        "{e}"
    );
}
