//! The compiled rules of a game: piece types, attack tables per player,
//! promotion, castling, win and draw rules, all in the engine's integers.
//!
//! Built once by [`crate::Board::new`] and shared (behind an `Arc`) by every
//! copy of the board.

use icn_model::Player;
use icn_rules::movement::Capturability;
use icn_rules::{Outcome, RuleSet, WinRule};

use crate::MovegenError;
use crate::geometry::{Border, COORD_LIMIT, Sq, ZoneSet, int_in_range};
use crate::types::{TypeId, TypeTable};
use crate::zobrist::TypeKeys;

/// A leap that attacks: a piece of a type in `mask` on `S − (dx,dy)` attacks `S`.
#[derive(Clone, Copy, Debug)]
pub(crate) struct LeapAttack {
    pub dx: i64,
    pub dy: i64,
    /// The sub-board side the leap keeps to, if any (see [`crate::types::Leap`]).
    pub cells: Option<i64>,
    pub mask: u64,
}

impl LeapAttack {
    /// Whether a piece on `from` may make this leap.
    #[inline]
    pub fn allowed_from(&self, from: Sq) -> bool {
        self.cells.is_none_or(|n| {
            icn_rules::movement::leap_keeps_cells(from.x, from.y, self.dx, self.dy, n)
        })
    }
}

/// A ride that attacks: a piece of a type in `mask` on `S − k·(dx,dy)` attacks
/// `S` when nothing stands between and `min[t] ≤ k ≤ max[t]`.
#[derive(Clone, Debug)]
pub(crate) struct RideAttack {
    pub dx: i64,
    pub dy: i64,
    pub fam: usize,
    /// Sign of `−(dx,dy)` along the family: the way to look from `S`.
    pub look: i64,
    pub g: i64,
    pub mask: u64,
    pub min: Vec<i64>,
    pub max: Vec<i64>,
    /// Types whose attack along this line ignores their prison: royals
    /// under the flying-general rule.
    pub unconfined: u64,
}

/// A promotion rule in engine terms.
#[derive(Clone, Debug)]
pub(crate) struct Promo {
    pub zone: ZoneSet,
    pub choices: Vec<TypeId>,
    pub mandatory: bool,
    /// Where promotion is compulsory though not `mandatory`.
    pub forced: ZoneSet,
}

impl Promo {
    /// Whether a promoting piece reaching `to` (in the zone) may stay as it is.
    #[inline]
    pub fn may_stay(&self, to: Sq) -> bool {
        !self.mandatory && !self.forced.contains(to)
    }
}

/// What one player's moves must respect and how the player wins.
#[derive(Clone, Debug, Default)]
pub(crate) struct PlayerCfg {
    /// Whether a move may not leave one of this player's royals attacked.
    pub protect: bool,
    /// Types owned by opponents (not neutral).
    pub enemies: u64,
    pub leap_att: Vec<LeapAttack>,
    pub ride_att: Vec<RideAttack>,
    /// Some opponent type attacks by hop, lame leap, huygen or rose: legality
    /// is decided by making each move.
    pub slow: bool,
    pub promo: Option<Promo>,
    pub wins: Vec<WinRule>,
    /// Some win rule of this player counts checks given.
    pub counts_checks: bool,
    /// This player's en passant takers: (type, leap).
    pub ep_takers: Vec<(TypeId, i64, i64)>,
}

/// An explicit castling move in engine terms.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Castle {
    pub player: Player,
    pub king_from: Sq,
    pub king_to: Sq,
    pub partner_from: Sq,
    pub partner_to: Sq,
}

