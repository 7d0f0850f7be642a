//! icn-rules objects as a Sjaak variant: [`from_variant`].
//!
//! The region must be a finite rectangle of at most 16 files, 16 ranks and
//! 128 squares; it is moved so that its lower-left corner is a1. Excluded
//! squares and voids become `Exclude:` squares (`*` in the FEN). Each piece
//! kind of the position or of a promotion becomes a `Piece:` with a
//! one-letter symbol (K Q R B N P, M amazon, A archbishop, C chancellor,
//! H hawk, G guard, L camel, I giraffe, Z zebra, E centaur, Y royal queen,
//! X royal centaur, S knightrider; a variant's own piece its one-letter code
//! and its name); its movement is written with `slide`,
//! `hop`, `leap`, `aleap`, `step` and `ride` lines. The orthodox pawn is
//! written `step N` / `step NE,NW` / `Initial: step 2N`. Site-rule castling
//! becomes a `Castle:` line for every king/partner pair of the start
//! position; promotion rules become zones, `Promotion:` and `Optional
//! promotion: empty, empty` (mandatory); win, stalemate, repetition and
//! perpetual-check rules become `Rule:` lines.
//!
//! Refused, with the reason: unbounded or too large boards, obstacles,
//! huygens, roses, lame leaps, movements the move language cannot say (a
//! slide one way only, a limited ride that is not a compass step, a move
//! only with the `+` right other than the pawn's), optional promotion,
//! different choices for the two sides, more than two players, passing, a
//! slide limit, a move rule other than 100 plies, win rules other than
//! checkmate, checkmated and N-check, `loss=` repetition, extra properties,
//! a pawn on its start row without `+`, explicit castling whose partner
//! does not land next to the king, several promotion rules for one side
//! and the limits of [`icn_rules::limits`] other than flags of any piece,
//! confinement, the flying general and the chase rule (`raise_limits`).

use std::collections::{BTreeMap, BTreeSet};

use icn_model::{Coord, Int, PieceKind, Player};
use icn_rules::{
    Action, Frame, Movement, Outcome, Pattern, RepetitionResult, Symmetry, Variant, Vector, WinRule,
};

use super::moves::{Compass, Dir, LeapExpr, MoveDesc, Step};
use super::{CastleDef, RuleItem, Score, SjaakPiece, SjaakVariant, Sq};

/// The Sjaak symbol of an ICN kind (a variant's own kind: its code, when it
/// is one letter).
pub fn symbol_of(kind: PieceKind) -> Option<char> {
    Some(match kind {
        PieceKind::King => 'K',
        PieceKind::Queen => 'Q',
        PieceKind::Rook => 'R',
        PieceKind::Bishop => 'B',
        PieceKind::Knight => 'N',
        PieceKind::Pawn => 'P',
        PieceKind::Amazon => 'M',
        PieceKind::Archbishop => 'A',
        PieceKind::Chancellor => 'C',
        PieceKind::Hawk => 'H',
        PieceKind::Guard => 'G',
        PieceKind::Camel => 'L',
        PieceKind::Giraffe => 'I',
        PieceKind::Zebra => 'Z',
        PieceKind::Centaur => 'E',
        PieceKind::RoyalQueen => 'Y',
        PieceKind::RoyalCentaur => 'X',
        PieceKind::Knightrider => 'S',
        // A variant's own piece with a one-letter code keeps its letter.
        k if !k.is_builtin() && k.code().len() == 1 => k.code().chars().next()?,
        _ => return None,
    })
}

struct Raise {
    files: i64,
    ranks: i64,
    dx: i64,
    dy: i64,
    problems: Vec<String>,
}

impl Raise {
    fn bad(&mut self, p: impl Into<String>) {
        let p = p.into();
        if !self.problems.contains(&p) {
            self.problems.push(p);
        }
    }

    fn sq(&self, c: &Coord) -> Option<Sq> {
        let (x, y) = c.to_i64()?;
        let (f, r) = (x - self.dx - 1, y - self.dy - 1);
        ((0..self.files).contains(&f) && (0..self.ranks).contains(&r)).then_some(Sq {
            file: f as u8,
            rank: r as u8,
        })
    }
}

