//! Sections with their inheritance resolved into [`Resolved`]: the pieces
//! and option fields a variant ends up with, each remembering the line (and
//! section) that set it.
//!
//! As Fairy-Stockfish does it: a section without a parent starts from the
//! default template (chess rules, no pieces, no promotion choices); with a
//! parent it starts from the parent — a built-in variant ([`super::builtin`])
//! or a section earlier in the file — and then reads its own lines in
//! Fairy-Stockfish's order: `maxRank`, `maxFile`, the piece slots in slot
//! order (a letter given to a second slot takes it from the first; `-`
//! removes a piece; a removed piece leaves the promotion choices), each
//! piece's `mobilityRegion…` options, then the other options in
//! [`super::options::OPTIONS`] order (so `pawnTypes` is overridden by a more
//! specific `promotionPawnTypes`). Piece letters in option values are read
//! with the section's own pieces. A custom piece whose Betza holds `e` joins
//! the en passant types.
//!
//! Errors (with line, column and option name): an unknown or deprecated
//! option, a value of the wrong type, a letter that names no piece, a
//! custom piece without Betza, an unknown parent, a name used twice.

use std::collections::{BTreeMap, BTreeSet};

use super::FsfError;
use super::ini::{Section, Setting};
use super::options::{self, Kind};
use super::slots::Slot;

/// Where a value came from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Origin {
    /// The section that set it.
    pub section: String,
    /// The option as written.
    pub key: String,
    /// 1-based line (of the built-in description for built-in variants).
    pub line: usize,
    /// 1-based column of the value.
    pub col: usize,
    /// Whether the section is one of Fairy-Stockfish's built-in variants.
    pub builtin: bool,
}

impl Origin {
    /// `line 12` or `built-in variant crazyhouse`, for messages.
    pub fn place(&self) -> String {
        if self.builtin {
            format!("from the built-in variant `{}`", self.section)
        } else {
            format!("line {}", self.line)
        }
    }
}

/// A set of piece types: every piece (`*`) or some slots.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PieceSet {
    /// `*`.
    All,
    /// These slots (`-` is the empty set).
    Some(BTreeSet<Slot>),
}

impl PieceSet {
    /// Whether `slot` is in the set.
    pub fn contains(&self, slot: Slot) -> bool {
        match self {
            PieceSet::All => true,
            PieceSet::Some(s) => s.contains(&slot),
        }
    }

    /// The set of one slot.
    pub fn one(slot: Slot) -> Self {
        PieceSet::Some([slot].into_iter().collect())
    }
}

/// A field's value: text as written, or piece types read from letters.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Field {
    /// As written (checked against the option's type).
    Text(String),
    /// Piece letters read into slots.
    Pieces(PieceSet),
}

/// A defined piece.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PieceDef {
    /// Its slot.
    pub slot: Slot,
    /// Its letter, lowercase.
    pub letter: char,
    /// Its Betza moves (the predefined ones for predefined slots).
    pub betza: String,
    /// Where it was defined.
    pub origin: Origin,
}

/// A variant with its inheritance resolved.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Resolved {
    /// The section's name.
    pub name: String,
    /// 1-based line of the header (0 for built-in variants).
    pub line: usize,
    /// The pieces by slot.
    pub pieces: BTreeMap<Slot, PieceDef>,
    /// Fields set by some section of the chain, with where.
    pub fields: BTreeMap<String, (Field, Origin)>,
}

impl Resolved {
    fn root(name: &str, line: usize) -> Self {
        Resolved {
            name: name.to_string(),
            line,
            pieces: BTreeMap::new(),
            fields: BTreeMap::new(),
        }
    }

    /// The text of a field, if set.
    pub fn text(&self, field: &str) -> Option<(&str, &Origin)> {
        match self.fields.get(field) {
            Some((Field::Text(t), o)) => Some((t.as_str(), o)),
            _ => None,
        }
    }

    /// The piece set of a field, if set.
    pub fn pieces_of(&self, field: &str) -> Option<(&PieceSet, &Origin)> {
        match self.fields.get(field) {
            Some((Field::Pieces(p), o)) => Some((p, o)),
            _ => None,
        }
    }

    /// The piece with `letter` (either case).
    pub fn piece_by_letter(&self, letter: char) -> Option<&PieceDef> {
        let l = letter.to_ascii_lowercase();
        self.pieces.values().find(|p| p.letter == l)
    }

    fn remove(&mut self, slot: Slot) {
        self.pieces.remove(&slot);
        for f in ["promotionPieceTypesWhite", "promotionPieceTypesBlack"] {
            if let Some((Field::Pieces(PieceSet::Some(s)), _)) = self.fields.get_mut(f) {
                s.remove(&slot);
            }
        }
    }

