//! `--lines`: every input line is its own document.
//!
//! Lines are read in batches (at most [`BATCH_LINES`] lines or about
//! [`BATCH_BYTES`] bytes), each batch is handled in parallel with rayon in
//! chunks of [`CHUNK_LINES`], and results are written in input order while
//! the next batch is read and handled. Memory therefore depends on the batch
//! size and the longest line, never on the length of the input.
//!
//! Every input line gives exactly one output line: the handler's text, or an
//! empty line when the line is blank (no error) or failed. A line ends at
//! `\n`; a `\r` before it is dropped; a UTF-8 byte-order mark at the start of
//! line 1 is skipped. Problems go to the error sink as
//! `origin:LINE:COL: error[kind]: message` (see [`crate::report`]), in input
//! order, and do not stop other lines; a summary line ends the run.

use std::io::{self, BufRead, Write};

use rayon::prelude::*;

use crate::document::Located;

/// Most lines in one batch.
pub const BATCH_LINES: usize = 8192;
/// A batch stops growing once it holds this many bytes.
pub const BATCH_BYTES: usize = 2 << 20;
/// Bytes asked of the input at a time (more than a reader's own buffer, so
/// the read goes straight into the batch).
const READ_BLOCK: usize = 1 << 18;
/// Lines handled by one rayon task.
pub const CHUNK_LINES: usize = 64;

/// Handles one non-blank line: appends its output (without a line break) and
/// any warnings (messages such as `warning[kind]: ...`), or returns its
/// problems; each located within the line.
pub type Handler<'a> =
    dyn Fn(&str, &mut Vec<u8>, &mut Vec<Located>) -> Result<(), Vec<Located>> + Sync + 'a;

/// What a run saw.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Summary {
    /// Lines read.
    pub lines: u64,
    /// Blank lines among them.
    pub blank: u64,
    /// Lines that failed.
    pub failed: u64,
    /// Lines that passed with warnings.
    pub warned: u64,
}

impl Summary {
    /// The tally of the run that started at `start`.
    pub fn tally(&self, start: std::time::Instant) -> crate::report::Tally {
        crate::report::Tally {
            unit: "line",
            read: self.lines,
            ok: self.lines - self.blank - self.failed - self.warned,
            warned: self.warned,
            failed: self.failed,
            blank: self.blank,
            start,
        }
    }
}

/// Where results go.
pub struct Sinks<'a> {
    /// One line per input line; `None` discards output (as `check` does).
    pub out: Option<&'a mut (dyn Write + Send)>,
    /// Problem reports.
    pub err: &'a mut (dyn Write + Send),
    /// Advanced by the bytes of each batch read, its message the lines read.
    pub progress: Option<crate::progress::Throttled>,
}

#[derive(Default)]
struct Batch {
    /// The input read, whole lines first (see `ends`); kept at its full
    /// length, zeros past what was read, so input is read straight into it.
    buf: Vec<u8>,
    /// End offset (exclusive, terminator included) of each line in `buf`.
    ends: Vec<usize>,
    /// Number of the first line, from 1.
    first_line: u64,
}

/// The input and what was read of it past the last batch's last line.
struct Source {
    reader: Box<dyn BufRead + Send>,
    rest: Vec<u8>,
}

impl Batch {
    /// Empties the batch; its next line will be number `first_line`.
    fn clear(&mut self, first_line: u64) {
        self.ends.clear();
        self.first_line = first_line;
    }

    /// The bytes of the batch's lines.
    fn len(&self) -> usize {
        self.ends.last().copied().unwrap_or(0)
    }

