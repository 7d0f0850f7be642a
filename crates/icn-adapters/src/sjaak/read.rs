//! Reading a Sjaak `variants.txt` file into [`SjaakVariant`]s.
//!
//! Every line is `KEYWORD: VALUE` after removing what follows a `#` outside
//! quotes; blank lines are skipped, and so is a UTF-8 byte-order mark at the
//! start of the file. Lines before the first `Variant:` must be
//! blank or comments. Errors carry the line and column (1-based) and say
//! what was expected and what was found; every error of a variant is
//! reported, and variants are read independently ([`read_file`]).

use std::fmt;

use super::moves::parse_move;
use super::{SjaakPiece, SjaakVariant, Sq};

/// A problem at a line and column of a Sjaak file.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{line}:{col}: {message}")]
pub struct SjaakError {
    /// 1-based line.
    pub line: usize,
    /// 1-based column.
    pub col: usize,
    /// What was expected and found.
    pub message: String,
}

/// The flags a `Flags:` line may hold.
pub const FLAGS: [&str; 11] = [
    "royal",
    "set_ep",
    "take_ep",
    "drop_no_check",
    "drop_no_mate",
    "drop_one_file",
    "drop_dead",
    "no_mate",
    "shak",
    "no_retaliate",
    "endangered",
];

/// The special rules a `Rule:` line may name.
pub const SPECIAL_RULES: [&str; 15] = [
    "taboo",
    "keep capture",
    "return capture",
    "duplecheck",
    "allow pickup",
    "allow drops",
    "force drops",
    "gate drops",
    "promote here",
    "special init",
    "bare rule",
    "chase rule",
    "shak rule",
    "forced capture",
    "en-passant check",
];

/// The game-ending conditions of `CONDITION = SCORE` items.
pub const CONDITIONS: [&str; 9] = [
    "checkmate",
    "stalemate",
    "repeat",
    "perpetual",
    "loneking",
    "nopieces",
    "captureanyflag",
    "captureallflags",
    "check",
];

/// The outcome of reading one variant.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VariantRead {
    /// The name on its `Variant:` line.
    pub name: String,
    /// Its line.
    pub line: usize,
    /// The variant, or every error found in it.
    pub result: Result<SjaakVariant, Vec<SjaakError>>,
    /// What was read as Sjaak reads it though the format does not allow it
    /// (see [`read_file`]); refused under `--strict`.
    pub warnings: Vec<SjaakError>,
}

/// What [`read_file`] found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SjaakFile {
    /// Each variant in order.
    pub variants: Vec<VariantRead>,
    /// Errors outside any variant.
    pub stray: Vec<SjaakError>,
}

/// Reads every variant of a file, each on its own.
///
/// Four quirks of real files are read as Sjaak reads them, each with a
/// warning in [`VariantRead::warnings`]: a `;` after a square (`k9;`), a leap
/// with its second number left out (`(2,)` is `(2,1)`), a second `FEN:` or
/// `XBoard pieces:` line (the later one counts), and a `Castle:` line with a
/// square off the board (Sjaak never plays it; it is left out).
///
/// ```
/// use icn_adapters::sjaak::read_file;
/// let f = read_file("Variant: T\nBoard: 8x8\nPiece: K\nMove: leap (1,1)\nFlags: royal, flying\n");
/// let e = f.variants[0].result.as_ref().unwrap_err();
/// assert_eq!(e[0].to_string(), "5:15: unknown flag `flying`");
/// ```
pub fn read_file(text: &str) -> SjaakFile {
    let mut out = SjaakFile {
        variants: Vec::new(),
        stray: Vec::new(),
    };
    let mut cur: Option<Reader> = None;
    for (i, raw) in icn_syntax::strip_bom(text).lines().enumerate() {
        let line_no = i + 1;
        let line = strip_comment(raw);
        if line.trim().is_empty() {
            continue;
        }
        let Some(colon) = line.find(':') else {
            let col = line.len() - line.trim_start().len() + 1;
            let e = SjaakError {
                line: line_no,
                col,
                message: format!(
                    "expected `KEYWORD: value`, found `{}`",
                    icn_syntax::Excerpt(line.trim())
                ),
            };
            match &mut cur {
                Some(r) => r.errors.push(e),
                None => out.stray.push(e),
            }
            continue;
        };
        let key = normalize(&line[..colon]);
        let rest = &line[colon + 1..];
        let value_at = colon + 1 + (rest.len() - rest.trim_start().len());
        let value = rest.trim();
        if key == "variant" {
            if let Some(r) = cur.take() {
                out.variants.push(r.finish());
            }
            cur = Some(Reader::new(value, line_no));
            continue;
        }
        let Some(r) = &mut cur else {
            out.stray.push(SjaakError {
                line: line_no,
                col: 1,
                message: format!(
                    "expected `Variant:` before `{}:`",
                    icn_syntax::Excerpt(line[..colon].trim())
                ),
            });
            continue;
        };
        let at = Loc {
            line: line_no,
            col: value_at + 1,
        };
        r.line(
            &key,
            line[..colon].trim(),
            value,
            at,
            line.len() - line.trim_start().len() + 1,
        );
    }
    if let Some(r) = cur.take() {
        out.variants.push(r.finish());
    }
    out
}

