//! `cargo xtask fuzz [--seconds N] [--seed S]`: a fuzz harness on stable
//! Rust, in bounded time.
//!
//! Inputs are every file under `fixtures/` plus generated documents
//! ([`mutate::seeds`]), first as they are, then mutated at byte level
//! ([`mutate::mutate`]). Each input goes through every reader
//! ([`targets::TARGETS`]: ICN in three dialects, the JSON long form, FEN, SAN,
//! `--lines`, PGN, Sjaak and FBR variant files, and the move generator on
//! what reads), checking that none panics
//! (`catch_unwind`), that the input takes less than the time budget (per
//! 64 KiB: a quadratic blow-up outgrows it; a hang is reported once it takes
//! ten budgets, and the run stops), and the round trips of what reads. It prints the executions, executions per second and every
//! distinct failure, with its input saved under `target/fuzz-failures/`;
//! the result is `false` (exit 1) on any failure.
//!
//! Overflow is a bug the harness must see: a build without overflow checks
//! (`cargo xtask` builds in release) runs the harness again under the `fuzz`
//! profile (release speed, overflow checks and debug assertions on), unless
//! `--in-process` is given.

pub mod mutate;
pub mod targets;

use std::collections::HashMap;
use std::panic::{self, AssertUnwindSafe};
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::sync::mpsc;
use std::time::{Duration, Instant};

use crate::bench::generate::Rng;

/// Options of `cargo xtask fuzz`.
#[derive(Clone, Debug, clap::Args)]
pub struct Args {
    /// How long to run, in seconds.
    #[arg(long, default_value_t = 60)]
    pub seconds: u64,
    /// Seed of the mutations.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Time budget of one input through every reader, in milliseconds per
    /// started 64 KiB of input (linear work may grow with the input; a
    /// quadratic blow-up outgrows the budget).
    #[arg(long, default_value_t = 1000)]
    pub budget_ms: u64,
    /// Largest input, in bytes.
    #[arg(long, default_value_t = 256 * 1024)]
    pub max_len: usize,
    /// Folder for failing inputs (default: `fuzz-failures` in the target folder).
    #[arg(long)]
    pub out: Option<PathBuf>,
    /// Start mutating at once, without first running every seed as it is.
    #[arg(long)]
    pub mutate_only: bool,
    /// Run one saved input through every target, with the time each takes.
    #[arg(long, value_name = "FILE")]
    pub replay: Option<PathBuf>,
    /// Run in this process even when it was built without overflow checks.
    #[arg(long)]
    pub in_process: bool,
}

/// What kind of failure.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Kind {
    /// A reader panicked.
    Panic,
    /// A property (a round trip, a bounded message) does not hold.
    Property,
    /// The input took longer than the time budget.
    Slow,
    /// The input did not finish within ten budgets; the run stopped.
    Hang,
}

/// One distinct failure.
#[derive(Clone, Debug)]
pub struct Failure {
    /// The target (reader) it happened in.
    pub target: &'static str,
    /// What kind.
    pub kind: Kind,
    /// What went wrong (the panic message, the broken property, the time).
    pub message: String,
    /// Where the first input that showed it was saved.
    pub saved: PathBuf,
    /// How many inputs showed it.
    pub count: u64,
}

