//! The `icn` corpus: reading and writing ICN and the JSON long form.
//!
//! * `fixtures/icn/ok/NAME.icn` must read; beside it `NAME.json` holds the
//!   expected JSON long form (pretty-printed). Each case also checks the
//!   round trips: JSON → model equals ICN → model; the one-line JSON reads
//!   back the same; and for every form (compact, full, pretty) and dialect
//!   (spec, site) that can express the game, ICN → model → ICN → model gives
//!   the same game (compact ignores the move decorations it drops: piece
//!   letters, `x`, `+`/`#` and glyphs). A dialect that reads the input
//!   strictly must be able to write the game. When the moves can be played,
//!   the same holds with the moves written SAN-like (`--moves san-like`),
//!   comparing what the moves do (squares, promotion, glyphs, comments).
//!   Moves may be SAN-like in the input too (`docs/san-like.md`).
//! * `fixtures/icn/err/NAME.icn` must be refused; beside it `NAME.err` holds
//!   the first problem as `line:col: message`.
//!
//! * `fixtures/icn/warn/NAME.icn` (or `NAME.json`, JSON long form) must
//!   read, and validation (`icn_rules::validate`) must find problems in it;
//!   beside it `NAME.warn` holds every one as `line:col: warning[kind]:
//!   message`, in text order (JSON messages start with the key path). The
//!   game must also survive model → site ICN → model where the site dialect
//!   can write it, problems and all.
//!
//! * `fixtures/icn/err-json/NAME.json` must be refused by the JSON long-form
//!   reader (which resolves SAN-like moves); beside it `NAME.err` holds the error (`... at line L column C`
//!   for malformed JSON, `path: message` for a bad value).
//!
//! A name ending in `.spec` or `.site` (`foo.spec.icn`) is read strictly in
//! that dialect; other cases are read with both dialects allowed.

use std::path::Path;

use icn_adapters::sanlike::sanlike_moves;
use icn_adapters::sanlike_game::{read_game, read_game_mapped, read_json, write_game};
use icn_model::{Dialect, Game, IcnForm, IcnStyle, json};
use icn_rules::validate::{Problem, validate};

use super::{Case, Corpus, RunOptions, expect_file, files_with_suffix};

/// The corpus.
pub static CORPUS: Icn = Icn;

/// The `icn` corpus (see the module docs).
pub struct Icn;

impl Corpus for Icn {
    fn name(&self) -> &'static str {
        "icn"
    }

    fn cases(&self, fixtures: &Path) -> anyhow::Result<Vec<Case>> {
        let mut cases = Vec::new();
        for (kind, suffix) in [
            ("ok", ".icn"),
            ("warn", ".icn"),
            ("warn", ".json"),
            ("err", ".icn"),
            ("err-json", ".json"),
        ] {
            for path in files_with_suffix(&fixtures.join("icn").join(kind), suffix)? {
                let stem = path.file_stem().and_then(|s| s.to_str()).unwrap_or_default();
                cases.push(Case {
                    name: format!("{kind}/{stem}"),
                    path,
                });
            }
        }
        Ok(cases)
    }

    fn run(&self, case: &Case, options: RunOptions) -> Result<(), String> {
        let text = std::fs::read_to_string(&case.path).map_err(|e| format!("cannot read {}: {e}", case.path.display()))?;
        let dialect = dialect_of(&case.path);
        match case.path.parent().and_then(|p| p.file_name()).and_then(|n| n.to_str()) {
            Some("err") => run_err(case, &text, dialect, options),
            Some("err-json") => run_err_json(case, &text, options),
            Some("warn") => run_warn(case, &text, dialect, options),
            _ => run_ok(case, &text, dialect, options),
        }
    }
}

/// The dialect a case is read in, from its name.
pub fn dialect_of(path: &Path) -> Dialect {
    let stem = path.file_stem().and_then(|s| s.to_str()).unwrap_or_default();
    if stem.ends_with(".spec") {
        Dialect::Spec
    } else if stem.ends_with(".site") {
        Dialect::Site
    } else {
        Dialect::Auto
    }
}

