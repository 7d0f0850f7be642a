//! Whole-file conversions, one game in memory at a time: [`pgn_to_icn`],
//! [`icn_to_pgn`], and [`IcnDocs`], which splits a stream of ICN games.
//!
//! ICN games in a stream may be one per line (compact or full form), or
//! written over several lines with blank lines anywhere between their parts
//! (pretty form, and the spec's own long example: metadata lines, a blank,
//! the position, a blank, numbered move lines). A line is the start of a new
//! game when the game being gathered already has its position and the line
//! is metadata (starts with `[`) or a position (anything that is not a move
//! line: one starting with a move number `12.` or whose first word is a
//! coordinate move such as `4,2>4,4`, nor a `{…}` comment line). A line
//! starting with `{"` is the properties field that opens a position.

use std::io::{self, BufRead, Write};

use icn_model::{Dialect, Game, IcnStyle};

use crate::pgn::{PgnReader, import_game};
use crate::pgn_export::export_game;

/// One ICN document of a stream: its text and the line it starts on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct IcnDoc {
    /// 1-based line of its first line in the stream.
    pub line: usize,
    /// Its lines, joined with `\n` (blank lines left out).
    pub text: String,
}

impl IcnDoc {
    /// The game it holds (ICN or JSON long form, SAN-like moves resolved).
    ///
    /// # Errors
    /// The document's first problem, as text.
    pub fn read(&self, dialect: Dialect) -> Result<Game, String> {
        crate::document::read_either(&self.text, dialect)
    }
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum LineKind {
    Metadata,
    Position,
    More,
}

fn kind_of(line: &str) -> LineKind {
    let t = line.trim();
    if t.starts_with('[') && t.ends_with(']') {
        return LineKind::Metadata;
    }
    if t.starts_with('[') || t.starts_with("{\"") {
        return LineKind::Position;
    }
    if t.starts_with('{') {
        return LineKind::More;
    }
    let first = t.split_whitespace().next().unwrap_or("");
    let digits = first.len() - first.trim_start_matches(|c: char| c.is_ascii_digit()).len();
    let numbered = digits > 0 && first[digits..].starts_with('.');
    let second = t.split_whitespace().nth(1).unwrap_or("");
    if numbered || first.contains('>') || second == ">" || second == "x" {
        LineKind::More
    } else {
        LineKind::Position
    }
}

/// The ICN documents of a stream (see the module docs); each item is a
/// document or a read error of the input.
pub struct IcnDocs<R> {
    input: R,
    buf: Vec<u8>,
    line_no: usize,
    pending: Option<(usize, String)>,
    done: bool,
}

impl<R: BufRead> IcnDocs<R> {
    /// The documents of `input`.
    pub fn new(input: R) -> Self {
        IcnDocs {
            input,
            buf: Vec::new(),
            line_no: 0,
            pending: None,
            done: false,
        }
    }

    fn next_line(&mut self) -> io::Result<Option<(usize, String)>> {
        if let Some(p) = self.pending.take() {
            return Ok(Some(p));
        }
        let Some(bytes) = crate::pgn_read::read_line(&mut self.input, &mut self.buf)? else {
            return Ok(None);
        };
        self.line_no += 1;
        match std::str::from_utf8(bytes) {
            Ok(t) => Ok(Some((self.line_no, t.to_string()))),
            Err(e) => Err(io::Error::new(
                io::ErrorKind::InvalidData,
                format!(
                    "line {}: input is not valid UTF-8 at byte {}",
                    self.line_no,
                    e.valid_up_to() + 1
                ),
            )),
        }
    }
}

impl<R: BufRead> Iterator for IcnDocs<R> {
    type Item = io::Result<IcnDoc>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.done {
            return None;
        }
        let mut doc: Option<IcnDoc> = None;
        let mut has_position = false;
        loop {
            let (number, line) = match self.next_line() {
                Ok(Some(l)) => l,
                Ok(None) => {
                    self.done = true;
                    break;
                }
                Err(e) => {
                    self.done = true;
                    return Some(Err(e));
                }
            };
            if line.trim().is_empty() {
                continue;
            }
            let kind = kind_of(&line);
            if has_position && kind != LineKind::More {
                self.pending = Some((number, line));
                break;
            }
            has_position |= kind == LineKind::Position;
            match &mut doc {
                Some(d) => {
                    d.text.push('\n');
                    d.text.push_str(&line);
                }
                None => {
                    doc = Some(IcnDoc {
                        line: number,
                        text: line,
                    });
                }
            }
        }
        doc.map(Ok)
    }
}

