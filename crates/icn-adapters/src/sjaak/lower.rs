//! A [`SjaakVariant`] as icn-rules objects: [`to_variant`].
//!
//! The board `FILESxRANKS` becomes a finite region from `1,1` (a1) with the
//! `Exclude:` squares excluded; zones become square sets (whole board rows
//! become rows). Each piece's `Move:`/`Capture:`/`Initial:` lines become one
//! [`Movement`]; the piece is mapped onto the ICN kind that moves the same
//! way ([`kind_with_movement`]) — or the kind it is named after (`Piece:
//! Hawk`), as [`super::from_variant`] names them — or, when none does or it
//! is taken, onto a kind of the variant's own, coded by its letter (else by
//! its name: [`icn_rules::pieces::own_code`]), defined in
//! [`RuleSet::movements`] with its name in [`RuleSet::piece_names`]; there is
//! no limit on the number of piece types. `royal`,
//! `set_ep` and `take_ep` become royalty and en passant; `Castle:` lines
//! become the site rule when they are exactly what it allows (king two
//! squares toward a rook at least three away, the rook landing on the square
//! crossed), else explicit castling moves; `Promotion:` becomes promotion
//! rules (Sjaak's default optional promotion: optional, compulsory on the
//! zone squares the piece could never leave, [`PromotionRule::forced`]);
//! `Rule:` end conditions become win, stalemate, repetition and
//! perpetual-check rules. The `FEN:` becomes the start position: a piece gets
//! its `+` right when a castling letter names a `Castle:` line whose piece
//! stands on its square, when it has `Initial:` moves, or when it stands in
//! its `Special:` zone. `Value:`, `Symbol:`'s SAN letter and the `XBoard`
//! lines carry no rules and are not kept.
//!
//! Sjaak plays a piece's `Special:` (or `Initial:`) moves *instead of* its
//! quiet moves where they apply. When the special moves keep every quiet
//! move (a pawn's `step 2N` holds its step) and the piece can only be in its
//! zone unmoved, they become components needing the `+` right; otherwise
//! they become [`ZoneMoves`] (`Initial:` first: it takes precedence; a
//! royal in check plays its ordinary moves, as in Sjaak), which the engine
//! plays exactly as Sjaak does (supercapablanca's and chaturanga's king
//! leaps, Wildebeest's and Theban's pawns that step back into their zone).
//!
//! The limits of [`icn_rules::limits`]: `WhiteFlag`/`BlackFlag` become the
//! flag squares of Black/White and `captureanyflag`/`captureallflags = win`
//! the flag wins; `Prison:` a confinement zone; `Max:` piece limits (and
//! Sjaak's default limit of one for a royal kind some promotion offers);
//! `taboo` the flying-general rule; `chase rule` is kept as data; `loneking
//! = loss` and `bare rule` the bare-king win ([`WinRule::BareKing`]), `bare
//! rule` with the bare-king reply. Sjaak II itself scores a lone king only
//! under `bare rule`; the rule objects take `loneking = loss` as written
//! (Ninth Century Indian Chess). Each `Promotion:` line is its own rule (a
//! piece may promote to different pieces on different squares: Viceroy,
//! chaturanga); `Optional promotion:` zones say where the piece may stay
//! unpromoted, its choices one more rule there (Sherwin's Chess).
//! Every variant that reaches the rule objects is checked against Sjaak II's
//! own perft (`fixtures/sjaak/perft.tsv`).
//!
//! The holdings rules (`keep capture`, `allow drops`, `allow pickup`, the
//! `drop_*` flags, `Drop zone:`, pieces in hand, `+` pieces) are lowered by
//! `lower_drops`; a promotion choice `+` names the piece `+X` of a piece
//! `X`, and promotion is offered on moves leaving the zone where Sjaak offers
//! it ([`PromotionRule::from_zone`]). The lion flags `no_retaliate` and
//! `endangered` become [`icn_rules::limits::LionRules`] (`lion`), and the
//! castling field of the FEN anchors castling where Sjaak II does
//! (`castle_anchor`).
//!
//! Refused, each with its name ([`Refusal`]): flags other than
//! `royal`/`set_ep`/`take_ep`, the drop flags and the lion flags, special rules other than
//! those named here, other end conditions and scores (`perpetual = illegal`
//! is the perpetual-check loss), a missing `FEN:` or `Symbol:`, and leaps of
//! more than two legs.

use std::collections::{BTreeMap, BTreeSet};

