//! [`PieceKind`] and [`Piece`]: the piece types of ICN, their codes and JSON
//! names, and the codes of the text (`K`, `am`, `3q`, `ob`, `0k`).
//!
//! Codes: K Q R B N P AM HA CH AR GU CA GI ZE CE RQ RC NR HU RO, and OB VO
//! (neutral only). Uppercase is White, lowercase Black; a numeric prefix names
//! any player (`3q` is a red queen, `0k` a neutral king) and is written for
//! players other than White and Black; neutral obstacles and voids are
//! written `ob` and `vo`.

use std::borrow::Cow;
use std::fmt;

use crate::Player;

/// The built-in kinds: code, JSON stem, the name the enum variant had.
const BUILTIN: [(&str, &str, &str, &str); 22] = [
    ("K", "k", "kings", "King"),
    ("Q", "q", "queens", "Queen"),
    ("R", "r", "rooks", "Rook"),
    ("B", "b", "bishops", "Bishop"),
    ("N", "n", "knights", "Knight"),
    ("P", "p", "pawns", "Pawn"),
    ("AM", "am", "amazons", "Amazon"),
    ("HA", "ha", "hawks", "Hawk"),
    ("CH", "ch", "chancellors", "Chancellor"),
    ("AR", "ar", "archbishops", "Archbishop"),
    ("GU", "gu", "guards", "Guard"),
    ("CA", "ca", "camels", "Camel"),
    ("GI", "gi", "giraffes", "Giraffe"),
    ("ZE", "ze", "zebras", "Zebra"),
    ("CE", "ce", "centaurs", "Centaur"),
    ("RQ", "rq", "royalQueens", "RoyalQueen"),
    ("RC", "rc", "royalCentaurs", "RoyalCentaur"),
    ("NR", "nr", "knightriders", "Knightrider"),
    ("HU", "hu", "huygens", "Huygen"),
    ("RO", "ro", "roses", "Rose"),
    ("OB", "ob", "obstacles", "Obstacle"),
    ("VO", "vo", "voids", "Void"),
];

/// The `rank` of a kind that is not built-in: after every built-in one.
const CUSTOM_RANK: u8 = u8::MAX;

/// The kind of a piece, independent of its owner: identified by its code.
///
/// The 22 kinds of ICN are built in ([`PieceKind::ALL`], with their movements
/// in `icn_rules`); a variant may define kinds of its own, written with codes
/// of up to [`PieceKind::MAX_LETTERS`] letters that are not built-in
/// ([`PieceKind::custom`]). A kind is a small `Copy` value (eight bytes).
/// Kinds order built-in first, in code-table order, then the others by
/// their code.
///
/// ```
/// use icn_model::PieceKind;
/// let wazir = PieceKind::custom("WZ").unwrap();
/// assert!(!wazir.is_builtin() && PieceKind::Rook.is_builtin());
/// assert_eq!(wazir.code(), "WZ");
/// assert_eq!(PieceKind::custom("am").unwrap(), PieceKind::Amazon);
/// assert!(PieceKind::Void < wazir);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct PieceKind {
    /// Place in [`PieceKind::ALL`], or [`CUSTOM_RANK`].
    rank: u8,
    /// The uppercase code, padded with zero bytes.
    letters: [u8; 7],
}

const fn builtin(rank: u8) -> PieceKind {
    let code = BUILTIN[rank as usize].0.as_bytes();
    let mut letters = [0u8; 7];
    let mut i = 0;
    while i < code.len() {
        letters[i] = code[i];
        i += 1;
    }
    PieceKind { rank, letters }
}

