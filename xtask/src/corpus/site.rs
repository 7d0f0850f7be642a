//! The `site` corpus: the site dialect reads exactly what the infinitechess.org
//! site's own reader reads.
//!
//! * `fixtures/site/cases.tsv` holds one case a line, `VERDICT<TAB>document<TAB>note`,
//!   where VERDICT (`OK` or `ERR`) is what the site's reader said of the
//!   document (`fixtures/site/gen/verdicts.sh` re-asks it). Lines starting with
//!   `#` are comments. Each case reads the document with
//!   [`read_game`] in [`Dialect::Site`] and must reach the same verdict.
//! * `fixtures/site/written.icnl` holds documents the site's own writer wrote
//!   (and its reader reads; `fixtures/site/gen/written.sh` writes them), one a
//!   line: each is a case `written/line-…` that must read in the site dialect
//!   and come back the same through our site writer.
//! * `fixtures/site/known-differences.txt` lists, one document a line (`#`
//!   lines are comments saying why), the cases where we still disagree. Those
//!   cases are named `known/…` and pass while we disagree; one that agrees
//!   fails, so that its line is taken out and the list only shrinks. A listed
//!   document that is not a case fails too.

use std::collections::HashSet;
use std::path::{Path, PathBuf};

use icn_adapters::sanlike_game::read_game;
use icn_model::{Dialect, IcnForm, IcnStyle};

use super::{Case, Corpus, RunOptions};

/// The corpus.
pub static CORPUS: Site = Site;

/// The `site` corpus (see the module docs).
pub struct Site;

/// The prefix of the names of cases listed as known differences.
const KNOWN: &str = "known/";

/// One line of `cases.tsv`.
struct Line<'a> {
    /// 1-based line number in the file.
    number: usize,
    site_ok: bool,
    document: &'a str,
}

fn cases_file(fixtures: &Path) -> PathBuf {
    fixtures.join("site").join("cases.tsv")
}

fn written_file(cases: &Path) -> PathBuf {
    cases.with_file_name("written.icnl")
}

/// The documents the site wrote: each one the site reads.
fn written_lines(text: &str) -> Vec<Line<'_>> {
    text.lines()
        .enumerate()
        .filter(|(_, l)| !l.is_empty())
        .map(|(i, document)| Line {
            number: i + 1,
            site_ok: true,
            document,
        })
        .collect()
}

/// Every case of the corpus, by name: the verdicts, then what the site wrote.
fn all_lines<'t>(cases: &'t str, written: &'t str) -> Result<Vec<(String, Line<'t>)>, String> {
    let mut out: Vec<(String, Line<'t>)> = lines(cases)?
        .into_iter()
        .map(|l| (format!("line-{:03}", l.number), l))
        .collect();
    out.extend(
        written_lines(written)
            .into_iter()
            .map(|l| (format!("written/line-{:03}", l.number), l)),
    );
    Ok(out)
}

fn known_file(cases: &Path) -> PathBuf {
    cases.with_file_name("known-differences.txt")
}

/// The cases of `text`, or a message for the first malformed line.
fn lines(text: &str) -> Result<Vec<Line<'_>>, String> {
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        if line.starts_with('#') || line.is_empty() {
            continue;
        }
        let mut fields = line.split('\t');
        let (Some(verdict), Some(document)) = (fields.next(), fields.next()) else {
            return Err(format!("line {}: expected VERDICT<TAB>document<TAB>note", i + 1));
        };
        let site_ok = match verdict {
            "OK" => true,
            "ERR" => false,
            other => return Err(format!("line {}: the verdict must be OK or ERR, not `{other}`", i + 1)),
        };
        out.push(Line {
            number: i + 1,
            site_ok,
            document,
        });
    }
    Ok(out)
}

/// The documents listed as known differences (none when the file is absent).
fn known(cases: &Path) -> Result<HashSet<String>, String> {
    match std::fs::read_to_string(known_file(cases)) {
        Ok(text) => Ok(text
            .lines()
            .filter(|l| !l.is_empty() && !l.starts_with('#'))
            .map(str::to_owned)
            .collect()),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(HashSet::new()),
        Err(e) => Err(format!("cannot read {}: {e}", known_file(cases).display())),
    }
}

/// The documents the site wrote (none when the file is absent).
fn read_written(cases: &Path) -> Result<String, String> {
    let path = written_file(cases);
    if path.exists() { read(&path) } else { Ok(String::new()) }
}