fn dir_of(v: Vector) -> Option<(Dir, bool)> {
    Some(match (v.dx, v.dy) {
        (1, 0) => (Dir::H, true),
        (-1, 0) => (Dir::H, false),
        (0, 1) => (Dir::V, true),
        (0, -1) => (Dir::V, false),
        (1, 1) => (Dir::D, true),
        (-1, -1) => (Dir::D, false),
        (1, -1) => (Dir::A, true),
        (-1, 1) => (Dir::A, false),
        _ => return None,
    })
}

/// Move descriptions for components sharing one action.
fn descs(r: &mut Raise, kind: PieceKind, comps: &[icn_rules::Component]) -> Vec<MoveDesc> {
    let mut slides: BTreeMap<Dir, u8> = BTreeMap::new();
    let mut hops: BTreeMap<Dir, u8> = BTreeMap::new();
    let mut leaps: BTreeSet<Vector> = BTreeSet::new();
    let mut aleaps: Vec<Vector> = Vec::new();
    let mut rides: BTreeSet<Vector> = BTreeSet::new();
    let mut steps: Vec<Step> = Vec::new();
    let mut lion = false;
    let name = if kind.is_builtin() {
        format!("{kind:?}").to_lowercase()
    } else {
        format!("`{}` piece", kind.code())
    };
    for c in comps {
        if c.cells.is_some() {
            r.bad(format!(
                "the {name}'s leaps kept to sub-boards (no Sjaak move describes them)"
            ));
            continue;
        }
        match (&c.pattern, c.frame) {
            (
                Pattern::Ride {
                    vector, max: None, ..
                },
                Frame::Absolute,
            ) => match dir_of(*vector) {
                Some((d, pos)) => *slides.entry(d).or_default() |= if pos { 1 } else { 2 },
                None => {
                    rides.insert(*vector);
                }
            },
            (Pattern::Hop { vector, .. }, Frame::Absolute) => match dir_of(*vector) {
                Some((d, pos)) => *hops.entry(d).or_default() |= if pos { 1 } else { 2 },
                None => r.bad(format!(
                    "a hop along ({},{}) of the {name}",
                    vector.dx, vector.dy
                )),
            },
            (Pattern::Leap { vector, .. }, Frame::Absolute) => {
                leaps.insert(*vector);
            }
            (Pattern::Lion, _) => lion = true,
            (Pattern::Leap { vector, .. }, Frame::Forward) => aleaps.push(*vector),
            (
                Pattern::Ride {
                    vector,
                    max: Some(n),
                    ..
                },
                Frame::Forward,
            ) => match Compass::of(*vector) {
                Some(dir) => steps.push(Step { count: *n, dir }),
                None => r.bad(format!(
                    "a limited ride along ({},{}) of the {name}",
                    vector.dx, vector.dy
                )),
            },
            (
                Pattern::Ride {
                    vector,
                    max: Some(n),
                    ..
                },
                Frame::Absolute,
            ) => {
                // Absolute steps equal forward ones when the set is symmetric
                // under a half turn; checked below.
                match Compass::of(*vector) {
                    Some(dir) => steps.push(Step { count: *n, dir }),
                    None => r.bad(format!(
                        "a limited ride along ({},{}) of the {name}",
                        vector.dx, vector.dy
                    )),
                }
                let back = Vector::new(-vector.dx, -vector.dy);
                let has_back = comps.iter().any(|o| {
                    matches!(o.pattern, Pattern::Ride { vector: w, max: Some(m), .. } if w == back && m == *n)
                });
                if !has_back {
                    r.bad(format!("a one-way limited ride of the {name}"));
                }
            }
            (Pattern::Lame { .. }, _) => r.bad(format!("the lame leaps of the {name}")),
            (Pattern::Grasshopper { .. }, _) => r.bad(format!(
                "the {name}'s grasshopper hops (Sjaak's hops are the cannon's)"
            )),
            (Pattern::Huygen, _) | (Pattern::Rose, _) => r.bad(format!(
                "the {name}'s movement (no Sjaak move describes it)"
            )),
            _ => r.bad(format!("a forward-relative slide or hop of the {name}")),
        }
    }
    let mut out = Vec::new();
    let dirs = |m: &BTreeMap<Dir, u8>, r: &mut Raise, what: &str| -> Vec<Dir> {
        let mut ds = Vec::new();
        for (&d, &bits) in m {
            if bits == 3 {
                ds.push(d);
            } else {
                r.bad(format!("a {what} one way only of the {name}"));
            }
        }
        ds
    };
    if lion {
        out.push(MoveDesc::Leap(super::moves::lion_leap()));
    }
    let s = dirs(&slides, r, "slide");
    if !s.is_empty() {
        out.push(MoveDesc::Slide(s));
    }
    let h = dirs(&hops, r, "hop");
    if !h.is_empty() {
        out.push(MoveDesc::Hop(h));
    }
    // Leaps: one vector per full octal orbit, the rest as an aleap when the
    // set is symmetric under a half turn.
    let mut orbit_reps = Vec::new();
    let mut left: BTreeSet<Vector> = leaps.clone();
    while let Some(&v) = left.iter().next() {
        let orbit = Symmetry::Octal.images(v);
        if orbit.iter().all(|w| leaps.contains(w)) {
            for w in &orbit {
                left.remove(w);
            }
            let a = v.dx.abs().min(v.dy.abs());
            let b = v.dx.abs().max(v.dy.abs());
            orbit_reps.push(LeapExpr::Vector(a, b));
        } else {
            left.remove(&v);
            if !leaps.contains(&Vector::new(-v.dx, -v.dy)) {
                r.bad(format!("a leap without its half-turn image of the {name}"));
            }
            aleaps.push(v);
        }
    }
    if !orbit_reps.is_empty() {
        out.push(MoveDesc::Leap(alt(orbit_reps)));
    }
    if !aleaps.is_empty() {
        out.push(MoveDesc::ALeap(alt(aleaps
            .iter()
            .map(|v| LeapExpr::Vector(v.dx, v.dy))
            .collect())));
    }
    let mut ride_reps = Vec::new();
    let mut left = rides.clone();
    while let Some(&v) = left.iter().next() {
        let orbit = Symmetry::Octal.images(v);
        for w in &orbit {
            left.remove(w);
        }
        if orbit.iter().all(|w| rides.contains(w)) {
            ride_reps.push((v.dx.abs().min(v.dy.abs()), v.dx.abs().max(v.dy.abs())));
        } else {
            r.bad(format!(
                "a ride along only some images of ({},{}) of the {name}",
                v.dx, v.dy
            ));
        }
    }
    if !ride_reps.is_empty() {
        out.push(MoveDesc::Ride(ride_reps));
    }
    if !steps.is_empty() {
        out.push(MoveDesc::Step(steps));
    }
    out
}

