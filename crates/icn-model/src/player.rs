//! [`Player`]: the sides of an ICN game, numbered as the site numbers them.
//!
//! The site names seven players (0 neutral, 1 white, 2 black, 3 red, 4 blue,
//! 5 yellow, 6 green) but its reader takes any number as a piece prefix
//! (`7k`, `12q`), so a player is a number: the seven have names, the rest
//! are held as written and left to validation (`unknown-player`).

use std::fmt;

/// A side: the site's player number. The named ones are constants.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Player(u32);

impl Player {
    /// 0: owns obstacles, voids and other neutral pieces.
    pub const NEUTRAL: Player = Player(0);
    /// 1.
    pub const WHITE: Player = Player(1);
    /// 2.
    pub const BLACK: Player = Player(2);
    /// 3.
    pub const RED: Player = Player(3);
    /// 4.
    pub const BLUE: Player = Player(4);
    /// 5.
    pub const YELLOW: Player = Player(5);
    /// 6.
    pub const GREEN: Player = Player(6);

    /// Every named player, in number order.
    pub const ALL: [Player; 7] = [
        Player::NEUTRAL,
        Player::WHITE,
        Player::BLACK,
        Player::RED,
        Player::BLUE,
        Player::YELLOW,
        Player::GREEN,
    ];

    /// The site's player number.
    pub fn number(self) -> u32 {
        self.0
    }

    /// The named player's number as an index into per-player tables of
    /// [`Player::ALL`]'s length; `None` for players beyond the named seven.
    pub fn index(self) -> Option<usize> {
        self.is_named().then_some(self.0 as usize)
    }

    /// Whether the player is one of the seven the site names.
    pub fn is_named(self) -> bool {
        self.0 < Player::ALL.len() as u32
    }

    /// The player with a site number (any number: see the module docs).
    pub fn from_number(n: u32) -> Player {
        Player(n)
    }

    /// The named player with a site number, `None` beyond the seven.
    pub fn named(n: u32) -> Option<Player> {
        (n < Player::ALL.len() as u32).then_some(Player(n))
    }

    /// Lowercase English name, as JSON writes it: `"white"`; `"player7"`
    /// beyond the named seven.
    pub fn name(self) -> std::borrow::Cow<'static, str> {
        match self.0 {
            0 => "neutral".into(),
            1 => "white".into(),
            2 => "black".into(),
            3 => "red".into(),
            4 => "blue".into(),
            5 => "yellow".into(),
            6 => "green".into(),
            n => format!("player{n}").into(),
        }
    }

    /// The player with a name as [`Player::name`] writes it.
    pub fn from_name(name: &str) -> Option<Player> {
        if let Some(p) = Player::ALL.into_iter().find(|p| p.name() == name) {
            return Some(p);
        }
        let digits = name.strip_prefix("player")?;
        if digits.is_empty()
            || digits.starts_with('0')
            || !digits.bytes().all(|b| b.is_ascii_digit())
        {
            return None;
        }
        digits.parse().ok().filter(|&n| n >= 7).map(Player)
    }

    /// The letter of a turn order: `n w b r bu y g`; `None` beyond the seven
    /// (a turn order names only those).
    pub fn letter(self) -> Option<&'static str> {
        Some(self.to_letter()?.as_str())
    }

    /// The syntax layer's letter for this player, `None` beyond the seven.
    pub fn to_letter(self) -> Option<icn_syntax::PlayerLetter> {
        icn_syntax::PlayerLetter::ALL.get(self.index()?).copied()
    }

    /// The player for a syntax-layer letter.
    pub fn from_letter(l: icn_syntax::PlayerLetter) -> Player {
        Player(u32::from(l.number()))
    }

    /// Suffix of JSON piece names: `W`, `B`, `N`, `R`, `Bu`, `Y`, `G`;
    /// `P7` beyond the named seven.
    pub fn json_suffix(self) -> std::borrow::Cow<'static, str> {
        match self.0 {
            0 => "N".into(),
            1 => "W".into(),
            2 => "B".into(),
            3 => "R".into(),
            4 => "Bu".into(),
            5 => "Y".into(),
            6 => "G".into(),
            n => format!("P{n}").into(),
        }
    }

    /// Forward direction of this player's pawns along y: +1 for White, -1
    /// for Black, `None` for players whose pawns have no fixed direction here.
    pub fn pawn_direction(self) -> Option<i64> {
        match self {
            Player::WHITE => Some(1),
            Player::BLACK => Some(-1),
            _ => None,
        }
    }
}

impl fmt::Display for Player {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.name())
    }
}

impl fmt::Debug for Player {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            0..=6 => f.write_str(match self.0 {
                0 => "NEUTRAL",
                1 => "WHITE",
                2 => "BLACK",
                3 => "RED",
                4 => "BLUE",
                5 => "YELLOW",
                _ => "GREEN",
            }),
            n => write!(f, "Player({n})"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip_for_named_and_numbered_players() {
        for n in [0, 1, 2, 6, 7, 12, 99_999] {
            let p = Player::from_number(n);
            assert_eq!(Player::from_name(&p.name()), Some(p), "{n}");
        }
        assert_eq!(
            Player::from_name("player3"),
            None,
            "named players go by name"
        );
        assert_eq!(Player::from_name("player07"), None);
        assert_eq!(Player::named(7), None);
        assert_eq!(Player::RED.letter(), Some("r"));
        assert_eq!(Player::from_number(7).letter(), None);
    }
}
