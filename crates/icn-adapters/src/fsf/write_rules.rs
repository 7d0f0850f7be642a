//! The rules half of [`super::write`]: castling, the start FEN and the end
//! rules of a written section.

use std::collections::{BTreeMap, BTreeSet};

use icn_model::{Coord, Int, PieceKind, Player};
use icn_rules::{Outcome, RepetitionResult, Variant, WinRule};

use super::write::Out;

/// Castling options and the FEN's castling field.
pub(super) fn castling(
    o: &mut Out,
    v: &Variant,
    letter: &dyn Fn(PieceKind) -> char,
) -> (Vec<String>, String) {
    let c = &v.rules.castling;
    let pieces = &v.position.pieces;
    let mut moves = c.explicit.clone();
    if !c.castlers.is_empty() && c.min_distance != u32::MAX {
        for k in pieces
            .iter()
            .filter(|p| p.special_right && c.castlers.contains(&p.piece.kind))
        {
            for east in [true, false] {
                // Pieces never gain the right: the partner is the nearest one
                // holding it (pieces between only block until they leave).
                // Only partner kinds count: gated pieces (S-chess) hold `+`
                // too, and stand between until they leave.
                let partner = pieces
                    .iter()
                    .filter(|p| p.at.y == k.at.y && (p.at.x > k.at.x) == east && p.at != k.at)
                    .filter(|p| {
                        p.special_right
                            && p.piece.player == k.piece.player
                            && p.piece.kind != PieceKind::Pawn
                            && c.partners
                                .as_ref()
                                .is_none_or(|s| s.contains(&p.piece.kind))
                    })
                    .min_by_key(|p| p.at.x.sub(&k.at.x).to_i64().map(i64::unsigned_abs));
                let Some(p) = partner else { continue };
                let ok_kind = c
                    .partners
                    .as_ref()
                    .is_none_or(|s| s.contains(&p.piece.kind));
                let d = p.at.x.sub(&k.at.x).to_i64().map_or(0, i64::unsigned_abs);
                if !p.special_right
                    || p.piece.player != k.piece.player
                    || p.piece.kind == PieceKind::Pawn
                    || !ok_kind
                    || d < u64::from(c.min_distance)
                    || u64::from(c.king_steps) >= d
                {
                    continue;
                }
                let s = i64::from(c.king_steps) * if east { 1 } else { -1 };
                let to = Coord::new(k.at.x.add_small(s), k.at.y.clone());
                let partner_to =
                    Coord::new(to.x.add_small(if east { -1 } else { 1 }), to.y.clone());
                moves.push(icn_rules::CastleMove {
                    player: k.piece.player,
                    king_from: k.at.clone(),
                    king_to: to,
                    partner_from: p.at.clone(),
                    partner_to,
                });
            }
        }
    }
    if moves.is_empty() {
        return (vec!["castling = false".into()], "-".into());
    }
    let mut kside = BTreeSet::new();
    let mut qside = BTreeSet::new();
    let mut ranks = BTreeSet::new();
    let mut kings = BTreeSet::new();
    let mut rooks = BTreeSet::new();
    let mut field = String::new();
    let mut chess960 = false;
    for m in &moves {
        let (Some(kf), Some(kt), Some(pf), Some(pt)) = (
            o.sq(&m.king_from),
            o.sq(&m.king_to),
            o.sq(&m.partner_from),
            o.sq(&m.partner_to),
        ) else {
            o.bad("castling off the board");
            continue;
        };
        if kf.1 != kt.1 || kf.1 != pf.1 || pf.1 != pt.1 {
            o.bad("castling off the king's rank");
            continue;
        }
        let east = pf.0 > kf.0;
        if pt.0 as i64 != kt.0 as i64 + if east { -1 } else { 1 } {
            o.bad("castling where the partner does not land beside the king");
        }
        // A partner beyond the king's landing square, not on the edge, may
        // shield that square from a piece behind it: only under `chess960`
        // does Fairy-Stockfish look past the partner, as the engine does.
        let beyond = if east { pf.0 > kt.0 } else { pf.0 < kt.0 };
        let edge = if east {
            i64::from(pf.0) == o.files
        } else {
            pf.0 == 1
        };
        chess960 |= beyond && !edge;
        let white = m.player == Player::WHITE;
        ranks.insert(if white {
            kf.1
        } else {
            o.ranks as u32 + 1 - kf.1
        });
        if east {
            kside.insert(kt.0)
        } else {
            qside.insert(kt.0)
        };
        if let (Some(kp), Some(pp)) = (
            v.position.piece_at(&m.king_from),
            v.position.piece_at(&m.partner_from),
        ) {
            kings.insert(kp.piece.kind);
            rooks.insert(pp.piece.kind);
        }
        // The FEN gives the right only when both pieces hold theirs.
        let holds = |c: &Coord| v.position.piece_at(c).is_some_and(|p| p.special_right);
        if holds(&m.king_from) && holds(&m.partner_from) {
            let ch = char::from(b'A' + (pf.0 - 1) as u8);
            field.push(if white { ch } else { ch.to_ascii_lowercase() });
        }
    }
    if kside.len() > 1 || qside.len() > 1 || ranks.len() > 1 || kings.len() > 1 {
        o.bad("castling Fairy-Stockfish cannot say (other files or ranks per side, or two castling kings)");
    }
    let mut lines = vec!["castling = true".to_string()];
    if chess960 {
        lines.push("chess960 = true".into());
    }
    let name = |f: u32| char::from(b'a' + (f - 1) as u8);
    if let Some(&f) = kside.iter().next() {
        lines.push(format!("castlingKingsideFile = {}", name(f)));
    }
    if let Some(&f) = qside.iter().next() {
        lines.push(format!("castlingQueensideFile = {}", name(f)));
    }
    if let Some(&r) = ranks.iter().next() {
        lines.push(format!("castlingRank = {r}"));
    }
    if let Some(&k) = kings.iter().next() {
        lines.push(format!("castlingKingPiece = {}", letter(k)));
    }
    let rs: String = rooks.iter().map(|&k| letter(k)).collect();
    lines.push(format!("castlingRookPieces = {rs}"));
    let mut f: Vec<char> = field.chars().collect();
    f.sort_by_key(|c| (c.is_ascii_lowercase(), *c));
    f.dedup();
    if f.is_empty() {
        f.push('-');
    }
    (lines, f.into_iter().collect())
}

