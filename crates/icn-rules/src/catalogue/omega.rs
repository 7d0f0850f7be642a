//! The start positions of the two generated showcases, Omega³ and Omega⁴.
//!
//! The site does not store these positions as text: a program lays them out
//! each time. The facts below (which piece stands where, and how the
//! patterns repeat) were read from the site's own generators in the public
//! repository `Infinite-Chess/infinitechess.org`
//! (`src/client/scripts/esm/chess/variants/omega3generator.ts` and
//! `omega4generator.ts`); the construction here is written afresh. It is
//! checked against the reference's piece census (every player and kind, and
//! the total) and the byte size of the site's piece list.
//!
//! # How the positions are built
//!
//! Both are drawn on a sketch that behaves like an ordered map from square to
//! piece: placing a piece on an occupied square replaces it where it stands,
//! clearing a square removes it, and the finished list keeps the order in which
//! squares were first filled. Small motifs are written as pictures, one text
//! row per board row, top row first: `P`/`p` white and black pawn, `B`/`b`
//! bishop, `r` black rook, `K`/`k` king, `x` void, `.` an untouched square.
//! Spaces only align the columns. A *locked pair* is a white pawn with a black
//! pawn straight above it, so that neither can move.
//!
//! The repeating patterns are laid out up to a *reach* of 500 squares from the
//! origin; pieces of a pattern that would fall beyond it are left out.
//!
//! Nothing is refused: the generators take no input. The piece order is the
//! order of construction, not anything the site promises.
//!
//! ## Omega³ (92 149 pieces)
//!
//! * The white king stands on (3,15) with a black rook on (4,13).
//! * Columns 7 to 10 are white pawns from row −500 to row 499 (row 500 is
//!   the frame's), except a white bishop on (9,10), an empty (9,11) and the
//!   black king on (10,12).
//! * From column 11 on, every third column starts a *rook tower*, each one
//!   three rows higher than the one before (the first stands on row 8):
//!   white bishops on alternate squares across its first two columns, a
//!   black rook on top of the second, and white pawn columns in the first and
//!   third running up to the frame ([`O3_TOWER`]).
//! * Below the first tower, columns 11 and 12 are white pawns from row −500 to
//!   rows 5 and 7, with a handful of pieces around their tops ([`O3_KNOT`]).
//! * From column 15 to 499 a *bishop tunnel* climbs diagonally: in column `x`,
//!   locked pairs on rows `x − 9` and `x − 5`.
//! * A void frame surrounds the square −500..500 in both directions, with one
//!   more void on (499,492). Where columns 7 to 12 meet the bottom of the
//!   frame it is white pawns instead, plugged by voids on row −501 from
//!   column 6 to 13. A black bishop sits walled in by voids in the
//!   bottom-right corner ([`O3_CORNER`]).
//!
//! ## Omega⁴ (186 285 pieces)
//!
//! * The two kings face each other in a chamber west of the board's middle
//!   ([`O4_CHAMBER`]).
//! * Rook towers again, now 17 rows tall ([`O4_TOWER`]), starting at column 6
//!   and row 3 and stepping three columns right and three rows up up to
//!   column 501; two hand-made towers stand in columns 0 to 5
//!   ([`O4_FIRST_TOWERS`]), with white pawn columns 0 and 2 from row 13 and
//!   3 and 5 from row 16 up to the reach.
//! * A locked pair on (0,−7) stands at the head of two diagonals: *bishop
//!   cannons* going down to the right every 7 squares from (1,−7), and
//!   *wings* going down to the left every 8 squares from (−1,−7).
//! * Cannon number `i` (from 0) is a staple of three locked pairs on a
//!   descending diagonal, a body of pawns and a black bishop ([`O4_CANNON`]),
//!   a chain of `i + 2` bishop puzzle pieces climbing to the upper right
//!   ([`O4_PUZZLE`], the last one closed off by [`O4_PUZZLE_END`]) and a
//!   strip of `i` white pawns on the diagonal through `(x + 4, y)`. The last
//!   cannon, on the diagonal `y − x = −988` just past the reach of the
//!   pattern, is the staple and the strip only.
//! * Wing number `i` is a staircase of five locked pairs going down to the
//!   left, then `i + 1` segments ([`O4_SEGMENT`], the last closed off by
//!   [`O4_SEGMENT_END`]) going up to the left every 6 squares; the first
//!   segment loses its two lowest pairs.
//! * A void wall closes the position: row 500 from column −866 to 567, column
//!   567 down to row −426 and column −866 down to row −134, and from there two
//!   voids thick down two diagonals that meet under the origin at rows −996
//!   and −997; one more void stands on (492,493).

