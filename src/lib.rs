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
//! inside: a plain classic 9x9 goes to the band solver and the classic generators, every other shape to
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
mod layering;
