//! [`PieceKind`] and [`Piece`]: the piece types of ICN, their codes and JSON
//! names, and the codes of the text (`K`, `am`, `3q`, `ob`, `0k`).
//!
//! Codes: K Q R B N P AM HA CH AR GU CA GI ZE CE RQ RC NR HU RO, and OB VO
//! (neutral only). Uppercase is White, lowercase Black; a numeric prefix names
//! any player (`3q` is a red queen, `0k` a neutral king) and is written for
//! players other than White and Black; neutral obstacles and voids are
//! written `ob` and `vo`.

use std::fmt;

use crate::Player;

/// The kind of a piece, independent of its owner.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum PieceKind {
    /// K
    King,
    /// Q
    Queen,
    /// R
    Rook,
    /// B
    Bishop,
    /// N
    Knight,
    /// P
    Pawn,
    /// AM: queen + knight.
    Amazon,
    /// HA: leaps (2,0), (3,0), (2,2), (3,3).
    Hawk,
    /// CH: rook + knight.
    Chancellor,
    /// AR: bishop + knight.
    Archbishop,
    /// GU: king steps, not royal.
    Guard,
    /// CA: (1,3) leaper.
    Camel,
    /// GI: (1,4) leaper.
    Giraffe,
    /// ZE: (2,3) leaper.
    Zebra,
    /// CE: king + knight.
    Centaur,
    /// RQ: royal queen.
    RoyalQueen,
    /// RC: royal centaur.
    RoyalCentaur,
    /// NR: knightrider.
    Knightrider,
    /// HU: huygen, prime-distance rook.
    Huygen,
    /// RO: rose, circular knight rider.
    Rose,
    /// OB: neutral, never moves, capturable.
    Obstacle,
    /// VO: neutral, never moves, neither capturable nor enterable.
    Void,
}

impl PieceKind {
    /// Every kind, in code-table order.
    pub const ALL: [PieceKind; 22] = [
        PieceKind::King,
        PieceKind::Queen,
        PieceKind::Rook,
        PieceKind::Bishop,
        PieceKind::Knight,
        PieceKind::Pawn,
        PieceKind::Amazon,
        PieceKind::Hawk,
        PieceKind::Chancellor,
        PieceKind::Archbishop,
        PieceKind::Guard,
        PieceKind::Camel,
        PieceKind::Giraffe,
        PieceKind::Zebra,
        PieceKind::Centaur,
        PieceKind::RoyalQueen,
        PieceKind::RoyalCentaur,
        PieceKind::Knightrider,
        PieceKind::Huygen,
        PieceKind::Rose,
        PieceKind::Obstacle,
        PieceKind::Void,
    ];

