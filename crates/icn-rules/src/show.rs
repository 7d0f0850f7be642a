//! What `icn variant list` and `icn variant show NAME [--to icn|fbr|json]`
//! print, as library functions the CLI only has to call.
//!
//! `show` accepts any name [`catalogue::find`] accepts (or `NAME@MS` or
//! `NAME@YYYY-MM-DD`, the version in force on that UTC day, for the
//! version current at Unix millisecond `MS`) and refuses unknown names. The
//! generated Omega³ and Omega⁴ print in full (92 149 and 186 285 pieces; about
//! 0.8 and 1.8 MB of ICN). Notes about what a format cannot say, or what
//! icn-rules does not model, come back in [`Shown::notes`] for the caller to
//! print apart from the text (on standard error), so the text stays readable
//! by `icn convert` or the FBR reader.

use std::fmt::Write as _;
use std::str::FromStr;

use icn_model::{Dialect, IcnForm, IcnStyle};
use serde_json::json;

use crate::catalogue::{self, CatalogueError, Entry, Source};
use crate::{fbr, json::rules_json};

/// The output formats of `variant show`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum ShowFormat {
    /// ICN (site dialect, full form).
    #[default]
    Icn,
    /// FBR rules.
    Fbr,
    /// JSON: catalogue fields, rule objects and the game's JSON long form.
    Json,
}

impl FromStr for ShowFormat {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.to_ascii_lowercase().as_str() {
            "icn" => Ok(ShowFormat::Icn),
            "fbr" => Ok(ShowFormat::Fbr),
            "json" => Ok(ShowFormat::Json),
            other => Err(format!(
                "unknown format `{other}`, expected icn, fbr or json"
            )),
        }
    }
}

/// Text to print and notes to print apart.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Shown {
    /// The variant in the chosen format.
    pub text: String,
    /// What the text leaves out or what is not modelled.
    pub notes: Vec<String>,
}

/// The catalogue as a table: code, name, versions and piece count, one line
/// per variant (every dated version listed on the variant's line).
///
/// ```
/// let t = icn_rules::show::list();
/// assert!(t.lines().any(|l| l.starts_with("Classical ")));
/// ```
pub fn list() -> String {
    let mut out = String::new();
    let entries = catalogue::entries();
    let mut codes: Vec<&str> = entries.iter().map(|e| e.code).collect();
    codes.dedup();
    let width = codes.iter().map(|c| c.chars().count()).max().unwrap_or(0);
    for code in codes {
        let versions: Vec<&Entry> = entries.iter().filter(|e| e.code == code).collect();
        let current = versions
            .iter()
            .find(|e| e.valid_until_ms.is_none())
            .unwrap_or(&versions[0]);
        let dated = if versions.len() > 1 {
            let froms: Vec<String> = versions
                .iter()
                .map(|e| format!("@{}", date_of(e.valid_from_ms)))
                .collect();
            format!("  versions {}", froms.join(" "))
        } else {
            String::new()
        };
        let generated = if current.source == Source::Generator {
            " (generated)"
        } else {
            ""
        };
        let _ = writeln!(
            out,
            "{code:<width$}  {}  [{} pieces{generated}]{dated}",
            current.name, current.piece_count
        );
    }
    out
}

/// The UTC date (`YYYY-MM-DD`) of a Unix millisecond time.
pub fn date_of(ms: u64) -> String {
    // Days to the civil date (proleptic Gregorian), after Howard Hinnant.
    let z = (ms / 86_400_000) as i64 + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!("{year:04}-{month:02}-{day:02}")
}

/// The last millisecond of a UTC date `YYYY-MM-DD`.
fn end_of_date(date: &str) -> Option<u64> {
    let mut parts = date.split('-').map(|p| p.parse::<i64>().ok());
    let (y, m, d) = (parts.next()??, parts.next()??, parts.next()??);
    if parts.next().is_some() || !(1..=12).contains(&m) || !(1..=31).contains(&d) {
        return None;
    }
    let y = if m <= 2 { y - 1 } else { y };
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let mp = if m > 2 { m - 3 } else { m + 9 };
    let doy = (153 * mp + 2) / 5 + d - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    let days = era * 146_097 + doe - 719_468;
    u64::try_from((days + 1) * 86_400_000 - 1).ok()
}

fn entry_for(name: &str) -> Result<&'static Entry, CatalogueError> {
    if let Some((n, date)) = name.rsplit_once('@')
        && let Some(ms) = end_of_date(date)
    {
        return catalogue::find_at(n, ms);
    }
    match name.rsplit_once('@') {
        Some((n, ms)) if ms.chars().all(|c| c.is_ascii_digit()) && !ms.is_empty() => {
            catalogue::find_at(n, ms.parse().unwrap_or(u64::MAX))
        }
        _ => catalogue::find(name),
    }
}

/// The variant `name` in `format`.
///
/// # Errors
/// Unknown names, and (never expected) broken built-in data.
///
/// ```
/// use icn_rules::show::{show, ShowFormat};
/// let s = show("chess", ShowFormat::Fbr).unwrap();
/// assert_eq!(s.text, "royal{k:rq::rc:} royal{K:RQ::RC:} promotion{P}[8] promotion{p}[1]");
/// assert!(s.notes.iter().any(|n| n.contains("world border")));
/// let omega3 = show("omega^3", ShowFormat::Icn).unwrap();
/// assert!(omega3.text.starts_with("[Variant \"Showcase: Omega^3\"] b 1 royalcapture "));
/// ```
pub fn show(name: &str, format: ShowFormat) -> Result<Shown, CatalogueError> {
    let entry = entry_for(name)?;
    let mut notes: Vec<String> = Vec::new();
    let data = |message: String| CatalogueError::Data {
        code: entry.code.to_string(),
        message,
    };
    match format {
        ShowFormat::Fbr => {
            let printed = fbr::print(&entry.rules()?);
            notes.extend(
                printed
                    .omitted
                    .into_iter()
                    .map(|o| format!("not expressible in FBR: {o}")),
            );
            Ok(Shown {
                text: printed.text,
                notes,
            })
        }
        ShowFormat::Icn | ShowFormat::Json => {
            let game = entry.game()?;
            let text = if format == ShowFormat::Icn {
                game.to_icn(IcnStyle {
                    form: IcnForm::Full,
                    dialect: Dialect::Site,
                })
                .map_err(|e| data(e.to_string()))?
            } else {
                let game_json: serde_json::Value =
                    serde_json::from_str(&icn_model::json::to_json_string(&game))
                        .map_err(|e| data(e.to_string()))?;
                let value = json!({
                    "code": entry.code,
                    "name": entry.name,
                    "validFromMs": entry.valid_from_ms,
                    "validUntilMs": entry.valid_until_ms,
                    "rules": rules_json(&entry.rules()?),
                    "game": game_json,
                });
                serde_json::to_string_pretty(&value).map_err(|e| data(e.to_string()))?
            };
            Ok(Shown { text, notes })
        }
    }
}
