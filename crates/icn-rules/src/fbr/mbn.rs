//! MBN (Modified Betza Notation, the piece notation FBR refers to) ↔
//! [`Movement`], for the part of MBN the movement algebra can hold.
//!
//! A definition is alternatives joined by `+`; each alternative is modifiers
//! followed by one or more atoms (juxtaposed atoms share the modifiers:
//! `RN` is rook or knight).
//!
//! * Atoms: the leapers `W` (0,1), `F` (1,1), `D` (0,2), `N` (1,2), `A`
//!   (2,2), `H` (0,3), `C` (1,3), `Z` (2,3), `G` (3,3), any other leaper as
//!   `:a,b:` (the extension the public MBN parser uses for the Giraffe,
//!   `:1,4:`), and the compounds `K` (`WF`), `R` (`W0`), `B` (`F0`), `Q`
//!   (`W0F0`).
//! * Steps after an atom: none, one leap; `0`, a ride without limit; `n`
//!   (1–9…), a ride of at most n steps; `02`, exactly two steps along the
//!   line with the first square empty (`W02` is the pawn's double step).
//! * Modifiers: `m` move only, `c` capture only (both or neither: move or
//!   capture); `e` with `c` adds en passant on the same squares, `ee` with `c`
//!   is en passant only, `e` with `m` leaves an en passant square; `i` only
//!   while the piece has its `+` right (its initial move); `p` a hop over one
//!   piece along the line (`pR`, the cannon's capture is `cpR`); `g` the
//!   grasshopper's hop, landing right behind the piece it passes (`gQ`); `n` a lame
//!   leap whose first square must be empty (`nN` the Xiangqi horse, `nA` the
//!   elephant).
//! * Directions, relative to the mover (forward is towards the opponent):
//!   `f`, `b`, `l`, `r` the moves going forward, backward, left or right;
//!   `s` the moves longer sideways than forward (`sW`: left and right; `sN`
//!   the four wide knight moves), `v` those longer forward than sideways;
//!   `(xy)` the moves that are both `x` and `y` (`(fl)F`, `(fs)N` the two
//!   wide forward knight moves). Several directions are a union.
//!
//! Refused, with the byte offset of the part: sequences (`-`, `--`), board
//! ranges, piece sets and conditions inside a definition, every other
//! modifier (`a d g h j k o t u w x y z`), steps `0*`, `*`, `#`, exactly more
//! than two steps, and atoms other than the above.

use crate::movement::{Action, Component, Frame, Movement, Pattern, Symmetry, Vector};
use crate::movement_form::{LEAPER_LETTERS, fold, lame_first, leaper_letter};

pub use super::mbn_write::write;

/// A problem in an MBN definition.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MbnError {
    /// Byte offset in the definition.
    pub at: usize,
    /// What is wrong and what was expected.
    pub message: String,
}

/// A direction code: a single letter or an amalgamated pair `(xy)`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Direction {
    /// `f`, `b`, `l`, `r`, `s` or `v`.
    One(char),
    /// `(xy)`: both.
    Both(char, char),
}

impl Direction {
    /// Whether the code picks the forward-frame vector `v`.
    pub fn picks(self, v: Vector) -> bool {
        let one = |c: char| match c {
            'f' => v.dy > 0,
            'b' => v.dy < 0,
            'r' => v.dx > 0,
            'l' => v.dx < 0,
            's' => v.dx.abs() > v.dy.abs(),
            _ => v.dy.abs() > v.dx.abs(),
        };
        match self {
            Direction::One(c) => one(c),
            Direction::Both(a, b) => one(a) && one(b),
        }
    }

    /// The code as written.
    pub fn text(self) -> String {
        match self {
            Direction::One(c) => c.to_string(),
            Direction::Both(a, b) => format!("({a}{b})"),
        }
    }
}

const DIRECTIONS: &str = "fblrsv";

/// How far an atom goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Steps {
    Leap,
    Unlimited,
    AtMost(u32),
    Exactly(u32),
}

