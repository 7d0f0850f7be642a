//! `icn check`: says whether ICN (or JSON long form) documents read —
//! syntax, both dialects' rules (or one, with `--from-dialect`) — and then
//! validates what they say (`icn_rules::validate`): every problem is a
//! warning of a named kind (`warning[ep-without-pawn]`), an error with
//! `--strict`, and silenced with `--allow KIND`. Prints a one-line summary
//! of a document that reads; prints every problem compiler style. With
//! `--lines` prints nothing for clean lines and `FILE:LINE:COL: message`
//! (`FILE:LINE:COL: warning[kind]: message`) for the others, then a summary.
//! With `--legal` each game is also replayed, and its first illegal move is
//! an error (`error[illegal-move]`) at the move's line and column; a start
//! position the engine cannot play is `error[not-playable]`.

use std::io::{self, Write as _};

use icn_model::{Game, SourceMap, Subject};
use icn_movegen::ReplayError;
use icn_rules::validate::{Problem, ProblemKind, validate};
use icn_syntax::LineIndex;

use crate::cli::FromDialect;
use crate::cmd::Outcome;
use crate::document::{Format, Located, read_game_mapped, render_at_into, span_of};
use crate::input::{Input, InputArg};
use crate::lines;

/// Options of `icn check`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// Dialect ICN input must follow (JSON input is detected and ignores it).
    #[arg(long, value_enum, default_value_t)]
    pub from_dialect: FromDialect,
    /// Treat every line as its own document.
    #[arg(long)]
    pub lines: bool,
    /// Turn validation warnings into errors (exit status 1).
    #[arg(long)]
    pub strict: bool,
    /// Also replay each game: its first illegal move is an error.
    #[arg(long)]
    pub legal: bool,
    /// Do not report problems of this kind (repeatable), e.g.
    /// `--allow ep-without-pawn`; `--allow help` lists the kinds.
    #[arg(long, value_name = "KIND", value_parser = parse_kind)]
    pub allow: Vec<ProblemKind>,
    /// The input.
    #[command(flatten)]
    pub input: InputArg,
}

fn parse_kind(name: &str) -> Result<ProblemKind, String> {
    ProblemKind::from_name(name).ok_or_else(|| {
        let names: Vec<&str> = ProblemKind::ALL.iter().map(|k| k.name()).collect();
        format!(
            "unknown problem kind `{name}`; the kinds are: {}",
            names.join(", ")
        )
    })
}

/// At most this many problems of one kind are shown for one document; the
/// rest are counted (a position of 100,000 pieces outside its border gives
/// one screen of warnings, not 100,000).
pub const SHOWN_PER_KIND: usize = 50;

impl Args {
    /// The problems of `game` that are not allowed, at most
    /// [`SHOWN_PER_KIND`] of each kind, and how many of each kind are left
    /// out.
    fn problems(
        &self,
        game: &Game,
        map: Option<&SourceMap>,
    ) -> (Vec<Problem>, Vec<(ProblemKind, usize)>) {
        let mut problems = validate(game, map);
        problems.retain(|p| !self.allow.contains(&p.kind));
        // `validate` gives each kind's problems together.
        let mut shown = Vec::with_capacity(problems.len().min(4 * SHOWN_PER_KIND));
        let mut left_out: Vec<(ProblemKind, usize)> = Vec::new();
        let mut per_kind = [0usize; ProblemKind::ALL.len()];
        for p in problems {
            let same = &mut per_kind[p.kind as usize];
            *same += 1;
            if *same <= SHOWN_PER_KIND {
                shown.push(p);
            } else {
                match left_out.last_mut() {
                    Some((k, n)) if *k == p.kind => *n += 1,
                    _ => left_out.push((p.kind, 1)),
                }
            }
        }
        // In text order where the text is known.
        if let Some(map) = map {
            shown.sort_by_key(|p| map.span(p.subject).start);
        }
        (shown, left_out)
    }

    /// `warning[kind]`, or `error[kind]` with `--strict`.
    fn label(&self, kind: ProblemKind) -> String {
        let severity = if self.strict { "error" } else { "warning" };
        let mut label = String::with_capacity(severity.len() + kind.name().len() + 2);
        for part in [severity, "[", kind.name(), "]"] {
            label.push_str(part);
        }
        label
    }
}

/// With `--legal`: where the game stops being playable, the kind and why.
fn replay_problem(game: &Game) -> Option<(Subject, &'static str, String)> {
    match icn_movegen::replay(game, None) {
        Ok(_) => None,
        Err(e @ ReplayError::Move { ply, .. }) => {
            Some((Subject::Move(ply), "illegal-move", e.to_string()))
        }
        Err(e @ ReplayError::AfterEnd { .. }) => {
            Some((Subject::Document, "illegal-move", e.to_string()))
        }
        Err(e @ ReplayError::Setup(_)) => Some((Subject::Document, "not-playable", e.to_string())),
    }
}