fn alt(mut items: Vec<LeapExpr>) -> LeapExpr {
    if items.len() == 1 {
        items.pop().expect("one")
    } else {
        LeapExpr::Alt(items)
    }
}

fn piece_of(r: &mut Raise, v: &Variant, kind: PieceKind) -> Option<SjaakPiece> {
    let Some(sym) = symbol_of(kind) else {
        r.bad(format!("{kind:?} pieces (no Sjaak symbol or move describes them)").to_lowercase());
        return None;
    };
    let name = if kind.is_builtin() {
        format!("{kind:?}")
    } else {
        v.rules.piece_name(kind)
    };
    let mut p = SjaakPiece {
        name,
        symbol: Some((
            if kind == PieceKind::Pawn {
                " ".into()
            } else {
                sym.to_string()
            },
            sym.to_string(),
            sym.to_ascii_lowercase().to_string(),
        )),
        ..SjaakPiece::default()
    };
    let m = v.rules.movement(kind);
    if m.same_as(&Movement::pawn()) {
        p.moves.push(MoveDesc::Step(vec![Step {
            count: 1,
            dir: Compass::N,
        }]));
        p.captures = Some(vec![MoveDesc::Step(vec![
            Step {
                count: 1,
                dir: Compass::NE,
            },
            Step {
                count: 1,
                dir: Compass::NW,
            },
        ])]);
        p.initial.push(MoveDesc::Step(vec![Step {
            count: 2,
            dir: Compass::N,
        }]));
    } else {
        let canon = m.canonical();
        if canon
            .components
            .iter()
            .any(|c| c.needs_right || c.action == Action::EnPassant)
        {
            r.bad(
                format!("moves of the {kind:?} that need the `+` right or take en passant")
                    .to_lowercase(),
            );
        }
        let of = |a: &[Action]| -> Vec<icn_rules::Component> {
            canon
                .components
                .iter()
                .filter(|c| a.contains(&c.action))
                .cloned()
                .collect()
        };
        let split = canon
            .components
            .iter()
            .any(|c| matches!(c.action, Action::MoveOnly | Action::CaptureOnly));
        if split {
            p.moves = descs(r, kind, &of(&[Action::MoveOrCapture, Action::MoveOnly]));
            p.captures = Some(descs(
                r,
                kind,
                &of(&[Action::MoveOrCapture, Action::CaptureOnly]),
            ));
        } else {
            p.moves = descs(r, kind, &of(&[Action::MoveOrCapture]));
        }
    }
    if v.rules.is_royal(kind) {
        p.flags.push("royal".into());
    }
    if v.rules.en_passant.leavers.contains(&kind) {
        p.flags.push("set_ep".into());
    }
    if v.rules.en_passant.takers.contains(&kind) {
        p.flags.push("take_ep".into());
    }
    let lion = super::lion::lion_flags(&v.rules.limits.lion, kind, &mut r.problems);
    p.flags.extend(lion);
    Some(p)
}

