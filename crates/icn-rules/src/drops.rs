//! [`Drops`]: pieces in hand and putting them on the board (crazyhouse,
//! shogi, Sjaak `allow drops`, Fairy-Stockfish `pieceDrops`).
//!
//! A drop puts one piece from the mover's hand
//! ([`icn_model::Position::holdings`]) on an empty square of the board. Which
//! squares: every square of the board, cut down by each [`DropZone`] that
//! names the piece's kind and player, by [`Drops::no_dead_drops`] (not where
//! the piece could never move), and by [`Drops::no_doubled`] (not on a file
//! holding that many of the mover's pieces of the same kind already). A drop
//! is legal when it leaves the mover's royals safe, like any move.
//!
//! With [`Drops::pickup`] a player may instead lift one of their own
//! non-royal pieces into their hand, when not in check.
//!
//! Where captured pieces go is [`Drops::captures_to_hand`]: into the
//! capturer's hand, owned by the capturer, as what they were before any
//! promotion ([`Drops::demotions`] for kinds that are promoted forms, the
//! promotion rule's promoting kind for pieces marked promoted).

use std::collections::BTreeSet;

use icn_model::{PieceKind, Player};
use indexmap::IndexMap;

use crate::board::Zone;

/// Squares a player may drop some kinds on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DropZone {
    /// Whose drops.
    pub player: Player,
    /// Which kinds (`None`: every kind).
    pub kinds: Option<BTreeSet<PieceKind>>,
    /// Where they may land.
    pub zone: Zone,
}

/// What happens after a drop that checkmates at once with a kind listed in
/// [`Drops::no_mate`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DropMate {
    /// The drop is not a legal move (shogi as Sjaak plays it).
    Illegal,
    /// The drop is played and the side it mates wins (Fairy-Stockfish's
    /// `shogiPawnDropMateIllegal`).
    LosesForDropper,
}

/// How pieces come into hand and leave it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Drops {
    /// Whether a player may drop a piece from hand as a move.
    pub allowed: bool,
    /// Whether a captured piece goes into the capturer's hand.
    pub captures_to_hand: bool,
    /// Whether a player may, as a move, take one of their own non-royal
    /// pieces from the board into their hand (as it is, promoted or not),
    /// when not in check (Sjaak's `allow pickup`, Twilight chess).
    pub pickup: bool,
    /// Whether a captured promoted piece keeps its promoted kind in hand
    /// (Fairy-Stockfish `dropLoop`) instead of going back to what it was.
    pub keep_promoted: bool,
    /// Promoted kinds and the kinds they go back to when captured (shogi's
    /// tokin to pawn).
    pub demotions: IndexMap<PieceKind, PieceKind>,
    /// Where drops may land, per player and kind; every zone that matches a
    /// drop must hold its square.
    pub zones: Vec<DropZone>,
    /// Where a dropped piece gets its `+` right (a crazyhouse pawn dropped on
    /// its second rank may double-step).
    pub rights: Vec<DropZone>,
    /// Gating (S-chess; Sjaak's `gate drops`, Fairy-Stockfish's
    /// `seirawanGating`): a piece that leaves a square of one of these zones
    /// (its player's) while it still holds its `+` right may have a piece
    /// of the zone's kinds put from the mover's hand on the square it left,
    /// as part of the same move; a castling move may gate on the castler's
    /// square or the partner's.
    pub gating: Vec<DropZone>,
    /// Refuse drops on squares the piece could never move from.
    pub no_dead_drops: bool,
    /// Kinds [`Drops::no_dead_drops`] does not restrict (Sjaak's
    /// `drop_dead` flag, or a piece with its own `Drop zone:`).
    pub dead_drops_allowed: BTreeSet<PieceKind>,
    /// Kinds that may not be dropped on a file already holding this many of
    /// the mover's own pieces of that kind (shogi pawns: 1).
    pub no_doubled: IndexMap<PieceKind, u32>,
    /// Kinds whose drop may not checkmate at once, and what happens if one does.
    pub no_mate: BTreeSet<PieceKind>,
    /// What a mating drop of a [`Drops::no_mate`] kind does.
    pub drop_mate: DropMate,
    /// Kinds whose drop may not give check.
    pub no_check: BTreeSet<PieceKind>,
    /// While the mover has pieces in hand and some drop is legal, only drops
    /// are (Fairy-Stockfish `mustDrop`: placement chess).
    pub must_drop: bool,
    /// Kinds a player must keep on squares of both colours (Fairy-Stockfish
    /// `dropOppositeColoredBishop`), counting those on the board and in hand
    /// (`n`): a drop of one is illegal when it would put more than
    /// `(n + 1) / 2` on one colour; a drop of anything else is illegal when
    /// it would leave fewer than `n / 2` of each colour among those on the
    /// board and the empty squares where one may be dropped. Square colour
    /// is the parity of `x + y`.
    pub opposite_colors: BTreeSet<PieceKind>,
    /// A piece in hand may also be dropped as the kind the first promotion
    /// rule of its player for its kind promotes it into, promoted from it
    /// (Fairy-Stockfish `dropPromoted`: Kyoto shogi).
    pub promoted_drops: bool,
}