/// The basic vectors and default steps of an atom letter.
fn atom(letter: char) -> Option<(Vec<(i64, i64)>, Steps)> {
    match letter {
        'K' => Some((vec![(0, 1), (1, 1)], Steps::Leap)),
        'R' => Some((vec![(0, 1)], Steps::Unlimited)),
        'B' => Some((vec![(1, 1)], Steps::Unlimited)),
        'Q' => Some((vec![(0, 1), (1, 1)], Steps::Unlimited)),
        _ => LEAPER_LETTERS
            .iter()
            .find(|(c, _)| *c == letter)
            .map(|(_, ab)| (vec![*ab], Steps::Leap)),
    }
}

/// The letter of a leaper `(a,b)` with `a ≤ b`, or `:a,b:`.
pub fn atom_text(a: i64, b: i64) -> String {
    leaper_letter(Vector::new(a, b)).map_or_else(|| format!(":{a},{b}:"), String::from)
}

#[derive(Default)]
struct Modifiers {
    moves: bool,
    captures: bool,
    en_passant: u8,
    initial: bool,
    hop: bool,
    grasshopper: bool,
    lame: bool,
    directions: Vec<Direction>,
}

struct Cursor<'a> {
    text: &'a [u8],
    pos: usize,
}

impl Cursor<'_> {
    fn peek(&self) -> Option<char> {
        self.text.get(self.pos).map(|&b| char::from(b))
    }

    fn found(&self) -> String {
        self.peek()
            .map_or_else(|| "the end".to_string(), |c| format!("`{c}`"))
    }

    fn fail<T>(&self, message: impl Into<String>) -> Result<T, MbnError> {
        Err(MbnError {
            at: self.pos,
            message: message.into(),
        })
    }

    fn number(&mut self) -> Option<u32> {
        let start = self.pos;
        while self.peek().is_some_and(|c| c.is_ascii_digit()) {
            self.pos += 1;
        }
        std::str::from_utf8(&self.text[start..self.pos])
            .ok()?
            .parse()
            .ok()
    }
}

/// Reads an MBN move definition (the text after `=`) into a movement in
/// [`fold`]'s form.
///
/// # Errors
/// The first part that is not of the accepted grammar or has no rule
/// object (see the module docs), with its byte offset.
///
/// ```
/// use icn_rules::fbr::mbn;
/// use icn_rules::movement::{movement_of, Movement};
/// use icn_model::PieceKind;
/// assert!(mbn::parse("Q").unwrap().same_as(&movement_of(PieceKind::Queen)));
/// assert!(mbn::parse("mfW+cefF+imefW2").unwrap().same_as(&Movement::pawn()));
/// assert_eq!(mbn::parse("R-B").unwrap_err().at, 1);
/// ```
pub fn parse(text: &str) -> Result<Movement, MbnError> {
    if !text.is_ascii() {
        let at = text.find(|c: char| !c.is_ascii()).unwrap_or(0);
        return Err(MbnError {
            at,
            message: "MBN is ASCII: found a character outside it".to_string(),
        });
    }
    let mut c = Cursor {
        text: text.as_bytes(),
        pos: 0,
    };
    let mut components = Vec::new();
    loop {
        part(&mut c, &mut components)?;
        match c.peek() {
            None => break,
            Some('+') => c.pos += 1,
            Some('-') => return c.fail("move sequences (`-`, `--`) are not supported"),
            Some(_) => return c.fail(format!("expected `+` or the end, found {}", c.found())),
        }
    }
    Ok(fold(&Movement { components }))
}

