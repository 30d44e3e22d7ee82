//! The properties the parsers must keep, written once and checked twice: by the cargo-fuzz targets in
//! `fuzz/fuzz_targets/` (nightly, coverage-guided, millions of inputs) and by the proptest suite
//! `tests/api/fuzz_props.rs` (stable, in every `cargo test`), which includes this file with `#[path]`.
//!
//! Every check panics with the input in its message when a property fails, which is what both
//! libFuzzer and proptest take as a finding.

use serde::Deserialize;
use sudoku_service::engine::shape::{sum_range, Cells, Rules, Shape};
use sudoku_service::engine::Grid;
use sudoku_service::engine::Puzzle;
use sudoku_service::http::extract::parse_json;
use sudoku_service::http::grid_json::PuzzleField;
use sudoku_service::http::shape_json::parse_submitted;

mod batch;
pub use batch::{batch_records, read_records};

/// The grid text parser: never panics, and whatever it reads is written back by `to_line` and
/// `display` as text it reads to the same grid.
pub fn grid_text(text: &str) {
    let Ok(grid) = Grid::parse(text) else {
        return;
    };
    let line = grid.to_line();
    assert_eq!(line.len(), 81, "{text:?}");
    assert_eq!(Grid::parse(&line).ok(), Some(grid), "to_line of {text:?}");
    assert_eq!(
        Grid::parse(&grid.display()).ok(),
        Some(grid),
        "display of {text:?}"
    );
}

/// The rules parser: a shape is either refused with an error that names a `rules.` member, or built
/// with every unit holding N distinct cells and every cell in at least 3 units (row, column, box or
/// region). Returns the shape when there is one.
pub fn shape_of(rules: &Rules) -> Option<Shape> {
    let shape = match Shape::new(rules) {
        Ok(shape) => shape,
        Err(error) => {
            assert!(
                error.field().starts_with("rules."),
                "{rules:?}: {error} names {}",
                error.field()
            );
            // A fault in a cage names it, 1-based among the cages given.
            if error.field() == "rules.cages" {
                let cage = error.cage().unwrap_or(0);
                assert!(
                    (1..=rules.cages.len()).contains(&cage),
                    "{rules:?}: {error}"
                );
            }
            return None;
        }
    };
    let n = shape.size();
    assert_eq!(shape.cell_count(), n * n, "{rules:?}");
    assert_eq!(shape.symbols().len(), n, "{rules:?}");
    for u in 0..shape.unit_count() {
        let mut cells: Vec<u16> = shape.unit(u).to_vec();
        cells.sort_unstable();
        cells.dedup();
        assert_eq!(
            cells.len(),
            n,
            "{rules:?}: unit {u} has {:?}",
            shape.unit(u)
        );
        assert!(cells.iter().all(|&c| usize::from(c) < n * n), "{rules:?}");
    }
    for cell in 0..n * n {
        assert!(shape.units_of(cell).len() >= 3, "{rules:?}: cell {cell}");
        assert!(!shape.peers(cell).contains(&(cell as u16)), "{rules:?}");
    }
    check_cages(rules, &shape);
    Some(shape)
}

/// A built shape's cages: one per cage given, disjoint, 1 to N cells each, a sum distinct values
/// reach, and cage mates peers of each other (so no value repeats inside a cage).
fn check_cages(rules: &Rules, shape: &Shape) {
    let n = shape.size();
    assert_eq!(shape.cages().len(), rules.cages.len(), "{rules:?}");
    let mut owner = vec![None; n * n];
    for (k, cage) in shape.cages().iter().enumerate() {
        let (min, max) = sum_range(n, cage.cells.len());
        assert!((1..=n).contains(&cage.cells.len()), "{rules:?}: cage {k}");
        assert!((min..=max).contains(&cage.sum), "{rules:?}: cage {k}");
        for &c in &cage.cells {
            let at = usize::from(c);
            assert!(at < n * n, "{rules:?}: cage {k}");
            assert!(owner[at].replace(k).is_none(), "{rules:?}: cell {at} twice");
            for &mate in cage.cells.iter().filter(|&&m| m != c) {
                assert!(shape.peers(at).contains(&mate), "{rules:?}: cage {k}");
            }
        }
    }
}

/// The shape text parser on `shape`: any text is read or refused without a panic, and cells read
/// are written back by `to_text` as text that reads to the same cells.
pub fn cells_text(shape: &Shape, text: &str) {
    let Ok(cells) = Cells::parse(shape, text) else {
        return;
    };
    assert_eq!(cells.values().len(), shape.cell_count(), "{text:?}");
    let n = shape.size() as u8;
    assert!(cells.values().iter().all(|&v| v <= n), "{text:?}");
    cells_round_trip(shape, &cells);
}

