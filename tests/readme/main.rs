//! The examples of the README and of the docs pages (`PAGES`) are real answers: every `curl` command
//! in a `sh` block that is followed by a `json` block (or an `ndjson` block, compared a line at a
//! time) is sent to the real router, and the JSON shown must be what the service answers.
//!
//! What a page shows may be shortened, never changed: an object may leave out members, an array
//! may stop at a `"…"` element, and a string may stop at `…`. Timings (`elapsed_us`) are the only
//! values that may differ.
//!
//! The API reference's error table (`ERROR_TABLE_PAGE`) is held to `PROBLEM_KINDS`: every code the
//! API can answer has a row.
//!
//! The command-line examples are real output too: every `$ sudoku …` line of a `console` block is
//! run as a real process, and what it prints must be the lines shown under it.
//!
//! A page with examples that is not in `PAGES` fails, so a new page cannot hold examples that no
//! test runs; the README must link every page under `docs/`; and every relative link of the README
//! and the docs pages must lead to a file that exists, and to a heading of it where it names one.

#[path = "../support/cli.rs"]
mod cli;
#[path = "../support/json_match.rs"]
mod json_match;

use std::time::Duration;

use axum::body::Body;
use axum::http::{header, Method, Request};
use http_body_util::BodyExt;
use serde_json::Value;
use sudoku_service::config::ServerConfig;
use sudoku_service::http::{router, AppState};
use tower::ServiceExt;

use cli::{stderr, stdout, sudoku};
use json_match::shortens;

mod api;
mod console;
mod links;

/// The pages whose examples are run: the README and every docs page that has `curl` or `console`
/// examples (`every_page_with_examples_is_listed` fails for one left out).
const PAGES: [&str; 9] = [
    "README.md",
    "docs/api.md",
    "docs/shapes.md",
    "docs/constraints.md",
    "docs/interchange.md",
    "docs/logic.md",
    "docs/printing.md",
    "docs/cli.md",
    "docs/batch-on-a-cluster.md",
];

/// The page that holds the API's error table.
const ERROR_TABLE_PAGE: &str = "docs/api.md";

/// The text of `page`, a path from the crate's root.
fn read(page: &str) -> String {
    std::fs::read_to_string(format!("{}/{page}", env!("CARGO_MANIFEST_DIR")))
        .unwrap_or_else(|e| panic!("{page}: {e}"))
}

/// The README and every Markdown page under `docs/`.
fn every_page() -> Vec<String> {
    let docs = format!("{}/docs", env!("CARGO_MANIFEST_DIR"));
    let mut pages: Vec<String> = std::fs::read_dir(docs)
        .unwrap()
        .map(|entry| entry.unwrap().file_name().into_string().unwrap())
        .filter(|name| name.ends_with(".md"))
        .map(|name| format!("docs/{name}"))
        .collect();
    pages.sort();
    pages.insert(0, "README.md".to_string());
    pages
}
