//! The rules half of [`super::lower`]: castling rights and moves,
//! promotion, and how the game ends.

use std::collections::BTreeSet;

use icn_model::{Coord, Int, PieceKind, Player, Position};
use icn_rules::{CastleMove, Castling, Outcome, PromotionRule, RepetitionResult, RuleSet, WinRule};

use super::fen::Setup;
use super::lower::{Lowering, zone};
use super::lower_pieces::Lowered;
use super::resolve::PieceSet;

/// Gives the king and rooks named by the FEN's castling field their `+`
/// right, and records the castling moves they allow.
///
/// As Fairy-Stockfish reads it: `K` and `Q` name the outermost rook on
/// their side up to `castlingRookKingsideFile` / `castlingRookQueensideFile`
/// (shako's rooks stand inside its cannons' files), a file letter the rook
/// on that file; the castling king is
/// the one on the castling rank, and of several the one on
/// `castlingKingFile` — under `chess960` the first (lowest file) instead,
/// or the one a first file letter of the side names (`EAH`: the e-file king
/// castles with the a- and h-file rooks). The moves are explicit castles,
/// which the engine plays by Chess960's rules.
pub(super) fn castling_rights(
    l: &mut Lowering<'_>,
    setup: &Setup,
    out: &mut Position,
    pieces: &[Lowered],
) {
    if !l.flag("castling", true) {
        return;
    }
    let Some(field) = setup.castling.clone().filter(|f| f != "-") else {
        return;
    };
    let crank = l.int_rank("castlingRank", 1);
    let kside = l.int_file("castlingKingsideFile", 7);
    let qside = l.int_file("castlingQueensideFile", 3);
    let king_file = l.int_file("castlingKingFile", 5);
    // `K` and `Q` look for the rook from these files inward.
    let rook_k = l.int_file("castlingRookKingsideFile", l.files);
    let rook_q = l.int_file("castlingRookQueensideFile", 1);
    let chess960 = l.flag("chess960", false);
    // Per side, the castling king's file once the side's first letter is read.
    let mut chosen: [Option<u32>; 2] = [None, None];
    for c in field.chars() {
        let white = c.is_ascii_uppercase();
        let player = if white { Player::WHITE } else { Player::BLACK };
        let rank = if white {
            crank
        } else {
            (l.ranks + 1).saturating_sub(crank)
        };
        let (kset, rset) = if white {
            (
                l.piece_set("castlingKingPieceWhite"),
                l.piece_set("castlingRookPiecesWhite"),
            )
        } else {
            (
                l.piece_set("castlingKingPieceBlack"),
                l.piece_set("castlingRookPiecesBlack"),
            )
        };
        let is = |set: &PieceSet, letter: char| {
            l.v.piece_by_letter(letter)
                .is_some_and(|d| set.contains(d.slot))
        };
        let kings: Vec<u32> = setup
            .pieces
            .iter()
            .filter(|p| p.white == white && p.rank == rank && is(&kset, p.letter))
            .map(|p| p.file)
            .collect();
        let side = usize::from(!white);
        let letter_file = c
            .is_ascii_alphabetic()
            .then(|| u32::from(c.to_ascii_uppercase()) - u32::from('A') + 1)
            .filter(|_| !matches!(c.to_ascii_uppercase(), 'K' | 'Q'));
        if chess960
            && chosen[side].is_none()
            && let Some(f) = letter_file.filter(|f| kings.contains(f))
        {
            chosen[side] = Some(f);
            continue;
        }
        let king = chosen[side].or(match kings.as_slice() {
            [one] => Some(*one),
            [] => None,
            [first, ..] if chess960 => Some(*first),
            many => many.iter().copied().find(|&f| f == king_file),
        });
        chosen[side] = king;
        let Some(kf) = king else {
            let o = l.origin_of("startFen");
            if let Some(o) = o {
                l.refuse(
                    &o,
                    format!("castling right `{c}` without a castling king on its rank"),
                );
            }
            continue;
        };
        let rooks = setup
            .pieces
            .iter()
            .filter(|p| p.white == white && p.rank == rank && is(&rset, p.letter));
        let lower = c.to_ascii_uppercase();
        let rook = match lower {
            'K' => rooks
                .filter(|p| p.file > kf && p.file <= rook_k)
                .map(|p| p.file)
                .max(),
            'Q' => rooks
                .filter(|p| p.file < kf && p.file >= rook_q)
                .map(|p| p.file)
                .min(),
            f => {
                let file = u32::from(f) - u32::from('A') + 1;
                rooks.map(|p| p.file).find(|&x| x == file)
            }
        };
        let Some(rf) = rook else {
            if let Some(o) = l.origin_of("startFen") {
                l.refuse(
                    &o,
                    format!("castling right `{c}` without a rook to castle with"),
                );
            }
            continue;
        };
        let east = rf > kf;
        let to = if east { kside } else { qside };
        let partner_to = if east { to - 1 } else { to + 1 };
        for p in &mut out.pieces {
            let at = |f: u32| Coord::new(i64::from(f), i64::from(rank));
            if p.piece.player == player && (p.at == at(kf) || p.at == at(rf)) {
                p.special_right = true;
            }
        }
        let (lo, hi) = (
            kf.min(rf).min(to).min(partner_to),
            kf.max(rf).max(to).max(partner_to),
        );
        if setup
            .walls
            .iter()
            .any(|&(f, r)| r == rank && (lo..=hi).contains(&f))
        {
            if let Some(o) = l.origin_of("startFen") {
                l.refuse(
                    &o,
                    format!("castling right `{c}` across a wall square: needs the model"),
                );
            }
            continue;
        }
        let sq = |f: u32| Coord::new(i64::from(f), i64::from(rank));
        let kind_on = |f: u32| {
            let letter = setup
                .pieces
                .iter()
                .find(|p| p.white == white && p.rank == rank && p.file == f)?
                .letter;
            let slot = l.v.piece_by_letter(letter)?.slot;
            pieces.iter().find(|p| p.def.slot == slot).map(|p| p.kind)
        };
        let (Some(kk), Some(rk)) = (kind_on(kf), kind_on(rf)) else {
            continue;
        };
        l.castles.push((
            CastleMove {
                player,
                king_from: sq(kf),
                king_to: sq(to),
                partner_from: sq(rf),
                partner_to: sq(partner_to),
            },
            kk,
            rk,
        ));
    }
}