use std::collections::HashMap;
use std::sync::OnceLock;

use icn_model::{Coord, Piece, PieceKind, PlacedPiece, Player};

/// The two showcases built by a generator.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Showcase {
    /// `Omega_Cubed`, "Showcase: Omega^3".
    Cubed,
    /// `Omega_Fourth`, "Showcase: Omega^4".
    Fourth,
}

impl Showcase {
    /// The showcase with this catalogue code.
    pub(crate) fn of_code(code: &str) -> Option<Showcase> {
        match code {
            "Omega_Cubed" => Some(Showcase::Cubed),
            "Omega_Fourth" => Some(Showcase::Fourth),
            _ => None,
        }
    }

    /// The start position's pieces, built once and kept.
    pub(crate) fn pieces(self) -> &'static [PlacedPiece] {
        static CUBED: OnceLock<Vec<PlacedPiece>> = OnceLock::new();
        static FOURTH: OnceLock<Vec<PlacedPiece>> = OnceLock::new();
        match self {
            Showcase::Cubed => CUBED.get_or_init(omega_cubed),
            Showcase::Fourth => FOURTH.get_or_init(omega_fourth),
        }
    }
}

/// How far from the origin the patterns are laid out.
const REACH: i64 = 500;

const fn piece(kind: PieceKind, player: Player) -> Piece {
    Piece { kind, player }
}

const WHITE_PAWN: Piece = piece(PieceKind::Pawn, Player::WHITE);
const BLACK_PAWN: Piece = piece(PieceKind::Pawn, Player::BLACK);
const WHITE_BISHOP: Piece = piece(PieceKind::Bishop, Player::WHITE);
const BLACK_BISHOP: Piece = piece(PieceKind::Bishop, Player::BLACK);
const VOID: Piece = piece(PieceKind::Void, Player::NEUTRAL);

/// The piece a picture cell stands for; `None` for an untouched square.
fn cell(c: u8) -> Option<Piece> {
    Some(match c {
        b'P' => WHITE_PAWN,
        b'p' => BLACK_PAWN,
        b'B' => WHITE_BISHOP,
        b'b' => BLACK_BISHOP,
        b'r' => piece(PieceKind::Rook, Player::BLACK),
        b'K' => piece(PieceKind::King, Player::WHITE),
        b'k' => piece(PieceKind::King, Player::BLACK),
        b'x' => VOID,
        b'.' => return None,
        other => unreachable!("no piece is drawn as `{}`", other as char),
    })
}

/// A board being drawn: an ordered map from square to piece.
struct Sketch {
    /// Pieces in the order their squares were first filled; `None` where a
    /// square was cleared afterwards.
    slots: Vec<Option<(i64, i64, Piece)>>,
    /// Where each occupied square's slot is.
    index: HashMap<(i64, i64), usize>,
}

impl Sketch {
    fn with_capacity(n: usize) -> Self {
        Sketch {
            slots: Vec::with_capacity(n),
            index: HashMap::with_capacity(n),
        }
    }

    /// Puts `piece` on `(x, y)`, replacing what stands there.
    fn put(&mut self, x: i64, y: i64, piece: Piece) {
        match self.index.get(&(x, y)) {
            Some(&slot) => self.slots[slot] = Some((x, y, piece)),
            None => {
                self.index.insert((x, y), self.slots.len());
                self.slots.push(Some((x, y, piece)));
            }
        }
    }

    /// Empties `(x, y)`.
    fn clear(&mut self, x: i64, y: i64) {
        if let Some(slot) = self.index.remove(&(x, y)) {
            self.slots[slot] = None;
        }
    }

    /// `piece` on every square of column `x` from row `from` to row `to`
    /// (nothing when `from > to`).
    fn column(&mut self, x: i64, from: i64, to: i64, piece: Piece) {
        for y in from..=to {
            self.put(x, y, piece);
        }
    }

    /// `piece` on every square of row `y` from column `from` to column `to`.
    fn row(&mut self, y: i64, from: i64, to: i64, piece: Piece) {
        for x in from..=to {
            self.put(x, y, piece);
        }
    }

    /// A white pawn on `(x, y)` and a black pawn on `(x, y + 1)`.
    fn locked_pair(&mut self, x: i64, y: i64) {
        self.put(x, y, WHITE_PAWN);
        self.put(x, y + 1, BLACK_PAWN);
    }

