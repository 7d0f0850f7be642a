//! Exact destination sets of every ICN piece on the reference board, empty
//! and with blockers.

use std::collections::BTreeSet;

use icn_model::{Piece, PieceKind, Player};
use icn_rules::movement::{Action, Component, Movement, Pattern, Symmetry, Vector};
use icn_rules::reference::{Bounds, Destination, RefBoard, Square};

fn w(kind: PieceKind) -> Piece {
    Piece::new(kind, Player::WHITE)
}

fn b(kind: PieceKind) -> Piece {
    Piece::new(kind, Player::BLACK)
}

fn alone(kind: PieceKind) -> BTreeSet<Square> {
    let mut board = RefBoard::new();
    board.put((0, 0), w(kind), false);
    board.targets((0, 0))
}

fn set(squares: &[Square]) -> BTreeSet<Square> {
    squares.iter().copied().collect()
}

/// All 8 images of `(a, b)`.
fn octal(a: i64, b: i64) -> BTreeSet<Square> {
    let mut s = BTreeSet::new();
    for (x, y) in [(a, b), (b, a)] {
        for sx in [-1, 1] {
            for sy in [-1, 1] {
                s.insert((x * sx, y * sy));
            }
        }
    }
    s
}

#[test]
fn leapers_on_an_empty_board() {
    assert_eq!(alone(PieceKind::Knight), octal(1, 2));
    assert_eq!(alone(PieceKind::Camel), octal(1, 3));
    assert_eq!(alone(PieceKind::Giraffe), octal(1, 4));
    assert_eq!(alone(PieceKind::Zebra), octal(2, 3));
    let hawk: BTreeSet<Square> = [octal(2, 0), octal(3, 0), octal(2, 2), octal(3, 3)]
        .into_iter()
        .flatten()
        .collect();
    assert_eq!(hawk.len(), 16);
    assert_eq!(alone(PieceKind::Hawk), hawk);
    let king: BTreeSet<Square> = octal(1, 0).union(&octal(1, 1)).copied().collect();
    assert_eq!(alone(PieceKind::King), king);
    assert_eq!(alone(PieceKind::Guard), king);
    let centaur: BTreeSet<Square> = king.union(&octal(1, 2)).copied().collect();
    assert_eq!(alone(PieceKind::Centaur).len(), 16);
    assert_eq!(alone(PieceKind::Centaur), centaur);
    assert_eq!(alone(PieceKind::RoyalCentaur), centaur);
}

#[test]
fn riders_on_an_empty_board_are_cut_at_the_window() {
    let window = i64::from(RefBoard::new().window);
    let rook = alone(PieceKind::Rook);
    assert_eq!(rook.len() as i64, 4 * window);
    assert!(rook.contains(&(window, 0)) && !rook.contains(&(1, 1)));
    assert_eq!(alone(PieceKind::Bishop).len() as i64, 4 * window);
    assert_eq!(alone(PieceKind::Queen).len() as i64, 8 * window);
    assert_eq!(alone(PieceKind::RoyalQueen), alone(PieceKind::Queen));
    assert_eq!(alone(PieceKind::Chancellor).len() as i64, 4 * window + 8);
    assert_eq!(alone(PieceKind::Archbishop).len() as i64, 4 * window + 8);
    assert_eq!(alone(PieceKind::Amazon).len() as i64, 8 * window + 8);
    let nr = alone(PieceKind::Knightrider);
    assert_eq!(nr.len() as i64, 8 * window);
    assert!(nr.contains(&(3, 6)) && nr.contains(&(-2 * window, -window)));
}

#[test]
fn obstacles_and_voids_never_move() {
    assert!(alone(PieceKind::Obstacle).is_empty());
    assert!(alone(PieceKind::Void).is_empty());
}

#[test]
fn riders_stop_at_blockers_and_capture_enemies_and_obstacles() {
    let mut board = RefBoard::new();
    board.put((0, 0), w(PieceKind::Rook), false);
    board.put((3, 0), b(PieceKind::Pawn), false);
    board.put((0, 2), w(PieceKind::Pawn), false);
    board.put(
        (-2, 0),
        Piece::new(PieceKind::Obstacle, Player::NEUTRAL),
        false,
    );
    board.put((0, -4), Piece::new(PieceKind::Void, Player::NEUTRAL), false);
    let d = board.destinations((0, 0));
    let t: BTreeSet<Square> = d.iter().map(|d| d.to).collect();
    assert_eq!(
        t,
        set(&[
            (1, 0),
            (2, 0),
            (3, 0),
            (0, 1),
            (-1, 0),
            (-2, 0),
            (0, -1),
            (0, -2),
            (0, -3)
        ])
    );
    let caps: BTreeSet<Square> = d.iter().filter_map(|d| d.captures).collect();
    assert_eq!(caps, set(&[(3, 0), (-2, 0)]));
}