fn modifiers(c: &mut Cursor) -> Result<Modifiers, MbnError> {
    let mut m = Modifiers::default();
    loop {
        let Some(ch) = c.peek() else {
            return c.fail("expected an atom (`W`, `F`, `N`, `R`, … or `:a,b:`), found the end");
        };
        let flag = match ch {
            'm' => Some(&mut m.moves),
            'c' => Some(&mut m.captures),
            'i' => Some(&mut m.initial),
            'p' => Some(&mut m.hop),
            'g' => Some(&mut m.grasshopper),
            'n' => Some(&mut m.lame),
            _ => None,
        };
        if let Some(flag) = flag {
            if *flag {
                return c.fail(format!("modifier `{ch}` given twice"));
            }
            *flag = true;
            c.pos += 1;
            continue;
        }
        match ch {
            'e' => {
                if m.en_passant == 2 {
                    return c.fail("`e` given more than twice");
                }
                m.en_passant += 1;
                c.pos += 1;
            }
            d if DIRECTIONS.contains(d) => {
                m.directions.push(Direction::One(d));
                c.pos += 1;
            }
            '(' => {
                let at = c.pos;
                c.pos += 1;
                let a = c.peek().filter(|d| DIRECTIONS.contains(*d));
                c.pos += usize::from(a.is_some());
                let b = c.peek().filter(|d| DIRECTIONS.contains(*d));
                c.pos += usize::from(b.is_some());
                match (a, b, c.peek()) {
                    (Some(a), Some(b), Some(')')) if a != b => {
                        c.pos += 1;
                        m.directions.push(Direction::Both(a, b));
                    }
                    _ => {
                        c.pos = at;
                        return c.fail(
                            "expected two different directions of `fblrsv` between parentheses",
                        );
                    }
                }
            }
            'A'..='Z' | ':' => return Ok(m),
            '[' => return c.fail("board ranges inside a piece definition are not supported"),
            '{' => return c.fail("piece sets inside a piece definition are not supported"),
            '!' | '/' | '<' | '#' => {
                return c.fail(format!(
                    "`{ch}` (setup, conditions, boards) is not supported"
                ));
            }
            'a' | 'd' | 'g' | 'h' | 'j' | 'k' | 'o' | 'q' | 't' | 'u' | 'w' | 'x' | 'y' | 'z' => {
                return c.fail(format!(
                    "modifier `{ch}` is not supported: the movement algebra has no rule object for it"
                ));
            }
            _ => {
                return c.fail(format!(
                    "expected a modifier (`m c e i p n`, a direction `fblrsv`) or an atom, found {}",
                    c.found()
                ));
            }
        }
    }
}

fn steps(c: &mut Cursor, default: Steps) -> Result<Steps, MbnError> {
    match c.peek() {
        Some('0') => {
            c.pos += 1;
            if !c.peek().is_some_and(|d| d.is_ascii_digit()) {
                return Ok(Steps::Unlimited);
            }
            let at = c.pos;
            match c.number() {
                Some(n @ 1..=2) => Ok(if n == 1 {
                    Steps::Leap
                } else {
                    Steps::Exactly(n)
                }),
                _ => {
                    c.pos = at;
                    c.fail("exactly more than two steps (`03`…) is not supported")
                }
            }
        }
        Some('1'..='9') => {
            let at = c.pos;
            match c.number() {
                Some(1) => Ok(Steps::Leap),
                Some(n) => Ok(Steps::AtMost(n)),
                None => {
                    c.pos = at;
                    c.fail("a step count too large")
                }
            }
        }
        Some('*' | '#') => c.fail("steps `*`, `0*` and `#` are not supported"),
        _ => Ok(default),
    }
}

/// An atom as written: its basic vectors, its steps and where it starts.
type Atom = (Vec<(i64, i64)>, Steps, usize);

