//! The direct reader: ICN text straight to a [`Game`] and its [`SourceMap`]
//! for the common, site-shaped document, with no syntax tree for its piece
//! list and moves and every integer read once.
//!
//! It reads what `icn_syntax`'s fast path reads, in the auto dialect: the
//! metadata tags and header fields come from that fast path (and are lowered
//! by [`lower`](crate::lower())'s own code); the piece list (`K5,1+|k5,8`)
//! and the moves (`5,1>5,2`, `P1,2x1,3=Q+!?`, move numbers, `...`, `|`,
//! `{comments}` with `[%clk H:MM:SS.D]` stamps) are read here, byte for byte
//! as the grammar reads them.
//!
//! It declines (returns `None`, and [`Game::parse_mapped`] takes the tree
//! path, which decides and reports) on everything else: another dialect, a
//! JSON property block, annotations, SAN-like moves, and every error — an
//! unknown piece code, a clock stamp that does not read, a field given twice,
//! an empty document. So it can only ever speed up a success; the tests
//! (`tests/direct.rs`) and the `direct` fuzz target check that the two paths
//! agree on the game, the source map and the errors.

use std::borrow::Cow;
use std::cell::RefCell;

use icn_syntax::scan::{self, is_ws};
use icn_syntax::{self as syn, Dialect, Span};

use crate::lower::{Lowering, header_map};
use crate::{Clock, Coord, Game, Int, Move, Piece, PlacedPiece, SourceMap};

/// Slots of the piece-code cache (a power of two).
const CODE_SLOTS: usize = 256;

/// Piece codes met (as eight bytes) and what they name, by hash: two slots
/// per hash (a code may sit in either), so two codes of one game that hash
/// alike do not keep evicting each other.
type CodeCache = [(u64, Option<Piece>); CODE_SLOTS];

thread_local! {
    /// Kept from one document to the next on each thread: what a code
    /// names never changes, and a corpus uses the same few dozen codes.
    static CODES: RefCell<Box<CodeCache>> = RefCell::new(Box::new([(0, None); CODE_SLOTS]));
}

/// The first of a code's two slots in the [`CodeCache`] (the other is this
/// one with its lowest bit flipped).
#[inline(always)]
fn slot_of(key: u64) -> usize {
    (key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> (64 - CODE_SLOTS.trailing_zeros())) as usize
}

/// The game and source map of `text` read in the auto dialect, when the
/// direct reader can read all of it (see the module docs); `None` otherwise.
#[doc(hidden)]
pub fn read_direct(text: &str) -> Option<(Game, SourceMap)> {
    CODES.with(|codes| match codes.try_borrow_mut() {
        Ok(mut codes) => read_with(text, &mut codes),
        // Not reentrant; never the case, but a fresh cache is as good.
        Err(_) => read_with(text, &mut Box::new([(0, None); CODE_SLOTS])),
    })
}

fn read_with(text: &str, codes: &mut CodeCache) -> Option<(Game, SourceMap)> {
    let (doc, start) = syn::fast_header(text)?;
    if !syn::dialect::check(&doc, Dialect::Auto).is_empty() {
        return None;
    }
    let mut cx = Lowering::default();
    let game = cx.header(&doc);
    if !cx.errors.is_empty() {
        return None;
    }
    let map = header_map(
        &doc,
        std::mem::take(&mut cx.promotion_choice_spans),
        &cx.metadata_entries,
    );
    let mut r = Reader {
        s: text,
        b: text.as_bytes(),
        cx,
        game,
        map,
        codes,
        failed: false,
    };
    r.tail(start)?;
    if r.failed {
        return None;
    }
    let Reader {
        mut cx,
        mut game,
        map,
        ..
    } = r;
    cx.off_board_state(&doc, &mut game);
    let empty = doc.metadata.is_empty()
        && doc.fields.is_empty()
        && game.position.pieces.is_empty()
        && game.moves.is_empty()
        && game.leading_comments.is_empty();
    (cx.errors.is_empty() && !empty).then_some((game, map))
}