#[test]
fn knightrider_is_blocked_on_its_own_line_only() {
    let mut board = RefBoard::new();
    board.put((0, 0), w(PieceKind::Knightrider), false);
    board.put((2, 4), w(PieceKind::Pawn), false);
    board.put((1, 1), w(PieceKind::Pawn), false);
    let t = board.targets((0, 0));
    assert!(t.contains(&(1, 2)) && !t.contains(&(2, 4)) && !t.contains(&(3, 6)));
    assert_eq!(t.len() as i64, 7 * i64::from(board.window) + 1);
}

#[test]
fn huygen_lands_only_at_prime_distances_and_jumps_non_prime_blockers() {
    let mut board = RefBoard::new();
    board.window = 20;
    board.put((0, 0), w(PieceKind::Huygen), false);
    let primes = [2, 3, 5, 7, 11, 13, 17, 19];
    let mut expected = BTreeSet::new();
    for p in primes {
        expected.extend([(p, 0), (-p, 0), (0, p), (0, -p)]);
    }
    assert_eq!(board.targets((0, 0)), expected);
    // A friend at distance 4 is jumped; an enemy at 5 is captured and ends the line;
    // a friend at 3 on another line blocks there.
    board.put((4, 0), w(PieceKind::Knight), false);
    board.put((5, 0), b(PieceKind::Knight), false);
    board.put((0, 3), w(PieceKind::Knight), false);
    let t = board.targets((0, 0));
    let east: BTreeSet<i64> = t
        .iter()
        .filter(|s| s.1 == 0 && s.0 > 0)
        .map(|s| s.0)
        .collect();
    assert_eq!(east, [2, 3, 5].into_iter().collect());
    let north: BTreeSet<i64> = t
        .iter()
        .filter(|s| s.0 == 0 && s.1 > 0)
        .map(|s| s.1)
        .collect();
    assert_eq!(north, [2].into_iter().collect());
}

#[test]
fn rose_reaches_its_circles_and_paths_bend_around_a_blocker() {
    let mut board = RefBoard::new();
    board.put((0, 0), w(PieceKind::Rose), false);
    let empty = board.targets((0, 0));
    // 8 starts × 2 turning directions × 7 hops: 8 distinct octagons whose
    // 56 non-origin corners fall on 32 distinct squares.
    assert!(empty.contains(&(1, 2)) && empty.contains(&(3, 3)) && empty.contains(&(6, 0)));
    assert!(!empty.contains(&(0, 0)));
    assert_eq!(empty.len(), 32);
    // A friend on (1,2) ends the paths that start there; (3,3) is still
    // reached by the anticlockwise path starting (2,1).
    board.put((1, 2), w(PieceKind::Pawn), false);
    let blocked = board.targets((0, 0));
    assert!(!blocked.contains(&(1, 2)));
    assert!(blocked.contains(&(3, 3)));
    // An enemy is captured and ends the path.
    board.put((1, 2), b(PieceKind::Pawn), false);
    let d = board.destinations((0, 0));
    assert!(d.contains(&Destination {
        to: (1, 2),
        captures: Some((1, 2))
    }));
}

#[test]
fn pawns_push_double_push_capture_and_take_en_passant() {
    let mut board = RefBoard::new();
    board.put((4, 2), w(PieceKind::Pawn), true);
    assert_eq!(board.targets((4, 2)), set(&[(4, 3), (4, 4)]));
    board.put((4, 2), w(PieceKind::Pawn), false);
    assert_eq!(board.targets((4, 2)), set(&[(4, 3)]));
    board.put((4, 7), b(PieceKind::Pawn), true);
    board.put((5, 6), w(PieceKind::Knight), false);
    assert_eq!(board.targets((4, 7)), set(&[(4, 6), (4, 5), (5, 6)]));
    // Blocked double push.
    board.put((4, 6), w(PieceKind::Knight), false);
    assert_eq!(board.targets((4, 7)), set(&[(5, 6)]));
    // En passant: black pawn passed over 3,6; white pawn on 4,5 takes it.
    let mut ep = RefBoard::new();
    ep.put((4, 5), w(PieceKind::Pawn), false);
    ep.put((3, 5), b(PieceKind::Pawn), false);
    ep.en_passant = Some((3, 6));
    let d = ep.destinations((4, 5));
    assert!(d.contains(&Destination {
        to: (3, 6),
        captures: Some((3, 5))
    }));
    assert_eq!(d.len(), 2);
}

