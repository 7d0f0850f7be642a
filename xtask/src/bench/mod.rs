//! `cargo xtask bench`: throughput of reading ICN (issue 2 §9).
//!
//! Two kinds of figures, both on the deterministic corpus of [`generate`]:
//!
//! 1. **In process**, one thread, per stage — `icn_syntax::parse` (pest and
//!    the typed tree), `+ lower` (`Game::parse`), `+ JSON` (`write_json`) —
//!    on the 10,000-line corpus, the variant start positions of
//!    `fixtures/icn/ok/variant-*.icn`, and the 1.8 MB single-line position.
//!    The difference between stages says where the time goes.
//! 2. **The release `icn` binary** on a file of `--mb` megabytes built by
//!    repeating the corpus: `icn check --lines` and `icn convert --lines --to
//!    json` (output to `/dev/null`), wall time, MB/s and peak RSS from
//!    `/usr/bin/time` (wall time only when it is missing).
//!
//! The best of `--runs` runs (10 by default) is reported, with one thread
//! (`RAYON_NUM_THREADS=1`) and with every core. Targets (issue 10 §5), one
//! thread: ≥ 150 MB/s check, ≥ 75 MB/s convert, peak RSS < 50 MB; misses are
//! reported, not failed.

pub mod fsf;
pub mod generate;
pub mod perft;

use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use anyhow::{Context as _, bail};
use icn_model::{Dialect, Game, json};

/// Options of `cargo xtask bench`.
#[derive(Clone, Debug, clap::Args)]
pub struct Args {
    /// Size of the input for the binary runs, in MB (the corpus repeated).
    #[arg(long, default_value_t = 100)]
    pub mb: usize,
    /// Runs of each measurement; the best is reported [default: 10 for the
    /// throughput figures (a shared virtual machine's speed swings by a
    /// third from run to run), 3 for `--perft` and `--fsf`].
    #[arg(long)]
    pub runs: Option<usize>,
    /// Folder for the generated files (default: `icn-bench` in the target folder).
    #[arg(long)]
    pub dir: Option<PathBuf>,
    /// Only the in-process stage figures.
    #[arg(long)]
    pub in_process_only: bool,
    /// Time this `icn` binary instead of building the release one (say, an
    /// older build, for a before/after comparison under the same conditions;
    /// the in-process figures are still this build's).
    #[arg(long, value_name = "PATH")]
    pub icn: Option<PathBuf>,
    /// Only perft beside shakmaty (standard positions, one thread).
    #[arg(long)]
    pub perft: bool,
    /// Only variant perft beside this Fairy-Stockfish binary (its 8×8 build).
    #[arg(long, value_name = "PATH")]
    pub fsf: Option<PathBuf>,
    /// Fairy-Stockfish's `largeboards=yes` build, for the wider variants.
    #[arg(long, value_name = "PATH", requires = "fsf")]
    pub fsf_large: Option<PathBuf>,
    /// With `--fsf`: every built-in variant the engine plays, each at the
    /// first depth where the engine takes 100 ms or more (at most 7), instead
    /// of the fixed list.
    #[arg(long, requires = "fsf")]
    pub fsf_all: bool,
}

const MB: f64 = 1_000_000.0;

fn mb_per_s(bytes: usize, d: Duration) -> f64 {
    bytes as f64 / MB / d.as_secs_f64()
}

fn best_of(runs: usize, mut f: impl FnMut() -> anyhow::Result<()>) -> anyhow::Result<Duration> {
    let mut best = Duration::MAX;
    for _ in 0..runs.max(1) {
        let start = Instant::now();
        f()?;
        best = best.min(start.elapsed());
    }
    Ok(best)
}

/// Stage timings of one input, single-threaded.
fn stages(name: &str, lines: &[&str], runs: usize) -> anyhow::Result<()> {
    let bytes: usize = lines.iter().map(|l| l.len() + 1).sum();
    let parse = best_of(runs, || {
        for l in lines {
            icn_syntax::parse(l, Dialect::Auto)
                .map_err(|e| anyhow::anyhow!("generated line does not parse: {e}"))?;
        }
        Ok(())
    })?;
    let lower = best_of(runs, || {
        for l in lines {
            Game::parse(l, Dialect::Auto)
                .map_err(|e| anyhow::anyhow!("generated line does not read: {e}"))?;
        }
        Ok(())
    })?;
    let mut out = Vec::new();
    let to_json = best_of(runs, || {
        for l in lines {
            out.clear();
            let g = Game::parse(l, Dialect::Auto).map_err(|e| anyhow::anyhow!("{e}"))?;
            json::write_json(&g, &mut out);
        }
        Ok(())
    })?;
    println!(
        "{name:<22} {:>6} lines {:>8.2} MB | parse {:>7.1} MB/s | +lower {:>7.1} MB/s | +json {:>7.1} MB/s | share parse/lower/json {:>3.0}%/{:>3.0}%/{:>3.0}%",
        lines.len(),
        bytes as f64 / MB,
        mb_per_s(bytes, parse),
        mb_per_s(bytes, lower),
        mb_per_s(bytes, to_json),
        100.0 * parse.as_secs_f64() / to_json.as_secs_f64(),
        100.0 * (lower.as_secs_f64() - parse.as_secs_f64()).max(0.0) / to_json.as_secs_f64(),
        100.0 * (to_json.as_secs_f64() - lower.as_secs_f64()).max(0.0) / to_json.as_secs_f64(),
    );
    Ok(())
}

