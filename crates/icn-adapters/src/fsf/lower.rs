//! A resolved `variants.ini` section as icn-rules objects: [`to_variant`].
//!
//! Held: the board (`maxFile` × `maxRank` from a1 = `1,1`, `*` walls in the
//! FEN as excluded squares); every piece slot with its Betza (kinds as in
//! `lower_pieces`); the king as the royal piece; `startFen` (side,
//! castling rights, en passant square, move counters, `3+3` check counters
//! as n-check wins); the pawn's double step (`doubleStep`,
//! `doubleStepRegion…`) and initial moves (`i`) as the `+` right of the
//! pieces standing in the region; en passant (`enPassantTypes`, `e`);
//! promotion (`promotionRegion…`, `promotionPawnTypes…`,
//! `promotionPieceTypes…`, `mandatoryPawnPromotion`); castling (`castling`,
//! `castlingKingsideFile`, `castlingQueensideFile`, `castlingRank`,
//! `castlingKingPiece`, `castlingRookPieces`; the site rule when it says the
//! same, else explicit moves); `checkmateValue`, `stalemateValue`,
//! `nMoveRule`, `nFoldRule`, `checkCounting`, a king-of-the-hill flag
//! (`flagPiece` = the king, one `flagRegion` for both sides), extinction of
//! every piece (`extinctionValue = loss`, `extinctionPieceTypes = *`);
//! drops and holdings (`lower_drops.rs`: `pieceDrops`,
//! `capturesToHand`, holdings in the FEN, `~` promoted pieces); S-chess
//! gating (`lower_gating.rs`: `gating`, `seirawanGating`, gates in the FEN's
//! castling field).
//! `variantTemplate`, `pieceToCharTable`, `pocketSize` and piece values only
//! tune a GUI or the engine and are not kept.
//!
//! Everything else that is set to a value with an effect is refused, naming
//! the option and its line ([`Refusal`]): mandatory drops, gates the `+`
//! right cannot say, shogi-style promotion, piece limits, regions that confine pieces, other win and
//! draw rules, and options that only apply with them.

use std::collections::{BTreeMap, BTreeSet};

use icn_model::{Coord, Int, MoveRule, PieceKind, Position};
use icn_rules::{CastleMove, EnPassant, Region, RuleSet, Variant, Zone};

use super::lower_pieces::{Lowered, assign, movement_of_piece, movements_and_royals};
use super::lower_position::position;
use super::lower_refuse::unsupported;
use super::lower_rules::{castling, ends, promotions};
use super::options;
use super::resolve::{Origin, PieceSet, Resolved, default_pieces};
use super::slots::Slot;

/// An option of a section the rule objects cannot hold, with its place.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{variant}: {place}: `{option}`: {reason}")]
pub struct Refusal {
    /// The section's name.
    pub variant: String,
    /// The option as written.
    pub option: String,
    /// `line 12` or `12:7`, or `from the built-in variant crazyhouse`.
    pub place: String,
    /// Why.
    pub reason: String,
}

/// The state of one lowering: the section and the refusals so far.
pub(super) struct Lowering<'a> {
    pub v: &'a Resolved,
    pub refusals: Vec<Refusal>,
    pub files: u32,
    pub ranks: u32,
    /// Castling moves found from the FEN's rights, with the king's and partner's kinds.
    pub castles: Vec<(CastleMove, PieceKind, PieceKind)>,
    /// Checks to give, White's and Black's, from the FEN.
    pub checks: Option<(u32, u32)>,
    /// Kinds that double-step wherever they stand on their double-step
    /// region, with the quiet moves they play there.
    pub zone_doubles: Vec<(PieceKind, icn_rules::Movement)>,
}

