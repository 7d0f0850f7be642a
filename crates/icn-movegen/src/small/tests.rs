//! The compact board against the generic one: random positions and games
//! (fairy leapers and riders, castling, en passant, promotion, three
//! players, wide boards, drops, explosions, zone moves, flags and bare
//! kings), compared move by move (keys included) and in perft.

use std::collections::BTreeSet;

use icn_model::{Dialect, Game, Player};

use super::SmallBoard;
use crate::mask::Mask;
use crate::small::{EMPTY, Special};
use crate::{Board, PerftMode};

/// Where en passant is there to take, and one capture would expose the king
/// along its row.
const EN_PASSANT: &str = "w 0/100 1 (8|1) 1,8,1,8 K5,1|k1,4|p3,4|P2,2+|R8,4|P6,2+|p7,4";

fn board(icn: &str) -> Board {
    Board::from_game(&Game::parse(icn, Dialect::Auto).unwrap()).unwrap()
}

pub(super) struct Lcg(pub u64);

impl Lcg {
    pub fn next(&mut self, n: u64) -> u64 {
        (crate::next_random(&mut self.0) >> 33) % n
    }
}

/// Pieces put on random empty squares of a board 8 files wide (or as
/// [`RandomPieces::files`] says), written as ICN.
#[derive(Default)]
pub(super) struct RandomPieces {
    used: std::collections::BTreeSet<(i64, i64)>,
    pieces: Vec<String>,
    files: Option<i64>,
}

impl RandomPieces {
    /// An empty board `files` wide.
    pub fn files(files: i64) -> RandomPieces {
        RandomPieces {
            files: Some(files),
            ..RandomPieces::default()
        }
    }

    /// Puts a piece `code` on an empty square of `ranks` (inclusive), with
    /// the `+` right when it lands on rank `right_on`.
    pub fn place(&mut self, code: &str, rng: &mut Lcg, ranks: (i64, i64), right_on: Option<i64>) {
        loop {
            let x = 1 + rng.next(self.files.unwrap_or(8) as u64) as i64;
            let y = ranks.0 + rng.next((ranks.1 - ranks.0 + 1) as u64) as i64;
            if self.used.insert((x, y)) {
                let plus = if right_on == Some(y) { "+" } else { "" };
                self.pieces.push(format!("{code}{x},{y}{plus}"));
                return;
            }
        }
    }

    /// The position with `side` to move.
    pub fn icn(&self, side: &str) -> String {
        format!("{side} 0/100 {}", self.pieces.join("|"))
    }
}

/// A random position on the 8×8 board with fairy leapers and riders,
/// pawns with double steps, castling partners and promotion.
pub(super) fn random_icn(rng: &mut Lcg) -> String {
    random_icn_wide(rng, 8)
}

/// Two kings and at most two other pieces a side, where bare kings come
/// soon.
fn sparse_icn(rng: &mut Lcg) -> String {
    let mut pieces = vec!["K5,1".to_string(), "k5,8".to_string()];
    let mut used = vec![(5, 1), (5, 8)];
    for side in ["", "l"] {
        for _ in 0..rng.next(3) {
            let code = ["Q", "R", "B", "N"][rng.next(4) as usize];
            let code = if side.is_empty() {
                code.to_string()
            } else {
                code.to_lowercase()
            };
            let at = (rng.next(8) as i64 + 1, rng.next(8) as i64 + 1);
            if !used.contains(&at) {
                used.push(at);
                pieces.push(format!("{code}{},{}", at.0, at.1));
            }
        }
    }
    format!("w 0/100 1 1,8,1,8 {}", pieces.join("|"))
}

/// Kings one or two rows from the far row and a few pieces behind
/// them, where a king soon reaches row 8.
fn racing_icn(rng: &mut Lcg) -> String {
    let wx = rng.next(8) as i64 + 1;
    let bx = (wx + 1 + rng.next(6) as i64) % 8 + 1;
    let (wy, by) = (6 + rng.next(2) as i64, 7);
    let mut used = vec![(wx, wy), (bx, by)];
    let mut pieces = vec![format!("K{wx},{wy}"), format!("k{bx},{by}")];
    for code in ["R", "b", "N", "q", "B", "r"] {
        let at = (rng.next(8) as i64 + 1, rng.next(4) as i64 + 1);
        if !used.contains(&at) {
            used.push(at);
            pieces.push(format!("{code}{},{}", at.0, at.1));
        }
    }
    format!("w 0/100 1 1,8,1,8 {}", pieces.join("|"))
}

