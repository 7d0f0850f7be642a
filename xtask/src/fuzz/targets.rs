//! What [`super`] drives with each input: every reader of the toolkit, and
//! the properties each must keep. A target returns `Err(what is wrong)` for
//! a broken property; a panic is caught by the driver.
//!
//! * `icn`: ICN parse and lowering in the auto, spec and site dialects;
//!   errors render (with a caret, through one line index) and quote short
//!   excerpts; a game that reads goes model → ICN → model unchanged in every
//!   form and dialect that can write it (the dialect it was read strictly in
//!   must be able to), and model → JSON → model.
//! * `json`: the JSON long form; a game that reads goes model → JSON → model
//!   and model → ICN → model unchanged (what `convert` writes, it must read).
//! * `fen`, `san`, `lines`: FEN and SAN texts line by line, and the `--lines`
//!   runner over the raw bytes (a line that is not UTF-8 fails alone).
//! * `direct`: the direct reader (ICN text straight to the model) gives
//!   the same game and source map as the tree path wherever it reads.
//! * `engine`: a position that reads (up to 256 pieces) set up for the move
//!   generator: its move families, legal moves, how the game ends, and the
//!   replay of its moves (the engine refuses what is out of its range; it
//!   must not panic or overflow).
//! * `pgn`: the PGN reader over the raw bytes; every ICN line it writes reads.
//! * `variant`: Sjaak and FBR variant files (and ICN ones), converted to every
//!   format; what is written reads back.
//!
//! Games with a square given twice are not round-tripped: ICN keeps both
//! entries but the JSON long form keys pieces by square.

use icn_adapters::convert::{VariantFormat, convert_variant};
use icn_adapters::fen::{CastlingStyle, Fen};
use icn_adapters::fen_icn::{fen2icn, icn2fen};
use icn_adapters::lines::{SanMode, run_lines, san_line};
use icn_adapters::pgn_export::pgn_to_icn;
use icn_adapters::san::parse_san;
use icn_adapters::sanlike::parse_sanlike;
use icn_adapters::sanlike_game::{read_game, read_json};
use icn_model::json::JsonError;
use icn_model::{Dialect, Game, IcnForm, IcnStyle, json};
use icn_rules::fbr;
use icn_syntax::{Diagnostic, LineIndex, MESSAGE_CHARS, ParseError, Span};

/// A target: its name and what it checks; `Ok(true)` when the input read.
pub type Target = (&'static str, fn(&[u8]) -> Result<bool, String>);

/// Every target, in the order they run.
pub const TARGETS: [Target; 9] = [
    ("icn", icn),
    ("direct", direct),
    ("engine", engine),
    ("json", json_long_form),
    ("fen", fen),
    ("san", san),
    ("lines", lines),
    ("pgn", pgn),
    ("variant", variant),
];

/// Longest error message a reader may give, in characters: messages quote
/// excerpts, so their length does not grow with the input.
pub const MESSAGE_LIMIT: usize = 4 * MESSAGE_CHARS;

fn text(bytes: &[u8]) -> std::borrow::Cow<'_, str> {
    String::from_utf8_lossy(bytes)
}

/// Every line of `message` is at most [`MESSAGE_LIMIT`] characters (a
/// message may render several diagnostics, one line each).
fn bounded(what: &str, message: &str) -> Result<(), String> {
    for line in message.lines() {
        let n = line.chars().count();
        if n > MESSAGE_LIMIT {
            let start: String = line.chars().take(80).collect();
            return Err(format!(
                "{what} message line of {n} characters (limit {MESSAGE_LIMIT}): {start}…"
            ));
        }
    }
    Ok(())
}

/// Every diagnostic is short and renders, through one line index.
fn check_parse_error(e: &ParseError, text: &str) -> Result<(), String> {
    if e.diagnostics.is_empty() {
        return Err("a parse error without diagnostics".into());
    }
    let index = LineIndex::new(text);
    let mut out = String::new();
    for d in &e.diagnostics {
        bounded("diagnostic", &d.message)?;
        out.clear();
        d.render_into(&mut out, "fuzz", &index);
        if !out.starts_with("error: ") {
            return Err(format!("a diagnostic renders as {out:?}"));
        }
    }
    Ok(())
}

/// A JSON error is short and renders at its place, as `icn check` shows it.
fn check_json_error(e: &JsonError, text: &str) -> Result<(), String> {
    let message = e.to_string();
    bounded("JSON", &message)?;
    let index = LineIndex::new(text);
    let at = e.location().map_or(0, |(line, column)| {
        index.offset_of_byte_column(line, column)
    });
    Diagnostic::new(Span::new(at, at + 1), message).render_in("fuzz", &index);
    Ok(())
}

fn has_square_twice(g: &Game) -> bool {
    let mut seen = std::collections::HashSet::with_capacity(g.position.pieces.len());
    !g.position.pieces.iter().all(|p| seen.insert(&p.at))
}

