//! Variant rule objects of Infinite Chess Notation: what every piece may do,
//! where the board ends, how games are won — and the texts and catalogue that
//! describe them.
//!
//! Layers: `icn-syntax` → `icn-model` → **`icn-rules`** → `icn-movegen`. This
//! crate knows what a variant means; it never generates legal moves fast (the
//! [`reference`] generator is deliberately slow and simple).
//!
//! ## Layout
//! * [`movement`]: the movement algebra and [`movement_of`] for every ICN piece.
//! * [`reference`]: an obviously-correct destination generator over a simple board.
//! * [`board`]: [`Region`] (unbounded, world border, finite with holes) and [`Zone`].
//! * [`rules`]: [`RuleSet`] and [`Variant`].
//!
//! ```
//! use icn_model::{Piece, PieceKind, Player};
//! use icn_rules::reference::RefBoard;
//! let mut board = RefBoard::new();
//! board.put((0, 0), Piece::new(PieceKind::Hawk, Player::White), false);
//! assert_eq!(board.targets((0, 0)).len(), 16);
//! ```

pub mod board;
pub mod castling;
pub mod catalogue;
pub mod conformance;
pub mod fbr;
pub mod json;
pub mod lower;
pub mod movement;
pub mod reference;
pub mod rules;
pub mod show;

pub use board::{Region, Zone};
pub use movement::{Action, Component, Frame, Movement, Pattern, Symmetry, Vector, movement_of};
pub use rules::{
    CastleMove, Castling, Draws, EnPassant, Losses, Outcome, PromotionRule, RuleSet, Variant,
    WinRule, insufficient_material,
};
