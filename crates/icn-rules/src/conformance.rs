//! The rule fixtures under `fixtures/rules/`, for `cargo test` and the xtask
//! conformance harness.
//!
//! Layout: `ok/` and `err/`, each input beside its expected output.
//! * `ok/NAME.fbr` → `ok/NAME.json`: the FBR text read into a rule set, shown
//!   as [`crate::json::rules_json`]; printing that rule set as FBR and reading
//!   it back must give the same rule set.
//! * `ok/NAME.icn` → `ok/NAME.json`: the ICN game's rules lowered to a rule
//!   set; lowering back to ICN and again to rules must give the same set.
//! * `ok/NAME.variant` (a catalogue name on one line) → `ok/NAME.json`: the
//!   variant's rule set; it must survive rules → ICN → rules, and its position
//!   must come back unchanged.
//! * `err/NAME.fbr` → `err/NAME.err`: the rendered diagnostics (origin
//!   `NAME.fbr`), exactly.
//! * `err/NAME.icn` → `err/NAME.err`: one lowering error per line.
//!
//! Other files are ignored. A missing expected file fails the case (write it
//! with [`bless_case`] on request only).

use std::fs;
use std::path::{Path, PathBuf};

use icn_model::{Dialect, Game, IcnForm, IcnStyle};

use crate::catalogue;
use crate::fbr;
use crate::json::rules_json;
use crate::lower::{game_of, rules_from_game};

/// The input extensions this module understands.
pub const INPUTS: [&str; 3] = ["fbr", "icn", "variant"];

/// `fixtures/rules` of this workspace.
pub fn fixtures_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fixtures/rules")
}

/// Every input under `root/ok` and `root/err`, sorted.
///
/// # Errors
/// When a directory cannot be read.
pub fn list_cases(root: &Path) -> std::io::Result<Vec<PathBuf>> {
    list_inputs(root, &INPUTS)
}

/// The files under `root/ok` and `root/err` whose extension is one of
/// `extensions`, sorted (shared by every fixture corpus of the form
/// `<corpus>/ok|err/NAME.EXT`).
///
/// # Errors
/// When a directory cannot be read.
pub fn list_inputs(root: &Path, extensions: &[&str]) -> std::io::Result<Vec<PathBuf>> {
    let mut out = Vec::new();
    for sub in ["ok", "err"] {
        let dir = root.join(sub);
        if !dir.is_dir() {
            continue;
        }
        for entry in fs::read_dir(&dir)? {
            let path = entry?.path();
            if path
                .extension()
                .and_then(|e| e.to_str())
                .is_some_and(|e| extensions.contains(&e))
            {
                out.push(path);
            }
        }
    }
    out.sort();
    Ok(out)
}

fn is_err_case(path: &Path) -> bool {
    path.parent()
        .and_then(Path::file_name)
        .is_some_and(|n| n == "err")
}

/// The expected-output file of an input.
pub fn expected_path(input: &Path) -> PathBuf {
    input.with_extension(if is_err_case(input) { "err" } else { "json" })
}

fn read(path: &Path) -> Result<String, String> {
    fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))
}

