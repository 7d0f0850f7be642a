//! One document, ICN or JSON long form (told apart by
//! `icn_adapters::document::detect`), read into a [`Game`], with what
//! messages about it need.

pub use icn_adapters::document::{Format, detect};
use icn_model::json::JsonError;
use icn_model::{Dialect, Game, ParseError, SourceMap, Subject};
use icn_syntax::{Diagnostic, LineIndex, Span};

/// Why a document could not be read.
#[derive(Debug)]
pub enum ReadError {
    /// ICN that does not parse or lower.
    Icn(ParseError),
    /// JSON that is malformed or does not describe a game.
    Json(JsonError),
}

/// One problem with its column within a line, for `--lines` reports.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Located {
    /// Line within the document, from 1.
    pub line: usize,
    /// Column, from 1.
    pub column: usize,
    /// The kind shown as `error[kind]` (empty when the message carries its
    /// own label, as `warning[kind]: …` does).
    pub kind: &'static str,
    /// What is wrong.
    pub message: String,
}

impl Located {
    /// An error of `kind` at line 1, column 1 of a document (a problem with
    /// the whole document).
    pub fn whole(kind: &'static str, message: String) -> Located {
        Located {
            line: 1,
            column: 1,
            kind,
            message,
        }
    }
}

impl ReadError {
    /// Every problem, compiler style: message, location, source line, caret.
    /// The text is indexed once, so this is linear in the text and the
    /// number of problems.
    pub fn render(&self, origin: &str, source: &str) -> String {
        match self {
            ReadError::Icn(e) => e.render(origin, source),
            ReadError::Json(e) => {
                let index = LineIndex::new(source);
                let at = json_offset(e, &index);
                Diagnostic::new(Span::new(at, at + 1), json_message(e)).render_in(origin, &index)
            }
        }
    }

    /// [`ReadError::render`] written to `out` one problem at a time, each
    /// followed by a line break (memory does not grow with the number of
    /// problems).
    ///
    /// # Errors
    /// Writing failed.
    pub fn write_rendered(
        &self,
        out: &mut dyn std::io::Write,
        origin: &str,
        source: &str,
    ) -> std::io::Result<()> {
        match self {
            ReadError::Icn(e) => e.write_rendered(out, origin, source),
            ReadError::Json(_) => writeln!(out, "{}", self.render(origin, source)),
        }
    }

    /// How many problems there are.
    pub fn count(&self) -> usize {
        match self {
            ReadError::Icn(e) => e.diagnostics.len(),
            ReadError::Json(_) => 1,
        }
    }

    /// Every problem with its line and column (in characters) in `source`.
    pub fn located(&self, source: &str) -> Vec<Located> {
        let index = LineIndex::new(source);
        let kind = match self {
            ReadError::Icn(_) => "icn",
            ReadError::Json(_) => "json",
        };
        let located = |lc: icn_syntax::LineCol, message: String| Located {
            line: lc.line,
            column: lc.column,
            kind,
            message,
        };
        match self {
            ReadError::Icn(e) => e
                .diagnostics
                .iter()
                .map(|d| located(d.line_col_in(&index), d.message.clone()))
                .collect(),
            ReadError::Json(e) => vec![located(
                index.line_col(json_offset(e, &index)),
                json_message(e),
            )],
        }
    }
}

/// Where a JSON error is: serde's place for a syntax error (serde_json
/// counts columns in bytes), the key path's place in the text for a bad
/// value, or 0 for an error that has no place in the text.
fn json_offset(e: &JsonError, index: &LineIndex<'_>) -> usize {
    if let JsonError::Invalid { path, .. } = e
        && let Some(span) = icn_model::json::locate(index.text(), path)
    {
        return span.start;
    }
    e.location().map_or(0, |(line, column)| {
        index.offset_of_byte_column(line, column)
    })
}

/// The message, without serde_json's " at line L column C" (shown apart).
fn json_message(e: &JsonError) -> String {
    format!("invalid JSON long form: {}", e.message())
}

/// A whole input read as one game, with what messages about it need.
pub struct WholeGame {
    /// The game.
    pub game: Game,
    /// The input's name for messages (`<stdin>` for standard input).
    pub origin: String,
    /// The text it was read from.
    pub text: String,
    /// Where each part of an ICN game was written (`None` for JSON).
    pub map: Option<SourceMap>,
}