/// The variant start positions of the `icn` corpus, one per line.
fn variant_lines(root: &Path) -> anyhow::Result<Vec<String>> {
    let mut out = Vec::new();
    for path in crate::corpus::files_with_suffix(&root.join("fixtures/icn/ok"), ".icn")? {
        let name = path
            .file_name()
            .and_then(|n| n.to_str())
            .unwrap_or_default();
        if name.starts_with("variant-") {
            out.push(
                fs::read_to_string(&path)?
                    .trim_end()
                    .replace(['\r', '\n'], " "),
            );
        }
    }
    Ok(out)
}

/// What one binary run measured.
struct BinaryRun {
    wall: Duration,
    peak_rss_kb: Option<u64>,
    /// User plus system CPU seconds, from `/usr/bin/time`.
    cpu_s: Option<f64>,
}

fn run_binary(
    icn: &Path,
    args: &[&str],
    input: &Path,
    threads: Option<usize>,
) -> anyhow::Result<BinaryRun> {
    let time = Path::new("/usr/bin/time");
    let report = std::env::temp_dir().join(format!("icn-bench-time-{}", std::process::id()));
    let mut cmd = if time.exists() {
        let mut c = Command::new(time);
        c.arg("-f").arg("%M %U %S").arg("-o").arg(&report).arg(icn);
        c
    } else {
        Command::new(icn)
    };
    if let Some(n) = threads {
        cmd.env("RAYON_NUM_THREADS", n.to_string());
    }
    cmd.args(args)
        .arg(input)
        .stdout(Stdio::null())
        .stderr(Stdio::piped());
    let start = Instant::now();
    let output = cmd
        .output()
        .with_context(|| format!("cannot run {}", icn.display()))?;
    let wall = start.elapsed();
    if !output.status.success() {
        let err = String::from_utf8_lossy(&output.stderr);
        bail!(
            "`icn {}` failed ({}):\n{}",
            args.join(" "),
            output.status,
            err.lines().take(10).collect::<Vec<_>>().join("\n")
        );
    }
    // The last line of the report is "max-RSS-KB user-s system-s".
    let fields: Vec<f64> = fs::read_to_string(&report)
        .ok()
        .and_then(|t| {
            let last = t.trim().lines().last()?.to_string();
            Some(
                last.split_whitespace()
                    .filter_map(|f| f.parse().ok())
                    .collect(),
            )
        })
        .unwrap_or_default();
    let _ = fs::remove_file(&report);
    Ok(BinaryRun {
        wall,
        peak_rss_kb: fields.first().map(|kb| *kb as u64),
        cpu_s: (fields.len() == 3).then(|| fields[1] + fields[2]),
    })
}

/// The fastest of `runs` runs.
fn best_binary_run(
    icn: &Path,
    args: &[&str],
    input: &Path,
    runs: usize,
    threads: Option<usize>,
) -> anyhow::Result<BinaryRun> {
    let mut best = run_binary(icn, args, input, threads)?;
    for _ in 1..runs {
        let r = run_binary(icn, args, input, threads)?;
        if r.wall < best.wall {
            best = r;
        }
    }
    Ok(best)
}

/// `/proc/loadavg`'s first three fields, or `unknown`.
fn load_average() -> String {
    fs::read_to_string("/proc/loadavg")
        .map(|t| t.split_whitespace().take(3).collect::<Vec<_>>().join(" "))
        .unwrap_or_else(|_| "unknown".into())
}

/// The target folder the running xtask was built into.
fn target_dir(root: &Path) -> PathBuf {
    std::env::var_os("CARGO_TARGET_DIR").map_or_else(|| root.join("target"), PathBuf::from)
}