/// The line that counts the problems of a kind that were not shown.
fn left_out_line(label: &str, n: usize) -> String {
    format!(
        "{label}: {n} more problem{} of this kind not shown",
        if n == 1 { "" } else { "s" }
    )
}

/// Runs `icn check`.
///
/// # Errors
/// I/O failures.
pub fn run(args: &Args) -> anyhow::Result<Outcome> {
    let input = args.input.open()?;
    if args.lines {
        return run_lines(args, input);
    }
    let origin = input.origin.clone();
    let text = match input.read_text()? {
        Ok(text) => text,
        Err(message) => {
            eprintln!("error: {message}");
            return Ok(Outcome::Invalid);
        }
    };
    match read_game_mapped(&text, args.from_dialect.into()) {
        Ok((game, format, map)) => {
            let (problems, left_out) = args.problems(&game, map.as_ref());
            let index = LineIndex::new(&text);
            let mut report = String::new();
            let mut err = io::BufWriter::new(io::stderr().lock());
            for p in &problems {
                report.clear();
                let label = args.label(p.kind);
                let parts = [label.as_str(), p.message.as_str(), origin.as_str()];
                render_at_into(&mut report, &game, map.as_ref(), p.subject, parts, &index);
                writeln!(err, "{report}")?;
            }
            for &(kind, n) in &left_out {
                writeln!(err, "{}", left_out_line(&args.label(kind), n))?;
            }
            if let Some((subject, kind, why)) = args.legal.then(|| replay_problem(&game)).flatten()
            {
                report.clear();
                let label = format!("error[{kind}]");
                let parts = [label.as_str(), why.as_str(), origin.as_str()];
                render_at_into(&mut report, &game, map.as_ref(), subject, parts, &index);
                writeln!(err, "{report}")?;
                writeln!(err, "{origin}: invalid (not legal, --legal)")?;
                return Ok(Outcome::Invalid);
            }
            err.flush()?;
            drop(err);
            let notation = match format {
                Format::Icn => "ICN",
                Format::Json => "JSON long form",
            };
            let n = problems.len() + left_out.iter().map(|(_, n)| n).sum::<usize>();
            let plural = if n == 1 { "" } else { "s" };
            if args.strict && n > 0 {
                eprintln!("{origin}: invalid ({n} problem{plural}, --strict)");
                return Ok(Outcome::Invalid);
            }
            let warned = if n > 0 {
                format!(" ({n} warning{plural})")
            } else {
                String::new()
            };
            writeln!(
                io::stdout().lock(),
                "{origin}: valid {notation}{warned}: {}",
                crate::document::describe(&game)
            )?;
            Ok(Outcome::Valid)
        }
        Err(e) => {
            e.write_rendered(&mut io::BufWriter::new(io::stderr().lock()), &origin, &text)?;
            let n = e.count();
            eprintln!(
                "{origin}: invalid ({n} problem{})",
                if n == 1 { "" } else { "s" }
            );
            Ok(Outcome::Invalid)
        }
    }
}

fn run_lines(args: &Args, input: Input) -> anyhow::Result<Outcome> {
    let dialect = args.from_dialect.into();
    let handler = |line: &str, _: &mut Vec<u8>, warnings: &mut Vec<Located>| {
        let (game, _, map) = read_game_mapped(line, dialect).map_err(|e| e.located(line))?;
        let (problems, left_out) = args.problems(&game, map.as_ref());
        let illegal = args.legal.then(|| replay_problem(&game)).flatten();
        if problems.is_empty() && illegal.is_none() {
            return Ok(());
        }
        // Indexed only for a line with something to report.
        let index = LineIndex::new(line);
        let mut located: Vec<Located> = problems
            .into_iter()
            .map(|p| {
                let span = span_of(&game, map.as_ref(), p.subject, line);
                let at = index.line_col(span.start);
                // `label: message`, or `label: path: message` without a
                // source map.
                let mut message = args.label(p.kind);
                message.push_str(": ");
                if map.is_none() {
                    message.push_str(&p.subject.json_path(&game));
                    message.push_str(": ");
                }
                message.push_str(&p.message);
                Located {
                    line: at.line,
                    column: at.column,
                    kind: "",
                    message,
                }
            })
            .collect();
        located.extend(left_out.into_iter().map(|(kind, n)| Located {
            line: 1,
            column: 1,
            kind: "",
            message: left_out_line(&args.label(kind), n),
        }));
        if let Some((subject, kind, why)) = illegal {
            let at = index.line_col(span_of(&game, map.as_ref(), subject, line).start);
            located.push(Located {
                line: at.line,
                column: at.column,
                kind,
                message: why,
            });
            return Err(located);
        }
        if args.strict && !located.is_empty() {
            return Err(located);
        }
        warnings.extend(located);
        Ok(())
    };
    Ok(lines::run_on_stdio(input, &handler, false)?)
}
