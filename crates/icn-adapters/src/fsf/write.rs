//! Any variant the rule objects hold, as a `variants.ini` section that
//! Fairy-Stockfish loads: [`write_section`].
//!
//! The section has no parent, so every rule is written out: the board
//! (`maxFile`, `maxRank`: a finite rectangle of at most 12 files and 10
//! ranks, moved so its lower-left corner is a1; excluded squares and voids
//! become `*` walls), one slot per piece kind (the orthodox pawn as
//! `pawn`, the royal kind as `king`, the rest as `customPieceN` with Betza
//! from [`super::betza_write`]), `startFen` with castling rights (or gates),
//! en passant square and move counters, the double-step regions (the squares where
//! pieces with initial moves hold their `+` right, or where they double-step
//! whenever they stand there: `write_doubles`), the move rule's
//! reset pieces, en passant types and regions, promotion per side, castling (files and partners), and the end rules.
//!
//! Refused, with the reason: unbounded or too large boards, obstacles, more
//! than one royal kind or 25 custom pieces, movements Betza cannot say, more
//! than two players or another turn order, a slide limit shorter than the
//! board, a material count other than Fairy-Stockfish's four, n-check counts that differ, win rules Fairy-Stockfish has
//! no option for (royal capture), `loss=` rules, extra properties, castling
//! Fairy-Stockfish cannot say (other files per side, a king off its rank),
//! and `+` rights the double-step region cannot give exactly.

use std::collections::{BTreeMap, BTreeSet};

use icn_model::{Coord, PieceKind, Player};
use icn_rules::{Component, Frame, Movement, Variant, Vector, Zone};

use super::betza_write;
use super::slots::Slot;
use super::write_rules::{castling, ends, fen};

/// The White-relative vectors a component reaches (its images; for a lame
/// leap the whole leap).
pub(super) fn white_vectors(c: &Component) -> Vec<Vector> {
    c.landing_vectors().unwrap_or_default()
}

pub(super) struct Out {
    pub files: i64,
    pub ranks: i64,
    pub dx: i64,
    pub dy: i64,
    pub problems: Vec<String>,
    /// What keeps the section from being written at all (a piece that has
    /// no letter or no Betza).
    pub fatal: Vec<String>,
}

impl Out {
    pub(super) fn fatal(&mut self, p: impl Into<String>) {
        let p = p.into();
        if !self.fatal.contains(&p) {
            self.fatal.push(p);
        }
    }

    pub(super) fn bad(&mut self, p: impl Into<String>) {
        let p = p.into();
        if !self.problems.contains(&p) {
            self.problems.push(p);
        }
    }

    /// The 1-based (file, rank) of a coordinate on the board.
    pub(super) fn sq(&self, c: &Coord) -> Option<(u32, u32)> {
        let (x, y) = c.to_i64()?;
        let (f, r) = (x - self.dx, y - self.dy);
        ((1..=self.files).contains(&f) && (1..=self.ranks).contains(&r))
            .then_some((f as u32, r as u32))
    }

    pub(super) fn name(&self, (f, r): (u32, u32)) -> String {
        format!("{}{r}", char::from(b'a' + (f - 1) as u8))
    }

    pub(super) fn zone_squares(&self, z: &Zone) -> Vec<(u32, u32)> {
        let mut out = Vec::new();
        for r in 1..=self.ranks {
            for f in 1..=self.files {
                if z.contains(&Coord::new(f + self.dx, r + self.dy)) {
                    out.push((f as u32, r as u32));
                }
            }
        }
        out
    }

    /// Squares as `*3` for whole ranks, else names.
    pub(super) fn squares_text(&self, sq: &[(u32, u32)]) -> String {
        if sq.is_empty() {
            return "-".into();
        }
        let mut words = Vec::new();
        let mut rest: BTreeSet<(u32, u32)> = sq.iter().copied().collect();
        for r in 1..=self.ranks as u32 {
            if (1..=self.files as u32).all(|f| rest.contains(&(f, r))) {
                words.push(format!("*{r}"));
                for f in 1..=self.files as u32 {
                    rest.remove(&(f, r));
                }
            }
        }
        words.extend(rest.into_iter().map(|s| self.name(s)));
        words.join(" ")
    }
}