/// The command. Returns `true` unless something could not run.
///
/// # Errors
/// Generation, build or run failures.
pub fn main(root: &Path, args: &Args) -> anyhow::Result<bool> {
    if args.perft {
        return perft::compare(args.runs.unwrap_or(3));
    }
    if let Some(small) = &args.fsf {
        let runs = args.runs.unwrap_or(3);
        let large = args.fsf_large.as_deref();
        return if args.fsf_all {
            fsf::compare_all(small, large, runs)
        } else {
            fsf::compare(small, large, runs)
        };
    }
    let runs = args.runs.unwrap_or(10);
    let dir = args
        .dir
        .clone()
        .unwrap_or_else(|| target_dir(root).join("icn-bench"));
    fs::create_dir_all(&dir).with_context(|| format!("cannot create {}", dir.display()))?;
    let corpus = generate::corpus();
    let big = generate::big_position();
    let variants = variant_lines(root)?;
    fs::write(dir.join("corpus.icnl"), &corpus)?;
    fs::write(dir.join("big-position.icn"), &big)?;
    println!(
        "generated corpus: {} lines, {:.2} MB; big position: {:.2} MB; {} variant start positions",
        generate::CORPUS_LINES,
        corpus.len() as f64 / MB,
        big.len() as f64 / MB,
        variants.len()
    );

    println!(
        "load average (other work on this machine skews the figures): {}",
        load_average()
    );
    println!("\n== in process, one thread, best of {} ==", runs);
    let corpus_lines: Vec<&str> = corpus.lines().collect();
    stages("generated corpus", &corpus_lines, runs)?;
    let variant_refs: Vec<&str> = variants.iter().map(String::as_str).collect();
    stages("variant start positions", &variant_refs, runs.max(20))?;
    stages("1.8 MB position", &[big.trim_end()], runs)?;
    if args.in_process_only {
        return Ok(true);
    }

    println!(
        "\n== release binary, {} MB input (corpus repeated) ==",
        args.mb
    );
    let icn = match &args.icn {
        Some(path) => {
            println!("timing {}", path.display());
            path.clone()
        }
        None => {
            let status = Command::new(std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into()))
                .args(["build", "--release", "--quiet", "-p", "icn-cli"])
                .current_dir(root)
                .status()
                .context("cannot run cargo build")?;
            if !status.success() {
                bail!("building icn-cli failed");
            }
            target_dir(root).join("release").join("icn")
        }
    };
    let big_input = dir.join(format!("corpus-{}mb.icnl", args.mb));
    let target = args.mb * 1_000_000;
    if fs::metadata(&big_input)
        .map(|m| m.len() as usize)
        .unwrap_or(0)
        < target
    {
        let mut data = Vec::with_capacity(target + corpus.len());
        while data.len() < target {
            data.extend_from_slice(corpus.as_bytes());
        }
        fs::write(&big_input, &data)?;
    }
    let size = fs::metadata(&big_input)?.len() as usize;
    let mut ok = true;
    let cores = std::thread::available_parallelism().map_or(1, usize::from);
    let commands = [
        ("icn check --lines", vec!["check", "--lines"], 150.0),
        (
            "icn convert --lines --to json",
            vec!["convert", "--lines", "--to", "json"],
            75.0,
        ),
    ];
    // The targets are for one thread; the all-core figures show the scaling.
    for (threads, label) in [
        (Some(1), "1 thread".to_string()),
        (None, format!("{cores} cores")),
    ] {
        println!("-- {label}");
        for (what, cmd_args, goal) in &commands {
            let goal = if threads.is_some() { *goal } else { 0.0 };
            let best = best_binary_run(&icn, cmd_args, &big_input, runs, threads)?;
            let speed = mb_per_s(size, best.wall);
            let rss = best.peak_rss_kb.map_or("unknown".to_string(), |kb| {
                format!("{:.1} MB", kb as f64 / 1024.0)
            });
            let speed_ok = speed >= goal;
            let rss_ok = best
                .peak_rss_kb
                .is_some_and(|kb| (kb as f64) < 50.0 * 1024.0);
            ok &= speed_ok && rss_ok;
            let cpu = best.cpu_s.map_or("unknown".to_string(), |c| {
                format!(
                    "{c:.2} CPU-s = {:.1} MB per CPU-second",
                    size as f64 / MB / c
                )
            });
            println!(
                "{what:<30} {:.2} MB in {:>6.2}s = {:>6.1} MB/s (target {goal} MB/s: {}) | {cpu} | peak RSS {rss} (target < 50 MB: {})",
                size as f64 / MB,
                best.wall.as_secs_f64(),
                speed,
                if speed_ok { "met" } else { "MISSED" },
                if rss_ok { "met" } else { "MISSED" },
            );
        }
    }
    println!("\n== release binary, the 1.8 MB single-line position (no target) ==");
    let big_path = dir.join("big-position.icn");
    for cmd_args in [
        vec!["check", "--lines"],
        vec!["convert", "--lines", "--to", "json"],
    ] {
        let r = best_binary_run(&icn, &cmd_args, &big_path, runs, None)?;
        println!(
            "icn {:<27} {:.2} MB in {:>6.3}s = {:>6.1} MB/s | peak RSS {}",
            cmd_args.join(" "),
            big.len() as f64 / MB,
            r.wall.as_secs_f64(),
            mb_per_s(big.len(), r.wall),
            r.peak_rss_kb.map_or("unknown".to_string(), |kb| format!(
                "{:.1} MB",
                kb as f64 / 1024.0
            )),
        );
    }
    println!(
        "\n{}",
        if ok {
            "all targets met"
        } else {
            "some targets missed (see above)"
        }
    );
    Ok(true)
}
