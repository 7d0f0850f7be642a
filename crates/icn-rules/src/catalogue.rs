//! The built-in variant catalogue: every variant of the site's catalogue and
//! each of its dated versions, with its start position and rules.
//!
//! The data (`data/variants.tsv`) was generated from the reference file
//! `infinitechess-variants.jsonl`: one line per version with its code, name,
//! validity window, piece census and ICN text. Look-ups take a code or a name
//! in any case, with spaces and underscores alike (`space classic`,
//! `SPACE_CLASSIC`); `Omega²`-style superscripts are read as `^2`, and the
//! `Showcase:` prefix may be left out.
//!
//! Omega³ and Omega⁴ are not stored as text: the site lays them out with a
//! program, and icn-rules has its own generator for them (the private `omega`
//! module, written from the facts of the site's), run on first use; their
//! 92 149 and 186 285 pieces match the reference census exactly.
//!
//! 4×4×4×4 Chess and 5D Chess lay sub-boards on the plane and move their
//! pieces between them with the site's four-dimensional movesets, written in
//! the movement algebra by [`SubBoards`]. A game whose `Variant` metadata
//! names one of them gets those movements, as on the site
//! ([`crate::lower::rules_from_game`]).

use std::sync::OnceLock;

use icn_model::{Dialect, Game, PieceKind, Player};

use crate::lower::rules_from_game;
use crate::rules::Variant;

mod omega;
mod sub_boards;

use omega::Showcase;
pub use sub_boards::SubBoards;

const DATA: &str = include_str!("../data/variants.tsv");

/// Where an entry's position comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Source {
    /// An ICN text in the data.
    Icn,
    /// A generator program (the site's Omega³ and Omega⁴ showcases); icn-rules
    /// has its own and lays the position out on first use.
    Generator,
}

/// One dated version of a catalogue variant.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    /// Catalogue code (`Space_Classic`).
    pub code: &'static str,
    /// Display name (`Space Classic`).
    pub name: &'static str,
    /// When this version became current (Unix ms; 0 for the first).
    pub valid_from_ms: u64,
    /// When it was replaced, if it was.
    pub valid_until_ms: Option<u64>,
    /// Where the position comes from.
    pub source: Source,
    /// How many pieces the start position has.
    pub piece_count: u64,
    /// Pieces per player and kind, as the reference counts them.
    pub census: Vec<(Player, PieceKind, u64)>,
    /// The ICN text (for generator entries, the header only: the pieces come
    /// from the generator).
    pub icn: &'static str,
}

/// Why a catalogue look-up or load failed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum CatalogueError {
    /// No variant has that code or name.
    #[error("unknown variant `{name}`; known variants: {known}")]
    Unknown {
        /// What was asked for.
        name: String,
        /// The codes, comma-separated.
        known: String,
    },
    /// The variant has no version at that time.
    #[error("variant `{code}` has no version current at {ms} ms")]
    NoVersion {
        /// The variant.
        code: String,
        /// The time asked for.
        ms: u64,
    },
    /// The position needs a generator icn-rules does not have. No built-in
    /// entry gives this error any more (Omega³ and Omega⁴ are generated); it
    /// stays for a generator entry without a generator.
    #[error(
        "the start position of `{code}` ({pieces} pieces) is built by the site's generator, which icn-rules does not reproduce; only its rules and piece counts are known"
    )]
    NotGenerated {
        /// The variant.
        code: String,
        /// Its piece count.
        pieces: u64,
    },
    /// The built-in data did not load (a bug in the data).
    #[error("catalogue data for `{code}` is broken: {message}")]
    Data {
        /// The variant.
        code: String,
        /// What went wrong.
        message: String,
    },
}

/// Every catalogue entry, in catalogue order (versions of a variant oldest first).
pub fn entries() -> &'static [Entry] {
    static ENTRIES: OnceLock<Vec<Entry>> = OnceLock::new();
    ENTRIES.get_or_init(|| {
        DATA.lines()
            .filter(|l| !l.is_empty())
            .filter_map(parse_line)
            .collect()
    })
}

fn parse_line(line: &'static str) -> Option<Entry> {
    let f: Vec<&'static str> = line.splitn(8, '\t').collect();
    let [code, name, from, until, source, count, census, icn] = f.as_slice() else {
        return None;
    };
    let census = census
        .split(',')
        .filter_map(|item| {
            let (key, n) = item.split_once('=')?;
            let (player, kind) = key.split_once(':')?;
            Some((
                Player::from_name(player)?,
                kind_by_name(kind)?,
                n.parse().ok()?,
            ))
        })
        .collect();
    Some(Entry {
        code,
        name,
        valid_from_ms: from.parse().ok()?,
        valid_until_ms: until.parse().ok(),
        source: if *source == "generator" {
            Source::Generator
        } else {
            Source::Icn
        },
        piece_count: count.parse().ok()?,
        census,
        icn,
    })
}

