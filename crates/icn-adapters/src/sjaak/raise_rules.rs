//! The rules half of [`super::from_variant`]: castling, promotion, end
//! conditions and the start FEN (see its module docs for what is refused).

use icn_model::{Coord, PieceKind, Player};
use icn_rules::Variant;

use super::raise::{castle_def, rule_items, shift, symbol_of};
use super::{SjaakVariant, Sq};

pub(super) fn piece_mut(s: &mut SjaakVariant, kind: PieceKind) -> Option<&mut super::SjaakPiece> {
    let name = format!("{kind:?}");
    s.pieces.iter_mut().find(|p| p.name == name)
}

/// Fills in castling, promotion, rules and the FEN of `s` from `v`.
pub(super) fn rules_and_position(
    problems: &mut Vec<String>,
    off: (i64, i64),
    v: &Variant,
    s: &mut SjaakVariant,
) {
    let r = &v.rules;
    if r.players() != [Player::WHITE, Player::BLACK] || r.turn_order.len() != 2 {
        problems.push("a turn order other than White and Black alternating".into());
    }
    if r.can_pass {
        problems.push("passing a turn".into());
    }
    if r.slide_limit.is_some() {
        problems.push("a slide limit".into());
    }
    if r.draws.move_rule.as_ref().and_then(|m| m.to_i64()) != Some(100) {
        problems.push("a move rule other than 100 plies (Sjaak's 50-move rule)".into());
    }
    if r.draws.move_rule_resetters != icn_rules::Draws::default().move_rule_resetters {
        problems.push("a move rule reset by pieces other than pawns".into());
    }
    if let Some(c) = &r.draws.counting {
        problems.push(format!("{} counting rules", c.rule.name()));
    }
    if r.draws.material_count.is_some() {
        problems.push("a material count deciding drawn games".into());
    }
    if !r.extra.is_empty() {
        let keys: Vec<&str> = r.extra.keys().map(String::as_str).collect();
        problems.push(format!("the properties {}", keys.join(", ")));
    }
    castling(problems, off, v, s);
    promotions(problems, off, v, s);
    s.rules = rule_items(v, problems);
    super::raise_limits::limits(problems, off, v, s);
    s.fen = fen(problems, off, v, s);
}

fn castling(problems: &mut Vec<String>, off: (i64, i64), v: &Variant, s: &mut SjaakVariant) {
    let c = &v.rules.castling;
    let pieces = &v.position.pieces;
    let mut defs = Vec::new();
    if !c.castlers.is_empty() {
        if c.min_distance != 3 || c.king_steps != 2 {
            problems.push(
                "site castling with a distance other than 3 or king steps other than 2".into(),
            );
        }
        for k in pieces
            .iter()
            .filter(|p| p.special_right && c.castlers.contains(&p.piece.kind))
        {
            for east in [true, false] {
                // The nearest friendly non-pawn with its right: the pieces
                // nearer must leave before castling is possible.
                let allowed = |kind| c.partners.as_ref().is_none_or(|set| set.contains(&kind));
                let partner = pieces
                    .iter()
                    .filter(|p| p.at.y == k.at.y && (p.at.x > k.at.x) == east && p.at != k.at)
                    .filter(|p| {
                        p.piece.player == k.piece.player
                            && p.special_right
                            && p.piece.kind != PieceKind::Pawn
                            && allowed(p.piece.kind)
                    })
                    .min_by_key(|p| p.at.x.sub(&k.at.x).to_i64().map(i64::unsigned_abs));
                let Some(p) = partner else { continue };
                if p.at.x.sub(&k.at.x).to_i64().map_or(0, i64::unsigned_abs) < 3 {
                    continue;
                }
                let to = Coord::new(k.at.x.add_small(if east { 2 } else { -2 }), k.at.y.clone());
                match (
                    shift(&k.at, off, s),
                    shift(&to, off, s),
                    shift(&p.at, off, s),
                ) {
                    (Some(a), Some(b), Some(w)) => {
                        defs.push((k.piece.kind, castle_def(k.piece.player, a, b, w)));
                    }
                    _ => problems.push(format!("castling from {} off the board", k.at)),
                }
            }
        }
    }
    for m in &c.explicit {
        let east = m.king_to.x > m.king_from.x;
        let beside = Coord::new(
            m.king_to.x.add_small(if east { -1 } else { 1 }),
            m.king_to.y.clone(),
        );
        if m.partner_to != beside {
            problems.push(format!(
                "explicit castling from {} whose partner does not land beside the king",
                m.king_from
            ));
            continue;
        }
        let kind = pieces
            .iter()
            .find(|p| p.at == m.king_from)
            .map(|p| p.piece.kind);
        match (
            kind,
            shift(&m.king_from, off, s),
            shift(&m.king_to, off, s),
            shift(&m.partner_from, off, s),
        ) {
            (Some(k), Some(a), Some(b), Some(w)) => defs.push((k, castle_def(m.player, a, b, w))),
            _ => problems.push(format!(
                "explicit castling from {} without a piece there",
                m.king_from
            )),
        }
    }
    for (kind, d) in defs {
        if let Some(p) = piece_mut(s, kind)
            && !p.castles.contains(&d)
        {
            p.castles.push(d);
        }
    }
}

