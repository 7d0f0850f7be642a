//! FBR text → rules with spans, no meaning yet.
//!
//! Accepted, per rule (rules are separated by blank space):
//! `'!'? Rule Prefix? SeqNumber? PieceSet? BoardRange? ('=' Attribute (',' Attribute)*)?`
//! where `Rule` is a lowercase word, `Prefix` one of `+ - # * $ % &`,
//! `SeqNumber` is `<N>`, `PieceSet` is `{ '!'? '^'? PieceIdentifier* }` with
//! identifiers `[+-#*]? (letter | ':' letter alnum? alnum? ':')`, and
//! `BoardRange` is `[ '^'? single (',' single)* ]`. A single range is a file
//! range (`a`, `c-f`), a rank range (`8`, `1-8`), a square range (`c-f2`,
//! `d-e4-5`) or, as an extension for the unbounded board, a square `(x,y)`
//! with signed integers; a negative rank is written `(-3)`. Files are the
//! letters a–z (a = 1). An attribute is `'!'? word ('(' integer ')')?
//! PieceSet? BoardRange?`.
//!
//! Piece definitions are kept apart ([`RawPieceDef`]): a piece letter
//! (`Q`, or `:AM:` for an ICN two-letter code), an optional name `|Queen|`,
//! and `=` with an MBN move definition up to the next blank (`Q=R+N`); a
//! bare letter declares the piece with its own movement. `//` starts a
//! comment up to the end of the line (this toolkit's extension, used for the
//! notes of what a written text leaves out).
//!
//! Refused with a span: anything else, including macros (`@K=…`) and
//! prefixed pieces (`+P`). A UTF-8 byte-order mark at the start is skipped.

use icn_model::Int;
use icn_syntax::{Diagnostic, Span};

pub use super::pieces::RawPieceDef;

/// A piece letter of a piece set, with its case and an optional prefix.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RawPiece {
    /// `+`, `-`, `#` or `*`.
    pub prefix: Option<char>,
    /// The letters, without colons: `K`, `AM`, `am`.
    pub letters: String,
    /// Where.
    pub span: Span,
}

/// `{…}`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RawSet {
    /// `!`: every piece except these.
    pub negated: bool,
    /// `^`.
    pub caret: bool,
    /// The pieces.
    pub pieces: Vec<RawPiece>,
    /// Where, braces included.
    pub span: Span,
}

/// One part of a board range. The second bound is `None` when no `-` range
/// was written (`8` rather than `8-8`), which keeps `a1` (a square) apart
/// from `a-a1-1` (a one-square block).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RawSingle {
    /// Files `from..=to` (a = 1), all ranks.
    Files(i64, Option<i64>),
    /// Ranks `from..=to`, all files.
    Ranks(Int, Option<Int>),
    /// Files × ranks.
    Block((i64, Option<i64>), (Int, Option<Int>)),
    /// The extension `(x,y)`.
    Square(Int, Int),
}

/// `[…]`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RawRange {
    /// `^`: every square except these.
    pub negated: bool,
    /// The parts.
    pub singles: Vec<(RawSingle, Span)>,
    /// Where, brackets included.
    pub span: Span,
}

/// `name(arg){set}[range]` after `=`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RawAttr {
    /// `!`.
    pub negated: bool,
    /// The word.
    pub name: String,
    /// `(N)`.
    pub arg: Option<Int>,
    /// `{…}`.
    pub set: Option<RawSet>,
    /// `[…]`.
    pub range: Option<RawRange>,
    /// Where.
    pub span: Span,
}

/// One rule as written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RawRule {
    /// `!` in front (cancel a default rule).
    pub cancel: bool,
    /// The rule word.
    pub name: String,
    /// Where the word is.
    pub name_span: Span,
    /// The prefix letter.
    pub prefix: Option<char>,
    /// `<N>`.
    pub seq: Option<(Int, Span)>,
    /// The piece set.
    pub set: Option<RawSet>,
    /// The board range.
    pub range: Option<RawRange>,
    /// The attributes.
    pub attrs: Vec<RawAttr>,
    /// The whole rule.
    pub span: Span,
}

/// FBR text split into rules and piece definitions.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RawText {
    /// The well-formed rules, in order.
    pub rules: Vec<RawRule>,
    /// The piece definitions, in order.
    pub pieces: Vec<RawPieceDef>,
    /// One diagnostic per part that follows neither grammar.
    pub diagnostics: Vec<Diagnostic>,
}