use icn_model::{Coord, Int, MoveRule, PieceKind, PlacedPiece, Player};
use icn_rules::limits::ZoneMoves;
use icn_rules::movement::{kind_with_movement, movement_of, royal_by_default};
use icn_rules::{
    Action, CastleMove, Castling, Component, EnPassant, Movement, Outcome, Pattern, PromotionRule,
    Region, RepetitionResult, RuleSet, Variant, WinRule, Zone,
};

use super::{RuleItem, Score, SjaakPiece, SjaakVariant, Sq};

/// A feature of a Sjaak variant the rule objects cannot express.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{variant}: {feature} cannot be expressed in the rule objects")]
pub struct Refusal {
    /// The variant's name.
    pub variant: String,
    /// The feature, named as the file names it.
    pub feature: String,
}

/// The ICN square of a Sjaak square.
pub fn coord_of(s: Sq) -> Coord {
    Coord::new(i64::from(s.file) + 1, i64::from(s.rank) + 1)
}

fn zone_of(v: &SjaakVariant, squares: &[Sq]) -> Zone {
    let mut by_rank: BTreeMap<u8, usize> = BTreeMap::new();
    for s in squares {
        *by_rank.entry(s.rank).or_default() += 1;
    }
    let full = !squares.is_empty()
        && by_rank.values().all(|&n| n == usize::from(v.files))
        && squares.iter().collect::<BTreeSet<_>>().len() == squares.len();
    if full {
        Zone::rows(by_rank.keys().map(|&r| Int::from(i64::from(r) + 1)))
    } else {
        Zone::squares(squares.iter().map(|&s| coord_of(s)))
    }
}

struct Lowering<'a> {
    v: &'a SjaakVariant,
    refusals: Vec<String>,
    /// The zone moves of the piece last lowered by [`Lowering::movement`],
    /// without their kind (given once the piece has one).
    zone_moves: Vec<ZoneMoves>,
}

