//! A stroke font of our own for the labels and letter discs: digits, `-`
//! and the capital letters, each a few polylines on a grid 4 wide and 6
//! high (y downward). Drawing text as paths keeps pictures free of fonts:
//! the same SVG rasterises to the same pixels on every machine. Other
//! characters are drawn as a small box, never dropped silently.

use std::fmt::Write as _;

/// Grid width of a glyph.
pub const GLYPH_W: i64 = 4;
/// Grid height of a glyph.
pub const GLYPH_H: i64 = 6;
/// Grid advance from one glyph to the next (width and a gap).
pub const ADVANCE: i64 = 6;

type Strokes = &'static [&'static [(i64, i64)]];

/// The polylines of `c`.
fn strokes(c: char) -> Strokes {
    match c {
        '0' => &[&[(0, 0), (4, 0), (4, 6), (0, 6), (0, 0)], &[(0, 6), (4, 0)]],
        '1' => &[&[(1, 1), (2, 0), (2, 6)], &[(1, 6), (3, 6)]],
        '2' => &[&[(0, 0), (4, 0), (4, 3), (0, 3), (0, 6), (4, 6)]],
        '3' => &[&[(0, 0), (4, 0), (4, 6), (0, 6)], &[(0, 3), (4, 3)]],
        '4' => &[&[(0, 0), (0, 3), (4, 3)], &[(4, 0), (4, 6)]],
        '5' | 'S' => &[&[(4, 0), (0, 0), (0, 3), (4, 3), (4, 6), (0, 6)]],
        '6' => &[&[(4, 0), (0, 0), (0, 6), (4, 6), (4, 3), (0, 3)]],
        '7' => &[&[(0, 0), (4, 0), (4, 6)]],
        '8' => &[&[(0, 0), (4, 0), (4, 6), (0, 6), (0, 0)], &[(0, 3), (4, 3)]],
        '9' => &[&[(4, 3), (0, 3), (0, 0), (4, 0), (4, 6), (0, 6)]],
        '-' => &[&[(0, 3), (4, 3)]],
        'A' => &[&[(0, 6), (0, 2), (2, 0), (4, 2), (4, 6)], &[(0, 3), (4, 3)]],
        'B' => &[
            &[(0, 0), (3, 0), (4, 1), (4, 2), (3, 3), (0, 3)],
            &[(3, 3), (4, 4), (4, 5), (3, 6), (0, 6), (0, 0)],
        ],
        'C' => &[&[(4, 0), (0, 0), (0, 6), (4, 6)]],
        'D' => &[&[(0, 0), (3, 0), (4, 1), (4, 5), (3, 6), (0, 6), (0, 0)]],
        'E' => &[&[(4, 0), (0, 0), (0, 6), (4, 6)], &[(0, 3), (3, 3)]],
        'F' => &[&[(4, 0), (0, 0), (0, 6)], &[(0, 3), (3, 3)]],
        'G' => &[&[(4, 0), (0, 0), (0, 6), (4, 6), (4, 3), (2, 3)]],
        'H' => &[&[(0, 0), (0, 6)], &[(4, 0), (4, 6)], &[(0, 3), (4, 3)]],
        'I' => &[&[(1, 0), (3, 0)], &[(2, 0), (2, 6)], &[(1, 6), (3, 6)]],
        'J' => &[&[(4, 0), (4, 6), (0, 6), (0, 4)]],
        'K' => &[&[(0, 0), (0, 6)], &[(4, 0), (0, 3), (4, 6)]],
        'L' => &[&[(0, 0), (0, 6), (4, 6)]],
        'M' => &[&[(0, 6), (0, 0), (2, 3), (4, 0), (4, 6)]],
        'N' => &[&[(0, 6), (0, 0), (4, 6), (4, 0)]],
        'O' => &[&[(0, 0), (4, 0), (4, 6), (0, 6), (0, 0)]],
        'P' => &[&[(0, 6), (0, 0), (4, 0), (4, 3), (0, 3)]],
        'Q' => &[&[(0, 0), (4, 0), (4, 6), (0, 6), (0, 0)], &[(2, 4), (4, 6)]],
        'R' => &[&[(0, 6), (0, 0), (4, 0), (4, 3), (0, 3), (4, 6)]],
        'T' => &[&[(0, 0), (4, 0)], &[(2, 0), (2, 6)]],
        'U' => &[&[(0, 0), (0, 6), (4, 6), (4, 0)]],
        'V' => &[&[(0, 0), (2, 6), (4, 0)]],
        'W' => &[&[(0, 0), (1, 6), (2, 3), (3, 6), (4, 0)]],
        'X' => &[&[(0, 0), (4, 6)], &[(4, 0), (0, 6)]],
        'Y' => &[&[(0, 0), (2, 3), (4, 0)], &[(2, 3), (2, 6)]],
        'Z' => &[&[(0, 0), (4, 0), (0, 6), (4, 6)]],
        _ => &[&[(1, 2), (3, 2), (3, 4), (1, 4), (1, 2)]],
    }
}

/// How `text` is laid out: along x, or rotated a quarter turn to read
/// upward (the first character at the bottom).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Direction {
    /// Left to right.
    Across,
    /// Bottom to top.
    Up,
}

/// Path data (`M … L …`) drawing `text` with grid cells of `unit`, its
/// top-left corner at `(x, y)` (for [`Direction::Up`], the bottom-left
/// corner of the rotated text box is at `(x, y + length)`).
pub fn path(text: &str, x: i64, y: i64, unit: i64, dir: Direction) -> String {
    let mut d = String::new();
    let len = text_length(text, unit);
    for (i, c) in text.chars().enumerate() {
        let along = i64::try_from(i).unwrap_or(i64::MAX / 2) * ADVANCE * unit;
        for line in strokes(c) {
            for (k, &(gx, gy)) in line.iter().enumerate() {
                let (px, py) = match dir {
                    Direction::Across => (x + along + gx * unit, y + gy * unit),
                    // Rotate a quarter turn counter-clockwise: the glyph's
                    // x runs up the page, its y runs right.
                    Direction::Up => (x + gy * unit, y + len - along - gx * unit),
                };
                let _ = write!(d, "{}{px} {py}", if k == 0 { "M" } else { "L" });
            }
        }
    }
    d
}

/// The length of `text` along its direction, with cells of `unit`.
pub fn text_length(text: &str, unit: i64) -> i64 {
    let n = i64::try_from(text.chars().count()).unwrap_or(i64::MAX / 16);
    if n == 0 {
        0
    } else {
        (n * ADVANCE - (ADVANCE - GLYPH_W)) * unit
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_character_the_pictures_use_has_its_own_glyph() {
        let unknown = strokes('?');
        for c in ('0'..='9').chain('A'..='Z').chain(['-']) {
            assert_ne!(strokes(c), unknown, "{c} falls back to the box");
        }
        assert_ne!(strokes('3'), strokes('S'));
        assert_eq!(strokes('5'), strokes('S'));
    }

    #[test]
    fn text_is_laid_out_within_its_box() {
        assert_eq!(text_length("-12", 2), (3 * 6 - 2) * 2);
        assert_eq!(
            path("1", 10, 20, 2, Direction::Across),
            "M12 22L14 20L14 32M12 32L16 32"
        );
        // Rotated: x stays within one glyph height, y within the length.
        let up = path("-7", 0, 0, 1, Direction::Up);
        assert_eq!(up, "M3 10L3 6M0 4L0 0L6 0");
    }
}