#[test]
fn world_border_and_slide_limit_cut_moves() {
    let mut board = RefBoard::new();
    board.bounds = Some(Bounds::rect(1, 1, 8, 8));
    board.put((1, 1), w(PieceKind::Queen), false);
    assert_eq!(board.targets((1, 1)).len(), 21);
    board.put((1, 1), w(PieceKind::Knight), false);
    assert_eq!(board.targets((1, 1)), set(&[(2, 3), (3, 2)]));
    let mut limited = RefBoard::new();
    limited.slide_limit = Some(3);
    limited.put((0, 0), w(PieceKind::Rook), false);
    assert_eq!(limited.targets((0, 0)).len(), 12);
}

#[test]
fn cannon_and_xiangqi_horse_from_the_algebra() {
    let cannon = Movement::from(
        Component::new(Pattern::Ride {
            vector: Vector::new(1, 0),
            symmetry: Symmetry::Rotations,
            max: None,
        })
        .with_action(Action::MoveOnly),
    )
    .union(Movement::from(
        Component::new(Pattern::Hop {
            vector: Vector::new(1, 0),
            symmetry: Symmetry::Rotations,
        })
        .with_action(Action::CaptureOnly),
    ));
    let mut board = RefBoard::new();
    board.bounds = Some(Bounds::rect(0, 0, 8, 9));
    board.put((0, 0), w(PieceKind::Rook), false);
    board.put((3, 0), w(PieceKind::Pawn), false);
    board.put((6, 0), b(PieceKind::Pawn), false);
    board.put((0, 2), b(PieceKind::Pawn), false);
    let t: BTreeSet<Square> = board
        .destinations_by((0, 0), w(PieceKind::Rook), &cannon)
        .iter()
        .map(|d| d.to)
        .collect();
    assert_eq!(t, set(&[(1, 0), (2, 0), (6, 0), (0, 1)]));
    let horse = Movement::from(Component::new(Pattern::Lame {
        first: Vector::new(1, 0),
        then: Vector::new(1, 1),
        symmetry: Symmetry::Octal,
        then_times: 1,
    }));
    let mut board = RefBoard::new();
    board.put((0, 0), w(PieceKind::Knight), false);
    assert_eq!(
        board
            .destinations_by((0, 0), w(PieceKind::Knight), &horse)
            .len(),
        8
    );
    board.put((1, 0), b(PieceKind::Pawn), false);
    let t: BTreeSet<Square> = board
        .destinations_by((0, 0), w(PieceKind::Knight), &horse)
        .iter()
        .map(|d| d.to)
        .collect();
    assert_eq!(
        t,
        set(&[(-2, 1), (-2, -1), (1, 2), (-1, 2), (1, -2), (-1, -2)])
    );
    // The Janggi elephant: one orthogonal step, two diagonal; both squares
    // it passes must be empty.
    let elephant = Movement::from(Component::new(Pattern::Lame {
        first: Vector::new(0, 1),
        then: Vector::new(1, 1),
        symmetry: Symmetry::Octal,
        then_times: 2,
    }));
    let mut board = RefBoard::new();
    board.put((0, 0), w(PieceKind::Knight), false);
    let reach = |board: &RefBoard| -> BTreeSet<Square> {
        board
            .destinations_by((0, 0), w(PieceKind::Knight), &elephant)
            .iter()
            .map(|d| d.to)
            .collect()
    };
    assert_eq!(reach(&board).len(), 8);
    assert!(reach(&board).contains(&(2, 3)));
    // (0,1) is the first square on the way to (2,3) and (-2,3); (1,2) the
    // second on the way to (2,3) only.
    board.put((1, 2), b(PieceKind::Pawn), false);
    assert!(!reach(&board).contains(&(2, 3)) && reach(&board).contains(&(-2, 3)));
    board.put((0, 1), b(PieceKind::Pawn), false);
    assert_eq!(reach(&board).len(), 6);
}

mod symmetry {
    use super::*;
    use proptest::prelude::*;

    /// The kinds that move alike for every side: all but the pawn, obstacle and void.
    fn kinds() -> Vec<PieceKind> {
        PieceKind::ALL
            .into_iter()
            .filter(|k| !matches!(*k, PieceKind::Pawn | PieceKind::Obstacle | PieceKind::Void))
            .collect()
    }