    /// Uppercase code: `K`, `AM`, `OB`.
    pub fn code(self) -> &'static str {
        match self {
            PieceKind::King => "K",
            PieceKind::Queen => "Q",
            PieceKind::Rook => "R",
            PieceKind::Bishop => "B",
            PieceKind::Knight => "N",
            PieceKind::Pawn => "P",
            PieceKind::Amazon => "AM",
            PieceKind::Hawk => "HA",
            PieceKind::Chancellor => "CH",
            PieceKind::Archbishop => "AR",
            PieceKind::Guard => "GU",
            PieceKind::Camel => "CA",
            PieceKind::Giraffe => "GI",
            PieceKind::Zebra => "ZE",
            PieceKind::Centaur => "CE",
            PieceKind::RoyalQueen => "RQ",
            PieceKind::RoyalCentaur => "RC",
            PieceKind::Knightrider => "NR",
            PieceKind::Huygen => "HU",
            PieceKind::Rose => "RO",
            PieceKind::Obstacle => "OB",
            PieceKind::Void => "VO",
        }
    }

    /// Lowercase code: `k`, `am`, `ob`.
    pub fn lower_code(self) -> &'static str {
        match self {
            PieceKind::King => "k",
            PieceKind::Queen => "q",
            PieceKind::Rook => "r",
            PieceKind::Bishop => "b",
            PieceKind::Knight => "n",
            PieceKind::Pawn => "p",
            PieceKind::Amazon => "am",
            PieceKind::Hawk => "ha",
            PieceKind::Chancellor => "ch",
            PieceKind::Archbishop => "ar",
            PieceKind::Guard => "gu",
            PieceKind::Camel => "ca",
            PieceKind::Giraffe => "gi",
            PieceKind::Zebra => "ze",
            PieceKind::Centaur => "ce",
            PieceKind::RoyalQueen => "rq",
            PieceKind::RoyalCentaur => "rc",
            PieceKind::Knightrider => "nr",
            PieceKind::Huygen => "hu",
            PieceKind::Rose => "ro",
            PieceKind::Obstacle => "ob",
            PieceKind::Void => "vo",
        }
    }

    /// The kind with a code, in any case (`am`, `AM`, `Am`).
    pub fn from_code(code: &str) -> Option<PieceKind> {
        let b = code.as_bytes();
        let up = |i: usize| b[i].to_ascii_uppercase();
        Some(match b.len() {
            1 => match up(0) {
                b'K' => PieceKind::King,
                b'Q' => PieceKind::Queen,
                b'R' => PieceKind::Rook,
                b'B' => PieceKind::Bishop,
                b'N' => PieceKind::Knight,
                b'P' => PieceKind::Pawn,
                _ => return None,
            },
            2 => match (up(0), up(1)) {
                (b'A', b'M') => PieceKind::Amazon,
                (b'H', b'A') => PieceKind::Hawk,
                (b'C', b'H') => PieceKind::Chancellor,
                (b'A', b'R') => PieceKind::Archbishop,
                (b'G', b'U') => PieceKind::Guard,
                (b'C', b'A') => PieceKind::Camel,
                (b'G', b'I') => PieceKind::Giraffe,
                (b'Z', b'E') => PieceKind::Zebra,
                (b'C', b'E') => PieceKind::Centaur,
                (b'R', b'Q') => PieceKind::RoyalQueen,
                (b'R', b'C') => PieceKind::RoyalCentaur,
                (b'N', b'R') => PieceKind::Knightrider,
                (b'H', b'U') => PieceKind::Huygen,
                (b'R', b'O') => PieceKind::Rose,
                (b'O', b'B') => PieceKind::Obstacle,
                (b'V', b'O') => PieceKind::Void,
                _ => return None,
            },
            _ => return None,
        })
    }

    /// Plural JSON name without the player suffix: `"pawns"`, `"royalQueens"`.
    pub fn json_name(self) -> &'static str {
        match self {
            PieceKind::King => "kings",
            PieceKind::Queen => "queens",
            PieceKind::Rook => "rooks",
            PieceKind::Bishop => "bishops",
            PieceKind::Knight => "knights",
            PieceKind::Pawn => "pawns",
            PieceKind::Amazon => "amazons",
            PieceKind::Hawk => "hawks",
            PieceKind::Chancellor => "chancellors",
            PieceKind::Archbishop => "archbishops",
            PieceKind::Guard => "guards",
            PieceKind::Camel => "camels",
            PieceKind::Giraffe => "giraffes",
            PieceKind::Zebra => "zebras",
            PieceKind::Centaur => "centaurs",
            PieceKind::RoyalQueen => "royalQueens",
            PieceKind::RoyalCentaur => "royalCentaurs",
            PieceKind::Knightrider => "knightriders",
            PieceKind::Huygen => "huygens",
            PieceKind::Rose => "roses",
            PieceKind::Obstacle => "obstacles",
            PieceKind::Void => "voids",
        }
    }

    /// The kind with a plural JSON name.
    pub fn from_json_name(name: &str) -> Option<PieceKind> {
        PieceKind::ALL.into_iter().find(|k| k.json_name() == name)
    }

    /// Whether only the neutral player may own this kind (obstacle, void).
    pub fn is_neutral_only(self) -> bool {
        matches!(self, PieceKind::Obstacle | PieceKind::Void)
    }

    /// Whether a pawn may promote to this kind (not pawns, kings, royals, obstacles or voids).
    pub fn is_promotion_choice(self) -> bool {
        !matches!(
            self,
            PieceKind::Pawn
                | PieceKind::King
                | PieceKind::RoyalQueen
                | PieceKind::RoyalCentaur
                | PieceKind::Obstacle
                | PieceKind::Void
        )
    }
}

