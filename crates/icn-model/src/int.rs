//! [`Int`]: an exact integer of any size, as ICN coordinates and counters are.
//!
//! Values that fit in an `i64` are stored inline; larger ones keep their
//! canonical decimal text (no leading zeros, no `-0`). Parsing accepts
//! `-?[0-9]+` with leading zeros, which are dropped.

use std::cmp::Ordering;
use std::fmt;
use std::sync::Arc;

/// An exact integer of any size.
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Int(Repr);

#[derive(Clone, PartialEq, Eq, Hash)]
enum Repr {
    Small(i64),
    /// Canonical decimal text of a value outside the `i64` range.
    Big(Arc<str>),
}

/// The text was not an integer.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("`{0}` is not an integer")]
pub struct ParseIntError(pub String);

impl Int {
    /// Zero.
    pub const ZERO: Int = Int(Repr::Small(0));
    /// One.
    pub const ONE: Int = Int(Repr::Small(1));

    /// Parses `-?[0-9]+` exactly, whatever its length.
    ///
    /// # Errors
    /// When `text` is not an optional `-` followed by ASCII digits.
    ///
    /// ```
    /// use icn_model::Int;
    /// let big = Int::parse("-000123456789012345678901234567890").unwrap();
    /// assert_eq!(big.to_string(), "-123456789012345678901234567890");
    /// assert_eq!(Int::parse("-0").unwrap(), Int::ZERO);
    /// assert_eq!(Int::parse("-00000000000000000000000").unwrap(), Int::ZERO);
    /// assert_eq!(Int::parse("-0000000000000000000000007").unwrap(), Int::from(-7));
    /// assert_eq!(Int::parse("-09223372036854775808").unwrap(), Int::from(i64::MIN));
    /// assert_eq!(Int::parse("9223372036854775808").unwrap().to_string(), "9223372036854775808");
    /// ```
    pub fn parse(text: &str) -> Result<Int, ParseIntError> {
        let bytes = text.as_bytes();
        let (neg, digits) = match bytes.first() {
            Some(b'-') => (true, &bytes[1..]),
            _ => (false, bytes),
        };
        if digits.is_empty() {
            return Err(ParseIntError(text.to_string()));
        }
        if digits.len() <= 18 {
            // One pass: check and accumulate together (the common case).
            let mut v: i64 = 0;
            for &d in digits {
                let digit = d.wrapping_sub(b'0');
                if digit > 9 {
                    return Err(ParseIntError(text.to_string()));
                }
                v = v * 10 + i64::from(digit);
            }
            return Ok(Int(Repr::Small(if neg { -v } else { v })));
        }
        if !digits.iter().all(u8::is_ascii_digit) {
            return Err(ParseIntError(text.to_string()));
        }
        let start = digits
            .iter()
            .position(|&d| d != b'0')
            .unwrap_or(digits.len() - 1); // all zeros: keep one
        let trimmed = &text[text.len() - digits.len() + start..];
        if trimmed.len() > 19 {
            // Too long for an i64 whatever its sign: canonical text as is,
            // or made canonical once.
            return Ok(Int(Repr::Big(if start == 0 {
                text.into()
            } else if neg {
                format!("-{trimmed}").into()
            } else {
                trimmed.into()
            })));
        }
        if let Ok(v) = trimmed.parse::<i64>() {
            return Ok(Int(Repr::Small(if neg { -v } else { v })));
        }
        let canon = if neg {
            format!("-{trimmed}")
        } else {
            trimmed.to_string()
        };
        // `-9223372036854775808` has 19 digits but does not fit after the trim above.
        match canon.parse::<i64>() {
            Ok(v) => Ok(Int(Repr::Small(v))),
            Err(_) => Ok(Int(Repr::Big(canon.into()))),
        }
    }

    /// The value as an `i64`, when it fits.
    pub fn to_i64(&self) -> Option<i64> {
        match &self.0 {
            Repr::Small(v) => Some(*v),
            Repr::Big(_) => None,
        }
    }

    /// The value as an `i64` when its magnitude is at most `limit`. The
    /// magnitude is taken without overflow, so `-2^63` is beyond every
    /// limit below 2^63 (`i64::abs` would wrap it back to `-2^63`).
    ///
    /// ```
    /// use icn_model::Int;
    /// assert_eq!(Int::from(-5).to_i64_within(5), Some(-5));
    /// assert_eq!(Int::from(6).to_i64_within(5), None);
    /// assert_eq!(Int::from(i64::MIN).to_i64_within(1 << 52), None);
    /// ```
    pub fn to_i64_within(&self, limit: u64) -> Option<i64> {
        self.to_i64().filter(|v| v.unsigned_abs() <= limit)
    }