/// [`random_icn`] on a board `width` files wide.
fn random_icn_wide(rng: &mut Lcg, width: i64) -> String {
    const KINDS: [&str; 14] = [
        "Q", "R", "B", "N", "P", "P", "P", "AM", "CH", "AR", "GU", "CA", "ZE", "NR",
    ];
    let mut used = BTreeSet::new();
    let mut pieces = Vec::new();
    let mut place = |code: String, at: Option<(i64, i64)>, right: bool, rng: &mut Lcg| {
        for _ in 0..100 {
            let (x, y) = at.unwrap_or((rng.next(width as u64) as i64 + 1, rng.next(8) as i64 + 1));
            let pawn = code.eq_ignore_ascii_case("p");
            if pawn && !(2..=7).contains(&y) {
                continue;
            }
            if used.insert((x, y)) {
                let plus = if right && (!pawn || y == 2 || y == 7) {
                    "+"
                } else {
                    ""
                };
                pieces.push(format!("{code}{x},{y}{plus}"));
                return;
            }
        }
    };
    place("K".into(), Some((5, 1)), rng.next(2) == 0, rng);
    place("k".into(), Some((5, 8)), rng.next(2) == 0, rng);
    for (x, y, c) in [(1, 1, "R"), (width, 1, "R"), (1, 8, "r"), (width, 8, "r")] {
        if rng.next(2) == 0 {
            place(c.into(), Some((x, y)), true, rng);
        }
    }
    for _ in 0..4 + rng.next(10) {
        let k = KINDS[rng.next(KINDS.len() as u64) as usize];
        let code = if rng.next(2) == 0 {
            k.to_string()
        } else {
            k.to_lowercase()
        };
        place(code, None, rng.next(2) == 0, rng);
    }
    if rng.next(4) == 0 {
        place("ob".into(), None, false, rng);
    }
    let side = if rng.next(2) == 0 { "w" } else { "b" };
    format!(
        "{side} 0/100 1 (8|1;q,n,ch) 1,{width},1,8 {}",
        pieces.join("|")
    )
}

/// Whether every kind of move but drops and gating was seen.
fn saw_all_but_drops(seen: &[usize; 7]) -> bool {
    seen.iter()
        .enumerate()
        .all(|(i, &n)| n > 0 || i == Special::Drop as usize || i == 6)
}

/// Plays up to `plies` moves from `icn` (special moves half the time);
/// at every step the compact board's moves, count and key must equal the
/// generic board's. Returns the plies played; `seen` counts the moves
/// compared per kind (normal, double step, en passant, castling, drop,
/// promotion, gating).
fn walk(icn: &str, plies: usize, rng: &mut Lcg, seen: &mut [usize; 7]) -> usize {
    walk_board::<u64>(board(icn), icn, plies, rng, seen)
}