impl Lowering<'_> {
    fn refuse(&mut self, feature: impl Into<String>) {
        let f = feature.into();
        if !self.refusals.contains(&f) {
            self.refusals.push(f);
        }
    }

    fn zone(&self, name: &str) -> Vec<Sq> {
        self.v.zone(name).unwrap_or_default()
    }

    /// Whether every image of every component is forward (dy > 0 for White).
    /// Whether a piece could stand in its `Special:` zone having moved there,
    /// from where the start position puts it (on the empty board). Sjaak then
    /// allows the special moves again; the rule objects tie them to the
    /// unmoved piece, so such a variant is refused.
    fn enters_special_zone(&self, p: &SjaakPiece, plain: &Movement) -> bool {
        let v = self.v;
        let Some(idx) = v.pieces.iter().position(|q| std::ptr::eq(q, p)) else {
            return true;
        };
        // Stand-in kinds, one per piece type, to find this piece in the FEN.
        let mut kinds: Vec<PieceKind> = Vec::new();
        for _ in &v.pieces {
            let taken = kinds.iter().copied().collect();
            kinds.push(icn_rules::pieces::own_code(&["S"], "", &taken));
        }
        let Some(pos) = super::position::position_of(v, &kinds, &mut |_| {}) else {
            return true;
        };
        let mut board = icn_rules::reference::RefBoard::new();
        board.bounds = Some(icn_rules::reference::Bounds::rect(
            1,
            1,
            i64::from(v.files),
            i64::from(v.ranks),
        ));
        let xy = |c: &icn_model::Coord| {
            (
                c.x.to_i64().unwrap_or_default(),
                c.y.to_i64().unwrap_or_default(),
            )
        };
        for player in [Player::WHITE, Player::BLACK] {
            let zone: BTreeSet<(i64, i64)> = p
                .specials
                .iter()
                .flat_map(|(zw, zb, _)| {
                    let z = if player == Player::WHITE { zw } else { zb };
                    v.zone(z).unwrap_or_default()
                })
                .map(|q| xy(&coord_of(q)))
                .collect();
            let mover = icn_model::Piece::new(kinds[idx], player);
            let mut frontier: Vec<(i64, i64)> = pos
                .pieces
                .iter()
                .filter(|pp| pp.piece == mover)
                .map(|pp| xy(&pp.at))
                .collect();
            let mut seen: BTreeSet<(i64, i64)> = frontier.iter().copied().collect();
            while let Some(at) = frontier.pop() {
                board.pieces.clear();
                board.put(at, mover, false);
                for d in board.destinations_by(at, mover, plain) {
                    if zone.contains(&d.to) {
                        return true;
                    }
                    if seen.insert(d.to) {
                        frontier.push(d.to);
                    }
                }
            }
        }
        false
    }

    /// Whether, from every square where the piece may use its `Special:`
    /// (or `Initial:`) moves, those moves reach every square its own quiet
    /// moves reach on the empty board. Sjaak plays the special moves *instead
    /// of* the quiet ones there; the rule objects add them, which is the same
    /// game only when nothing is left out (a pawn's `step 2N` holds its
    /// single step; supercapablanca's king leap does not hold the king's
    /// steps).
    fn keeps_own_moves(&self, p: &SjaakPiece, plain: &Movement, right_moves: &[Component]) -> bool {
        let v = self.v;
        let quiet = |c: &Component| matches!(c.action, Action::MoveOnly | Action::MoveOrCapture);
        let own = Movement {
            components: plain
                .components
                .iter()
                .filter(|c| quiet(c))
                .cloned()
                .collect(),
        };
        let special = Movement {
            components: right_moves.to_vec(),
        };
        let mut board = icn_rules::reference::RefBoard::new();
        board.bounds = Some(icn_rules::reference::Bounds::rect(
            1,
            1,
            i64::from(v.files),
            i64::from(v.ranks),
        ));
        let mut squares: Vec<(Player, Sq)> = Vec::new();
        for (zw, zb, _) in &p.specials {
            for (player, z) in [(Player::WHITE, zw), (Player::BLACK, zb)] {
                squares.extend(
                    v.zone(z)
                        .unwrap_or_default()
                        .into_iter()
                        .map(|q| (player, q)),
                );
            }
        }
        if !p.initial.is_empty() {
            for rank in 0..v.ranks {
                for file in 0..v.files {
                    for player in [Player::WHITE, Player::BLACK] {
                        squares.push((player, Sq { file, rank }));
                    }
                }
            }
        }
        squares.into_iter().all(|(player, q)| {
            let c = coord_of(q);
            let at = (
                c.x.to_i64().unwrap_or_default(),
                c.y.to_i64().unwrap_or_default(),
            );
            let piece = icn_model::Piece::new(PieceKind::Guard, player);
            board.pieces.clear();
            board.put(at, piece, true);
            let mine = board.destinations_by(at, piece, &own);
            let theirs = board.destinations_by(at, piece, &special);
            mine.is_subset(&theirs)
        })
    }

    /// Sjaak's `Initial:` moves (played instead of the quiet moves by a
    /// piece that has not moved) and `Special:` moves (instead of them in
    /// the zone, only unmoved under `special init`, not by a royal in
    /// check) as zone moves, `Initial:` first (it takes precedence).
    fn zone_moves_of(
        &mut self,
        p: &SjaakPiece,
        initial: Vec<Component>,
        special: Vec<Component>,
        ep: &dyn Fn(Component) -> Component,
    ) {
        let royal = p.flags.iter().any(|f| f == "royal");
        let moves = |cs: Vec<Component>| Movement {
            components: cs.into_iter().map(ep).collect(),
        };
        for player in [Player::WHITE, Player::BLACK] {
            if !initial.is_empty() {
                self.zone_moves.push(ZoneMoves {
                    kind: PieceKind::Pawn,
                    player,
                    zone: None,
                    unmoved_only: true,
                    not_in_check: false,
                    movement: moves(initial.clone()),
                    captures: false,
                });
            }
            if !special.is_empty() {
                let squares: Vec<Sq> = p
                    .specials
                    .iter()
                    .flat_map(|(zw, zb, _)| {
                        self.zone(if player == Player::WHITE { zw } else { zb })
                    })
                    .collect();
                self.zone_moves.push(ZoneMoves {
                    kind: PieceKind::Pawn,
                    player,
                    zone: Some(Zone::squares(squares.iter().map(|&q| coord_of(q)))),
                    unmoved_only: self.v.has_rule("special init"),
                    not_in_check: royal,
                    movement: moves(special.clone()),
                    captures: false,
                });
            }
        }
    }

    fn movement(&mut self, p: &SjaakPiece) -> Movement {
        let mut comps: Vec<Component> = Vec::new();
        let add = |this: &mut Self, descs: &[super::MoveDesc], action: Action| -> Vec<Component> {
            let mut out = Vec::new();
            for d in descs {
                match d.components(action) {
                    Ok(c) => out.extend(c),
                    Err(e) => this.refuse(format!("{} (piece {})", e, p.name)),
                }
            }
            out
        };
        let set_ep = p.flags.iter().any(|f| f == "set_ep");
        let take_ep = p.flags.iter().any(|f| f == "take_ep");
        let move_action = if p.captures.is_some() {
            Action::MoveOnly
        } else {
            Action::MoveOrCapture
        };
        comps.extend(add(self, &p.moves, move_action));
        let captures = add(
            self,
            p.captures.as_deref().unwrap_or(&[]),
            Action::CaptureOnly,
        );
        comps.extend(captures.iter().cloned());
        if take_ep {
            let source = if p.captures.is_some() {
                captures
            } else {
                comps.clone()
            };
            for c in source {
                if matches!(
                    c.pattern,
                    Pattern::Leap { .. } | Pattern::Ride { max: Some(1), .. }
                ) {
                    comps.push(Component {
                        action: Action::EnPassant,
                        ..c
                    });
                }
            }
        }
        let plain = Movement {
            components: comps.clone(),
        };
        let initial: Vec<super::MoveDesc> = p.initial.clone();
        let initial_moves = add(self, &initial, Action::MoveOnly);
        let mut right_moves = initial_moves.clone();
        let specials: Vec<super::MoveDesc> = p.specials.iter().map(|s| s.2.clone()).collect();
        let special_moves = add(self, &specials, Action::MoveOnly);
        right_moves.extend(special_moves.iter().cloned());
        let ep = |mut c: Component| {
            c.sets_en_passant =
                set_ep && matches!(c.pattern, Pattern::Ride { max: Some(n), .. } if n > 1);
            c
        };
        // The `+` right models them exactly when the piece can only be in
        // its zone unmoved and they keep its quiet moves; otherwise they
        // become zone moves, played instead of the quiet moves as Sjaak does.
        let reenters = !p.specials.is_empty()
            && !self.v.has_rule("special init")
            && self.enters_special_zone(p, &plain);
        self.zone_moves.clear();
        if !right_moves.is_empty() && (reenters || !self.keeps_own_moves(p, &plain, &right_moves)) {
            self.zone_moves_of(p, initial_moves, special_moves, &ep);
        } else {
            for mut c in right_moves {
                c.needs_right = true;
                comps.push(ep(c));
            }
        }
        let mut out = Movement::default();
        for c in comps {
            if !out.components.contains(&c) {
                out.components.push(c);
            }
        }
        out
    }
}