impl fmt::Display for PieceKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

/// A piece: a kind and its owner.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Piece {
    /// What it is.
    pub kind: PieceKind,
    /// Who owns it.
    pub player: Player,
}

/// Why a piece code was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PieceCodeError {
    /// The letters name no piece.
    #[error(
        "unknown piece code `{0}`, expected one of K Q R B N P AM HA CH AR GU CA GI ZE CE RQ RC NR HU RO OB VO"
    )]
    Unknown(String),
    /// The numeric prefix is too large to hold.
    #[error("player number `{0}` in piece code `{1}` is too large (at most 4294967295)")]
    Player(String, String),
    /// Mixed case such as `Am`.
    #[error("piece code `{0}` mixes upper and lower case")]
    MixedCase(String),
    /// `OB` or `VO` in upper case with no player number.
    #[error(
        "`{0}`: obstacles and voids without a player number are neutral, write `ob` or `vo` (or `1ob` for White's)"
    )]
    NotNeutral(String),
}

impl Piece {
    /// A piece.
    pub fn new(kind: PieceKind, player: Player) -> Self {
        Piece { kind, player }
    }

    /// Reads a piece code as written in a piece list or a move.
    ///
    /// # Errors
    /// Unknown letters, an unknown player number, mixed case, or an obstacle or
    /// void that is not neutral.
    ///
    /// ```
    /// use icn_model::{Piece, PieceKind, Player};
    /// assert_eq!(Piece::from_code("am").unwrap(), Piece::new(PieceKind::Amazon, Player::BLACK));
    /// assert_eq!(Piece::from_code("3q").unwrap(), Piece::new(PieceKind::Queen, Player::RED));
    /// assert_eq!(Piece::from_code("vo").unwrap(), Piece::new(PieceKind::Void, Player::NEUTRAL));
    /// assert!(Piece::from_code("X").is_err());
    /// ```
    pub fn from_code(code: &str) -> Result<Piece, PieceCodeError> {
        let digits = code.bytes().take_while(u8::is_ascii_digit).count();
        let (prefix, letters) = code.split_at(digits);
        let kind = PieceKind::from_code(letters)
            .ok_or_else(|| PieceCodeError::Unknown(code.to_string()))?;
        if !prefix.is_empty() {
            // A player number makes the case of the letters meaningless, as on the site.
            let player = prefix
                .parse::<u32>()
                .map_err(|_| PieceCodeError::Player(prefix.to_string(), code.to_string()))?;
            return Ok(Piece::new(kind, Player::from_number(player)));
        }
        let upper = letters.bytes().all(|b| b.is_ascii_uppercase());
        let lower = letters.bytes().all(|b| b.is_ascii_lowercase());
        if !upper && !lower {
            return Err(PieceCodeError::MixedCase(code.to_string()));
        }
        let player = match (kind.is_neutral_only(), upper) {
            (true, true) => return Err(PieceCodeError::NotNeutral(code.to_string())),
            (true, false) => Player::NEUTRAL,
            (false, true) => Player::WHITE,
            (false, false) => Player::BLACK,
        };
        Ok(Piece { kind, player })
    }

