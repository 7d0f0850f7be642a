//! `cargo xtask`: workspace tasks. This file only dispatches; each task is a
//! module of the xtask library.

use std::process::ExitCode;

use clap::{Parser, Subcommand};
use xtask::corpus::RunOptions;

/// Workspace tasks of the ICN toolkit.
#[derive(Debug, Parser)]
#[command(name = "cargo xtask")]
struct Cli {
    #[command(subcommand)]
    task: Task,
}

#[derive(Debug, Subcommand)]
enum Task {
    /// Run the conformance corpora under fixtures/ and print a summary table.
    Conformance {
        /// Run only this corpus.
        #[arg(long, value_name = "NAME")]
        corpus: Option<String>,
        /// Rewrite expected-output files from what the tools produce.
        #[arg(long)]
        bless: bool,
    },
    /// Check that crate dependencies only point down the layers.
    Tidy,
    /// Generate the benchmark corpus and measure `icn check`/`convert --lines`.
    Bench(xtask::bench::Args),
    /// Mutate fixtures and generated documents and run them through every reader.
    Fuzz(xtask::fuzz::Args),
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let root = xtask::workspace_root();
    let result = match cli.task {
        Task::Conformance { corpus, bless } => xtask::conformance::main(
            &xtask::fixtures_dir(),
            corpus.as_deref(),
            RunOptions {
                bless,
                quick: false,
            },
        ),
        Task::Tidy => xtask::tidy::main(&root),
        Task::Bench(args) => xtask::bench::main(&root, &args),
        Task::Fuzz(args) => xtask::fuzz::main(&root, &args),
    };
    match result {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => ExitCode::FAILURE,
        Err(e) => {
            eprintln!("error: {e:#}");
            ExitCode::from(2)
        }
    }
}