fn run_ok(case: &Case, text: &str, dialect: Dialect, options: RunOptions) -> Result<(), String> {
    let origin = case.path.display().to_string();
    let game = read_game(text, dialect).map_err(|e| format!("does not read:\n{}", e.render(&origin, text)))?;
    if dialect != Dialect::Auto {
        let auto = read_game(text, Dialect::Auto).map_err(|e| format!("reads strictly but not in auto: {e}"))?;
        if auto != game {
            return Err("auto dialect reads a different game than the strict dialect".into());
        }
    }

    // ICN → JSON, against the expected file.
    let pretty = json::to_json_string_pretty(&game) + "\n";
    expect_file(&case.path.with_extension("json"), &pretty, options)?;
    let expected = std::fs::read_to_string(case.path.with_extension("json")).map_err(|e| e.to_string())?;

    // JSON → model equals ICN → model, for the expected and the one-line JSON.
    let from_expected = json::from_json_str(&expected).map_err(|e| format!("expected JSON does not read: {e}"))?;
    if from_expected != game {
        return Err(format!("JSON → model differs from ICN → model\n{}", first_difference(&game, &from_expected)));
    }
    let line = json::to_json_string(&game);
    let from_line = json::from_json_str(&line).map_err(|e| format!("one-line JSON does not read: {e}\n{line}"))?;
    if from_line != game {
        return Err("one-line JSON → model differs from ICN → model".into());
    }
    if json::to_json_string_pretty(&from_expected) + "\n" != expected {
        return Err("JSON → model → JSON is not the same JSON".into());
    }

    // model → ICN → model in every form and dialect that can say it.
    for form in [IcnForm::Compact, IcnForm::Full, IcnForm::Pretty] {
        let mut written = 0;
        for target in [Dialect::Spec, Dialect::Site] {
            let style = IcnStyle { form, dialect: target };
            let out = match game.to_icn(style) {
                Ok(out) => out,
                Err(e) if read_game(text, target).is_ok() => {
                    return Err(format!(
                        "reads in the {} dialect but cannot be written in it ({form:?}): {e}",
                        target.name()
                    ));
                }
                Err(_) => continue,
            };
            // The site dialect writes some games the site cannot read (a
            // `{…}` block, a comment before the first move): fine unless the
            // input itself reads strictly in the site dialect.
            if target == Dialect::Site && Game::parse(&out, target).is_err() && read_game(text, target).is_err() {
                continue;
            }
            written += 1;
            let back = Game::parse(&out, target).map_err(|e| {
                format!("{form:?} {} output does not read back:\n{}\n{out}", target.name(), e.render("<written>", &out))
            })?;
            let (want, got) = match form {
                IcnForm::Compact => (undecorated(&game), undecorated(&back)),
                _ => (game.clone(), back),
            };
            if want != got {
                return Err(format!(
                    "model → {form:?} {} ICN → model changes the game\n{}\n{out}",
                    target.name(),
                    first_difference(&want, &got)
                ));
            }
        }
        if written == 0 {
            return Err(format!("no dialect can write the game in {form:?} form"));
        }
    }
    // SAN-like moves need a piece list before them (a copied game has none).
    if !game.moves.is_empty() && !game.position.pieces.is_empty() && sanlike_moves(&game).is_ok() {
        sanlike_round_trips(text, &game)?;
    }
    Ok(())
}

/// model → ICN with SAN-like moves → model, in every form and dialect that
/// can say it, gives moves that do the same.
/// (The site dialect has no SAN-like moves.)
fn sanlike_round_trips(text: &str, game: &Game) -> Result<(), String> {
    for form in [IcnForm::Compact, IcnForm::Full, IcnForm::Pretty] {
        for target in [Dialect::Spec] {
            let style = IcnStyle { form, dialect: target };
            let out = match write_game(game, style) {
                Ok(out) => out,
                Err(e) if read_game(text, target).is_ok() => {
                    return Err(format!("SAN-like {form:?} {} output cannot be written: {e}", target.name()));
                }
                Err(_) => continue,
            };
            let back = read_game(&out, target).map_err(|e| {
                format!("SAN-like {form:?} {} output does not read back:\n{}\n{out}", target.name(), e.render("<written>", &out))
            })?;
            let keep_glyphs = form != IcnForm::Compact;
            let (want, got) = (what_moves_do(game, keep_glyphs), what_moves_do(&back, keep_glyphs));
            if want != got {
                return Err(format!(
                    "model → SAN-like {form:?} {} ICN → model changes the game\n{}\n{out}",
                    target.name(),
                    first_difference(&want, &got)
                ));
            }
        }
    }
    Ok(())
}

/// The game with only what its moves do (SAN-like moves name no start
/// square, and their check marks are computed, not copied).
fn what_moves_do(game: &Game, keep_glyphs: bool) -> Game {
    let mut g = undecorated(game);
    if keep_glyphs {
        for (m, original) in g.moves.iter_mut().zip(&game.moves) {
            m.glyph.clone_from(&original.glyph);
        }
    }
    g
}

