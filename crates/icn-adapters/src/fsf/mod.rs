//! Fairy-Stockfish `variants.ini` files and Betza notation, around the
//! rule objects.
//!
//! * [`ini`]: sections and `key = value` lines with their places;
//!   [`options`] and [`slots`]: what each option is; [`resolve`]: inheritance
//!   from the built-in variants ([`builtin`]) and earlier sections, in
//!   Fairy-Stockfish's reading order.
//! * [`betza`]: Betza as Fairy-Stockfish reads it, into the movement algebra;
//!   [`betza_write`]: back.
//! * [`lower`]: a resolved section as an icn-rules [`icn_rules::Variant`],
//!   every option the model cannot hold refused by name and line;
//!   [`fen`] reads `startFen`.
//! * [`write`](mod@write): a variant as a `variants.ini` section Fairy-Stockfish loads.
//!
//! [`read_file`] reads every section; each is resolved on its own, so one bad
//! section does not hide the others. See `docs/fsf.md` for what loads and
//! what is refused in the file Fairy-Stockfish ships.

pub mod betza;
pub mod betza_write;
pub mod builtin;
pub mod conformance;
mod counting;
pub mod fen;
pub mod games;
pub mod ini;
pub mod lower;
mod lower_atomic;
mod lower_bare;
mod lower_drops;
mod lower_extinction;
mod lower_gating;
mod lower_janggi;
mod lower_limits;
mod lower_pieces;
mod lower_position;
mod lower_refuse;
mod lower_rules;
mod lower_shogi;
mod lower_xiangqi;
pub mod options;
pub mod resolve;
pub mod slots;
pub mod suite;
pub mod write;
mod write_atomic;
mod write_doubles;
mod write_drops;
mod write_rules;
mod write_xiangqi;

pub use lower::{Refusal, to_variant};
pub use write::{section_name, write_file, write_section, write_section_lossy};

/// A problem at a place in the text: 1-based line and column.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{line}:{col}: {message}")]
pub struct FsfError {
    /// 1-based line.
    pub line: usize,
    /// 1-based column.
    pub col: usize,
    /// What is wrong, and what was expected.
    pub message: String,
}

impl FsfError {
    /// An error at `line`:`col`.
    pub fn at(line: usize, col: usize, message: impl Into<String>) -> Self {
        FsfError {
            line,
            col,
            message: message.into(),
        }
    }
}

/// One section of a file, read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SectionRead {
    /// The variant's name.
    pub name: String,
    /// 1-based line of its header.
    pub line: usize,
    /// Its pieces and options with inheritance resolved, or why not.
    pub result: Result<resolve::Resolved, Vec<FsfError>>,
    /// Lines read as Fairy-Stockfish reads them, with a note.
    pub warnings: Vec<FsfError>,
}

/// A whole file, read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FsfFile {
    /// Every section, in order.
    pub sections: Vec<SectionRead>,
    /// Lines that belong to no section and could not be read (a bad header).
    pub stray: Vec<FsfError>,
}

/// Reads every section of a `variants.ini` text (see the module docs).
///
/// ```
/// use icn_adapters::fsf::read_file;
/// let f = read_file("[mini:chess]\nmaxRank = 6\n[bad:nothing]\n");
/// assert!(f.sections[0].result.is_ok());
/// assert!(f.sections[1].result.is_err());
/// ```
pub fn read_file(text: &str) -> FsfFile {
    let (sections, stray) = ini::sections(text);
    let resolved = resolve::resolve_all(&sections);
    FsfFile {
        sections: sections
            .iter()
            .zip(resolved)
            .map(|(s, result)| SectionRead {
                name: s.name.clone(),
                line: s.line,
                result,
                warnings: s.warnings.clone(),
            })
            .collect(),
        stray,
    }
}

/// Whether a text looks like a `variants.ini` file: some line is a section
/// header `[name]` or `[name:parent]` (letters, digits, `-`, `_`, `+`, `.`)
/// and the first such header is followed by a `key = value` line or another
/// header.
///
/// ```
/// use icn_adapters::fsf::looks_like_ini;
/// assert!(looks_like_ini("# x\n[mini:chess]\nmaxRank = 6\n"));
/// assert!(!looks_like_ini("[Event \"x\"] K1,1|k3,3"));
/// ```
pub fn looks_like_ini(text: &str) -> bool {
    let header = |t: &str| {
        t.strip_prefix('[')
            .and_then(|r| r.strip_suffix(']'))
            .is_some_and(|n| {
                !n.is_empty()
                    && n.chars()
                        .all(|c| c.is_ascii_alphanumeric() || "-_+.:".contains(c))
            })
    };
    let mut seen = false;
    for l in text.lines() {
        let t = l.trim_end();
        if t.is_empty() || t.starts_with('#') || t.starts_with(';') {
            continue;
        }
        if header(t) {
            if seen {
                return true;
            }
            seen = true;
        } else if seen {
            return t.contains('=');
        }
    }
    seen
}