    fn letters(&self, key: &str, s: &Setting, single: bool) -> Result<PieceSet, FsfError> {
        let mut set = BTreeSet::new();
        for (i, c) in s.value.char_indices() {
            if c.is_whitespace() {
                continue;
            }
            if c == '*' {
                return Ok(PieceSet::All);
            }
            if c == '-' {
                break;
            }
            match self.piece_by_letter(c) {
                Some(p) => {
                    set.insert(p.slot);
                }
                None => {
                    return Err(FsfError::at(
                        s.line,
                        s.col + i,
                        format!("{key}: `{c}` names no piece of this variant"),
                    ));
                }
            }
        }
        if single && set.len() > 1 {
            return Err(FsfError::at(
                s.line,
                s.col,
                format!("{key}: expected one piece letter"),
            ));
        }
        Ok(PieceSet::Some(set))
    }
}

fn origin(section: &Section, s: &Setting, builtin: bool) -> Origin {
    Origin {
        section: section.name.clone(),
        key: s.key.clone(),
        line: s.line,
        col: s.col,
        builtin,
    }
}

/// Applies a section's lines on top of `base` (see the module docs).
///
/// # Errors
/// Every line that cannot be read, with its place and option name.
pub fn apply(mut v: Resolved, section: &Section, builtin: bool) -> Result<Resolved, Vec<FsfError>> {
    v.name.clone_from(&section.name);
    v.line = if builtin { 0 } else { section.line };
    let mut errors = Vec::new();
    let mut used: BTreeSet<&str> = BTreeSet::new();
    let set_text =
        |v: &mut Resolved, errors: &mut Vec<FsfError>, def: &options::OptionDef, s: &Setting| {
            match options::check(def.kind, &s.value) {
                Ok(()) => {
                    for f in def.fields() {
                        v.fields.insert(
                            f.to_string(),
                            (Field::Text(s.value.clone()), origin(section, s, builtin)),
                        );
                    }
                }
                Err(e) => errors.push(FsfError::at(s.line, s.col, format!("{}: {e}", s.key))),
            }
        };
    for def in options::FIRST {
        if let Some(s) = section.get(def.name) {
            used.insert(def.name);
            set_text(&mut v, &mut errors, def, s);
        }
    }
    for slot in Slot::all() {
        let name = slot.name();
        let Some(s) = section.get(&name) else {
            continue;
        };
        used.insert(
            section
                .settings
                .iter()
                .find(|x| x.key == name)
                .map_or("", |x| x.key.as_str()),
        );
        match piece_def(slot, s, origin(section, s, builtin)) {
            Ok(Some(def)) => {
                if let Some(old) = v.piece_by_letter(def.letter).map(|p| p.slot) {
                    v.remove(old);
                }
                if slot.is_custom() && def.betza.contains('e') {
                    for f in ["enPassantTypesWhite", "enPassantTypesBlack"] {
                        let mut set = match v.fields.get(f) {
                            Some((Field::Pieces(PieceSet::Some(s)), _)) => s.clone(),
                            Some((Field::Pieces(PieceSet::All), _)) => continue,
                            _ => [Slot::PAWN].into_iter().collect(),
                        };
                        set.insert(slot);
                        v.fields.insert(
                            f.to_string(),
                            (Field::Pieces(PieceSet::Some(set)), def.origin.clone()),
                        );
                    }
                }
                v.pieces.insert(slot, def);
            }
            Ok(None) => v.remove(slot),
            Err(e) => errors.push(e),
        }
    }
    // Mobility regions, by piece name.
    for s in &section.settings {
        if let Some(rest) = s.key.strip_prefix("mobilityRegion") {
            let named = rest
                .strip_prefix("White")
                .or_else(|| rest.strip_prefix("Black"))
                .filter(|p| {
                    Slot::all().any(|slot| {
                        let mut n = slot.name();
                        if let Some(first) = n.get_mut(0..1) {
                            first.make_ascii_uppercase();
                        }
                        n == *p
                    })
                });
            if named.is_none() {
                errors.push(FsfError::at(
                    s.line,
                    1,
                    format!("unknown option `{}` (mobilityRegion takes White or Black and a piece name: mobilityRegionWhiteKing)", s.key),
                ));
                continue;
            }
            match options::check(Kind::Squares, &s.value) {
                Ok(()) => {
                    v.fields.insert(
                        s.key.clone(),
                        (Field::Text(s.value.clone()), origin(section, s, builtin)),
                    );
                }
                Err(e) => errors.push(FsfError::at(s.line, s.col, format!("{}: {e}", s.key))),
            }
        }
    }
    for def in options::OPTIONS {
        let Some(s) = section.get(def.name) else {
            continue;
        };
        used.insert(def.name);
        match def.kind {
            Kind::Pieces | Kind::Piece => match v.letters(def.name, s, def.kind == Kind::Piece) {
                Ok(set) => {
                    for f in def.fields() {
                        v.fields.insert(
                            f.to_string(),
                            (Field::Pieces(set.clone()), origin(section, s, builtin)),
                        );
                    }
                }
                Err(e) => errors.push(e),
            },
            Kind::PiecePairs | Kind::PieceCounts => match pairs(&v, s, def.kind) {
                Ok(()) => {
                    // Fairy-Stockfish sets these per piece: what the parent
                    // said of the pieces this section does not name stays.
                    let inherited = v.fields.get(def.name).and_then(|(f, _)| match f {
                        Field::Text(t) => Some(t.clone()),
                        Field::Pieces(_) => None,
                    });
                    let mut merged = s.clone();
                    if let Some(parent) = inherited {
                        merged.value = merge_pairs(&parent, &s.value);
                    }
                    set_text(&mut v, &mut errors, def, &merged);
                }
                Err(e) => errors.push(e),
            },
            _ => set_text(&mut v, &mut errors, def, s),
        }
    }
    for s in &section.settings {
        let known = used.contains(s.key.as_str())
            || s.key.starts_with("mobilityRegion")
            || options::COSMETIC.contains(&s.key.as_str());
        if known {
            if options::COSMETIC.contains(&s.key.as_str()) && options::find(&s.key).is_none() {
                v.fields.insert(
                    s.key.clone(),
                    (Field::Text(s.value.clone()), origin(section, s, builtin)),
                );
            }
            continue;
        }
        let message = match options::DEPRECATED.iter().find(|(d, _)| *d == s.key) {
            Some((d, new)) => format!("`{d}` is a deprecated option; write `{new}`"),
            None => format!("unknown option `{}`", s.key),
        };
        errors.push(FsfError::at(s.line, 1, message));
    }
    if errors.is_empty() {
        Ok(v)
    } else {
        errors.sort_by_key(|e| (e.line, e.col));
        Err(errors)
    }
}