/// The castling rule: the site rule when every move is what it allows
/// (the king two squares toward a partner at least three away, the partner
/// landing on the square crossed), else the explicit moves only.
pub(super) fn castling(l: &mut Lowering<'_>, pieces: &[Lowered]) -> Castling {
    let taken = std::mem::take(&mut l.castles);
    if taken.is_empty() {
        // Castling with dropped pieces: the site rule between the king and
        // the rooks that drops (or the FEN) give the `+` right.
        if l.flag("castlingDroppedPiece", false) && l.flag("castling", true) {
            let rooks = l.piece_set("castlingRookPiecesWhite");
            let mut c = Castling::site();
            c.partners = Some(
                super::lower_pieces::kinds_in(pieces, &rooks)
                    .into_iter()
                    .collect(),
            );
            return c;
        }
        return Castling::none();
    }
    let kinds: BTreeSet<PieceKind> = taken.iter().map(|t| t.1).collect();
    let partner_kinds: BTreeSet<PieceKind> = taken.iter().map(|t| t.2).collect();
    let mut moves: Vec<CastleMove> = taken.into_iter().map(|t| t.0).collect();
    // In one order whatever order the FEN's rights come in (`KQ` or `HA`).
    moves.sort_by(|a, b| {
        (a.player, &a.king_from, &a.king_to, &a.partner_from).cmp(&(
            b.player,
            &b.king_from,
            &b.king_to,
            &b.partner_from,
        ))
    });
    let site_like = moves.iter().all(|m| {
        let d = |a: &Coord, b: &Coord| a.x.sub(&b.x).to_i64().unwrap_or(0);
        let k = d(&m.king_to, &m.king_from);
        let r = d(&m.partner_from, &m.king_from);
        k.abs() == 2
            && k.signum() == r.signum()
            && r.abs() >= 3
            && d(&m.partner_to, &m.king_from) == k / 2
    });
    if site_like && kinds.iter().all(|&k| k == PieceKind::King) {
        let mut c = Castling::site();
        // Only the castling partners hold `+` among non-pawns unless gated
        // pieces or some piece with initial moves do too: then name the
        // partners.
        if pieces
            .iter()
            .any(|p| p.has_initial() && p.kind != PieceKind::Pawn)
            || super::lower_gating::gates_from_hand(l)
        {
            c.partners = Some(partner_kinds);
        }
        return c;
    }
    Castling {
        castlers: kinds,
        min_distance: u32::MAX,
        king_steps: 2,
        partners: Some(partner_kinds),
        explicit: moves,
    }
}

