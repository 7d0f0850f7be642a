//! What `convert` writes: the JSON long form, ICN in one of three forms (in
//! the spec or the site dialect), FEN (the game's start position) or PGN.
//!
//! JSON is pretty-printed for a whole document and one line per document
//! with `--lines` (JSON Lines). ICN `pretty` and PGN span several lines, so
//! they are refused with `--lines`. ICN moves are written with coordinates,
//! or in the SAN-like notation (`--moves san-like`, ICN only), which needs
//! the moves replayed. FEN and PGN hold 8×8 chess only: a game they cannot
//! hold is refused with the reason.

use clap::ValueEnum;
use icn_adapters::fen::CastlingStyle;
use icn_adapters::{fen_icn, pgn_export, sanlike_game};
use icn_model::{Dialect, Game, IcnForm, IcnStyle, WriteError, json};

/// The output notation (`--to`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Target {
    /// The JSON long form.
    Json,
    /// ICN with every field written, on one line.
    Icn,
    /// The shortest ICN: defaults and move decorations left out.
    IcnCompact,
    /// ICN over several lines: metadata, position, numbered moves.
    IcnPretty,
    /// FEN of the start position (8×8 chess only).
    Fen,
    /// PGN (8×8 chess only), one game after another.
    Pgn,
}

impl Target {
    /// The name as given to `--to`.
    pub fn name(self) -> &'static str {
        match self {
            Target::Json => "json",
            Target::Icn => "icn",
            Target::IcnCompact => "icn-compact",
            Target::IcnPretty => "icn-pretty",
            Target::Fen => "fen",
            Target::Pgn => "pgn",
        }
    }

    /// Whether one document always fits on one line.
    pub fn is_single_line(self) -> bool {
        !matches!(self, Target::IcnPretty | Target::Pgn)
    }

    /// Whether this is one of the ICN forms.
    pub fn is_icn(self) -> bool {
        self.form().is_some()
    }

    fn form(self) -> Option<IcnForm> {
        match self {
            Target::Json | Target::Fen | Target::Pgn => None,
            Target::Icn => Some(IcnForm::Full),
            Target::IcnCompact => Some(IcnForm::Compact),
            Target::IcnPretty => Some(IcnForm::Pretty),
        }
    }
}

/// How ICN output writes moves (`--moves`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, ValueEnum)]
pub enum MoveNotation {
    /// Start and destination squares: `5,2>5,4`.
    #[default]
    Icn,
    /// The SAN-like notation of `docs/san-like.md`: `N3,4`, `O-O`.
    SanLike,
}

/// How one document is written.
#[derive(Clone, Copy, Debug)]
pub struct Writer {
    /// The notation.
    pub target: Target,
    /// The ICN dialect (ignored for JSON).
    pub dialect: Dialect,
    /// How ICN moves are written (JSON moves are always coordinates).
    pub moves: MoveNotation,
    /// Pretty-print JSON over several lines.
    pub pretty_json: bool,
    /// How FEN output writes castling rights.
    pub castling: CastlingStyle,
}

impl Writer {
    /// Appends `game` to `out`, without a final line break.
    ///
    /// # Errors
    /// Why the game cannot be written, naming target and dialect: something
    /// the ICN dialect cannot express, or (for SAN-like moves) a move that
    /// cannot be played.
    pub fn write(&self, game: &Game, out: &mut Vec<u8>) -> Result<(), String> {
        match self.target.form() {
            None if self.target == Target::Fen => {
                let fen = fen_icn::game_to_fen(game)
                    .map_err(|e| format!("cannot write this game as FEN: {e}"))?;
                out.extend_from_slice(fen.write(self.castling).as_bytes());
            }
            None if self.target == Target::Pgn => {
                let pgn = pgn_export::export_game(game)
                    .map_err(|e| format!("cannot write this game as PGN: {e}"))?;
                out.extend_from_slice(pgn.trim_end().as_bytes());
            }
            None if self.pretty_json => {
                out.extend_from_slice(json::to_json_string_pretty(game).as_bytes())
            }
            None => json::write_json(game, out),
            Some(form) => {
                let style = IcnStyle {
                    form,
                    dialect: self.dialect,
                };
                let text = match self.moves {
                    MoveNotation::Icn => game.to_icn(style).map_err(|e| self.explain(&e)),
                    MoveNotation::SanLike => sanlike_game::write_game(game, style)
                        .map_err(|e| format!("cannot write the moves SAN-like: {e}")),
                }?;
                out.extend_from_slice(text.as_bytes());
            }
        }
        Ok(())
    }

    /// Says why a game could not be written, naming target and dialect.
    fn explain(&self, e: &WriteError) -> String {
        format!(
            "cannot write this document as {} in the {} dialect: {e}",
            self.target.name(),
            self.dialect.name()
        )
    }
}