    /// Reads the next lines; returns whether the input is exhausted.
    fn fill(&mut self, source: &mut Source, first_line: u64) -> io::Result<bool> {
        self.clear(first_line);
        // Room for a whole batch, zeroed once and kept from batch to batch:
        // the input is read straight into it (a read this large bypasses
        // the reader's own buffer), its line breaks found a block at a
        // time, and the batch closed at the line that fills it. What is
        // read past that line waits in the source for the next batch.
        let room = BATCH_BYTES + (BATCH_BYTES >> 4);
        if self.buf.len() < room {
            self.buf.resize(room, 0);
        }
        let mut filled = source.rest.len();
        self.buf[..filled].copy_from_slice(&source.rest);
        source.rest.clear();
        let mut scanned = 0;
        loop {
            for at in memchr::memchr_iter(b'\n', &self.buf[scanned..filled]) {
                let end = scanned + at + 1;
                self.ends.push(end);
                if self.ends.len() >= BATCH_LINES || end >= BATCH_BYTES {
                    source.rest.extend_from_slice(&self.buf[end..filled]);
                    return Ok(false);
                }
            }
            scanned = filled;
            if filled == self.buf.len() {
                // One line longer than the room: more room.
                self.buf.resize(2 * filled, 0);
            }
            // A block at a time: what is read past the batch's last line is
            // copied again into the next batch, so keep it short.
            let block = (filled + READ_BLOCK).min(self.buf.len());
            let read = match source.reader.read(&mut self.buf[filled..block]) {
                Ok(n) => n,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(e),
            };
            if read == 0 {
                // The last line may have no break.
                if filled > self.len() {
                    self.ends.push(filled);
                }
                return Ok(true);
            }
            filled += read;
        }
    }

    fn line(&self, i: usize) -> &[u8] {
        let start = if i == 0 { 0 } else { self.ends[i - 1] };
        let line = &self.buf[start..self.ends[i]];
        let line = line.strip_suffix(b"\n").unwrap_or(line);
        line.strip_suffix(b"\r").unwrap_or(line)
    }
}

#[derive(Default)]
struct ChunkResult {
    out: Vec<u8>,
    errors: Vec<u8>,
    blank: u64,
    failed: u64,
    warned: u64,
}

impl ChunkResult {
    /// Empties the result, keeping its buffers' room.
    fn clear(&mut self) {
        self.out.clear();
        self.errors.clear();
        (self.blank, self.failed, self.warned) = (0, 0, 0);
    }
}

/// [`run`] over `input` with standard output (when `write_output`; else
/// nothing is written) and standard error as the sinks, and the outcome.
///
/// # Errors
/// Reading or writing failed.
pub fn run_on_stdio(
    input: crate::input::Input,
    handler: &Handler<'_>,
    write_output: bool,
) -> io::Result<crate::cmd::Outcome> {
    let origin = input.origin.clone();
    let start = std::time::Instant::now();
    let bar = match input.size {
        Some(size) => crate::progress::bytes(size),
        None => crate::progress::spinner("lines"),
    };
    // A chunk's output (tens of kilobytes) is larger than this buffer and
    // goes to standard output as it is, not copied through the buffer;
    // small outputs are still gathered.
    let mut out = io::BufWriter::with_capacity(1 << 14, io::stdout());
    let mut err = io::BufWriter::new(crate::progress::Stderr::around(&bar));
    let summary = run(
        input.into_reader(),
        &origin,
        handler,
        Sinks {
            out: write_output.then_some(&mut out as &mut (dyn Write + Send)),
            err: &mut err,
            progress: Some(crate::progress::Throttled::new(bar.clone())),
        },
    )?;
    out.flush()?;
    err.flush()?;
    bar.finish_and_clear();
    Ok(summary.tally(start).finish(&origin))
}

