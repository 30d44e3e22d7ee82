//! A Sudoku engine after Peter Norvig's "Solving Every Sudoku Puzzle", and an HTTP JSON service and
//! command line around it.
//!
//! Data flows one way: text or JSON in → a parsed [`engine::Grid`] → the engine (candidates, solver,
//! generator) → a verdict → text or JSON out.
//!
//! # Layout
//! - [`engine`]: grids, squares and digits, Norvig's candidates, the solver, the generator. No HTTP.
//! - [`batch`]: solving many puzzles from files in parallel, in input order (the `sudoku solve` command).
//! - [`http`]: the axum router, one module per resource, and the API's error type.
//! - [`pool`]: the bounded pool of threads that runs CPU work, for the server and the command line.
//! - [`limits`]: the ranges of the numbers callers choose, shared by the API and the command line.
//! - [`access_log`]: the per-request log lines, with load shedding summed and throttled.
//! - [`config`]: the server's configuration and its defaults.
//! - [`server`]: binding, serving and graceful shutdown.
//! - [`connections`]: each connection's deadlines and the cap on how many are open.
//! - [`render`]: puzzles drawn as SVG and PDF, and puzzle books. No HTTP.
//! - [`probe`]: the health-check client behind `sudoku healthcheck`.
//! - [`cli`]: the `sudoku` command's arguments.

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