/// The kind with a singular JSON-style name (`pawn`, `royalQueen`), any case.
pub fn kind_by_name(name: &str) -> Option<PieceKind> {
    PieceKind::ALL.into_iter().find(|k| {
        k.json_name()
            .trim_end_matches('s')
            .eq_ignore_ascii_case(name)
    })
}

/// How a name is compared: lowercase, `_` as space, superscripts as `^n`,
/// no `showcase:` prefix, spaces trimmed.
pub fn normalize(name: &str) -> String {
    let mut s = String::with_capacity(name.len());
    for c in name.trim().chars() {
        match c {
            '_' => s.push(' '),
            '²' => s.push_str("^2"),
            '³' => s.push_str("^3"),
            '⁴' => s.push_str("^4"),
            c => s.extend(c.to_lowercase()),
        }
    }
    let s = s.strip_prefix("showcase:").unwrap_or(&s).trim().to_string();
    s.split_whitespace().collect::<Vec<_>>().join(" ")
}

fn matches(e: &Entry, wanted: &str) -> bool {
    normalize(e.code) == wanted || normalize(e.name) == wanted
}

/// Every version of the variant called `name`, oldest first.
///
/// # Errors
/// [`CatalogueError::Unknown`] when nothing matches.
pub fn versions(name: &str) -> Result<Vec<&'static Entry>, CatalogueError> {
    let wanted = normalize(name);
    let found: Vec<&Entry> = entries().iter().filter(|e| matches(e, &wanted)).collect();
    if found.is_empty() {
        let mut codes: Vec<&str> = entries().iter().map(|e| e.code).collect();
        codes.dedup();
        return Err(CatalogueError::Unknown {
            name: name.to_string(),
            known: codes.join(", "),
        });
    }
    Ok(found)
}

/// The current version of the variant called `name`.
///
/// # Errors
/// [`CatalogueError::Unknown`] when nothing matches.
///
/// ```
/// use icn_rules::catalogue::find;
/// assert_eq!(find("space classic").unwrap().code, "Space_Classic");
/// assert_eq!(find("OMEGA²").unwrap().code, "Omega_Squared");
/// assert!(find("no such variant").is_err());
/// ```
pub fn find(name: &str) -> Result<&'static Entry, CatalogueError> {
    let all = versions(name)?;
    Ok(all
        .iter()
        .find(|e| e.valid_until_ms.is_none())
        .or(all.last())
        .copied()
        .expect("versions() never returns an empty list"))
}

/// The version of `name` current at `ms` (Unix milliseconds).
///
/// # Errors
/// [`CatalogueError::Unknown`], or [`CatalogueError::NoVersion`] when no
/// version covers that time.
pub fn find_at(name: &str, ms: u64) -> Result<&'static Entry, CatalogueError> {
    let all = versions(name)?;
    all.iter()
        .find(|e| e.valid_from_ms <= ms && e.valid_until_ms.is_none_or(|u| ms < u))
        .copied()
        .ok_or_else(|| CatalogueError::NoVersion {
            code: all[0].code.to_string(),
            ms,
        })
}

impl Entry {
    /// The variant: rules and start position.
    ///
    /// # Errors
    /// [`CatalogueError::Data`] if the built-in text does not load, and
    /// [`CatalogueError::NotGenerated`] for a generator entry icn-rules has no
    /// generator for (none of the built-in ones).
    ///
    /// ```
    /// use icn_rules::catalogue::find;
    /// let v = find("omega^3").unwrap().variant().unwrap();
    /// assert_eq!(v.position.pieces.len(), 92_149);
    /// ```
    pub fn variant(&self) -> Result<Variant, CatalogueError> {
        let game = self.game()?;
        let rules = self.rules_of(&game)?;
        Ok(Variant {
            code: self.code.to_string(),
            name: self.name.to_string(),
            valid_from_ms: self.valid_from_ms,
            valid_until_ms: self.valid_until_ms,
            rules,
            position: game.position,
        })
    }

    /// The rule set alone, without building a generated position.
    ///
    /// # Errors
    /// [`CatalogueError::Data`] if the built-in text does not load.
    ///
    /// ```
    /// use icn_model::Player;
    /// use icn_rules::{catalogue::find, WinRule};
    /// let r = find("omega^4").unwrap().rules().unwrap();
    /// assert_eq!(r.wins_of(Player::BLACK), [WinRule::RoyalCapture]);
    /// ```
    pub fn rules(&self) -> Result<crate::RuleSet, CatalogueError> {
        self.rules_of(&self.text()?)
    }

    /// The start position and rules as a game: the ICN text parsed, with the
    /// generated pieces for generator entries.
    ///
    /// # Errors
    /// [`CatalogueError::Data`] if the built-in text does not parse,
    /// [`CatalogueError::NotGenerated`] for a generator entry without a
    /// generator.
    pub fn game(&self) -> Result<Game, CatalogueError> {
        let mut game = self.text()?;
        if self.source == Source::Generator {
            let showcase =
                Showcase::of_code(self.code).ok_or_else(|| CatalogueError::NotGenerated {
                    code: self.code.to_string(),
                    pieces: self.piece_count,
                })?;
            game.position.pieces = showcase.pieces().to_vec();
        }
        Ok(game)
    }