/// `p:g s:g` or `q:1 r:2`: letters must name pieces.
fn pairs(v: &Resolved, s: &Setting, kind: Kind) -> Result<(), FsfError> {
    for (i, token) in s.value.split_whitespace().enumerate() {
        let col = s.col + s.value.find(token).unwrap_or(i);
        let (a, b) = token.split_once(':').ok_or_else(|| {
            FsfError::at(
                s.line,
                col,
                format!(
                    "{}: expected `letter:{}`, found `{token}`",
                    s.key,
                    if kind == Kind::PiecePairs {
                        "letter"
                    } else {
                        "number"
                    }
                ),
            )
        })?;
        let mut letters: Vec<&str> = vec![a];
        if kind == Kind::PiecePairs {
            if b != "-" {
                letters.push(b);
            }
        } else if b.parse::<u32>().is_err() {
            return Err(FsfError::at(
                s.line,
                col,
                format!("{}: expected a number after `{a}:`", s.key),
            ));
        }
        for l in letters {
            let mut cs = l.chars();
            let ok = match (cs.next(), cs.next()) {
                (Some(c), None) => v.piece_by_letter(c).is_some(),
                _ => false,
            };
            if !ok {
                return Err(FsfError::at(
                    s.line,
                    col,
                    format!("{}: `{l}` names no piece of this variant", s.key),
                ));
            }
        }
    }
    Ok(())
}