/// The icn-rules variant of a Sjaak variant.
///
/// # Errors
/// Every feature that cannot be expressed, named.
///
/// ```
/// use icn_adapters::sjaak::{read_variants, to_variant};
/// let text = include_str!("../../../../fixtures/sjaak/ok/fide.sjaak");
/// let v = to_variant(&read_variants(text).unwrap()[0]).unwrap();
/// assert_eq!(v.position.pieces.len(), 32);
/// assert!(v.rules.movements.is_empty());
/// ```
pub fn to_variant(v: &SjaakVariant) -> Result<Variant, Vec<Refusal>> {
    let anchored = super::castle_anchor::anchored(v);
    let v = anchored.as_ref().unwrap_or(v);
    let mut l = Lowering {
        v,
        refusals: Vec::new(),
        zone_moves: Vec::new(),
    };
    let mut rules = RuleSet {
        region: Region::finite(i64::from(v.files), i64::from(v.ranks)),
        draws: icn_rules::Draws {
            move_rule: Some(Int::from(100)),
            ..icn_rules::Draws::default()
        },
        ..RuleSet::default()
    };
    rules.region.excluded = v.exclude.iter().map(|&s| coord_of(s)).collect();
    // White captures the `BlackFlag` squares, Black the `WhiteFlag` ones.
    for (player, flag) in [
        (Player::WHITE, &v.black_flag),
        (Player::BLACK, &v.white_flag),
    ] {
        if !flag.is_empty() {
            let zone = Zone::squares(flag.iter().map(|&q| coord_of(q)));
            rules
                .limits
                .flags
                .push(icn_rules::limits::FlagZone::any_piece(player, zone));
        }
    }
    end_rules(&mut l, &mut rules);
    // Pieces → kinds.
    let mut kinds: Vec<PieceKind> = Vec::new();
    let mut taken: BTreeSet<PieceKind> = BTreeSet::new();
    let mut royal_kinds = BTreeSet::new();
    for p in &v.pieces {
        piece_refusals(&mut l, p);
        let m = l.movement(p);
        let royal = p.flags.iter().any(|f| f == "royal");
        // A piece named after a free ICN kind keeps it (what `from_variant` writes).
        let by_name = PieceKind::ALL
            .into_iter()
            .find(|k| format!("{k:?}").eq_ignore_ascii_case(&p.name) && !k.is_neutral_only())
            .filter(|k| !taken.contains(k) && royal_by_default(*k) == royal);
        // Else a kind of the variant's own, named by its letter.
        let kind = by_name
            .or(kind_with_movement(&m, royal).filter(|k| !taken.contains(k)))
            .unwrap_or_else(|| {
                let letter = p.symbol.as_ref().map_or("", |s| s.1.as_str());
                // A promoted piece (`+P`) is coded by its name's initials
                // (Promoted Pawn: `PP`, Dragon Horse: `DH`) where free.
                let initials = super::lower_drops::initials(&p.name);
                let wanted: Vec<&str> = if letter.starts_with('+') {
                    vec![initials.as_str(), letter]
                } else {
                    vec![letter]
                };
                let own = icn_rules::pieces::own_code(&wanted, &p.name, &taken);
                rules.piece_names.insert(own, p.name.clone());
                own
            });
        if !kind.is_builtin() || !m.same_as(&movement_of(kind)) {
            rules.movements.insert(kind, m.canonical());
        }
        if royal {
            royal_kinds.insert(kind);
        }
        for mut z in std::mem::take(&mut l.zone_moves) {
            z.kind = kind;
            rules.limits.zone_moves.push(z);
        }
        piece_limits(&l, p, kind, &mut rules);
        taken.insert(kind);
        kinds.push(kind);
    }
    rules.royals = PieceKind::ALL
        .into_iter()
        .filter(|k| royal_by_default(*k) && !taken.contains(k))
        .chain(royal_kinds)
        .collect();
    let flagged = |f: &str| -> BTreeSet<PieceKind> {
        v.pieces
            .iter()
            .zip(&kinds)
            .filter(|(p, _)| p.flags.iter().any(|x| x == f))
            .map(|(_, &k)| k)
            .collect()
    };
    rules.en_passant = EnPassant {
        leavers: flagged("set_ep"),
        takers: flagged("take_ep"),
    };
    rules.limits.lion = super::lion::lion_rules(flagged("no_retaliate"), flagged("endangered"));
    promotions(&mut l, &mut rules, &kinds);
    rules.drops = super::lower_drops::drops_of(v, &kinds, &mut |f| l.refuse(f));
    castling(&mut rules, v, &kinds);
    let position = super::position::position_of(v, &kinds, &mut |f| l.refuse(f));
    if !l.refusals.is_empty() {
        return Err(l
            .refusals
            .into_iter()
            .map(|feature| Refusal {
                variant: v.name.clone(),
                feature,
            })
            .collect());
    }
    let mut position = position.unwrap_or_default();
    // Pieces in hand without rules that use them stay there (Sjaak ignores
    // them: Caissa Britannia's knights).
    if rules.drops.is_none() && !position.holdings.is_empty() {
        rules.drops = Some(icn_rules::Drops {
            allowed: false,
            captures_to_hand: false,
            ..icn_rules::Drops::default()
        });
    }
    position.move_rule = Some(MoveRule {
        played: position
            .move_rule
            .as_ref()
            .map_or(Int::ZERO, |m| m.played.clone()),
        limit: Int::from(100),
    });
    Ok(Variant::named(v.name.clone(), rules, position))
}