    /// Draws `picture` with its top-left cell on `(left, top)`, leaving out
    /// rows above `ceiling`.
    fn draw(&mut self, picture: &[&str], left: i64, top: i64, ceiling: i64) {
        for (y, line) in (0..).map(|down| top - down).zip(picture) {
            if y > ceiling {
                continue;
            }
            let cells = line.bytes().filter(|b| *b != b' ');
            for (x, c) in (left..).zip(cells) {
                if let Some(p) = cell(c) {
                    self.put(x, y, p);
                }
            }
        }
    }

    /// The pieces, in the order their squares were first filled.
    fn finish(self) -> Vec<PlacedPiece> {
        self.slots
            .into_iter()
            .flatten()
            .map(|(x, y, piece)| PlacedPiece {
                promoted: false,
                piece,
                at: Coord::new(x, y),
                special_right: false,
            })
            .collect()
    }
}

/// An Omega³ rook tower, bottom-left cell on the tower's base square. The
/// white pawns of the top row's outer columns go on up to the reach.
const O3_TOWER: [&str; 9] = [
    "P r P", // 8
    ". B p", // 7
    "B . P", // 6
    ". B P", // 5
    "B . P", // 4
    ". B P", // 3
    "B . P", // 2
    "P B .", // 1
    "B . .", // 0
];

/// The tops of Omega³'s pawn columns 11 and 12, columns 11 to 14, rows 10
/// down to 4.
const O3_KNOT: [&str; 7] = [
    ". . . p", // 10
    ". . p P", // 9
    ". p P .", // 8
    ". . . .", // 7
    "B . b p", // 6
    ". . . p", // 5
    ". . . P", // 4
];

/// The bishop box in Omega³'s bottom-right corner, columns 497 to 499, rows
/// −497 down to −499.
const O3_CORNER: [&str; 3] = [
    "x x x", // -497
    "x x .", // -498
    "x b x", // -499
];

fn omega_cubed() -> Vec<PlacedPiece> {
    let mut s = Sketch::with_capacity(93_000);
    s.put(3, 15, piece(PieceKind::King, Player::WHITE));
    s.put(4, 13, piece(PieceKind::Rook, Player::BLACK));

    // The four walls of white pawns, with the black king in the last.
    for x in 7..=10 {
        s.column(x, -REACH, REACH, WHITE_PAWN);
    }
    s.put(9, 10, WHITE_BISHOP);
    s.clear(9, 11);
    s.put(10, 12, piece(PieceKind::King, Player::BLACK));

    // Rook towers: every third column from 11, each three rows higher.
    for (x, y) in (11..REACH).step_by(3).zip((8..).step_by(3)) {
        s.draw(&O3_TOWER, x, y + 8, REACH);
        s.column(x, y + 9, REACH, WHITE_PAWN);
        s.column(x + 2, y + 9, REACH, WHITE_PAWN);
    }

    s.column(11, -REACH, 5, WHITE_PAWN);
    s.column(12, -REACH, 7, WHITE_PAWN);
    s.draw(&O3_KNOT, 11, 10, REACH);

    // The bishop tunnel: two locked pairs a column, climbing with the columns.
    for x in 15..REACH {
        s.locked_pair(x, x - 9);
        s.locked_pair(x, x - 5);
    }

    // The frame, its plug at the foot of the pawn walls, and the corner box.
    for edge in [-REACH, REACH] {
        s.row(edge, -REACH, REACH, VOID);
        s.column(edge, -REACH, REACH, VOID);
    }
    s.put(499, 492, VOID);
    s.row(-REACH, 7, 12, WHITE_PAWN);
    s.row(-REACH - 1, 6, 13, VOID);
    s.draw(&O3_CORNER, 497, -497, REACH);
    s.finish()
}

/// The kings' chamber of Omega⁴, columns −14 to −9, rows 27 down to 14.
const O4_CHAMBER: [&str; 14] = [
    ". p . p . p", // 27
    ". P . P . P", // 26
    ". p B K B p", // 25
    ". P . P . P", // 24
    ". p . . . p", // 23
    ". P . . . P", // 22
    ". p . . . p", // 21
    ". P . . . P", // 20
    ". . . . . p", // 19
    "p . . . . P", // 18
    "P p . p . p", // 17
    ". P b k b P", // 16
    ". p . p . p", // 15
    ". P . P . P", // 14
];

/// The hand-made first rook towers of Omega⁴, columns 0 to 5, rows 16 down
/// to 1.
const O4_FIRST_TOWERS: [&str; 16] = [
    ". . . . r .", // 16
    ". . . . B p", // 15
    ". . . B . P", // 14
    ". r . . B P", // 13
    "p B p B . P", // 12
    "P . P . B P", // 11
    ". . P B . P", // 10
    ". . P P B p", // 9
    ". . P B p P", // 8
    ". . P p P .", // 7
    "p . p P . .", // 6
    "P . P . . p", // 5
    "p B p b p P", // 4
    "P . P . P .", // 3
    ". . p B p .", // 2
    ". . P . P .", // 1
];

