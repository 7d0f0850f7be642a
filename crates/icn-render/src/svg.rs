//! Drawing a [`Scene`] in a [`Window`] as SVG text: squares (light and
//! dark, off the board outside the world border, black for voids), the last
//! move and a checked royal piece as coloured squares, the world border as
//! a blue line, coordinates along the left and bottom edges, and the
//! pieces. The output depends only on the scene and the window (no fonts,
//! no clock, no hash order): the same input gives the same bytes.

use std::fmt::Write as _;

use icn_model::{Coord, Int, PieceKind};

use crate::glyphs::{self, Direction, GLYPH_H};
use crate::{Scene, Window, pieces};

/// Side of a square, in SVG user units (pixels at scale 1).
pub const SQUARE: i64 = 40;
/// Space around the picture and between the labels and the board.
const PAD: i64 = 8;
/// Grid unit of the label glyphs.
const LABEL_UNIT: i64 = 2;
/// Labels longer than this run upward under the board, one per column.
const ACROSS_MAX_CHARS: usize = 3;

/// The colours a picture uses, by what they mean.
pub mod colour {
    /// A light square.
    pub const LIGHT: &str = "#f0d9b5";
    /// A dark square (x + y even, as a1 is).
    pub const DARK: &str = "#b58863";
    /// A square outside the world border.
    pub const OFF_BOARD: &str = "#6e6e6e";
    /// A void.
    pub const VOID: &str = "#101010";
    /// The last move's squares, light and dark.
    pub const LAST_LIGHT: &str = "#cdd26a";
    /// The last move's squares on dark squares.
    pub const LAST_DARK: &str = "#aaa23a";
    /// The square of a royal piece in check.
    pub const CHECK: &str = "#e0392b";
    /// The world border line.
    pub const BORDER: &str = "#1f4fbf";
    /// The picture's background and the labels.
    pub const BACKGROUND: &str = "#ffffff";
    /// The coordinate labels.
    pub const LABEL: &str = "#333333";
}

/// Where things are in a picture, in SVG user units.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Layout {
    window: Window,
    /// Width of the whole picture.
    pub width: i64,
    /// Height of the whole picture.
    pub height: i64,
    /// Left edge of the board.
    pub board_x: i64,
    /// Top edge of the board.
    pub board_y: i64,
    label_across: bool,
}

impl Layout {
    fn new(window: &Window) -> Layout {
        let y_chars = label(window.bottom()).len().max(label(window.top()).len());
        let x_chars = label(window.left()).len().max(label(window.right()).len());
        let y_label_w = glyphs::text_length(&"0".repeat(y_chars), LABEL_UNIT);
        let label_across = x_chars <= ACROSS_MAX_CHARS;
        let x_label_h = if label_across {
            GLYPH_H * LABEL_UNIT
        } else {
            glyphs::text_length(&"0".repeat(x_chars), LABEL_UNIT)
        };
        let board_x = PAD + y_label_w + PAD;
        let board_y = PAD;
        Layout {
            width: board_x + window.width() * SQUARE + PAD,
            height: board_y + window.height() * SQUARE + PAD + x_label_h + PAD,
            board_x,
            board_y,
            label_across,
            window: window.clone(),
        }
    }

    /// The top-left corner of the square at column `i` (from the left) and
    /// row `j` (from the bottom) of the window.
    pub fn cell(&self, i: i64, j: i64) -> (i64, i64) {
        (
            self.board_x + i * SQUARE,
            self.board_y + (self.window.height() - 1 - j) * SQUARE,
        )
    }

    /// The top-left corner of the square `c`, when the window shows it.
    pub fn square(&self, c: &Coord) -> Option<(i64, i64)> {
        let (i, j) = self.window.place(c)?;
        Some(self.cell(i, j))
    }

    /// The window drawn.
    pub fn window(&self) -> &Window {
        &self.window
    }
}

/// A drawn picture: SVG text and where its squares are.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Picture {
    /// The SVG document.
    pub svg: String,
    /// Where its parts are.
    pub layout: Layout,
}