impl Lowering<'_> {
    pub fn refuse_at(&mut self, o: &Origin, col: usize, reason: String) {
        let place = if o.builtin {
            format!("{}:1: inherited {}", self.v.line, o.place())
        } else {
            format!("{}:{col}", o.line)
        };
        let r = Refusal {
            variant: self.v.name.clone(),
            option: o.key.clone(),
            place,
            reason,
        };
        if !self.refusals.contains(&r) {
            self.refusals.push(r);
        }
    }

    pub fn refuse(&mut self, o: &Origin, reason: impl Into<String>) {
        self.refuse_at(&o.clone(), o.col, reason.into());
    }

    pub fn text(&self, field: &str) -> Option<(String, Origin)> {
        self.v.text(field).map(|(t, o)| (t.to_string(), o.clone()))
    }

    pub fn flag(&self, field: &str, default: bool) -> bool {
        self.text(field).map_or(default, |(t, _)| t == "true")
    }

    pub fn int(&self, field: &str, default: u32) -> u32 {
        self.text(field)
            .and_then(|(t, _)| t.parse().ok())
            .unwrap_or(default)
    }

    pub fn piece_set(&self, field: &str) -> PieceSet {
        self.v
            .pieces_of(field)
            .map_or_else(|| default_pieces(field), |(p, _)| p.clone())
    }

    pub fn squares(&self, field: &str, default: &str) -> Vec<(u32, u32)> {
        let t = self.text(field).map_or(default.to_string(), |(t, _)| t);
        options::squares(&t, self.files, self.ranks)
            .unwrap_or_default()
            .into_iter()
            .filter(|&(f, r)| f <= self.files && r <= self.ranks)
            .collect()
    }

    /// Refuses `field` when it is set to something other than `neutral`.
    pub fn refuse_unless(&mut self, field: &str, neutral: &str, reason: &str) {
        if let Some((t, o)) = self.text(field)
            && t != neutral
        {
            self.refuse(&o, format!("`{t}`: {reason}"));
        }
    }

    /// Refuses a piece-set field set to something other than its default.
    pub fn refuse_pieces_unless_default(&mut self, field: &str, reason: &str) {
        if let Some((p, o)) = self.v.pieces_of(field)
            && *p != default_pieces(field)
        {
            let o = o.clone();
            self.refuse(&o, reason.to_string());
        }
    }

    pub fn origin_of(&self, field: &str) -> Option<Origin> {
        self.v.fields.get(field).map(|(_, o)| o.clone())
    }

    pub fn int_rank(&self, field: &str, default: u32) -> u32 {
        self.text(field)
            .and_then(|(t, _)| options::rank(&t))
            .unwrap_or(default)
    }

    pub fn int_file(&self, field: &str, default: u32) -> u32 {
        self.text(field)
            .and_then(|(t, _)| options::file(&t))
            .unwrap_or(default)
    }

    pub fn pieces_set_is_all(&self, field: &str) -> bool {
        self.piece_set(field) == PieceSet::All
    }
}

pub(super) fn zone(squares: &[(u32, u32)], files: u32) -> Zone {
    let mut rows: std::collections::BTreeMap<u32, u32> = std::collections::BTreeMap::new();
    for &(_, r) in squares {
        *rows.entry(r).or_default() += 1;
    }
    if !squares.is_empty() && rows.values().all(|&n| n == files) {
        Zone::rows(rows.keys().map(|&r| Int::from(i64::from(r))))
    } else {
        Zone::squares(
            squares
                .iter()
                .map(|&(f, r)| Coord::new(i64::from(f), i64::from(r))),
        )
    }
}

/// The icn-rules variant of a resolved section.
///
/// # Errors
/// Every option the rule objects cannot hold, by name and place.
///
/// ```
/// use icn_adapters::fsf::{read_file, to_variant};
/// let f = read_file("[mini:chess]\nmaxFile = 6\nmaxRank = 6\nstartFen = rnbkqr/pppppp/6/6/PPPPPP/RNBKQR w - - 0 1\ncastling = false\ndoubleStep = false\npromotionRegionWhite = *6\n");
/// let v = to_variant(f.sections[0].result.as_ref().unwrap()).unwrap();
/// assert_eq!(v.position.pieces.len(), 24);
/// let zh = read_file("[zh:crazyhouse]\n");
/// let v = to_variant(zh.sections[0].result.as_ref().unwrap()).unwrap();
/// assert!(v.rules.drops.is_some_and(|d| d.captures_to_hand));
/// let refused = read_file("[cam:cambodian]\n");
/// let e = to_variant(refused.sections[0].result.as_ref().unwrap()).unwrap_err();
/// assert!(e.iter().any(|r| r.option == "cambodianMoves"));
/// ```
pub fn to_variant(v: &Resolved) -> Result<Variant, Vec<Refusal>> {
    lowered(v).map(|(variant, _)| variant)
}