    /// The code this piece is written with: `K`, `k`, `3q`, `ob`, `0k`,
    /// `1ob` (an obstacle of White's: letters alone would say neutral).
    pub fn code(self) -> String {
        match self.player {
            Player::NEUTRAL if self.kind.is_neutral_only() => self.kind.lower_code().to_string(),
            Player::WHITE if !self.kind.is_neutral_only() => self.kind.code().to_string(),
            Player::BLACK if !self.kind.is_neutral_only() => self.kind.lower_code().to_string(),
            p => format!("{}{}", p.number(), self.kind.lower_code()),
        }
    }

    /// The JSON name: `"pawnsW"`, `"voidsN"`, `"queensR"`.
    pub fn json_name(self) -> String {
        format!("{}{}", self.kind.json_name(), self.player.json_suffix())
    }

    /// The piece with a JSON name.
    pub fn from_json_name(name: &str) -> Option<Piece> {
        if let Some(i) = name.rfind('P')
            && let Some(player) = Player::from_name(&format!("player{}", &name[i + 1..]))
        {
            return PieceKind::from_json_name(&name[..i]).map(|kind| Piece { kind, player });
        }
        // Longest suffix first: `Bu` before `B`.
        for suffix in ["Bu", "W", "B", "N", "R", "Y", "G"] {
            if let Some(stem) = name.strip_suffix(suffix)
                && let Some(kind) = PieceKind::from_json_name(stem)
            {
                let player = Player::ALL
                    .into_iter()
                    .find(|p| p.json_suffix() == suffix)?;
                return Some(Piece { kind, player });
            }
        }
        None
    }
}

impl fmt::Display for Piece {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.code())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_piece_code_and_json_name_round_trips() {
        for kind in PieceKind::ALL {
            for player in Player::ALL {
                let p = Piece::new(kind, player);
                assert_eq!(Piece::from_code(&p.code()).unwrap(), p, "{p:?}");
                assert_eq!(Piece::from_json_name(&p.json_name()), Some(p), "{p:?}");
            }
        }
    }

    #[test]
    fn codes_are_read_in_any_case() {
        for kind in PieceKind::ALL {
            assert_eq!(PieceKind::from_code(kind.code()), Some(kind));
            assert_eq!(PieceKind::from_code(kind.lower_code()), Some(kind));
        }
        assert_eq!(PieceKind::from_code("Am"), Some(PieceKind::Amazon));
        assert_eq!(PieceKind::from_code("AMA"), None);
        assert_eq!(PieceKind::from_code(""), None);
    }

    #[test]
    fn reads_what_the_site_reads() {
        // A player number: any number, letters in any case.
        assert_eq!(
            Piece::from_code("7k").unwrap(),
            Piece::new(PieceKind::King, Player::from_number(7))
        );
        assert_eq!(
            Piece::from_code("3Am").unwrap(),
            Piece::new(PieceKind::Amazon, Player::RED)
        );
        assert_eq!(
            Piece::from_code("1ob").unwrap(),
            Piece::new(PieceKind::Obstacle, Player::WHITE)
        );
        assert_eq!(Piece::from_code("3vo").unwrap().code(), "3vo");
        assert_eq!(Piece::from_code("1ob").unwrap().code(), "1ob");
        let far = Piece::new(PieceKind::Queen, Player::from_number(12));
        assert_eq!(Piece::from_json_name(&far.json_name()), Some(far));
        assert_eq!(far.json_name(), "queensP12");
    }

    #[test]
    fn refuses_bad_codes() {
        assert!(matches!(
            Piece::from_code("OB"),
            Err(PieceCodeError::NotNeutral(_))
        ));
        assert!(matches!(
            Piece::from_code("99999999999q"),
            Err(PieceCodeError::Player(..))
        ));
        assert!(matches!(
            Piece::from_code("Am"),
            Err(PieceCodeError::MixedCase(_))
        ));
        assert!(matches!(
            Piece::from_code("xyz"),
            Err(PieceCodeError::Unknown(_))
        ));
    }
}
