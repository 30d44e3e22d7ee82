//! The `sudoku` command: parse the arguments and hand over to [`sudoku_service::cli`].

use std::process::ExitCode;

use clap::Parser;

/// mimalloc instead of glibc's malloc: a request allocates and frees many small buffers across
/// threads (body, parsed request, response, hyper's and tower's boxes), where glibc's arenas cost
/// about 3 µs of the ~28 µs a `/solve` takes on 2 cores.
///
/// Built without transparent huge pages (the `no_thp` feature): with them, the arena's first two
/// touches each had the kernel zero a 2 MiB page, about a quarter of the CPU time `sudoku solve`
/// spent before its first puzzle (a profile of 200 runs on an empty file).
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> ExitCode {
    sudoku_service::cli::run(sudoku_service::cli::Cli::parse())
}