pub(super) fn fen(
    o: &mut Out,
    v: &Variant,
    letters: &BTreeMap<PieceKind, char>,
    walls: &BTreeSet<(u32, u32)>,
    castling: &str,
) -> String {
    // Each square's text: a letter, `+` before the letter a shogi-style
    // promoted piece promoted from, or `~` after a promoted piece.
    let mut board: BTreeMap<(u32, u32), String> = BTreeMap::new();
    let case = |c: char, p: Player| {
        if p == Player::WHITE {
            c.to_ascii_uppercase()
        } else {
            c
        }
    };
    for p in &v.position.pieces {
        let Some(s) = o.sq(&p.at) else { continue };
        let shogi = p.promoted_from.filter(|&from| {
            v.rules.promotions.iter().any(|r| {
                r.from_zone && r.promoting.contains(&from) && r.choices.contains(&p.piece.kind)
            })
        });
        let text = match (shogi, p.promoted_from) {
            (Some(from), _) => letters
                .get(&from)
                .map(|&c| format!("+{}", case(c, p.piece.player))),
            (None, promoted) => letters.get(&p.piece.kind).map(|&c| {
                let mut t = case(c, p.piece.player).to_string();
                if promoted.is_some() {
                    t.push('~');
                }
                t
            }),
        };
        if let Some(t) = text {
            board.insert(s, t);
        }
    }
    let mut rows = Vec::new();
    for r in (1..=o.ranks as u32).rev() {
        let mut row = String::new();
        let mut empty = 0;
        for f in 1..=o.files as u32 {
            let c = if walls.contains(&(f, r)) {
                Some("*")
            } else {
                board.get(&(f, r)).map(String::as_str)
            };
            match c {
                Some(c) => {
                    if empty > 0 {
                        row.push_str(&empty.to_string());
                        empty = 0;
                    }
                    row.push_str(c);
                }
                None => empty += 1,
            }
        }
        if empty > 0 {
            row.push_str(&empty.to_string());
        }
        rows.push(row);
    }
    let side = if v.position.side_to_move() == Player::BLACK {
        "b"
    } else {
        "w"
    };
    // The en passant square, and the piece to take where it is not right
    // behind it, in Fairy-Stockfish's order (rank by rank).
    let mut ep_squares: Vec<(u32, u32)> = [&v.position.en_passant, &v.position.en_passant_victim]
        .into_iter()
        .flatten()
        .filter_map(|c| o.sq(c))
        .collect();
    ep_squares.sort_by_key(|&(f, r)| (r, f));
    let ep = if ep_squares.is_empty() {
        "-".to_string()
    } else {
        ep_squares.into_iter().map(|s| o.name(s)).collect()
    };
    let checks = checks_of(v)
        .map(|(w, b)| format!(" {w}+{b}"))
        .unwrap_or_default();
    let half = v
        .position
        .move_rule
        .as_ref()
        .map_or(Int::ZERO, |m| m.played.clone());
    let holdings = if v.rules.drops.is_some() || !v.position.holdings.is_empty() {
        super::write_drops::holdings_text(o, &v.position, letters)
    } else {
        String::new()
    };
    // A Makruk count takes the en passant field and the halfmove number.
    let (ep, half) = match v.position.count {
        Some(c) => (c.limit.to_string(), Int::from(i64::from(c.ply))),
        None => (ep, half),
    };
    format!(
        "{}{holdings} {side} {castling} {ep}{checks} {half} {}",
        rows.join("/"),
        v.position.fullmove
    )
}

