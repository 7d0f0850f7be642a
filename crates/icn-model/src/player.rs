//! [`Player`]: the sides of an ICN game, numbered as the site numbers them.

use std::fmt;

/// A side. Neutral owns obstacles and voids; the site numbers players 0–6.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Player {
    /// 0: owns obstacles, voids and other neutral pieces.
    Neutral = 0,
    /// 1.
    White = 1,
    /// 2.
    Black = 2,
    /// 3.
    Red = 3,
    /// 4.
    Blue = 4,
    /// 5.
    Yellow = 5,
    /// 6.
    Green = 6,
}

impl Player {
    /// Every player in number order.
    pub const ALL: [Player; 7] = [
        Player::Neutral,
        Player::White,
        Player::Black,
        Player::Red,
        Player::Blue,
        Player::Yellow,
        Player::Green,
    ];

    /// The site's player number.
    pub fn number(self) -> u8 {
        self as u8
    }

    /// The player with a site number.
    pub fn from_number(n: u8) -> Option<Player> {
        Player::ALL.get(usize::from(n)).copied()
    }

    /// Lowercase English name, as JSON writes it: `"white"`.
    pub fn name(self) -> &'static str {
        match self {
            Player::Neutral => "neutral",
            Player::White => "white",
            Player::Black => "black",
            Player::Red => "red",
            Player::Blue => "blue",
            Player::Yellow => "yellow",
            Player::Green => "green",
        }
    }

    /// The player with a lowercase English name.
    pub fn from_name(name: &str) -> Option<Player> {
        Player::ALL.into_iter().find(|p| p.name() == name)
    }

    /// The letter of a turn order: `n w b r bu y g`.
    pub fn letter(self) -> &'static str {
        self.to_letter().as_str()
    }

    /// The syntax layer's letter for this player.
    pub fn to_letter(self) -> icn_syntax::PlayerLetter {
        icn_syntax::PlayerLetter::ALL[usize::from(self.number())]
    }

    /// The player for a syntax-layer letter.
    pub fn from_letter(l: icn_syntax::PlayerLetter) -> Player {
        Player::ALL[usize::from(l.number())]
    }

    /// Suffix of JSON piece names: `W`, `B`, `N`, `R`, `Bu`, `Y`, `G`.
    pub fn json_suffix(self) -> &'static str {
        match self {
            Player::Neutral => "N",
            Player::White => "W",
            Player::Black => "B",
            Player::Red => "R",
            Player::Blue => "Bu",
            Player::Yellow => "Y",
            Player::Green => "G",
        }
    }

    /// Forward direction of this player's pawns along y: +1 for White, -1
    /// for Black, `None` for players whose pawns have no fixed direction here.
    pub fn pawn_direction(self) -> Option<i64> {
        match self {
            Player::White => Some(1),
            Player::Black => Some(-1),
            _ => None,
        }
    }
}

impl fmt::Display for Player {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}