/// A piece slot's value: `x`, `x:BETZA`, or `-` (removed: `None`).
fn piece_def(slot: Slot, s: &Setting, origin: Origin) -> Result<Option<PieceDef>, FsfError> {
    let mut chars = s.value.chars();
    let Some(first) = chars.next() else {
        return Err(FsfError::at(
            s.line,
            s.col,
            format!("{}: expected a piece letter or `-`", s.key),
        ));
    };
    if first == '-' {
        return Ok(None);
    }
    if !first.is_ascii_alphabetic() {
        return Err(FsfError::at(
            s.line,
            s.col,
            format!("{}: expected a piece letter or `-`, found `{first}`", s.key),
        ));
    }
    let rest = chars.as_str();
    let betza = if rest.is_empty() {
        if slot.is_custom() {
            return Err(FsfError::at(
                s.line,
                s.col + 1,
                format!(
                    "{}: expected `:` and Betza moves after the letter (`{first}:mW`)",
                    s.key
                ),
            ));
        }
        slot.predefined_betza().unwrap_or_default().to_string()
    } else if let Some(b) = rest.strip_prefix(':') {
        if !slot.is_custom() && slot != Slot::KING {
            return Err(FsfError::at(
                s.line,
                s.col + 1,
                format!(
                    "{}: a predefined piece takes a letter only (its moves are fixed); use a customPiece slot for other moves",
                    s.key
                ),
            ));
        }
        b.trim().to_string()
    } else {
        return Err(FsfError::at(
            s.line,
            s.col + 1,
            format!(
                "{}: expected `:` after the letter, found `{}`",
                s.key,
                rest.chars().next().unwrap_or(' ')
            ),
        ));
    };
    Ok(Some(PieceDef {
        slot,
        letter: first.to_ascii_lowercase(),
        betza,
        origin,
    }))
}

/// The default of a piece-set field when no section set it, as in
/// Fairy-Stockfish's template.
pub fn default_pieces(field: &str) -> PieceSet {
    match field {
        "promotionPawnTypesWhite"
        | "promotionPawnTypesBlack"
        | "enPassantTypesWhite"
        | "enPassantTypesBlack"
        | "nMoveRuleTypesWhite"
        | "nMoveRuleTypesBlack" => PieceSet::one(Slot::PAWN),
        "castlingKingPieceWhite" | "castlingKingPieceBlack" => PieceSet::one(Slot::KING),
        "castlingRookPiecesWhite" | "castlingRookPiecesBlack" => {
            PieceSet::one(Slot::named("rook").unwrap_or(Slot::PAWN))
        }
        "flagPieceWhite" | "flagPieceBlack" | "connectPieceTypes" => PieceSet::All,
        _ => PieceSet::Some(BTreeSet::new()),
    }
}

/// Resolves every section of a file in order, each against the built-in
/// variants and the sections before it.
pub fn resolve_all(sections: &[Section]) -> Vec<Result<Resolved, Vec<FsfError>>> {
    let mut done: BTreeMap<String, Resolved> = BTreeMap::new();
    let mut out = Vec::new();
    for s in sections {
        let r = resolve_one(s, &done);
        if let Ok(v) = &r {
            done.entry(s.name.clone()).or_insert_with(|| v.clone());
        }
        out.push(r);
    }
    out
}

fn resolve_one(
    s: &Section,
    earlier: &BTreeMap<String, Resolved>,
) -> Result<Resolved, Vec<FsfError>> {
    let mut errors = s.errors.clone();
    let r = resolve_lines(s, earlier);
    match r {
        Ok(v) if errors.is_empty() => Ok(v),
        Ok(_) => Err(errors),
        Err(more) => {
            errors.extend(more);
            errors.sort_by_key(|e| (e.line, e.col));
            Err(errors)
        }
    }
}

fn resolve_lines(
    s: &Section,
    earlier: &BTreeMap<String, Resolved>,
) -> Result<Resolved, Vec<FsfError>> {
    if earlier.contains_key(&s.name) || super::builtin::find(&s.name).is_some() {
        let what = if earlier.contains_key(&s.name) {
            "an earlier section"
        } else {
            "a built-in variant"
        };
        return Err(vec![FsfError::at(
            s.line,
            2,
            format!(
                "variant `{}` already exists ({what}); Fairy-Stockfish skips this section",
                s.name
            ),
        )]);
    }
    let base = match &s.parent {
        None => Resolved::root(&s.name, s.line),
        Some(p) => match earlier.get(p).cloned().or_else(|| super::builtin::find(p)) {
            Some(b) => b,
            None => {
                return Err(vec![FsfError::at(
                    s.line,
                    s.name.len() + 3,
                    format!("the parent variant `{p}` is neither built in nor defined above"),
                )]);
            }
        },
    };
    apply(base, s, false)
}

/// `FROM:TO` (or `PIECE:COUNT`) pairs of a parent with a section's own: the
/// parent's pairs for the pieces the section does not name, then the
/// section's.
fn merge_pairs(parent: &str, own: &str) -> String {
    let key = |pair: &str| {
        pair.split(':')
            .next()
            .unwrap_or_default()
            .to_ascii_lowercase()
    };
    let named: Vec<String> = own.split_whitespace().map(key).collect();
    parent
        .split_whitespace()
        .filter(|p| !named.contains(&key(p)))
        .chain(own.split_whitespace())
        .collect::<Vec<_>>()
        .join(" ")
}
