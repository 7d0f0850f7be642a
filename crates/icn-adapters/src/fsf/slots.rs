//! Fairy-Stockfish's piece slots: the option names that define a piece
//! (`rook = r`, `customPiece3 = t:mQcR`, `king = k:KN`), in the order
//! Fairy-Stockfish reads them, with the Betza moves of the predefined ones.
//!
//! The order matters: a letter given to a second slot takes it away from
//! the first, and slots are read in this order, not in the file's.

/// The number of `customPieceN` slots (`customPiece1` … `customPiece25`).
pub const CUSTOM_SLOTS: usize = 25;

/// The predefined piece types with their Betza moves, in reading order.
/// `janggiElephant` moves as `nZ` (a leap of (2,3) whose two inner squares
/// must be empty).
pub const PREDEFINED: [(&str, &str); 36] = [
    ("pawn", "fmWfceF"),
    ("knight", "N"),
    ("bishop", "B"),
    ("rook", "R"),
    ("queen", "Q"),
    ("fers", "F"),
    ("alfil", "A"),
    ("fersAlfil", "FA"),
    ("silver", "FfW"),
    ("aiwok", "RNF"),
    ("bers", "RF"),
    ("archbishop", "BN"),
    ("chancellor", "RN"),
    ("amazon", "QN"),
    ("knibis", "mNcB"),
    ("biskni", "mBcN"),
    ("kniroo", "mNcR"),
    ("rookni", "mRcN"),
    ("shogiPawn", "fW"),
    ("lance", "fR"),
    ("shogiKnight", "fN"),
    ("gold", "WfF"),
    ("dragonHorse", "BW"),
    ("clobber", "cW"),
    ("breakthrough", "fmWfF"),
    ("immobile", ""),
    ("cannon", "mRcpR"),
    ("janggiCannon", "pR"),
    ("soldier", "fsW"),
    ("horse", "nN"),
    ("elephant", "nA"),
    ("janggiElephant", "nZ"),
    ("banner", "RcpRnN"),
    ("wazir", "W"),
    ("commoner", "K"),
    ("centaur", "KN"),
];

/// A piece slot: an index into the reading order (predefined types, then
/// the custom slots, then `king`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Slot(pub u8);

impl Slot {
    /// The `king` slot (read last).
    pub const KING: Slot = Slot((PREDEFINED.len() + CUSTOM_SLOTS) as u8);
    /// The `pawn` slot.
    pub const PAWN: Slot = Slot(0);
    /// The `shogiPawn` slot.
    pub const SHOGI_PAWN: Slot = Slot(18);

    /// Every slot in reading order.
    pub fn all() -> impl Iterator<Item = Slot> {
        (0..=Slot::KING.0).map(Slot)
    }

    /// The slot an option name defines, if it defines one.
    pub fn named(name: &str) -> Option<Slot> {
        Slot::all().find(|s| s.name() == name)
    }

    /// The option name (`rook`, `customPiece2`, `king`).
    pub fn name(self) -> String {
        let i = usize::from(self.0);
        if i < PREDEFINED.len() {
            PREDEFINED[i].0.to_string()
        } else if self == Slot::KING {
            "king".to_string()
        } else {
            format!("customPiece{}", i - PREDEFINED.len() + 1)
        }
    }

    /// Whether the slot takes its Betza moves from the definition
    /// (`customPieceN`, and `king` when it gives some).
    pub fn is_custom(self) -> bool {
        usize::from(self.0) >= PREDEFINED.len() && self != Slot::KING
    }

    /// The predefined Betza moves (`K` for the king), `None` for custom slots.
    pub fn predefined_betza(self) -> Option<&'static str> {
        match self {
            Slot::KING => Some("K"),
            s => PREDEFINED.get(usize::from(s.0)).map(|p| p.1),
        }
    }

    /// The slot of a custom piece, `customPiece{n}` with `n` from 1.
    pub fn custom(n: usize) -> Option<Slot> {
        (1..=CUSTOM_SLOTS)
            .contains(&n)
            .then(|| Slot((PREDEFINED.len() + n - 1) as u8))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slots_are_named_in_reading_order() {
        assert_eq!(Slot::named("pawn"), Some(Slot::PAWN));
        assert_eq!(Slot::named("king"), Some(Slot::KING));
        assert_eq!(Slot::named("customPiece1"), Slot::custom(1));
        assert_eq!(Slot::named("customPiece25"), Slot::custom(25));
        assert_eq!(Slot::named("customPiece26"), None);
        assert!(Slot::custom(1) < Some(Slot::KING));
        assert!(Slot::named("centaur") < Slot::custom(1));
        assert!(Slot::custom(3).is_some_and(Slot::is_custom));
        assert!(!Slot::KING.is_custom());
    }
}