/// The piece letters of a section (lowercase) and the kinds
/// [`to_variant`] gives them: how to read the letters of its moves.
///
/// # Errors
/// As [`to_variant`].
///
/// ```
/// use icn_adapters::fsf::{lower::piece_letters, read_file};
/// let f = read_file("[w:wolf]\n");
/// let letters = piece_letters(f.sections[0].result.as_ref().unwrap()).unwrap();
/// assert_eq!(letters[&'q'], icn_model::PieceKind::Queen);
/// assert!(letters.contains_key(&'s')); // the sergeant
/// ```
pub fn piece_letters(v: &Resolved) -> Result<BTreeMap<char, PieceKind>, Vec<Refusal>> {
    let (_, pieces) = lowered(v)?;
    Ok(pieces.iter().map(|p| (p.def.letter, p.kind)).collect())
}

/// The variant and its pieces as lowered.
fn lowered(v: &Resolved) -> Result<(Variant, Vec<Lowered>), Vec<Refusal>> {
    let mut l = Lowering {
        v,
        refusals: Vec::new(),
        files: 8,
        ranks: 8,
        castles: Vec::new(),
        checks: None,
        zone_doubles: Vec::new(),
    };
    l.files = l
        .text("maxFile")
        .and_then(|(t, _)| options::file(&t))
        .unwrap_or(8);
    l.ranks = l
        .text("maxRank")
        .and_then(|(t, _)| options::rank(&t))
        .unwrap_or(8);
    unsupported(&mut l);
    // Double steps: the region of each side (empty when doubleStep is off).
    let double = l.flag("doubleStep", true);
    let regions = [
        if double {
            l.squares("doubleStepRegionWhite", "*2")
        } else {
            Vec::new()
        },
        if double {
            l.squares("doubleStepRegionBlack", "*7")
        } else {
            Vec::new()
        },
    ];
    for f in ["tripleStepRegionWhite", "tripleStepRegionBlack"] {
        if double
            && !l.squares(f, "-").is_empty()
            && let Some(o) = l.origin_of(f)
        {
            l.refuse(
                &o,
                "triple steps leave two en passant squares; the model holds one",
            );
        }
    }
    // Initial moves stay part of a piece while double steps are on; only
    // pieces in the region get the `+` right to make them.
    let initial_allowed = double;
    // Pieces.
    let ep_w = l.piece_set("enPassantTypesWhite");
    let ep_b = l.piece_set("enPassantTypesBlack");
    let mut defs = Vec::new();
    for def in v.pieces.values() {
        let taker_w = ep_w.contains(def.slot);
        if taker_w != ep_b.contains(def.slot) {
            let o = l
                .origin_of("enPassantTypesWhite")
                .or_else(|| l.origin_of("enPassantTypesBlack"))
                .unwrap_or(def.origin.clone());
            l.refuse(&o, "en passant for one side only: needs the model");
        }
        if let Some(m) = movement_of_piece(&mut l, def, initial_allowed, taker_w) {
            defs.push((def.clone(), m, def.slot == Slot::KING));
        }
    }
    // The move rule's reset pieces; the model's pawn kind goes to Fairy-Stockfish's
    // pawn among them, else to the first of them.
    let resetters = [
        l.piece_set("nMoveRuleTypesWhite"),
        l.piece_set("nMoveRuleTypesBlack"),
    ];
    let pawn = defs
        .iter()
        .map(|d| d.0.slot)
        .filter(|&s| resetters[0].contains(s))
        .min_by_key(|&s| s != Slot::PAWN);
    let pieces = assign(defs, pawn);
    let (movements, royals) = movements_and_royals(&pieces);
    let mut rules = RuleSet {
        region: Region::finite(i64::from(l.files), i64::from(l.ranks)),
        movements,
        royals,
        ..RuleSet::default()
    };
    let kinds_of = |set: &PieceSet| super::lower_pieces::kinds_in(&pieces, set);
    // Each side's resetters, joined: the same unless a side can have a kind
    // only the other's set names (checked with the position below).
    let side_resetters = resetters
        .clone()
        .map(|set| -> BTreeSet<PieceKind> { kinds_of(&set).into_iter().collect() });
    rules.draws.move_rule_resetters = side_resetters[0]
        .union(&side_resetters[1])
        .copied()
        .collect();
    // A variant without the pawn kind keeps the default set, which then
    // says the same.
    if pieces.iter().all(|p| p.kind != PieceKind::Pawn) {
        rules.draws.move_rule_resetters.insert(PieceKind::Pawn);
    }
    rules.en_passant = EnPassant {
        leavers: pieces
            .iter()
            .filter(|p| p.movement.components.iter().any(|c| c.sets_en_passant))
            .map(|p| p.kind)
            .collect(),
        takers: kinds_of(&ep_w).into_iter().collect(),
    };
    let position = position(&mut l, &pieces, &regions);
    if let Some((p, _)) = &position {
        super::lower_drops::castling_drops_position(&mut l, p, &pieces);
    }
    promotions(&mut l, &mut rules, &pieces);
    rules.castling = castling(&mut l, &pieces);
    rules.drops = super::lower_drops::drops(&mut l, &rules, &pieces, &regions);
    super::lower_shogi::promotions(&mut l, &mut rules, &pieces);
    super::lower_limits::promotion_limits(&mut l, &mut rules, &pieces);
    ends(&mut l, &mut rules);
    super::lower_atomic::lower(&mut l, &mut rules, &pieces);
    super::lower_bare::lower(&mut l, &mut rules, &pieces);
    super::lower_extinction::lower(&l, &mut rules, &pieces);
    super::lower_rules::flags(&mut l, &mut rules, &pieces);
    super::lower_rules::en_passant_zones(&l, &mut rules);
    super::lower_xiangqi::lower(&mut l, &mut rules, &pieces);
    super::lower_janggi::lower(&mut l, &mut rules, &pieces);
    super::counting::lower(&l, &mut rules, &pieces);
    for (kind, movement) in std::mem::take(&mut l.zone_doubles) {
        for (side, player) in [(0, icn_model::Player::WHITE), (1, icn_model::Player::BLACK)] {
            rules.limits.zone_moves.push(icn_rules::limits::ZoneMoves {
                kind,
                player,
                zone: Some(zone(&regions[side], l.files)),
                unmoved_only: false,
                not_in_check: false,
                movement: movement.clone(),
                captures: false,
            });
        }
    }
    let (region, position) = match position {
        Some((p, walls)) => (walls, p),
        None => (BTreeSet::new(), Position::default()),
    };
    rules.region.excluded = region;
    super::lower_atomic::check_alone(&mut l, &mut rules, &pieces, &position);
    resetters_per_side(&mut l, &rules, &position, &side_resetters);
    super::lower_bare::check_counts(&mut l, &rules, &position);
    if !l.refusals.is_empty() {
        return Err(l.refusals);
    }
    let mut position = position;
    if let Some(limit) = rules.draws.move_rule.clone() {
        let played = position
            .move_rule
            .as_ref()
            .map_or(Int::ZERO, |m| m.played.clone());
        position.move_rule = Some(MoveRule { played, limit });
    } else {
        position.move_rule = None;
    }
    Ok((Variant::named(v.name.clone(), rules, position), pieces))
}