/// Whether a comment of `g` holds text that ICN reads as a command.
fn holds_command_text(g: &Game) -> bool {
    g.moves
        .iter()
        .flat_map(|m| &m.comments)
        .any(|c| icn_model::holds_command(c))
}

/// model → ICN → model in every form and dialect that writes the game; the
/// dialect `must_write` (the one the input was read strictly in) must.
fn icn_round_trips(g: &Game, must_write: Option<Dialect>) -> Result<(), String> {
    for form in [IcnForm::Compact, IcnForm::Full, IcnForm::Pretty] {
        for dialect in [Dialect::Spec, Dialect::Site] {
            let out = match g.to_icn(IcnStyle { form, dialect }) {
                Ok(out) => out,
                // Removing a command can leave text that reads as one
                // (`[%cl[%clk 1:00:00.0]k 2:00:00.0]`, as on the site): such
                // a comment is refused in writing, with that reason.
                Err(e) if must_write == Some(dialect) && !holds_command_text(g) => {
                    return Err(format!(
                        "reads in the {} dialect but cannot be written in it ({form:?}): {e}",
                        dialect.name()
                    ));
                }
                Err(_) => continue,
            };
            // The site's reader refuses some of what its writer writes (a
            // `{…}` block, an escaped quote): written site text is read back
            // strictly only when the input read strictly in the site dialect.
            let read_as = if dialect == Dialect::Site
                && (must_write != Some(Dialect::Site) || form == IcnForm::Pretty)
            {
                Dialect::Auto
            } else {
                dialect
            };
            let back = Game::parse(&out, read_as).map_err(|e| {
                format!(
                    "{form:?} {} ICN does not read back: {e}\n{out}",
                    dialect.name()
                )
            })?;
            let (want, got) = match form {
                IcnForm::Compact => (
                    crate::corpus::icn::undecorated(g),
                    crate::corpus::icn::undecorated(&back),
                ),
                _ => (g.clone(), back),
            };
            if want != got {
                return Err(format!(
                    "model → {form:?} {} ICN → model changes the game\n{out}",
                    dialect.name()
                ));
            }
        }
    }
    Ok(())
}

fn json_round_trips(g: &Game) -> Result<(), String> {
    let text = json::to_json_string(g);
    let mut reference = Vec::new();
    json::write_json_serde(g, &mut reference);
    if text.as_bytes() != reference {
        return Err(format!(
            "the hand-written JSON writer and the serde reference differ\n{text}\n{}",
            String::from_utf8_lossy(&reference)
        ));
    }
    let back =
        json::from_json_str(&text).map_err(|e| format!("JSON does not read back: {e}\n{text}"))?;
    if back != *g {
        return Err(format!("model → JSON → model changes the game\n{text}"));
    }
    Ok(())
}

fn direct(bytes: &[u8]) -> Result<bool, String> {
    crate::corpus::direct::agrees(&text(bytes))
}

fn icn(bytes: &[u8]) -> Result<bool, String> {
    let text = text(bytes);
    let mut read = false;
    for dialect in [Dialect::Auto, Dialect::Spec, Dialect::Site] {
        match read_game(&text, dialect) {
            Ok(g) => {
                read = true;
                if !has_square_twice(&g) {
                    let strict = (dialect != Dialect::Auto).then_some(dialect);
                    icn_round_trips(&g, strict)?;
                    json_round_trips(&g)?;
                }
            }
            Err(e) => check_parse_error(&e, &text)?,
        }
    }
    Ok(read)
}

/// Most pieces a position may have for the `engine` target.
const ENGINE_PIECES: usize = 256;

fn engine(bytes: &[u8]) -> Result<bool, String> {
    let text = text(bytes);
    let Ok(g) = read_game(&text, Dialect::Auto) else {
        return Ok(false);
    };
    if g.position.pieces.len() > ENGINE_PIECES {
        return Ok(false);
    }
    let Ok(mut board) = icn_movegen::Board::from_game(&g) else {
        return Ok(false);
    };
    let _ = board.families();
    let _ = board.legal_moves();
    let _ = board.game_end();
    let _ = icn_movegen::replay(&g, None);
    Ok(true)
}

fn json_long_form(bytes: &[u8]) -> Result<bool, String> {
    let text = text(bytes);
    match read_json(&text) {
        Ok(g) => {
            if !has_square_twice(&g) {
                json_round_trips(&g)?;
                icn_round_trips(&g, None)?;
            }
            Ok(true)
        }
        Err(e) => check_json_error(&e, &text).map(|()| false),
    }
}

fn fen(bytes: &[u8]) -> Result<bool, String> {
    let text = text(bytes);
    let mut read = false;
    for line in text.lines() {
        match Fen::parse(line) {
            Ok(f) => {
                read = true;
                for style in [CastlingStyle::XFen, CastlingStyle::Shredder] {
                    let written = f.write(style);
                    let back = Fen::parse(&written)
                        .map_err(|e| format!("written FEN `{written}` does not read: {e}"))?;
                    if back != f {
                        return Err(format!("FEN → FEN changes `{line}` into `{written}`"));
                    }
                }
            }
            Err(e) => bounded("FEN", &e.to_string())?,
        }
        let style = IcnStyle {
            form: IcnForm::Compact,
            dialect: Dialect::Site,
        };
        if let Ok(icn) = fen2icn(line, style) {
            Game::parse(&icn, Dialect::Site)
                .map_err(|e| format!("fen2icn wrote `{icn}`, which does not read: {e}"))?;
        }
    }
    Ok(read)
}

