//! The `fixtures/fsf` corpus, for `cargo test` and `cargo xtask conformance`.
//!
//! * `ok/*.ini`, `err/*.ini`: each section's outcome — `== NAME`, then its
//!   rule objects as JSON (what `variant convert --to json` prints), or its
//!   reading errors and refusals as `error:` lines — must equal `NAME.ini.out`.
//!   Under `ok/` every section must reach the rule objects and come back
//!   equal through the writer; under `err/` every section must fail.
//! * `perft/*.ini` with `NAME.ini.perft`: lines `SECTION N1 N2 …`, the start
//!   position's perft at depth 1, 2, … as Fairy-Stockfish counts it (made by
//!   `fixtures/fsf/gen/perft.py` with pyffish); the engine must count the
//!   same on the section read by this reader. A quick run stops at depth 2.
//! * `games/*.tsv`: games replayed against pyffish's Makruk count after
//!   them ([`super::games`]).

use std::fs;
use std::path::{Path, PathBuf};

use icn_movegen::{Board, PerftMode};

/// Every case under `root` (`ok/`, `err/`, `perft/`), sorted.
///
/// # Errors
/// When a folder cannot be read.
pub fn list_cases(root: &Path) -> std::io::Result<Vec<PathBuf>> {
    let mut out = Vec::new();
    for dir in ["ok", "err", "perft", "games"] {
        let d = root.join(dir);
        if !d.exists() {
            continue;
        }
        for e in fs::read_dir(&d)? {
            let p = e?.path();
            if p.extension().is_some_and(|x| x == "ini" || x == "tsv") {
                out.push(p);
            }
        }
    }
    out.sort();
    Ok(out)
}

/// The outcome of every section of a file (see the module docs).
pub fn output_of(text: &str) -> String {
    let file = super::read_file(text);
    let mut out = String::new();
    for e in &file.stray {
        out.push_str(&format!("error: {e}\n"));
    }
    for s in &file.sections {
        out.push_str(&format!("== {}\n", s.name));
        for w in &s.warnings {
            out.push_str(&format!("warning: {w}\n"));
        }
        match &s.result {
            Err(es) => {
                for e in es {
                    out.push_str(&format!("error: {e}\n"));
                }
            }
            Ok(r) => match super::to_variant(r) {
                Ok(_) => match crate::convert::convert_variant(
                    text,
                    crate::convert::VariantFormat::Fsf,
                    crate::convert::VariantFormat::Json,
                    Some(&s.name),
                ) {
                    Ok(json) => out.push_str(&json),
                    Err(e) => out.push_str(&format!("error: {e}\n")),
                },
                Err(rs) => {
                    for r in rs {
                        out.push_str(&format!(
                            "error: refused: {}: `{}`: {}\n",
                            r.place, r.option, r.reason
                        ));
                    }
                }
            },
        }
    }
    out
}

/// Checks that every section reaches the rule objects and that writing it
/// and reading it back gives the same rules and position.
///
/// # Errors
/// The first section that does not.
pub fn round_trips(text: &str) -> Result<(), String> {
    for s in super::read_file(text).sections {
        let r = s.result.map_err(|e| format!("{}: {e:?}", s.name))?;
        let v = super::to_variant(&r).map_err(|e| format!("{}: {e:?}", s.name))?;
        let written = super::write_section(&v, &s.name)
            .map_err(|e| format!("{}: cannot be written: {e:?}", s.name))?;
        let again = super::read_file(&written);
        let r2 = again.sections[0].result.clone().map_err(|e| {
            format!(
                "{}: the written section does not read: {e:?}\n{written}",
                s.name
            )
        })?;
        let v2 = super::to_variant(&r2).map_err(|e| {
            format!(
                "{}: the written section is refused: {e:?}\n{written}",
                s.name
            )
        })?;
        if v2.rules != v.rules {
            let (a, b) = (&v.rules, &v2.rules);
            let mut what = Vec::new();
            for (name, same) in [
                ("region", a.region == b.region),
                ("movements", a.movements == b.movements),
                ("royals", a.royals == b.royals),
                ("castling", a.castling == b.castling),
                ("en passant", a.en_passant == b.en_passant),
                ("promotions", a.promotions == b.promotions),
                ("wins", a.wins == b.wins),
                ("stalemate", a.stalemate == b.stalemate),
                ("draws", a.draws == b.draws),
            ] {
                if !same {
                    what.push(name);
                }
            }
            return Err(format!(
                "{}: rules → variants.ini → rules changed the {}\n{written}",
                s.name,
                what.join(", ")
            ));
        }
        let sorted = |p: &icn_model::Position| {
            let mut p = p.clone();
            p.pieces.sort_by(|a, b| a.at.cmp(&b.at));
            p
        };
        if sorted(&v2.position) != sorted(&v.position) {
            return Err(format!(
                "{}: the position changed through the writer\n{written}",
                s.name
            ));
        }
    }
    Ok(())
}

