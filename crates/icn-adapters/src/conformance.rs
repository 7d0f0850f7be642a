//! The adapter fixtures under `fixtures/{fen,san,pgn,sjaak}`, for `cargo test`
//! and the xtask conformance harness.
//!
//! Layout: `fixtures/CORPUS/ok/` and `fixtures/CORPUS/err/`, each input beside
//! its expected output `NAME.EXT.out`. The output of an input is computed by
//! [`output_of`]; a case passes when it equals the `.out` file exactly and,
//! under `ok/`, when no line of it is an error (under `err/`, every case must
//! produce an error). Line-based inputs skip blank lines and lines starting
//! with `#`, and print one output line per case, errors as `error: MESSAGE`.
//!
//! Inputs by extension:
//! * `.fen`: one FEN per line → the ICN game (site dialect, compact); under
//!   `ok/` the ICN must also convert back to the same FEN.
//! * `.icn`: one ICN position per line → its X-FEN.
//! * `.tosan`: `POSITION<TAB>MOVE` lines (FEN or ICN, ICN compact move) → SAN;
//!   under `ok/` the SAN must resolve back to the same move.
//! * `.san`: `POSITION<TAB>SAN` lines → the ICN compact move.
//! * `.tolike` / `.like`: the same for the SAN-like notation.
//! * `.pgn`: a PGN file → one ICN game per line (full form, site dialect),
//!   then its warnings and errors; under `ok/` the games written as PGN,
//!   read back and written again must give the same PGN.
//! * `.icn` under `fixtures/pgn`: ICN games → PGN.
//! * `.sjaak`: a Sjaak variants file → for each variant a `== NAME` line and
//!   either its rule objects as JSON (as `variant convert --to json` prints
//!   them) or its errors and refusals; under `ok/` every variant must also
//!   read back equal from what the writer writes, and survive rules →
//!   Sjaak → rules when it can be written back.
//!
//! Other files are ignored. A missing `.out` file fails the case; [`bless_case`]
//! writes it, on request only.

use std::fs;
use std::path::{Path, PathBuf};

use icn_model::{Dialect, IcnForm, IcnStyle};

use crate::fen::{CastlingStyle, Fen};
use crate::fen_icn::{fen2icn, icn2fen};
use crate::lines::{SanMode, san_line};
use crate::pgn_export::{icn_to_pgn, pgn_to_icn};

/// The corpora this module runs.
pub const CORPORA: [&str; 4] = ["fen", "san", "pgn", "sjaak"];

/// The input extensions this module understands.
pub const INPUTS: [&str; 8] = [
    "fen", "icn", "tosan", "san", "tolike", "like", "pgn", "sjaak",
];

/// `fixtures/CORPUS` of this workspace.
pub fn fixtures_dir(corpus: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../fixtures")
        .join(corpus)
}

/// Every input under `root/ok` and `root/err`, sorted.
///
/// # Errors
/// When a directory cannot be read.
pub fn list_cases(root: &Path) -> std::io::Result<Vec<PathBuf>> {
    icn_rules::conformance::list_inputs(root, &INPUTS)
}

/// The style fixtures write ICN in: the site dialect where the site can
/// read the document, else the union of both dialects.
pub const FIXTURE_STYLE: IcnStyle = IcnStyle {
    form: IcnForm::Compact,
    dialect: Dialect::Auto,
};

fn case_lines(text: &str) -> impl Iterator<Item = &str> {
    text.lines()
        .map(str::trim_end)
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
}

fn line_output(r: Result<String, String>) -> String {
    match r {
        Ok(s) => s,
        Err(e) => format!("error: {e}"),
    }
}

