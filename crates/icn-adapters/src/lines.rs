//! Batch conversion, one case per line — the library half of the CLI's
//! `--lines` modes ([`run_lines`], [`san_line`], [`position_board`]).
//!
//! A failing line prints `line N: MESSAGE` on the error stream and leaves its
//! output line empty, so output line N always answers input line N. A line
//! that is not UTF-8 is such a failure (`line N: input is not valid UTF-8 at
//! column C`), and the lines after it go on. A UTF-8 byte-order mark at the
//! start of the first line is skipped.

use std::io::{self, BufRead, Write};

use icn_model::Dialect;
use icn_movegen::Board;

use crate::fen::Fen;
use crate::fen_icn::fen_to_game;
use crate::notation::{compact_move, describe};
use crate::san::{san_to_move, write_san};
use crate::sanlike::{sanlike_to_move, write_sanlike};

/// Runs `f` on every line of `input` (line ending removed), writing each
/// answer or an empty line to `out` and each failure to `err`.
///
/// # Errors
/// Reading or writing failed. Returns the number of failed lines.
///
/// ```
/// use icn_adapters::lines::run_lines;
/// let (mut out, mut err) = (Vec::new(), Vec::new());
/// let n = run_lines("a\n\nb\n".as_bytes(), &mut out, &mut err, |l| {
///     if l.is_empty() { Err("empty".into()) } else { Ok(l.to_uppercase()) }
/// }).unwrap();
/// assert_eq!((n, String::from_utf8(out).unwrap()), (1, "A\n\nB\n".to_string()));
/// assert_eq!(String::from_utf8(err).unwrap(), "line 2: empty\n");
/// let (mut out, mut err) = (Vec::new(), Vec::new());
/// let n = run_lines(&b"a\nb\xffc\nd\n"[..], &mut out, &mut err, |l| Ok(l.to_uppercase())).unwrap();
/// assert_eq!((n, String::from_utf8(out).unwrap()), (1, "A\n\nD\n".to_string()));
/// assert_eq!(String::from_utf8(err).unwrap(), "line 2: input is not valid UTF-8 at column 2\n");
/// ```
pub fn run_lines<R: BufRead, W: Write, E: Write>(
    mut input: R,
    mut out: W,
    mut err: E,
    mut f: impl FnMut(&str) -> Result<String, String>,
) -> io::Result<usize> {
    let mut failures = 0;
    let mut buf = Vec::new();
    for number in 1.. {
        buf.clear();
        if input.read_until(b'\n', &mut buf)? == 0 {
            break;
        }
        let line = buf.strip_suffix(b"\n").unwrap_or(&buf);
        let line = line.strip_suffix(b"\r").unwrap_or(line);
        let line = if number == 1 {
            line.strip_prefix("\u{feff}".as_bytes()).unwrap_or(line)
        } else {
            line
        };
        let answer = match std::str::from_utf8(line) {
            Ok(text) => f(text),
            Err(e) => Err(not_utf8(line, e.valid_up_to())),
        };
        match answer {
            Ok(s) => writeln!(out, "{s}")?,
            Err(e) => {
                failures += 1;
                writeln!(out)?;
                writeln!(err, "line {number}: {e}")?;
            }
        }
    }
    out.flush()?;
    Ok(failures)
}

/// The message for a line whose bytes stop being UTF-8 at `valid_up_to`.
fn not_utf8(line: &[u8], valid_up_to: usize) -> String {
    let column = std::str::from_utf8(&line[..valid_up_to]).map_or(1, |s| s.chars().count() + 1);
    format!("input is not valid UTF-8 at column {column}")
}

/// A board from a FEN or an ICN position (an ICN game's start position).
///
/// # Errors
/// The text is neither, or the move generator refuses it.
pub fn position_board(text: &str) -> Result<Board, String> {
    let text = text.trim();
    let game = if text.contains('/') && !text.contains('|') {
        let fen = Fen::parse(text).map_err(|e| e.to_string())?;
        fen_to_game(&fen).map_err(|e| e.to_string())?
    } else {
        crate::document::read_either(text, Dialect::Auto)?
    };
    Board::from_game(&game).map_err(|e| e.to_string())
}

/// What a SAN batch line holds and answers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SanMode {
    /// `POSITION<TAB>MOVE` (ICN compact, or SAN-like as ICN accepts it) → SAN.
    Write,
    /// `POSITION<TAB>SAN` → the ICN compact move.
    Parse,
    /// `POSITION<TAB>MOVE` → the SAN-like notation.
    WriteLike,
    /// `POSITION<TAB>SAN-LIKE` → the ICN compact move.
    ParseLike,
}

/// Answers one SAN batch line.
///
/// # Errors
/// A line without a tab, a bad position, an illegal or ambiguous move.
///
/// ```
/// use icn_adapters::lines::{san_line, SanMode};
/// let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
/// assert_eq!(san_line(&format!("{start}\t5,2>5,4"), SanMode::Write).unwrap(), "e4");
/// assert_eq!(san_line(&format!("{start}\tNf3"), SanMode::Parse).unwrap(), "7,1>6,3");
/// assert_eq!(san_line("w K5,1|k5,8|R1,1\t1,1>1,1000", SanMode::WriteLike).unwrap(), "R1,1000");
/// assert_eq!(san_line(&format!("{start}\tN6,3"), SanMode::Write).unwrap(), "Nf3");
/// ```
pub fn san_line(line: &str, mode: SanMode) -> Result<String, String> {
    let Some((position, mv)) = line.split_once('\t') else {
        return Err("expected `POSITION<TAB>MOVE`, found no tab".into());
    };
    let mut board = position_board(position)?;
    let e = |e: crate::notation::SanError| e.to_string();
    match mode {
        SanMode::Write => {
            let m = icn_move(&mut board, mv).map_err(e)?;
            write_san(&describe(&mut board, &m).map_err(e)?)
        }
        SanMode::WriteLike => {
            let m = icn_move(&mut board, mv).map_err(e)?;
            Ok(write_sanlike(&describe(&mut board, &m).map_err(e)?))
        }
        SanMode::Parse => Ok(san_to_move(&mut board, mv).map_err(e)?.to_compact()),
        SanMode::ParseLike => Ok(sanlike_to_move(&mut board, mv).map_err(e)?.to_compact()),
    }
}

/// A move as ICN movetext accepts it: compact coordinates (`5,2>5,4`), or
/// SAN-like (`N6,3`).
fn icn_move(board: &mut Board, text: &str) -> Result<icn_movegen::Move, crate::notation::SanError> {
    let body = text.trim_end_matches(['+', '#']);
    if !text.contains('>') && icn_syntax::is_sanlike(body) {
        sanlike_to_move(board, text)
    } else {
        compact_move(board, text)
    }
}
