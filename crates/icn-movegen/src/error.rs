//! [`MovegenError`]: everything the engine refuses, with a reason.

/// Why the engine cannot answer.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum MovegenError {
    /// A coordinate beyond the engine's range (see [`crate::COORD_LIMIT`]).
    #[error("coordinate {0} is outside the engine's range of ±2^52")]
    OutOfRange(String),
    /// A counter of the position (fullmove number, move-rule counter) that
    /// is negative or beyond the engine's range.
    #[error("{what} {value} is outside the engine's range of 0 to 2^52")]
    CounterOutOfRange {
        /// Which counter, as a message names it (`fullmove number`).
        what: &'static str,
        /// Its value.
        value: String,
    },
    /// The position or rules cannot be set up.
    #[error("cannot set up the position: {0}")]
    Setup(String),
    /// Some move set is infinite where a finite one is needed.
    #[error("the move set is infinite: {0} (set a slide limit or a world border)")]
    Infinite(String),
    /// The rules ask for something the engine does not support.
    #[error("unsupported: {0}")]
    Unsupported(String),
    /// A move is not legal.
    #[error("{0}")]
    Illegal(String),
}
