//! More than two players, voids and obstacles, and the world border.

use icn_model::{Dialect, Game, Player};
use icn_movegen::{Board, PerftMode, Sq};

#[test]
fn three_players_take_turns_and_every_opponent_checks() {
    let g = Game::parse("w 1,8,1,8 K1,1|k8,8|3k1,8|3r5,1", Dialect::Auto).unwrap();
    let mut rules = icn_movegen::rules_of(&g).unwrap();
    rules.turn_order = vec![Player::WHITE, Player::BLACK, Player::RED];
    rules.wins = [Player::WHITE, Player::BLACK, Player::RED]
        .into_iter()
        .map(|p| (p, vec![icn_rules::WinRule::Checkmate]))
        .collect();
    let mut b = Board::new(&g.position, &rules).unwrap();
    assert_eq!(b.side_to_move(), Player::WHITE);
    // The red rook on row 1 checks the white king: it must leave the row (1,2 and 2,2).
    let moves = b.legal_moves().unwrap();
    let to: Vec<Sq> = moves.iter().map(|m| m.to).collect();
    assert_eq!(to, vec![Sq::new(1, 2), Sq::new(2, 2)]);
    b.make(&moves[0]);
    assert_eq!(b.side_to_move(), Player::BLACK);
    let black = b.legal_moves().unwrap();
    b.make(&black[0]);
    assert_eq!(b.side_to_move(), Player::RED);
    // Red's rook may take nothing of its own; its king is on 1,8.
    assert!(
        b.legal_moves()
            .unwrap()
            .iter()
            .all(|m| b.piece_at(m.to).is_none_or(|p| p.player != Player::RED))
    );
    b.unmake();
    b.unmake();
    assert_eq!(
        b.perft(3, PerftMode::Bulk).unwrap(),
        b.perft(3, PerftMode::MakeEveryLeaf).unwrap()
    );
}

#[test]
fn voids_block_and_are_never_entered_obstacles_are_taken_by_anyone() {
    let mut b = crate::board("w 1,8,1,8 K1,1|k8,8|R4,4|vo4,6|ob6,4");
    let rook: Vec<Sq> = b
        .legal_moves()
        .unwrap()
        .iter()
        .filter(|m| m.from == Sq::new(4, 4))
        .map(|m| m.to)
        .collect();
    assert!(
        rook.contains(&Sq::new(4, 5))
            && !rook.contains(&Sq::new(4, 6))
            && !rook.contains(&Sq::new(4, 7))
    );
    assert!(rook.contains(&Sq::new(6, 4)) && !rook.contains(&Sq::new(7, 4)));
    assert_eq!(rook.len(), 1 + 3 + 2 + 3);
}

#[test]
fn a_border_with_open_sides() {
    // Only a left side: the rook stops at x = -2 going left, runs forever to the right.
    let mut b = crate::board("w -2,_,_,_ K0,5|k9,9|R0,0");
    let fams = b.families().unwrap();
    let left: u64 = fams
        .iter()
        .filter(|f| matches!(f, icn_movegen::MoveFamily::Ray { from, step: (-1, 0), .. } if *from == Sq::new(0, 0)))
        .map(|f| f.len().unwrap())
        .sum();
    assert_eq!(left, 2);
}

#[test]
fn a_square_two_lame_legs_reach_is_one_move() {
    use icn_model::{PieceKind, Position};
    use icn_rules::movement::{Component, Movement, Pattern, Symmetry, Vector};
    // A lame leaper to (2,0) by way of (1,1) or (1,-1): two legs, one square.
    let g = Game::parse("w K0,0|k9,9|N5,5", Dialect::Auto).unwrap();
    let mut rules = icn_movegen::rules_of(&g).unwrap();
    let leg = |then: Vector| {
        Component::new(Pattern::Lame {
            first: Vector::new(1, 1),
            then,
            symmetry: Symmetry::None,
            then_times: 1,
        })
    };
    let two_ways = Movement {
        components: vec![leg(Vector::new(1, -1))],
    }
    .union(Movement {
        components: vec![Component::new(Pattern::Lame {
            first: Vector::new(1, -1),
            then: Vector::new(1, 1),
            symmetry: Symmetry::None,
            then_times: 1,
        })],
    });
    rules.movements.insert(PieceKind::Knight, two_ways);
    let position: Position = g.position.clone();
    let mut b = Board::new(&position, &rules).unwrap();
    let from_knight: Vec<Sq> = b
        .legal_moves()
        .unwrap()
        .iter()
        .filter(|m| m.from == Sq::new(5, 5))
        .map(|m| m.to)
        .collect();
    assert_eq!(from_knight, vec![Sq::new(7, 5)]);
}