/// Runs `handler` on every line of `reader`.
///
/// # Errors
/// Only I/O errors; problems with lines are reported to `sinks.err`.
pub fn run(
    reader: Box<dyn BufRead + Send>,
    origin: &str,
    handler: &Handler<'_>,
    sinks: Sinks<'_>,
) -> io::Result<Summary> {
    let Sinks {
        mut out,
        err,
        mut progress,
    } = sinks;
    let writes = out.is_some();
    let mut summary = Summary::default();
    let mut current = Batch::default();
    let mut next = Batch::default();
    let mut source = Source {
        reader,
        rest: Vec::new(),
    };
    let mut eof = current.fill(&mut source, 1)?;
    let mut pending: Vec<ChunkResult> = Vec::new();
    // The buffers of the batch written last time round, emptied: the next
    // batch's chunks write into them, so the output buffers are allocated
    // once for the run, not once per batch.
    let mut spare: Vec<ChunkResult> = Vec::new();
    loop {
        let next_first = current.first_line + current.ends.len() as u64;
        let results = {
            let source = &mut source;
            let out = &mut out;
            let err = &mut *err;
            let next = &mut next;
            let pending = std::mem::take(&mut pending);
            let reuse = std::mem::take(&mut spare);
            let (io, results) = rayon::join(
                move || -> io::Result<(bool, Vec<ChunkResult>)> {
                    emit(&pending, out, err)?;
                    let eof = if eof {
                        next.clear(next_first);
                        true
                    } else {
                        next.fill(source, next_first)?
                    };
                    Ok((eof, pending))
                },
                || handle_batch(&current, origin, handler, writes, reuse),
            );
            let emitted;
            (eof, emitted) = io?;
            spare = emitted;
            results
        };
        for r in &results {
            summary.blank += r.blank;
            summary.failed += r.failed;
            summary.warned += r.warned;
        }
        summary.lines += current.ends.len() as u64;
        if let Some(bar) = progress.as_mut() {
            bar.inc(current.len() as u64, || format!("{} lines", summary.lines));
        }
        pending = results;
        if next.ends.is_empty() {
            break;
        }
        std::mem::swap(&mut current, &mut next);
    }
    emit(&pending, &mut out, err)?;
    if let Some(o) = out {
        o.flush()?;
    }
    err.flush()?;
    Ok(summary)
}

fn emit(
    results: &[ChunkResult],
    out: &mut Option<&mut (dyn Write + Send)>,
    err: &mut (dyn Write + Send),
) -> io::Result<()> {
    for r in results {
        if let Some(o) = out.as_mut() {
            o.write_all(&r.out)?;
        }
        err.write_all(&r.errors)?;
    }
    Ok(())
}

/// Handles every line of `batch`, a chunk per rayon task, each writing into
/// one of the `spare` results (emptied first; new ones when there are too
/// few). With `writes` (the output is kept), a chunk's output buffer gets
/// room for twice its input first (the JSON long form of a site line is
/// about 1.9 times as long), so it is rarely grown and copied.
fn handle_batch(
    batch: &Batch,
    origin: &str,
    handler: &Handler<'_>,
    writes: bool,
    mut spare: Vec<ChunkResult>,
) -> Vec<ChunkResult> {
    let n = batch.ends.len();
    spare.resize_with(n.div_ceil(CHUNK_LINES), ChunkResult::default);
    spare
        .into_par_iter()
        .enumerate()
        .map(|(c, mut r)| {
            r.clear();
            let lines = c * CHUNK_LINES..((c + 1) * CHUNK_LINES).min(n);
            if writes {
                let start = if lines.start == 0 {
                    0
                } else {
                    batch.ends[lines.start - 1]
                };
                r.out.reserve(2 * (batch.ends[lines.end - 1] - start));
            }
            for i in lines {
                handle_line(
                    batch.line(i),
                    batch.first_line + i as u64,
                    origin,
                    handler,
                    &mut r,
                );
            }
            r
        })
        .collect()
}