/// How a coordinate is written under or beside the board.
fn label(v: &Int) -> String {
    v.to_string()
}

/// Whether `v` is even (the last digit decides, at any size).
fn is_even(v: &Int) -> bool {
    v.to_string()
        .bytes()
        .last()
        .is_some_and(|d| (d - b'0').is_multiple_of(2))
}

/// The squares of the window on the board: columns `x0..x1`, rows `y0..y1`.
fn on_board(scene: &Scene, w: &Window) -> (i64, i64, i64, i64) {
    let Some(b) = &scene.border else {
        return (0, w.width(), 0, w.height());
    };
    let lo = |edge: &Int, v: Option<&Int>, len: i64| {
        v.map_or(0, |v| Window::clamped(edge, v, len).clamp(0, len))
    };
    let hi = |edge: &Int, v: Option<&Int>, len: i64| {
        v.map_or(len, |v| {
            Window::clamped(edge, &v.add_small(1), len).clamp(0, len)
        })
    };
    (
        lo(w.left(), b.left.as_ref(), w.width()),
        hi(w.left(), b.right.as_ref(), w.width()),
        lo(w.bottom(), b.bottom.as_ref(), w.height()),
        hi(w.bottom(), b.top.as_ref(), w.height()),
    )
}

/// Draws `scene` in `window`.
///
/// ```
/// use icn_model::{Dialect, Game};
/// use icn_render::{Scene, draw};
/// let g = Game::parse("w K5,1|k5,8", Dialect::Auto).unwrap();
/// let scene = Scene::of_position(&g);
/// let picture = draw(&scene, &scene.window().unwrap());
/// assert!(picture.svg.starts_with("<svg"));
/// assert_eq!(picture.layout.square(&icn_model::Coord::new(4, 0)), Some((picture.layout.board_x, picture.layout.board_y + 9 * 40)));
/// ```
pub fn draw(scene: &Scene, window: &Window) -> Picture {
    let layout = Layout::new(window);
    let mut s = String::new();
    let _ = write!(
        s,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 {w} {h}">"#,
        w = layout.width,
        h = layout.height
    );
    let _ = write!(
        s,
        r#"<rect width="{}" height="{}" fill="{}"/>"#,
        layout.width,
        layout.height,
        colour::BACKGROUND
    );
    squares(&mut s, scene, &layout);
    border(&mut s, scene, &layout);
    labels(&mut s, &layout);
    for p in &scene.pieces {
        if p.piece.kind == PieceKind::Void {
            continue;
        }
        if let Some((x, y)) = layout.square(&p.at) {
            let _ = write!(
                s,
                r#"<g transform="translate({x} {y}) scale({})">{}</g>"#,
                scale_text(SQUARE, 100),
                pieces::drawing(p.piece)
            );
        }
    }
    s.push_str("</svg>\n");
    Picture { svg: s, layout }
}

/// `num / den` written with at most four decimals.
fn scale_text(num: i64, den: i64) -> String {
    let t = format!("{:.4}", num as f64 / den as f64);
    t.trim_end_matches('0').trim_end_matches('.').to_string()
}