// The built-in kinds keep the names they had as enum variants, so that
// `PieceKind::King` reads (and matches) as it always has.
#[allow(non_upper_case_globals)]
impl PieceKind {
    /// K
    pub const King: PieceKind = builtin(0);
    /// Q
    pub const Queen: PieceKind = builtin(1);
    /// R
    pub const Rook: PieceKind = builtin(2);
    /// B
    pub const Bishop: PieceKind = builtin(3);
    /// N
    pub const Knight: PieceKind = builtin(4);
    /// P
    pub const Pawn: PieceKind = builtin(5);
    /// AM: queen + knight.
    pub const Amazon: PieceKind = builtin(6);
    /// HA: leaps (2,0), (3,0), (2,2), (3,3).
    pub const Hawk: PieceKind = builtin(7);
    /// CH: rook + knight.
    pub const Chancellor: PieceKind = builtin(8);
    /// AR: bishop + knight.
    pub const Archbishop: PieceKind = builtin(9);
    /// GU: king steps, not royal.
    pub const Guard: PieceKind = builtin(10);
    /// CA: (1,3) leaper.
    pub const Camel: PieceKind = builtin(11);
    /// GI: (1,4) leaper.
    pub const Giraffe: PieceKind = builtin(12);
    /// ZE: (2,3) leaper.
    pub const Zebra: PieceKind = builtin(13);
    /// CE: king + knight.
    pub const Centaur: PieceKind = builtin(14);
    /// RQ: royal queen.
    pub const RoyalQueen: PieceKind = builtin(15);
    /// RC: royal centaur.
    pub const RoyalCentaur: PieceKind = builtin(16);
    /// NR: knightrider.
    pub const Knightrider: PieceKind = builtin(17);
    /// HU: huygen, prime-distance rook.
    pub const Huygen: PieceKind = builtin(18);
    /// RO: rose, circular knight rider.
    pub const Rose: PieceKind = builtin(19);
    /// OB: neutral, never moves, capturable.
    pub const Obstacle: PieceKind = builtin(20);
    /// VO: neutral, never moves, neither capturable nor enterable.
    pub const Void: PieceKind = builtin(21);
}

impl PieceKind {
    /// The most letters a piece code has.
    pub const MAX_LETTERS: usize = 7;

    /// Every built-in kind, in code-table order.
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

    /// The kind written with `code`, in any case: the built-in kind when it
    /// is one (`am` is [`PieceKind::Amazon`]), else a kind of the variant's
    /// own (`WZ`), which the variant's rules must define.
    ///
    /// # Errors
    /// [`PieceCodeError::Unknown`] for an empty code or one with characters
    /// other than ASCII letters, [`PieceCodeError::TooLong`] for more than
    /// [`PieceKind::MAX_LETTERS`] letters.
    ///
    /// ```
    /// use icn_model::PieceKind;
    /// assert_eq!(PieceKind::custom("wz").unwrap().code(), "WZ");
    /// assert!(PieceKind::custom("W1").is_err());
    /// assert!(PieceKind::custom("ABCDEFGH").is_err());
    /// ```
    pub fn custom(code: &str) -> Result<PieceKind, PieceCodeError> {
        if let Some(k) = PieceKind::from_code(code) {
            return Ok(k);
        }
        let b = code.as_bytes();
        if b.is_empty() || !b.iter().all(u8::is_ascii_alphabetic) {
            return Err(PieceCodeError::Unknown(code.to_string()));
        }
        if b.len() > PieceKind::MAX_LETTERS {
            return Err(PieceCodeError::TooLong(code.to_string()));
        }
        let mut letters = [0u8; 7];
        for (l, c) in letters.iter_mut().zip(b) {
            *l = c.to_ascii_uppercase();
        }
        Ok(PieceKind {
            rank: CUSTOM_RANK,
            letters,
        })
    }

    /// Whether this is one of the 22 kinds of ICN.
    pub fn is_builtin(self) -> bool {
        self.rank != CUSTOM_RANK
    }

    /// The place of a built-in kind in [`PieceKind::ALL`].
    pub fn builtin_index(self) -> Option<usize> {
        self.is_builtin().then_some(usize::from(self.rank))
    }

    /// A number that tells kinds apart (for hashing): the place in
    /// [`PieceKind::ALL`] of a built-in kind, the letters of another packed
    /// into the low seven bytes above a high byte of `0xFF`.
    pub fn key(self) -> u64 {
        match self.builtin_index() {
            Some(i) => i as u64,
            None => {
                let [a, b, c, d, e, f, g] = self.letters;
                u64::from_be_bytes([CUSTOM_RANK, a, b, c, d, e, f, g])
            }
        }
    }

    /// Uppercase code: `K`, `AM`, `OB`, `WZ`.
    pub fn code(&self) -> &str {
        match self.builtin_index() {
            Some(i) => BUILTIN[i].0,
            None => {
                let n = self.letters.iter().take_while(|&&b| b != 0).count();
                // Only ASCII letters are ever stored.
                std::str::from_utf8(&self.letters[..n]).unwrap_or_default()
            }
        }
    }