/// [`walk`] from a board built by the caller.
pub(super) fn walk_board<M: Mask>(
    mut b: Board,
    icn: &str,
    plies: usize,
    rng: &mut Lcg,
    seen: &mut [usize; 7],
) -> usize {
    let Some(mut s) = SmallBoard::<M>::new(&b) else {
        return 0;
    };
    let mut undos = Vec::new();
    for _ in 0..plies {
        let mut fast = Vec::new();
        s.generate(&mut fast);
        let mut generic: Vec<String> = b
            .legal_moves()
            .unwrap()
            .iter()
            .map(|m| format!("{m:?}"))
            .collect();
        let mut got: Vec<String> = fast.iter().map(|m| format!("{:?}", s.to_move(m))).collect();
        generic.sort();
        got.sort();
        assert_eq!(got, generic, "moves of {icn} after {:?}", b.made_moves());
        assert_eq!(s.count(), fast.len() as u64);
        assert_eq!(
            s.key(),
            b.zobrist(),
            "key of {icn} after {:?}",
            b.made_moves()
        );
        for m in &fast {
            seen[m.special as usize] += 1;
            if m.promo != EMPTY && m.special != Special::Drop {
                seen[5] += 1;
            }
            if m.gate != EMPTY {
                seen[6] += 1;
            }
        }
        if fast.is_empty() {
            break;
        }
        let special: Vec<_> = fast
            .iter()
            .filter(|m| m.special != Special::Normal)
            .collect();
        let m = if !special.is_empty() && rng.next(2) == 0 {
            *special[rng.next(special.len() as u64) as usize]
        } else {
            fast[rng.next(fast.len() as u64) as usize]
        };
        undos.push((m, s.make(&m)));
        b.make(&s.to_move(&m));
    }
    let played = undos.len();
    while let Some((m, u)) = undos.pop() {
        s.unmake(&m, &u);
        b.unmake();
        assert_eq!(s.key(), b.zobrist());
    }
    played
}

/// Along random games from random fairy positions and from the perft
/// corpus' positions (and one where en passant would expose the king
/// along its row), the compact board agrees with the generic one.
#[test]
fn compact_board_agrees_with_the_generic_one() {
    let mut rng = Lcg(0xc0ffee);
    let mut seen = [0usize; 7];
    let mut steps = 0;
    for _ in 0..120 {
        steps += walk(&random_icn(&mut rng), 12, &mut rng, &mut seen);
    }
    let corpus = [
        include_str!("../../../../fixtures/perft/ok/kiwipete.perft"),
        include_str!("../../../../fixtures/perft/ok/position3.perft"),
        include_str!("../../../../fixtures/perft/ok/position4.perft"),
        include_str!("../../../../fixtures/perft/ok/position5.perft"),
    ];
    let mut fixed: Vec<String> = corpus
        .iter()
        .filter_map(|t| t.lines().find_map(|l| l.strip_prefix("icn ")))
        .map(str::to_string)
        .collect();
    fixed.push(EN_PASSANT.into());
    for icn in &fixed {
        for _ in 0..20 {
            steps += walk(icn, 16, &mut rng, &mut seen);
        }
    }
    assert!(steps > 1500, "{steps} steps");
    assert!(saw_all_but_drops(&seen), "moves seen by kind: {seen:?}");
}

/// Perft 3 by the compact board equals the generic generator's.
#[test]
fn compact_perft_agrees_with_the_generic_one() {
    let mut rng = Lcg(0xfeed);
    let mut checked = 0;
    for _ in 0..40 {
        let icn = random_icn(&mut rng);
        let mut b = board(&icn);
        let Some(mut s) = SmallBoard::<u64>::new(&b) else {
            continue;
        };
        let generic = b.perft_generic(3, PerftMode::Bulk).unwrap();
        assert_eq!(s.perft(3, PerftMode::Bulk, true), generic, "{icn}");
        assert_eq!(s.perft(3, PerftMode::MakeEveryLeaf, true), generic, "{icn}");
        checked += 1;
    }
    assert!(checked > 30);
}