pub(super) fn board_squares(s: &SjaakVariant, off: (i64, i64), zone: &icn_rules::Zone) -> Vec<Sq> {
    let mut out = Vec::new();
    for rank in 0..s.ranks {
        for file in 0..s.files {
            let c = Coord::new(i64::from(file) + off.0 + 1, i64::from(rank) + off.1 + 1);
            if zone.contains(&c) {
                out.push(Sq { file, rank });
            }
        }
    }
    out
}

/// Whether an optional promotion rule is Sjaak's default one: compulsory on
/// exactly the zone squares each promoting piece could never leave.
fn sjaak_default_optional(
    s: &SjaakVariant,
    off: (i64, i64),
    v: &Variant,
    pr: &icn_rules::PromotionRule,
) -> bool {
    let zone = board_squares(s, off, &pr.zone);
    let forced = board_squares(s, off, &pr.forced);
    pr.promoting.iter().all(|&kind| {
        let m = v.rules.movement(kind);
        let stuck: Vec<Sq> = zone
            .iter()
            .copied()
            .filter(|&q| super::lower::is_dead_end(s, &m, q, pr.player))
            .collect();
        stuck == forced
    })
}

fn promotions(problems: &mut Vec<String>, off: (i64, i64), v: &Variant, s: &mut SjaakVariant) {
    let mut rules = Vec::new();
    for pr in &v.rules.promotions {
        problems.extend(pr.arrival_losses(": Sjaak promotes on arrival"));
        // Sjaak says optional promotion only as its default: compulsory
        // exactly on the squares the piece could never leave.
        if !pr.mandatory && !sjaak_default_optional(s, off, v, pr) {
            problems.push(format!(
                "optional promotion for {} other than Sjaak's (compulsory exactly where the piece could not move again)",
                pr.player
            ));
        }
        if pr.player != Player::WHITE && pr.player != Player::BLACK {
            problems.push(format!("promotion for {}", pr.player));
            continue;
        }
        let name = format!("{}_promotion", pr.player);
        let squares = board_squares(s, off, &pr.zone);
        // A zone off the board (ranks beyond it) is never reached: the side
        // does not promote here, which Sjaak says with its `empty` zone.
        if !squares.is_empty() {
            s.zones.push((name, squares));
            rules.push(pr);
        }
    }
    let mut kinds: Vec<PieceKind> = rules
        .iter()
        .flat_map(|r| r.promoting.iter().copied())
        .collect();
    kinds.sort();
    kinds.dedup();
    for kind in kinds {
        let mut zones = ["empty".to_string(), "empty".to_string()];
        let mut choices: Option<String> = None;
        for pr in rules.iter().filter(|r| r.promoting.contains(&kind)) {
            let i = usize::from(pr.player == Player::BLACK);
            zones[i] = format!("{}_promotion", pr.player);
            let text: String = pr.choices.iter().filter_map(|&k| symbol_of(k)).collect();
            if choices.as_ref().is_some_and(|c| *c != text) {
                problems.push("promotion choices that differ between the sides".into());
            }
            choices = Some(text);
        }
        let [zw, zb] = zones;
        let mandatory = rules
            .iter()
            .filter(|r| r.promoting.contains(&kind))
            .all(|r| r.mandatory);
        if let Some(p) = piece_mut(s, kind) {
            p.promotions.push((zw, zb, choices.unwrap_or_default()));
            p.optional_promotion =
                mandatory.then(|| ("empty".into(), "empty".into(), String::new()));
        }
    }
}

