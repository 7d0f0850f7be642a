//! `icn check`: says whether ICN (or JSON long form) documents read —
//! syntax, both dialects' rules (or one, with `--from-dialect`) — and then
//! validates what they say (`icn_rules::validate`): every problem is a
//! warning of a named kind (`warning[ep-without-pawn]`), an error with
//! `--strict`, and silenced with `--allow KIND`. Prints a one-line summary
//! of a document that reads; prints every problem compiler style. With
//! `--lines` prints nothing for clean lines and `FILE:LINE:COL: message`
//! (`FILE:LINE:COL: warning[kind]: message`) for the others.

use std::io::{self, Write as _};

use icn_model::{Game, SourceMap};
use icn_rules::validate::{Problem, ProblemKind, validate};

use crate::cli::FromDialect;
use crate::cmd::Outcome;
use crate::document::{Format, Located, read_game_mapped, render_at, span_of};
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

impl Args {
    /// The problems of `game` that are not allowed.
    fn problems(&self, game: &Game, map: Option<&SourceMap>) -> Vec<Problem> {
        let mut problems = validate(game, map);
        problems.retain(|p| !self.allow.contains(&p.kind));
        // In text order where the text is known.
        if let Some(map) = map {
            problems.sort_by_key(|p| map.span(p.subject).start);
        }
        problems
    }

    /// `warning[kind]`, or `error[kind]` with `--strict`.
    fn label(&self, kind: ProblemKind) -> String {
        let severity = if self.strict { "error" } else { "warning" };
        format!("{severity}[{kind}]")
    }
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
            let problems = args.problems(&game, map.as_ref());
            for p in &problems {
                let label = args.label(p.kind);
                eprintln!(
                    "{}",
                    render_at(
                        &game,
                        map.as_ref(),
                        p.subject,
                        &label,
                        &p.message,
                        &origin,
                        &text
                    )
                );
            }
            let notation = match format {
                Format::Icn => "ICN",
                Format::Json => "JSON long form",
            };
            let n = problems.len();
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
        let located: Vec<Located> = args
            .problems(&game, map.as_ref())
            .into_iter()
            .map(|p| {
                let span = span_of(&game, map.as_ref(), p.subject, line);
                let at = icn_syntax::line_col(line, span.start);
                let message = match map {
                    Some(_) => p.message.clone(),
                    None => format!("{}: {}", p.subject.json_path(&game), p.message),
                };
                Located {
                    line: at.line,
                    column: at.column,
                    message: format!("{}: {message}", args.label(p.kind)),
                }
            })
            .collect();
        if args.strict && !located.is_empty() {
            return Err(located);
        }
        warnings.extend(located);
        Ok(())
    };
    Ok(lines::run_on_stdio(input, &handler, false)?)
}