/// The engine's start perft of a section at depths 1..=`depth`.
///
/// # Errors
/// When the section does not read, is refused, or the engine refuses it.
pub fn perft_of(text: &str, name: &str, depth: u32) -> Result<Vec<u64>, String> {
    let file = super::read_file(text);
    let s = file
        .sections
        .iter()
        .find(|s| s.name == name)
        .ok_or_else(|| format!("no section {name}"))?;
    let r = s.result.as_ref().map_err(|e| format!("{name}: {e:?}"))?;
    let v = super::to_variant(r).map_err(|e| format!("{name}: {e:?}"))?;
    let mut out = Vec::new();
    for d in 1..=depth {
        let mut b = Board::new(&v.position, &v.rules).map_err(|e| format!("{name}: {e}"))?;
        out.push(
            b.perft(d, PerftMode::Bulk)
                .map_err(|e| format!("{name}: {e}"))?,
        );
    }
    Ok(out)
}

fn expected_path(path: &Path, ext: &str) -> PathBuf {
    let mut p = path.as_os_str().to_owned();
    p.push(ext);
    PathBuf::from(p)
}

/// Runs one case, rewriting an `ok/`/`err/` expectation first when `bless`
/// (perft figures come from pyffish and are never rewritten here).
///
/// # Errors
/// What differs.
pub fn run_case(path: &Path, bless: bool, quick: bool) -> Result<(), String> {
    let text = fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let folder = path
        .parent()
        .and_then(Path::file_name)
        .and_then(|n| n.to_str())
        .unwrap_or("");
    if folder == "games" {
        return super::games::check_rows(&text)
            .map(|_| ())
            .map_err(|e| format!("{}: {e}", path.display()));
    }
    if folder == "perft" {
        let exp = fs::read_to_string(expected_path(path, ".perft"))
            .map_err(|e| format!("{}: {e}", path.display()))?;
        let mut failures = Vec::new();
        for line in exp
            .lines()
            .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        {
            let mut words = line.split_whitespace();
            let name = words.next().unwrap_or("");
            let want: Vec<u64> = words.filter_map(|w| w.parse().ok()).collect();
            let depth = if quick { want.len().min(2) } else { want.len() } as u32;
            match perft_of(&text, name, depth) {
                Ok(got) if got[..] == want[..depth as usize] => {}
                Ok(got) => failures.push(format!(
                    "{name}: engine {got:?}, Fairy-Stockfish {:?}",
                    &want[..depth as usize]
                )),
                Err(e) => failures.push(e),
            }
        }
        return if failures.is_empty() {
            Ok(())
        } else {
            Err(failures.join("\n"))
        };
    }
    let actual = output_of(&text);
    let out = expected_path(path, ".out");
    if bless {
        fs::write(&out, &actual).map_err(|e| e.to_string())?;
    }
    let expected = fs::read_to_string(&out)
        .map_err(|e| format!("{}: {e} (bless to create it)", out.display()))?;
    if actual != expected {
        return Err(format!(
            "{}: output differs\n--- expected\n{expected}--- actual\n{actual}",
            path.display()
        ));
    }
    let errors = actual.lines().filter(|l| l.starts_with("error: ")).count();
    if folder == "ok" {
        if errors > 0 {
            return Err(format!("{}: an ok case printed an error", path.display()));
        }
        round_trips(&text).map_err(|e| format!("{}: {e}", path.display()))?;
    } else if errors == 0 {
        return Err(format!(
            "{}: an err case read without error",
            path.display()
        ));
    }
    Ok(())
}