    /// A square, what stands there (0 void, 1 obstacle, else a knight) and whether it is Black's.
    type Cell = (Square, u8, bool);
    /// A symmetry of the board.
    type Map = fn(Square) -> Square;

    fn board_and_mover() -> impl Strategy<Value = (Vec<Cell>, usize)> {
        (
            proptest::collection::vec(((-8i64..9, -8i64..9), 0u8..4, any::<bool>()), 0..25),
            0..kinds().len(),
        )
    }

    fn build(cells: &[Cell], kind: PieceKind, flip: impl Fn((i64, i64)) -> (i64, i64)) -> RefBoard {
        let mut board = RefBoard::new();
        board.window = 12;
        for &(at, who, enemy) in cells {
            if at == (0, 0) {
                continue;
            }
            let piece = match who {
                0 => Piece::new(PieceKind::Void, Player::NEUTRAL),
                1 => Piece::new(PieceKind::Obstacle, Player::NEUTRAL),
                _ => Piece::new(
                    PieceKind::Knight,
                    if enemy { Player::BLACK } else { Player::WHITE },
                ),
            };
            board.put(flip(at), piece, false);
        }
        board.put((0, 0), w(kind), false);
        board
    }

    proptest! {
        /// Every non-pawn piece moves the same in a mirrored or turned world:
        /// mirroring the board mirrors the destinations (captures included).
        #[test]
        fn destinations_follow_the_board_under_symmetry((cells, k) in board_and_mover()) {
            let kind = kinds()[k];
            let plain = build(&cells, kind, |s| s).destinations((0, 0));
            let maps: [Map; 3] = [|(x, y)| (-x, y), |(x, y)| (x, -y), |(x, y)| (-y, x)];
            for map in maps {
                let turned = build(&cells, kind, map).destinations((0, 0));
                let expected: BTreeSet<Destination> = plain
                    .iter()
                    .map(|d| Destination { to: map(d.to), captures: d.captures.map(map) })
                    .collect();
                prop_assert_eq!(&turned, &expected, "{:?}", kind);
            }
            // Nothing lands on a friend or a void, and every capture is on the landing square.
            let board = build(&cells, kind, |s| s);
            for d in &plain {
                let there = board.pieces.get(&d.to);
                prop_assert!(there.is_none_or(|p| p.player != Player::WHITE && p.kind != PieceKind::Void));
                prop_assert_eq!(d.captures.is_some(), there.is_some());
            }
        }
    }
}

/// A second, hand-written description of every non-pawn piece (leap offsets
/// and slide directions listed by hand, not taken from `movement_of`), used to
/// check the algebra on a crowded board.
mod by_hand {
    use super::*;

    const KING: &[Square] = &[
        (1, 0),
        (1, 1),
        (0, 1),
        (-1, 1),
        (-1, 0),
        (-1, -1),
        (0, -1),
        (1, -1),
    ];
    const KNIGHT: &[Square] = &[
        (1, 2),
        (2, 1),
        (2, -1),
        (1, -2),
        (-1, -2),
        (-2, -1),
        (-2, 1),
        (-1, 2),
    ];
    const ROOK: &[Square] = &[(1, 0), (0, 1), (-1, 0), (0, -1)];
    const BISHOP: &[Square] = &[(1, 1), (-1, 1), (-1, -1), (1, -1)];

