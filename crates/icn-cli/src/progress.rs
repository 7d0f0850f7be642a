//! Progress on standard error for long work (perft per root move, `info`
//! on huge positions, `--lines` over large files, `query`): one bar or
//! spinner per run, drawn at most [`HZ`] times a second and only when
//! standard error is a terminal (indicatif draws nothing otherwise, so
//! pipes, files and tests see no progress at all). Updating a bar is an
//! atomic add and a clock read, done per root move or per batch of lines,
//! never per node or per line, so progress costs nothing measurable.
//!
//! Problem lines written while a bar is shown go through [`Stderr`], which
//! clears the bar, writes, and draws it again.

use std::io::{self, Write};
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressFinish, ProgressStyle};

/// Most redraws a second.
pub const HZ: u8 = 4;

/// A bar or spinner on standard error that clears itself when dropped (an
/// early return leaves no stale bar behind).
fn on_stderr(len: Option<u64>) -> ProgressBar {
    ProgressBar::with_draw_target(len, ProgressDrawTarget::stderr_with_hz(HZ))
        .with_finish(ProgressFinish::AndClear)
}

/// A bar of `len` steps, `{what}` naming the unit (`root moves`).
pub fn bar(len: u64, what: &str) -> ProgressBar {
    let bar = on_stderr(Some(len));
    bar.set_style(style(&format!(
        "[{{bar:30}}] {{pos}}/{{len}} {what} {{elapsed}} (eta {{eta}}) {{msg}}"
    )));
    bar
}

/// A bar over `len` bytes of input (a file's size), with a message.
pub fn bytes(len: u64) -> ProgressBar {
    let bar = on_stderr(Some(len));
    bar.set_style(style(
        "[{bar:30}] {bytes}/{total_bytes} {elapsed} (eta {eta}) {msg}",
    ));
    bar
}

/// A spinner with a message, for work of unknown length; it keeps turning
/// on its own while the work runs.
pub fn spinner(message: &str) -> ProgressBar {
    let bar = on_stderr(None);
    bar.set_style(
        ProgressStyle::with_template("{spinner} {elapsed} {msg}")
            .unwrap_or_else(|_| ProgressStyle::default_spinner()),
    );
    bar.set_message(message.to_string());
    if !bar.is_hidden() {
        bar.enable_steady_tick(Duration::from_millis(1000 / u64::from(HZ)));
    }
    bar
}

/// A bar's position handed on at most [`HZ`] times a second (indicatif
/// limits its drawing too, but lets a burst through at the start).
pub struct Throttled {
    bar: ProgressBar,
    pending: u64,
    last: Instant,
}

impl Throttled {
    /// Hands `bar` its progress.
    pub fn new(bar: ProgressBar) -> Throttled {
        Throttled {
            bar,
            pending: 0,
            last: Instant::now(),
        }
    }

    /// `n` more steps done; `message` (made only when shown) describes them.
    pub fn inc(&mut self, n: u64, message: impl FnOnce() -> String) {
        self.pending += n;
        if self.bar.is_hidden() || self.last.elapsed() < Duration::from_millis(1000 / u64::from(HZ))
        {
            return;
        }
        self.last = Instant::now();
        self.bar.set_message(message());
        self.bar.inc(std::mem::take(&mut self.pending));
    }

    /// Clears the bar.
    pub fn finish(&self) {
        self.bar.finish_and_clear();
    }
}

fn style(template: &str) -> ProgressStyle {
    ProgressStyle::with_template(template)
        .unwrap_or_else(|_| ProgressStyle::default_bar())
        .progress_chars("=> ")
}

/// Standard error that steps around a progress bar.
pub struct Stderr {
    bar: ProgressBar,
}

impl Stderr {
    /// Standard error, clearing `bar` for every write.
    pub fn around(bar: &ProgressBar) -> Stderr {
        Stderr { bar: bar.clone() }
    }
}

impl Write for Stderr {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.bar.suspend(|| io::stderr().write_all(buf))?;
        Ok(buf.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        io::stderr().flush()
    }
}