/// `enPassantRegionWhite`/`Black` that leave out squares: where each side may
/// take en passant (`limits::EnPassantZone`).
pub(super) fn en_passant_zones(l: &Lowering<'_>, rules: &mut RuleSet) {
    for (f, player) in [
        ("enPassantRegionWhite", Player::WHITE),
        ("enPassantRegionBlack", Player::BLACK),
    ] {
        if l.text(f).is_none() {
            continue;
        }
        let squares: BTreeSet<(u32, u32)> = l.squares(f, "-").into_iter().collect();
        if squares.len() as u32 != l.files * l.ranks {
            let squares: Vec<(u32, u32)> = squares.into_iter().collect();
            rules
                .limits
                .en_passant_zones
                .push(icn_rules::limits::EnPassantZone {
                    player,
                    zone: zone(&squares, l.files),
                });
        }
    }
}

/// Promotion rules for both sides.
pub(super) fn promotions(l: &mut Lowering<'_>, rules: &mut RuleSet, pieces: &[Lowered]) {
    // Sittuyin promotion replaces promotion on arrival, mandatory or not.
    let by_move = l.flag("sittuyinPromotion", false);
    let mandatory = !by_move && l.flag("mandatoryPawnPromotion", true);
    let kinds_of = |set: &PieceSet| super::lower_pieces::kinds_in(pieces, set);
    for (player, color, default) in [
        (Player::WHITE, "White", "*8"),
        (Player::BLACK, "Black", "*1"),
    ] {
        let promoting = kinds_of(&l.piece_set(&format!("promotionPawnTypes{color}")));
        // A set of piece types in Fairy-Stockfish: listed in the kinds' order.
        let mut choices = kinds_of(&l.piece_set(&format!("promotionPieceTypes{color}")));
        choices.sort();
        let squares = l.squares(&format!("promotionRegion{color}"), default);
        if promoting.is_empty() || choices.is_empty() || squares.is_empty() {
            continue;
        }
        rules.promotions.push(PromotionRule {
            from_zone: false,
            player,
            promoting: promoting.into_iter().collect(),
            zone: zone(&squares, l.files),
            choices,
            mandatory,
            forced: icn_rules::Zone::empty(),
            by_move,
            demotes: false,
            on_capture: false,
        });
    }
}

/// Whether the flag rule is the king on one region for both sides, one
/// piece, no wait (the model's king of the hill).
fn king_on_one_hill(l: &Lowering<'_>) -> bool {
    let king = l.piece_set("flagPieceWhite") == l.piece_set("flagPieceBlack")
        && matches!(l.piece_set("flagPieceWhite"), PieceSet::Some(s) if s.len() == 1 && s.contains(&super::slots::Slot::KING));
    // With `flagMove` (racing kings) the sides' flags differ in time: flag
    // zones with the reply, not one hill.
    king && l.squares("flagRegionWhite", "-") == l.squares("flagRegionBlack", "-")
        && l.int("flagPieceCount", 1) == 1
        && !l.flag("flagMove", false)
}

/// Flag wins other than the king of the hill: each side's `flagRegion…`,
/// the `flagPiece…` kinds that count (`*`: every piece) and
/// `flagPieceCount` become a flag zone and [`WinRule::FlagAny`] for that
/// side (a side without a region has none). `flagMove` with the king on both
/// flags is racing kings' reply (`limits::flag_reply`), with other pieces on
/// both a flag held through one opponent move (`limits::flag_held`: Jeson
/// Mor), otherwise refused; `flagPieceSafe` without `flagMove` is
/// `limits::flag_safe` (Dobutsu), with it refused, as is
/// `flagPieceBlockedWin` (earlier).
pub(super) fn flags(l: &mut Lowering<'_>, rules: &mut RuleSet, pieces: &[Lowered]) {
    if king_on_one_hill(l) {
        if l.flag("flagPieceSafe", false)
            && let Some(o) = l.origin_of("flagPieceSafe")
        {
            l.refuse(&o, "`flagPieceSafe` on a hill: needs the model");
        }
        return;
    }
    let count = l.int("flagPieceCount", 1).max(1);
    for (player, color) in [(Player::WHITE, "White"), (Player::BLACK, "Black")] {
        let squares = l.squares(&format!("flagRegion{color}"), "-");
        if squares.is_empty() {
            continue;
        }
        let kinds = match l.piece_set(&format!("flagPiece{color}")) {
            PieceSet::All => None,
            set => Some(
                super::lower_pieces::kinds_in(pieces, &set)
                    .into_iter()
                    .collect(),
            ),
        };
        rules.limits.flags.push(icn_rules::limits::FlagZone {
            player,
            zone: zone(&squares, l.files),
            kinds,
            count,
        });
    }
    rules.limits.flag_safe = !rules.limits.flags.is_empty() && l.flag("flagPieceSafe", false);
    // `flagMove`: racing kings' reply when both flags are the king's.
    if l.flag("flagMove", false)
        && let Some(o) = l.origin_of("flagMove")
    {
        let kings_only = rules.limits.flags.len() == 2
            && rules.limits.flags.iter().all(|f| {
                f.kinds
                    .as_ref()
                    .is_some_and(|ks| ks.len() == 1 && ks.iter().all(|k| rules.royals.contains(k)))
            });
        // Fairy-Stockfish judges a king's flag early: the held flag is for
        // flags no side's king alone counts on.
        let no_king_flag = rules.limits.flags.iter().all(|f| {
            f.kinds
                .as_ref()
                .is_none_or(|ks| !ks.iter().all(|k| rules.royals.contains(k)))
        });
        if kings_only {
            rules.limits.flag_reply = true;
        } else if no_king_flag {
            rules.limits.flag_held = true;
        } else {
            l.refuse(
                &o,
                "`flagMove` with the king alone on one flag and other pieces on the other: needs the model",
            );
        }
    }
    // Both sides win by a flag (a side without a region never reaches one).
    if !rules.limits.flags.is_empty() {
        for (_, ws) in &mut rules.wins {
            if !ws.contains(&WinRule::FlagAny) {
                ws.push(WinRule::FlagAny);
            }
        }
    }
}