/// Three players (each checked by both others), voids and obstacles:
/// the compact board agrees with the generic one, move by move and in perft.
#[test]
fn compact_board_agrees_with_three_players() {
    let mut rng = Lcg(0x3_0000);
    let mut checked = 0;
    for _ in 0..30 {
        let icn = random_icn(&mut rng);
        // Squares as "x,y", of the pieces placed so far.
        let mut taken: Vec<String> = icn
            .rsplit(' ')
            .next()
            .unwrap_or_default()
            .split('|')
            .map(|p| {
                p.trim_end_matches('+')
                    .trim_start_matches(|c: char| c.is_ascii_alphabetic())
            })
            .map(str::to_string)
            .collect();
        let mut extra = Vec::new();
        for code in ["3k", "3r", "3q", "3n", "vo", "ob"] {
            let at = format!("{},{}", rng.next(8) + 1, rng.next(8) + 1);
            if !taken.contains(&at) {
                extra.push(format!("{code}{at}"));
                taken.push(at);
            }
        }
        let icn = format!("{icn}|{}", extra.join("|"));
        let Ok(g) = Game::parse(&icn, Dialect::Auto) else {
            continue;
        };
        let mut rules = crate::rules_of(&g).unwrap();
        rules.turn_order = vec![Player::WHITE, Player::BLACK, Player::RED];
        rules.wins = [Player::WHITE, Player::BLACK, Player::RED]
            .into_iter()
            .map(|p| (p, vec![icn_rules::WinRule::Checkmate]))
            .collect();
        let Ok(mut b) = Board::new(&g.position, &rules) else {
            continue;
        };
        let Some(mut s) = SmallBoard::<u64>::new(&b) else {
            continue;
        };
        let generic = b.perft_generic(3, PerftMode::Bulk).unwrap();
        assert_eq!(s.perft(3, PerftMode::Bulk, true), generic, "{icn}");
        assert_eq!(s.perft(3, PerftMode::MakeEveryLeaf, true), generic, "{icn}");
        let mut seen = [0; 7];
        walk_board::<u64>(b, &icn, 12, &mut rng, &mut seen);
        checked += 1;
    }
    assert!(checked > 20, "{checked} positions");
}

/// On boards of 9 to 16 files (72 to 128 cells) the wide compact board
/// agrees with the generic one, move by move and in perft, and the narrow
/// one declines.
#[test]
fn wide_compact_board_agrees_with_the_generic_one() {
    let mut rng = Lcg(0x128);
    let mut seen = [0usize; 7];
    let (mut steps, mut perfts) = (0, 0);
    for i in 0..60 {
        let width = [9, 10, 12, 16][i % 4];
        let icn = random_icn_wide(&mut rng, width);
        let mut b = board(&icn);
        assert!(SmallBoard::<u64>::new(&b).is_none(), "{icn}");
        if i % 3 == 0
            && let Some(mut s) = SmallBoard::<u128>::new(&b)
        {
            let generic = b.perft_generic(3, PerftMode::Bulk).unwrap();
            assert_eq!(s.perft(3, PerftMode::Bulk, true), generic, "{icn}");
            perfts += 1;
        }
        steps += walk_board::<u128>(b, &icn, 12, &mut rng, &mut seen);
    }
    // En passant along a wide row, one capture exposing the king.
    let ep = "w 0/100 1 (8|1) 1,10,1,8 K5,1|k1,4|p3,4|P2,2+|R10,4|P6,2+|p7,4|P9,2+|p8,4";
    for _ in 0..20 {
        steps += walk_board::<u128>(board(ep), ep, 16, &mut rng, &mut seen);
    }
    assert!(steps > 500 && perfts > 10, "{steps} steps, {perfts} perfts");
    assert!(saw_all_but_drops(&seen), "moves seen by kind: {seen:?}");
}