fn part(c: &mut Cursor, out: &mut Vec<Component>) -> Result<(), MbnError> {
    let start = c.pos;
    let m = modifiers(c)?;
    let mut atoms: Vec<Atom> = Vec::new();
    while let Some(ch) = c.peek() {
        let at = c.pos;
        let (vectors, default) = if ch == ':' {
            c.pos += 1;
            let a = c.number();
            let comma = c.peek() == Some(',');
            c.pos += usize::from(comma);
            let b = c.number();
            match (a, comma, b, c.peek()) {
                (Some(a), true, Some(b), Some(':')) if a.max(b) > 0 && a.max(b) <= 1024 => {
                    c.pos += 1;
                    let (a, b) = (i64::from(a.min(b)), i64::from(a.max(b)));
                    (vec![(a, b)], Steps::Leap)
                }
                _ => {
                    c.pos = at;
                    return c
                        .fail("expected a leaper `:a,b:` (two numbers up to 1024, not both 0)");
                }
            }
        } else if ch.is_ascii_uppercase() {
            c.pos += 1;
            match atom(ch) {
                Some(a) => a,
                None => {
                    c.pos = at;
                    return c.fail(format!(
                        "atom `{ch}` is not supported (W F D N A H C Z G K R B Q or `:a,b:`)"
                    ));
                }
            }
        } else {
            break;
        };
        let s = steps(c, default)?;
        atoms.push((vectors, s, at));
    }
    if atoms.is_empty() {
        return c.fail(format!("expected an atom, found {}", c.found()));
    }
    let bad = |message: &str| {
        Err(MbnError {
            at: start,
            message: message.to_string(),
        })
    };
    let actions: Vec<(Action, bool)> = match (m.moves, m.captures, m.en_passant) {
        (false, false, 0) | (true, true, 0) => vec![(Action::MoveOrCapture, false)],
        (true, false, 0) => vec![(Action::MoveOnly, false)],
        (false, true, 0) => vec![(Action::CaptureOnly, false)],
        (true, false, 1) => vec![(Action::MoveOnly, true)],
        (false, true, 1) => vec![(Action::CaptureOnly, false), (Action::EnPassant, false)],
        (false, true, 2) => vec![(Action::EnPassant, false)],
        _ => return bad("`e` goes with `m` alone (leaves en passant) or `c` alone (takes it)"),
    };
    if [m.hop, m.grasshopper, m.lame]
        .iter()
        .filter(|&&f| f)
        .count()
        > 1
    {
        return bad("`p`, `g` and `n` do not go together");
    }
    for (vectors, s, at) in atoms {
        let here = |message: String| Err(MbnError { at, message });
        for (a, b) in vectors {
            let mut images = Symmetry::Octal.images(Vector::new(a, b));
            if !m.directions.is_empty() {
                images.retain(|&v| m.directions.iter().any(|d| d.picks(v)));
                if images.is_empty() {
                    return here(format!(
                        "the directions pick no move of {}",
                        atom_text(a, b)
                    ));
                }
            }
            for v in images {
                let pattern = match (s, m.hop || m.grasshopper, m.lame) {
                    (Steps::Unlimited, true, _) if m.grasshopper => Pattern::Grasshopper {
                        vector: v,
                        symmetry: Symmetry::None,
                    },
                    (Steps::Unlimited, true, _) => Pattern::Hop {
                        vector: v,
                        symmetry: Symmetry::None,
                    },
                    (_, true, _) => {
                        return here(
                            "a hop `p` or `g` goes along a whole line: write `0` (or R, B, Q)"
                                .into(),
                        );
                    }
                    (Steps::Leap, _, true) if a.max(b) > 1 => {
                        let first = lame_first(v);
                        Pattern::Lame {
                            first,
                            then: Vector::new(v.dx - first.dx, v.dy - first.dy),
                            symmetry: Symmetry::None,
                            then_times: 1,
                        }
                    }
                    (_, _, true) => {
                        return here("a lame leap `n` is a leap of more than one step".into());
                    }
                    (Steps::Leap, ..) => Pattern::Leap {
                        vector: v,
                        symmetry: Symmetry::None,
                    },
                    (Steps::Unlimited, ..) => Pattern::Ride {
                        vector: v,
                        symmetry: Symmetry::None,
                        max: None,
                    },
                    (Steps::AtMost(n), ..) => Pattern::Ride {
                        vector: v,
                        symmetry: Symmetry::None,
                        max: Some(n),
                    },
                    (Steps::Exactly(_), ..) => Pattern::Lame {
                        first: v,
                        then: v,
                        symmetry: Symmetry::None,
                        then_times: 1,
                    },
                };
                for &(action, sets_en_passant) in &actions {
                    out.push(Component {
                        pattern: pattern.clone(),
                        action,
                        frame: Frame::Forward,
                        needs_right: m.initial,
                        sets_en_passant,
                        cells: None,
                    });
                }
            }
        }
    }
    Ok(())
}
