//! The Sjaak move language: [`MoveDesc`] read by [`parse_move`], written by
//! its `Display`, and turned into icn-rules [`icn_rules::Component`]s by
//! [`MoveDesc::components`].
//!
//! Grammar (whitespace allowed between tokens; keywords case-insensitive):
//!
//! ```text
//! move  := ("slide" | "hop") "(" DIR ("," DIR)* ")"      DIR := H | V | D | A
//!        | ("leap" | "aleap") mask
//!        | "step" STEP ("," STEP)*                      STEP := [1-99] COMPASS
//!        | "ride" vector ("|" vector)*                  COMPASS := N S E W NE NW SE SW
//! mask  := seq ("&" seq)?          a two-leg leap whose end must be one of the mask's leaps
//! seq   := alt ("+" alt)?          first leg, then second leg
//! alt   := atom ("|" atom)*        any of
//! atom  := vector | "(" mask ")"
//! vector := "(" INT "," INT ")"
//! ```
//!
//! `|` binds tighter than `+`, which binds tighter than `&`; the writer
//! parenthesises every compound operand, so what it writes reads back the
//! same. Meaning: `slide`/`hop` directions are H = ±x, V = ±y, D = the a1–h8
//! diagonal, A = the a8–h1 diagonal; `leap (a,b)` is every rotation and
//! reflection of `(a,b)`; `aleap` and `step` are written for White and turned
//! a half turn for Black (how Sjaak's Legan's chess needs them), so they
//! become [`icn_rules::Frame::Forward`] components; `step kD` slides up to `k` squares
//! one way; `ride` is an unlimited rider along every image of its vectors.
//! A two-leg leap with a mask needs the square between empty (a lame leap);
//! without one Sjaak II plays it as a Chu lion, jumping the first leg and
//! capturing on both: `leap ((0,1)|(1,1))+((0,1)|(1,1))` is
//! [`icn_rules::Pattern::Lion`], and other unmasked two-leg leaps are refused.
//!
//! Refused when turning into components: a leap of more than two legs.

use std::fmt;

use icn_rules::Vector;

/// A slide direction.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Dir {
    /// Along x.
    H,
    /// Along y.
    V,
    /// Along the a1–h8 diagonal.
    D,
    /// Along the a8–h1 diagonal.
    A,
}

impl Dir {
    pub(super) fn vectors(self) -> [Vector; 2] {
        match self {
            Dir::H => [Vector::new(1, 0), Vector::new(-1, 0)],
            Dir::V => [Vector::new(0, 1), Vector::new(0, -1)],
            Dir::D => [Vector::new(1, 1), Vector::new(-1, -1)],
            Dir::A => [Vector::new(1, -1), Vector::new(-1, 1)],
        }
    }

    fn letter(self) -> char {
        match self {
            Dir::H => 'H',
            Dir::V => 'V',
            Dir::D => 'D',
            Dir::A => 'A',
        }
    }
}

/// A compass step direction, for White.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Compass {
    /// +y.
    N,
    /// −y.
    S,
    /// +x.
    E,
    /// −x.
    W,
    /// +x +y.
    NE,
    /// −x +y.
    NW,
    /// +x −y.
    SE,
    /// −x −y.
    SW,
}

impl Compass {
    const ALL: [(Compass, &'static str); 8] = [
        (Compass::NE, "NE"),
        (Compass::NW, "NW"),
        (Compass::SE, "SE"),
        (Compass::SW, "SW"),
        (Compass::N, "N"),
        (Compass::S, "S"),
        (Compass::E, "E"),
        (Compass::W, "W"),
    ];

    /// The unit vector.
    pub fn vector(self) -> Vector {
        match self {
            Compass::N => Vector::new(0, 1),
            Compass::S => Vector::new(0, -1),
            Compass::E => Vector::new(1, 0),
            Compass::W => Vector::new(-1, 0),
            Compass::NE => Vector::new(1, 1),
            Compass::NW => Vector::new(-1, 1),
            Compass::SE => Vector::new(1, -1),
            Compass::SW => Vector::new(-1, -1),
        }
    }

    /// The direction of a unit vector.
    pub fn of(v: Vector) -> Option<Compass> {
        Compass::ALL
            .iter()
            .map(|&(c, _)| c)
            .find(|c| c.vector() == v)
    }

    fn name(self) -> &'static str {
        Compass::ALL
            .iter()
            .find(|(c, _)| *c == self)
            .map_or("?", |(_, n)| n)
    }
}

