//! Whether one concrete move is legal, however far it goes, and why not.
//!
//! [`Board::check_move`] takes a move as the model writes it (exact
//! coordinates, optional promotion), finds it among the moving piece's
//! pseudo-legal families by arithmetic (a rook moving 10^15 squares costs
//! the same as one moving one), then decides legality by making it and
//! testing the mover's royals. Refusals say why, in words:
//! "a knight on 3,4 cannot reach 3,9".

use icn_model::{Coord, Piece};

use crate::MovegenError;
use crate::board::Board;
use crate::geometry::Sq;
use crate::moves::{Move, MoveFamily, MoveKind};

fn article(p: Piece) -> String {
    let name = match p.kind {
        icn_model::PieceKind::King => "king",
        icn_model::PieceKind::Queen => "queen",
        icn_model::PieceKind::Rook => "rook",
        icn_model::PieceKind::Bishop => "bishop",
        icn_model::PieceKind::Knight => "knight",
        icn_model::PieceKind::Pawn => "pawn",
        icn_model::PieceKind::Amazon => "amazon",
        icn_model::PieceKind::Hawk => "hawk",
        icn_model::PieceKind::Chancellor => "chancellor",
        icn_model::PieceKind::Archbishop => "archbishop",
        icn_model::PieceKind::Guard => "guard",
        icn_model::PieceKind::Camel => "camel",
        icn_model::PieceKind::Giraffe => "giraffe",
        icn_model::PieceKind::Zebra => "zebra",
        icn_model::PieceKind::Centaur => "centaur",
        icn_model::PieceKind::RoyalQueen => "royal queen",
        icn_model::PieceKind::RoyalCentaur => "royal centaur",
        icn_model::PieceKind::Knightrider => "knightrider",
        icn_model::PieceKind::Huygen => "huygen",
        icn_model::PieceKind::Rose => "rose",
        icn_model::PieceKind::Obstacle => "obstacle",
        icn_model::PieceKind::Void => "void",
        k => return format!("a `{}` piece", k.code()),
    };
    let a = if matches!(name.as_bytes()[0], b'a' | b'e' | b'i' | b'o' | b'u') {
        "an"
    } else {
        "a"
    };
    format!("{a} {name}")
}

impl Board {
    /// The legal move from `from` to `to` (with `promotion` when a piece
    /// promotes), with its castling or en passant effects filled in.
    ///
    /// # Errors
    /// [`MovegenError::OutOfRange`] for coordinates beyond the engine's
    /// range; [`MovegenError::Illegal`] with the reason otherwise.
    ///
    /// ```
    /// use icn_model::{Coord, Dialect, Game};
    /// use icn_movegen::Board;
    /// let g = Game::parse("w K0,0|k100,100|R5,5", Dialect::Auto).unwrap();
    /// let mut b = Board::from_game(&g).unwrap();
    /// let far = Coord::new(5, 1_000_000_000_000_000i64);
    /// assert!(b.check_move(&Coord::new(5, 5), &far, None).is_ok());
    /// let e = b.check_move(&Coord::new(5, 5), &Coord::new(6, 7), None).unwrap_err();
    /// assert_eq!(e.to_string(), "a rook on 5,5 cannot reach 6,7");
    /// ```
    pub fn check_move(
        &mut self,
        from: &Coord,
        to: &Coord,
        promotion: Option<Piece>,
    ) -> Result<Move, MovegenError> {
        let (f, t) = (Sq::from_coord(from)?, Sq::from_coord(to)?);
        let illegal = |s: String| Err(MovegenError::Illegal(s));
        if !self.cfg.border.contains(f) {
            return illegal(format!("{f} is outside the world border"));
        }
        let Some(slot) = self.store.get(f) else {
            return illegal(format!("there is no piece on {f}"));
        };
        let p = self.pieces[slot as usize];
        let piece = self.cfg.types.types[p.ty as usize].piece;
        let us = self.side_to_move();
        if p.hidden {
            return illegal(format!("{f} is not a square of the board"));
        }
        if p.player != us {
            return illegal(format!(
                "the {} on {f} is not {us}'s, and {us} is to move",
                article(piece)
            ));
        }
        let mut fams = Vec::new();
        let mut specials = Vec::new();
        self.pseudo(slot, &mut fams, &mut specials)?;
        let mut candidates: Vec<Move> = Vec::new();
        for fam in &fams {
            match fam {
                MoveFamily::Single(m) if m.to == t => candidates.push(*m),
                MoveFamily::Ray { .. } if fam.contains(&Move::new(f, t)) => {
                    candidates.push(Move::new(f, t))
                }
                _ => {}
            }
        }
        // Under explicit castling (Chess960) a castle may also be written as
        // the king moving onto its partner, which no other move can mean.
        let onto_partner = |m: &&Move| {
            !self.cfg.castles.is_empty()
                && matches!(m.kind, MoveKind::Castle { partner_from, .. } if partner_from == t)
        };
        candidates.extend(specials.iter().filter(|m| m.to == t || onto_partner(m)));
        if candidates.is_empty() {
            return illegal(format!("{} on {f} cannot reach {t}", article(piece)));
        }
        let promos: Vec<Piece> = candidates.iter().filter_map(|m| m.promotion).collect();
        let chosen = match promotion {
            Some(pr) => match candidates.iter().find(|m| m.promotion == Some(pr)) {
                Some(m) => *m,
                None if promos.is_empty() => {
                    return illegal(format!("{} moving to {t} does not promote", article(piece)));
                }
                None => {
                    let names: Vec<String> = promos.iter().map(|p| p.code()).collect();
                    return illegal(format!(
                        "{} cannot promote to {}; the choices are {}",
                        article(piece),
                        pr.code(),
                        names.join(", ")
                    ));
                }
            },
            None => match candidates.iter().find(|m| m.promotion.is_none()) {
                Some(m) => *m,
                None => {
                    let names: Vec<String> = promos.iter().map(|p| p.code()).collect();
                    return illegal(format!(
                        "{} reaching {t} must promote, to one of {}",
                        article(piece),
                        names.join(", ")
                    ));
                }
            },
        };
        let protect = self.cfg.player(us).protect;
        if protect {
            let ok = match chosen.kind {
                MoveKind::Castle { .. } => self.special_is_legal(&chosen),
                _ => self.keeps_royals_safe(&chosen),
            };
            if !ok {
                let why = if matches!(chosen.kind, MoveKind::Castle { .. }) {
                    "castling out of, through or into check is not allowed".to_string()
                } else {
                    format!(
                        "{} on {f} moving to {t} would leave {us}'s royal piece in check",
                        article(piece)
                    )
                };
                return illegal(why);
            }
        }
        if self.cfg.limits.royal_captures_checker_only && self.makpong_forbids(&chosen) {
            return illegal(format!(
                "{} on {f} is in check and may only capture the piece checking it",
                article(piece)
            ));
        }
        if self.cfg.limits.no_checks && self.gives_check(&chosen) {
            return illegal(format!(
                "{} on {f} moving to {t} would give check, which the rules forbid",
                article(piece)
            ));
        }
        if self.cfg.forced_capture && !self.captures(&MoveFamily::Single(chosen)) {
            let mut all = Vec::new();
            self.generate(&mut all)?;
            if all.iter().any(|f| self.captures(f)) {
                return illegal(format!(
                    "{} on {f} moving to {t} does not capture, and capturing is compulsory while a capture is possible",
                    article(piece)
                ));
            }
        }
        Ok(chosen)
    }