fn run_err(case: &Case, text: &str, dialect: Dialect, options: RunOptions) -> Result<(), String> {
    let err = match read_game(text, dialect) {
        Ok(_) => return Err(format!("was read in the {} dialect, but an error was expected", dialect.name())),
        Err(e) => e,
    };
    // Rendering every diagnostic must work (and not panic) on any input.
    let rendered = err.render(&case.path.display().to_string(), text);
    if rendered.is_empty() {
        return Err("the error renders as nothing".into());
    }
    let first = &err.diagnostics[0];
    let produced = format!("{}: {}\n", first.line_col(text), first.message);
    expect_file(&case.path.with_extension("err"), &produced, options)
}

fn run_warn(case: &Case, text: &str, dialect: Dialect, options: RunOptions) -> Result<(), String> {
    let origin = case.path.display().to_string();
    let is_json = case.path.extension().is_some_and(|e| e == "json");
    let (game, map) = if is_json {
        (read_json(text).map_err(|e| format!("does not read: {e}"))?, None)
    } else {
        let (game, map) = read_game_mapped(text, dialect)
            .map_err(|e| format!("does not read:\n{}", e.render(&origin, text)))?;
        (game, Some(map))
    };
    let mut problems = validate(&game, map.as_ref());
    if problems.is_empty() {
        return Err("reads without a problem, but validation should find some".into());
    }
    let at = |p: &Problem| match &map {
        Some(map) => map.span(p.subject).start,
        None => json::locate(text, &p.subject.json_path(&game)).map_or(0, |s| s.start),
    };
    problems.sort_by_key(|p| at(p));
    let mut produced = String::new();
    for p in &problems {
        let message = match map {
            Some(_) => p.message.clone(),
            None => format!("{}: {}", p.subject.json_path(&game), p.message),
        };
        let lc = icn_syntax::line_col(text, at(p));
        produced.push_str(&format!("{lc}: warning[{}]: {message}\n", p.kind));
    }
    expect_file(&case.path.with_extension("warn"), &produced, options)?;
    if !is_json && let Ok(out) = game.to_icn(IcnStyle { form: IcnForm::Full, dialect: Dialect::Site }) {
        let back = read_game(&out, Dialect::Auto).map_err(|e| format!("site output does not read back: {e}\n{out}"))?;
        // Metadata given twice is held once: the last value.
        if back != game {
            return Err(format!("model → site ICN → model changes the game\n{}\n{out}", first_difference(&game, &back)));
        }
    }
    Ok(())
}

fn run_err_json(case: &Case, text: &str, options: RunOptions) -> Result<(), String> {
    match read_json(text) {
        Ok(_) => Err("was read as JSON long form, but an error was expected".into()),
        Err(e) => expect_file(&case.path.with_extension("err"), &format!("{e}\n"), options),
    }
}

/// The game without the decorations compact ICN leaves out.
pub(crate) fn undecorated(game: &Game) -> Game {
    let mut g = game.clone();
    for m in &mut g.moves {
        m.piece = None;
        m.capture = false;
        m.check = None;
        m.glyph = None;
    }
    g
}

/// A short description of where two games differ.
fn first_difference(want: &Game, got: &Game) -> String {
    let parts: [(&str, String, String); 6] = [
        ("metadata", format!("{:?}", want.metadata), format!("{:?}", got.metadata)),
        ("position", format!("{:?}", want.position), format!("{:?}", got.position)),
        ("rules", format!("{:?}", want.rules), format!("{:?}", got.rules)),
        ("annotations", format!("{:?}", want.annotations), format!("{:?}", got.annotations)),
        ("leading comments", format!("{:?}", want.leading_comments), format!("{:?}", got.leading_comments)),
        ("moves", format!("{:?}", want.moves), format!("{:?}", got.moves)),
    ];
    if want.moves.len() == got.moves.len()
        && let Some(i) = (0..want.moves.len()).find(|&i| want.moves[i] != got.moves[i])
    {
        return format!(
            "  move {} differs:\n  expected: {:?}\n  produced: {:?}",
            i + 1,
            want.moves[i],
            got.moves[i]
        );
    }
    for (what, a, b) in parts {
        if a != b {
            let cut = |s: &str| s.chars().take(600).collect::<String>();
            return format!("  {what} differ:\n  expected: {}\n  produced: {}", cut(&a), cut(&b));
        }
    }
    "  (no difference in the compared parts)".into()
}