fn piece_refusals(l: &mut Lowering<'_>, p: &SjaakPiece) {
    for f in &p.flags {
        // The drop flags are read with the holdings rules (`lower_drops`).
        let known = ["royal", "set_ep", "take_ep", "no_retaliate", "endangered"]
            .contains(&f.as_str())
            || f.starts_with("drop_");
        if !known {
            l.refuse(format!("the flag `{f}` (piece {})", p.name));
        }
    }
    if p.symbol.is_none() {
        l.refuse(format!("a piece without `Symbol` ({})", p.name));
    }
}

/// `Prison:` and `Max:` of the piece lowered to `kind`. Sjaak's default
/// limit, one piece, holds for royal kinds; it is written only when some
/// promotion could make one (the only way to get another).
fn piece_limits(l: &Lowering<'_>, p: &SjaakPiece, kind: PieceKind, rules: &mut RuleSet) {
    let v = l.v;
    if let Some((zw, zb)) = &p.prison {
        for (player, z) in [(Player::WHITE, zw), (Player::BLACK, zb)] {
            let squares = l.zone(z);
            rules.limits.prisons.push(icn_rules::limits::Prison {
                kind,
                player,
                zone: Zone::squares(squares.iter().map(|&q| coord_of(q))),
                attacks_outside: false,
            });
        }
    }
    let royal = p.flags.iter().any(|f| f == "royal");
    let symbol = p.symbol.as_ref().map(|s| s.1.clone()).unwrap_or_default();
    let white = symbol.split(',').next().unwrap_or_default().to_string();
    let promoted_to = v.pieces.iter().any(|q| {
        q.promotions
            .iter()
            .chain(q.optional_promotion.iter())
            .any(|(_, _, c)| !white.is_empty() && c.contains(white.as_str()))
    });
    for (i, player) in [Player::WHITE, Player::BLACK].into_iter().enumerate() {
        let given = p
            .max
            .as_ref()
            .and_then(|m| m.get(i).or(m.first()).copied())
            .unwrap_or(0);
        let max = match given {
            0 if royal => 1,
            0 => continue,
            n => n,
        };
        if max == 1 && royal && !promoted_to {
            continue;
        }
        rules
            .limits
            .piece_limits
            .push(icn_rules::limits::PieceLimit { kind, player, max });
    }
}