/// An Omega⁴ rook tower, bottom-left cell on the tower's base square. The
/// white pawns of the top row's outer columns go on up to the reach.
const O4_TOWER: [&str; 17] = [
    "P r P", // 16
    ". B p", // 15
    "B . P", // 14
    ". B P", // 13
    "B . P", // 12
    ". B P", // 11
    "B . P", // 10
    "P B p", // 9
    "B p P", // 8
    "p P .", // 7
    "P . .", // 6
    ". . p", // 5
    ". p P", // 4
    "p P p", // 3
    "P p P", // 2
    "p P .", // 1
    "P . .", // 0
];

/// The body of a bishop cannon: columns `x` to `x + 9`, rows `y + 1` down to
/// `y − 7`, where `(x, y)` is the top of the cannon's staple (drawn here too).
const O4_CANNON: [&str; 9] = [
    ". . . . . . . p . .", // y + 1
    "p . . . . . . P . .", // y
    "P p . . . . . p . .", // y - 1
    ". P p . . . p P b .", // y - 2
    ". . P p . p P . . p", // y - 3
    ". . . P p P . . p P", // y - 4
    ". . . . P . . p P .", // y - 5
    ". . . . . . p P . .", // y - 6
    ". . . . . . P . . .", // y - 7
];

/// A bishop puzzle piece, top-left cell on the piece's top square.
const O4_PUZZLE: [&str; 6] = [
    "p . .", //
    "P . .", //
    "b p .", //
    ". b .", //
    ". . p", //
    ". . P", //
];

/// What the last puzzle piece of a chain has on top of [`O4_PUZZLE`],
/// starting one row below the piece's top square.
const O4_PUZZLE_END: [&str; 3] = [
    ". p .", //
    ". P p", //
    ". . P", //
];

/// A wing segment: columns `x − 5` to `x`, rows `y + 13` down to `y − 2`,
/// where `(x, y)` is the segment's anchor.
const O4_SEGMENT: [&str; 16] = [
    ". p . . . .", // y + 13
    "p P p . . .", // y + 12
    "P . P p . .", // y + 11
    "p B . P . .", // y + 10
    "P . . p . .", // y + 9
    "p . . P . .", // y + 8
    "P p . P . .", // y + 7
    ". P . P . .", // y + 6
    ". . . p . .", // y + 5
    "p . . P p .", // y + 4
    "P p . . P p", // y + 3
    ". P p . . P", // y + 2
    ". . P p . .", // y + 1
    ". . . P p .", // y
    ". . . . P p", // y - 1
    ". . . . . P", // y - 2
];

/// What the last segment of a wing has on top of [`O4_SEGMENT`]: a locked
/// pair on `(x − 5, y + 5)`.
const O4_SEGMENT_END: [&str; 2] = [
    "p", // y + 6
    "P", // y + 5
];

/// One bishop cannon, number `i`, staple top on `(x, y)`; `last` keeps only
/// the staple and the pawn strip.
fn cannon(s: &mut Sketch, x: i64, y: i64, i: i64, last: bool) {
    for step in 0..3 {
        s.locked_pair(x + step, y - 1 - step);
    }
    if !last {
        s.draw(&O4_CANNON, x, y + 1, REACH);
        let links = i + 2;
        for link in 0..links {
            let (px, py) = (x + 8 + link, y + 2 + link);
            s.draw(&O4_PUZZLE, px, py, REACH);
            if link == links - 1 {
                s.draw(&O4_PUZZLE_END, px, py - 1, REACH);
            }
        }
    }
    for step in 0..i {
        s.put(x + 4 + step, y + step, WHITE_PAWN);
    }
}

/// One wing, number `i`, staircase top on `(x, y)`.
fn wing(s: &mut Sketch, x: i64, y: i64, i: i64) {
    for step in 0..5 {
        s.locked_pair(x - step, y - step - 1);
    }
    let segments = i + 1;
    for seg in 0..segments {
        let (sx, sy) = (x - 5 - 6 * seg, y - 8 + 6 * seg);
        s.draw(&O4_SEGMENT, sx - 5, sy + 13, REACH);
        if seg == segments - 1 {
            s.draw(&O4_SEGMENT_END, sx - 5, sy + 6, REACH);
        }
    }
    // The first segment's two lowest locked pairs are taken away again.
    for (cx, cy) in [
        (x - 6, y - 8),
        (x - 6, y - 9),
        (x - 5, y - 9),
        (x - 5, y - 10),
    ] {
        s.clear(cx, cy);
    }
}