/// The order kinds are given letters and slots in (royal kinds first): these
/// built-in kinds, then the others, then the variant's own.
const WRITE_ORDER: [PieceKind; 20] = [
    PieceKind::Chancellor,
    PieceKind::Archbishop,
    PieceKind::Amazon,
    PieceKind::Centaur,
    PieceKind::Guard,
    PieceKind::Hawk,
    PieceKind::Camel,
    PieceKind::Giraffe,
    PieceKind::Zebra,
    PieceKind::Knightrider,
    PieceKind::Huygen,
    PieceKind::Rose,
    PieceKind::Queen,
    PieceKind::Rook,
    PieceKind::Bishop,
    PieceKind::Knight,
    PieceKind::Pawn,
    PieceKind::King,
    PieceKind::RoyalCentaur,
    PieceKind::RoyalQueen,
];

fn write_rank(kind: PieceKind) -> usize {
    WRITE_ORDER
        .iter()
        .position(|&k| k == kind)
        .map_or(if kind.is_builtin() { 0 } else { 21 }, |i| i + 1)
}

fn letter_for(kind: PieceKind, used: &BTreeSet<char>) -> Option<char> {
    let name = format!("{kind:?}").to_lowercase();
    let first = kind.code().to_lowercase().chars().next();
    first
        .into_iter()
        .chain(name.chars())
        .chain('a'..='z')
        .find(|c| c.is_ascii_lowercase() && !used.contains(c))
}

/// A variant as a `variants.ini` section named `name` (see the module docs).
///
/// # Errors
/// Every reason Fairy-Stockfish cannot say the variant.
///
/// ```
/// use icn_adapters::fsf::{read_file, to_variant, write_section};
/// let chess = icn_rules::catalogue::find("Chess").unwrap().variant().unwrap();
/// let text = write_section(&chess, "chess8x8").unwrap();
/// let back = to_variant(read_file(&text).sections[0].result.as_ref().unwrap()).unwrap();
/// assert_eq!(back.position.pieces.len(), 32);
/// ```
pub fn write_section(v: &Variant, name: &str) -> Result<String, Vec<String>> {
    let (text, lost) = section_and_losses(v, name)?;
    if lost.is_empty() { Ok(text) } else { Err(lost) }
}

/// What of `v` a `variants.ini` section can say, as a section Fairy-Stockfish
/// loads, followed by one `#` comment per thing it leaves out; and the list
/// of those.
///
/// # Errors
/// What keeps any section from being written: a board larger than
/// Fairy-Stockfish's or unbounded, more pieces than it has letters or
/// slots, a movement Betza cannot say.
///
/// ```
/// use icn_adapters::fsf::write_section_lossy;
/// let mut v = icn_rules::catalogue::find("Chess").unwrap().variant().unwrap();
/// v.rules.limits.no_passing_check = true;
/// let (text, lost) = write_section_lossy(&v, "no-passing-check").unwrap();
/// assert_eq!(lost, ["royals that may not slide through check"]);
/// assert!(text.ends_with("# not expressible in variants.ini, left out: royals that may not slide through check\n"));
/// ```
pub fn write_section_lossy(v: &Variant, name: &str) -> Result<(String, Vec<String>), Vec<String>> {
    let (mut text, lost) = section_and_losses(v, name)?;
    for l in &lost {
        text.push_str(&format!(
            "# not expressible in variants.ini, left out: {l}\n"
        ));
    }
    Ok((text, lost))
}