/// A step: up to `count` squares one way.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Step {
    /// How many squares at most (1 when not written).
    pub count: u32,
    /// Which way.
    pub dir: Compass,
}

/// The Chu lion's leap, `((0,1)|(1,1))+((0,1)|(1,1))`: two king steps.
pub fn lion_leap() -> LeapExpr {
    let king = || LeapExpr::Alt(vec![LeapExpr::Vector(0, 1), LeapExpr::Vector(1, 1)]);
    LeapExpr::Then(Box::new(king()), Box::new(king()))
}

/// A leap expression.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum LeapExpr {
    /// `(a,b)`.
    Vector(i64, i64),
    /// `x|y|…`.
    Alt(Vec<LeapExpr>),
    /// `x+y`: first leg, then second leg.
    Then(Box<LeapExpr>, Box<LeapExpr>),
    /// `x&m`: the legs of `x` whose end is a leap of `m`.
    Mask(Box<LeapExpr>, Box<LeapExpr>),
}

/// One move description.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum MoveDesc {
    /// `slide (…)`.
    Slide(Vec<Dir>),
    /// `hop (…)`: cannon-style.
    Hop(Vec<Dir>),
    /// `leap …`: all rotations and reflections.
    Leap(LeapExpr),
    /// `aleap …`: as written for White.
    ALeap(LeapExpr),
    /// `step …`.
    Step(Vec<Step>),
    /// `ride …`.
    Ride(Vec<(i64, i64)>),
}

/// A problem in a move description: byte offsets within it and a message.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveError {
    /// Byte offset in the description.
    pub at: usize,
    /// What was expected and found.
    pub message: String,
}

struct P<'a> {
    s: &'a str,
    /// What was read as Sjaak reads it though the format does not allow it.
    quirks: Vec<MoveError>,
    i: usize,
    depth: u32,
}

/// How deeply groups may nest.
const MAX_DEPTH: u32 = 16;