/// The squares: light or dark, off the board, voids, last move, check.
fn squares(s: &mut String, scene: &Scene, l: &Layout) {
    let w = l.window();
    let (x0, x1, y0, y1) = on_board(scene, w);
    // The board in the light colour, then everything else square by square.
    let _ = write!(
        s,
        r#"<rect x="{}" y="{}" width="{}" height="{}" fill="{}"/>"#,
        l.board_x,
        l.board_y,
        w.width() * SQUARE,
        w.height() * SQUARE,
        colour::LIGHT
    );
    let mut special: std::collections::BTreeMap<(i64, i64), &str> = Default::default();
    let dark_at = |i: i64, j: i64| (is_even(w.left()) == is_even(w.bottom())) == ((i + j) % 2 == 0);
    let mut mark = |c: &Coord, light: &'static str, dark: &'static str| {
        if let Some((i, j)) = w.place(c)
            && (x0..x1).contains(&i)
            && (y0..y1).contains(&j)
        {
            special.insert((i, j), if dark_at(i, j) { dark } else { light });
        }
    };
    for p in &scene.pieces {
        if p.piece.kind == PieceKind::Void {
            mark(&p.at, colour::VOID, colour::VOID);
        }
    }
    if let Some((from, to)) = &scene.last_move {
        mark(from, colour::LAST_LIGHT, colour::LAST_DARK);
        mark(to, colour::LAST_LIGHT, colour::LAST_DARK);
    }
    for c in &scene.checked {
        mark(c, colour::CHECK, colour::CHECK);
    }
    for j in 0..w.height() {
        for i in 0..w.width() {
            let off = !(x0..x1).contains(&i) || !(y0..y1).contains(&j);
            let fill = match special.get(&(i, j)) {
                _ if off => colour::OFF_BOARD,
                Some(f) => f,
                None if dark_at(i, j) => colour::DARK,
                None => continue,
            };
            let (x, y) = l.cell(i, j);
            let _ = write!(
                s,
                r#"<rect x="{x}" y="{y}" width="{SQUARE}" height="{SQUARE}" fill="{fill}"/>"#
            );
        }
    }
}

/// The world border: a line along each of its edges the window shows.
fn border(s: &mut String, scene: &Scene, l: &Layout) {
    let Some(b) = &scene.border else {
        return;
    };
    let w = l.window();
    let (x0, x1, y0, y1) = on_board(scene, w);
    if x0 >= x1 || y0 >= y1 {
        return; // the window lies wholly outside the border
    }
    let (left, top) = l.cell(x0, y1 - 1);
    let (right, bottom) = {
        let (x, y) = l.cell(x1 - 1, y0);
        (x + SQUARE, y + SQUARE)
    };
    let mut line = |x1: i64, y1: i64, x2: i64, y2: i64| {
        let _ = write!(
            s,
            r#"<path d="M{x1} {y1}L{x2} {y2}" stroke="{}" stroke-width="4" stroke-linecap="square"/>"#,
            colour::BORDER
        );
    };
    if b.left.as_ref().is_some_and(|v| v >= w.left()) {
        line(left, top, left, bottom);
    }
    if b.right.as_ref().is_some_and(|v| v <= w.right()) {
        line(right, top, right, bottom);
    }
    if b.top.as_ref().is_some_and(|v| v <= w.top()) {
        line(left, top, right, top);
    }
    if b.bottom.as_ref().is_some_and(|v| v >= w.bottom()) {
        line(left, bottom, right, bottom);
    }
}

/// Row numbers on the left, column numbers under the board.
fn labels(s: &mut String, l: &Layout) {
    let w = l.window();
    let mut d = String::new();
    let glyph_h = GLYPH_H * LABEL_UNIT;
    for j in 0..w.height() {
        let text = label(&w.bottom().add_small(j));
        let (_, y) = l.cell(0, j);
        let x = l.board_x - PAD - glyphs::text_length(&text, LABEL_UNIT);
        d.push_str(&glyphs::path(
            &text,
            x,
            y + (SQUARE - glyph_h) / 2,
            LABEL_UNIT,
            Direction::Across,
        ));
    }
    let under = l.board_y + w.height() * SQUARE + PAD;
    for i in 0..w.width() {
        let text = label(&w.left().add_small(i));
        let (x, _) = l.cell(i, 0);
        // Across: centred under the column; upward: one glyph wide.
        let (wide, dir) = if l.label_across {
            (glyphs::text_length(&text, LABEL_UNIT), Direction::Across)
        } else {
            (glyph_h, Direction::Up)
        };
        d.push_str(&glyphs::path(
            &text,
            x + (SQUARE - wide) / 2,
            under,
            LABEL_UNIT,
            dir,
        ));
    }
    let _ = write!(
        s,
        r#"<path d="{d}" stroke="{}" stroke-width="1.6" fill="none" stroke-linecap="round" stroke-linejoin="round"/>"#,
        colour::LABEL
    );
}