pub(super) struct Cursor<'a> {
    pub(super) text: &'a str,
    pub(super) pos: usize,
}

pub(super) type Res<T> = Result<T, Diagnostic>;

impl<'a> Cursor<'a> {
    pub(super) fn peek(&self) -> Option<char> {
        self.text[self.pos..].chars().next()
    }

    pub(super) fn bump(&mut self) -> Option<char> {
        let c = self.peek()?;
        self.pos += c.len_utf8();
        Some(c)
    }

    pub(super) fn eat(&mut self, c: char) -> bool {
        if self.peek() == Some(c) {
            self.pos += c.len_utf8();
            true
        } else {
            false
        }
    }

    pub(super) fn found(&self) -> String {
        match self.peek() {
            None => "the end of the text".to_string(),
            Some(c) if c.is_whitespace() => "blank space".to_string(),
            Some(c) => format!("`{c}`"),
        }
    }

    pub(super) fn here(&self) -> Span {
        let len = self.peek().map_or(0, char::len_utf8);
        Span::new(self.pos, self.pos + len)
    }

    pub(super) fn expect(&mut self, c: char, after: &str) -> Res<()> {
        if self.eat(c) {
            Ok(())
        } else {
            Err(Diagnostic::new(
                self.here(),
                format!("expected `{c}` {after}, found {}", self.found()),
            ))
        }
    }

    fn word(&mut self) -> String {
        let start = self.pos;
        while self.peek().is_some_and(|c| c.is_ascii_alphanumeric()) {
            self.pos += 1;
        }
        self.text[start..self.pos].to_string()
    }

    fn digits(&mut self) -> Option<Int> {
        let start = self.pos;
        while self.peek().is_some_and(|c| c.is_ascii_digit()) {
            self.pos += 1;
        }
        (self.pos > start).then(|| Int::parse(&self.text[start..self.pos]).ok())?
    }

    fn signed(&mut self, what: &str) -> Res<Int> {
        let start = self.pos;
        self.eat('-');
        if self.digits().is_none() {
            return Err(Diagnostic::new(
                self.here(),
                format!("expected {what}, found {}", self.found()),
            ));
        }
        Int::parse(&self.text[start..self.pos])
            .map_err(|_| Diagnostic::new(Span::new(start, self.pos), "bad integer"))
    }
}

/// Splits FBR text into rules and piece definitions, with one diagnostic
/// per part that does not follow the grammar (the reader goes on after each).
pub fn parse_rules(text: &str) -> RawText {
    // A UTF-8 byte-order mark at the start is skipped; spans still count it.
    let pos = text.len() - icn_syntax::strip_bom(text).len();
    let mut c = Cursor { text, pos };
    let mut out = RawText::default();
    loop {
        while c.peek().is_some_and(char::is_whitespace) {
            c.bump();
        }
        if c.text[c.pos..].starts_with("//") {
            while c.peek().is_some_and(|ch| ch != '\n') {
                c.bump();
            }
            continue;
        }
        if c.peek().is_none() {
            break;
        }
        let start = c.pos;
        let item = if c
            .peek()
            .is_some_and(|ch| ch.is_ascii_uppercase() || ch == ':')
        {
            super::pieces::piece_def(&mut c).map(|d| out.pieces.push(d))
        } else {
            rule(&mut c).map(|r| out.rules.push(r))
        };
        if let Err(d) = item {
            out.diagnostics.push(d);
            // Skip to the next blank to go on with the next rule.
            while c.peek().is_some_and(|ch| !ch.is_whitespace()) {
                c.bump();
            }
        }
        if c.pos == start {
            c.bump();
        }
    }
    out
}