/// The Sjaak variant of an icn-rules variant (see the module docs).
///
/// # Errors
/// Every reason it cannot be written, as text.
///
/// ```
/// use icn_adapters::sjaak::{from_variant, to_variant, write_file};
/// let v = icn_rules::catalogue::find("Chess").unwrap().variant().unwrap();
/// let s = from_variant(&v).unwrap();
/// assert_eq!((s.files, s.ranks), (8, 8));
/// assert!(write_file(&[s.clone()]).contains("Castle: white e1-g1 with h1"));
/// assert_eq!(to_variant(&s).unwrap().position.pieces.len(), v.position.pieces.len());
/// ```
pub fn from_variant(v: &Variant) -> Result<SjaakVariant, Vec<String>> {
    let b = &v.rules.region.border;
    let side = |s: &Option<Int>| s.as_ref().and_then(Int::to_i64);
    let (Some(left), Some(right), Some(bottom), Some(top)) =
        (side(&b.left), side(&b.right), side(&b.bottom), side(&b.top))
    else {
        return Err(vec![
            "a board without four closed sides (Sjaak boards are finite)".into(),
        ]);
    };
    // Sides far apart (or crossed) make no Sjaak board; i128 cannot overflow here.
    let span = |lo: i64, hi: i64| i128::from(hi) - i128::from(lo) + 1;
    let (files, ranks) = (span(left, right), span(bottom, top));
    if !(1..=16).contains(&files) || !(1..=16).contains(&ranks) || files * ranks > 128 {
        return Err(vec![format!(
            "a {files}x{ranks} board (Sjaak boards have at most 16 files, 16 ranks and 128 squares)"
        )]);
    }
    // Both are now 1 to 16.
    let (files, ranks) = (files as i64, ranks as i64);
    let mut r = Raise {
        files,
        ranks,
        dx: left - 1,
        dy: bottom - 1,
        problems: Vec::new(),
    };
    let mut s = SjaakVariant {
        name: v.name.clone(),
        files: files as u8,
        ranks: ranks as u8,
        ..SjaakVariant::default()
    };
    for c in &v.rules.region.excluded {
        if let Some(q) = r.sq(c) {
            s.exclude.push(q);
        }
    }
    let mut kinds: BTreeSet<PieceKind> = BTreeSet::new();
    for p in &v.position.pieces {
        match p.piece.kind {
            PieceKind::Void => match r.sq(&p.at) {
                Some(q) => s.exclude.push(q),
                None => r.bad(format!("a void outside the board at {}", p.at)),
            },
            k => {
                kinds.insert(k);
            }
        }
    }
    s.exclude.sort();
    s.exclude.dedup();
    for pr in &v.rules.promotions {
        kinds.extend(pr.promoting.iter().copied());
        kinds.extend(pr.choices.iter().copied());
    }
    let ordered: Vec<PieceKind> = kinds.into_iter().collect();
    for &k in &ordered {
        if let Some(p) = piece_of(&mut r, v, k) {
            s.pieces.push(p);
        }
    }
    super::raise_rules::rules_and_position(&mut r.problems, (r.dx, r.dy), v, &mut s);
    for player in [Player::WHITE, Player::BLACK] {
        if v.rules
            .promotions
            .iter()
            .filter(|p| p.player == player)
            .count()
            > 1
        {
            r.bad(format!("several promotion rules for {player}"));
        }
    }
    if r.problems.is_empty() {
        Ok(s)
    } else {
        Err(r.problems)
    }
}