fn handle_line(
    bytes: &[u8],
    number: u64,
    origin: &str,
    handler: &Handler<'_>,
    r: &mut ChunkResult,
) {
    // A UTF-8 byte-order mark at the start of the input is not part of line 1.
    let bytes = match bytes.strip_prefix(crate::input::BOM_BYTES) {
        Some(rest) if number == 1 => rest,
        _ => bytes,
    };
    let mut warnings = Vec::new();
    // Checked with SIMD first (most lines are valid); the standard check
    // runs only on a bad line, to find where it goes wrong.
    let text = simdutf8::basic::from_utf8(bytes).or_else(|_| std::str::from_utf8(bytes));
    let problems = match text {
        Ok(line) if line.trim().is_empty() => {
            r.blank += 1;
            Vec::new()
        }
        Ok(line) => {
            let mark = r.out.len();
            match handler(line, &mut r.out, &mut warnings) {
                Ok(()) => Vec::new(),
                Err(problems) => {
                    r.out.truncate(mark);
                    problems
                }
            }
        }
        Err(e) => {
            let valid = std::str::from_utf8(&bytes[..e.valid_up_to()]).unwrap_or_default();
            vec![Located {
                line: 1,
                column: valid.chars().count() + 1,
                kind: "utf8",
                message: "input is not valid UTF-8".to_string(),
            }]
        }
    };
    r.out.push(b'\n');
    if !problems.is_empty() {
        r.failed += 1;
    } else if !warnings.is_empty() {
        r.warned += 1;
    }
    for p in warnings.into_iter().chain(problems) {
        // A line has no line breaks, so `p.line` is 1; report the input line.
        let report = crate::report::problem(origin, number, p.column, p.kind, &p.message);
        let _ = writeln!(r.errors, "{report}");
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run_on(input: &str) -> (String, String, Summary) {
        run_from(Box::new(io::Cursor::new(input.as_bytes().to_vec())))
    }

    fn run_from(reader: Box<dyn BufRead + Send>) -> (String, String, Summary) {
        let handler =
            |line: &str, out: &mut Vec<u8>, _: &mut Vec<Located>| -> Result<(), Vec<Located>> {
                if let Some(col) = line.find('!') {
                    return Err(vec![Located {
                        line: 1,
                        column: col + 1,
                        kind: "shout",
                        message: "no shouting".into(),
                    }]);
                }
                out.extend_from_slice(line.to_uppercase().as_bytes());
                Ok(())
            };
        let (mut out, mut err) = (Vec::new(), Vec::new());
        let s = run(
            reader,
            "in",
            &handler,
            Sinks {
                out: Some(&mut out),
                err: &mut err,
                progress: None,
            },
        )
        .unwrap();
        (
            String::from_utf8(out).unwrap(),
            String::from_utf8(err).unwrap(),
            s,
        )
    }

    #[test]
    fn one_output_line_per_input_line() {
        let (out, err, s) = run_on("a\r\n\nb!c\nd");
        assert_eq!(out, "A\n\n\nD\n");
        assert_eq!(err, "in:3:2: error[shout]: no shouting\n");
        assert_eq!(
            s,
            Summary {
                lines: 4,
                blank: 1,
                failed: 1,
                warned: 0,
            }
        );
    }

    #[test]
    fn order_is_kept_across_batches_and_chunks() {
        let input: String = (0..BATCH_LINES * 2 + 7)
            .map(|i| format!("l{i}\n"))
            .collect();
        let (out, _, s) = run_on(&input);
        assert_eq!(out, input.to_uppercase());
        assert_eq!(s.lines, (BATCH_LINES * 2 + 7) as u64);
    }

    #[test]
    fn lines_split_across_reads_and_batches_come_out_whole() {
        // A reader handing out seven bytes at a time: lines broken across
        // reads, one longer than a whole batch, a last line with no break.
        let long = "x".repeat(2 * BATCH_BYTES + 5);
        let input = format!("ab\r\ncdefghijk\n\n{long}\nl!m\nlast");
        let reader = io::BufReader::with_capacity(7, io::Cursor::new(input.clone().into_bytes()));
        let (out, err, s) = run_from(Box::new(reader));
        assert_eq!(
            out,
            format!("AB\nCDEFGHIJK\n\n{}\n\nLAST\n", long.to_uppercase())
        );
        assert_eq!(err, "in:5:2: error[shout]: no shouting\n");
        assert_eq!((s.lines, s.blank, s.failed), (6, 1, 1));
    }

    #[test]
    fn bad_utf8_fails_only_its_line() {
        let handler =
            |line: &str, out: &mut Vec<u8>, _: &mut Vec<Located>| -> Result<(), Vec<Located>> {
                out.extend_from_slice(line.as_bytes());
                Ok(())
            };
        let (mut out, mut err) = (Vec::new(), Vec::new());
        let reader: Box<dyn BufRead + Send> =
            Box::new(io::Cursor::new(b"ok\nab\xffc\nok2\n".to_vec()));
        let s = run(
            reader,
            "f",
            &handler,
            Sinks {
                out: Some(&mut out),
                err: &mut err,
                progress: None,
            },
        )
        .unwrap();
        assert_eq!(out, b"ok\n\nok2\n");
        assert_eq!(
            String::from_utf8(err).unwrap(),
            "f:2:3: error[utf8]: input is not valid UTF-8\n"
        );
        assert_eq!(s.failed, 1);
    }
}