/// Pieces in hand: drops with zones, `+` rights on some squares, at most
/// one pawn per file, knights that may not drop with check and pawns
/// that may not drop mate, gating; captures (of promoted pieces too) feed
/// the hands. On 8×8 and 10×8 boards the compact board agrees with the
/// generic one, move by move (keys and hands included) and in perft.
#[test]
fn compact_board_agrees_with_drops() {
    use icn_model::{Piece, PieceKind};
    use icn_rules::{DropMate, DropZone, Drops, Zone};
    let mut rng = Lcg(0xd209);
    let mut seen = [0usize; 7];
    let (mut steps, mut perfts) = (0, 0);
    for i in 0..90 {
        let width = if i % 2 == 0 { 8 } else { 10 };
        let icn = if i % 10 == 0 {
            // Where en passant is there to take.
            EN_PASSANT.to_string()
        } else {
            random_icn_wide(&mut rng, width)
        };
        let g = Game::parse(&icn, Dialect::Auto).unwrap();
        let mut rules = crate::rules_of(&g).unwrap();
        let pawns = Some([PieceKind::Pawn].into_iter().collect());
        let mut drops = Drops {
            zones: [(Player::WHITE, 2..=7), (Player::BLACK, 2..=7)]
                .into_iter()
                .map(|(player, ys)| DropZone {
                    player,
                    kinds: pawns.clone(),
                    zone: Zone::rows(ys.map(icn_model::Int::from)),
                })
                .collect(),
            rights: vec![
                DropZone {
                    player: Player::WHITE,
                    kinds: pawns.clone(),
                    zone: Zone::rows([icn_model::Int::from(2)]),
                },
                DropZone {
                    player: Player::BLACK,
                    kinds: pawns.clone(),
                    zone: Zone::rows([icn_model::Int::from(7)]),
                },
            ],
            drop_mate: DropMate::Illegal,
            ..Drops::default()
        };
        if i % 3 == 0 {
            drops.no_doubled.insert(PieceKind::Pawn, 1);
            drops.no_check.insert(PieceKind::Knight);
            drops.no_mate.insert(PieceKind::Pawn);
        }
        if i % 3 == 1 {
            // S-chess gating from the back rows, knights and rooks only
            // for Black; drops then only by gating.
            drops.allowed = i % 2 == 0;
            drops.gating = [
                (Player::WHITE, 1, None),
                (Player::BLACK, 8, Some(["N", "R"])),
            ]
            .into_iter()
            .map(|(player, row, kinds)| DropZone {
                player,
                kinds: kinds.map(|ks| {
                    ks.iter()
                        .map(|k| {
                            if *k == "N" {
                                PieceKind::Knight
                            } else {
                                PieceKind::Rook
                            }
                        })
                        .collect()
                }),
                zone: Zone::rows([icn_model::Int::from(row)]),
            })
            .collect();
        }
        rules.drops = Some(drops);
        let mut position = g.position.clone();
        for (kind, player) in [
            (PieceKind::Pawn, Player::WHITE),
            (PieceKind::Knight, Player::BLACK),
            (PieceKind::Pawn, Player::BLACK),
            (PieceKind::Rook, Player::WHITE),
        ] {
            let n = rng.next(3) as u32;
            if n > 0 {
                position.holdings.add(Piece::new(kind, player), n);
            }
        }
        let Ok(mut b) = Board::new(&position, &rules) else {
            continue;
        };
        if i % 4 == 0
            && let Some(mut s) = SmallBoard::<u64>::new(&b)
        {
            let generic = b.perft_generic(3, PerftMode::Bulk).unwrap();
            assert_eq!(s.perft(3, PerftMode::Bulk, true), generic, "{icn}");
            assert_eq!(s.perft(3, PerftMode::MakeEveryLeaf, true), generic, "{icn}");
            perfts += 1;
        }
        steps += if width == 8 {
            walk_board::<u64>(b, &icn, 16, &mut rng, &mut seen)
        } else {
            walk_board::<u128>(b, &icn, 16, &mut rng, &mut seen)
        };
    }
    assert!(steps > 600 && perfts > 5, "{steps} steps, {perfts} perfts");
    assert!(seen.iter().all(|&n| n > 0), "moves seen by kind: {seen:?}");
}

