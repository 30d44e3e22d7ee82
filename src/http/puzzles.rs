//! `GET /puzzles` and `GET /puzzles/{name}`: the bundled puzzle sets, compiled into the binary so the
//! container needs no files. Sets of other shapes (6x6, 12x12, 16x16, 9x9 jigsaw, X and hyper) carry
//! each puzzle's `rules`; `scripts/shape-sets.sh` regenerates them with `sudoku random`.

use std::sync::OnceLock;

use axum::extract::rejection::PathRejection;
use axum::extract::Path;
use axum::routing::get;
use axum::{Json, Router};
use serde::{Deserialize, Serialize};

use super::error::ApiError;
use super::extract::QueryParams;
use super::AppState;
use crate::engine::shape::{Cells, Rules, Shape};
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
    puzzles: Vec<Bundled>,
}

/// One bundled puzzle: its line (81 characters on classic 9x9, N*N symbols on other shapes), its
/// name where the set names it, and its rules on other shapes.
struct Bundled {
    puzzle: String,
    name: Option<String>,
    rules: Option<Rules>,
}

/// A line of a set of other shapes: `sudoku random --format json`'s lines, whose other members
/// (solution, seed, ...) are not served.
#[derive(Deserialize)]
struct ShapedLine {
    puzzle: String,
    rules: Rules,
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

/// The sets of other shapes: name, description, JSON lines written by `scripts/shape-sets.sh`.
const SHAPED_SOURCES: [(&str, &str, &str); 6] = [
    (
        "six",
        "Ten 6x6 puzzles (2x3 boxes), unique and minimal, from the general generator.",
        include_str!("../../puzzles/shapes/six.jsonl"),
    ),
    (
        "twelve",
        "Five 12x12 puzzles (3x4 boxes), unique and minimal, from the general generator.",
        include_str!("../../puzzles/shapes/twelve.jsonl"),
    ),
    (
        "sixteen",
        "Five 16x16 puzzles (4x4 boxes), unique and minimal, from the general generator.",
        include_str!("../../puzzles/shapes/sixteen.jsonl"),
    ),
    (
        "jigsaw9",
        "Five 9x9 jigsaw puzzles, each with its own drawn regions.",
        include_str!("../../puzzles/shapes/jigsaw9.jsonl"),
    ),
    (
        "x9",
        "Five 9x9 X puzzles: both long diagonals are units.",
        include_str!("../../puzzles/shapes/x9.jsonl"),
    ),
    (
        "hyper9",
        "Five 9x9 hyper (windoku) puzzles: four extra windows are units.",
        include_str!("../../puzzles/shapes/hyper9.jsonl"),
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
            .chain(
                SHAPED_SOURCES
                    .iter()
                    .map(|&(name, description, text)| PuzzleSet {
                        name,
                        description,
                        puzzles: parse_shaped(text),
                    }),
            )
            .collect()
    })
}

/// Lines that do not parse as a puzzle are skipped; a unit test keeps every bundled line parsing.
fn parse_set(text: &str) -> Vec<Bundled> {
    text.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .filter_map(|line| {
            let (puzzle, name) = match line.split_once(char::is_whitespace) {
                Some((p, n)) => (p, Some(n.trim().to_string())),
                None => (line, None),
            };
            Grid::parse(puzzle).ok().map(|g| Bundled {
                puzzle: g.to_line(),
                name,
                rules: None,
            })
        })
        .collect()
}

/// JSON lines of puzzles with their rules; lines whose rules make no shape or whose puzzle is not
/// of that shape are skipped (a unit test keeps every bundled line valid).
fn parse_shaped(text: &str) -> Vec<Bundled> {
    text.lines()
        .filter(|l| !l.trim().is_empty())
        .filter_map(|line| {
            let ShapedLine { puzzle, rules } = serde_json::from_str(line).ok()?;
            let shape = Shape::new(&rules).ok()?;
            Cells::parse(&shape, &puzzle).ok()?;
            Some(Bundled {
                puzzle,
                name: None,
                rules: Some(shape.rules().clone()),
            })
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
    /// The puzzle as an 81-character line (N*N symbols on other shapes).
    pub puzzle: String,
    /// The puzzle's rules, on shapes other than classic 9x9.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rules: Option<Rules>,
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
        .map(|(index, bundled)| PuzzleEntry {
            index,
            name: bundled.name.clone(),
            puzzle: bundled.puzzle.clone(),
            rules: bundled.rules.clone(),
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
        for (name, _, text) in SHAPED_SOURCES {
            let lines = text.lines().filter(|l| !l.trim().is_empty()).count();
            assert!(lines >= 5, "{name}");
            assert_eq!(parse_shaped(text).len(), lines, "{name}");
        }
    }
}