fn end_rules(l: &mut Lowering<'_>, rules: &mut RuleSet) {
    let mut wins = vec![WinRule::Checkmate];
    for r in &l.v.rules.clone() {
        match r {
            RuleItem::Special(s)
                if [
                    "special init",
                    "keep capture",
                    "allow drops",
                    "allow pickup",
                    "gate drops",
                ]
                .contains(&s.as_str()) => {}
            RuleItem::Special(s) if s == "forced capture" => rules.forced_capture = true,
            RuleItem::Special(s) if s == "taboo" => rules.limits.flying_general = true,
            RuleItem::Special(s) if s == "chase rule" => rules.limits.chase_rule = true,
            RuleItem::Special(s) if s == "en-passant check" => {
                rules.limits.no_passing_check = true;
            }
            RuleItem::Special(s) if s == "bare rule" => {
                rules.limits.bare_reply = true;
                if !wins.contains(&WinRule::BareKing) {
                    wins.push(WinRule::BareKing);
                }
            }
            RuleItem::Special(s) => l.refuse(format!("the rule `{s}`")),
            RuleItem::End {
                condition,
                n,
                score,
            } => match (condition.as_str(), score) {
                ("checkmate", Score::Win) => {}
                ("checkmate", Score::Loss) => wins = vec![WinRule::Checkmated],
                ("stalemate", Score::Draw) => rules.stalemate = Outcome::Draw,
                ("stalemate", Score::Win) => rules.stalemate = Outcome::Loss,
                ("stalemate", Score::Loss) => rules.stalemate = Outcome::Win,
                ("repeat", Score::Draw | Score::Win | Score::Loss) => {
                    rules.draws.repetition = match n.unwrap_or(3) {
                        0 => None,
                        k => Some(k),
                    };
                    // The score is the last mover's.
                    rules.draws.repetition_result = RepetitionResult::ToMove(match score {
                        Score::Win => Outcome::Loss,
                        Score::Loss => Outcome::Win,
                        _ => Outcome::Draw,
                    });
                }
                ("perpetual", Score::Repeat) => {}
                ("perpetual", Score::Loss | Score::Illegal) => {
                    rules.losses.perpetual_check = Some(n.unwrap_or(3));
                }
                ("check", Score::Win) => wins.push(WinRule::Checks(n.unwrap_or(3))),
                ("nopieces", Score::Win) => wins.push(WinRule::NoPiecesLeft),
                ("captureanyflag", Score::Win) => wins.push(WinRule::FlagAny),
                ("captureallflags", Score::Win) => wins.push(WinRule::FlagAll),
                ("loneking", Score::Loss) => {
                    if !wins.contains(&WinRule::BareKing) {
                        wins.push(WinRule::BareKing);
                    }
                }
                _ => {
                    let n = n.map(|n| n.to_string()).unwrap_or_default();
                    l.refuse(format!("the rule `{condition}{n} = {}`", score.word()));
                }
            },
        }
    }
    rules.wins = vec![(Player::WHITE, wins.clone()), (Player::BLACK, wins)];
}

fn symbol_kind(v: &SjaakVariant, kinds: &[PieceKind], c: char) -> Option<PieceKind> {
    v.pieces.iter().zip(kinds).find_map(|(p, &k)| {
        let (san, w, _) = p.symbol.as_ref()?;
        (w == &c.to_string() || san == &c.to_string()).then_some(k)
    })
}

/// Whether a piece with `m` has no move from any square of `zone` (for White).
/// Whether a piece moving as `m` for `player` could never leave `s` (every
/// move goes off the board or onto an excluded square).
pub(super) fn is_dead_end(v: &SjaakVariant, m: &Movement, s: Sq, player: Player) -> bool {
    let fwd = if player == Player::WHITE {
        icn_rules::Vector::new(0, 1)
    } else {
        icn_rules::Vector::new(0, -1)
    };
    m.components.iter().all(|c| {
        let Some(ends) = c.landing_vectors() else {
            return false;
        };
        ends.iter().all(|&e| {
            let d = c.frame.apply(e, fwd);
            let (x, y) = (i64::from(s.file) + d.dx, i64::from(s.rank) + d.dy);
            let off =
                !(0..i64::from(v.files)).contains(&x) || !(0..i64::from(v.ranks)).contains(&y);
            off || v.exclude.contains(&Sq {
                file: x as u8,
                rank: y as u8,
            })
        })
    })
}