/// Everything fixed for the whole game.
#[derive(Clone, Debug)]
#[expect(
    dead_code,
    reason = "game-end fields are read by the outcome module, in progress"
)]
pub(crate) struct Config {
    pub types: TypeTable,
    pub keys: Vec<TypeKeys>,
    pub border: Border,
    pub fast: crate::geometry::FastBorder,
    /// Bitboard tables when the board has at most 64 squares (65 to 128:
    /// `bb_wide`) and simple pieces, built on first use ([`Config::bb_narrow`]): replay and queries
    /// never need them.
    bb_narrow: std::sync::OnceLock<Option<crate::bitboard::BbTables<u64>>>,
    /// The same for boards of 65 to 128 squares ([`Config::bb_wide`]).
    bb_wide: std::sync::OnceLock<Option<crate::bitboard::BbTables<u128>>>,
    pub turn_order: Vec<Player>,
    pub players: [PlayerCfg; 7],
    pub castle_min: i64,
    pub castle_steps: i64,
    pub castles: Vec<Castle>,
    pub slide_limit: Option<i64>,
    pub stalemate: Outcome,
    pub move_rule: Option<u64>,
    pub repetition: Option<u32>,
    pub hill: ZoneSet,
    pub can_pass: bool,
    /// A player who can capture must (the compact board is not used).
    pub forced_capture: bool,
    /// Some player wins by a rule that ends the game at once, with no look
    /// at the moves that follow ([`crate::Board::decided`]).
    pub immediate_ends: bool,
    /// A move may put a new royal piece on the board (a promotion into a
    /// royal kind, or a drop): such moves are made and tested
    /// ([`crate::Board::generate_for`]).
    pub adds_royals: bool,
    /// Drops and hands, when the rules have them.
    pub drops: Option<crate::drops::DropCfg>,
    /// Confinement, zone moves, piece limits, promotion rules, flags.
    pub limits: crate::limits::LimitsCfg,
    /// The rule set this was compiled from.
    pub rules: RuleSet,
}

/// The engine keeps per-player tables for the seven players the site names.
pub(crate) fn unnamed_player(p: Player) -> MovegenError {
    MovegenError::Unsupported(format!(
        "player {} is not one of the seven the site names (neutral, white, black, red, blue, yellow, green); the engine plays only those",
        p.number()
    ))
}

impl Config {
    pub fn new(
        types: TypeTable,
        rules: &RuleSet,
        border: Border,
        slide_limit: Option<i64>,
    ) -> Result<Config, MovegenError> {
        let keys = types.types.iter().map(|t| TypeKeys::new(t.piece)).collect();
        let mut players: [PlayerCfg; 7] = Default::default();
        let turn_order: Vec<Player> = rules.turn_order.clone();
        if turn_order.is_empty() || turn_order.contains(&Player::NEUTRAL) {
            return Err(MovegenError::Unsupported(
                "a turn order must name players, not neutral".into(),
            ));
        }
        if let Some(p) = turn_order.iter().find(|p| !p.is_named()) {
            return Err(unnamed_player(*p));
        }
        for &p in &turn_order {
            let cfg = &mut players[p.number() as usize];
            cfg.protect = rules.check_matters_for(p);
            cfg.wins = rules.wins_of(p).to_vec();
            cfg.counts_checks = cfg.wins.iter().any(|w| matches!(w, WinRule::Checks(_)));
            for (i, t) in types.types.iter().enumerate() {
                if t.piece.player == p {
                    cfg.ep_takers
                        .extend(t.ep_leaps.iter().map(|&(dx, dy)| (i as TypeId, dx, dy)));
                }
            }
            for (i, t) in types.types.iter().enumerate() {
                let owner = t.piece.player;
                if owner == p || owner == Player::NEUTRAL {
                    continue;
                }
                cfg.enemies |= 1 << i;
                cfg.slow |= t.complex_attacker;
                for l in t.leaps.iter().filter(|l| l.cap) {
                    match cfg
                        .leap_att
                        .iter_mut()
                        .find(|a| (a.dx, a.dy, a.cells) == (l.dx, l.dy, l.cells))
                    {
                        Some(a) => a.mask |= 1 << i,
                        None => cfg.leap_att.push(LeapAttack {
                            dx: l.dx,
                            dy: l.dy,
                            cells: l.cells,
                            mask: 1 << i,
                        }),
                    }
                }
                for r in t.rides.iter().filter(|r| r.cap) {
                    let n = types.types.len();
                    let idx = match cfg
                        .ride_att
                        .iter()
                        .position(|a| (a.dx, a.dy) == (r.dx, r.dy))
                    {
                        Some(j) => j,
                        None => {
                            cfg.ride_att.push(RideAttack {
                                dx: r.dx,
                                dy: r.dy,
                                fam: r.fam,
                                look: -r.sign,
                                g: r.g,
                                mask: 0,
                                min: vec![1; n],
                                max: vec![0; n],
                                unconfined: 0,
                            });
                            cfg.ride_att.len() - 1
                        }
                    };
                    let a = &mut cfg.ride_att[idx];
                    a.mask |= 1 << i;
                    a.min[i] = r.min;
                    a.max[i] = r.max;
                }
            }
            if rules.limits.flying_general {
                crate::limits::flying_general_attacks(&types, cfg.enemies, &mut cfg.ride_att);
            }
            if let Some(pr) = rules.promotion_of(p) {
                let choices = pr
                    .choices
                    .iter()
                    .filter_map(|&k| types.id(icn_model::Piece::new(k, p)))
                    .collect();
                cfg.promo = Some(Promo {
                    zone: ZoneSet::from_zone(&pr.zone),
                    choices,
                    mandatory: pr.mandatory,
                    forced: ZoneSet::from_zone(&pr.forced),
                });
            }
        }
        let mut castles = Vec::new();
        for c in &rules.castling.explicit {
            castles.push(Castle {
                player: c.player,
                king_from: Sq::from_coord(&c.king_from)?,
                king_to: Sq::from_coord(&c.king_to)?,
                partner_from: Sq::from_coord(&c.partner_from)?,
                partner_to: Sq::from_coord(&c.partner_to)?,
            });
        }
        let move_rule = rules
            .draws
            .move_rule
            .as_ref()
            .map(|i| u64::try_from(int_in_range(i).unwrap_or(COORD_LIMIT)).unwrap_or(0));
        let drops = rules
            .drops
            .as_ref()
            .map(|d| crate::drops::DropCfg::new(d, rules, &types, &border));
        let limits = crate::limits::LimitsCfg::new(&types, rules);
        if drops.is_some() && types.types.iter().any(|t| t.lion.is_some()) {
            return Err(MovegenError::Unsupported(
                "a Chu lion in a variant with pieces in hand".into(),
            ));
        }
        Ok(Config {
            limits,
            types,
            keys,
            fast: crate::geometry::FastBorder::new(&border),
            bb_narrow: std::sync::OnceLock::new(),
            bb_wide: std::sync::OnceLock::new(),
            border,
            turn_order,
            players,
            castle_min: i64::from(rules.castling.min_distance),
            castle_steps: i64::from(rules.castling.king_steps),
            castles,
            slide_limit,
            stalemate: rules.stalemate,
            move_rule,
            repetition: rules.draws.repetition,
            hill: ZoneSet::from_zone(&rules.hill),
            can_pass: rules.can_pass,
            forced_capture: rules.forced_capture,
            adds_royals: rules.drops.is_some()
                || rules
                    .promotions
                    .iter()
                    .any(|p| p.choices.iter().any(|&k| rules.is_royal(k))),
            immediate_ends: rules.can_pass
                || rules.wins.iter().flat_map(|(_, ws)| ws).any(|w| {
                    matches!(
                        w,
                        WinRule::RoyalCapture
                            | WinRule::AllRoyalsCaptured
                            | WinRule::AllPiecesCaptured
                            | WinRule::Checks(_)
                            | WinRule::Koth
                            | WinRule::NoPiecesLeft
                            | WinRule::FlagAny
                            | WinRule::FlagAll
                            | WinRule::BareKing
                            | WinRule::Extinction(_)
                    )
                }),
            drops,
            rules: rules.clone(),
        })
    }

