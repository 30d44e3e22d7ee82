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
///
/// mimalloc 2.x (the `v2` feature) rather than the crate's default 3.x: 3.x's start-up (its arena
/// bitmaps) touched 55 more pages, and a page fault costs about 5 µs on the virtual machines this
/// runs on. `sudoku solve` on an empty file: 258 page faults instead of 313, and a median 1.49 ms of
/// CPU instead of 1.95 (eight interleaved rounds of `perf stat -r 20`); the server's CPU per request
/// measured no worse in `scripts/load-bench.sh`.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> ExitCode {
    sudoku_service::cli::run(sudoku_service::cli::Cli::parse())
}