/// What is read so far. Scanning functions return the end of what they
/// matched, `None` when nothing matches there.
struct Reader<'a> {
    s: &'a str,
    b: &'a [u8],
    cx: Lowering,
    game: Game,
    map: SourceMap,
    /// Piece codes met and what they name (see [`CodeCache`]).
    codes: &'a mut CodeCache,
    /// Something was met that the reader declines.
    failed: bool,
}

impl Reader<'_> {
    #[inline]
    fn at(&self, i: usize) -> u8 {
        self.b.get(i).copied().unwrap_or(0)
    }

    #[inline]
    fn skip_ws(&self, i: usize) -> usize {
        scan::skip_ws(self.b, i)
    }

    fn digits(&self, i: usize) -> usize {
        scan::digits(self.b, i)
    }

    fn alphas(&self, i: usize) -> usize {
        scan::alphas(self.b, i)
    }

    /// `-? [0-9]+` at `i`: its value when it has at most 18 digits (below
    /// 10^18, no overflow), its end, and whether it was that short; `None`
    /// when there is no integer here. A longer one is read by
    /// [`Reader::big_int`] from its text.
    ///
    /// The value stays a plain `i64` until the whole square is read: an
    /// [`Int`] built here and moved out through the `Option` costs a
    /// store-to-load stall per integer.
    #[inline(always)]
    fn small_int(&self, i: usize) -> Option<(i64, usize, bool)> {
        let b = self.b;
        let neg = b.get(i) == Some(&b'-');
        let j = i + usize::from(neg);
        if let Some(word) = b.get(j..j + 8).and_then(|w| <[u8; 8]>::try_from(w).ok()) {
            // Eight bytes at hand: up to seven digits in one go.
            let word = u64::from_le_bytes(word);
            let n = swar::leading_digits(word);
            if n == 0 {
                return None;
            }
            if n < 8 {
                let v = swar::value(word, n) as i64;
                return Some((if neg { -v } else { v }, j + n, true));
            }
        }
        let mut k = j;
        let mut v: u64 = 0;
        while let Some(&c) = b.get(k) {
            let d = c.wrapping_sub(b'0');
            if d > 9 {
                break;
            }
            v = v.wrapping_mul(10).wrapping_add(u64::from(d));
            k += 1;
        }
        if k == j {
            return None;
        }
        let v = v as i64;
        Some((if neg { v.wrapping_neg() } else { v }, k, k - j <= 18))
    }

    /// The integer `text[i..k]`, whatever its length; a value
    /// [`Int::parse`] refuses (never, by its docs) makes the reader decline.
    #[cold]
    #[inline(never)]
    fn big_int(&mut self, i: usize, k: usize) -> Int {
        Int::parse(&self.s[i..k]).unwrap_or_else(|_| {
            self.failed = true;
            Int::ZERO
        })
    }

    /// `int "," int`: the square and its end.
    #[inline(always)]
    fn coord(&mut self, i: usize) -> Option<(Coord, usize)> {
        let (x, j, x_short) = self.small_int(i)?;
        if self.at(j) != b',' {
            return None;
        }
        let (y, k, y_short) = self.small_int(j + 1)?;
        if x_short & y_short {
            return Some((
                Coord {
                    x: Int::from(x),
                    y: Int::from(y),
                },
                k,
            ));
        }
        let x = if x_short {
            Int::from(x)
        } else {
            self.big_int(i, j)
        };
        let y = if y_short {
            Int::from(y)
        } else {
            self.big_int(j + 1, k)
        };
        Some((Coord { x, y }, k))
    }

    /// The piece a code names, remembered for the codes met before; the
    /// reader declines on a code [`Piece::from_code`] refuses. A code met
    /// before is looked up from the bytes alone, with no text to slice.
    #[inline(always)]
    fn piece_of(&mut self, code: std::ops::Range<usize>) -> Option<Piece> {
        let len = code.end - code.start;
        if len <= 8
            && let Some(word) = self
                .b
                .get(code.start..code.start + 8)
                .and_then(|w| <[u8; 8]>::try_from(w).ok())
        {
            let key = u64::from_le_bytes(word) & (u64::MAX >> (64 - 8 * len));
            let first = slot_of(key);
            for slot in [first, first ^ 1] {
                if let (k, Some(p)) = self.codes[slot]
                    && k == key
                {
                    return Some(p);
                }
            }
        }
        self.piece_of_text(code)
    }

    /// [`Reader::piece_of`] for a code not found from its bytes: read from
    /// its text, and remembered.
    #[inline(never)]
    fn piece_of_text(&mut self, code: std::ops::Range<usize>) -> Option<Piece> {
        let text = &self.s[code];
        if text.len() > 8 {
            return Piece::from_code(text).ok();
        }
        // Codes are ASCII letters and digits: eight bytes and no NUL make a
        // key, the first byte lowest.
        let key = text
            .bytes()
            .rev()
            .fold(0u64, |k, b| (k << 8) | u64::from(b));
        let p = Piece::from_code(text).ok()?;
        // The first slot when it is free, else the second (its code, if
        // any, makes way).
        let first = slot_of(key);
        let slot = if self.codes[first].1.is_none() {
            first
        } else {
            first ^ 1
        };
        self.codes[slot] = (key, Some(p));
        Some(p)
    }

    /// `[0-9]* [A-Za-z]+`: its end.
    fn piece_code(&self, i: usize) -> Option<usize> {
        let d = self.digits(i);
        let a = self.alphas(d);
        (a > d).then_some(a)
    }

    /// The piece list and the moves from `p`; `None` to decline.
    fn tail(&mut self, mut p: usize) -> Option<()> {
        let len = self.b.len();
        // Room for the pieces: an entry takes at least five bytes (`K1,1|`).
        let list_end = memchr::memchr(b' ', &self.b[p..]).map_or(len, |n| p + n);
        let pieces = (list_end - p) / 5 + 1;
        self.game.position.pieces.reserve(pieces);
        self.map.pieces.reserve(pieces);
        if let Some(mut q) = self.piece(p)? {
            while self.at(q) == b'|' {
                match self.piece(q + 1)? {
                    Some(r) => q = r,
                    None => break,
                }
            }
            // Moves are set apart from the piece list by a blank.
            if q < len && !is_ws(self.b[q]) {
                return None;
            }
            p = q;
        }
        let mut q = p;
        loop {
            let r = self.skip_ws(q);
            match self.item(r)? {
                Some(next) => q = next,
                None => break,
            }
        }
        (self.skip_ws(q) == len).then_some(())
    }

    /// `piece_code int "," int "+"?` at `i`, added to the position: its
    /// end (inner `None`: no piece here; outer: decline).
    fn piece(&mut self, i: usize) -> Option<Option<usize>> {
        let Some(c) = self.piece_code(i) else {
            return Some(None);
        };
        let Some((at, k)) = self.coord(c) else {
            return Some(None);
        };
        let special_right = self.at(k) == b'+';
        let end = k + usize::from(special_right);
        let piece = self.piece_of(i..c)?;
        self.game.position.pieces.push(PlacedPiece {
            promoted_from: None,
            piece,
            at,
            special_right,
        });
        self.map.pieces.push(Span::new(i, end));
        Some(Some(end))
    }

    /// One movetext item at `i`, in the grammar's order of choice: its end
    /// (inner `None`: no item here; outer: decline).
    fn item(&mut self, i: usize) -> Option<Option<usize>> {
        // Told by the first byte: a comment, a separator, `...` or `…`
        // start with their own; a move with a digit, a letter or `-`.
        match self.at(i) {
            b'{' => self.comment(i),
            b'|' => Some(Some(i + 1)),
            b'.' if self.b[i..].starts_with(b"...") => Some(Some(i + 3)),
            b'.' => Some(Some(i + 1)),
            _ if self.b[i.min(self.b.len())..].starts_with("…".as_bytes()) => Some(Some(i + 3)),
            _ => {
                if let Some(found) = self.game_move(i) {
                    return found.map(Some);
                }
                let d = self.digits(i);
                if d > i && self.at(d) == b'.' {
                    return Some(Some(d)); // a move number; its `.` is the next item
                }
                Some(None)
            }
        }
    }

    /// The comment `{…}` at `i`: a lone clock stamp goes to the last move's
    /// clock, any other text to the last move's comments (or the leading
    /// comments before the first move). Its end; inner `None` when it is
    /// not closed.
    fn comment(&mut self, i: usize) -> Option<Option<usize>> {
        if let Some(end) = self.lone_clock(i) {
            return Some(Some(end));
        }
        let Some(close) = memchr::memchr(b'}', &self.b[i..]) else {
            return Some(None);
        };
        let text = &self.s[i + 1..i + close];
        match self.game.moves.last_mut() {
            Some(mv) => {
                let c = syn::Comment {
                    text: Cow::Borrowed(text),
                    span: Span::new(i, i + close + 1),
                };
                self.cx.comment(&c, mv);
            }
            None => self.game.leading_comments.push(text.to_string()),
        }
        Some(Some(i + close + 1))
    }

    /// The site's common comment at `i`, `{[%clk H:MM:SS.D]}` after a
    /// move, read straight into that move's clock: its end, or `None` to
    /// read the comment the general way. It reads only what
    /// [`Clock::parse`] reads (1 to 12 digits of hours, two of minutes, two
    /// of seconds, an optional `.` and one to three digits) and gives the
    /// same value; the stamp holds no `}` or `]`, so it is the whole
    /// comment, as the general way finds too.
    fn lone_clock(&mut self, i: usize) -> Option<usize> {
        const OPEN: &[u8] = b"{[%clk ";
        if self.b.get(i..i + OPEN.len())? != OPEN {
            return None;
        }
        let digit = |k: usize| {
            let d = self.at(k).wrapping_sub(b'0');
            (d <= 9).then_some(u64::from(d))
        };
        let start = i + OPEN.len();
        let mut k = start;
        let mut hours = 0;
        while let Some(d) = digit(k) {
            if k - start == 12 {
                return None;
            }
            hours = hours * 10 + d;
            k += 1;
        }
        if k == start || self.at(k) != b':' || self.at(k + 3) != b':' {
            return None;
        }
        let minutes = digit(k + 1)? * 10 + digit(k + 2)?;
        let seconds = digit(k + 4)? * 10 + digit(k + 5)?;
        k += 6;
        let mut millis = 0;
        if self.at(k) == b'.' {
            let first = k + 1;
            for scale in [100, 10, 1] {
                let Some(d) = digit(k + 1) else { break };
                millis += d * scale;
                k += 1;
            }
            if k + 1 == first {
                return None;
            }
            k += 1;
        }
        if self.b.get(k..k + 2)? != b"]}" {
            return None;
        }
        self.game.moves.last_mut()?.clock = Some(Clock {
            millis: hours * 3_600_000 + minutes * 60_000 + seconds * 1000 + millis,
        });
        Some(k + 2)
    }

    /// A coordinate move at `i`, added to the game: `None` when there is
    /// none, `Some(None)` to decline, else its end.
    fn game_move(&mut self, i: usize) -> Option<Option<usize>> {
        let mut j = i;
        let mut piece_end = None;
        let d = self.digits(i);
        let a = self.alphas(d);
        if a > d && (self.at(a) == b'-' || self.at(a).is_ascii_digit()) {
            piece_end = Some(a);
            j = a;
        }
        let (from, f) = self.coord(j)?;
        let k = self.skip_ws(f);
        let capture = match self.at(k) {
            b'>' => false,
            b'x' => true,
            _ => return None,
        };
        let (to, t1) = self.coord(self.skip_ws(k + 1))?;
        let mut end = t1;
        let mut promotion = None;
        let e = self.skip_ws(end);
        let code = (self.at(e) == b'=')
            .then(|| {
                let c0 = self.skip_ws(e + 1);
                Some(c0..self.piece_code(c0)?)
            })
            .flatten();
        if let Some(code) = code {
            end = code.end;
            promotion = Some(code);
        } else {
            let l = self.alphas(end);
            if l > end {
                promotion = Some(end..l);
                end = l;
            }
        }
        let (check, glyph, end) = scan::move_marks(self.b, end);
        let glyph = glyph.map(|g| self.s[g].to_string());
        let piece = piece_end.map(|a| self.piece_of(i..a));
        let promotion = promotion.map(|r| self.piece_of(r));
        let (piece, promotion) = match (piece, promotion) {
            (Some(None), _) | (_, Some(None)) => return Some(None),
            (piece, promotion) => (piece.flatten(), promotion.flatten()),
        };
        if self.game.moves.is_empty() {
            // Room for the moves: a site move with its clock stamp takes
            // about 30 bytes.
            let moves = (self.b.len() - i) / 24 + 1;
            self.game.moves.reserve(moves);
            self.map.moves.reserve(moves);
        }
        self.game.moves.push(Move {
            promotion,
            piece,
            capture,
            check,
            glyph,
            ..Move::new(from, to)
        });
        self.map.moves.push(Span::new(i, end));
        Some(Some(end))
    }
}

