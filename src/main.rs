//! The `sudoku` command: parse the arguments and hand over to [`sudoku_service::cli`].

use std::process::ExitCode;

use clap::Parser;

fn main() -> ExitCode {
    sudoku_service::cli::run(sudoku_service::cli::Cli::parse())
}
