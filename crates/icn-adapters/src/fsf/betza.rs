//! Betza notation as Fairy-Stockfish reads it ([`parse`]) and its meaning
//! in the movement algebra ([`BetzaPiece::movement`]).
//!
//! Accepted, read left to right as Fairy-Stockfish's `from_betza` does:
//! * atoms: leapers `W F D N A H L C J Z G K` (`C` = `L`, `Z` = `J`, `K` =
//!   `WF`) and riders `R B Q`; an atom doubled (`NN`) rides, a digit after
//!   an atom (`Q2`, `W3`) rides that many steps at most;
//! * modalities before an atom: `m` (move only), `c` (capture only), none
//!   (both); `e` marks the piece as an en passant capturer (anywhere);
//! * `i`: the move is an initial move (allowed from the double-step region);
//! * `p`: a cannon-style hop (`pR`, `pB`, `pQ`); `n`: a lame leap (`nN`,
//!   `nA`, `nD`: the first square of the path must be empty);
//! * directions `f b v r l s h` and their two-letter combinations (`fs`,
//!   `lf`, `hr`): on orthogonal atoms a mixed pair means both (`fsW` moves
//!   forward and sideways); on the others it picks one of the eight images
//!   (`rf`, `fr`), and `h` with `l`/`r` picks a chiral half (`hlN`).
//!   `f` alone on an oblique atom is the two narrow forward images (`fN` is
//!   the shogi knight), `s` the wide ones.
//!
//! Refused, with the column: letters Fairy-Stockfish ignores (XBetza's `a`
//! and `j` multi-leg and jumping modifiers, `o`, `t`, `x`, …: a definition
//! that uses them means something else there), a digit after a modifier, a
//! second digit. [`BetzaPiece::movement`] refuses what the movement algebra
//! or Fairy-Stockfish's move tables cannot hold: hoppers with a range
//! (`pR2`, `gR2`), hops and rides along other lines
//! than the rook's, bishop's and knight's (Fairy-Stockfish has no table for
//! them and they never move), lame leaps other than `nD`, `nN`, `nA` (`nZ`
//! needs two empty squares), initial captures (ignored by Fairy-Stockfish).

use icn_rules::{Action, Component, Movement, Pattern, Symmetry, Vector};

/// What a move may do.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Modality {
    /// `m`.
    Move,
    /// `c`.
    Capture,
}

/// One move of a Betza string: modifiers and an atom.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BetzaMove {
    /// `m`/`c` as written; empty means both.
    pub modalities: Vec<Modality>,
    /// `i`.
    pub initial: bool,
    /// `p` (cannon hop) or `g` (grasshopper).
    pub hop: Option<char>,
    /// `n`.
    pub lame: bool,
    /// Direction codes as Fairy-Stockfish groups them (`ff`, `fs`, `hl`).
    pub directions: Vec<String>,
    /// The atom letter.
    pub atom: char,
    /// Rides: `None` leaps; `Some(0)` rides without limit; `Some(n)` at most `n` steps.
    pub ride: Option<u32>,
    /// 1-based column of the move's first letter in the Betza string.
    pub col: usize,
}

/// A parsed Betza string.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct BetzaPiece {
    /// The moves in order.
    pub moves: Vec<BetzaMove>,
    /// `e` somewhere: the piece captures en passant.
    pub en_passant: bool,
}

/// An error in a Betza string: 1-based column in the string and message.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BetzaError {
    /// 1-based column.
    pub col: usize,
    /// What is wrong.
    pub message: String,
}

const VERTICALS: &str = "fbvh";
const HORIZONTALS: &str = "rlsh";
const LEAPERS: &str = "WFDNAHLCJZGK";
const RIDERS: &str = "RBQ";

/// The base vectors of an atom, as (first, second) = (along, across).
fn atom_pairs(atom: char) -> Vec<(i64, i64)> {
    match atom {
        'W' | 'R' => vec![(1, 0)],
        'F' | 'B' => vec![(1, 1)],
        'D' => vec![(2, 0)],
        'N' => vec![(2, 1)],
        'A' => vec![(2, 2)],
        'H' => vec![(3, 0)],
        'L' | 'C' => vec![(3, 1)],
        'J' | 'Z' => vec![(3, 2)],
        'G' => vec![(3, 3)],
        'K' | 'Q' => vec![(1, 0), (1, 1)],
        _ => Vec::new(),
    }
}