/// Reads every variant; fails with every error of the file.
///
/// # Errors
/// All errors, in line order.
pub fn read_variants(text: &str) -> Result<Vec<SjaakVariant>, Vec<SjaakError>> {
    let f = read_file(text);
    let mut errors = f.stray;
    let mut ok = Vec::new();
    for v in f.variants {
        match v.result {
            Ok(v) => ok.push(v),
            Err(e) => errors.extend(e),
        }
    }
    errors.sort_by_key(|e| (e.line, e.col));
    if errors.is_empty() {
        Ok(ok)
    } else {
        Err(errors)
    }
}

fn strip_comment(line: &str) -> &str {
    let mut quoted = false;
    for (i, c) in line.char_indices() {
        match c {
            '"' => quoted = !quoted,
            '#' if !quoted => return &line[..i],
            _ => {}
        }
    }
    line
}

fn normalize(key: &str) -> String {
    key.split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        .to_lowercase()
}

#[derive(Clone, Copy)]
pub(super) struct Loc {
    pub(super) line: usize,
    pub(super) col: usize,
}

impl Loc {
    pub(super) fn plus(self, bytes: usize) -> Loc {
        Loc {
            line: self.line,
            col: self.col + bytes,
        }
    }
}

pub(super) struct Reader {
    pub(super) v: SjaakVariant,
    pub(super) line: usize,
    pub(super) errors: Vec<SjaakError>,
    pub(super) zone_refs: Vec<(String, Loc)>,
    pub(super) seen: Vec<&'static str>,
    pub(super) warnings: Vec<SjaakError>,
}

/// Splits on commas outside quotes and parentheses, keeping byte offsets of
/// the trimmed parts.
pub(super) fn split_list<'a>(s: &'a str) -> Vec<(usize, &'a str)> {
    let mut out = Vec::new();
    let (mut depth, mut quoted, mut start) = (0i32, false, 0usize);
    let push = |a: usize, b: usize, out: &mut Vec<(usize, &'a str)>| {
        let part = &s[a..b];
        let lead = part.len() - part.trim_start().len();
        out.push((a + lead, part.trim()));
    };
    for (i, c) in s.char_indices() {
        match c {
            '"' => quoted = !quoted,
            '(' if !quoted => depth += 1,
            ')' if !quoted => depth -= 1,
            ',' if !quoted && depth == 0 => {
                push(start, i, &mut out);
                start = i + 1;
            }
            _ => {}
        }
    }
    push(start, s.len(), &mut out);
    out
}

pub(super) fn unquote(s: &str) -> Option<&str> {
    s.strip_prefix('"')?.strip_suffix('"')
}

impl Reader {
    fn new(name: &str, line: usize) -> Reader {
        Reader {
            v: SjaakVariant {
                name: name.to_string(),
                ..SjaakVariant::default()
            },
            line,
            errors: Vec::new(),
            zone_refs: Vec::new(),
            seen: Vec::new(),
            warnings: Vec::new(),
        }
    }

    pub(super) fn warn(&mut self, at: Loc, message: impl Into<String>) {
        self.warnings.push(SjaakError {
            line: at.line,
            col: at.col,
            message: icn_syntax::cap_quotes(message.into()),
        });
    }