/// The output of one input file (see the module docs).
///
/// # Errors
/// When the file cannot be read or its extension is unknown.
pub fn output_of(path: &Path) -> Result<String, String> {
    let bytes = fs::read(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let ext = path.extension().and_then(|e| e.to_str()).unwrap_or("");
    // PGN is read as bytes (a file that is not UTF-8 is Windows-1252).
    let text = match ext {
        "pgn" => String::new(),
        _ => String::from_utf8(bytes.clone()).map_err(|e| format!("{}: {e}", path.display()))?,
    };
    let mut out = String::new();
    match ext {
        "fen" => {
            for line in case_lines(&text) {
                out.push_str(&line_output(
                    fen2icn(line, FIXTURE_STYLE).map_err(|e| e.to_string()),
                ));
                out.push('\n');
            }
        }
        "icn" if corpus_of(path) == "pgn" => {
            let mut err = Vec::new();
            icn_to_pgn(text.as_bytes(), &mut out_bytes(&mut out), &mut err)
                .map_err(|e| e.to_string())?;
            for l in String::from_utf8_lossy(&err).lines() {
                out.push_str(&format!("error: {l}\n"));
            }
        }
        "pgn" => {
            let (mut o, mut err) = (Vec::new(), Vec::new());
            let style = IcnStyle {
                form: IcnForm::Full,
                dialect: Dialect::Auto,
            };
            pgn_to_icn(bytes.as_slice(), &mut o, &mut err, style).map_err(|e| e.to_string())?;
            out.push_str(&String::from_utf8_lossy(&o));
            for l in String::from_utf8_lossy(&err).lines() {
                if l.starts_with("warning: ") {
                    out.push_str(l);
                    out.push('\n');
                } else {
                    out.push_str(&format!("error: {l}\n"));
                }
            }
        }
        "sjaak" => sjaak_output(&text, &mut out),
        "icn" => {
            for line in case_lines(&text) {
                out.push_str(&line_output(
                    icn2fen(line, CastlingStyle::XFen).map_err(|e| e.to_string()),
                ));
                out.push('\n');
            }
        }
        "tosan" | "san" | "tolike" | "like" => {
            let mode = san_mode(ext);
            for line in case_lines(&text) {
                out.push_str(&line_output(san_line(line, mode)));
                out.push('\n');
            }
        }
        _ => return Err(format!("{}: unknown input kind `{ext}`", path.display())),
    }
    Ok(out)
}

fn sjaak_output(text: &str, out: &mut String) {
    let file = crate::sjaak::read_file(text);
    for e in &file.stray {
        out.push_str(&format!("error: {e}\n"));
    }
    for v in &file.variants {
        out.push_str(&format!("== {}\n", v.name));
        let converted = match &v.result {
            Ok(_) => crate::convert::convert_variant(
                text,
                crate::convert::VariantFormat::Sjaak,
                crate::convert::VariantFormat::Json,
                Some(&v.name),
            )
            .map_err(|e| e.messages),
            Err(errors) => Err(errors.iter().map(ToString::to_string).collect()),
        };
        match converted {
            Ok(json) => out.push_str(&json),
            Err(messages) => {
                for m in messages {
                    out.push_str(&format!("error: {m}\n"));
                }
            }
        }
    }
}

fn sjaak_round_trips(text: &str) -> Result<(), String> {
    let vs = crate::sjaak::read_variants(text).map_err(|e| {
        e.iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>()
            .join("; ")
    })?;
    let again = crate::sjaak::read_variants(&crate::sjaak::write_file(&vs))
        .map_err(|e| format!("the writer's text does not read: {e:?}"))?;
    if again != vs {
        return Err("reading what the writer wrote gave other variants".into());
    }
    for v in &vs {
        let rules = crate::sjaak::to_variant(v).map_err(|e| format!("{e:?}"))?;
        if let Ok(back) = crate::sjaak::from_variant(&rules) {
            let twice =
                crate::sjaak::to_variant(&back).map_err(|e| format!("{}: {e:?}", v.name))?;
            if twice.rules != rules.rules {
                return Err(format!(
                    "{}: rules → Sjaak → rules changed the rules",
                    v.name
                ));
            }
        }
    }
    Ok(())
}

fn corpus_of(path: &Path) -> String {
    path.parent()
        .and_then(Path::parent)
        .and_then(Path::file_name)
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default()
}

/// A writer appending UTF-8 text to a string.
struct StrWriter<'a>(&'a mut String);

impl std::io::Write for StrWriter<'_> {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0.push_str(&String::from_utf8_lossy(buf));
        Ok(buf.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

fn out_bytes(s: &mut String) -> StrWriter<'_> {
    StrWriter(s)
}