    /// The bitboard tables of a board of at most 64 squares, built on first
    /// use; `None` when the board or the rules do not qualify.
    pub fn bb_narrow(&self) -> Option<&crate::bitboard::BbTables<u64>> {
        self.bb_narrow.get_or_init(|| self.build_tables()).as_ref()
    }

    /// The bitboard tables of a board of 65 to 128 squares, as
    /// [`Config::bb_narrow`].
    pub fn bb_wide(&self) -> Option<&crate::bitboard::BbTables<u128>> {
        self.bb_wide.get_or_init(|| self.build_tables()).as_ref()
    }

    fn build_tables<M: crate::mask::Mask>(&self) -> Option<crate::bitboard::BbTables<M>> {
        // A pass beside forced capture is left to the generic board.
        if self.limits.beyond_compact || (self.can_pass && self.forced_capture) {
            return None;
        }
        crate::bitboard::BbTables::build(
            &self.border,
            &self.types,
            &self.limits,
            self.rules.limits.flying_general,
        )
    }

    /// The configuration of a player.
    #[inline]
    pub fn player(&self, p: Player) -> &PlayerCfg {
        &self.players[p.number() as usize]
    }

    /// Whether a piece of type `mover` may capture a piece of type `target`.
    #[inline]
    pub fn may_capture(&self, mover: TypeId, target: TypeId) -> bool {
        let (m, t) = (
            &self.types.types[mover as usize],
            &self.types.types[target as usize],
        );
        match t.capturability {
            Capturability::Never => false,
            Capturability::ByAnyone => true,
            Capturability::Normal => m.piece.player != t.piece.player,
        }
    }
}