/// Any cells on `shape` (values 0..=N) survive `to_text` then `Cells::parse`, and `rows` then
/// `from_rows`.
pub fn cells_round_trip(shape: &Shape, cells: &Cells) {
    let text = cells.to_text(shape);
    let read = Cells::parse(shape, &text);
    assert_eq!(
        read.as_ref().ok(),
        Some(cells),
        "{:?}: {text:?}",
        shape.rules()
    );
    let rows: Vec<Vec<Option<i64>>> = cells
        .rows(shape)
        .iter()
        .map(|row| row.iter().map(|&v| Some(i64::from(v))).collect())
        .collect();
    let read = Cells::from_rows(shape, &rows);
    assert_eq!(
        read.as_ref().ok(),
        Some(cells),
        "{:?}: {rows:?}",
        shape.rules()
    );
}

/// Cells on `shape` from arbitrary bytes, each taken modulo N+1 (0 is a blank).
pub fn cells_from_bytes(shape: &Shape, bytes: &[u8]) -> Cells {
    let n = shape.size() as u8 + 1;
    let values = (0..shape.cell_count())
        .map(|i| bytes.get(i).map_or(0, |b| b % n))
        .collect();
    Cells::from_values(values)
}

/// The members of a request body that carry a puzzle.
#[derive(Debug, Deserialize)]
pub struct PuzzleBody {
    /// The `puzzle` member, as every endpoint reads it.
    pub puzzle: PuzzleField,
    /// The `rules` member.
    #[serde(default)]
    pub rules: Option<Rules>,
}

/// The JSON puzzle members: any bytes are read or refused as a 4xx problem, and a puzzle read is
/// the same puzzle when sent back as its text form with the same rules.
pub fn json_puzzle(bytes: &[u8]) {
    let body = match parse_json::<PuzzleBody>(bytes) {
        Ok(body) => body,
        Err(error) => {
            assert!(
                error.kind().status.is_client_error(),
                "{bytes:?}: {error:?}"
            );
            return;
        }
    };
    let rules = body.rules.as_ref();
    if let Some(rules) = rules {
        shape_of(rules);
    }
    let submitted = match parse_submitted(&body.puzzle, rules, "puzzle") {
        Ok(submitted) => submitted,
        Err(error) => {
            let status = error.kind().status;
            assert!(status.is_client_error(), "{body:?}: {error:?}");
            return;
        }
    };
    let (text, again) = match &submitted {
        Puzzle::Classic(grid) => (grid.to_line(), None),
        Puzzle::Shaped { shape, cells } => {
            cells_round_trip(shape, cells);
            (cells.to_text(shape), Some(cells))
        }
    };
    let back = parse_submitted(&PuzzleField::Text(text.clone()), rules, "puzzle");
    match (&submitted, back) {
        (Puzzle::Classic(grid), Ok(Puzzle::Classic(read))) => {
            assert_eq!(&read, grid, "{body:?}: {text:?}");
        }
        (Puzzle::Shaped { .. }, Ok(Puzzle::Shaped { cells, .. })) => {
            assert_eq!(Some(&cells), again, "{body:?}: {text:?}");
        }
        (_, back) => panic!("{body:?}: its text {text:?} reads as {back:?}"),
    }
}

/// The POST endpoints that read a JSON body with a puzzle.
pub const ENDPOINTS: [&str; 6] = [
    "/solve",
    "/validate",
    "/hint",
    "/candidates",
    "/explain",
    "/grade",
];

/// A request body's answer is never a fault of the server: no 500 (a panic caught), and of the 5xx
/// only the documented 504 `deadline_exceeded` (a search may be long) and 503 `queue_full`.
pub fn answer_is_not_a_fault(path: &str, body: &[u8], status: u16, answer: &str) {
    let problem: Option<serde_json::Value> = serde_json::from_str(answer).ok();
    let documented = |code: &str| {
        problem
            .as_ref()
            .and_then(|p| p.get("code"))
            .is_some_and(|c| c == code)
    };
    let allowed = status < 500
        || (status == 504 && documented("deadline_exceeded"))
        || (status == 503 && documented("queue_full"));
    assert!(
        allowed,
        "POST {path} {:?} answered {status}: {answer}",
        String::from_utf8_lossy(body)
    );
}

/// Sends `body` as JSON to `POST path` on `app` and checks [`answer_is_not_a_fault`].
pub async fn post_body(app: axum::Router, path: &str, body: &[u8]) {
    use http_body_util::BodyExt;
    use tower::ServiceExt;

    let request = axum::http::Request::post(path)
        .header("content-type", "application/json")
        .body(axum::body::Body::from(body.to_vec()))
        .expect("a valid request");
    let response = app
        .oneshot(request)
        .await
        .expect("the router is infallible");
    let status = response.status().as_u16();
    let bytes = response
        .into_body()
        .collect()
        .await
        .expect("a body read whole")
        .to_bytes();
    answer_is_not_a_fault(path, body, status, &String::from_utf8_lossy(&bytes));
}
