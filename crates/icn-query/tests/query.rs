//! Hand-made checks of the language on the unbounded board and on 8×8
//! positions, each answer shown by hand in a comment.

#[path = "query/collection.rs"]
mod collection;
#[path = "query/transforms.rs"]
mod transforms;

use icn_model::{Dialect, Game};
use icn_movegen::Board;
use icn_query::{PositionInfo, Query, Value};

fn eval(position: &str, query: &str) -> Option<Value> {
    let game = Game::parse(position, Dialect::Auto).unwrap();
    let mut board = Board::from_game(&game).unwrap();
    let q = Query::parse(query).unwrap_or_else(|e| panic!("{}", e.render("<query>", query)));
    q.eval(&mut board, PositionInfo::default())
        .unwrap_or_else(|e| panic!("{}", e.render("<query>", query)))
}

pub(crate) fn show(position: &str, query: &str) -> String {
    eval(position, query).map_or_else(|| "<no match>".to_string(), |v| v.to_string())
}

#[test]
fn smoke() {
    let p = "w K5,1|k5,8|R1,8|b3,3";
    assert_eq!(show(p, "k attackedby A"), "5,8");
    assert_eq!(show(p, "A attacks k"), "1,8");
    // White to move, and the bishop on 3,3 gives check along 4,2.
    assert_eq!(show(p, "check"), "true");
    // Diagonals of 3,3 inside 1..8: 5 up-right, 2 up-left, 2 down-right
    // (to the king on 5,1), 2 down-left.
    assert_eq!(show(p, "#(. attackedby b & [1..8, 1..8])"), "11");
    assert_eq!(show(p, ". attackedby R"), "<infinite>");
}