    /// Lowercase code: `k`, `am`, `ob`, `wz`.
    pub fn lower_code(self) -> Cow<'static, str> {
        match self.builtin_index() {
            Some(i) => Cow::Borrowed(BUILTIN[i].1),
            None => Cow::Owned(self.code().to_ascii_lowercase()),
        }
    }

    /// The built-in kind with a code, in any case (`am`, `AM`, `Am`); `None`
    /// for codes that are not built-in (see [`PieceKind::custom`]).
    pub fn from_code(code: &str) -> Option<PieceKind> {
        let b = code.as_bytes();
        if b.is_empty() || b.len() > 2 {
            return None;
        }
        BUILTIN
            .iter()
            .position(|(c, ..)| c.as_bytes().eq_ignore_ascii_case(b))
            .map(|i| PieceKind::ALL[i])
    }

    /// The JSON stem, without the player suffix: the plural name of a
    /// built-in kind (`"pawns"`, `"royalQueens"`), the code of another
    /// (`"WZ"`: no site name is in capitals).
    pub fn json_name(self) -> Cow<'static, str> {
        match self.builtin_index() {
            Some(i) => Cow::Borrowed(BUILTIN[i].2),
            None => Cow::Owned(self.code().to_string()),
        }
    }

    /// The kind with a JSON stem ([`PieceKind::json_name`]).
    pub fn from_json_name(name: &str) -> Option<PieceKind> {
        if let Some(i) = BUILTIN.iter().position(|b| b.2 == name) {
            return Some(PieceKind::ALL[i]);
        }
        let custom = name.bytes().all(|b| b.is_ascii_uppercase());
        PieceKind::custom(name)
            .ok()
            .filter(|k| custom && !k.is_builtin())
    }

    /// Whether only the neutral player may own this kind (obstacle, void).
    pub fn is_neutral_only(self) -> bool {
        // By rank alone: a built-in kind's rank is its own.
        self.rank == PieceKind::Obstacle.rank || self.rank == PieceKind::Void.rank
    }

    /// Whether a pawn may promote to this kind (not pawns, kings, royals,
    /// obstacles or voids; any kind that is not built-in).
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

impl fmt::Debug for PieceKind {
    /// The built-in kinds by their names (`King`, `RoyalQueen`), the others
    /// by their codes.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.builtin_index() {
            Some(i) => f.write_str(BUILTIN[i].3),
            None => write!(f, "Custom({})", self.code()),
        }
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
    /// The code is empty or has characters other than letters.
    #[error("`{}` cannot be a piece code: expected letters (K Q R B N P AM … or a variant's own)", icn_syntax::Excerpt(.0))]
    Unknown(String),
    /// More letters than a code holds.
    #[error("piece code `{}` is too long: at most 7 letters", icn_syntax::Excerpt(.0))]
    TooLong(String),
    /// The numeric prefix is too large to hold.
    #[error("player number `{}` in piece code `{}` is too large (at most 4294967295)", icn_syntax::Excerpt(.0), icn_syntax::Excerpt(.1))]
    Player(String, String),
    /// Mixed case such as `Am`.
    #[error("piece code `{}` mixes upper and lower case", icn_syntax::Excerpt(.0))]
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
    /// assert_eq!(Piece::from_code("wz").unwrap().kind.code(), "WZ");
    /// assert!(Piece::from_code("X1").is_err());
    /// ```
    pub fn from_code(code: &str) -> Result<Piece, PieceCodeError> {
        let digits = code.bytes().take_while(u8::is_ascii_digit).count();
        let (prefix, letters) = code.split_at(digits);
        let kind = PieceKind::custom(letters).map_err(|e| match e {
            PieceCodeError::TooLong(_) => PieceCodeError::TooLong(code.to_string()),
            _ => PieceCodeError::Unknown(code.to_string()),
        })?;
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
            Player::NEUTRAL if self.kind.is_neutral_only() => self.kind.lower_code().into_owned(),
            Player::WHITE if !self.kind.is_neutral_only() => self.kind.code().to_string(),
            Player::BLACK if !self.kind.is_neutral_only() => self.kind.lower_code().into_owned(),
            p => format!("{}{}", p.number(), self.kind.lower_code()),
        }
    }

    /// The JSON name: `"pawnsW"`, `"voidsN"`, `"queensR"`; a kind that is
    /// not built-in is its code, `_` and the suffix: `"WZ_W"`, `"WZ_P12"`.
    pub fn json_name(self) -> String {
        let sep = if self.kind.is_builtin() { "" } else { "_" };
        format!(
            "{}{sep}{}",
            self.kind.json_name(),
            self.player.json_suffix()
        )
    }

    /// The piece with a JSON name.
    pub fn from_json_name(name: &str) -> Option<Piece> {
        if let Some((stem, suffix)) = name.split_once('_') {
            let kind = PieceKind::from_json_name(stem).filter(|k| !k.is_builtin())?;
            return Some(Piece {
                kind,
                player: player_of_suffix(suffix)?,
            });
        }
        if let Some(i) = name.rfind('P')
            && let Some(player) = Player::from_name(&format!("player{}", &name[i + 1..]))
        {
            return PieceKind::from_json_name(&name[..i])
                .filter(|k| k.is_builtin())
                .map(|kind| Piece { kind, player });
        }
        // Longest suffix first: `Bu` before `B`.
        for suffix in ["Bu", "W", "B", "N", "R", "Y", "G"] {
            if let Some(stem) = name.strip_suffix(suffix)
                && let Some(kind) = PieceKind::from_json_name(stem).filter(|k| k.is_builtin())
            {
                return Some(Piece {
                    kind,
                    player: player_of_suffix(suffix)?,
                });
            }
        }
        None
    }
}