    /// The ICN text parsed, as it is in the data.
    fn text(&self) -> Result<Game, CatalogueError> {
        Game::parse(self.icn, Dialect::Auto).map_err(|e| self.data_error(e.to_string()))
    }

    fn rules_of(&self, game: &Game) -> Result<crate::RuleSet, CatalogueError> {
        let mut rules = rules_from_game(game).map_err(|e| self.data_error(format!("{e:?}")))?;
        if let Some(sub_boards) = SubBoards::of_code(self.code) {
            for (kind, movement) in sub_boards.movements() {
                rules.movements.entry(kind).or_insert(movement);
            }
        }
        Ok(rules)
    }

    fn data_error(&self, message: String) -> CatalogueError {
        CatalogueError::Data {
            code: self.code.to_string(),
            message,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_line_loads() {
        assert_eq!(
            entries().len(),
            DATA.lines().filter(|l| !l.is_empty()).count()
        );
        assert_eq!(entries().len(), 34);
    }

    #[test]
    fn names_normalize() {
        assert_eq!(normalize("  Showcase: Omega^2 "), "omega^2");
        assert_eq!(normalize("Space_Classic"), "space classic");
        assert_eq!(normalize("Omega³"), "omega^3");
    }

    #[test]
    fn dated_versions() {
        assert_eq!(versions("Pawn Horde").unwrap().len(), 3);
        assert_eq!(
            find_at("pawn_horde", 1_700_179_200_000)
                .unwrap()
                .piece_count,
            76
        );
        assert_eq!(find("pawn horde").unwrap().piece_count, 74);
        assert_eq!(find("omega^3").unwrap().source, Source::Generator);
    }
}

/// The pieces a game with no piece list starts from, as the site loads
/// them: when the game names a catalogue variant in its `Variant` metadata,
/// that variant's start position (the version current at the game's
/// `UTCDate`/`UTCTime`, or the current one without a date). `None` when the
/// game has pieces of its own or names no variant the catalogue knows.
///
/// ```
/// use icn_model::{Dialect, Game};
/// use icn_rules::catalogue::implied_pieces;
/// let g = Game::parse("[Variant \"Classical\"] w 5,2>5,4", Dialect::Auto).unwrap();
/// assert_eq!(implied_pieces(&g).unwrap().len(), 32);
/// let own = Game::parse("[Variant \"Classical\"] w K5,1|k5,8", Dialect::Auto).unwrap();
/// assert!(implied_pieces(&own).is_none());
/// ```
pub fn implied_pieces(game: &Game) -> Option<Vec<icn_model::PlacedPiece>> {
    if !game.position.pieces.is_empty() {
        return None;
    }
    let name = game.metadata.get("Variant")?;
    let entry = match utc_millis(game) {
        Some(ms) => find_at(name, ms).or_else(|_| find(name)),
        None => find(name),
    }
    .ok()?;
    entry.game().ok().map(|g| g.position.pieces)
}

/// `UTCDate` `YYYY.MM.DD` and `UTCTime` `HH:MM:SS` (midnight without it) as
/// Unix milliseconds.
fn utc_millis(game: &Game) -> Option<u64> {
    let date = game.metadata.get("UTCDate")?;
    let mut d = date.split('.').map(|p| p.parse::<i64>().ok());
    let (y, m, day) = (d.next()??, d.next()??, d.next()??);
    if !(1..=12).contains(&m) || !(1..=31).contains(&day) {
        return None;
    }
    let secs = match game.metadata.get("UTCTime") {
        Some(t) => {
            let mut p = t.split(':').map(|p| p.parse::<i64>().ok());
            let (h, mi, s) = (p.next()??, p.next()??, p.next()??);
            h * 3600 + mi * 60 + s
        }
        None => 0,
    };
    // Days from the civil date (proleptic Gregorian), after H. Hinnant's formula.
    let y = if m <= 2 { y - 1 } else { y };
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let mp = (m + 9) % 12;
    let doy = (153 * mp + 2) / 5 + day - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    let days = era * 146_097 + doe - 719_468;
    u64::try_from((days * 86_400 + secs) * 1000).ok()
}

#[cfg(test)]
mod implied_tests {
    use super::*;

    #[test]
    fn dates_become_unix_milliseconds() {
        let g = Game::parse(
            "[UTCDate \"2024.02.29\"] [UTCTime \"12:00:01\"] w",
            Dialect::Auto,
        )
        .unwrap();
        assert_eq!(utc_millis(&g), Some(1_709_208_001_000));
        let epoch = Game::parse("[UTCDate \"1970.01.01\"] w", Dialect::Auto).unwrap();
        assert_eq!(utc_millis(&epoch), Some(0));
    }
}
