//! `cargo xtask conformance [--corpus NAME] [--bless]`: runs every case of
//! every corpus (or one), in parallel, with a progress bar on long corpora,
//! and prints the failures and a table of corpus, cases, passed, failed.

use std::path::Path;
use std::sync::mpsc::{self, RecvTimeoutError};
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use rayon::prelude::*;

use crate::corpus::{self, Corpus, RunOptions};

/// A corpus still running after this long gets a progress bar.
pub const PROGRESS_AFTER: Duration = Duration::from_millis(400);

/// What one corpus run found.
#[derive(Clone, Debug)]
pub struct Report {
    /// The corpus name.
    pub corpus: &'static str,
    /// How many cases ran.
    pub cases: usize,
    /// `(case name, what went wrong)` for every failed case.
    pub failures: Vec<(String, String)>,
    /// How long the run took.
    pub elapsed: Duration,
}

impl Report {
    /// Cases that passed.
    pub fn passed(&self) -> usize {
        self.cases - self.failures.len()
    }
}

/// Runs every case of `corpus` found under `fixtures`.
///
/// # Errors
/// When the fixtures cannot be listed.
pub fn run_corpus(
    corpus: &dyn Corpus,
    fixtures: &Path,
    options: RunOptions,
    progress: bool,
) -> anyhow::Result<Report> {
    let start = Instant::now();
    let cases = corpus.cases(fixtures)?;
    // Hidden at first; shown (on a terminal) once the corpus proves long.
    let bar = ProgressBar::with_draw_target(Some(cases.len() as u64), ProgressDrawTarget::hidden());
    bar.set_style(
        ProgressStyle::with_template("{prefix:>10} [{bar:40}] {pos}/{len} {elapsed} (eta {eta})")
            .unwrap_or_else(|_| ProgressStyle::default_bar())
            .progress_chars("=> "),
    );
    bar.set_prefix(corpus.name());
    let (done, finished) = mpsc::channel::<()>();
    let mut failures: Vec<(String, String)> = std::thread::scope(|scope| {
        if progress {
            let bar = bar.clone();
            scope.spawn(move || {
                if finished.recv_timeout(PROGRESS_AFTER) == Err(RecvTimeoutError::Timeout) {
                    bar.set_draw_target(ProgressDrawTarget::stderr_with_hz(4));
                    bar.enable_steady_tick(Duration::from_millis(200));
                }
            });
        }
        let failures = cases
            .par_iter()
            .filter_map(|case| {
                let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                    corpus.run(case, options)
                }))
                .unwrap_or_else(|_| Err("panicked (see the message above)".to_string()));
                bar.inc(1);
                result.err().map(|why| (case.name.clone(), why))
            })
            .collect();
        drop(done);
        failures
    });
    bar.finish_and_clear();
    failures.sort();
    Ok(Report {
        corpus: corpus.name(),
        cases: cases.len(),
        failures,
        elapsed: start.elapsed(),
    })
}

/// The summary table.
pub fn table(reports: &[Report]) -> String {
    let mut out = format!(
        "{:<12} {:>7} {:>7} {:>7} {:>9}\n",
        "corpus", "cases", "passed", "failed", "time"
    );
    for r in reports {
        out.push_str(&format!(
            "{:<12} {:>7} {:>7} {:>7} {:>8.2}s\n",
            r.corpus,
            r.cases,
            r.passed(),
            r.failures.len(),
            r.elapsed.as_secs_f64()
        ));
    }
    out
}

/// The command: runs the selected corpora, prints failures and the table.
/// Returns whether every case passed.
///
/// # Errors
/// An unknown corpus name, or unreadable fixtures.
pub fn main(fixtures: &Path, only: Option<&str>, options: RunOptions) -> anyhow::Result<bool> {
    let corpora = match only {
        Some(name) => vec![corpus::find(name).ok_or_else(|| {
            let names: Vec<&str> = corpus::all().iter().map(|c| c.name()).collect();
            anyhow::anyhow!(
                "no corpus named `{name}`; the corpora are {}",
                names.join(", ")
            )
        })?],
        None => corpus::all(),
    };
    let mut reports = Vec::new();
    for c in corpora {
        let report = run_corpus(c, fixtures, options, true)?;
        for (case, why) in &report.failures {
            println!("FAIL {}/{case}\n{}\n", report.corpus, indent(why));
        }
        reports.push(report);
    }
    if options.bless {
        println!(
            "expected files rewritten where they differed (--bless); review them with `git diff fixtures`"
        );
    }
    print!("{}", table(&reports));
    Ok(reports.iter().all(|r| r.failures.is_empty()))
}

fn indent(text: &str) -> String {
    text.lines()
        .map(|l| format!("    {l}"))
        .collect::<Vec<_>>()
        .join("\n")
}
