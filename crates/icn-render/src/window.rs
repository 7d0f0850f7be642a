//! [`Window`]: the rectangle of the board a picture shows, `left..=right`
//! by `bottom..=top`, in exact integers (any size: a window may sit at
//! 10^30). Accepted: `L,R,B,T` with `L <= R`, `B <= T` and at most
//! [`MAX_SIDE`] squares a side; refused, with the reason, an empty or
//! reversed window and one wider or taller than that, so a picture never
//! grows without bound. [`Window::around`] is the default: the pieces'
//! bounding box and a margin.

use icn_model::{Coord, Int, PlacedPiece};

use crate::RenderError;

/// The most squares a window may have along each side.
pub const MAX_SIDE: u64 = 256;

/// Squares of margin [`Window::around`] adds on every side of the pieces.
pub const MARGIN: i64 = 1;

/// A rectangle of squares, edges included.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Window {
    left: Int,
    right: Int,
    bottom: Int,
    top: Int,
    width: i64,
    height: i64,
}

impl Window {
    /// The window `left..=right` by `bottom..=top`.
    ///
    /// # Errors
    /// [`RenderError::Window`] when an edge is reversed or a side is longer
    /// than [`MAX_SIDE`] squares.
    ///
    /// ```
    /// use icn_model::Int;
    /// use icn_render::Window;
    /// let w = Window::new(Int::from(-2), Int::from(5), Int::from(1), Int::from(8)).unwrap();
    /// assert_eq!((w.width(), w.height()), (8, 8));
    /// let far = Int::parse("1000000000000000000000000000000").unwrap();
    /// let e = Window::new(Int::from(0), far, Int::from(1), Int::from(8)).unwrap_err();
    /// assert!(e.to_string().contains("at most 256"));
    /// ```
    pub fn new(left: Int, right: Int, bottom: Int, top: Int) -> Result<Window, RenderError> {
        let width = side("left", &left, "right", &right)?;
        let height = side("bottom", &bottom, "top", &top)?;
        Ok(Window {
            left,
            right,
            bottom,
            top,
            width,
            height,
        })
    }

    /// Reads `L,R,B,T` (four integers, commas between, spaces allowed).
    ///
    /// # Errors
    /// [`RenderError::Window`] for anything else, and as [`Window::new`].
    ///
    /// ```
    /// use icn_render::Window;
    /// let w = Window::parse("-3,4,1,8").unwrap();
    /// assert_eq!(w.left().to_string(), "-3");
    /// assert!(Window::parse("1,8,1").unwrap_err().to_string().contains("four integers"));
    /// ```
    pub fn parse(text: &str) -> Result<Window, RenderError> {
        let parts: Vec<&str> = text.split(',').map(str::trim).collect();
        let [l, r, b, t] = parts.as_slice() else {
            return Err(RenderError::Window(format!(
                "expected four integers `L,R,B,T` (left, right, bottom, top), found `{text}`"
            )));
        };
        let int = |name: &str, s: &str| {
            Int::parse(s).map_err(|_| {
                RenderError::Window(format!("expected an integer for {name}, found `{s}`"))
            })
        };
        Window::new(
            int("left", l)?,
            int("right", r)?,
            int("bottom", b)?,
            int("top", t)?,
        )
    }

    /// The bounding box of `pieces` with [`MARGIN`] squares around it; 1..8 by
    /// 1..8 for an empty position.
    ///
    /// # Errors
    /// [`RenderError::Window`] when the pieces lie too far apart for one
    /// picture (the message says how far, and to pass a window).
    pub fn around(pieces: &[PlacedPiece]) -> Result<Window, RenderError> {
        let mut squares = pieces.iter().map(|p| &p.at);
        let Some(first) = squares.next() else {
            return Window::new(Int::from(1), Int::from(8), Int::from(1), Int::from(8));
        };
        let (mut lo_x, mut hi_x, mut lo_y, mut hi_y) = (&first.x, &first.x, &first.y, &first.y);
        for c in squares {
            lo_x = lo_x.min(&c.x);
            hi_x = hi_x.max(&c.x);
            lo_y = lo_y.min(&c.y);
            hi_y = hi_y.max(&c.y);
        }
        Window::new(
            lo_x.add_small(-MARGIN),
            hi_x.add_small(MARGIN),
            lo_y.add_small(-MARGIN),
            hi_y.add_small(MARGIN),
        )
        .map_err(|e| match e {
            RenderError::Window(why) => RenderError::Window(format!(
                "the pieces lie too far apart for one picture ({why}); \
                 choose a part of the board with `--window L,R,B,T`"
            )),
            other => other,
        })
    }

    /// Smallest x shown.
    pub fn left(&self) -> &Int {
        &self.left
    }

    /// Largest x shown.
    pub fn right(&self) -> &Int {
        &self.right
    }

    /// Smallest y shown.
    pub fn bottom(&self) -> &Int {
        &self.bottom
    }

    /// Largest y shown.
    pub fn top(&self) -> &Int {
        &self.top
    }

    /// Squares along x.
    pub fn width(&self) -> i64 {
        self.width
    }

    /// Squares along y.
    pub fn height(&self) -> i64 {
        self.height
    }

    /// Where `c` lies in the window, counted from its left and bottom
    /// edges, or `None` when it lies outside.
    pub fn place(&self, c: &Coord) -> Option<(i64, i64)> {
        Some((
            offset(&self.left, &c.x, self.width)?,
            offset(&self.bottom, &c.y, self.height)?,
        ))
    }

    /// How far `v` lies from `edge` along a side of `len` squares, clamped to
    /// `-1..=len` (outside on either side, or inside).
    pub(crate) fn clamped(edge: &Int, v: &Int, len: i64) -> i64 {
        match v.sub(edge).to_i64() {
            Some(d) => d.clamp(-1, len),
            None if v < edge => -1,
            None => len,
        }
    }
}

/// `v - edge` when it lies in `0..len`.
fn offset(edge: &Int, v: &Int, len: i64) -> Option<i64> {
    v.sub(edge).to_i64().filter(|d| (0..len).contains(d))
}

/// The number of squares from `lo` to `hi`, edges included.
fn side(lo_name: &str, lo: &Int, hi_name: &str, hi: &Int) -> Result<i64, RenderError> {
    if hi < lo {
        return Err(RenderError::Window(format!(
            "the {hi_name} edge {hi} lies before the {lo_name} edge {lo}"
        )));
    }
    let len = hi.sub(lo).add_small(1);
    match len.to_i64() {
        Some(n) if n.unsigned_abs() <= MAX_SIDE => Ok(n),
        _ => Err(RenderError::Window(format!(
            "{lo_name} {lo} to {hi_name} {hi} is {len} squares; a picture shows at most {MAX_SIDE} a side"
        ))),
    }
}