fn checks_of(v: &Variant) -> Option<(u32, u32)> {
    let n = |p: Player| {
        v.rules.wins_of(p).iter().find_map(|w| match w {
            WinRule::Checks(n) => Some(*n),
            _ => None,
        })
    };
    match (n(Player::WHITE), n(Player::BLACK)) {
        (None, None) => None,
        (w, b) => Some((w.unwrap_or(0), b.unwrap_or(0))),
    }
}

/// `flagRegion…`, `flagPiece…` and `flagPieceCount` of the flag zones
/// (one count for both sides).
fn flag_lines(
    o: &mut Out,
    v: &Variant,
    letter: &dyn Fn(PieceKind) -> char,
    lines: &mut Vec<String>,
) {
    let flags = &v.rules.limits.flags;
    let counts: BTreeSet<u32> = flags.iter().map(|f| f.count).collect();
    if counts.len() > 1 {
        o.bad("flag piece counts that differ between the sides");
    }
    for (player, color) in [(Player::WHITE, "White"), (Player::BLACK, "Black")] {
        let Some(f) = v.rules.limits.flag_of(player) else {
            continue;
        };
        let sq = o.zone_squares(&f.zone);
        lines.push(format!("flagRegion{color} = {}", o.squares_text(&sq)));
        let pieces = match &f.kinds {
            None => "*".to_string(),
            Some(ks) if ks.len() == 1 => ks.iter().map(|&k| letter(k)).collect(),
            Some(_) => {
                o.bad("a flag win for several piece kinds (Fairy-Stockfish names one or all)");
                continue;
            }
        };
        lines.push(format!("flagPiece{color} = {pieces}"));
    }
    if let Some(&n) = counts.iter().next()
        && n != 1
    {
        lines.push(format!("flagPieceCount = {n}"));
    }
    if v.rules.limits.flag_reply {
        let kings = flags.len() == 2
            && flags.iter().all(|f| {
                f.kinds.as_ref().is_some_and(|ks| {
                    ks.len() == 1 && ks.iter().all(|k| v.rules.royals.contains(k))
                })
            });
        if !kings {
            o.bad("the racing-kings flag reply without the king on both flags");
        }
        lines.push("flagMove = true".into());
    }
    if v.rules.limits.flag_safe {
        if v.rules.limits.flag_held || v.rules.limits.flag_reply {
            o.bad("safe flags with a flag reply or a held flag (Fairy-Stockfish's `flagMove` then means another rule)");
        }
        lines.push("flagPieceSafe = true".into());
    }
    if v.rules.limits.flag_held {
        let king_flag = flags.iter().any(|f| {
            f.kinds
                .as_ref()
                .is_some_and(|ks| ks.iter().all(|k| v.rules.royals.contains(k)))
        });
        if king_flag || flags.is_empty() {
            o.bad("a flag held through one move where the king alone counts (Fairy-Stockfish judges a king's flag at once)");
        }
        if !v.rules.limits.flag_reply {
            lines.push("flagMove = true".into());
        }
    }
}

