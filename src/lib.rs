//! A Sudoku engine after Peter Norvig's "Solving Every Sudoku Puzzle", and an HTTP JSON service and
//! command line around it.
//!
//! # How a puzzle flows
//! Text or JSON comes in through [`http`] (a request) or [`cli`] and [`batch`] (a file or argument
//! line). The puzzle is parsed against its shape (classic 9x9 by default; 4x4 to 25x25, boxes or
//! jigsaw regions, X, hyper, killer cages from the `rules` member, a JSON line's rules or the CLI's
//! shape flags) into one [`engine::Puzzle`]. Every operation is a method of it: solve, candidates,
//! conflicts, hint, explain, grade ([`engine::Puzzle::solve`], [`engine::Puzzle::hint`], ...);
//! generation is an [`engine::Order`] made into an [`engine::Made`]. The engine picks the fast path
//! inside: a plain classic 9x9 goes to the band solver and the classic logic, every other shape to
//! the general engine over shapes as data ([`engine::general`]); no layer here asks which. The
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

/// The engine, a crate of its own (`crates/engine`): shapes, solving, logic, generation.
pub use sudoku_engine as engine;
/// The drawing, a crate of its own (`crates/render`): SVG, PDF and puzzle books.
pub use sudoku_render as render;

pub mod access_log;
pub mod batch;
pub mod cli;
pub mod clients;
pub mod config;
pub mod connections;
pub mod http;
pub mod interchange;
pub mod limits;
pub mod pool;
pub mod probe;
pub mod server;
pub mod wire;

#[cfg(test)]
mod layering {
    use std::collections::{BTreeMap, BTreeSet};
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

    /// The layers inside this crate point one way, down: the server serves the HTTP API, which
    /// must not reach back; the command line starts the server (`sudoku serve`) but shares nothing
    /// else with the API; the batch runner and the shared JSON stand below both. (The engine and
    /// the drawing are crates of their own: the compiler keeps them below everything.)
    #[test]
    fn layers_import_only_what_is_below_them() {
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
        let rules: [(&str, &[&str]); 5] = [
            ("http", &["crate::server"]),
            ("cli", &["crate::http"]),
            ("batch", &["crate::http", "crate::server", "crate::cli"]),
            ("wire", &["crate::http", "crate::server", "crate::cli"]),
            (
                "interchange",
                &["crate::http", "crate::server", "crate::cli"],
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

    /// Each package of `Cargo.lock` and the names of the packages it depends on.
    fn locked_dependencies() -> BTreeMap<String, Vec<String>> {
        let lock =
            std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/Cargo.lock")).unwrap();
        let mut packages = BTreeMap::new();
        for block in lock.split("[[package]]").skip(1) {
            let name = block
                .lines()
                .find_map(|l| l.strip_prefix("name = "))
                .unwrap()
                .trim_matches('"')
                .to_string();
            let dependencies = block
                .split_once("dependencies = [")
                .map(|(_, rest)| rest.split(']').next().unwrap_or(""))
                .unwrap_or("")
                .lines()
                .filter_map(|l| l.trim().trim_end_matches(',').strip_prefix('"'))
                .map(|d| {
                    d.trim_end_matches('"')
                        .split(' ')
                        .next()
                        .unwrap()
                        .to_string()
                })
                .collect();
            packages.insert(name, dependencies);
        }
        packages
    }

    /// The engine is a library for anyone who wants Sudoku in Rust: nothing of HTTP or async is
    /// anywhere in its dependency tree (as `Cargo.lock` records it), nor in the drawing's.
    #[test]
    fn the_engine_and_the_drawing_depend_on_no_http_or_async_crate() {
        let packages = locked_dependencies();
        for top in ["sudoku-engine", "sudoku-render"] {
            let mut seen = BTreeSet::new();
            let mut next = vec![top.to_string()];
            while let Some(name) = next.pop() {
                if seen.insert(name.clone()) {
                    next.extend(packages[&name].iter().cloned());
                }
            }
            for forbidden in [
                "tokio",
                "axum",
                "hyper",
                "tower",
                "http",
                "mio",
                "sudoku-service",
            ] {
                assert!(!seen.contains(forbidden), "{top} depends on {forbidden}");
            }
            assert!(seen.len() > 3, "{top}'s tree was read: {seen:?}");
        }
    }
}