impl Default for Drops {
    /// Crazyhouse: captures go to hand, drops anywhere empty.
    fn default() -> Self {
        Drops {
            allowed: true,
            captures_to_hand: true,
            pickup: false,
            keep_promoted: false,
            demotions: IndexMap::new(),
            zones: Vec::new(),
            rights: Vec::new(),
            gating: Vec::new(),
            no_dead_drops: false,
            dead_drops_allowed: BTreeSet::new(),
            no_doubled: IndexMap::new(),
            no_mate: BTreeSet::new(),
            drop_mate: DropMate::Illegal,
            no_check: BTreeSet::new(),
            must_drop: false,
            opposite_colors: BTreeSet::new(),
            promoted_drops: false,
        }
    }
}

impl Drops {
    /// The kind a captured piece of `kind` goes into hand as, when it was
    /// promoted from `promoted_from`: that kind (unless
    /// [`Drops::keep_promoted`]), else the kind [`Drops::demotions`] gives,
    /// else `kind` itself.
    ///
    /// ```
    /// use icn_model::PieceKind;
    /// use icn_rules::Drops;
    /// let zh = Drops::default();
    /// assert_eq!(zh.in_hand_as(PieceKind::Queen, Some(PieceKind::Pawn)), PieceKind::Pawn);
    /// assert_eq!(zh.in_hand_as(PieceKind::Queen, None), PieceKind::Queen);
    /// ```
    pub fn in_hand_as(&self, kind: PieceKind, promoted_from: Option<PieceKind>) -> PieceKind {
        match promoted_from {
            Some(base) if !self.keep_promoted => base,
            _ => self.demotions.get(&kind).copied().unwrap_or(kind),
        }
    }

    /// Whether these rules let nothing into or out of a hand (pieces in
    /// hand that no rule uses, as Sjaak keeps Caissa Britannia's).
    ///
    /// ```
    /// use icn_rules::Drops;
    /// let idle = Drops { allowed: false, captures_to_hand: false, ..Drops::default() };
    /// assert!(idle.is_inert() && !Drops::default().is_inert());
    /// ```
    pub fn is_inert(&self) -> bool {
        !self.allowed && !self.captures_to_hand && !self.pickup && self.gating.is_empty()
    }

    /// The zones that apply to `player` dropping `kind`.
    pub fn zones_for(&self, player: Player, kind: PieceKind) -> impl Iterator<Item = &Zone> {
        self.zones
            .iter()
            .filter(move |z| {
                z.player == player && z.kinds.as_ref().is_none_or(|k| k.contains(&kind))
            })
            .map(|z| &z.zone)
    }
}
