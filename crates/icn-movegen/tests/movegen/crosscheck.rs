//! Random positions with every kind of piece, on bordered and slide-limited
//! boards: the engine's legal moves and perft 2 must equal the brute-force
//! generator's.

use std::collections::BTreeSet;

use icn_model::PieceKind;
use icn_movegen::{PerftMode, Sq};

use crate::brute::Brute;

struct Lcg(u64);

impl Lcg {
    fn next(&mut self, n: u64) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (self.0 >> 33) % n
    }
}

const KINDS: [&str; 19] = [
    "Q", "R", "B", "N", "P", "AM", "HA", "CH", "AR", "GU", "CA", "GI", "ZE", "CE", "NR", "HU",
    "RO", "P", "N",
];

fn random_icn(rng: &mut Lcg, bordered: bool) -> String {
    random_icn_in(rng, bordered, "-1,8,-1,8")
}

fn random_icn_in(rng: &mut Lcg, bordered: bool, border: &str) -> String {
    let mut used = BTreeSet::new();
    let mut pieces = Vec::new();
    let span = 10i64;
    let mut place = |code: String, rng: &mut Lcg, right: bool| loop {
        let (x, y) = if border == "1,8,1,8" {
            (rng.next(8) as i64 + 1, rng.next(8) as i64 + 1)
        } else {
            (
                rng.next(span as u64) as i64 - 1,
                rng.next(span as u64) as i64 - 1,
            )
        };
        if code.eq_ignore_ascii_case("p") && !(1..=span - 3).contains(&y) {
            continue;
        }
        if used.insert((x, y)) {
            pieces.push(format!("{code}{x},{y}{}", if right { "+" } else { "" }));
            return;
        }
    };
    let royals = ["K", "K", "K", "RC", "RQ"];
    let (r1, c1) = (royals[rng.next(5) as usize].to_string(), rng.next(2) == 0);
    place(r1, rng, c1);
    let (r2, c2) = (
        royals[rng.next(5) as usize].to_lowercase(),
        rng.next(2) == 0,
    );
    place(r2, rng, c2);
    for _ in 0..2 + rng.next(7) {
        let k = KINDS[rng.next(KINDS.len() as u64) as usize];
        let white = rng.next(2) == 0;
        let right = rng.next(3) == 0;
        place(
            if white {
                k.to_string()
            } else {
                k.to_lowercase()
            },
            rng,
            right,
        );
    }
    if rng.next(4) == 0 {
        place("ob".into(), rng, false);
    }
    if rng.next(4) == 0 {
        place("vo".into(), rng, false);
    }
    let side = if rng.next(2) == 0 { "w" } else { "b" };
    let region = if bordered {
        border.to_string()
    } else {
        "{\"slideLimit\": 9}".to_string()
    };
    format!("{side} (7|0;q,n,ha) {region} {}", pieces.join("|"))
}

fn engine_moves(icn: &str) -> Option<BTreeSet<crate::brute::BMove>> {
    let mut b = crate::board(icn);
    let moves = b.legal_moves().ok()?;
    Some(
        moves
            .iter()
            .map(|m| {
                (
                    (m.from.x, m.from.y),
                    (m.to.x, m.to.y),
                    m.promotion.map(|p| p.kind),
                )
            })
            .collect(),
    )
}

#[test]
fn random_positions_agree_with_brute_force() {
    let mut rng = Lcg(0x1234_5678);
    let mut checked = 0;
    for i in 0..400 {
        let icn = random_icn(&mut rng, i % 2 == 0);
        let Some(mine) = engine_moves(&icn) else {
            continue;
        };
        let brute = Brute::from_icn(&icn);
        let theirs: BTreeSet<_> = brute.legal().into_iter().map(|(m, _)| m).collect();
        assert_eq!(
            mine.difference(&theirs).collect::<Vec<_>>(),
            Vec::<&crate::brute::BMove>::new(),
            "engine-only moves in {icn}"
        );
        assert_eq!(
            theirs.difference(&mine).collect::<Vec<_>>(),
            Vec::<&crate::brute::BMove>::new(),
            "brute-only moves in {icn}"
        );
        if i % 10 == 0 {
            let mut b = crate::board(&icn);
            if let Ok(n) = b.perft(2, PerftMode::Bulk) {
                assert_eq!(n, brute.perft(2), "perft 2 of {icn}");
            }
        }
        checked += 1;
    }
    assert!(checked > 330, "only {checked} positions checked");
    let _ = PieceKind::King;
}

#[test]
fn royal_riders_on_long_and_unbounded_lines() {
    // Long lines (more than 64 squares) take the interval path; the brute force walks them.
    let mut rng = Lcg(0x9e37_79b9);
    for _ in 0..40 {
        let mut icn =
            random_icn(&mut rng, false).replace("{\"slideLimit\": 9}", "{\"slideLimit\": 150}");
        icn = icn
            .replacen("K", "RQ", 1)
            .replacen("RRQ", "RQ", 1)
            .replacen("RCQ", "RQ", 1);
        if icn.contains("HU") || icn.contains("hu") || icn.contains("RO") || icn.contains("ro") {
            continue;
        }
        let Some(mine) = engine_moves(&icn) else {
            continue;
        };
        let theirs: BTreeSet<_> = Brute::from_icn(&icn)
            .legal()
            .into_iter()
            .map(|(m, _)| m)
            .collect();
        assert_eq!(mine, theirs, "{icn}");
    }
    // Unbounded: a royal queen's free lines stop only where an enemy attacks.
    let mut b = crate::board("w RQ0,0|k50,50|r3,-100|b-10,7");
    let fams = b.families().unwrap();
    let right: Vec<_> = fams
        .iter()
        .filter_map(|f| match f {
            icn_movegen::MoveFamily::Ray {
                from,
                step: (1, 0),
                first,
                last,
                ..
            } if from.x == 0 => Some((*first, *last)),
            _ => None,
        })
        .collect();
    // Along +x the rook on x = 3 attacks 3,0; the bishop attacks 3,0 too? b-10,7 hits y = 0 at x = -3 only.
    assert_eq!(right, vec![(1, Some(2)), (4, None)]);
    let up: u64 = fams
        .iter()
        .filter(|f| f.from() == Sq::new(0, 0))
        .filter_map(|f| f.len())
        .sum();
    assert!(up > 0);
}

/// On boards of at most 64 squares perft runs on the compact board; it must
/// agree with the generic generator and with the brute force.
#[test]
fn bitboard_counting_agrees_on_small_boards() {
    let mut rng = Lcg(0x5eed);
    let mut checked = 0;
    for _ in 0..150 {
        let icn = random_icn_in(&mut rng, true, "1,8,1,8");
        let mut b = crate::board(&icn);
        let Ok(bulk) = b.perft(2, PerftMode::Bulk) else {
            continue;
        };
        assert_eq!(bulk, b.perft(2, PerftMode::MakeEveryLeaf).unwrap(), "{icn}");
        assert_eq!(
            b.perft(1, PerftMode::Bulk).unwrap(),
            Brute::from_icn(&icn).perft(1),
            "{icn}"
        );
        checked += 1;
    }
    assert!(checked > 100);
}