/// The section and what it leaves out; `Err` when none can be written.
fn section_and_losses(v: &Variant, name: &str) -> Result<(String, Vec<String>), Vec<String>> {
    let r = &v.rules;
    let b = r.region.border_i64();
    let (Some(left), Some(right), Some(bottom), Some(top)) = (
        b.and_then(|b| b.left),
        b.and_then(|b| b.right),
        b.and_then(|b| b.bottom),
        b.and_then(|b| b.top),
    ) else {
        return Err(vec![
            "an unbounded board (Fairy-Stockfish boards are at most 12×10)".into(),
        ]);
    };
    let (files, ranks) = (right - left + 1, top - bottom + 1);
    let mut o = Out {
        files,
        ranks,
        dx: left - 1,
        dy: bottom - 1,
        problems: Vec::new(),
        fatal: Vec::new(),
    };
    if files > 12 || ranks > 10 || files < 1 || ranks < 1 {
        return Err(vec![format!(
            "a board of {files}×{ranks} (Fairy-Stockfish holds at most 12 files and 10 ranks)"
        )]);
    }
    if r.players() != [Player::WHITE, Player::BLACK] || r.turn_order.len() != 2 {
        o.bad("a turn order other than White and Black alternating");
    }
    if r.slide_limit
        .as_ref()
        .is_some_and(|l| l.to_i64().is_none_or(|l| l < files.max(ranks)))
    {
        o.bad("a slide limit shorter than the board");
    }
    // Perpetual check at the repetition count is `perpetualCheckIllegal`.
    let perpetual =
        r.losses.perpetual_check.is_some() && r.losses.perpetual_check == r.draws.repetition;
    if r.losses.perpetual_check.is_some() && !perpetual {
        o.bad("perpetual check that loses at another count than the repetition");
    }
    let mut limits = r.limits.clone();
    let flying_general = std::mem::take(&mut limits.flying_general);
    let explosion = limits.explosion.take();
    // The bare reply is written with the bare-king win, the flag reply and
    // the held flag with the flags.
    limits.bare_reply = false;
    limits.flag_reply = false;
    limits.flag_held = false;
    limits.flag_safe = false;
    let no_checks = std::mem::take(&mut limits.no_checks);
    let bikjang = std::mem::take(&mut limits.bikjang);
    // Duple check goes with the pseudo-royal lines, for one kind.
    if std::mem::take(&mut limits.duple_check)
        && !super::write_atomic::pseudo_royal(v).is_some_and(|p| p.duple_check)
    {
        o.bad("duple check other than for one royal kind, checkmate the only win");
    }
    // Royalty by count is the pseudo-royal lines' count plus one.
    if let Some(most) = limits.royal_while_at_most.take()
        && !super::write_atomic::says_royalty_by_count(v, most)
    {
        o.bad("royalty by count other than for pseudo-royal kinds with checkmate the only win");
    }
    let move_repetition = std::mem::take(&mut limits.move_repetition_rule);
    let makpong = std::mem::take(&mut limits.royal_captures_checker_only);
    let same_kind = std::mem::take(&mut limits.same_kind_immune);
    let piece_limits = std::mem::take(&mut limits.piece_limits);
    let soldier = super::write_xiangqi::soldier(&o, v);
    super::write_xiangqi::take_said(&mut limits, soldier.map(|s| s.0));
    // Flag zones are written with the flag win (`flagRegion…`).
    limits.flags.clear();
    // Double steps on a region a piece can come back to are the region.
    let zone_doubles = super::write_doubles::take(&o, r, &mut limits);
    let en_passant_zones = std::mem::take(&mut limits.en_passant_zones);
    for what in icn_rules::limits::unsayable(&limits) {
        o.bad(what);
    }
    for player in [Player::WHITE, Player::BLACK] {
        if r.promotions
            .iter()
            .filter(|p| p.player == player && !p.from_zone)
            .count()
            > 1
        {
            o.bad(format!("several pawn-style promotion rules for {player}"));
        }
    }
    if !r.extra.is_empty() {
        o.bad(format!(
            "the properties {}",
            r.extra.keys().cloned().collect::<Vec<_>>().join(", ")
        ));
    }
    // Kinds in play.
    let mut kinds: BTreeSet<PieceKind> = BTreeSet::new();
    let mut walls: BTreeSet<(u32, u32)> =
        r.region.excluded.iter().filter_map(|c| o.sq(c)).collect();
    for p in &v.position.pieces {
        match p.piece.kind {
            PieceKind::Void => {
                if let Some(s) = o.sq(&p.at) {
                    walls.insert(s);
                }
            }
            PieceKind::Obstacle => o.bad("obstacles (Fairy-Stockfish has no neutral pieces)"),
            k => {
                kinds.insert(k);
            }
        }
        if o.sq(&p.at).is_none() {
            o.bad("a piece outside the board");
        }
    }
    kinds.extend(v.position.holdings.iter().map(|(p, _)| p.kind));
    // Kinds the rules name: promotion and en passant refer to them.
    for pr in &r.promotions {
        kinds.extend(pr.choices.iter().copied());
        kinds.extend(pr.promoting.iter().copied());
    }
    kinds.extend(r.en_passant.takers.iter().copied());
    kinds.extend(r.en_passant.leavers.iter().copied());
    kinds.retain(|k| !k.is_neutral_only());
    let royal: Vec<PieceKind> = kinds.iter().copied().filter(|&k| r.is_royal(k)).collect();
    let pseudo = super::write_atomic::pseudo_royal(v);
    if royal.len() > 1 && pseudo.is_none() {
        o.bad(format!(
            "{} royal piece kinds (Fairy-Stockfish has one king)",
            royal.len()
        ));
    }
    // Letters and slots.
    let mut used = BTreeSet::new();
    let mut letters: BTreeMap<PieceKind, char> = BTreeMap::new();
    let mut slots: BTreeMap<PieceKind, Slot> = BTreeMap::new();
    let mut slot_lines = Vec::new();
    let mut custom = 0;
    // A second royal kind is written as a plain piece (its royalty lost).
    // A royal lost by extinction is a plain piece in Fairy-Stockfish.
    let mut king_written = super::write_atomic::royal_by_extinction(v);
    let mut pawn_slot = None;
    let plain_pawn = |m: &Movement| m.same_as(&Movement::pawn());
    // Fairy-Stockfish's `pawn` is spared by blasts: under explosions only a
    // shielded kind may take that slot.
    let pawn_spared_as = |k: PieceKind| {
        explosion
            .as_ref()
            .is_none_or(|e| e.shielded.contains(&k) && !e.immune.contains(&k))
    };
    let mut order: Vec<PieceKind> = kinds.iter().copied().collect();
    order.sort_by_key(|&k| (!r.is_royal(k), write_rank(k)));
    for k in order {
        let Some(c) = letter_for(k, &used) else {
            o.fatal("more than 26 piece kinds");
            continue;
        };
        used.insert(c);
        letters.insert(k, c);
        let m = r.movement(k);
        // What Betza cannot say of a piece's moves is left out, and said so
        // (a piece may be left with no move: `customPiece1 = d:` loads).
        let (said, unsaid) = betza_write::write_what_it_can(&m);
        for e in unsaid {
            o.bad(format!("{e} ({})", k.code()));
        }
        let betza: Result<String, Vec<String>> = Ok(said);
        if r.is_royal(k) && !king_written && pseudo.as_ref().is_none_or(|p| !p.kinds.contains(&k)) {
            king_written = true;
            slots.insert(k, Slot::KING);
            match betza {
                Ok(b) if b == "WF" || b == "FW" => slot_lines.push(format!("king = {c}")),
                Ok(b) => slot_lines.push(format!("king = {c}:{b}")),
                Err(es) => es.into_iter().for_each(|e| o.fatal(format!("{e} ({k:?})"))),
            }
        } else if plain_pawn(&m) && pawn_slot.is_none() && pawn_spared_as(k) {
            pawn_slot = Some(k);
            slots.insert(k, Slot::PAWN);
            slot_lines.push(format!("pawn = {c}"));
        } else if soldier.is_some_and(|(s, _)| s == k)
            && let Some(slot) = Slot::named("soldier")
        {
            slots.insert(k, slot);
            slot_lines.push(format!("soldier = {c}"));
        } else if r.drops.as_ref().is_some_and(|d| d.no_mate.contains(&k))
            && betza.as_deref() == Ok("fW")
        {
            // The piece whose drop may not mate is Fairy-Stockfish's shogi pawn.
            slots.insert(k, Slot::SHOGI_PAWN);
            slot_lines.push(format!("shogiPawn = {c}"));
        } else if let Some(slot) = super::counting::slot_of(&mut o, v, k) {
            // Counting is by Fairy-Stockfish's named slots.
            if slot == Slot::PAWN {
                pawn_slot = Some(k);
            }
            slots.insert(k, slot);
            slot_lines.push(format!("{} = {c}", slot.name()));
        } else {
            custom += 1;
            slots.extend(Slot::custom(custom).map(|slot| (k, slot)));
            match betza {
                Ok(b) => slot_lines.push(format!("customPiece{custom} = {c}:{b}")),
                Err(es) => es.into_iter().for_each(|e| o.fatal(format!("{e} ({k:?})"))),
            }
        }
    }
    if custom > super::slots::CUSTOM_SLOTS {
        o.fatal("more than 25 custom pieces");
    }
    let letter = |k: PieceKind| letters.get(&k).copied().unwrap_or('?');
    let set_text = |ks: &mut dyn Iterator<Item = PieceKind>| {
        let s: String = ks.filter_map(|k| letters.get(&k).copied()).collect();
        if s.is_empty() { "-".to_string() } else { s }
    };
    // Initial moves: the double-step regions.
    let mut regions: [BTreeSet<(u32, u32)>; 2] = [BTreeSet::new(), BTreeSet::new()];
    let initial = |k: PieceKind| r.movement(k).components.iter().any(|c| c.needs_right);
    for p in &v.position.pieces {
        if p.special_right
            && initial(p.piece.kind)
            && let Some(s) = o.sq(&p.at)
        {
            regions[usize::from(p.piece.player == Player::BLACK)].insert(s);
        }
    }
    // Where dropped pieces get the right is the region too.
    for z in r.drops.iter().flat_map(|d| &d.rights) {
        let side = usize::from(z.player == Player::BLACK);
        regions[side].extend(o.zone_squares(&z.zone));
    }
    for (side, region) in zone_doubles.regions.iter().enumerate() {
        regions[side].extend(region);
    }
    // The kinds with initial moves that Fairy-Stockfish gives by the `+`
    // right, where the region must hold exactly their pieces that have it.
    let by_right = |k: PieceKind| initial(k) && !zone_doubles.kinds.contains(&k);
    for p in &v.position.pieces {
        let side = usize::from(p.piece.player == Player::BLACK);
        if !p.special_right
            && by_right(p.piece.kind)
            && o.sq(&p.at).is_some_and(|s| regions[side].contains(&s))
        {
            o.bad("a piece without its `+` right on a square where others of its kind have it");
        }
    }
    for p in v.position.pieces.iter().filter(|p| by_right(p.piece.kind)) {
        let white = p.piece.player == Player::WHITE;
        let rel = |r: u32| {
            if white {
                i64::from(r)
            } else {
                o.ranks + 1 - i64::from(r)
            }
        };
        if let Some((_, r)) = o.sq(&p.at)
            && regions[usize::from(!white)]
                .iter()
                .any(|&(_, q)| rel(q) > rel(r))
        {
            o.bad(format!("a {:?} that can step onto a square where others of its kind hold the `+` right (Fairy-Stockfish would let it make its initial move there)", p.piece.kind));
        }
    }
    for k in kinds.iter().copied().filter(|&k| by_right(k)) {
        let fwd = r.movement(k).components.iter().all(|c| {
            let forward = c.frame == Frame::Forward && white_vectors(c).iter().all(|v| v.dy > 0);
            forward
                || (c.needs_right
                    && super::lower_position::initial_leaves_region(c, &regions, o.ranks as u32))
        });
        if !fwd
            && v.position
                .pieces
                .iter()
                .any(|p| p.piece.kind == k && p.special_right)
        {
            o.bad(format!("initial moves of a {k:?} that can come back to its start (Fairy-Stockfish allows them again there)"));
        }
    }
    // Castling.
    let castle_lines = castling(&mut o, v, &letter);
    // FEN.
    // Gating: the castling field names the gates (S-chess).
    let castling_rank = castle_lines
        .0
        .iter()
        .find_map(|l| l.strip_prefix("castlingRank = ")?.parse().ok())
        .unwrap_or(1);
    let field = super::write_drops::gate_field(&o, v, &castle_lines.1, castling_rank);
    let fen = fen(&mut o, v, &letters, &walls, &field);
    let mut lines = vec![
        format!("[{name}]"),
        format!("maxFile = {files}"),
        format!("maxRank = {ranks}"),
    ];
    lines.extend(slot_lines);
    lines.push(format!("startFen = {fen}"));
    let any_initial = kinds.iter().any(|&k| initial(k));
    lines.push(format!("doubleStep = {any_initial}"));
    if any_initial {
        lines.push(format!(
            "doubleStepRegionWhite = {}",
            o.squares_text(&regions[0].iter().copied().collect::<Vec<_>>())
        ));
        lines.push(format!(
            "doubleStepRegionBlack = {}",
            o.squares_text(&regions[1].iter().copied().collect::<Vec<_>>())
        ));
    }
    lines.push(format!(
        "nMoveRuleTypes = {}",
        set_text(
            &mut kinds
                .iter()
                .copied()
                .filter(|k| r.draws.move_rule_resetters.contains(k))
        )
    ));
    lines.push(format!(
        "enPassantTypes = {}",
        set_text(
            &mut r
                .en_passant
                .takers
                .iter()
                .copied()
                .filter(|k| kinds.contains(k))
        )
    ));
    for z in &en_passant_zones {
        let side = if z.player == Player::WHITE {
            "White"
        } else {
            "Black"
        };
        lines.push(format!(
            "enPassantRegion{side} = {}",
            o.squares_text(&o.zone_squares(&z.zone))
        ));
    }
    // Promotion.
    let mut mandatory = BTreeSet::new();
    let pawn_style = |player: Player| {
        r.promotions
            .iter()
            .filter(move |p| p.player == player && !p.from_zone)
    };
    let mut immobile = false;
    let mut by_move = BTreeSet::new();
    for (player, color) in [(Player::WHITE, "White"), (Player::BLACK, "Black")] {
        let shogi_zone = r
            .promotions
            .iter()
            .find(|p| p.player == player && p.from_zone)
            .map(|p| &p.zone);
        match pawn_style(player).next() {
            None if shogi_zone.is_some() => {
                let sq = shogi_zone.map(|z| o.zone_squares(z)).unwrap_or_default();
                lines.push(format!("promotionRegion{color} = {}", o.squares_text(&sq)));
                lines.push(format!("promotionPawnTypes{color} = -"));
            }
            Some(pr) => {
                let sq = o.zone_squares(&pr.zone);
                lines.push(format!("promotionRegion{color} = {}", o.squares_text(&sq)));
                lines.push(format!(
                    "promotionPawnTypes{color} = {}",
                    set_text(&mut pr.promoting.iter().copied())
                ));
                lines.push(format!(
                    "promotionPieceTypes{color} = {}",
                    set_text(&mut pr.choices.iter().copied())
                ));
                if pr.by_move {
                    by_move.insert(color);
                    // Fairy-Stockfish's steps are where the new piece could
                    // capture: the same squares when it moves as it captures.
                    let differs = pr.choices.iter().any(|&k| {
                        r.movement(k)
                            .components
                            .iter()
                            .any(|c| c.action != icn_rules::Action::MoveOrCapture)
                    });
                    if differs {
                        o.bad("promotion as a move into a piece that moves and captures differently (Fairy-Stockfish steps where it captures)");
                    }
                } else {
                    mandatory.insert(pr.mandatory);
                }
                // Compulsory where the piece could not move again:
                // `immobilityIllegal` (checked by reading the section back).
                immobile |= !pr.mandatory && !pr.forced.is_empty();
            }
            None => lines.push(format!("promotionPawnTypes{color} = -")),
        }
    }
    if mandatory.len() > 1 {
        o.bad("mandatory promotion for one side and optional for the other");
    }
    match by_move.len() {
        0 => {}
        2 => lines.push("sittuyinPromotion = true".into()),
        _ => o.bad("promotion as a move of its own for one side only"),
    }
    lines.push(format!(
        "mandatoryPawnPromotion = {}",
        mandatory.into_iter().next().unwrap_or(true)
    ));
    lines.extend(super::write_drops::shogi_lines(&mut o, v, &letters));
    if immobile && !lines.iter().any(|l| l == "immobilityIllegal = true") {
        lines.push("immobilityIllegal = true".into());
    }
    if perpetual {
        lines.push("perpetualCheckIllegal = true".to_string());
    }
    if r.forced_capture {
        lines.push("mustCapture = true".to_string());
    }
    if makpong {
        lines.push("makpongRule = true".to_string());
    }
    if no_checks {
        lines.push("checking = false".to_string());
    }
    if flying_general {
        lines.push("flyingGeneral = true".to_string());
    }
    if r.can_pass {
        lines.push("pass = true".to_string());
    }
    if bikjang {
        lines.push("bikjangRule = true".to_string());
    }
    if move_repetition {
        lines.push("moveRepetitionIllegal = true".to_string());
    }
    if let Some(count) = &r.draws.material_count {
        let slotted: Vec<(Slot, PieceKind)> = slots.iter().map(|(&k, &s)| (s, k)).collect();
        match count.name(&super::lower_janggi::janggi_values(&slotted)) {
            Some(name) => lines.push(format!("materialCounting = {name}")),
            None => o.bad("a material count other than Fairy-Stockfish's four"),
        }
    }
    if let Some(line) = promotion_limit_line(&mut o, &piece_limits, &letter) {
        lines.push(line);
    }
    lines.extend(super::write_xiangqi::lines(&o, v, &slots, soldier));
    lines.extend(super::counting::lines(&mut o, v));
    super::write_atomic::explosion_lines(
        &mut o,
        v,
        explosion.as_ref(),
        &same_kind,
        pawn_slot,
        &|ks| set_text(ks),
        &mut lines,
    );
    lines.extend(castle_lines.0);
    lines.extend(super::write_drops::drop_lines(&mut o, v, &letters));
    ends(&mut o, v, &letter, &mut lines);
    if !o.fatal.is_empty() {
        return Err(o.fatal);
    }
    let mut s = lines.join("\n");
    s.push('\n');
    if let Some(d) = &v.rules.drops
        && let Some(what) = super::write_drops::drops_differ(&s, v, d)
    {
        o.bad(format!(
            "drop rules that Fairy-Stockfish's drop options cannot say exactly ({what})"
        ));
    }
    if r.promotions.iter().any(|p| p.from_zone) && !super::write_drops::same_promotions(&s, v) {
        o.bad("shogi-style promotion rules that Fairy-Stockfish's promotedPieceType cannot say exactly (one region per side, shared with pawn promotion)");
    } else if immobile && !super::write_drops::same_promotions(&s, v) {
        o.bad("promotion that is optional except where the piece could not move again, other than where `immobilityIllegal` makes it compulsory");
    }
    Ok((s, o.problems))
}

