#![doc = include_str!("../README.md")]
//!
//! ## Layout
//! * `query.pest` and [`syntax`]: the grammar and the syntax tree with spans.
//! * [`plan`]: names, types and constants checked; transforms expanded.
//! * [`squares`]: exact square sets on the unbounded board.
//! * [`pieces`]: piece designators as classes of pieces.
//! * `eval`: a plan evaluated at one position (no text).
//! * [`games`]: a query run over every position of a game.
//! * [`collection`]: PGN, ICN and JSON game collections read one game at a
//!   time (`json_array`: a JSON array of games, element by element).
//! * [`conformance`]: the `fixtures/query` corpus (python-chess facts).

pub mod collection;
pub mod conformance;
mod error;
mod eval;
pub mod games;
mod json_array;
pub mod pieces;
pub mod plan;
pub mod squares;
pub mod syntax;

pub use error::QueryError;
pub use eval::{PositionInfo, Value, type_number};
pub use squares::{Count, Range, SquareSet};

use icn_movegen::Board;

/// A checked query, ready to evaluate at positions.
#[derive(Clone, Debug)]
pub struct Query {
    plan: plan::Plan,
}

impl Query {
    /// Reads and checks a query.
    ///
    /// # Errors
    /// The first syntax error, or the first type or name error, with its
    /// span in `text`.
    ///
    /// ```
    /// use icn_query::Query;
    /// assert!(Query::parse("a attackedby A & ~ a attackedby a").is_ok());
    /// let e = Query::parse("#3").unwrap_err();
    /// assert_eq!(e.message, "`#` expected a set of squares, found a number");
    /// ```
    pub fn parse(text: &str) -> Result<Query, QueryError> {
        let items = syntax::parse(text)?;
        Ok(Query {
            plan: plan::check(&items)?,
        })
    }

    /// The checked plan.
    pub fn plan(&self) -> &plan::Plan {
        &self.plan
    }

    /// The query's value at the board's position (`None`: it does not match
    /// there). The board is only borrowed mutably to generate moves
    /// (`mate`, `stalemate`); it comes back as it was.
    ///
    /// # Errors
    /// See the `eval` module: a set that must be finite is not, or the engine
    /// cannot describe an attack set.
    ///
    /// ```
    /// use icn_model::{Dialect, Game};
    /// use icn_movegen::Board;
    /// use icn_query::{PositionInfo, Query, Value};
    /// let game = Game::parse("w K5,1|k5,8|R1,8", Dialect::Auto).unwrap();
    /// let mut board = Board::from_game(&game).unwrap();
    /// let q = Query::parse("k attackedby A").unwrap();
    /// let v = q.eval(&mut board, PositionInfo::default()).unwrap().unwrap();
    /// assert_eq!(v.to_string(), "5,8");
    /// // The unbounded board: what the rook attacks is a finite sum of rays.
    /// // Within 1..100 × 1..100: column 1 but the rook's own square (99),
    /// // and row 8 up to the king (4).
    /// let q = Query::parse("#(. attackedby R & [1..100, 1..100])").unwrap();
    /// let v = q.eval(&mut board, PositionInfo::default()).unwrap().unwrap();
    /// assert_eq!(v, Value::Num(99 + 4));
    /// ```
    pub fn eval(
        &self,
        board: &mut Board,
        info: PositionInfo<'_>,
    ) -> Result<Option<Value>, QueryError> {
        eval::Eval::new(&self.plan, board, info).run()
    }

    /// Whether the query matches at the board's position.
    ///
    /// # Errors
    /// As [`Query::eval`].
    pub fn matches(&self, board: &mut Board, info: PositionInfo<'_>) -> Result<bool, QueryError> {
        Ok(self.eval(board, info)?.is_some_and(|v| v.matches()))
    }
}
