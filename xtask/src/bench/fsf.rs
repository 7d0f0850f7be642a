//! `cargo xtask bench --fsf PATH [--fsf-large PATH]`: the engine's variant
//! perft beside Fairy-Stockfish's own `go perft`, one thread each, the same
//! start positions (issue 11 §6).
//!
//! Fairy-Stockfish is an outside program: build it from its public source
//! (`make build ARCH=x86-64-modern nnue=no`, and `largeboards=yes all=yes`
//! for boards wider than 8 files) and give the binaries. Each variant is
//! loaded in the engine from Fairy-Stockfish's own built-in name
//! (`icn_adapters::fsf::builtin`), which is also the `UCI_Variant` sent to
//! Fairy-Stockfish. The counts must agree (the engine stops at ended games,
//! as Fairy-Stockfish does); the best of `runs` timings is reported, for
//! Fairy-Stockfish from `go perft` to its `Nodes searched` line (process
//! start and variant loading excluded), with the ratio engine time /
//! Fairy-Stockfish time.

use std::io::{BufRead as _, BufReader, Write as _};
use std::path::Path;
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use std::time::{Duration, Instant};

use anyhow::{Context as _, bail};

/// Variant, depth, and whether it needs the large-board build.
const CASES: [(&str, u32, bool); 25] = [
    ("chess", 6, false),
    ("kingofthehill", 5, false),
    ("3check", 5, false),
    ("knightmate", 5, false),
    ("amazon", 5, false),
    ("nightrider", 5, false),
    ("losalamos", 6, false),
    ("crazyhouse", 5, false),
    ("atomic", 5, false),
    ("horde", 6, false),
    ("makruk", 6, false),
    ("shatranj", 6, false),
    ("sittuyin", 4, false),
    ("kyotoshogi", 6, false),
    ("micro", 6, false),
    ("spartan", 5, false),
    ("racingkings", 5, false),
    ("seirawan", 5, false),
    ("capablanca", 5, true),
    ("janus", 5, true),
    ("shogi", 4, true),
    ("shoshogi", 5, true),
    ("xiangqi", 4, true),
    ("minixiangqi", 5, true),
    ("janggi", 5, true),
];

/// A running Fairy-Stockfish speaking UCI.
struct Fsf {
    child: Child,
    input: ChildStdin,
    output: BufReader<ChildStdout>,
}

impl Fsf {
    fn start(path: &Path) -> anyhow::Result<Fsf> {
        let mut child = Command::new(path)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .with_context(|| format!("cannot run {}", path.display()))?;
        let input = child.stdin.take().context("no stdin")?;
        let output = BufReader::new(child.stdout.take().context("no stdout")?);
        let mut f = Fsf {
            child,
            input,
            output,
        };
        f.send("uci")?;
        f.until("uciok")?;
        Ok(f)
    }

    fn send(&mut self, line: &str) -> anyhow::Result<()> {
        writeln!(self.input, "{line}")?;
        self.input.flush()?;
        Ok(())
    }

    /// Reads lines until one starts with `prefix`; returns it.
    fn until(&mut self, prefix: &str) -> anyhow::Result<String> {
        let mut line = String::new();
        loop {
            line.clear();
            if self.output.read_line(&mut line)? == 0 {
                bail!("Fairy-Stockfish ended before `{prefix}`");
            }
            if line.starts_with(prefix) {
                return Ok(line.trim().to_string());
            }
        }
    }

    /// `go perft depth` from the variant's start: the count and the time.
    fn perft(&mut self, variant: &str, depth: u32) -> anyhow::Result<(u64, Duration)> {
        self.send(&format!("setoption name UCI_Variant value {variant}"))?;
        self.send("position startpos")?;
        self.send("isready")?;
        self.until("readyok")?;
        let start = Instant::now();
        self.send(&format!("go perft {depth}"))?;
        let line = self.until("Nodes searched")?;
        let took = start.elapsed();
        let n = line
            .rsplit(' ')
            .next()
            .and_then(|n| n.parse().ok())
            .with_context(|| format!("cannot read `{line}`"))?;
        Ok((n, took))
    }
}

impl Drop for Fsf {
    fn drop(&mut self) {
        let _ = self.send("quit");
        let _ = self.child.wait();
    }
}

/// The engine's board at a Fairy-Stockfish built-in variant's start.
fn board(variant: &str) -> anyhow::Result<icn_movegen::Board> {
    let resolved = icn_adapters::fsf::builtin::find(variant)
        .with_context(|| format!("`{variant}` is not described in builtin.ini"))?;
    let v = icn_adapters::fsf::to_variant(&resolved).map_err(|r| {
        anyhow::anyhow!(
            "{variant}: {}",
            r.iter()
                .map(ToString::to_string)
                .collect::<Vec<_>>()
                .join("; ")
        )
    })?;
    icn_movegen::Board::new(&v.position, &v.rules).map_err(|e| anyhow::anyhow!("{variant}: {e}"))
}