/// Refuses `nMoveRuleTypesWhite`/`Black` that differ where it matters: the
/// model's one set of resetters says both only when no side can have a kind
/// that the other side's set names and its own does not.
fn resetters_per_side(
    l: &mut Lowering<'_>,
    rules: &RuleSet,
    position: &Position,
    sets: &[BTreeSet<PieceKind>; 2],
) {
    if sets[0] == sets[1] {
        return;
    }
    let Some(o) = l
        .origin_of("nMoveRuleTypesWhite")
        .or_else(|| l.origin_of("nMoveRuleTypesBlack"))
    else {
        return;
    };
    let captures_to_hand = rules.drops.as_ref().is_some_and(|d| d.captures_to_hand);
    for (side, player) in [(0, icn_model::Player::WHITE), (1, icn_model::Player::BLACK)] {
        let reachable = |k: &&PieceKind| {
            captures_to_hand
                || super::lower_atomic::most_side_can_have(rules, position, player, **k) > 0
        };
        if let Some(k) = sets[1 - side].difference(&sets[side]).find(reachable) {
            l.refuse(
                &o,
                format!(
                    "different piece types per side reset the move rule, and {player} can have `{}`, which resets only the other side's: needs the model",
                    k.code()
                ),
            );
            return;
        }
    }
}