fn omega_fourth() -> Vec<PlacedPiece> {
    let mut s = Sketch::with_capacity(190_000);
    s.draw(&O4_CHAMBER, -14, 27, REACH);
    s.draw(&O4_FIRST_TOWERS, 0, 16, REACH);
    s.column(0, 13, REACH, WHITE_PAWN);
    s.column(2, 13, REACH, WHITE_PAWN);
    s.column(3, 16, REACH, WHITE_PAWN);
    s.column(5, 16, REACH, WHITE_PAWN);

    // Rook towers: every third column from 6, each three rows higher, as
    // long as the tower's first column is within the reach plus three.
    for (x, y) in (6..REACH + 3).step_by(3).zip((3..).step_by(3)) {
        s.draw(&O4_TOWER, x, y + 16, REACH);
        s.column(x, y + 17, REACH, WHITE_PAWN);
        s.column(x + 2, y + 17, REACH, WHITE_PAWN);
    }

    // The battery: a locked pair, then cannons down to the right and wings
    // down to the left, for as long as the next one starts within the reach.
    s.locked_pair(0, -7);
    let cannons = 1
        + (1..)
            .take_while(|&i| 1 + 7 * i < REACH && -7 - 7 * i > -REACH)
            .count() as i64;
    for i in 0..cannons {
        cannon(&mut s, 1 + 7 * i, -7 - 7 * i, i, i == cannons - 1);
    }
    let wings = 1
        + (1..)
            .take_while(|&i| -1 - 8 * i > -REACH && -7 - 8 * i > -REACH)
            .count() as i64;
    for i in 0..wings {
        wing(&mut s, -1 - 8 * i, -7 - 8 * i, i);
    }

    // The void wall.
    let (left, right, top) = (-866, 567, REACH);
    s.row(top, left, right, VOID);
    s.column(right, -426, top, VOID);
    s.column(left, -134, top, VOID);
    for (step, x) in (-3..=right).rev().enumerate() {
        let y = -426 - step as i64;
        s.put(x, y, VOID);
        s.put(x, y - 1, VOID);
    }
    for (step, x) in (left..=-4).enumerate() {
        let y = -134 - step as i64;
        s.put(x, y, VOID);
        s.put(x, y - 1, VOID);
    }
    s.put(492, 493, VOID);
    s.finish()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pictures_are_rectangular() {
        let pictures: [&[&str]; 11] = [
            &O3_TOWER,
            &O3_KNOT,
            &O3_CORNER,
            &O4_CHAMBER,
            &O4_FIRST_TOWERS,
            &O4_TOWER,
            &O4_CANNON,
            &O4_PUZZLE,
            &O4_PUZZLE_END,
            &O4_SEGMENT,
            &O4_SEGMENT_END,
        ];
        for picture in pictures {
            let width = |l: &&str| l.bytes().filter(|b| *b != b' ').count();
            let w = width(&picture[0]);
            assert!(picture.iter().all(|l| width(l) == w), "{picture:?}");
        }
    }

    #[test]
    fn a_sketch_is_an_ordered_map() {
        let mut s = Sketch::with_capacity(4);
        s.put(0, 0, WHITE_PAWN);
        s.put(1, 0, WHITE_PAWN);
        s.put(0, 0, BLACK_BISHOP);
        s.clear(1, 0);
        s.put(1, 0, VOID);
        let placed: Vec<(Coord, Piece)> = s.finish().into_iter().map(|p| (p.at, p.piece)).collect();
        assert_eq!(
            placed,
            [(Coord::new(0, 0), BLACK_BISHOP), (Coord::new(1, 0), VOID)]
        );
    }

    #[test]
    fn the_kings_stand_where_the_site_puts_them() {
        let king_at = |pieces: &[PlacedPiece], player| {
            pieces
                .iter()
                .find(|p| p.piece == piece(PieceKind::King, player))
                .map(|p| p.at.clone())
        };
        let cubed = Showcase::Cubed.pieces();
        assert_eq!(king_at(cubed, Player::WHITE), Some(Coord::new(3, 15)));
        assert_eq!(king_at(cubed, Player::BLACK), Some(Coord::new(10, 12)));
        let fourth = Showcase::Fourth.pieces();
        assert_eq!(king_at(fourth, Player::WHITE), Some(Coord::new(-11, 25)));
        assert_eq!(king_at(fourth, Player::BLACK), Some(Coord::new(-11, 16)));
    }
}