/// Converts every game of a PGN stream to ICN, one game per output line.
/// Refused games and warnings go to `err` (`warning: game N, line L: …`,
/// `game N, line L: …`); returns (games written, games refused).
///
/// # Errors
/// Writing failed (reading problems are refusals).
pub fn pgn_to_icn<R: BufRead, W: Write, E: Write>(
    input: R,
    mut out: W,
    mut err: E,
    style: IcnStyle,
) -> io::Result<(usize, usize)> {
    let (mut ok, mut failed) = (0, 0);
    for g in PgnReader::new(input) {
        let result = g.and_then(|g| import_game(&g).map(|r| (r, g.number, g.line)));
        match result {
            Ok(((game, warnings), number, line)) => {
                for w in warnings {
                    writeln!(err, "warning: {w}")?;
                }
                match game.to_icn(style) {
                    Ok(text) => {
                        writeln!(out, "{text}")?;
                        ok += 1;
                    }
                    Err(e) => {
                        failed += 1;
                        writeln!(err, "game {number}, line {line}: {e}")?;
                    }
                }
            }
            Err(e) => {
                failed += 1;
                writeln!(err, "{e}")?;
            }
        }
    }
    out.flush()?;
    Ok((ok, failed))
}

/// Converts the ICN games of a stream ([`IcnDocs`]) to PGN, one game in
/// memory at a time. Failures go to `err` as `line L: …`; returns (games
/// written, failures).
///
/// # Errors
/// Reading or writing failed.
///
/// ```
/// use icn_adapters::pgn_stream::icn_to_pgn;
/// let icn = "[Event \"x\"]\n\nw 0/100 1 (8|1) 1,8,1,8 K5,1|k5,8|P1,2+\n\n1. 1,2>1,4 | 5,8>5,7\n";
/// let (mut pgn, mut err) = (Vec::new(), Vec::new());
/// assert_eq!(icn_to_pgn(icn.as_bytes(), &mut pgn, &mut err).unwrap(), (1, 0));
/// assert!(String::from_utf8(pgn).unwrap().contains("1. a4 Ke7 *"));
/// ```
pub fn icn_to_pgn<R: BufRead, W: Write, E: Write>(
    input: R,
    mut out: W,
    mut err: E,
) -> io::Result<(usize, usize)> {
    let (mut ok, mut failed) = (0, 0);
    for doc in IcnDocs::new(input) {
        let doc = doc?;
        match doc.read(Dialect::Auto).and_then(|g| export_game(&g)) {
            Ok(pgn) => {
                out.write_all(pgn.as_bytes())?;
                ok += 1;
            }
            Err(e) => {
                failed += 1;
                writeln!(err, "line {}: {e}", doc.line)?;
            }
        }
    }
    out.flush()?;
    Ok((ok, failed))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn docs(text: &str) -> Vec<(usize, String)> {
        IcnDocs::new(text.as_bytes())
            .map(|d| d.map(|d| (d.line, d.text)).unwrap())
            .collect()
    }

    #[test]
    fn one_game_per_line() {
        let d = docs("w K1,1|k3,3\nb K1,1|k3,3 1,1>1,2\n\n{\"slideLimit\": 7} K1,1|k3,3\n");
        assert_eq!(d.iter().map(|(l, _)| *l).collect::<Vec<_>>(), [1, 2, 4]);
    }

    #[test]
    fn the_spec_long_example_is_one_game() {
        let text = "[Event \"x\"]\n[Site \"y\"]\n\nw 0/100 1 (8|1) K5,1|k5,8|P1,2+\n\n1. P1,2 > 1,4  | k5,8 > 5,7\n2. K5,1 > 5,2\n\n[Event \"z\"]\nw K1,1|k3,3\n4,2>4,4|4,7>4,6\n";
        let d = docs(text);
        assert_eq!(d.len(), 2, "{d:?}");
        assert_eq!(d[0].0, 1);
        assert!(d[0].1.ends_with("2. K5,1 > 5,2"));
        assert_eq!(d[1].0, 9);
        assert!(d[1].1.ends_with("4,7>4,6"));
        let game = IcnDoc {
            line: 1,
            text: d[0].1.clone(),
        }
        .read(Dialect::Auto)
        .unwrap();
        assert_eq!(game.moves.len(), 3);
        assert_eq!(game.metadata["Site"], "y");
    }

    #[test]
    fn an_unbounded_game_is_refused_with_the_reason() {
        let (mut pgn, mut err) = (Vec::new(), Vec::new());
        let icn = "w K5,1|k5,8|R1,1 1,1>1,8\n";
        assert_eq!(
            icn_to_pgn(icn.as_bytes(), &mut pgn, &mut err).unwrap(),
            (0, 1)
        );
        let err = String::from_utf8(err).unwrap();
        assert!(err.contains("unbounded board"), "{err}");
        let far = "w 1,8,1,8 K5,1|k5,8|R1,1 1,1>1,9\n";
        let mut err = Vec::new();
        icn_to_pgn(far.as_bytes(), &mut pgn, &mut err).unwrap();
        let err = String::from_utf8(err).unwrap();
        assert!(err.contains("leaves the 8×8 board"), "{err}");
    }
}