fn san(bytes: &[u8]) -> Result<bool, String> {
    let text = text(bytes);
    let mut read = false;
    for line in text.lines() {
        let mv = line.rsplit('\t').next().unwrap_or(line);
        match parse_san(mv) {
            Ok(_) => read = true,
            Err(e) => bounded("SAN", &e.to_string())?,
        }
        match parse_sanlike(mv) {
            Ok(_) => read = true,
            Err(e) => bounded("SAN-like", &e.to_string())?,
        }
    }
    Ok(read)
}

/// A line converter of a `--lines` command.
type Converter<'a> = dyn Fn(&str) -> Result<String, String> + 'a;

/// The `--lines` runner over raw bytes, with the converters of `fen2icn`,
/// `icn2fen` and `san`: one output line per input line, whatever the bytes.
fn lines(bytes: &[u8]) -> Result<bool, String> {
    let expected = match bytes {
        [] => 0,
        _ => bytes.split(|&b| b == b'\n').count() - usize::from(bytes.ends_with(b"\n")),
    };
    let style = IcnStyle {
        form: IcnForm::Compact,
        dialect: Dialect::Site,
    };
    let converters: [(&str, &Converter<'_>); 4] = [
        ("fen2icn", &|l| {
            fen2icn(l.trim(), style).map_err(|e| e.to_string())
        }),
        ("icn2fen", &|l| {
            icn2fen(l, CastlingStyle::XFen).map_err(|e| e.to_string())
        }),
        ("san", &|l| san_line(l, SanMode::Write)),
        ("san --parse", &|l| san_line(l, SanMode::Parse)),
    ];
    let mut read = false;
    for (name, convert) in converters {
        let (mut out, mut err) = (Vec::new(), Vec::new());
        let failed = run_lines(bytes, &mut out, &mut err, |l| {
            let r = convert(l);
            if let Err(e) = &r {
                bounded(name, e)?;
            }
            r
        })
        .map_err(|e| format!("{name} --lines stopped: {e}"))?;
        read |= failed < expected;
        let got = out.iter().filter(|&&b| b == b'\n').count();
        if got != expected {
            return Err(format!(
                "{name} --lines wrote {got} lines for {expected} input lines"
            ));
        }
    }
    Ok(read)
}

fn pgn(bytes: &[u8]) -> Result<bool, String> {
    let style = IcnStyle {
        form: IcnForm::Full,
        dialect: Dialect::Site,
    };
    let (mut out, mut err) = (Vec::new(), Vec::new());
    let (written, _) = pgn_to_icn(bytes, &mut out, &mut err, style)
        .map_err(|e| format!("pgn2icn stopped: {e}"))?;
    for line in String::from_utf8_lossy(&err).lines() {
        bounded("PGN", line)?;
    }
    // pgn2icn writes the site dialect, with what only `auto` reads (comments
    // before the first move), as the other writers' output is read back.
    for line in String::from_utf8_lossy(&out).lines() {
        read_game(line, Dialect::Auto)
            .map_err(|e| format!("pgn2icn wrote `{line}`, which does not read: {e}"))?;
    }
    Ok(written > 0)
}

fn variant(bytes: &[u8]) -> Result<bool, String> {
    use VariantFormat::{Fbr, Icn, Json, Sjaak};
    let text = text(bytes);
    let mut read = false;
    for from in [Sjaak, Fbr, Icn] {
        // A Sjaak file of several variants needs a name: the first one's.
        let name = (from == Sjaak)
            .then(|| {
                icn_adapters::sjaak::read_file(&text)
                    .variants
                    .into_iter()
                    .next()
            })
            .flatten()
            .map(|v| v.name);
        // JSON first: when it fails, reading failed, and the other targets
        // would only read the same text again.
        for to in [Json, Sjaak, Fbr, Icn] {
            let converted = convert_variant(&text, from, to, name.as_deref());
            let read_failed = to == Json && converted.is_err();
            match converted {
                Ok(out) if to != Json => {
                    read = true;
                    convert_variant(&out, to, to, None).map_err(|e| {
                        format!("{from:?} → {to:?} wrote text that does not read: {e}\n{out}")
                    })?;
                }
                Ok(_) => read = true,
                Err(e) => {
                    for m in &e.messages {
                        bounded("variant", m)?;
                    }
                }
            }
            if read_failed {
                break;
            }
        }
    }
    if let Err(e) = fbr::parse(&text) {
        check_parse_error(&e, &text)?;
    }
    Ok(read)
}
