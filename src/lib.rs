//! A Sudoku engine after Peter Norvig's "Solving Every Sudoku Puzzle", and an HTTP JSON service and
//! command line around it.
//!
//! # How a puzzle flows
//! Text or JSON comes in through [`http`] (a request) or [`cli`] (a file or argument line). The
//! puzzle is parsed against its shape: a plain classic 9x9 becomes an [`engine::Grid`]; any other
//! shape (4x4 to 25x25, boxes or jigsaw regions, X, hyper, killer cages: the `rules` member or the
//! CLI's shape flags) becomes an [`engine::shape::Shape`] and its [`engine::shape::Cells`]. Each kind
//! goes to its engine: the classic band solver, logic, candidates and generators
//! ([`engine::Solver`], [`engine::logic`], [`engine::candidates()`], [`engine::generate()`],
//! [`engine::graded`], [`engine::targeted`]) or the general engine over shapes as data
//! ([`engine::general`]: one propagator, one search, its own logic and generators). Today that
//! choice is made above the engine, in the HTTP and CLI layers (issue 32 moves it inside). The
//! result (a verdict, steps, a grade, a puzzle) goes back out as JSON ([`wire`] holds what the API
//! and the CLI both write), as text lines, or drawn by [`render`] as SVG or PDF. On the server every
//! job runs on the [`pool`]'s threads, never on the async workers, charged to its client
//! ([`clients`]).
//!
//! # Layout
//! - [`engine`]: grids, shapes, candidates, solvers, logic, generators. Knows nothing above it.
//! - [`render`]: puzzles drawn as SVG and PDF, and puzzle books. No HTTP.
//! - [`wire`]: the JSON the API answers and the CLI prints alike (grids, seeded puzzles). No HTTP.
//! - [`batch`]: solving many puzzles from files in parallel, in input order (`sudoku solve`).
//! - [`pool`]: the bounded threads, in a light and a heavy lane, that run CPU work for the server
//!   and the command line.
//! - [`clients`]: who a request is (address, trusted proxy, API key) and its budget of heavy work.
//! - [`http`]: the axum router, one module per resource, and the API's error type.
//! - [`server`]: binding, serving and graceful shutdown; [`connections`]: each connection's
//!   deadlines and the cap on how many are open; [`access_log`]: the per-request log lines.
//! - [`config`]: the server's configuration and its defaults; [`limits`]: the ranges of the numbers
//!   callers choose, shared by the API and the command line.
//! - [`probe`]: the health-check client behind `sudoku healthcheck`.
//! - [`cli`]: the `sudoku` command's arguments and subcommands.
//!
//! The layers point down (a unit test checks the imports): the CLI never imports the HTTP layer,
//! and the engine imports nothing above it.

pub mod access_log;
pub mod batch;
pub mod cli;
pub mod clients;
pub mod config;
pub mod connections;
pub mod engine;
pub mod http;
pub mod limits;
pub mod pool;
pub mod probe;
pub mod render;
pub mod server;
pub mod wire;

#[cfg(test)]
mod layering {
    use std::path::{Path, PathBuf};

    /// Every `.rs` file under `dir`, at any depth.
    fn sources(dir: &Path) -> Vec<PathBuf> {
        let mut found = Vec::new();
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                found.extend(sources(&path));
            } else if path.extension().is_some_and(|ext| ext == "rs") {
                found.push(path);
            }
        }
        found
    }

    /// The layers point one way, down: the server serves the HTTP API, which must not reach back;
    /// the command line starts the server (`sudoku serve`) but shares nothing else with the API;
    /// the batch runner, the drawing, the shared JSON and the engine stand below
    /// the HTTP layer (what the CLI and the API both need lives in `wire` or lower); the engine
    /// knows nothing above it.
    #[test]
    fn layers_import_only_what_is_below_them() {
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
        let rules: [(&str, &[&str]); 6] = [
            ("http", &["crate::server"]),
            ("cli", &["crate::http"]),
            ("batch", &["crate::http", "crate::server", "crate::cli"]),
            ("render", &["crate::http", "crate::server", "crate::cli"]),
            ("wire", &["crate::http", "crate::server", "crate::cli"]),
            (
                "engine",
                &[
                    "crate::http",
                    "crate::server",
                    "crate::cli",
                    "crate::render",
                    "crate::wire",
                ],
            ),
        ];
        for (dir, forbidden) in rules {
            for path in sources(&root.join(dir)) {
                let source = std::fs::read_to_string(&path).unwrap();
                for layer in forbidden {
                    assert!(
                        !source.contains(layer),
                        "{} imports {layer}",
                        path.display()
                    );
                }
            }
        }
    }
}
