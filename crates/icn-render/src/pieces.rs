//! The piece drawings, our own: simple silhouettes for the six orthodox
//! kinds, a stone for an obstacle, and a disc with the kind's code (`AM`,
//! `HU`, …) for every other piece. Each drawing is SVG in a 100×100 box
//! (y downward), filled in its owner's colour with a dark outline; details
//! and letters are in a colour that stands out against the fill.

use std::fmt::Write as _;

use icn_model::{Piece, PieceKind, Player};

use crate::glyphs::{self, Direction, GLYPH_H};

/// A player's fill and the colour that stands out against it.
pub fn colours(player: Player) -> (&'static str, &'static str) {
    const DARK_INK: &str = "#1a1a1a";
    const LIGHT_INK: &str = "#f4f4f4";
    match player {
        Player::WHITE => ("#f8f8f8", DARK_INK),
        Player::BLACK => ("#262626", LIGHT_INK),
        Player::RED => ("#d23c3c", LIGHT_INK),
        Player::BLUE => ("#3a62d0", LIGHT_INK),
        Player::YELLOW => ("#e8c020", DARK_INK),
        Player::GREEN => ("#2e9a48", LIGHT_INK),
        _ => ("#8c8c8c", DARK_INK),
    }
}

/// Silhouette path of an orthodox kind, and a detail path drawn in ink.
fn silhouette(kind: PieceKind) -> Option<(&'static str, &'static str)> {
    Some(match kind {
        PieceKind::Pawn => (
            "M28 84H72V78Q72 70 62 66L58 48H42L38 66Q28 70 28 78Z\
             M50 22A13 13 0 1 1 49.9 22Z",
            "M34 78H66",
        ),
        PieceKind::Rook => (
            "M26 84H74V76H68L64 42H70V22H62V30H55V22H45V30H38V22H30V42H36L32 76H26Z",
            "M34 42H66M32 76H68",
        ),
        PieceKind::Knight => (
            "M30 84H74Q74 50 62 32Q54 22 44 20L42 12L36 21Q26 30 22 46L25 53Q31 55 38 49\
             L45 46Q41 62 30 74Z",
            "M38 32L42 32",
        ),
        PieceKind::Bishop => (
            "M28 84H72V78H60Q70 62 64 46Q58 32 50 24Q42 32 36 46Q30 62 40 78H28Z\
             M50 10A6 6 0 1 1 49.9 10Z",
            "M48 40L56 52M38 78H62",
        ),
        PieceKind::Queen => (
            "M26 84H74V76L80 36L64 56L66 28L56 52L50 20L44 52L34 28L36 56L20 36L26 76Z",
            "M28 76H72",
        ),
        PieceKind::King => (
            "M28 84H72V76Q82 56 70 46Q62 40 50 50Q38 40 30 46Q18 56 28 76Z\
             M46 14H54V22H62V30H54V44H46V30H38V22H46Z",
            "M30 76H70M50 52V72",
        ),
        _ => return None,
    })
}

/// SVG elements drawing `piece` in the 100×100 box.
pub fn drawing(piece: Piece) -> String {
    let (fill, ink) = colours(piece.player);
    let mut s = String::new();
    if piece.kind == PieceKind::Obstacle {
        let _ = write!(
            s,
            r##"<rect x="14" y="14" width="72" height="72" rx="10" fill="#7a7a7a" stroke="#000" stroke-width="3"/><path d="M14 50H86M50 14V50M32 50V86M68 50V86" stroke="#4a4a4a" stroke-width="4" fill="none"/>"##
        );
        return s;
    }
    if let Some((body, detail)) = silhouette(piece.kind) {
        let _ = write!(
            s,
            r##"<path d="{body}" fill="{fill}" stroke="#000" stroke-width="3" stroke-linejoin="round"/><path d="{detail}" stroke="{ink}" stroke-width="3" fill="none" stroke-linecap="round"/>"##
        );
        return s;
    }
    let code = piece.kind.code();
    let n = i64::try_from(code.chars().count()).unwrap_or(1);
    // Cells of 6 for one letter, 5 for two, 4 for more: the word fits the disc.
    let unit = match n {
        1 => 6,
        2 => 5,
        _ => 4,
    };
    let (w, h) = (glyphs::text_length(code, unit), GLYPH_H * unit);
    let letters = glyphs::path(code, 50 - w / 2, 50 - h / 2, unit, Direction::Across);
    let _ = write!(
        s,
        r##"<circle cx="50" cy="50" r="40" fill="{fill}" stroke="#000" stroke-width="3"/><path d="{letters}" stroke="{ink}" stroke-width="7" fill="none" stroke-linecap="round" stroke-linejoin="round"/>"##
    );
    s
}