/// The player of a JSON name's suffix (`W`, `Bu`, `P12`).
fn player_of_suffix(suffix: &str) -> Option<Player> {
    if let Some(p) = Player::ALL.into_iter().find(|p| p.json_suffix() == suffix) {
        return Some(p);
    }
    let n = suffix.strip_prefix('P')?;
    Player::from_name(&format!("player{n}"))
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
    fn a_huge_code_is_quoted_short() {
        // Found by fuzzing: a 97,000-letter code went whole into a message.
        let code = "R".repeat(97_000);
        let message = PieceKind::custom(&code).unwrap_err().to_string();
        assert!(message.len() < 200, "{} characters", message.len());
        assert!(message.starts_with("piece code `RRRR"), "{message}");
    }

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
            assert_eq!(PieceKind::from_code(&kind.lower_code()), Some(kind));
        }
        assert_eq!(PieceKind::from_code("Am"), Some(PieceKind::Amazon));
        assert_eq!(PieceKind::from_code("AMA"), None);
        assert_eq!(PieceKind::custom("AMA").unwrap().code(), "AMA");
        assert_eq!(PieceKind::from_code(""), None);
    }

    #[test]
    fn kinds_of_a_variants_own_round_trip() {
        let wz = PieceKind::custom("WZ").unwrap();
        for player in Player::ALL.into_iter().chain([Player::from_number(12)]) {
            let p = Piece::new(wz, player);
            assert_eq!(Piece::from_code(&p.code()).unwrap(), p, "{p:?}");
            assert_eq!(Piece::from_json_name(&p.json_name()), Some(p), "{p:?}");
        }
        assert_eq!(Piece::new(wz, Player::BLACK).code(), "wz");
        assert_eq!(Piece::new(wz, Player::WHITE).json_name(), "WZ_W");
        assert_eq!(Piece::from_json_name("AM_W"), None);
        assert_eq!(Piece::from_json_name("wz_W"), None);
        assert_eq!(
            format!("{wz:?} {:?}", PieceKind::RoyalQueen),
            "Custom(WZ) RoyalQueen"
        );
        let mut kinds = [
            wz,
            PieceKind::Void,
            PieceKind::custom("A").unwrap(),
            PieceKind::King,
        ];
        kinds.sort();
        let codes: Vec<&str> = kinds.iter().map(|k| k.code()).collect();
        assert_eq!(codes, ["K", "VO", "A", "WZ"]);
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
            Piece::from_code("x-z"),
            Err(PieceCodeError::Unknown(_))
        ));
        assert!(matches!(
            Piece::from_code("3abcdefgh"),
            Err(PieceCodeError::TooLong(_))
        ));
    }
}