/// What a run did.
#[derive(Debug, Default)]
pub struct Report {
    /// Inputs run through every target.
    pub executions: u64,
    /// For each target, how many inputs it read (the rest it refused).
    pub read: Vec<(&'static str, u64)>,
    /// Time spent.
    pub elapsed: Duration,
    /// Distinct failures, in the order found.
    pub failures: Vec<Failure>,
}

/// Runs `cargo xtask fuzz`; prints the report.
///
/// # Errors
/// Fixtures or the failure folder cannot be read or written, or the harness
/// cannot be run again under the `fuzz` profile.
pub fn main(root: &Path, args: &Args) -> anyhow::Result<bool> {
    if !cfg!(debug_assertions) && !args.in_process {
        return run_under_fuzz_profile(args);
    }
    if let Some(file) = &args.replay {
        return replay(&std::fs::read(file)?);
    }
    let out = args.out.clone().unwrap_or_else(|| {
        std::env::var_os("CARGO_TARGET_DIR")
            .map_or_else(|| root.join("target"), PathBuf::from)
            .join("fuzz-failures")
    });
    let report = run(&root.join("fixtures"), args, &out)?;
    let secs = report.elapsed.as_secs_f64().max(1e-9);
    println!(
        "fuzz: {} executions in {:.1} s ({:.0}/s), seed {}, {} failure{}",
        report.executions,
        secs,
        report.executions as f64 / secs,
        args.seed,
        report.failures.len(),
        if report.failures.len() == 1 { "" } else { "s" }
    );
    let read: Vec<String> = report
        .read
        .iter()
        .map(|(t, n)| format!("{t} {n}"))
        .collect();
    println!("  inputs read: {}", read.join(", "));
    for f in &report.failures {
        println!(
            "  {:?} in {} ({} input{}): {}\n    saved: {}",
            f.kind,
            f.target,
            f.count,
            if f.count == 1 { "" } else { "s" },
            f.message.lines().next().unwrap_or_default(),
            f.saved.display()
        );
    }
    Ok(report.failures.is_empty())
}

/// Runs one input through every target, printing each result and time.
fn replay(input: &[u8]) -> anyhow::Result<bool> {
    let mut ok = true;
    for &(name, target) in &targets::TARGETS {
        let start = Instant::now();
        let result = panic::catch_unwind(AssertUnwindSafe(|| target(input)));
        let took = start.elapsed().as_secs_f64() * 1000.0;
        let shown = match result {
            Ok(Ok(read)) => format!("ok (read: {read})"),
            Ok(Err(problem)) => format!("property: {problem}"),
            Err(_) => "panicked".to_string(),
        };
        ok &= shown.starts_with("ok");
        println!("{name:>8} {took:>9.1} ms  {shown}");
    }
    Ok(ok)
}

/// Runs the harness again, built under the `fuzz` profile.
fn run_under_fuzz_profile(args: &Args) -> anyhow::Result<bool> {
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let mut cmd = std::process::Command::new(cargo);
    cmd.args([
        "run",
        "--quiet",
        "--profile",
        "fuzz",
        "--package",
        "xtask",
        "--",
    ])
    .args(["fuzz", "--in-process"])
    .args(["--seconds", &args.seconds.to_string()])
    .args(["--seed", &args.seed.to_string()])
    .args(["--budget-ms", &args.budget_ms.to_string()])
    .args(["--max-len", &args.max_len.to_string()]);
    if let Some(out) = &args.out {
        cmd.arg("--out").arg(out);
    }
    if args.mutate_only {
        cmd.arg("--mutate-only");
    }
    if let Some(file) = &args.replay {
        cmd.arg("--replay").arg(file);
    }
    Ok(cmd.status()?.success())
}

/// The last panic of the worker thread, taken by the panic hook.
static LAST_PANIC: Mutex<Option<String>> = Mutex::new(None);

const WORKER: &str = "icn-fuzz-worker";

/// The input size `--budget-ms` is for.
const BUDGET_BYTES: usize = 64 * 1024;

/// One target's result on one input: whether it read it, or what failed.
type Outcome = (&'static str, Result<bool, (Kind, String)>);

/// Runs every target on `input`, catching panics.
fn run_targets(input: &[u8]) -> Vec<Outcome> {
    targets::TARGETS
        .iter()
        .map(|&(name, target)| {
            let result = match panic::catch_unwind(AssertUnwindSafe(|| target(input))) {
                Ok(Ok(read)) => Ok(read),
                Ok(Err(problem)) => Err((Kind::Property, problem)),
                Err(_) => {
                    let message = LAST_PANIC
                        .lock()
                        .map_or(None, |mut p| p.take())
                        .unwrap_or_else(|| "panicked".to_string());
                    Err((Kind::Panic, message))
                }
            };
            (name, result)
        })
        .collect()
}

/// Runs the harness for `args.seconds`, saving failing inputs under `out`.
///
/// # Errors
/// Fixtures cannot be read, or `out` cannot be written.
pub fn run(fixtures: &Path, args: &Args, out: &Path) -> anyhow::Result<Report> {
    let seeds = mutate::seeds(fixtures)?;
    std::fs::create_dir_all(out)?;
    let previous = panic::take_hook();
    panic::set_hook(Box::new(|info| {
        if std::thread::current().name() == Some(WORKER) {
            let place = info
                .location()
                .map_or_else(String::new, |l| format!(" at {}:{}", l.file(), l.line()));
            let payload = info
                .payload()
                .downcast_ref::<&str>()
                .map(|s| (*s).to_string())
                .or_else(|| info.payload().downcast_ref::<String>().cloned())
                .unwrap_or_default();
            if let Ok(mut last) = LAST_PANIC.lock() {
                *last = Some(format!("{payload}{place}"));
            }
        } else {
            eprintln!("{info}");
        }
    }));
    let result = drive(&seeds, args, out);
    panic::set_hook(previous);
    result
}

fn drive(seeds: &[Vec<u8>], args: &Args, out: &Path) -> anyhow::Result<Report> {
    let (to_worker, inputs) = mpsc::channel::<Vec<u8>>();
    let (to_driver, outcomes) = mpsc::channel::<(Vec<Outcome>, Duration)>();
    std::thread::Builder::new()
        .name(WORKER.into())
        .stack_size(8 << 20)
        .spawn(move || {
            for input in inputs {
                let start = Instant::now();
                let result = run_targets(&input);
                if to_driver.send((result, start.elapsed())).is_err() {
                    break;
                }
            }
        })?;
    let budget_of =
        |len: usize| Duration::from_millis(args.budget_ms.max(1)) * (len / BUDGET_BYTES + 1) as u32;
    let start = Instant::now();
    let deadline = start + Duration::from_secs(args.seconds);
    let mut rng = Rng::new(args.seed);
    let mut recent: Vec<Vec<u8>> = Vec::new();
    let mut report = Report {
        read: targets::TARGETS
            .iter()
            .map(|&(name, _)| (name, 0))
            .collect(),
        ..Report::default()
    };
    let mut seen: HashMap<(&'static str, Kind, String), usize> = HashMap::new();
    let mut record = |target: &'static str,
                      kind: Kind,
                      message: String,
                      input: &[u8],
                      report: &mut Report|
     -> anyhow::Result<()> {
        let key = (target, kind, failure_key(&message));
        if let Some(&i) = seen.get(&key) {
            report.failures[i].count += 1;
            return Ok(());
        }
        let saved =
            out.join(format!("{target}-{kind:?}-{}.bin", report.failures.len() + 1).to_lowercase());
        std::fs::write(&saved, input)?;
        std::fs::write(saved.with_extension("txt"), &message)?;
        seen.insert(key, report.failures.len());
        report.failures.push(Failure {
            target,
            kind,
            message,
            saved,
            count: 1,
        });
        Ok(())
    };
    let mut next_seed = if args.mutate_only { seeds.len() } else { 0 };
    while Instant::now() < deadline {
        let input = if next_seed < seeds.len() {
            next_seed += 1;
            seeds[next_seed - 1].clone()
        } else {
            let base = if !recent.is_empty() && rng.chance(25) {
                rng.pick(&recent)
            } else {
                rng.pick(seeds)
            };
            mutate::mutate(&mut rng, base, seeds, args.max_len)
        };
        to_worker.send(input.clone())?;
        let budget = budget_of(input.len());
        match outcomes.recv_timeout(budget * 10) {
            Ok((results, took)) => {
                report.executions += 1;
                for (i, (target, result)) in results.into_iter().enumerate() {
                    match result {
                        Ok(read) => report.read[i].1 += u64::from(read),
                        Err((kind, message)) => record(target, kind, message, &input, &mut report)?,
                    }
                }
                if took > budget {
                    let message = format!(
                        "took {} ms (budget {} ms) for {} bytes",
                        took.as_millis(),
                        budget.as_millis(),
                        input.len()
                    );
                    record("all", Kind::Slow, message, &input, &mut report)?;
                }
            }
            Err(_) => {
                let message = format!(
                    "no answer after {} ms for {} bytes; the run stops",
                    (budget * 10).as_millis(),
                    input.len()
                );
                record("all", Kind::Hang, message, &input, &mut report)?;
                break;
            }
        }
        if recent.len() < 256 {
            recent.push(input);
        } else {
            let i = rng.range(0, 255) as usize;
            recent[i] = input;
        }
    }
    report.elapsed = start.elapsed();
    Ok(report)
}

/// What makes two failures the same: the message's first line without
/// digits (positions, sizes and times vary between inputs).
fn failure_key(message: &str) -> String {
    let first = message.lines().next().unwrap_or_default();
    first
        .chars()
        .filter(|c| !c.is_ascii_digit())
        .take(100)
        .collect()
}
