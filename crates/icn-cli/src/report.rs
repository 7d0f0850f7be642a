//! How every command reports problems in a stream of documents (lines with
//! `--lines`, games of a PGN file or of an ICN stream): one line per problem
//! on standard error, `FILE:LINE:COL: error[kind]: message` or
//! `FILE:LINE:COL: warning[kind]: message`, and one summary line at the end,
//! `FILE: 12 lines read: 9 ok, 1 with warnings, 1 failed, 1 blank (0.01 s)`
//! (`games` instead of `lines` for game streams, `1 line read`).

use std::time::Instant;

use crate::cmd::Outcome;

/// One problem line: `FILE:LINE:COL: LABEL: message`, where the label is
/// `error[kind]` unless `message` already starts with a label
/// (`warning[kind]: …`).
pub fn problem(origin: &str, line: u64, column: usize, kind: &str, message: &str) -> String {
    let labelled = message.starts_with("warning[") || message.starts_with("error[");
    if labelled || kind.is_empty() {
        format!("{origin}:{line}:{column}: {message}")
    } else {
        format!("{origin}:{line}:{column}: error[{kind}]: {message}")
    }
}

/// Counts of a stream of documents, for the summary line.
#[derive(Clone, Copy, Debug)]
pub struct Tally {
    /// What the documents are: `line` or `game`.
    pub unit: &'static str,
    /// Documents read, blank lines included.
    pub read: u64,
    /// Read without any problem.
    pub ok: u64,
    /// Read with warnings.
    pub warned: u64,
    /// Failed.
    pub failed: u64,
    /// Blank lines (not an error).
    pub blank: u64,
    /// When the work started.
    pub start: Instant,
}

impl Tally {
    /// An empty tally of `unit` (singular), started now.
    pub fn new(unit: &'static str) -> Tally {
        Tally {
            unit,
            read: 0,
            ok: 0,
            warned: 0,
            failed: 0,
            blank: 0,
            start: Instant::now(),
        }
    }

    /// The summary line (see the module docs).
    pub fn summary(&self, origin: &str) -> String {
        let blank = if self.blank > 0 {
            format!(", {} blank", self.blank)
        } else {
            String::new()
        };
        let plural = if self.read == 1 { "" } else { "s" };
        format!(
            "{origin}: {} {}{plural} read: {} ok, {} with warnings, {} failed{blank} ({:.2} s)",
            self.read,
            self.unit,
            self.ok,
            self.warned,
            self.failed,
            self.start.elapsed().as_secs_f64()
        )
    }

    /// Prints the summary on standard error; the outcome is invalid when a
    /// document failed.
    pub fn finish(&self, origin: &str) -> Outcome {
        eprintln!("{}", self.summary(origin));
        Outcome::from_ok(self.failed == 0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_label_is_added_once() {
        assert_eq!(problem("f", 2, 3, "fen", "bad"), "f:2:3: error[fen]: bad");
        assert_eq!(
            problem("f", 2, 3, "fen", "warning[x]: w"),
            "f:2:3: warning[x]: w"
        );
    }

    #[test]
    fn the_summary_counts_every_kind() {
        let mut t = Tally::new("line");
        (t.read, t.ok, t.warned, t.failed, t.blank) = (5, 2, 1, 1, 1);
        let s = t.summary("in");
        assert!(
            s.starts_with("in: 5 lines read: 2 ok, 1 with warnings, 1 failed, 1 blank ("),
            "{s}"
        );
    }
}