    /// Like [`Reader::once`], but a repeated line overrides the earlier one
    /// with a warning, as in Sjaak.
    fn again_overrides(&mut self, key: &'static str, at: Loc) {
        if self.seen.contains(&key) {
            self.warn(
                at,
                format!(
                    "a second `{key}:` line in this variant; the later one counts, as in Sjaak"
                ),
            );
        } else {
            self.seen.push(key);
        }
    }

    pub(super) fn err(&mut self, at: Loc, message: impl Into<String>) {
        self.errors.push(SjaakError {
            line: at.line,
            col: at.col,
            message: icn_syntax::cap_quotes(message.into()),
        });
    }

    fn finish(mut self) -> VariantRead {
        if !self.seen.contains(&"Board") {
            let at = Loc {
                line: self.line,
                col: 1,
            };
            self.err(at, "expected a `Board:` line in this variant, found none");
        }
        for (name, at) in std::mem::take(&mut self.zone_refs) {
            if self.v.zone(&name).is_none() {
                self.err(at, format!("unknown zone `{name}`"));
            }
        }
        self.errors.sort_by_key(|e| (e.line, e.col));
        self.warnings.sort_by_key(|e| (e.line, e.col));
        VariantRead {
            warnings: self.warnings,
            name: self.v.name.clone(),
            line: self.line,
            result: if self.errors.is_empty() {
                Ok(self.v)
            } else {
                Err(self.errors)
            },
        }
    }

    pub(super) fn once(&mut self, key: &'static str, at: Loc) -> bool {
        if self.seen.contains(&key) {
            self.err(at, format!("a second `{key}:` line in this variant"));
            return false;
        }
        self.seen.push(key);
        true
    }

    pub(super) fn square(&mut self, s: &str, at: Loc) -> Option<Sq> {
        let sq = self.square_anywhere(s, at)?;
        if self.on_board(sq) {
            Some(sq)
        } else {
            self.err(
                at,
                format!(
                    "square `{sq}` is off the {}x{} board",
                    self.v.files, self.v.ranks
                ),
            );
            None
        }
    }

    /// Whether `sq` is on the board (any square before `Board:` is read).
    pub(super) fn on_board(&self, sq: Sq) -> bool {
        self.v.files == 0 || (sq.file < self.v.files && sq.rank < self.v.ranks)
    }

    /// A square by name, on the board or not.
    pub(super) fn square_anywhere(&mut self, s: &str, at: Loc) -> Option<Sq> {
        let s = match s.strip_suffix(';') {
            Some(bare) => {
                self.warn(
                    at.plus(bare.len()),
                    format!("a `;` after square `{bare}`; Sjaak ignores it"),
                );
                bare
            }
            None => s,
        };
        let b = s.as_bytes();
        let ok =
            b.len() >= 2 && b[0].is_ascii_lowercase() && s[1..].bytes().all(|c| c.is_ascii_digit());
        let sq = ok
            .then(|| {
                let rank: u32 = s[1..].parse().ok()?;
                Some(Sq {
                    file: b[0] - b'a',
                    rank: u8::try_from(rank.checked_sub(1)?).ok()?,
                })
            })
            .flatten();
        match sq {
            Some(sq) => Some(sq),
            None => {
                self.err(at, format!("expected a square such as `a1`, found `{s}`"));
                None
            }
        }
    }

    pub(super) fn squares(&mut self, value: &str, at: Loc) -> Vec<Sq> {
        split_list(value)
            .into_iter()
            .filter_map(|(o, s)| self.square(s, at.plus(o)))
            .collect()
    }

    pub(super) fn quoted(&mut self, s: &str, at: Loc, what: &str) -> Option<String> {
        match unquote(s) {
            Some(q) => Some(q.to_string()),
            None => {
                self.err(at, format!("expected {what} in double quotes, found `{s}`"));
                None
            }
        }
    }

    pub(super) fn zone_pair(&mut self, value: &str, at: Loc) -> Option<(String, String)> {
        let parts = split_list(value);
        if parts.len() != 2 {
            self.err(
                at,
                format!("expected `WHITE_ZONE, BLACK_ZONE`, found `{value}`"),
            );
            return None;
        }
        for &(o, z) in &parts {
            self.zone_refs.push((z.to_string(), at.plus(o)));
        }
        Some((parts[0].1.to_string(), parts[1].1.to_string()))
    }