    /// A legal move as the model writes it, the inverse of
    /// [`Board::check_move`]: start, destination and promotion, except that under explicit
    /// castling (Chess960) a castle is written as the king moving onto its
    /// partner, so that a king that castles without moving, or onto a square
    /// it could also step to, is still told apart.
    ///
    /// ```
    /// use icn_model::{Coord, Dialect, Game};
    /// use icn_movegen::{Board, MoveKind};
    /// let castling = r#"{"castling": {"castlers": [], "explicit": [{"player": "white",
    ///   "kingFrom": "6,1", "kingTo": "7,1", "partnerFrom": "8,1", "partnerTo": "6,1"}]}}"#;
    /// let text = format!("w 0/100 1 {castling} K6,1+|R8,1+|k1,8");
    /// let g = Game::parse(&text, Dialect::Auto).unwrap();
    /// let mut b = Board::from_game(&g).unwrap();
    /// let castle = b.check_move(&Coord::new(6, 1), &Coord::new(8, 1), None).unwrap();
    /// assert!(matches!(castle.kind, MoveKind::Castle { .. }));
    /// assert_eq!(b.written_move(&castle).compact(), "6,1>8,1");
    /// let step = b.check_move(&Coord::new(6, 1), &Coord::new(7, 1), None).unwrap();
    /// assert!(matches!(step.kind, MoveKind::Normal));
    /// ```
    pub fn written_move(&self, m: &Move) -> icn_model::Move {
        let to = match m.kind {
            MoveKind::Castle { partner_from, .. } if !self.cfg.castles.is_empty() => partner_from,
            _ => m.to,
        };
        let mut out = icn_model::Move::new(m.from.to_coord(), to.to_coord());
        out.promotion = m.promotion;
        out
    }

    /// Whether the move is legal.
    ///
    /// # Errors
    /// [`MovegenError::OutOfRange`] for coordinates beyond the engine's range.
    pub fn is_legal(&mut self, m: &icn_model::Move) -> Result<bool, MovegenError> {
        match self.check_move(&m.from, &m.to, m.promotion) {
            Ok(_) => Ok(true),
            Err(MovegenError::Illegal(_)) => Ok(false),
            Err(e) => Err(e),
        }
    }
}