fn rule(c: &mut Cursor) -> Res<RawRule> {
    let start = c.pos;
    let cancel = c.eat('!');
    let name_start = c.pos;
    match c.peek() {
        Some(ch) if ch.is_ascii_lowercase() => {}
        Some(ch @ ('@' | '+' | '-' | '#' | '*' | '$' | '%' | '&')) => {
            let end = c.text[start..]
                .find(char::is_whitespace)
                .map_or(c.text.len(), |i| start + i);
            let what = if ch == '@' {
                "macros"
            } else {
                "prefixed pieces"
            };
            return Err(Diagnostic::new(
                Span::new(start, end),
                format!(
                    "`{}`: {what} are not supported; piece definitions are `X=MBN` or `:AB:=MBN`",
                    &c.text[start..end]
                ),
            ));
        }
        _ => {
            return Err(Diagnostic::new(
                c.here(),
                format!("expected a rule name, found {}", c.found()),
            ));
        }
    }
    let name = c.word();
    let name_span = Span::new(name_start, c.pos);
    let prefix = match c.peek() {
        Some(p @ ('+' | '-' | '#' | '*' | '$' | '%' | '&')) => {
            c.bump();
            Some(p)
        }
        _ => None,
    };
    let seq = if c.peek() == Some('<') {
        let s = c.pos;
        c.bump();
        let n = c.digits().ok_or_else(|| {
            Diagnostic::new(
                c.here(),
                format!("expected a sequence number after `<`, found {}", c.found()),
            )
        })?;
        c.expect('>', "after the sequence number")?;
        Some((n, Span::new(s, c.pos)))
    } else {
        None
    };
    let (set, range) = set_and_range(c)?;
    let mut attrs = Vec::new();
    if c.eat('=') {
        loop {
            attrs.push(attribute(c)?);
            if !c.eat(',') {
                break;
            }
        }
    }
    if c.peek().is_some_and(|ch| !ch.is_whitespace()) {
        return Err(Diagnostic::new(
            c.here(),
            format!(
                "expected blank space or `=` after rule `{name}`, found {}",
                c.found()
            ),
        ));
    }
    Ok(RawRule {
        cancel,
        name,
        name_span,
        prefix,
        seq,
        set,
        range,
        attrs,
        span: Span::new(start, c.pos),
    })
}

fn attribute(c: &mut Cursor) -> Res<RawAttr> {
    let start = c.pos;
    let negated = c.eat('!');
    if !c.peek().is_some_and(|ch| ch.is_ascii_alphabetic()) {
        return Err(Diagnostic::new(
            c.here(),
            format!("expected an attribute, found {}", c.found()),
        ));
    }
    let name = c.word();
    let arg = if c.eat('(') {
        let n = c.signed("a number in the attribute's parentheses")?;
        c.expect(')', "after the attribute's number")?;
        Some(n)
    } else {
        None
    };
    let (set, range) = set_and_range(c)?;
    Ok(RawAttr {
        negated,
        name,
        arg,
        set,
        range,
        span: Span::new(start, c.pos),
    })
}

/// An optional `{...}` piece set, then an optional `[...]` board range.
fn set_and_range(c: &mut Cursor) -> Res<(Option<RawSet>, Option<RawRange>)> {
    let set = if c.peek() == Some('{') {
        Some(piece_set(c)?)
    } else {
        None
    };
    let range = if c.peek() == Some('[') {
        Some(board_range(c)?)
    } else {
        None
    };
    Ok((set, range))
}

fn piece_set(c: &mut Cursor) -> Res<RawSet> {
    let start = c.pos;
    c.expect('{', "to open a piece set")?;
    let negated = c.eat('!');
    let caret = c.eat('^');
    let mut pieces = Vec::new();
    while !c.eat('}') {
        let s = c.pos;
        let prefix = match c.peek() {
            Some(p @ ('+' | '-' | '#' | '*')) => {
                c.bump();
                Some(p)
            }
            _ => None,
        };
        let letters = match c.peek() {
            Some(ch) if ch.is_ascii_alphabetic() => {
                c.bump();
                ch.to_string()
            }
            Some(':') => {
                c.bump();
                let w = c.word();
                if w.is_empty()
                    || w.len() > 3
                    || !w.starts_with(|ch: char| ch.is_ascii_alphabetic())
                {
                    return Err(Diagnostic::new(
                        Span::new(s, c.pos),
                        "expected a letter and up to two letters or digits between colons",
                    ));
                }
                c.expect(':', "to close a `:XY:` piece letter")?;
                w
            }
            _ => {
                return Err(Diagnostic::new(
                    c.here(),
                    format!(
                        "expected a piece letter or `}}` in the piece set, found {}",
                        c.found()
                    ),
                ));
            }
        };
        pieces.push(RawPiece {
            prefix,
            letters,
            span: Span::new(s, c.pos),
        });
    }
    Ok(RawSet {
        negated,
        caret,
        pieces,
        span: Span::new(start, c.pos),
    })
}

fn board_range(c: &mut Cursor) -> Res<RawRange> {
    let start = c.pos;
    c.expect('[', "to open a board range")?;
    let negated = c.eat('^');
    let mut singles = Vec::new();
    loop {
        let s = c.pos;
        singles.push((single(c)?, Span::new(s, c.pos)));
        if c.eat(']') {
            break;
        }
        c.expect(',', "or `]` after a range")?;
    }
    Ok(RawRange {
        negated,
        singles,
        span: Span::new(start, c.pos),
    })
}