/// Atomic explosions (pawns shielded, and sometimes knights immune),
/// with the game won by taking every royal: the compact board agrees
/// with the generic one, move by move and in perft, stopping at ended
/// games and not.
#[test]
fn compact_board_agrees_with_explosions() {
    use icn_model::PieceKind;
    use icn_rules::WinRule;
    use icn_rules::limits::Explosion;
    let mut rng = Lcg(0xa70);
    let mut seen = [0usize; 7];
    let (mut steps, mut perfts) = (0, 0);
    for i in 0..80 {
        let icn = if i % 10 == 0 {
            EN_PASSANT.to_string()
        } else {
            random_icn_wide(&mut rng, if i % 2 == 0 { 8 } else { 10 })
        };
        let g = Game::parse(&icn, Dialect::Auto).unwrap();
        let mut rules = crate::rules_of(&g).unwrap();
        rules.limits.explosion = Some(Explosion {
            immune: if i % 3 == 0 {
                [PieceKind::Knight].into_iter().collect()
            } else {
                Default::default()
            },
            shielded: [PieceKind::Pawn].into_iter().collect(),
        });
        for (_, wins) in &mut rules.wins {
            wins.push(WinRule::AllRoyalsCaptured);
        }
        let Ok(mut b) = Board::new(&g.position, &rules) else {
            continue;
        };
        if i % 3 == 0 {
            let (narrow, wide) = (SmallBoard::<u64>::new(&b), SmallBoard::<u128>::new(&b));
            if let Some(mut s) = narrow {
                for stop in [false, true] {
                    let generic = b.perft_generic_with(3, PerftMode::Bulk, stop).unwrap();
                    assert_eq!(s.perft(3, PerftMode::Bulk, stop), generic, "{icn}");
                }
                perfts += 1;
            } else if let Some(mut s) = wide {
                let generic = b.perft_generic_with(3, PerftMode::Bulk, true).unwrap();
                assert_eq!(s.perft(3, PerftMode::MakeEveryLeaf, true), generic, "{icn}");
                perfts += 1;
            }
        }
        steps += if icn.contains(" 1,8,1,8 ") {
            walk_board::<u64>(b, &icn, 16, &mut rng, &mut seen)
        } else {
            walk_board::<u128>(b, &icn, 16, &mut rng, &mut seen)
        };
    }
    assert!(steps > 600 && perfts > 15, "{steps} steps, {perfts} perfts");
    assert!(saw_all_but_drops(&seen), "moves seen by kind: {seen:?}");
}

/// Zone moves that replace the pawns' quiet moves (a double step from
/// two rows, as in horde) and en passant allowed in one row per player:
/// the compact board agrees with the generic one.
#[test]
fn compact_board_agrees_with_zone_moves() {
    use icn_model::{Int, PieceKind};
    use icn_rules::limits::{EnPassantZone, ZoneMoves};
    use icn_rules::{Action, Component, Frame, Movement, Pattern, Symmetry, Vector, Zone};
    let double = Movement {
        components: vec![Component {
            pattern: Pattern::Ride {
                vector: Vector { dx: 0, dy: 1 },
                symmetry: Symmetry::None,
                max: Some(2),
            },
            action: Action::MoveOnly,
            frame: Frame::Forward,
            needs_right: false,
            sets_en_passant: true,
            cells: None,
        }],
    };
    let mut rng = Lcg(0x40de);
    let mut seen = [0usize; 7];
    let (mut steps, mut perfts) = (0, 0);
    for i in 0..60 {
        let icn = random_icn_wide(&mut rng, if i % 2 == 0 { 8 } else { 10 });
        let g = Game::parse(&icn, Dialect::Auto).unwrap();
        let mut rules = crate::rules_of(&g).unwrap();
        for (player, rows, ep_row) in [(Player::WHITE, [2, 3], 6), (Player::BLACK, [6, 5], 3)] {
            rules.limits.zone_moves.push(ZoneMoves {
                kind: PieceKind::Pawn,
                player,
                zone: Some(Zone::rows(rows.map(Int::from))),
                unmoved_only: false,
                not_in_check: false,
                movement: double.clone(),
                captures: false,
            });
            if i % 2 == 0 {
                rules.limits.en_passant_zones.push(EnPassantZone {
                    player,
                    zone: Zone::rows([Int::from(ep_row)]),
                });
            }
        }
        let Ok(mut b) = Board::new(&g.position, &rules) else {
            continue;
        };
        if i % 3 == 0
            && let Some(mut s) = SmallBoard::<u64>::new(&b)
        {
            let generic = b.perft_generic(3, PerftMode::Bulk).unwrap();
            assert_eq!(s.perft(3, PerftMode::Bulk, true), generic, "{icn}");
            perfts += 1;
        }
        steps += if i % 2 == 0 {
            walk_board::<u64>(b, &icn, 16, &mut rng, &mut seen)
        } else {
            walk_board::<u128>(b, &icn, 16, &mut rng, &mut seen)
        };
    }
    assert!(steps > 600 && perfts > 5, "{steps} steps, {perfts} perfts");
    assert!(
        seen[Special::DoubleStep as usize] > 50,
        "moves seen by kind: {seen:?}"
    );
}

