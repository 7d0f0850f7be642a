//! What `convert` writes: the JSON long form or ICN in one of three forms,
//! in the spec or the site dialect.
//!
//! JSON is pretty-printed for a whole document and one line per document
//! with `--lines` (JSON Lines). ICN `pretty` spans several lines, so it is
//! refused with `--lines`.

use clap::ValueEnum;
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
}

impl Target {
    /// The name as given to `--to`.
    pub fn name(self) -> &'static str {
        match self {
            Target::Json => "json",
            Target::Icn => "icn",
            Target::IcnCompact => "icn-compact",
            Target::IcnPretty => "icn-pretty",
        }
    }

    /// Whether one document always fits on one line.
    pub fn is_single_line(self) -> bool {
        self != Target::IcnPretty
    }

    fn form(self) -> Option<IcnForm> {
        match self {
            Target::Json => None,
            Target::Icn => Some(IcnForm::Full),
            Target::IcnCompact => Some(IcnForm::Compact),
            Target::IcnPretty => Some(IcnForm::Pretty),
        }
    }
}

/// How one document is written.
#[derive(Clone, Copy, Debug)]
pub struct Writer {
    /// The notation.
    pub target: Target,
    /// The ICN dialect (ignored for JSON).
    pub dialect: Dialect,
    /// Pretty-print JSON over several lines.
    pub pretty_json: bool,
}

impl Writer {
    /// Appends `game` to `out`, without a final line break.
    ///
    /// # Errors
    /// When the ICN dialect cannot express something the game holds.
    pub fn write(&self, game: &Game, out: &mut Vec<u8>) -> Result<(), WriteError> {
        match self.target.form() {
            None if self.pretty_json => {
                out.extend_from_slice(json::to_json_string_pretty(game).as_bytes())
            }
            None => json::write_json(game, out),
            Some(form) => {
                let text = game.to_icn(IcnStyle {
                    form,
                    dialect: self.dialect,
                })?;
                out.extend_from_slice(text.as_bytes());
            }
        }
        Ok(())
    }

    /// Says why a game could not be written, naming target and dialect.
    pub fn explain(&self, e: &WriteError) -> String {
        format!(
            "cannot write this document as {} in the {} dialect: {e}",
            self.target.name(),
            self.dialect.name()
        )
    }
}