/// Parses a Betza string.
///
/// # Errors
/// The first letter that cannot be read, with its column.
///
/// ```
/// use icn_adapters::fsf::betza::parse;
/// let p = parse("fmWfceFifmnD").unwrap();
/// assert_eq!(p.moves.len(), 3);
/// assert!(p.en_passant && p.moves[2].initial && p.moves[2].lame);
/// assert!(parse("mafsW").is_err());
/// ```
pub fn parse(betza: &str) -> Result<BetzaPiece, BetzaError> {
    let chars: Vec<char> = betza.chars().collect();
    let mut out = BetzaPiece::default();
    let mut cur = BetzaMove {
        modalities: Vec::new(),
        initial: false,
        hop: None,
        lame: false,
        directions: Vec::new(),
        atom: ' ',
        ride: None,
        col: 1,
    };
    let mut start: Option<usize> = None;
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        let col = i + 1;
        if c.is_whitespace() {
            i += 1;
            continue;
        }
        if !LEAPERS.contains(c) && !RIDERS.contains(c) && start.is_none() {
            start = Some(col);
        }
        match c {
            'm' => cur.modalities.push(Modality::Move),
            'c' => cur.modalities.push(Modality::Capture),
            'e' => out.en_passant = true,
            'p' | 'g' => cur.hop = Some(c),
            'n' => cur.lame = true,
            'i' => cur.initial = true,
            _ if VERTICALS.contains(c) || HORIZONTALS.contains(c) => {
                let next = chars.get(i + 1).copied();
                let pair = next.filter(|&c2| {
                    c2 == c
                        || (VERTICALS.contains(c) && HORIZONTALS.contains(c2))
                        || (HORIZONTALS.contains(c) && VERTICALS.contains(c2))
                });
                match pair {
                    Some(c2) => {
                        cur.directions.push(format!("{c}{c2}"));
                        i += 1;
                    }
                    None => cur.directions.push(format!("{c}{c}")),
                }
            }
            _ if LEAPERS.contains(c) || RIDERS.contains(c) => {
                cur.atom = c;
                cur.col = start.unwrap_or(col);
                cur.ride = RIDERS.contains(c).then_some(0);
                match chars.get(i + 1) {
                    Some(&d) if d.is_ascii_digit() => {
                        cur.ride = Some(d.to_digit(10).unwrap_or(0));
                        i += 1;
                        if chars.get(i + 1).is_some_and(char::is_ascii_digit) {
                            return Err(BetzaError {
                                col: i + 2,
                                message:
                                    "a range of more than one digit (Fairy-Stockfish reads one)"
                                        .into(),
                            });
                        }
                    }
                    Some(&d) if d == c => {
                        cur.ride = Some(0);
                        i += 1;
                    }
                    _ => {}
                }
                let next = BetzaMove {
                    modalities: Vec::new(),
                    initial: false,
                    hop: None,
                    lame: false,
                    directions: Vec::new(),
                    atom: ' ',
                    ride: None,
                    col: 1,
                };
                out.moves.push(std::mem::replace(&mut cur, next));
                start = None;
            }
            'a' | 'j' => {
                return Err(BetzaError {
                    col,
                    message: format!(
                        "XBetza's `{c}` ({}) is not read by Fairy-Stockfish, which skips the letter and so means another piece",
                        if c == 'a' {
                            "multi-leg moves"
                        } else {
                            "jumping moves"
                        }
                    ),
                });
            }
            _ if c.is_ascii_digit() => {
                return Err(BetzaError {
                    col,
                    message: format!("expected an atom before the range `{c}`"),
                });
            }
            _ => {
                return Err(BetzaError {
                    col,
                    message: format!("`{c}` is not a Betza letter Fairy-Stockfish reads"),
                });
            }
        }
        i += 1;
    }
    if start.is_some() {
        return Err(BetzaError {
            col: chars.len() + 1,
            message: "expected an atom after the modifiers".into(),
        });
    }
    Ok(out)
}

/// The images of a base pair picked by direction codes, as White sees them
/// (`dy` forward). No codes: all eight.
pub fn images(first: i64, second: i64, codes: &[String]) -> Vec<Vector> {
    let (a, b) = (first, second);
    // The eight images in Fairy-Stockfish's order, with the codes choosing each.
    #[rustfmt::skip]
    let table: [(Vector, &[&str]); 8] = [
        (Vector::new(b, a), &["ff", "vv", "rf", "rv", "fh", "rh", "hr"]),
        (Vector::new(-b, -a), &["bb", "vv", "lb", "lv", "bh", "lh", "hr"]),
        (Vector::new(a, -b), &["rr", "ss", "br", "bs", "bh", "rh", "hr"]),
        (Vector::new(-a, b), &["ll", "ss", "fl", "fs", "fh", "lh", "hr"]),
        (Vector::new(a, b), &["rr", "ss", "fr", "fs", "fh", "rh", "hl"]),
        (Vector::new(-a, -b), &["ll", "ss", "bl", "bs", "bh", "lh", "hl"]),
        (Vector::new(b, -a), &["bb", "vv", "rb", "rv", "bh", "rh", "hl"]),
        (Vector::new(-b, a), &["ff", "vv", "lf", "lv", "fh", "lh", "hl"]),
    ];
    // Orthogonal atoms read a mixed pair as both letters.
    let mut split: Vec<String> = Vec::new();
    for s in codes {
        let cs: Vec<char> = s.chars().collect();
        if second == 0 && cs[0] != cs[1] {
            split.push(format!("{0}{0}", cs[0]));
            split.push(format!("{0}{0}", cs[1]));
        } else {
            split.push(s.clone());
        }
    }
    let mut out = Vec::new();
    for (v, which) in table {
        if (codes.is_empty() || which.iter().any(|w| split.iter().any(|s| s == w)))
            && !out.contains(&v)
        {
            out.push(v);
        }
    }
    out
}