/// What the toolkit produces for an input, checking its round trips on the way.
///
/// # Errors
/// A description of what went wrong: an ok case that fails or does not round
/// trip, or an err case that is accepted.
pub fn actual_output(input: &Path) -> Result<String, String> {
    let text = read(input)?;
    let origin = input
        .file_name()
        .and_then(|n| n.to_str())
        .unwrap_or("input");
    let ext = input.extension().and_then(|e| e.to_str()).unwrap_or("");
    let rules = match (ext, is_err_case(input)) {
        ("fbr", false) => {
            let rules = fbr::parse(&text).map_err(|e| e.render(origin, &text))?;
            let printed = fbr::print(&rules);
            if printed.omitted.is_empty() {
                let back = fbr::parse(&printed.text)
                    .map_err(|e| format!("printed FBR `{}` does not read: {e}", printed.text))?;
                if back != rules {
                    return Err(format!(
                        "printed FBR `{}` reads back differently",
                        printed.text
                    ));
                }
            }
            rules
        }
        ("fbr", true) => {
            return match fbr::parse(&text) {
                Ok(_) => Err("accepted, but this is an err case".to_string()),
                Err(e) => Ok(e.render(origin, &text) + "\n"),
            };
        }
        ("icn", err_case) => {
            let game = Game::parse(&text, Dialect::Auto).map_err(|e| e.render(origin, &text))?;
            match (rules_from_game(&game), err_case) {
                (Ok(_), true) => return Err("accepted, but this is an err case".to_string()),
                (Err(es), true) => {
                    return Ok(es.iter().map(|e| format!("{e}\n")).collect());
                }
                (Err(es), false) => return Err(format!("{es:?}")),
                (Ok(rules), false) => {
                    check_icn_round_trip(&rules, &game)?;
                    rules
                }
            }
        }
        ("variant", false) => {
            let entry = catalogue::find(text.trim()).map_err(|e| e.to_string())?;
            let variant = entry.variant().map_err(|e| e.to_string())?;
            let game = game_of(&variant.rules, &variant.position).map_err(|e| format!("{e:?}"))?;
            check_icn_round_trip(&variant.rules, &game)?;
            variant.rules
        }
        _ => return Err(format!("{}: not a rules fixture input", input.display())),
    };
    serde_json::to_string_pretty(&rules_json(&rules))
        .map(|s| s + "\n")
        .map_err(|e| e.to_string())
}

fn check_icn_round_trip(rules: &crate::RuleSet, game: &Game) -> Result<(), String> {
    let again = game_of(rules, &game.position).map_err(|e| format!("rules → ICN: {e:?}"))?;
    let text = again
        .to_icn(IcnStyle {
            form: IcnForm::Full,
            dialect: Dialect::Auto,
        })
        .map_err(|e| format!("writing ICN: {e}"))?;
    let back =
        Game::parse(&text, Dialect::Auto).map_err(|e| format!("re-reading `{text}`: {e}"))?;
    let rules_back = rules_from_game(&back).map_err(|e| format!("{e:?}"))?;
    if &rules_back != rules || back.position != game.position {
        return Err(format!("rules → ICN → rules changed something: `{text}`"));
    }
    Ok(())
}

/// Checks one fixture against its expected output.
///
/// # Errors
/// What differs, or why the case could not run.
///
/// ```
/// use icn_rules::conformance::{check_case, fixtures_dir, list_cases};
/// let cases = list_cases(&fixtures_dir()).unwrap();
/// assert!(!cases.is_empty());
/// check_case(&cases[0]).unwrap();
/// ```
pub fn check_case(input: &Path) -> Result<(), String> {
    let actual = actual_output(input)?;
    let expected_file = expected_path(input);
    let expected = read(&expected_file)?;
    if actual.replace("\r\n", "\n") == expected.replace("\r\n", "\n") {
        Ok(())
    } else {
        Err(format!(
            "{} differs from the output:\n--- expected\n{expected}\n--- actual\n{actual}",
            expected_file.display()
        ))
    }
}

/// Writes the current output as the expected file (`--bless`).
///
/// # Errors
/// When the case fails outright or the file cannot be written.
pub fn bless_case(input: &Path) -> Result<(), String> {
    let actual = actual_output(input)?;
    let path = expected_path(input);
    fs::write(&path, actual).map_err(|e| format!("{}: {e}", path.display()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn expected_paths() {
        assert_eq!(
            expected_path(Path::new("x/ok/a.fbr")),
            Path::new("x/ok/a.json")
        );
        assert_eq!(
            expected_path(Path::new("x/err/a.fbr")),
            Path::new("x/err/a.err")
        );
    }
}