/// Wins, stalemate and draws.
pub(super) fn ends(l: &mut Lowering<'_>, rules: &mut RuleSet) {
    rules.forced_capture = l.flag("mustCapture", false);
    rules.limits.no_checks = !l.flag("checking", true);
    rules.limits.royal_captures_checker_only = l.flag("makpongRule", false);
    rules.limits.flying_general = l.flag("flyingGeneral", false);
    let mut wins = match l.text("checkmateValue").map(|(t, _)| t) {
        Some(t) if t == "win" => vec![WinRule::Checkmated],
        _ => vec![WinRule::Checkmate],
    };
    if l.pieces_set_is_all("extinctionPieceTypes") && super::lower_extinction::general(l).is_none()
    {
        match l.text("extinctionValue").map(|(t, _)| t).as_deref() {
            Some("loss") => wins.push(WinRule::AllPiecesCaptured),
            // Losing every piece wins (antichess on other boards).
            Some("win") => wins.push(WinRule::NoPiecesLeft),
            _ => {}
        }
    }
    let flag = l.squares("flagRegionWhite", "-");
    if !flag.is_empty() && king_on_one_hill(l) {
        rules.hill = zone(&flag, l.files);
        wins.push(WinRule::Koth);
    }
    rules.stalemate = outcome_of(l, "stalemateValue");
    let mut per_player = vec![(Player::WHITE, wins.clone()), (Player::BLACK, wins)];
    if l.flag("checkCounting", false) {
        match l.checks {
            Some((w, b)) => {
                per_player[0].1.push(WinRule::Checks(w));
                per_player[1].1.push(WinRule::Checks(b));
            }
            None => {
                if let Some(o) = l.origin_of("checkCounting") {
                    l.refuse(
                        &o,
                        "check counting without counters in the start FEN (`3+3`)",
                    );
                }
            }
        }
    }
    rules.wins = per_player;
    let n = l.int("nMoveRule", 50);
    rules.draws.move_rule = (n > 0).then(|| Int::from(2 * i64::from(n)));
    let fold = l.int("nFoldRule", 3);
    rules.draws.repetition = (fold > 0).then_some(fold);
    let fold_value = outcome_of(l, "nFoldValue");
    rules.draws.repetition_result = if l.flag("nFoldValueAbsolute", false) {
        RepetitionResult::ForWhite(fold_value)
    } else {
        RepetitionResult::ToMove(fold_value)
    };
    // Fairy-Stockfish scores a repetition made by perpetual check as a loss
    // for the checking side. It sees checks on the `king` only: without one
    // (pseudo-royal pieces standing in for it: Sho shogi) nothing is ever
    // a check there, and the rule never applies.
    let king = l.v.pieces.contains_key(&super::slots::Slot::KING);
    if l.flag("perpetualCheckIllegal", false) && fold > 0 && king {
        rules.losses.perpetual_check = Some(fold);
    }
}

/// A `Value` option as an outcome for the player it is scored for: `win`,
/// `loss`, else a draw (`none` is refused by [`super::lower_refuse`]).
fn outcome_of(l: &Lowering<'_>, option: &str) -> Outcome {
    match l.text(option).map(|(t, _)| t).as_deref() {
        Some("win") => Outcome::Win,
        Some("loss") => Outcome::Loss,
        _ => Outcome::Draw,
    }
}