fn san_mode(ext: &str) -> SanMode {
    match ext {
        "tosan" => SanMode::Write,
        "san" => SanMode::Parse,
        "tolike" => SanMode::WriteLike,
        _ => SanMode::ParseLike,
    }
}

fn expected_path(path: &Path) -> PathBuf {
    let mut p = path.as_os_str().to_owned();
    p.push(".out");
    PathBuf::from(p)
}

/// Extra checks of an `ok/` case beyond its output (round trips).
fn round_trips(path: &Path, bytes: &[u8]) -> Result<(), String> {
    let ext = path.extension().and_then(|e| e.to_str()).unwrap_or("");
    if ext == "pgn" {
        return crate::pgn_agreement::round_trip_file(bytes);
    }
    let text = &String::from_utf8_lossy(bytes);
    if ext == "tosan" || ext == "tolike" {
        let back = if ext == "tosan" {
            SanMode::Parse
        } else {
            SanMode::ParseLike
        };
        for line in case_lines(text) {
            let (position, mv) = line.split_once('\t').unwrap_or((line, ""));
            let written = san_line(line, san_mode(ext))?;
            let again = san_line(&format!("{position}\t{written}"), back)?;
            let want = san_line(&format!("{position}\t{written}"), back)?;
            let moved = crate::notation::parse_compact(mv).map(|(f, t, _)| format!("{f}>{t}"));
            if !again.starts_with(moved.as_deref().unwrap_or("")) || again != want {
                return Err(format!("`{written}` read back as {again}, not {mv}"));
            }
        }
    }
    if ext == "sjaak" {
        sjaak_round_trips(text)?;
    }
    if ext == "fen" {
        for line in case_lines(text) {
            let want = Fen::parse(line.trim())
                .map_err(|e| e.to_string())?
                .write(CastlingStyle::XFen);
            let icn = fen2icn(line, FIXTURE_STYLE).map_err(|e| e.to_string())?;
            let back = icn2fen(&icn, CastlingStyle::XFen).map_err(|e| e.to_string())?;
            if back != want {
                return Err(format!("round trip of `{line}` gave `{back}`"));
            }
        }
    }
    Ok(())
}

/// Runs one case: its output must equal the `.out` file; `ok/` cases must
/// have no error line and must round-trip; `err/` cases must be all errors.
///
/// # Errors
/// A message saying what differed.
pub fn run_case(path: &Path) -> Result<(), String> {
    let actual = output_of(path)?;
    let exp = expected_path(path);
    let expected = fs::read_to_string(&exp)
        .map_err(|e| format!("{}: {e} (bless to create it)", exp.display()))?;
    if actual != expected {
        return Err(format!(
            "{}: output differs\n--- expected\n{expected}--- actual\n{actual}",
            path.display()
        ));
    }
    let in_ok = path
        .parent()
        .and_then(|p| p.file_name())
        .is_some_and(|n| n == "ok");
    let errors = actual.lines().filter(|l| l.starts_with("error: ")).count();
    if in_ok {
        if errors > 0 {
            return Err(format!("{}: an ok case printed an error", path.display()));
        }
        let bytes = fs::read(path).map_err(|e| e.to_string())?;
        round_trips(path, &bytes).map_err(|e| format!("{}: {e}", path.display()))?;
    } else if errors == 0
        || (!matches!(ext_of(path), "pgn" | "icn" | "sjaak") && errors != actual.lines().count())
    {
        return Err(format!(
            "{}: an err case produced a non-error",
            path.display()
        ));
    }
    Ok(())
}

fn ext_of(path: &Path) -> &str {
    path.extension().and_then(|e| e.to_str()).unwrap_or("")
}

/// Runs one case, first rewriting its `.out` file when `bless` is set.
///
/// # Errors
/// As [`run_case`] and [`bless_case`].
pub fn run_or_bless(path: &Path, bless: bool) -> Result<(), String> {
    if bless {
        bless_case(path)?;
    }
    run_case(path)
}

/// Writes the `.out` file of a case from its current output.
///
/// # Errors
/// When the input cannot be read or the output written.
pub fn bless_case(path: &Path) -> Result<(), String> {
    let actual = output_of(path)?;
    fs::write(expected_path(path), actual).map_err(|e| e.to_string())
}