fn fen(
    problems: &mut Vec<String>,
    off: (i64, i64),
    v: &Variant,
    s: &SjaakVariant,
) -> Option<String> {
    let pos = &v.position;
    let orthodox_pawn = v
        .rules
        .movement(PieceKind::Pawn)
        .same_as(&icn_rules::Movement::pawn());
    let mut grid = vec![vec![String::new(); usize::from(s.files)]; usize::from(s.ranks)];
    for q in &s.exclude {
        grid[usize::from(q.rank)][usize::from(q.file)] = "*".into();
    }
    for p in &pos.pieces {
        if p.piece.kind == PieceKind::Void {
            continue;
        }
        let Some(q) = shift(&p.at, off, s) else {
            problems.push(format!("a piece outside the board at {}", p.at));
            continue;
        };
        let Some(sym) = symbol_of(p.piece.kind) else {
            continue;
        };
        let sym = match p.piece.player {
            Player::WHITE => sym,
            Player::BLACK => sym.to_ascii_lowercase(),
            other => {
                problems.push(format!("pieces of {other}"));
                continue;
            }
        };
        if p.piece.kind == PieceKind::Pawn && !p.special_right && orthodox_pawn {
            problems.push(format!(
                "a pawn without its double-step right at {} (Sjaak lets every unmoved pawn double-step)",
                p.at
            ));
        }
        grid[usize::from(q.rank)][usize::from(q.file)] = sym.to_string();
    }
    let mut out = String::new();
    for (i, row) in grid.iter().rev().enumerate() {
        if i > 0 {
            out.push('/');
        }
        let mut empty = 0;
        for cell in row {
            if cell.is_empty() {
                empty += 1;
                continue;
            }
            if empty > 0 {
                out.push_str(&empty.to_string());
                empty = 0;
            }
            out.push_str(cell);
        }
        if empty > 0 {
            out.push_str(&empty.to_string());
        }
    }
    // Pieces in hand (kept, when no rule uses them, as Sjaak keeps them).
    let mut hand = String::new();
    for (piece, n) in pos.holdings.iter() {
        let Some(sym) = symbol_of(piece.kind) else {
            problems.push(format!(
                "a piece in hand Sjaak has no symbol for ({})",
                piece.kind.code()
            ));
            continue;
        };
        let sym = match piece.player {
            Player::BLACK => sym.to_ascii_lowercase(),
            _ => sym,
        };
        hand.extend(std::iter::repeat_n(sym, n as usize));
    }
    if !hand.is_empty() {
        out.push_str(&format!("[{hand}]"));
    }
    out.push_str(if pos.side_to_move() == Player::BLACK {
        " b "
    } else {
        " w "
    });
    let mut rights = String::new();
    for (player, k, q) in [(Player::WHITE, 'K', 'Q'), (Player::BLACK, 'k', 'q')] {
        for (east, letter) in [(true, k), (false, q)] {
            let has = s.pieces.iter().flat_map(|p| &p.castles).any(|d| {
                let at = |sq: Sq| {
                    Coord::new(
                        i64::from(sq.file) + off.0 + 1,
                        i64::from(sq.rank) + off.1 + 1,
                    )
                };
                let right = |c: Coord| pos.piece_at(&c).is_some_and(|p| p.special_right);
                d.player == player
                    && (d.to.file > d.from.file) == east
                    && right(at(d.from))
                    && right(at(d.with))
            });
            if has {
                rights.push(letter);
            }
        }
    }
    out.push_str(if rights.is_empty() { "-" } else { &rights });
    out.push(' ');
    if pos.en_passant_victim.is_some() {
        problems.push("an en passant capture of a piece not right behind the square".into());
    }
    match pos.en_passant.as_ref().map(|c| shift(c, off, s)) {
        None => out.push('-'),
        Some(Some(q)) => out.push_str(&q.name()),
        Some(None) => problems.push("an en passant square off the board".into()),
    }
    let half = pos
        .move_rule
        .as_ref()
        .map_or(icn_model::Int::ZERO, |m| m.played.clone());
    out.push_str(&format!(" {half} {}", pos.fullmove));
    Some(out)
}