pub(super) fn ends(
    o: &mut Out,
    v: &Variant,
    letter: &dyn Fn(PieceKind) -> char,
    lines: &mut Vec<String>,
) {
    let r = &v.rules;
    let rules_w: BTreeSet<_> = r
        .wins_of(Player::WHITE)
        .iter()
        .filter(|w| !matches!(w, WinRule::Checks(_)))
        .cloned()
        .collect();
    let rules_b: BTreeSet<_> = r
        .wins_of(Player::BLACK)
        .iter()
        .filter(|w| !matches!(w, WinRule::Checks(_)))
        .cloned()
        .collect();
    if rules_w != rules_b {
        o.bad("win rules that differ between the sides");
    }
    if let Some((w, b)) = checks_of(v) {
        if w == 0 || b == 0 {
            o.bad("n-check for one side only");
        }
        lines.push("checkCounting = true".into());
    }
    for w in &rules_w {
        match w {
            WinRule::Checkmate => {}
            WinRule::Checkmated => lines.push("checkmateValue = win".into()),
            WinRule::AllPiecesCaptured => {
                lines.push("extinctionValue = loss".into());
                lines.push("extinctionPieceTypes = *".into());
            }
            WinRule::NoPiecesLeft if rules_w.contains(&WinRule::AllPiecesCaptured) => {
                o.bad("winning both by capturing every piece and by losing every piece");
            }
            WinRule::NoPiecesLeft => {
                lines.push("extinctionValue = win".into());
                lines.push("extinctionPieceTypes = *".into());
            }
            WinRule::Koth => match super::write_atomic::royals_in_play(v).as_slice() {
                [k] => {
                    lines.push(format!("flagPiece = {}", letter(*k)));
                    let sq = o.zone_squares(&r.hill);
                    lines.push(format!("flagRegion = {}", o.squares_text(&sq)));
                }
                _ => o.bad("king of the hill without one royal kind"),
            },
            WinRule::FlagAny => flag_lines(o, v, letter, lines),
            WinRule::AllRoyalsCaptured | WinRule::RoyalCapture => {
                // Once for the two.
                if !(*w == WinRule::RoyalCapture && rules_w.contains(&WinRule::AllRoyalsCaptured)) {
                    super::write_atomic::extinction_lines(o, v, letter, &rules_w, lines);
                }
            }
            WinRule::BareKing if v.rules.limits.bare_reply => {
                if rules_w.contains(&WinRule::AllPiecesCaptured)
                    || rules_w.contains(&WinRule::NoPiecesLeft)
                    || super::write_atomic::royal_by_extinction(v)
                {
                    o.bad("the bare-king rule beside another extinction rule");
                }
                for line in [
                    "extinctionValue = loss",
                    "extinctionPieceTypes = *",
                    "extinctionPieceCount = 1",
                    "extinctionOpponentPieceCount = 2",
                    "extinctionClaim = true",
                ] {
                    lines.push(line.into());
                }
            }
            WinRule::Extinction(e) => {
                let others = rules_w.iter().any(|w| {
                    matches!(
                        w,
                        WinRule::AllPiecesCaptured
                            | WinRule::NoPiecesLeft
                            | WinRule::BareKing
                            | WinRule::AllRoyalsCaptured
                            | WinRule::RoyalCapture
                    ) || (matches!(w, WinRule::Extinction(x) if x != e))
                });
                if others || super::write_atomic::pseudo_royal(v).is_some() {
                    o.bad("two extinction rules (Fairy-Stockfish has one)");
                }
                let value = if e.own { "win" } else { "loss" };
                lines.push(format!("extinctionValue = {value}"));
                let kinds = match &e.kinds {
                    None => "*".to_string(),
                    Some(ks) => ks.iter().map(|&k| letter(k)).collect(),
                };
                lines.push(format!("extinctionPieceTypes = {kinds}"));
                if e.at_most > 0 {
                    lines.push(format!("extinctionPieceCount = {}", e.at_most));
                }
                if e.opponent_at_least > 0 {
                    lines.push(format!(
                        "extinctionOpponentPieceCount = {}",
                        e.opponent_at_least
                    ));
                }
            }
            other => o.bad(format!(
                "the win rule {other:?} (no Fairy-Stockfish option says it)"
            )),
        }
    }
    if let Some(royals) = super::write_atomic::pseudo_royal(v) {
        super::write_atomic::pseudo_royal_lines(&royals, letter, lines);
    }
    // Without a `king` (a royal lost by extinction) nothing is ever mated.
    if !rules_w.contains(&WinRule::Checkmate)
        && !rules_w.contains(&WinRule::Checkmated)
        && !super::write_atomic::royal_by_extinction(v)
    {
        o.bad("a game not won by checkmate (Fairy-Stockfish always scores checkmate)");
    }
    lines.push(format!("stalemateValue = {}", r.stalemate.word()));
    match r.draws.move_rule.as_ref().map(|m| m.to_i64()) {
        None => lines.push("nMoveRule = 0".into()),
        Some(Some(p)) if p % 2 == 0 && p > 0 => lines.push(format!("nMoveRule = {}", p / 2)),
        Some(_) => o.bad("a move rule of an odd number of plies"),
    }
    lines.push(format!("nFoldRule = {}", r.draws.repetition.unwrap_or(0)));
    match r.draws.repetition_result {
        RepetitionResult::ToMove(Outcome::Draw) => {}
        RepetitionResult::ToMove(o) => lines.push(format!("nFoldValue = {}", o.word())),
        RepetitionResult::ForWhite(o) => {
            lines.push(format!("nFoldValue = {}", o.word()));
            lines.push("nFoldValueAbsolute = true".into());
        }
    }
}