/// The names of Fairy-Stockfish's own variants (pyffish's list before any
/// file is loaded: `fixtures/fsf/gen/builtin_names.py`).
const FSF_OWN_NAMES: &str = include_str!("builtin_names.txt");

/// The section name [`write_file`] gives `v`: its code in lowercase, with
/// `-` for every character other than letters, digits and `-`, and `-x`
/// after a name Fairy-Stockfish already has (it ignores a section of such a
/// name and plays its own variant instead).
///
/// ```
/// use icn_adapters::fsf::section_name;
/// let mut v = icn_rules::catalogue::find("Chess").unwrap().variant().unwrap();
/// v.code = "Suicide".into();
/// assert_eq!(section_name(&v), "suicide-x");
/// v.code = "Sherwin's Chess".into();
/// assert_eq!(section_name(&v), "sherwin-s-chess");
/// ```
pub fn section_name(v: &Variant) -> String {
    let name: String = v
        .code
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '-' {
                c.to_ascii_lowercase()
            } else {
                '-'
            }
        })
        .collect();
    if FSF_OWN_NAMES.lines().any(|l| l == name) {
        format!("{name}-x")
    } else {
        name
    }
}

/// Several variants as one file, each section named by its code.
///
/// # Errors
/// The problems of every variant that cannot be written, named.
pub fn write_file(vs: &[Variant]) -> Result<String, Vec<String>> {
    let mut out = String::new();
    let mut problems = Vec::new();
    for v in vs {
        match write_section(v, &section_name(v)) {
            Ok(s) => {
                out.push_str(&s);
                out.push('\n');
            }
            Err(es) => problems.extend(es.into_iter().map(|e| format!("{}: {e}", v.name))),
        }
    }
    if problems.is_empty() {
        Ok(out)
    } else {
        Err(problems)
    }
}

/// `promotionLimit`: the piece limits, the same for both sides (Fairy-Stockfish
/// has one list).
fn promotion_limit_line(
    o: &mut Out,
    limits: &[icn_rules::limits::PieceLimit],
    letter: &dyn Fn(PieceKind) -> char,
) -> Option<String> {
    let mut of_side: [BTreeMap<PieceKind, u32>; 2] = [BTreeMap::new(), BTreeMap::new()];
    for l in limits {
        let side = usize::from(l.player == Player::BLACK);
        if l.player != Player::WHITE && l.player != Player::BLACK {
            o.bad("piece limits for a third player");
            continue;
        }
        of_side[side].insert(l.kind, l.max);
    }
    if of_side[0] != of_side[1] {
        o.bad("piece limits that differ between the sides (Fairy-Stockfish's `promotionLimit` is one list)");
    }
    let entries: Vec<String> = of_side[0]
        .iter()
        .map(|(&k, n)| format!("{}:{n}", letter(k)))
        .collect();
    (!entries.is_empty()).then(|| format!("promotionLimit = {}", entries.join(" ")))
}
