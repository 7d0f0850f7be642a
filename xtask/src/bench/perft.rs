//! `cargo xtask bench --perft`: the engine's perft beside shakmaty's on the
//! same positions, in one process, one thread (issue 11 §6).
//!
//! Both count the standard perft positions from their FEN; the engine reads
//! them through the FEN adapter (8×8 rules) and counts with
//! [`icn_movegen::PerftMode::Bulk`] (its compact board on 8×8), shakmaty with
//! its own bulk-counting `perft`. The counts must agree; the two take turns,
//! `runs` times each, and each one's best time is reported with the median
//! of the pairs' ratios (engine time / shakmaty time), which the target is
//! judged by. Target: a
//! ratio of at most 2 on the start position at depth 6.

use std::time::{Duration, Instant};

use anyhow::{Context as _, bail};
use shakmaty::fen::Fen;
use shakmaty::{CastlingMode, Chess};

/// The positions and depths measured.
const CASES: [(&str, &str, u32); 3] = [
    (
        "start",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        6,
    ),
    (
        "kiwipete",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        5,
    ),
    ("position 3", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 7),
];

/// What [`timed_pairs`] measured.
struct Pairs<A, B> {
    ours: A,
    theirs: B,
    best_ours: Duration,
    best_theirs: Duration,
    /// The median over the pairs of (our time / their time).
    median_ratio: f64,
}

/// Times `ours` and `theirs` alternately, `runs` times each: the machine's
/// speed drifts over seconds, and taking turns exposes both to the same
/// drift. Keeps each one's best time and the median of the pairs' ratios
/// (one pair is two runs back to back, so it sees one speed).
fn timed_pairs<A, B>(
    runs: usize,
    mut ours: impl FnMut() -> anyhow::Result<A>,
    mut theirs: impl FnMut() -> anyhow::Result<B>,
) -> anyhow::Result<Pairs<A, B>> {
    let time = |f: &mut dyn FnMut() -> anyhow::Result<()>| -> anyhow::Result<Duration> {
        let start = Instant::now();
        f()?;
        Ok(start.elapsed())
    };
    let (mut a, mut b) = (None, None);
    let mut pairs = Vec::new();
    for _ in 0..runs.max(1) {
        let ta = time(&mut || {
            a = Some(ours()?);
            Ok(())
        })?;
        let tb = time(&mut || {
            b = Some(theirs()?);
            Ok(())
        })?;
        pairs.push((ta, tb));
    }
    let mut ratios: Vec<f64> = pairs
        .iter()
        .map(|(ta, tb)| ta.as_secs_f64() / tb.as_secs_f64())
        .collect();
    ratios.sort_by(f64::total_cmp);
    Ok(Pairs {
        ours: a.context("no run")?,
        theirs: b.context("no run")?,
        best_ours: pairs.iter().map(|p| p.0).min().unwrap_or_default(),
        best_theirs: pairs.iter().map(|p| p.1).min().unwrap_or_default(),
        median_ratio: ratios[ratios.len() / 2],
    })
}

/// Runs the comparison; `Ok(false)` when the start-position ratio misses 2.
///
/// # Errors
/// A position that does not read, or counts that differ.
pub fn compare(runs: usize) -> anyhow::Result<bool> {
    println!("\n== perft beside shakmaty, one thread, {runs} pairs of runs, taking turns ==");
    let mut met = true;
    for (name, fen, depth) in CASES {
        let pos: Chess = fen
            .parse::<Fen>()
            .map_err(|e| anyhow::anyhow!("{name}: {e}"))?
            .into_position(CastlingMode::Standard)
            .map_err(|e| anyhow::anyhow!("{name}: {e}"))?;
        let p = timed_pairs(
            runs,
            || {
                let mut board = icn_adapters::lines::position_board(fen)
                    .map_err(|e| anyhow::anyhow!("{name}: {e}"))?;
                board
                    .perft(depth, icn_movegen::PerftMode::Bulk)
                    .map_err(|e| anyhow::anyhow!("{name}: {e}"))
            },
            || Ok(shakmaty::perft(&pos, depth)),
        )?;
        let (ours, theirs) = (p.ours, p.theirs);
        if ours != theirs {
            bail!("{name} depth {depth}: the engine counts {ours}, shakmaty {theirs}");
        }
        let (ours_t, theirs_t) = (p.best_ours.as_secs_f64(), p.best_theirs.as_secs_f64());
        let ratio = p.median_ratio;
        println!(
            "{name:<11} depth {depth} {ours:>11} nodes | engine {ours_t:>7.3} s {:>7.1} Mnps | shakmaty {theirs_t:>7.3} s {:>7.1} Mnps | best/best {:.2} | ratio (median of pairs) {ratio:.2}",
            ours as f64 / 1e6 / ours_t,
            theirs as f64 / 1e6 / theirs_t,
            ours_t / theirs_t,
        );
        if name == "start" && ratio > 2.0 {
            println!("  target missed: the start position should be within 2× shakmaty");
            met = false;
        }
    }
    Ok(met)
}
