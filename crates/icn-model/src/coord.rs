//! [`Coord`]: a square `x,y` of the unbounded board, exact for any integers.

use std::fmt;

use crate::Int;

/// A square. `x` is the column, `y` the row; White's pawns move towards +y.
#[derive(Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct Coord {
    /// Column.
    pub x: Int,
    /// Row.
    pub y: Int,
}

impl Coord {
    /// A square from two integers.
    pub fn new(x: impl Into<Int>, y: impl Into<Int>) -> Self {
        Coord {
            x: x.into(),
            y: y.into(),
        }
    }

    /// Parses `x,y`.
    ///
    /// # Errors
    /// When the text is not two integers separated by a comma.
    ///
    /// ```
    /// use icn_model::Coord;
    /// assert_eq!(Coord::parse("-3,12").unwrap(), Coord::new(-3, 12));
    /// assert!(Coord::parse("3;12").is_err());
    /// ```
    pub fn parse(text: &str) -> Result<Coord, crate::int::ParseIntError> {
        let (x, y) = text
            .split_once(',')
            .ok_or_else(|| crate::int::ParseIntError(text.to_string()))?;
        Ok(Coord {
            x: Int::parse(x)?,
            y: Int::parse(y)?,
        })
    }

    /// Appends `x,y` to `out`.
    pub fn push_to(&self, out: &mut String) {
        self.x.push_to(out);
        out.push(',');
        self.y.push_to(out);
    }

    /// Both coordinates as `i64`, when they fit.
    pub fn to_i64(&self) -> Option<(i64, i64)> {
        Some((self.x.to_i64()?, self.y.to_i64()?))
    }
}

impl fmt::Display for Coord {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut s = String::with_capacity(24);
        self.push_to(&mut s);
        f.write_str(&s)
    }
}

impl fmt::Debug for Coord {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "({},{})", self.x, self.y)
    }
}