    /// A word that stands for the value, the same for equal values: the
    /// value itself when it fits in `i64`, else its length and last eight
    /// digits (a quick test that squares differ, see `Position::repeats`;
    /// different values may share a word).
    pub(crate) fn key_word(&self) -> u64 {
        match &self.0 {
            Repr::Small(v) => *v as u64,
            Repr::Big(s) => {
                // Beyond i64: at least 19 digits, so eight bytes are there.
                let b = s.as_bytes();
                let mut last = [0u8; 8];
                last.copy_from_slice(&b[b.len().saturating_sub(8)..]);
                u64::from_le_bytes(last) ^ (b.len() as u64).rotate_right(7)
            }
        }
    }

    /// Whether the value is below zero.
    pub fn is_negative(&self) -> bool {
        match &self.0 {
            Repr::Small(v) => *v < 0,
            Repr::Big(s) => s.starts_with('-'),
        }
    }

    /// Number of decimal digits (without sign).
    pub fn digit_count(&self) -> usize {
        match &self.0 {
            Repr::Small(v) => v
                .unsigned_abs()
                .checked_ilog10()
                .map_or(1, |l| l as usize + 1),
            Repr::Big(s) => s.trim_start_matches('-').len(),
        }
    }

    /// `self + delta`, exactly.
    ///
    /// ```
    /// use icn_model::Int;
    /// let max = Int::from(i64::MAX);
    /// assert_eq!(max.add_small(1).to_string(), "9223372036854775808");
    /// assert_eq!(max.add_small(1).add_small(-1), max);
    /// ```
    pub fn add_small(&self, delta: i64) -> Int {
        if let Repr::Small(v) = self.0
            && let Some(w) = v.checked_add(delta)
        {
            return Int(Repr::Small(w));
        }
        let text = self.to_string();
        let sum = decimal::add(&text, &delta.to_string());
        Int::parse(&sum).expect("decimal::add returns an integer")
    }

    /// `self - other`, exactly.
    pub fn sub(&self, other: &Int) -> Int {
        if let (Repr::Small(a), Repr::Small(b)) = (&self.0, &other.0)
            && let Some(d) = a.checked_sub(*b)
        {
            return Int(Repr::Small(d));
        }
        let neg = decimal::negate(&other.to_string());
        Int::parse(&decimal::add(&self.to_string(), &neg)).expect("decimal::add returns an integer")
    }
}

impl From<i64> for Int {
    fn from(v: i64) -> Self {
        Int(Repr::Small(v))
    }
}

impl Default for Int {
    fn default() -> Self {
        Int::ZERO
    }
}

impl fmt::Display for Int {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.0 {
            Repr::Small(v) => f.write_str(itoa::Buffer::new().format(*v)),
            Repr::Big(s) => f.write_str(s),
        }
    }
}

impl Int {
    /// Appends the decimal text to `out` (faster than `to_string` in loops).
    pub fn push_to(&self, out: &mut String) {
        match &self.0 {
            Repr::Small(v) => out.push_str(itoa::Buffer::new().format(*v)),
            Repr::Big(s) => out.push_str(s),
        }
    }
}

impl fmt::Debug for Int {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

impl std::str::FromStr for Int {
    type Err = ParseIntError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Int::parse(s)
    }
}

impl Ord for Int {
    fn cmp(&self, other: &Self) -> Ordering {
        match (&self.0, &other.0) {
            (Repr::Small(a), Repr::Small(b)) => a.cmp(b),
            _ => decimal::cmp(&self.to_string(), &other.to_string()),
        }
    }
}

impl PartialOrd for Int {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

/// Arithmetic on canonical decimal strings, for the rare values beyond `i64`.
mod decimal {
    use std::cmp::Ordering;

    fn split(s: &str) -> (bool, &str) {
        match s.strip_prefix('-') {
            Some(m) => (true, m),
            None => (false, s),
        }
    }

    fn cmp_mag(a: &str, b: &str) -> Ordering {
        a.len().cmp(&b.len()).then_with(|| a.cmp(b))
    }