/// Helpers shared with the rules half of raising.
pub(super) fn shift(c: &Coord, (dx, dy): (i64, i64), s: &SjaakVariant) -> Option<Sq> {
    let (x, y) = c.to_i64()?;
    let (f, r) = (x - dx - 1, y - dy - 1);
    ((0..i64::from(s.files)).contains(&f) && (0..i64::from(s.ranks)).contains(&r)).then_some(Sq {
        file: f as u8,
        rank: r as u8,
    })
}

/// The `Rule:` items of a rule set's end conditions.
pub(super) fn rule_items(v: &Variant, problems: &mut Vec<String>) -> Vec<RuleItem> {
    let mut out = Vec::new();
    let end = |c: &str, n: Option<u32>, score: Score| RuleItem::End {
        condition: c.into(),
        n,
        score,
    };
    let wins = v.rules.wins_of(Player::WHITE).to_vec();
    if wins != v.rules.wins_of(Player::BLACK) {
        problems.push("different win rules for the two sides".into());
    }
    for w in &wins {
        match w {
            WinRule::Checkmate => out.push(end("checkmate", None, Score::Win)),
            WinRule::Checkmated => out.push(end("checkmate", None, Score::Loss)),
            WinRule::Checks(n) => out.push(end("check", Some(*n), Score::Win)),
            WinRule::NoPiecesLeft => out.push(end("nopieces", None, Score::Win)),
            WinRule::FlagAny => out.push(end("captureanyflag", None, Score::Win)),
            WinRule::FlagAll => out.push(end("captureallflags", None, Score::Win)),
            WinRule::BareKing => out.push(end("loneking", None, Score::Loss)),
            other => problems.push(format!("the win rule {other:?}").to_lowercase()),
        }
    }
    out.push(end(
        "stalemate",
        None,
        match v.rules.stalemate {
            Outcome::Draw => Score::Draw,
            Outcome::Loss => Score::Win,
            Outcome::Win => Score::Loss,
        },
    ));
    // Sjaak scores from the last mover's side, the opposite of the result
    // for the player to move.
    let repeat = match v.rules.draws.repetition_result {
        RepetitionResult::ToMove(Outcome::Draw) => Score::Draw,
        RepetitionResult::ToMove(Outcome::Win) => Score::Loss,
        RepetitionResult::ToMove(Outcome::Loss) => Score::Win,
        RepetitionResult::ForWhite(_) => {
            problems.push("a repetition result from White's view (`nFoldValueAbsolute`)".into());
            Score::Draw
        }
    };
    out.push(end(
        "repeat",
        Some(v.rules.draws.repetition.unwrap_or(0)),
        repeat,
    ));
    if let Some(n) = v.rules.losses.perpetual_check {
        out.push(end("perpetual", Some(n), Score::Loss));
    }
    // Sjaak sees no check against a side with several royals (or, with
    // `duplecheck`, only when all are attacked); the model keeps each safe.
    let several = [Player::WHITE, Player::BLACK].into_iter().any(|side| {
        v.rules.check_matters_for(side)
            && v.position
                .pieces
                .iter()
                .filter(|p| p.piece.player == side && v.rules.is_royal(p.piece.kind))
                .count()
                > 1
    });
    if several {
        problems.push("several royals per side, each kept safe (Sjaak sees no check then)".into());
    }
    if v.rules.forced_capture {
        out.push(RuleItem::Special("forced capture".into()));
    }
    // Holdings rules that let nothing in or out of a hand need no `Rule:`.
    if v.rules.drops.as_ref().is_some_and(|d| !d.is_inert()) {
        problems.push("drops and pieces in hand".into());
    }
    out
}

/// A castling definition (used by the rules half).
pub(super) fn castle_def(player: Player, from: Sq, to: Sq, with: Sq) -> CastleDef {
    CastleDef {
        player,
        from,
        to,
        also: Vec::new(),
        with,
    }
}
