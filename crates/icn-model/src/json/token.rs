//! Short JSON tokens built on the stack and copied into the output at once:
//! a square key `"x,y"`, a compact move `"x,y>x,y"`, a clock reading
//! `"H:MM:SS.D"`. The JSON writer ([`super::emit`]) writes tens of thousands
//! of them per megabyte of input; building each one backwards in a fixed
//! buffer (digits come out last first) and appending it with one copy is
//! much cheaper than appending each number and separator on its own.
//!
//! Accepts only what fits: integers of `i64` and the few bytes around them.
//! The caller takes its slower path for anything else (an integer beyond
//! `i64`, a promotion suffix).

use crate::{Clock, Coord};

/// The two-digit pairs `00` to `99`, for writing digits two at a time.
const PAIRS: &[u8; 200] = b"\
0001020304050607080910111213141516171819\
2021222324252627282930313233343536373839\
4041424344454647484950515253545556575859\
6061626364656667686970717273747576777879\
8081828384858687888990919293949596979899";

/// Room for a compact move of four `i64`s (20 bytes each at most, sign
/// included) with its separators and quotes, or a square and a piece name.
const ROOM: usize = 128;

/// A token under construction, written from its end towards its start.
pub(crate) struct Token {
    buf: [u8; ROOM],
    start: usize,
}

impl Token {
    /// An empty token.
    #[inline]
    pub(crate) fn new() -> Token {
        Token {
            buf: [0; ROOM],
            start: ROOM,
        }
    }

    /// Puts `b` before what is written so far.
    #[inline]
    pub(crate) fn byte(&mut self, b: u8) {
        self.start -= 1;
        self.buf[self.start] = b;
    }

    /// Puts `s` before what is written so far; `false` (and nothing
    /// written) when there is no room for it.
    #[inline]
    pub(crate) fn slice(&mut self, s: &[u8]) -> bool {
        // Room is kept for the four integers of a move.
        if s.len() + 4 * 20 + 8 > self.start {
            return false;
        }
        self.start -= s.len();
        self.buf[self.start..self.start + s.len()].copy_from_slice(s);
        true
    }

    /// Puts the decimal digits of `v` before what is written so far.
    #[inline(always)]
    pub(crate) fn int(&mut self, v: i64) {
        let mut n = v.unsigned_abs();
        while n >= 100 {
            let pair = (n % 100) as usize * 2;
            n /= 100;
            self.start -= 2;
            self.buf[self.start] = PAIRS[pair];
            self.buf[self.start + 1] = PAIRS[pair + 1];
        }
        if n >= 10 {
            let pair = n as usize * 2;
            self.start -= 2;
            self.buf[self.start] = PAIRS[pair];
            self.buf[self.start + 1] = PAIRS[pair + 1];
        } else {
            self.byte(b'0' + n as u8);
        }
        if v < 0 {
            self.byte(b'-');
        }
    }

    /// Puts `x,y` before what is written so far; `false` (and nothing
    /// written) when a coordinate does not fit in `i64`.
    #[inline]
    pub(crate) fn square(&mut self, at: &Coord) -> bool {
        let Some((x, y)) = at.to_i64() else {
            return false;
        };
        self.int(y);
        self.byte(b',');
        self.int(x);
        true
    }

    /// Puts the clock reading `H:MM:SS.D` (the fraction in as few digits
    /// as it needs, one to three) before what is written so far, as
    /// [`Clock::push_to`] writes it.
    pub(crate) fn clock(&mut self, c: Clock) {
        let ms = c.millis % 1000;
        let secs = c.millis / 1000;
        if ms.is_multiple_of(100) {
            self.byte(b'0' + (ms / 100) as u8);
        } else {
            for d in [ms % 10, ms / 10 % 10, ms / 100] {
                self.byte(b'0' + d as u8);
            }
        }
        self.byte(b'.');
        for two in [secs % 60, secs / 60 % 60] {
            self.byte(b'0' + (two % 10) as u8);
            self.byte(b'0' + (two / 10) as u8);
            self.byte(b':');
        }
        // At most 2^64 ms, about 5 × 10^12 hours: well within `i64`.
        self.int((secs / 3600) as i64);
    }

    /// What is written.
    #[inline]
    pub(crate) fn bytes(&self) -> &[u8] {
        &self.buf[self.start..]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn integers_squares_and_clocks_read_as_the_model_writes_them() {
        for v in [
            0,
            7,
            -7,
            10,
            99,
            100,
            -100,
            123_456,
            i64::MAX,
            i64::MIN,
            i64::MIN + 1,
        ] {
            let mut t = Token::new();
            t.int(v);
            assert_eq!(t.bytes(), v.to_string().as_bytes());
        }
        let mut t = Token::new();
        t.byte(b'"');
        assert!(t.square(&Coord::new(i64::MIN, i64::MAX)));
        t.byte(b'"');
        assert_eq!(
            t.bytes(),
            format!("\"{},{}\"", i64::MIN, i64::MAX).as_bytes()
        );
        let big = Coord {
            x: crate::Int::parse("123456789012345678901234").unwrap(),
            y: crate::Int::ZERO,
        };
        let mut t = Token::new();
        assert!(!t.square(&big));
        assert_eq!(t.bytes(), b"");
        assert!(t.slice(b"ab"));
        assert!(!t.slice(&[b'x'; 40]));
        assert_eq!(t.bytes(), b"ab");
        for millis in [0, 100, 1, 10, 999, 59_999, 3_600_000, 86_399_990, u64::MAX] {
            let mut t = Token::new();
            t.clock(Clock { millis });
            assert_eq!(t.bytes(), Clock { millis }.format().as_bytes(), "{millis}");
        }
    }
}