fn read(path: &Path) -> Result<String, String> {
    std::fs::read_to_string(path).map_err(|e| format!("cannot read {}: {e}", path.display()))
}

impl Corpus for Site {
    fn name(&self) -> &'static str {
        "site"
    }

    fn cases(&self, fixtures: &Path) -> anyhow::Result<Vec<Case>> {
        let path = cases_file(fixtures);
        if !path.exists() {
            return Ok(Vec::new());
        }
        let text = read(&path).map_err(anyhow::Error::msg)?;
        let written = read_written(&path).map_err(anyhow::Error::msg)?;
        let known = known(&path).map_err(anyhow::Error::msg)?;
        let lines =
            all_lines(&text, &written).map_err(|e| anyhow::anyhow!("{}: {e}", path.display()))?;
        let mut cases: Vec<Case> = lines
            .iter()
            .map(|(name, l)| Case {
                name: format!(
                    "{}{name}",
                    if known.contains(l.document) { KNOWN } else { "" },
                ),
                path: path.clone(),
            })
            .collect();
        // A listed document that is no case: one failing case says so.
        let documents: HashSet<&str> = lines.iter().map(|(_, l)| l.document).collect();
        if known.iter().any(|k| !documents.contains(k.as_str())) {
            cases.push(Case {
                name: "known-differences".into(),
                path: known_file(&path),
            });
        }
        Ok(cases)
    }

    fn run(&self, case: &Case, _options: RunOptions) -> Result<(), String> {
        if case.name == "known-differences" {
            let cases = case.path.with_file_name("cases.tsv");
            let (text, written) = (read(&cases)?, read_written(&cases)?);
            let lines = all_lines(&text, &written)?;
            let documents: HashSet<&str> = lines.iter().map(|(_, l)| l.document).collect();
            let stray: Vec<String> = known(&case.path.with_file_name("cases.tsv"))?
                .into_iter()
                .filter(|k| !documents.contains(k.as_str()))
                .collect();
            return Err(format!("listed but not a case in cases.tsv: {stray:?}"));
        }
        let name = case.name.trim_start_matches(KNOWN);
        let (text, written) = (read(&case.path)?, read_written(&case.path)?);
        let lines = all_lines(&text, &written)?;
        let (_, line) = lines
            .iter()
            .find(|(n, _)| n == name)
            .ok_or_else(|| format!("no case {name}"))?;
        let ours = read_game(line.document, Dialect::Site);
        // What the site wrote must also come back the same through our writer.
        if let (Ok(game), true) = (&ours, name.starts_with("written/")) {
            let style = IcnStyle { form: IcnForm::Full, dialect: Dialect::Site };
            let out = game.to_icn(style).map_err(|e| format!("cannot write it back: {e}"))?;
            let back = read_game(&out, Dialect::Site)
                .map_err(|e| format!("our site output does not read back: {e}\n{out}"))?;
            if &back != game {
                return Err(format!("model → site ICN → model changes the game\n{out}"));
            }
        }
        let agree = ours.is_ok() == line.site_ok;
        let listed = case.name.starts_with(KNOWN);
        match (agree, listed) {
            (true, false) | (false, true) => Ok(()),
            (true, true) => Err(format!(
                "now agrees with the site ({}): take `{}` out of known-differences.txt",
                if line.site_ok { "OK" } else { "ERR" },
                line.document
            )),
            (false, false) => Err(match ours {
                Ok(_) => format!("the site refuses `{}` but the site dialect reads it", line.document),
                Err(e) => format!(
                    "the site reads `{}` but the site dialect refuses it:\n{}",
                    line.document,
                    e.render("<doc>", line.document)
                ),
            }),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Prints how many of the site's verdicts we share (`cargo test -p xtask
    /// site_agreement -- --nocapture`).
    #[test]
    fn site_agreement() {
        let fixtures = Path::new(env!("CARGO_MANIFEST_DIR")).join("../fixtures");
        let path = cases_file(&fixtures);
        let text = read(&path).unwrap();
        let lines = lines(&text).unwrap();
        let known = known(&path).unwrap();
        let agree = lines
            .iter()
            .filter(|l| read_game(l.document, Dialect::Site).is_ok() == l.site_ok)
            .count();
        let listed = lines.iter().filter(|l| known.contains(l.document)).count();
        println!(
            "site cases: agree {agree} of {}; {listed} known differences listed",
            lines.len(),
        );
        assert_eq!(agree + listed, lines.len(), "known-differences.txt is out of date");
    }
}