/// Whether a piece moving as `m` for `player`, standing unpromoted on a
/// square of `zone` that is not `compulsory`, has a move (on the empty board)
/// that leaves the zone. Sjaak offers promotion on moves that start in the
/// zone too; the rule says so ([`PromotionRule::from_zone`]) where it can
/// matter.
fn leaves_zone(
    v: &SjaakVariant,
    m: &Movement,
    zone: &[Sq],
    compulsory: &[Sq],
    player: Player,
) -> bool {
    let fwd = if player == Player::WHITE {
        icn_rules::Vector::new(0, 1)
    } else {
        icn_rules::Vector::new(0, -1)
    };
    let (files, ranks) = (i64::from(v.files), i64::from(v.ranks));
    let outside = |x: i64, y: i64| {
        if !(0..files).contains(&x) || !(0..ranks).contains(&y) {
            return false;
        }
        let sq = Sq {
            file: x as u8,
            rank: y as u8,
        };
        !v.exclude.contains(&sq) && !zone.contains(&sq)
    };
    let standing = zone.iter().filter(|s| !compulsory.contains(s));
    standing.into_iter().any(|s| {
        m.components.iter().any(|c| {
            let Some(ends) = c.landing_vectors() else {
                return true;
            };
            let reach = match c.pattern {
                Pattern::Ride { max, .. } => {
                    i64::from(max.unwrap_or(u32::MAX)).min(files.max(ranks))
                }
                Pattern::Hop { .. } | Pattern::Grasshopper { .. } => files.max(ranks),
                _ => 1,
            };
            ends.iter().any(|&e| {
                let d = c.frame.apply(e, fwd);
                (1..=reach)
                    .any(|k| outside(i64::from(s.file) + d.dx * k, i64::from(s.rank) + d.dy * k))
            })
        })
    })
}

/// `Promotion:` lines become one rule each (a piece may have several, with
/// their own zones and choices; identical rules of two pieces become one).
/// Sjaak's default: promotion is optional, compulsory on the zone squares the
/// piece could never leave. An `Optional promotion: ZONE_W, ZONE_B` line
/// replaces that default: the piece may stay as it is only on those
/// squares, and its `"CHOICES"`, when written, are one more rule there.
fn promotions(l: &mut Lowering<'_>, rules: &mut RuleSet, kinds: &[PieceKind]) {
    let v = l.v;
    let mut out: Vec<PromotionRule> = Vec::new();
    for (p, &kind) in v.pieces.iter().zip(kinds) {
        let mut lines: Vec<(&String, &String, &String, bool)> = p
            .promotions
            .iter()
            .map(|(zw, zb, c)| (zw, zb, c, false))
            .collect();
        if let Some((ow, ob, c)) = &p.optional_promotion
            && !c.is_empty()
        {
            lines.push((ow, ob, c, true));
        }
        for (zw, zb, choices, optional_line) in lines {
            let mut kinds_out = Vec::new();
            for c in choices.chars() {
                if c == '+' {
                    let promoted = format!("+{}", super::lower_drops::white_symbol(p));
                    match super::lower_drops::kind_of_symbol(v, kinds, &promoted) {
                        Some(k) => kinds_out.push(k),
                        None => l.refuse(format!(
                            "promotion choice `+` of piece {}: no piece `{promoted}`",
                            p.name
                        )),
                    }
                } else if let Some(k) = symbol_kind(v, kinds, c) {
                    kinds_out.push(k);
                } else {
                    l.refuse(format!("promotion choice `{c}` that names no piece"));
                }
            }
            let m = rules.movement(kind);
            for (player, zname) in [(Player::WHITE, zw), (Player::BLACK, zb)] {
                let squares = l.zone(zname);
                // No square (the `empty` zone): that side does not promote.
                if squares.is_empty() {
                    continue;
                }
                // The squares where the piece must promote: off the
                // optional zone when one is given, else the dead ends.
                let compulsory: Vec<Sq> = match &p.optional_promotion {
                    _ if optional_line => Vec::new(),
                    Some((ow, ob, _)) => {
                        let optional = l.zone(if player == Player::WHITE { ow } else { ob });
                        squares
                            .iter()
                            .copied()
                            .filter(|q| !optional.contains(q))
                            .collect()
                    }
                    None => squares
                        .iter()
                        .copied()
                        .filter(|&s| is_dead_end(v, &m, s, player))
                        .collect(),
                };
                let (mandatory, forced) = if compulsory.len() == squares.len() {
                    (true, Zone::empty())
                } else if compulsory.is_empty() {
                    (false, Zone::empty())
                } else {
                    (false, zone_of(v, &compulsory))
                };
                let from_zone = compulsory.len() < squares.len()
                    && leaves_zone(v, &m, &squares, &compulsory, player);
                let rule = PromotionRule {
                    from_zone,
                    player,
                    promoting: [kind].into_iter().collect(),
                    zone: zone_of(v, &squares),
                    choices: kinds_out.clone(),
                    mandatory,
                    forced,
                    by_move: false,
                    demotes: false,
                    on_capture: false,
                };
                match out.iter_mut().find(|r| {
                    r.player == rule.player
                        && r.from_zone == rule.from_zone
                        && r.zone == rule.zone
                        && r.choices == rule.choices
                        && r.mandatory == rule.mandatory
                        && r.forced == rule.forced
                }) {
                    Some(r) => {
                        r.promoting.insert(kind);
                    }
                    None => out.push(rule),
                }
            }
        }
    }
    rules.promotions = out;
}