    fn hand(kind: PieceKind) -> (Vec<Square>, Vec<Square>) {
        let cat = |parts: &[&[Square]]| {
            parts
                .iter()
                .flat_map(|p| p.iter().copied())
                .collect::<Vec<_>>()
        };
        let camel: Vec<Square> = KNIGHT
            .iter()
            .map(|&(x, y)| {
                (
                    x.signum() * if x.abs() == 1 { 1 } else { 3 },
                    y.signum() * if y.abs() == 1 { 1 } else { 3 },
                )
            })
            .collect();
        let giraffe: Vec<Square> = KNIGHT
            .iter()
            .map(|&(x, y)| {
                (
                    x.signum() * if x.abs() == 1 { 1 } else { 4 },
                    y.signum() * if y.abs() == 1 { 1 } else { 4 },
                )
            })
            .collect();
        let zebra: Vec<Square> = KNIGHT
            .iter()
            .map(|&(x, y)| (x.signum() * (x.abs() + 1), y.signum() * (y.abs() + 1)))
            .collect();
        let hawk: Vec<Square> = KING
            .iter()
            .flat_map(|&(x, y)| [(2 * x, 2 * y), (3 * x, 3 * y)])
            .collect();
        match kind {
            PieceKind::King | PieceKind::Guard => (KING.to_vec(), vec![]),
            PieceKind::Queen | PieceKind::RoyalQueen => (vec![], cat(&[ROOK, BISHOP])),
            PieceKind::Rook => (vec![], ROOK.to_vec()),
            PieceKind::Bishop => (vec![], BISHOP.to_vec()),
            PieceKind::Knight => (KNIGHT.to_vec(), vec![]),
            PieceKind::Amazon => (KNIGHT.to_vec(), cat(&[ROOK, BISHOP])),
            PieceKind::Chancellor => (KNIGHT.to_vec(), ROOK.to_vec()),
            PieceKind::Archbishop => (KNIGHT.to_vec(), BISHOP.to_vec()),
            PieceKind::Centaur | PieceKind::RoyalCentaur => (cat(&[KING, KNIGHT]), vec![]),
            PieceKind::Knightrider => (vec![], KNIGHT.to_vec()),
            PieceKind::Camel => (camel, vec![]),
            PieceKind::Giraffe => (giraffe, vec![]),
            PieceKind::Zebra => (zebra, vec![]),
            PieceKind::Hawk => (hawk, vec![]),
            _ => (vec![], vec![]),
        }
    }

    #[test]
    fn every_piece_on_a_crowded_board_matches_the_hand_tables() {
        let mut board = RefBoard::new();
        board.window = 10;
        let blockers = [
            ((0, 3), b(PieceKind::Pawn)),
            ((2, 2), w(PieceKind::Pawn)),
            ((-4, 0), b(PieceKind::Rook)),
            ((-1, -2), w(PieceKind::Pawn)),
            ((2, 4), b(PieceKind::Knight)),
            ((3, -3), Piece::new(PieceKind::Void, Player::NEUTRAL)),
            ((0, -5), Piece::new(PieceKind::Obstacle, Player::NEUTRAL)),
            ((6, 0), w(PieceKind::Queen)),
        ];
        for (at, p) in blockers {
            board.put(at, p, false);
        }
        let kinds = PieceKind::ALL.into_iter().filter(|k| {
            !matches!(
                *k,
                PieceKind::Pawn
                    | PieceKind::Huygen
                    | PieceKind::Rose
                    | PieceKind::Obstacle
                    | PieceKind::Void
            )
        });
        let mut checked = 0;
        for kind in kinds {
            board.put((0, 0), w(kind), false);
            let (leaps, slides) = hand(kind);
            let mut expected = BTreeSet::new();
            let can_land = |s: Square| match board.pieces.get(&s) {
                None => true,
                Some(p) => p.player != Player::WHITE && p.kind != PieceKind::Void,
            };
            for s in leaps {
                if can_land(s) {
                    expected.insert(s);
                }
            }
            for (dx, dy) in slides {
                for k in 1..=10 {
                    let s = (dx * k, dy * k);
                    if can_land(s) {
                        expected.insert(s);
                    }
                    if board.pieces.contains_key(&s) {
                        break;
                    }
                }
            }
            assert_eq!(board.targets((0, 0)), expected, "{kind:?}");
            checked += 1;
        }
        assert_eq!(checked, 17);
    }
}

#[test]
fn every_kind_is_found_again_from_its_movement() {
    use icn_rules::movement::{kind_with_movement, movement_of, royal_by_default};
    for kind in PieceKind::ALL {
        if kind.is_neutral_only() {
            assert_eq!(kind_with_movement(&movement_of(kind), false), None);
            continue;
        }
        let royal = royal_by_default(kind);
        assert_eq!(
            kind_with_movement(&movement_of(kind), royal),
            Some(kind),
            "{kind:?}"
        );
    }
    // Written differently, moving the same.
    let rook = Movement::from(Component::new(Pattern::Ride {
        vector: Vector::new(0, -1),
        symmetry: Symmetry::Rotations,
        max: None,
    }));
    assert!(rook.same_as(&movement_of(PieceKind::Rook)));
    let short = Movement::from(Component::new(Pattern::Ride {
        vector: Vector::new(1, 2),
        symmetry: Symmetry::Octal,
        max: Some(1),
    }));
    assert!(short.same_as(&movement_of(PieceKind::Knight)));
    assert!(!short.same_as(&movement_of(PieceKind::Knightrider)));
}