impl P<'_> {
    fn ws(&mut self) {
        while self.s[self.i..].starts_with([' ', '\t']) {
            self.i += 1;
        }
    }

    fn peek(&mut self) -> Option<char> {
        self.ws();
        self.s[self.i..].chars().next()
    }

    fn found(&mut self) -> String {
        match self.peek() {
            Some(c) => format!("`{c}`"),
            None => "the end".into(),
        }
    }

    fn fail<T>(&mut self, expected: &str) -> Result<T, MoveError> {
        let found = self.found();
        Err(MoveError {
            at: self.i,
            message: format!("expected {expected}, found {found}"),
        })
    }

    fn eat(&mut self, c: char) -> bool {
        if self.peek() == Some(c) {
            self.i += c.len_utf8();
            true
        } else {
            false
        }
    }

    fn expect(&mut self, c: char, what: &str) -> Result<(), MoveError> {
        if self.eat(c) { Ok(()) } else { self.fail(what) }
    }

    fn int(&mut self, what: &str) -> Result<i64, MoveError> {
        self.ws();
        let start = self.i;
        let b = self.s.as_bytes();
        let mut j = self.i;
        if j < b.len() && b[j] == b'-' {
            j += 1;
        }
        let digits = j;
        while j < b.len() && b[j].is_ascii_digit() {
            j += 1;
        }
        if j == digits || j - digits > 3 {
            return self.fail(what);
        }
        self.i = j;
        Ok(self.s[start..j].parse().expect("checked digits"))
    }

    fn vector(&mut self) -> Result<(i64, i64), MoveError> {
        self.expect('(', "`(`")?;
        let a = self.int("an integer")?;
        self.expect(',', "`,` between the two numbers of a leap")?;
        self.ws();
        let b = if self.peek() == Some(')') {
            self.quirks.push(MoveError {
                at: self.i,
                message: format!(
                    "`({a},)` has no second number; read as `({a},1)`, as Sjaak reads it"
                ),
            });
            1
        } else {
            self.int("an integer after `,`")?
        };
        self.expect(')', "`)` after a leap")?;
        Ok((a, b))
    }

    fn atom(&mut self) -> Result<LeapExpr, MoveError> {
        if self.peek() != Some('(') {
            return self.fail("`(`");
        }
        let save = self.i;
        self.i += 1;
        if self.peek() == Some('(') {
            if self.depth >= MAX_DEPTH {
                return self.fail("at most 16 nested groups");
            }
            self.depth += 1;
            let inner = self.mask()?;
            self.depth -= 1;
            self.expect(')', "`)` closing a group")?;
            return Ok(inner);
        }
        self.i = save;
        let (a, b) = self.vector()?;
        Ok(LeapExpr::Vector(a, b))
    }

    fn alt(&mut self) -> Result<LeapExpr, MoveError> {
        let mut items = vec![self.atom()?];
        while self.eat('|') {
            items.push(self.atom()?);
        }
        Ok(if items.len() == 1 {
            items.pop().expect("one item")
        } else {
            LeapExpr::Alt(items)
        })
    }

    fn seq(&mut self) -> Result<LeapExpr, MoveError> {
        let first = self.alt()?;
        if self.eat('+') {
            let then = self.alt()?;
            return Ok(LeapExpr::Then(Box::new(first), Box::new(then)));
        }
        Ok(first)
    }

    fn mask(&mut self) -> Result<LeapExpr, MoveError> {
        let legs = self.seq()?;
        if self.eat('&') {
            let m = self.seq()?;
            return Ok(LeapExpr::Mask(Box::new(legs), Box::new(m)));
        }
        Ok(legs)
    }

    fn dirs(&mut self) -> Result<Vec<Dir>, MoveError> {
        self.expect('(', "`(` before slide directions")?;
        let mut out = Vec::new();
        loop {
            let d = match self.peek().map(|c| c.to_ascii_uppercase()) {
                Some('H') => Dir::H,
                Some('V') => Dir::V,
                Some('D') => Dir::D,
                Some('A') => Dir::A,
                _ => return self.fail("a direction H, V, D or A"),
            };
            self.i += 1;
            out.push(d);
            if !self.eat(',') {
                break;
            }
        }
        self.expect(')', "`,` or `)` after a direction")?;
        Ok(out)
    }

    fn step(&mut self) -> Result<Step, MoveError> {
        self.ws();
        let b = self.s.as_bytes();
        let mut j = self.i;
        while j < b.len() && b[j].is_ascii_digit() {
            j += 1;
        }
        let count = if j == self.i {
            1
        } else {
            match self.s[self.i..j].parse::<u32>() {
                Ok(n) if (1..=99).contains(&n) => n,
                _ => return self.fail("a step count from 1 to 99"),
            }
        };
        self.i = j;
        let rest = &self.s[self.i..];
        for (dir, name) in Compass::ALL {
            if rest
                .get(..name.len())
                .is_some_and(|r| r.eq_ignore_ascii_case(name))
            {
                self.i += name.len();
                return Ok(Step { count, dir });
            }
        }
        self.fail("a compass direction N, S, E, W, NE, NW, SE or SW")
    }
}