    pub(super) fn mv(&mut self, s: &str, at: Loc) -> Option<super::MoveDesc> {
        match parse_move(s) {
            Ok((m, quirks)) => {
                for q in quirks {
                    self.warn(at.plus(q.at), q.message);
                }
                Some(m)
            }
            Err(e) => {
                self.err(at.plus(e.at), e.message);
                None
            }
        }
    }

    pub(super) fn piece(&mut self, keyword: &str, at: Loc) -> Option<&mut SjaakPiece> {
        if self.v.pieces.is_empty() {
            self.err(at, format!("expected `Piece:` before `{keyword}:`"));
            return None;
        }
        self.v.pieces.last_mut()
    }

    pub(super) fn numbers<T: std::str::FromStr>(&mut self, value: &str, at: Loc) -> Option<Vec<T>> {
        let mut out = Vec::new();
        for (o, s) in split_list(value) {
            match s.parse() {
                Ok(n) => out.push(n),
                Err(_) => {
                    self.err(at.plus(o), format!("expected a number, found `{s}`"));
                    return None;
                }
            }
        }
        Some(out)
    }

    fn line(&mut self, key: &str, keyword: &str, value: &str, at: Loc, key_col: usize) {
        let key_at = Loc {
            line: at.line,
            col: key_col,
        };
        match key {
            "board" => {
                if !self.once("Board", key_at) {
                    return;
                }
                let dims = value.split_once(['x', 'X']).and_then(|(a, b)| {
                    Some((a.trim().parse::<u8>().ok()?, b.trim().parse::<u8>().ok()?))
                });
                match dims {
                    Some((f, r))
                        if (1..=16).contains(&f) && (1..=16).contains(&r) && u32::from(f) * u32::from(r) <= 128 =>
                    {
                        (self.v.files, self.v.ranks) = (f, r);
                    }
                    _ => self.err(
                        at,
                        format!("expected FILESxRANKS with at most 16 each and 128 squares, found `{value}`"),
                    ),
                }
            }
            "fen" => {
                self.again_overrides("FEN", key_at);
                self.v.fen = self.quoted(value, at, "a FEN");
            }
            "zone" => {
                let Some((name, list)) = value.split_once('=') else {
                    self.err(at, format!("expected `NAME = SQUARES`, found `{value}`"));
                    return;
                };
                let name = name.trim().to_string();
                let off = name.len() + (value.len() - value.trim_start().len());
                let list_at = at.plus(value.find('=').map_or(off, |i| i + 1));
                let list_at = list_at.plus(list.len() - list.trim_start().len());
                let sqs = self.squares(list.trim(), list_at);
                if name.is_empty() || name.contains(char::is_whitespace) {
                    self.err(
                        at,
                        format!("expected a zone name without spaces, found `{name}`"),
                    );
                } else if self.v.zones.iter().any(|(n, _)| *n == name)
                    || name == "all"
                    || name == "empty"
                {
                    self.err(at, format!("zone `{name}` is defined twice"));
                } else {
                    self.v.zones.push((name, sqs));
                }
            }
            "exclude" => {
                let s = self.squares(value, at);
                self.v.exclude.extend(s);
            }
            "whiteflag" => {
                let s = self.squares(value, at);
                self.v.white_flag.extend(s);
            }
            "blackflag" => {
                let s = self.squares(value, at);
                self.v.black_flag.extend(s);
            }
            "xboard pieces" | "winboard pieces" => {
                self.again_overrides("XBoard pieces", key_at);
                self.v.xboard_pieces = self.quoted(value, at, "a piece string");
            }
            "xboard parent" | "winboard parent" => {
                if self.once("XBoard parent", key_at) {
                    self.v.xboard_parent = self.quoted(value, at, "a parent variant");
                }
            }
            "rule" => {
                for (o, item) in split_list(value) {
                    if let Some(r) = self.rule_item(item, at.plus(o)) {
                        self.v.rules.push(r);
                    }
                }
            }
            "piece" => self.v.pieces.push(SjaakPiece {
                name: value.to_string(),
                ..SjaakPiece::default()
            }),
            _ => self.piece_line(key, keyword, value, at, key_at),
        }
    }
}

impl fmt::Display for super::Sq {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.name())
    }
}
