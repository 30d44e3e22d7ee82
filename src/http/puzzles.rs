//! `GET /puzzles` and `GET /puzzles/{name}`: the bundled puzzle sets, compiled into the binary so the
//! container needs no files.

use std::sync::OnceLock;

use axum::extract::rejection::PathRejection;
use axum::extract::Path;
use axum::routing::get;
use axum::{Json, Router};
use serde::Serialize;

use super::error::ApiError;
use super::extract::QueryParams;
use super::AppState;
use crate::engine::Grid;
use crate::limits::OFFSET;

/// Puzzles per page when the request does not say.
const DEFAULT_LIMIT: u64 = 100;
/// The largest page.
const MAX_LIMIT: u64 = 1000;

/// One bundled set.
struct PuzzleSet {
    name: &'static str,
    description: &'static str,
    puzzles: Vec<(Grid, Option<String>)>,
}

/// The raw files: name, description, text (`<puzzle> [name]` per line, `#` comments).
const SOURCES: [(&str, &str, &str); 4] = [
    (
        "easy50",
        "Project Euler's 50 easy puzzles, as used in Norvig's essay.",
        include_str!("../../puzzles/easy50.txt"),
    ),
    (
        "top95",
        "The 95 hard puzzles of Norvig's essay (top95).",
        include_str!("../../puzzles/top95.txt"),
    ),
    (
        "hardest",
        "The 11 puzzles Norvig's essay collects as the hardest.",
        include_str!("../../puzzles/hardest.txt"),
    ),
    (
        "notebook",
        "The five named puzzles of the Sudoku notebook.",
        include_str!("../../puzzles/notebook.txt"),
    ),
];

fn sets() -> &'static [PuzzleSet] {
    static SETS: OnceLock<Vec<PuzzleSet>> = OnceLock::new();
    SETS.get_or_init(|| {
        SOURCES
            .iter()
            .map(|&(name, description, text)| PuzzleSet {
                name,
                description,
                puzzles: parse_set(text),
            })
            .collect()
    })
}

/// Lines that do not parse as a puzzle are skipped; a unit test keeps every bundled line parsing.
fn parse_set(text: &str) -> Vec<(Grid, Option<String>)> {
    text.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .filter_map(|line| {
            let (puzzle, name) = match line.split_once(char::is_whitespace) {
                Some((p, n)) => (p, Some(n.trim().to_string())),
                None => (line, None),
            };
            Grid::parse(puzzle).ok().map(|g| (g, name))
        })
        .collect()
}

/// The routes of this resource.
pub fn router() -> Router<AppState> {
    Router::new()
        .route("/puzzles", get(list_sets))
        .route("/puzzles/{name}", get(list_puzzles))
}

/// The body of `GET /puzzles`.
#[derive(Debug, Serialize)]
pub struct PuzzleSets {
    /// Every bundled set.
    pub sets: Vec<PuzzleSetJson>,
}

/// One set in `GET /puzzles` (members in alphabetical order, as the service has always written).
#[derive(Debug, Serialize)]
pub struct PuzzleSetJson {
    /// How many puzzles it holds.
    pub count: usize,
    /// Where it comes from.
    pub description: &'static str,
    /// Its name in `/puzzles/{name}`.
    pub name: &'static str,
}

/// The body of `GET /puzzles/{name}`: one page of a set (members in alphabetical order, as the
/// service has always written them).
#[derive(Debug, Serialize)]
pub struct PuzzlePage {
    /// The size of the whole set.
    pub count: usize,
    /// The page size asked for.
    pub limit: u64,
    /// The set's name.
    pub name: &'static str,
    /// The index of the page's first puzzle.
    pub offset: u64,
    /// The page; empty past the end of the set.
    pub puzzles: Vec<PuzzleEntry>,
}

/// One puzzle of a page.
#[derive(Debug, Serialize)]
pub struct PuzzleEntry {
    /// Its 0-based place in its set.
    pub index: usize,
    /// Its name, where the set names its puzzles.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    /// The puzzle as an 81-character line.
    pub puzzle: String,
}

/// Takes no parameters, and says so under the rule of every `GET` ([`QueryParams::only`]).
async fn list_sets(query: QueryParams) -> Result<Json<PuzzleSets>, ApiError> {
    query.only(&[])?;
    let sets = sets()
        .iter()
        .map(|s| PuzzleSetJson {
            count: s.puzzles.len(),
            description: s.description,
            name: s.name,
        })
        .collect();
    Ok(Json(PuzzleSets { sets }))
}

async fn list_puzzles(
    name: Result<Path<String>, PathRejection>,
    query: QueryParams,
) -> Result<Json<PuzzlePage>, ApiError> {
    // A name that does not decode (`%ff%fe`) names no set either.
    let Ok(Path(name)) = name else {
        return Err(ApiError::NotFound(
            "no puzzle set has that name (it is not valid UTF-8)".into(),
        ));
    };
    query.only(&["offset", "limit"])?;
    let offset = query.integer("offset", 0, OFFSET.minimum, OFFSET.maximum)?;
    let limit = query.integer("limit", DEFAULT_LIMIT, 1, MAX_LIMIT)?;
    let Some(set) = sets().iter().find(|s| s.name == name) else {
        return Err(ApiError::NotFound(format!("no puzzle set named {name:?}")));
    };
    let start = usize::try_from(offset).unwrap_or(usize::MAX);
    let puzzles = set
        .puzzles
        .iter()
        .enumerate()
        .skip(start)
        .take(limit as usize)
        .map(|(index, (grid, name))| PuzzleEntry {
            index,
            name: name.clone(),
            puzzle: grid.to_line(),
        })
        .collect();
    Ok(Json(PuzzlePage {
        count: set.puzzles.len(),
        limit,
        name: set.name,
        offset,
        puzzles,
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_bundled_line_is_a_puzzle() {
        for (name, _, text) in SOURCES {
            let lines = text
                .lines()
                .filter(|l| !l.trim().is_empty() && !l.trim().starts_with('#'))
                .count();
            assert_eq!(parse_set(text).len(), lines, "{name}");
        }
    }
}
