//! One document, ICN or JSON long form (told apart by
//! `icn_adapters::document::detect`), read into a [`Game`], with what
//! messages about it need.

pub use icn_adapters::document::{Format, detect};
use icn_model::json::JsonError;
use icn_model::{Dialect, Game, ParseError, SourceMap, Subject};
use icn_syntax::{Diagnostic, Span};

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
    /// What is wrong.
    pub message: String,
}

impl ReadError {
    /// Every problem, compiler style: message, location, source line, caret.
    pub fn render(&self, origin: &str, source: &str) -> String {
        match self {
            ReadError::Icn(e) => e.render(origin, source),
            ReadError::Json(e) => {
                Diagnostic::new(json_span(e, source), json_message(e)).render(origin, source)
            }
        }
    }

    /// Every problem with its line and column in `source`.
    pub fn located(&self, source: &str) -> Vec<Located> {
        match self {
            ReadError::Icn(e) => e
                .diagnostics
                .iter()
                .map(|d| {
                    let lc = d.line_col(source);
                    Located {
                        line: lc.line,
                        column: lc.column,
                        message: d.message.clone(),
                    }
                })
                .collect(),
            ReadError::Json(e) => {
                let at = icn_syntax::line_col(source, json_span(e, source).start);
                vec![Located {
                    line: at.line,
                    column: at.column,
                    message: json_message(e),
                }]
            }
        }
    }
}

/// Where a JSON error is: serde's line and column for a syntax error, the
/// key path's place in the text for a bad value.
fn json_span(e: &JsonError, source: &str) -> Span {
    match e {
        JsonError::Invalid { path, .. } => icn_model::json::locate(source, path)
            .map_or(Span::new(0, 1), |s| Span::new(s.start, s.start + 1)),
        _ => {
            let at = json_location(e).map_or(0, |(line, column)| offset_of(source, line, column));
            Span::new(at, at + 1)
        }
    }
}

/// Line and column (from 1) of a JSON syntax error.
fn json_location(e: &JsonError) -> Option<(usize, usize)> {
    match e {
        JsonError::Syntax(e) if e.line() > 0 => Some((e.line(), e.column().max(1))),
        _ => None,
    }
}

/// The message without serde_json's " at line L column C" (shown apart).
fn json_message(e: &JsonError) -> String {
    let text = e.to_string();
    let text = match e {
        JsonError::Syntax(inner) => text
            .strip_suffix(&format!(
                " at line {} column {}",
                inner.line(),
                inner.column()
            ))
            .unwrap_or(&text)
            .to_string(),
        JsonError::Invalid { .. } => text,
    };
    format!("invalid JSON long form: {text}")
}

/// The byte offset of a 1-based line and column (in characters).
fn offset_of(source: &str, line: usize, column: usize) -> usize {
    let start: usize = source
        .split_inclusive('\n')
        .take(line - 1)
        .map(str::len)
        .sum();
    let rest = &source[start.min(source.len())..];
    start
        + rest
            .char_indices()
            .nth(column - 1)
            .map_or(rest.len(), |(i, _)| i)
}

/// A whole input read as one game, with what messages about it need.
pub struct WholeGame {
    /// The game.
    pub game: Game,
    /// The input's name for messages (`<stdin>` for standard input).
    pub origin: String,
    /// The text it was read from.
    pub text: String,
    /// Whether that text was ICN or JSON.
    pub format: Format,
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
    let span = span_of(game, map, subject, text);
    let message = match map {
        None if subject != Subject::Document => format!("{}: {message}", subject.json_path(game)),
        _ => message.to_string(),
    };
    Diagnostic::new(span, message).render_as(label, origin, text)
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
    let input = input.open()?;
    let origin = input.origin.clone();
    let text = match input.read_text()? {
        Ok(t) => t,
        Err(message) => {
            eprintln!("error: {message}");
            return Ok(None);
        }
    };
    match read_game_mapped(&text, dialect) {
        Ok((game, format, map)) => Ok(Some(WholeGame {
            game,
            origin,
            text,
            format,
            map,
        })),
        Err(e) => {
            eprintln!("{}", e.render(&origin, &text));
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
    match detect(text) {
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