impl WholeGame {
    /// Where move `index` (0-based) was written, rendered compiler-style
    /// with `message`.
    pub fn render_at_move(&self, index: usize, message: &str) -> Option<String> {
        Some(self.render_at(Subject::Move(index), "error", message))
    }

    /// `message` about `subject`, rendered compiler-style under `label`
    /// (`error`, `warning[ep-without-pawn]`) at where the subject was
    /// written: its span in ICN, the value at its key path in JSON.
    pub fn render_at(&self, subject: Subject, label: &str, message: &str) -> String {
        render_at(
            &self.game,
            self.map.as_ref(),
            subject,
            label,
            message,
            &self.origin,
            &self.text,
        )
    }
}

/// Where `subject` was written in `text`: from the source map of ICN text,
/// by its key path in JSON text (the whole text when neither finds it).
pub fn span_of(game: &Game, map: Option<&SourceMap>, subject: Subject, text: &str) -> Span {
    match map {
        Some(map) => map.span(subject),
        None => icn_model::json::locate(text, &subject.json_path(game))
            .unwrap_or(Span::new(0, text.len())),
    }
}

/// `message` about `subject` rendered compiler-style (see
/// [`WholeGame::render_at`]); JSON messages name the key path.
pub fn render_at(
    game: &Game,
    map: Option<&SourceMap>,
    subject: Subject,
    label: &str,
    message: &str,
    origin: &str,
    text: &str,
) -> String {
    let mut out = String::new();
    let index = LineIndex::new(text);
    render_at_into(
        &mut out,
        game,
        map,
        subject,
        [label, message, origin],
        &index,
    );
    out
}

/// [`render_at`] appended to `out`, with the text's line index built once
/// (so reporting many problems of one text stays linear).
pub fn render_at_into(
    out: &mut String,
    game: &Game,
    map: Option<&SourceMap>,
    subject: Subject,
    [label, message, origin]: [&str; 3],
    index: &LineIndex<'_>,
) {
    let span = span_of(game, map, subject, index.text());
    let message = match map {
        None if subject != Subject::Document => format!("{}: {message}", subject.json_path(game)),
        _ => message.to_string(),
    };
    Diagnostic::new(span, message).render_as_into(out, label, origin, index);
}

/// Reads the whole of `input` as one game (ICN or JSON long form). On a bad
/// document the problems are printed on standard error, compiler-style, and
/// `None` comes back.
///
/// # Errors
/// Reading the input failed.
pub fn read_whole_game(
    input: &crate::input::InputArg,
    dialect: Dialect,
) -> anyhow::Result<Option<WholeGame>> {
    read_whole(input.open()?, dialect, None)
}

/// [`read_whole_game`] of an opened input, as ICN or JSON as `source` says
/// (detected from the text when it is `None` or neither).
///
/// # Errors
/// Reading the input failed.
pub fn read_whole(
    input: crate::input::Input,
    dialect: Dialect,
    source: impl Into<Option<crate::source::Source>>,
) -> anyhow::Result<Option<WholeGame>> {
    let origin = input.origin.clone();
    let text = match input.read_text()? {
        Ok(t) => t,
        Err(message) => {
            eprintln!("error[utf8]: {message}");
            return Ok(None);
        }
    };
    let format = match source.into() {
        Some(crate::source::Source::Icn) => Format::Icn,
        Some(crate::source::Source::Json) => Format::Json,
        _ => detect(&text),
    };
    match read_game_as(&text, dialect, format) {
        Ok((game, _, map)) => Ok(Some(WholeGame {
            game,
            origin,
            text,
            map,
        })),
        Err(e) => {
            let mut err = std::io::BufWriter::new(std::io::stderr().lock());
            e.write_rendered(&mut err, &origin, &text)?;
            std::io::Write::flush(&mut err)?;
            Ok(None)
        }
    }
}

/// Reads `text` as ICN (in `dialect`, SAN-like moves resolved) or JSON,
/// whichever it is.
///
/// # Errors
/// Every ICN diagnostic, or the JSON error.
pub fn read_game(text: &str, dialect: Dialect) -> Result<(Game, Format), ReadError> {
    read_game_mapped(text, dialect).map(|(game, format, _)| (game, format))
}

