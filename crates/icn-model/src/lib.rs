#![doc = include_str!("../README.md")]
//!
//! ## Layout
//! * [`Int`], [`Coord`], [`Player`], [`PieceKind`], [`Piece`]: the vocabulary.
//! * [`Position`], [`GameRules`], [`Annotations`], [`Game`], [`Move`]: what an ICN text says.
//! * [`lower()`]: syntax tree → model, holding what the text says (no chess
//!   rules are judged here: `icn_rules::validate` does that);
//!   [`lower_mapped()`] also gives the [`SourceMap`]; [`to_ast()`]: back.
//! * [`lower_with()`] and [`SanLikeResolver`]: games with SAN-like moves, resolved above the model.
//! * [`json`]: the JSON long form.

mod comment;
mod coord;
mod direct;
mod game;
mod holdings;
mod int;
pub mod json;
mod lower;
mod piece;
mod player;
mod position;
mod rules;
mod sanlike;
mod source_map;
pub mod state_property;
mod to_ast;

pub use comment::{CommentParts, holds_command, split_comment};
pub use coord::Coord;
#[doc(hidden)]
pub use direct::read_direct;
pub use game::{CheckMark, Clock, Game, Metadata, Move};
pub use holdings::Holdings;
pub use icn_syntax::{Dialect, Layout, ParseError, WriteError};
pub use int::{Int, ParseIntError};
pub use lower::{lower, lower_mapped, lower_with};
pub use piece::{Piece, PieceCodeError, PieceKind};
pub use player::Player;
pub use position::{Count, MoveRule, PlacedPiece, Position};
pub use rules::{Annotations, GameRules, Promotion, Ray, WinCondition, WorldBorder};
pub use sanlike::{RefuseSanLike, SanLikeError, SanLikeResolver};
pub use source_map::{MetadataTag, SourceMap, Subject};
pub use to_ast::{IcnForm, to_ast};

/// How to write a game as ICN text.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct IcnStyle {
    /// Which fields and decorations.
    pub form: IcnForm,
    /// Target dialect ([`Dialect::Auto`] writes the site dialect when the site
    /// can read the game, else both dialects' union, which this toolkit reads).
    pub dialect: Dialect,
}

impl Game {
    /// Parses and lowers an ICN position or game: what the text says, as
    /// the site reads it. Whether it is a sensible position is a separate
    /// question (`icn_rules::validate`).
    ///
    /// # Errors
    /// Syntax errors, or every problem that leaves the text without a
    /// meaning (a piece code that is not letters, say), each pointing at the text.
    ///
    /// ```
    /// use icn_model::{Dialect, Game, Player};
    /// let g = Game::parse("b 0/100 (8|1) K5,1+|k5,8+ 5,8>5,7", Dialect::Auto).unwrap();
    /// assert_eq!(g.position.side_to_move(), Player::BLACK);
    /// assert_eq!(g.moves.len(), 1);
    /// // A square given twice is held as written: both entries, the later one standing.
    /// let twice = Game::parse("K1,1|Q1,1", Dialect::Auto).unwrap();
    /// assert_eq!(twice.position.pieces.len(), 2);
    /// // A code that is not built-in is a kind of the variant's own (its
    /// // rules must define it); the site dialect refuses it, as the site does.
    /// let own = Game::parse("K1,1|X1,2", Dialect::Auto).unwrap();
    /// assert_eq!(own.position.pieces[1].piece.kind.code(), "X");
    /// let e = Game::parse("K1,1|X1,2", Dialect::Site).unwrap_err();
    /// assert!(e.diagnostics[0].message.contains("the site knows no piece"));
    /// ```
    pub fn parse(text: &str, dialect: Dialect) -> Result<Game, ParseError> {
        Game::parse_with(text, dialect, &mut RefuseSanLike)
    }

    /// Parses and lowers an ICN position or game, resolving SAN-like moves
    /// with `resolver` (icn-adapters has one that knows the legal moves).
    ///
    /// # Errors
    /// As [`Game::parse`], and the first SAN-like move that does not resolve.
    ///
    /// ```
    /// use icn_model::{Dialect, Game, RefuseSanLike};
    /// let e = Game::parse_with("w K5,1|k5,8 K5,2", Dialect::Auto, &mut RefuseSanLike);
    /// assert!(e.unwrap_err().diagnostics[0].message.contains("SAN-like"));
    /// ```
    pub fn parse_with(
        text: &str,
        dialect: Dialect,
        resolver: &mut dyn SanLikeResolver,
    ) -> Result<Game, ParseError> {
        Game::parse_mapped(text, dialect, resolver).map(|(game, _)| game)
    }

    /// [`Game::parse_with`], also giving where each part was written, so a
    /// later message can point at the text.
    ///
    /// # Errors
    /// As [`Game::parse_with`].
    ///
    /// ```
    /// use icn_model::{Dialect, Game, RefuseSanLike, Subject};
    /// let text = "w K5,1|k5,8 5,1>5,2";
    /// let (_, map) = Game::parse_mapped(text, Dialect::Auto, &mut RefuseSanLike).unwrap();
    /// let at = map.span(Subject::Move(0));
    /// assert_eq!(&text[at.start..at.end], "5,1>5,2");
    /// ```
    pub fn parse_mapped(
        text: &str,
        dialect: Dialect,
        resolver: &mut dyn SanLikeResolver,
    ) -> Result<(Game, SourceMap), ParseError> {
        // The common site-shaped document goes straight to the model.
        if dialect == Dialect::Auto
            && let Some(found) = read_direct(text)
        {
            return Ok(found);
        }
        let doc = icn_syntax::parse(text, dialect)?;
        lower_mapped(&doc, resolver).map_err(|diagnostics| ParseError { diagnostics })
    }

    /// Writes the game as ICN text.
    ///
    /// # Errors
    /// When the target dialect cannot express something the game holds (say
    /// so, never drop it), or no ICN text can.
    ///
    /// ```
    /// use icn_model::{Dialect, Game, IcnForm, IcnStyle};
    /// let g = Game::parse("w 0/100 1 (8|1) 1,8,1,8 K5,1+|k5,8+", Dialect::Site).unwrap();
    /// let compact = IcnStyle { form: IcnForm::Compact, dialect: Dialect::Site };
    /// assert_eq!(g.to_icn(compact).unwrap(), "0/100 (8|1) 1,8,1,8 K5,1+|k5,8+");
    /// let spec = IcnStyle { form: IcnForm::Full, dialect: Dialect::Spec };
    /// assert!(g.to_icn(spec).unwrap_err().to_string().contains("world border"));
    /// ```
    pub fn to_icn(&self, style: IcnStyle) -> Result<String, WriteError> {
        style.write(&to_ast(self, style.form, style.dialect)?)
    }
}

impl IcnStyle {
    /// Writes a syntax tree in this style's dialect, on one line or (for
    /// [`IcnForm::Pretty`]) over several.
    ///
    /// # Errors
    /// When the dialect cannot express something the tree holds.
    pub fn write(&self, doc: &icn_syntax::Document<'_>) -> Result<String, WriteError> {
        let layout = if self.form == IcnForm::Pretty {
            Layout::Pretty
        } else {
            Layout::Line
        };
        icn_syntax::write(
            doc,
            icn_syntax::WriteOptions {
                dialect: self.dialect,
                layout,
            },
        )
    }
}