/// Runs the comparison; `Ok(false)` when some variant is slower than
/// Fairy-Stockfish.
///
/// # Errors
/// Fairy-Stockfish not running, a variant the engine does not hold, or
/// counts that differ.
pub fn compare(small: &Path, large: Option<&Path>, runs: usize) -> anyhow::Result<bool> {
    println!("\n== variant perft beside Fairy-Stockfish, one thread, best of {runs} ==");
    let mut engines = Engines::start(small, large)?;
    let mut met = true;
    for (variant, depth, wide) in CASES {
        let Some(fsf) = engines.pick(wide) else {
            println!("{variant:<13} skipped: needs the largeboards build (--fsf-large)");
            continue;
        };
        let mut b = board(variant)?;
        let row = measure(&mut b, fsf, variant, depth, runs)?;
        if row.ours.0 != row.theirs.0 {
            bail!(
                "{variant} depth {depth}: the engine counts {}, Fairy-Stockfish {}",
                row.ours.0,
                row.theirs.0
            );
        }
        met &= row.print(variant, depth);
    }
    Ok(met)
}

/// [`compare`] over every built-in variant the engine plays, each at the
/// first depth (at most 7) where the engine's perft takes 100 ms or more. A
/// variant the engine does not hold, or whose counts differ (a build of
/// Fairy-Stockfish without it plays another), is listed and skipped.
///
/// # Errors
/// Fairy-Stockfish not running.
pub fn compare_all(small: &Path, large: Option<&Path>, runs: usize) -> anyhow::Result<bool> {
    println!("\n== every built-in variant beside Fairy-Stockfish, one thread, best of {runs} ==");
    let mut engines = Engines::start(small, large)?;
    let (mut met, mut slower, mut skipped) = (true, Vec::new(), Vec::new());
    for variant in icn_adapters::fsf::builtin::names() {
        let mut b = match board(variant) {
            Ok(b) => b,
            Err(e) => {
                skipped.push(format!("{variant} (the engine: {e})"));
                continue;
            }
        };
        let border = b.border();
        let span = |lo: Option<i64>, hi: Option<i64>| lo.zip(hi).map(|(l, h)| h - l + 1);
        let wide = span(border.left, border.right).is_none_or(|w| w > 8)
            || span(border.bottom, border.top).is_none_or(|h| h > 8);
        let Some(fsf) = engines.pick(wide) else {
            skipped.push(format!("{variant} (needs --fsf-large)"));
            continue;
        };
        let mut depth = 1;
        while depth < 7 {
            let start = Instant::now();
            b.perft(depth, icn_movegen::PerftMode::Bulk)?;
            if start.elapsed() >= Duration::from_millis(100) {
                break;
            }
            depth += 1;
        }
        let row = measure(&mut b, fsf, variant, depth, runs)?;
        if row.ours.0 != row.theirs.0 {
            skipped.push(format!(
                "{variant} (depth {depth}: the engine counts {}, Fairy-Stockfish {})",
                row.ours.0, row.theirs.0
            ));
            continue;
        }
        if !row.print(variant, depth) {
            met = false;
            slower.push(variant);
        }
    }
    println!("slower than Fairy-Stockfish: {slower:?}");
    for s in &skipped {
        println!("skipped: {s}");
    }
    Ok(met)
}

/// The two Fairy-Stockfish builds.
struct Engines {
    small: Fsf,
    large: Option<Fsf>,
}

impl Engines {
    fn start(small: &Path, large: Option<&Path>) -> anyhow::Result<Engines> {
        Ok(Engines {
            small: Fsf::start(small)?,
            large: large.map(Fsf::start).transpose()?,
        })
    }

    /// The build for a variant (`wide`: it needs the large boards).
    fn pick(&mut self, wide: bool) -> Option<&mut Fsf> {
        if wide {
            self.large.as_mut()
        } else {
            Some(&mut self.small)
        }
    }
}

/// One variant's counts and best times: the engine's, Fairy-Stockfish's.
struct Row {
    ours: (u64, Duration),
    theirs: (u64, Duration),
}

impl Row {
    /// Prints the row; whether the engine was at least as fast.
    fn print(&self, variant: &str, depth: u32) -> bool {
        let (ours, theirs) = (self.ours, self.theirs);
        let ratio = ours.1.as_secs_f64() / theirs.1.as_secs_f64();
        println!(
            "{variant:<13} depth {depth} {:>11} nodes | engine {:>7.3} s {:>6.1} Mnps | Fairy-Stockfish {:>7.3} s {:>6.1} Mnps | ratio {ratio:.2}",
            ours.0,
            ours.1.as_secs_f64(),
            ours.0 as f64 / 1e6 / ours.1.as_secs_f64(),
            theirs.1.as_secs_f64(),
            theirs.0 as f64 / 1e6 / theirs.1.as_secs_f64(),
        );
        ratio <= 1.0
    }
}

/// Both perfts, best of `runs`.
fn measure(
    b: &mut icn_movegen::Board,
    fsf: &mut Fsf,
    variant: &str,
    depth: u32,
    runs: usize,
) -> anyhow::Result<Row> {
    let mut ours = (0, Duration::MAX);
    let mut theirs = (0, Duration::MAX);
    for _ in 0..runs.max(1) {
        let start = Instant::now();
        let n = b
            .perft(depth, icn_movegen::PerftMode::Bulk)
            .map_err(|e| anyhow::anyhow!("{variant}: {e}"))?;
        ours = (n, ours.1.min(start.elapsed()));
        let (n, t) = fsf.perft(variant, depth)?;
        theirs = (n, theirs.1.min(t));
    }
    Ok(Row { ours, theirs })
}