fn file(c: &mut Cursor) -> Option<i64> {
    match c.peek() {
        Some(ch) if ch.is_ascii_lowercase() => {
            c.bump();
            Some(i64::from(ch as u8 - b'a') + 1)
        }
        _ => None,
    }
}

fn rank(c: &mut Cursor) -> Res<Option<Int>> {
    if c.eat('(') {
        let n = c.signed("a rank number")?;
        c.expect(')', "after the rank")?;
        return Ok(Some(n));
    }
    Ok(c.digits())
}

fn rank_after_dash(c: &mut Cursor) -> Res<Int> {
    rank(c)?.ok_or_else(|| {
        Diagnostic::new(
            c.here(),
            format!("expected a rank after `-`, found {}", c.found()),
        )
    })
}

fn single(c: &mut Cursor) -> Res<RawSingle> {
    // The extension `(x,y)`, or a negative rank `(-3)`.
    if c.peek() == Some('(') {
        let save = c.pos;
        c.bump();
        let x = c.signed("a number")?;
        if c.eat(',') {
            let y = c.signed("the y coordinate")?;
            c.expect(')', "after the square")?;
            return Ok(RawSingle::Square(x, y));
        }
        c.pos = save;
    }
    if let Some(f0) = file(c) {
        let mut f1 = None;
        let save = c.pos;
        if c.eat('-') {
            match file(c) {
                Some(f) => f1 = Some(f),
                None => c.pos = save,
            }
        }
        return match rank(c)? {
            None => Ok(RawSingle::Files(f0, f1)),
            Some(r0) => {
                let r1 = if c.eat('-') {
                    Some(rank_after_dash(c)?)
                } else {
                    None
                };
                Ok(RawSingle::Block((f0, f1), (r0, r1)))
            }
        };
    }
    match rank(c)? {
        Some(r0) => {
            let r1 = if c.eat('-') {
                Some(rank_after_dash(c)?)
            } else {
                None
            };
            Ok(RawSingle::Ranks(r0, r1))
        }
        None => Err(Diagnostic::new(
            c.here(),
            format!(
                "expected a file letter, a rank number or `(x,y)` in the board range, found {}",
                c.found()
            ),
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rules_with_all_parts() {
        let t = parse_rules(
            "royal{Kk}=expose,castle{R}  promotion{P}[8,(-3),c-f2,(0,-7)]=enter{Q:AM:}  !draw // note\n Q=R+N :AM:|Amazon|=QN K",
        );
        let (r, e) = (t.rules, t.diagnostics);
        assert_eq!(t.pieces.len(), 3);
        assert_eq!(t.pieces[0].mbn, Some(("R+N".to_string(), 92)));
        assert_eq!(t.pieces[1].letters, "AM");
        assert_eq!(t.pieces[2].mbn, None);
        assert!(e.is_empty());
        assert_eq!(r.len(), 3);
        assert_eq!(r[0].set.as_ref().unwrap().pieces.len(), 2);
        assert_eq!(r[0].attrs[1].set.as_ref().unwrap().pieces[0].letters, "R");
        let singles: Vec<&RawSingle> = r[1]
            .range
            .as_ref()
            .unwrap()
            .singles
            .iter()
            .map(|s| &s.0)
            .collect();
        assert_eq!(
            singles,
            [
                &RawSingle::Ranks(Int::from(8), None),
                &RawSingle::Ranks(Int::from(-3), None),
                &RawSingle::Block((3, Some(6)), (Int::from(2), None)),
                &RawSingle::Square(Int::from(0), Int::from(-7)),
            ]
        );
        assert_eq!(r[1].attrs[0].set.as_ref().unwrap().pieces[1].letters, "AM");
        assert!(r[2].cancel);
    }

    #[test]
    fn errors_point_at_the_problem() {
        let t = parse_rules("royal{K draw=repetition(x) @Q=R+N");
        let (ok, e) = (t.rules, t.diagnostics);
        assert!(ok.is_empty());
        assert_eq!(e.len(), 3);
        assert_eq!(
            e[0].message,
            "expected a piece letter or `}` in the piece set, found blank space"
        );
        assert_eq!(e[0].span.start, 7);
        assert!(e[1].message.starts_with("expected a number"));
        assert!(e[2].message.contains("macros"));
    }
}