/// Reads one move description, with the quirks read as Sjaak reads them
/// (a leap `(2,)` is `(2,1)`; a `;` at the end is ignored), each reported.
///
/// # Errors
/// The first problem, with its byte offset in `text`.
///
/// ```
/// use icn_adapters::sjaak::moves::{parse_move, MoveDesc};
/// let (m, quirks) = parse_move("leap ((1,0)+(1,1)) & (1,2)").unwrap();
/// assert_eq!(m.to_string(), "leap (1,0)+(1,1)&(1,2)");
/// assert!(quirks.is_empty());
/// assert_eq!(parse_move(&m.to_string()).unwrap().0, m);
/// let (m, quirks) = parse_move("leap (2,);").unwrap();
/// assert_eq!((m.to_string(), quirks.len()), ("leap (2,1)".to_string(), 2));
/// assert!(parse_move("leap (2,x)").unwrap_err().message.contains("integer"));
/// ```
pub fn parse_move(text: &str) -> Result<(MoveDesc, Vec<MoveError>), MoveError> {
    let mut quirks = Vec::new();
    let trimmed = text.trim_end();
    let text = match trimmed.strip_suffix(';') {
        Some(bare) => {
            quirks.push(MoveError {
                at: bare.len(),
                message: "a `;` at the end of a move; Sjaak ignores it".into(),
            });
            bare
        }
        None => text,
    };
    let mut p = P {
        quirks,
        s: text,
        i: 0,
        depth: 0,
    };
    p.ws();
    let word_end = text[p.i..]
        .find(|c: char| !c.is_ascii_alphabetic())
        .map_or(text.len(), |k| p.i + k);
    let word = text[p.i..word_end].to_ascii_lowercase();
    let word_at = p.i;
    p.i = word_end;
    let m = match word.as_str() {
        "slide" => MoveDesc::Slide(p.dirs()?),
        "hop" => MoveDesc::Hop(p.dirs()?),
        "leap" => MoveDesc::Leap(p.mask()?),
        "aleap" => MoveDesc::ALeap(p.mask()?),
        "ride" => {
            let mut v = vec![p.vector()?];
            while p.eat('|') {
                v.push(p.vector()?);
            }
            MoveDesc::Ride(v)
        }
        "step" => {
            let mut v = vec![p.step()?];
            while p.eat(',') {
                v.push(p.step()?);
            }
            MoveDesc::Step(v)
        }
        _ => {
            return Err(MoveError {
                at: word_at,
                message: format!(
                    "expected a move type (slide, hop, leap, aleap, step, ride), found `{}`",
                    if word.is_empty() {
                        &text[word_at..]
                    } else {
                        &text[word_at..word_end]
                    }
                ),
            });
        }
    };
    if p.peek().is_some() {
        return p.fail("the end of the move description");
    }
    p.quirks.sort_by_key(|q| q.at);
    Ok((m, p.quirks))
}

fn write_operand(e: &LeapExpr, f: &mut fmt::Formatter<'_>) -> fmt::Result {
    match e {
        LeapExpr::Vector(..) => write!(f, "{e}"),
        _ => write!(f, "({e})"),
    }
}

impl fmt::Display for LeapExpr {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LeapExpr::Vector(a, b) => write!(f, "({a},{b})"),
            LeapExpr::Alt(items) => {
                for (i, e) in items.iter().enumerate() {
                    if i > 0 {
                        f.write_str("|")?;
                    }
                    write_operand(e, f)?;
                }
                Ok(())
            }
            LeapExpr::Then(a, b) => {
                write_operand(a, f)?;
                f.write_str("+")?;
                write_operand(b, f)
            }
            LeapExpr::Mask(a, m) => {
                match &**a {
                    LeapExpr::Then(..) | LeapExpr::Vector(..) => write!(f, "{a}")?,
                    _ => write_operand(a, f)?,
                }
                f.write_str("&")?;
                write_operand(m, f)
            }
        }
    }
}

impl fmt::Display for MoveDesc {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let dirs = |f: &mut fmt::Formatter<'_>, ds: &[Dir]| {
            let s: Vec<String> = ds.iter().map(|d| d.letter().to_string()).collect();
            write!(f, "({})", s.join(","))
        };
        match self {
            MoveDesc::Slide(ds) => {
                f.write_str("slide ")?;
                dirs(f, ds)
            }
            MoveDesc::Hop(ds) => {
                f.write_str("hop ")?;
                dirs(f, ds)
            }
            MoveDesc::Leap(e) => write!(f, "leap {e}"),
            MoveDesc::ALeap(e) => write!(f, "aleap {e}"),
            MoveDesc::Step(steps) => {
                let s: Vec<String> = steps
                    .iter()
                    .map(|s| {
                        if s.count == 1 {
                            s.dir.name().to_string()
                        } else {
                            format!("{}{}", s.count, s.dir.name())
                        }
                    })
                    .collect();
                write!(f, "step {}", s.join(","))
            }
            MoveDesc::Ride(vs) => {
                let s: Vec<String> = vs.iter().map(|(a, b)| format!("({a},{b})")).collect();
                write!(f, "ride {}", s.join("|"))
            }
        }
    }
}