/// Eight bytes read as one word (the first byte lowest), to scan a run of
/// digits without a loop.
mod swar {
    const HIGH_NIBBLES: u64 = 0xF0F0_F0F0_F0F0_F0F0;
    const ZEROS: u64 = 0x3030_3030_3030_3030;
    const SIXES: u64 = 0x0606_0606_0606_0606;
    const LOW_SEVEN: u64 = 0x7F7F_7F7F_7F7F_7F7F;
    const HIGH_BITS: u64 = 0x8080_8080_8080_8080;

    /// How many of the word's bytes, from the first, are ASCII digits (8
    /// when all are).
    #[inline(always)]
    pub(super) fn leading_digits(word: u64) -> usize {
        // A byte is a digit when its high nibble is 3 and its low one below
        // 10; no step carries from one byte into the next.
        let high_not_3 = (word & HIGH_NIBBLES) ^ ZEROS;
        let low_over_9 = ((word & !HIGH_NIBBLES) + SIXES) & HIGH_NIBBLES;
        let not_digit = high_not_3 | low_over_9;
        let flagged = (((not_digit & LOW_SEVEN) + LOW_SEVEN) | not_digit) & HIGH_BITS;
        (flagged.trailing_zeros() / 8) as usize
    }

    /// The value of the word's first `n` bytes (`1..=8`), all digits.
    #[inline(always)]
    pub(super) fn value(word: u64, n: usize) -> u64 {
        // The digits moved to the top bytes, zeros before them; then pairs,
        // fours and eights of digits are combined.
        let d = (word & 0x0F0F_0F0F_0F0F_0F0F) << (8 * (8 - n));
        let d = (d.wrapping_mul(10) + (d >> 8)) & 0x00FF_00FF_00FF_00FF;
        let d = (d.wrapping_mul(100) + (d >> 16)) & 0x0000_FFFF_0000_FFFF;
        (d.wrapping_mul(10_000) + (d >> 32)) & 0xFFFF_FFFF
    }

    #[cfg(test)]
    mod tests {
        use super::*;

        fn word(text: &[u8; 8]) -> u64 {
            u64::from_le_bytes(*text)
        }

        #[test]
        fn counts_leading_digits_and_reads_their_value() {
            for (text, n, v) in [
                (b"12345678", 8, 12_345_678),
                (b"1234567,", 7, 1_234_567),
                (b"0,5>1,2{", 1, 0),
                (b"90,-3|K1", 2, 90),
                (b",1234567", 0, 0),
                (b"/:09 aZ\xff", 0, 0),
                (b"007x9999", 3, 7),
            ] {
                let text: &[u8; 8] = text[..8].try_into().unwrap();
                assert_eq!(leading_digits(word(text)), n, "{text:?}");
                if n > 0 {
                    assert_eq!(value(word(text), n), v, "{text:?}");
                }
            }
        }

        #[test]
        fn every_byte_is_told_digit_or_not() {
            for b in 0..=255u8 {
                let text = [b, b'x', b'x', b'x', b'x', b'x', b'x', b'x'];
                assert_eq!(leading_digits(word(&text)), usize::from(b.is_ascii_digit()));
            }
        }
    }
}
