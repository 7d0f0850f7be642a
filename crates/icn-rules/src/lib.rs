#![doc = include_str!("../README.md")]
//!
//! ## Layout
//! * [`movement`]: the movement algebra and [`movement_of`] for every ICN piece.
//! * [`reference`](mod@reference): an obviously-correct destination generator over a simple board.
//! * [`board`]: [`Region`] (unbounded, world border, finite with holes) and [`Zone`].
//! * [`rules`]: [`RuleSet`] and [`Variant`]; [`castling`]: reference castling.
//! * [`lower`]: ICN game rules ↔ [`RuleSet`].
//! * [`fbr`]: FBR text ↔ [`RuleSet`]; [`json`]: a rule set as JSON, read back
//!   by [`json_read`].
//! * [`limits`]: flags, confinement zones, zone-bound moves, piece limits, flying general.
//! * [`catalogue`]: the built-in variants; [`show`]: `variant list` / `variant show`.
//! * [`validate`](mod@validate): every problem of a game read as written, by kind.
//! * [`conformance`]: the `fixtures/rules` runner.

pub mod board;
pub mod castling;
pub mod catalogue;
pub mod conformance;
pub mod counting;
pub mod drops;
pub mod fbr;
pub mod json;
pub mod json_read;
pub mod limits;
pub mod lower;
pub mod material;
pub mod movement;
pub mod movement_form;
pub mod pieces;
pub mod reference;
pub mod rules;
pub mod show;
pub mod validate;

pub use board::{Region, Zone};
pub use drops::{DropMate, DropZone, Drops};
pub use movement::{Action, Component, Frame, Movement, Pattern, Symmetry, Vector, movement_of};
pub use rules::{
    CastleMove, Castling, Draws, EnPassant, Extinction, Losses, Outcome, PromotionRule,
    RepetitionResult, RuleSet, Variant, WinRule, insufficient_material,
};