/// A move that the movement algebra or Fairy-Stockfish cannot hold.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Unsupported {
    /// 1-based column of the move in the Betza string.
    pub col: usize,
    /// What and why.
    pub message: String,
}

pub use icn_rules::movement_form::{fold, lame_first, lame_of};

impl BetzaMove {
    fn components(&self) -> Result<Vec<Component>, Unsupported> {
        let bad = |m: String| Unsupported {
            col: self.col,
            message: m,
        };
        let actions: Vec<Action> = match self.modalities.as_slice() {
            [] => vec![Action::MoveOrCapture],
            ms => {
                let m = ms.contains(&Modality::Move);
                let c = ms.contains(&Modality::Capture);
                match (m, c) {
                    (true, true) => vec![Action::MoveOrCapture],
                    (true, false) => vec![Action::MoveOnly],
                    _ => vec![Action::CaptureOnly],
                }
            }
        };
        if self.initial && actions == [Action::CaptureOnly] {
            return Err(bad(
                "an initial capture (Fairy-Stockfish has none; it ignores the move)".into(),
            ));
        }
        let actions: Vec<Action> = if self.initial {
            vec![Action::MoveOnly]
        } else {
            actions
        };
        let mut out = Vec::new();
        for (first, second) in atom_pairs(self.atom) {
            let vs = images(first, second, &self.directions);
            let line_ok = matches!((first, second), (1, 0) | (1, 1));
            for v in vs {
                let pattern = match (self.hop, self.lame, self.ride) {
                    (Some(_), ..) if !line_ok => {
                        return Err(bad(format!(
                            "a hop along the {} atom: Fairy-Stockfish has hoppers on rook and bishop lines only",
                            self.atom
                        )));
                    }
                    (Some(_), _, Some(n)) if n > 0 => {
                        return Err(bad("a hopper with a range: needs the model".into()));
                    }
                    (Some('g'), ..) => Pattern::Grasshopper {
                        vector: v,
                        symmetry: Symmetry::None,
                    },
                    (Some(_), ..) => Pattern::Hop {
                        vector: v,
                        symmetry: Symmetry::None,
                    },
                    (None, _, Some(n)) => {
                        if !matches!((first, second), (1, 0) | (1, 1) | (2, 1)) {
                            return Err(bad(format!(
                                "a rider along the {} atom: Fairy-Stockfish has riders on rook, bishop and knight lines only (it never moves)",
                                self.atom
                            )));
                        }
                        Pattern::Ride {
                            vector: v,
                            symmetry: Symmetry::None,
                            max: (n > 0).then_some(n),
                        }
                    }
                    (None, true, None) => {
                        let lame = lame_of(v).filter(|_| {
                            matches!((first, second), (2, 0) | (2, 1) | (2, 2) | (3, 2))
                        });
                        let Some((first, then, then_times)) = lame else {
                            return Err(bad(format!(
                                "a lame {} leap: Fairy-Stockfish has lame leaps for D, N, A and Z only (it never moves)",
                                self.atom
                            )));
                        };
                        Pattern::Lame {
                            first,
                            then,
                            symmetry: Symmetry::None,
                            then_times,
                        }
                    }
                    (None, false, None) => Pattern::Leap {
                        vector: v,
                        symmetry: Symmetry::None,
                    },
                };
                for &action in &actions {
                    let mut c = Component::new(pattern.clone())
                        .with_action(action)
                        .forward();
                    c.needs_right = self.initial;
                    out.push(c);
                }
            }
        }
        Ok(out)
    }
}

impl BetzaPiece {
    /// The movement: every move's images as White sees them, read relative
    /// to the owner's forward direction (Fairy-Stockfish turns Black's moves
    /// half a circle), then written in absolute terms wherever the set is the
    /// same for both sides, with symmetric sets folded
    /// ([`fold`]). En passant (`e`) is not a move here: the rules add it.
    ///
    /// # Errors
    /// Every move that cannot be held, with its column.
    pub fn movement(&self) -> Result<Movement, Vec<Unsupported>> {
        let mut comps = Vec::new();
        let mut errors = Vec::new();
        for m in &self.moves {
            match m.components() {
                Ok(c) => comps.extend(c),
                Err(e) => errors.push(e),
            }
        }
        if !errors.is_empty() {
            return Err(errors);
        }
        Ok(fold(&Movement { components: comps }))
    }
}

/// The movement of a Betza string this reader holds (the predefined
/// pieces' and others written in code), `None` for one it does not.
///
/// ```
/// use icn_adapters::fsf::betza::movement_of;
/// assert_ne!(movement_of("fsW").unwrap(), movement_of("fW").unwrap());
/// assert!(movement_of("gQ").is_some()); // the grasshopper
/// assert!(movement_of("pR2").is_none()); // hoppers with a range are not held
/// ```
pub fn movement_of(betza: &str) -> Option<Movement> {
    parse(betza).ok()?.movement().ok()
}
