//! `icn`: the command line of the ICN toolkit.
//!
//! This file only dispatches: the arguments are declared in [`cli`], each
//! subcommand lives in its own module under [`cmd`], and the exit code says
//! what happened — 0 valid, 1 invalid input, 2 usage or I/O error.

mod cli;
mod cmd;
mod document;
mod input;
mod lines;
mod output;
mod progress;
mod report;
mod source;
mod text_command;
mod variant_start;

use std::process::ExitCode;

use clap::Parser as _;

use crate::cli::{Cli, Command};
use crate::cmd::Outcome;

/// mimalloc: a reading of a line allocates a few dozen small strings and
/// vectors, and frees them all at its end; this allocator makes that about
/// twice as cheap as the system one, and keeps a free list per thread.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Convert(args) => cmd::convert::run(&args),
        Command::Check(args) => cmd::check::run(&args),
        Command::Example(args) => cmd::example::run(&args),
        Command::Variant(args) => cmd::variant::run(&args),
        Command::Replay(args) => cmd::replay::run(&args),
        Command::Perft(args) => cmd::perft::run(&args),
        Command::Info(args) => cmd::info::run(&args),
        Command::Moves(args) => cmd::moves::run(&args),
        Command::Query(args) => cmd::query::run(&args),
        Command::Render(args) => cmd::render::run(&args),
        Command::Fen2icn(args) => cmd::aliases::fen2icn(&args),
        Command::Icn2fen(args) => cmd::aliases::icn2fen(&args),
        Command::San(args) => cmd::san::run(&args),
        Command::Pgn2icn(args) => cmd::aliases::pgn2icn(&args),
        Command::Icn2pgn(args) => cmd::aliases::icn2pgn(&args),
    };
    match result {
        Ok(Outcome::Valid) => ExitCode::SUCCESS,
        Ok(Outcome::Invalid) => ExitCode::from(1),
        Err(e) if is_broken_pipe(&e) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e:#}");
            ExitCode::from(2)
        }
    }
}

/// A reader such as `head` closed our output: not an error worth reporting.
fn is_broken_pipe(e: &anyhow::Error) -> bool {
    e.chain()
        .filter_map(|c| c.downcast_ref::<std::io::Error>())
        .any(|io| io.kind() == std::io::ErrorKind::BrokenPipe)
}