/// [`read_game`], also giving the source map of ICN text.
///
/// # Errors
/// As [`read_game`].
pub fn read_game_mapped(
    text: &str,
    dialect: Dialect,
) -> Result<(Game, Format, Option<SourceMap>), ReadError> {
    read_game_as(text, dialect, detect(text))
}

/// [`read_game_mapped`] in the notation `format`.
///
/// # Errors
/// As [`read_game`].
pub fn read_game_as(
    text: &str,
    dialect: Dialect,
    format: Format,
) -> Result<(Game, Format, Option<SourceMap>), ReadError> {
    match format {
        Format::Icn => icn_adapters::sanlike_game::read_game_mapped(text, dialect)
            .map(|(g, map)| (g, Format::Icn, Some(map)))
            .map_err(ReadError::Icn),
        Format::Json => icn_adapters::sanlike_game::read_json(text)
            .map(|g| (g, Format::Json, None))
            .map_err(ReadError::Json),
    }
}

/// A short description: `game: 32 pieces, 22 moves, 11 metadata tags`.
pub fn describe(game: &Game) -> String {
    let plural = |n: usize, what: &str| format!("{n} {what}{}", if n == 1 { "" } else { "s" });
    let mut parts = vec![plural(game.position.pieces.len(), "piece")];
    if !game.moves.is_empty() {
        parts.push(plural(game.moves.len(), "move"));
    }
    if !game.metadata.is_empty() {
        parts.push(plural(game.metadata.len(), "metadata tag"));
    }
    let kind = if game.moves.is_empty() {
        "position"
    } else {
        "game"
    };
    format!("{kind}, {}", parts.join(", "))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tells_json_from_icn_with_leading_properties() {
        assert_eq!(detect("  {\"turn\": \"white\"}\n"), Format::Json);
        assert_eq!(detect("{\"a\": \"}\"}"), Format::Json);
        assert_eq!(detect("{\"slideLimit\": 7} K1,1|k3,3"), Format::Icn);
        assert_eq!(detect("w K1,1|k3,3"), Format::Icn);
        assert_eq!(detect("{\"turn\": "), Format::Json);
        assert_eq!(detect(""), Format::Icn);
    }

    #[test]
    fn json_errors_carry_line_and_column() {
        let text = "{\n  \"turn\": 5\n}";
        let err = read_game(text, Dialect::Auto).unwrap_err();
        let first = &err.located(text)[0];
        assert_eq!(first.line, 2, "{first:?}");
        assert!(
            first.message.starts_with("invalid JSON long form: "),
            "{first:?}"
        );
        assert!(
            err.render("g.json", text).contains("--> g.json:2:"),
            "{}",
            err.render("g.json", text)
        );
    }

    #[test]
    fn json_columns_count_characters_and_crlf_after_wide_characters_renders() {
        let text = "{\"turn\":\"é\r\n\"}";
        let err = read_game(text, Dialect::Auto).unwrap_err();
        let rendered = err.render("t.json", text);
        assert!(rendered.contains("--> t.json:1:"), "{rendered}");
        // After the two-byte `é`, serde_json's byte column 12 is character column 11.
        let located = err.located(text);
        assert_eq!((located[0].line, located[0].column), (1, 11), "{located:?}");
        let text = "{\"metadata\":{\"é\":\"é\"},\"turn\":5}";
        let located = read_game(text, Dialect::Auto).unwrap_err().located(text);
        assert_eq!(located[0].column, text.chars().count() - 1, "{located:?}");
    }

    #[test]
    fn reads_json_written_from_icn() {
        let (game, _) = read_game("w 0/100 (8|1) K5,1+|k5,8+ 5,1>5,2", Dialect::Auto).unwrap();
        let json = icn_model::json::to_json_string(&game);
        let (back, format) = read_game(&json, Dialect::Spec).unwrap();
        assert_eq!(format, Format::Json);
        assert_eq!(back, game);
    }

    #[test]
    fn icn_errors_carry_line_and_column() {
        let text = "w K1,1|k3,3\n1,1>";
        let err = read_game(text, Dialect::Auto).unwrap_err();
        let first = &err.located(text)[0];
        assert_eq!((first.line, first.column), (2, 5));
        assert!(
            err.render("x.icn", text).contains("--> x.icn:2:"),
            "{}",
            err.render("x.icn", text)
        );
    }
}