fn castling(rules: &mut RuleSet, v: &SjaakVariant, kinds: &[PieceKind]) {
    let mut explicit = Vec::new();
    let mut site_like = true;
    let mut castlers = BTreeSet::new();
    for (p, &kind) in v.pieces.iter().zip(kinds) {
        for c in &p.castles {
            castlers.insert(kind);
            site_like &= c.also.is_empty();
            for &to in std::iter::once(&c.to).chain(&c.also) {
                let east = to.file > c.from.file;
                let partner_to = Sq {
                    file: if east { to.file - 1 } else { to.file + 1 },
                    rank: to.rank,
                };
                let same_rank = c.from.rank == to.rank && to.rank == c.with.rank;
                let two = c.from.file.abs_diff(to.file) == 2;
                let toward = (c.with.file > c.from.file) == east;
                let far = c.from.file.abs_diff(c.with.file) >= 3;
                site_like &= same_rank && two && toward && far;
                explicit.push(CastleMove {
                    player: c.player,
                    king_from: coord_of(c.from),
                    king_to: coord_of(to),
                    partner_from: coord_of(c.with),
                    partner_to: coord_of(partner_to),
                });
            }
        }
    }
    rules.castling = if explicit.is_empty() {
        Castling::none()
    } else if site_like && castlers.iter().all(|&k| k == PieceKind::King) {
        // The site rule castles with any non-pawn holding `+`; when pieces
        // other than the castling partners get `+` (from `Initial:` or
        // `Special:` moves), narrow the partners to the `Castle:` pieces.
        // So do file letters in the FEN's castling field (Musketeer's
        // gating rights for every back-rank piece).
        let file_rights = v.fen.as_deref().is_some_and(|f| {
            f.split_whitespace()
                .nth(2)
                .is_some_and(|c| c.chars().any(|ch| !"KQkq-".contains(ch)))
        });
        let others_with_rights = file_rights
            || v.pieces.iter().zip(kinds).any(|(p, &k)| {
                k != PieceKind::Pawn && (!p.initial.is_empty() || !p.specials.is_empty())
            });
        let mut c = Castling::site();
        if others_with_rights {
            c.partners = Some(partner_kinds_of(v, kinds));
        }
        c
    } else {
        Castling {
            explicit,
            ..Castling::none()
        }
    };
}

/// The kinds of the pieces standing on a `Castle:` line's partner square in
/// the start FEN (rooks, usually); Sjaak's FEN is read by symbol only here.
fn partner_kinds_of(v: &SjaakVariant, kinds: &[PieceKind]) -> BTreeSet<PieceKind> {
    let mut out = BTreeSet::new();
    let mut refuse = |_: String| {};
    if let Some(pos) = super::position::position_of(v, kinds, &mut refuse) {
        for d in v.pieces.iter().flat_map(|p| &p.castles) {
            if let Some(p) = pos.piece_at(&coord_of(d.with)) {
                out.insert(p.piece.kind);
            }
        }
    }
    out
}

/// The rights, squares and pieces of a start position (used by the FEN reader).
pub(super) fn placed(kind: PieceKind, player: Player, s: Sq, right: bool) -> PlacedPiece {
    PlacedPiece {
        promoted_from: None,
        piece: icn_model::Piece::new(kind, player),
        at: coord_of(s),
        special_right: right,
    }
}