    pub(super) fn cmp(a: &str, b: &str) -> Ordering {
        match (split(a), split(b)) {
            ((false, x), (false, y)) => cmp_mag(x, y),
            ((true, x), (true, y)) => cmp_mag(y, x),
            ((true, _), (false, _)) => Ordering::Less,
            ((false, _), (true, _)) => Ordering::Greater,
        }
    }

    pub(super) fn negate(s: &str) -> String {
        match split(s) {
            (true, m) => m.to_string(),
            (false, "0") => "0".to_string(),
            (false, m) => format!("-{m}"),
        }
    }

    fn add_mag(a: &str, b: &str) -> String {
        let (a, b) = (a.as_bytes(), b.as_bytes());
        let mut out = Vec::with_capacity(a.len().max(b.len()) + 1);
        let (mut i, mut j, mut carry) = (a.len(), b.len(), 0u8);
        while i > 0 || j > 0 || carry > 0 {
            let mut d = carry;
            if i > 0 {
                i -= 1;
                d += a[i] - b'0';
            }
            if j > 0 {
                j -= 1;
                d += b[j] - b'0';
            }
            out.push(b'0' + d % 10);
            carry = d / 10;
        }
        out.reverse();
        String::from_utf8(out).expect("digits")
    }

    /// `a - b` for magnitudes with `a >= b`.
    fn sub_mag(a: &str, b: &str) -> String {
        let (a, b) = (a.as_bytes(), b.as_bytes());
        let mut out = Vec::with_capacity(a.len());
        let (mut i, mut j, mut borrow) = (a.len(), b.len(), 0i8);
        while i > 0 {
            i -= 1;
            let mut d = (a[i] - b'0') as i8 - borrow;
            if j > 0 {
                j -= 1;
                d -= (b[j] - b'0') as i8;
            }
            borrow = i8::from(d < 0);
            out.push(b'0' + (d + 10 * borrow) as u8);
        }
        while out.len() > 1 && out.last() == Some(&b'0') {
            out.pop();
        }
        out.reverse();
        String::from_utf8(out).expect("digits")
    }

    pub(super) fn add(a: &str, b: &str) -> String {
        let ((na, ma), (nb, mb)) = (split(a), split(b));
        if na == nb {
            let m = add_mag(ma, mb);
            return if na && m != "0" { format!("-{m}") } else { m };
        }
        match cmp_mag(ma, mb) {
            Ordering::Equal => "0".to_string(),
            Ordering::Greater => {
                let m = sub_mag(ma, mb);
                if na { format!("-{m}") } else { m }
            }
            Ordering::Less => {
                let m = sub_mag(mb, ma);
                if nb { format!("-{m}") } else { m }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_and_canonicalises() {
        assert_eq!(Int::parse("007").unwrap(), Int::from(7));
        assert_eq!(
            Int::parse("-9223372036854775808").unwrap(),
            Int::from(i64::MIN)
        );
        assert_eq!(
            Int::parse("-00009223372036854775808").unwrap(),
            Int::from(i64::MIN)
        );
        assert!(
            Int::parse("9223372036854775808")
                .unwrap()
                .to_i64()
                .is_none()
        );
        assert!(Int::parse("").is_err());
        assert!(Int::parse("1a").is_err());
        assert!(Int::parse("-").is_err());
    }

    #[test]
    fn orders_big_and_small() {
        let mut v: Vec<Int> = [
            "5",
            "-123456789012345678901234567890",
            "123456789012345678901234567890",
            "-7",
            "99999999999999999999",
        ]
        .iter()
        .map(|s| Int::parse(s).unwrap())
        .collect();
        v.sort();
        let s: Vec<String> = v.iter().map(Int::to_string).collect();
        assert_eq!(
            s,
            [
                "-123456789012345678901234567890",
                "-7",
                "5",
                "99999999999999999999",
                "123456789012345678901234567890"
            ]
        );
    }

    #[test]
    fn arithmetic_crosses_the_i64_edge() {
        let big = Int::parse("100000000000000000000").unwrap();
        assert_eq!(big.add_small(-1).to_string(), "99999999999999999999");
        assert_eq!(
            Int::from(i64::MIN).add_small(-1).to_string(),
            "-9223372036854775809"
        );
        assert_eq!(big.sub(&big), Int::ZERO);
        assert_eq!(Int::from(3).sub(&big).to_string(), "-99999999999999999997");
        assert_eq!(Int::from(12345).digit_count(), 5);
        assert_eq!(Int::ZERO.digit_count(), 1);
    }
}