/// Game ends by limits: bare kings (with and without the bare reply),
/// racing kings (flags on the far row, moves that may not check, the
/// flag reply), a flag of listed squares to hold all at once, a flag
/// held through one opponent move (Jeson Mor) and safe flags (Dobutsu). The
/// compact board agrees with the generic one, stopping at ended games
/// and not, and move by move.
#[test]
fn compact_board_agrees_with_flags_and_bare_kings() {
    use icn_model::{Coord, Int, PieceKind};
    use icn_rules::limits::FlagZone;
    use icn_rules::{WinRule, Zone};
    let mut rng = Lcg(0xf1a9);
    let mut seen = [0usize; 7];
    let (mut steps, mut perfts) = (0, 0);
    for i in 0..72 {
        let icn = match i % 4 {
            0 | 1 => sparse_icn(&mut rng),
            2 => racing_icn(&mut rng),
            _ => random_icn(&mut rng),
        };
        let g = Game::parse(&icn, Dialect::Auto).unwrap();
        let mut rules = crate::rules_of(&g).unwrap();
        let flag = |player, zone, count| FlagZone {
            player,
            zone,
            kinds: Some([PieceKind::King].into_iter().collect()),
            count,
        };
        let win = match i % 4 {
            0 | 1 => {
                rules.limits.bare_reply = i % 4 == 1;
                WinRule::BareKing
            }
            2 => {
                rules.limits.no_checks = true;
                rules.limits.flag_reply = true;
                for p in [Player::WHITE, Player::BLACK] {
                    rules
                        .limits
                        .flags
                        .push(flag(p, Zone::rows([Int::from(8)]), 1));
                }
                WinRule::FlagAny
            }
            _ if i % 16 == 11 => {
                // Any piece on the middle rows, counted only when safe.
                rules.limits.flag_safe = true;
                middle_rows(&mut rules)
            }
            _ if i % 8 == 7 => {
                // Any piece on the middle rows, held through one move.
                rules.limits.flag_held = true;
                middle_rows(&mut rules)
            }
            _ => {
                let squares = [(4, 5), (5, 5)]
                    .map(|(x, y): (i64, i64)| Coord::new(Int::from(x), Int::from(y)));
                let zone = Zone::Squares(squares.into_iter().collect());
                // Pawns and fairy pieces that may not give check.
                rules.limits.no_checks = i % 8 == 3;
                for p in [Player::WHITE, Player::BLACK] {
                    rules.limits.flags.push(FlagZone {
                        kinds: None,
                        ..flag(p, zone.clone(), 2)
                    });
                }
                WinRule::FlagAll
            }
        };
        for (_, wins) in &mut rules.wins {
            wins.push(win.clone());
        }
        let Ok(mut b) = Board::new(&g.position, &rules) else {
            continue;
        };
        let Some(mut s) = SmallBoard::<u64>::new(&b) else {
            continue;
        };
        // The flag reply shows at depth 2: Black's answers are leaves.
        for (depth, stop) in [(3, false), (3, true), (2, true)] {
            let generic = b.perft_generic_with(depth, PerftMode::Bulk, stop).unwrap();
            let compact = s.perft(depth, PerftMode::Bulk, stop);
            assert_eq!(compact, generic, "{icn} {win:?} {depth} {stop}");
        }
        perfts += 1;
        steps += walk_board::<u64>(b, &icn, 16, &mut rng, &mut seen);
    }
    assert!(steps > 400 && perfts > 40, "{steps} steps, {perfts} perfts");
}

/// Flags of any piece on d4 or e5 for White and Black (one piece each):
/// the safe and held flags of [`compact_board_agrees_with_flags_and_bare_kings`].
/// Two squares, so that random positions seldom start on them and reaching
/// one decides the game by the rule under test.
fn middle_rows(rules: &mut icn_rules::RuleSet) -> icn_rules::WinRule {
    for player in [Player::WHITE, Player::BLACK] {
        rules.limits.flags.push(icn_rules::limits::FlagZone {
            player,
            zone: icn_rules::Zone::squares([
                icn_model::Coord::new(4, 4),
                icn_model::Coord::new(5, 5),
            ]),
            kinds: None,
            count: 1,
        });
    }
    icn_rules::WinRule::FlagAny
}
