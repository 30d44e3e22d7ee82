//! The properties the parsers must keep, written once and checked twice: by the cargo-fuzz targets in
//! `fuzz/fuzz_targets/` (nightly, coverage-guided, millions of inputs) and by the proptest suite
//! `tests/fuzz_props.rs` (stable, in every `cargo test`), which includes this file with `#[path]`.
//!
//! Every check panics with the input in its message when a property fails, which is what both
//! libFuzzer and proptest take as a finding.

use std::io::Cursor;

use serde::Deserialize;
use sudoku_service::batch::{csv, Problem, PuzzleReader, ReadError, Record};
use sudoku_service::engine::shape::{Cells, Rules, Shape};
use sudoku_service::engine::Grid;
use sudoku_service::http::extract::parse_json;
use sudoku_service::http::grid_json::PuzzleField;
use sudoku_service::http::shape_json::{parse_submitted, Submitted};

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
    Some(shape)
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
        Submitted::Classic(grid) => (grid.to_line(), None),
        Submitted::Shaped { shape, cells } => {
            cells_round_trip(shape, cells);
            (cells.to_text(shape), Some(cells))
        }
    };
    let back = parse_submitted(&PuzzleField::Text(text.clone()), rules, "puzzle");
    match (&submitted, back) {
        (Submitted::Classic(grid), Ok(Submitted::Classic(read))) => {
            assert_eq!(&read, grid, "{body:?}: {text:?}");
        }
        (Submitted::Shaped { .. }, Ok(Submitted::Shaped { cells, .. })) => {
            assert_eq!(Some(&cells), again, "{body:?}: {text:?}");
        }
        (_, back) => panic!("{body:?}: its text {text:?} reads as {back:?}"),
    }
}

/// Every record in `input`, read to its end by the batch reader in chunks.
pub fn read_records(input: &[u8]) -> Vec<Record> {
    let mut reader = PuzzleReader::new(Cursor::new(input));
    let mut all = Vec::new();
    loop {
        let chunk = reader.read_chunk().expect("a slice never fails to read");
        if chunk.records.is_empty() {
            return all;
        }
        all.extend(chunk.records);
    }
}

/// What a puzzle record holds, its line number aside.
fn content(puzzle: &sudoku_service::batch::Puzzle) -> String {
    match puzzle {
        sudoku_service::batch::Puzzle::Classic(e) => format!("{:?} {:?}", e.puzzle, e.expected),
        sudoku_service::batch::Puzzle::Shaped(e) => {
            format!("{:?} {:?} {:?}", e.shape.rules(), e.puzzle, e.expected)
        }
    }
}

/// The first line number of a record.
fn first_line(record: &Record) -> usize {
    match record {
        Ok(entry) => entry.line(),
        Err(error) => error.line,
    }
}

/// What one line is, found by reading it alone (as the second line, after a comment, so that it is
/// never a header).
#[derive(Debug)]
enum Alone {
    /// No record, and it does not end a grid being gathered: blank, comment, separator.
    Skip,
    /// No record, but it ends a grid being gathered: a `Grid 01` title.
    Title,
    /// One row of a grid over several lines.
    Row,
    /// A record of its own: a puzzle or an error.
    Data(Record),
}

/// What the reader's documentation says a line that is not data is, independently of the reader: a
/// blank line, a `#` comment, a separator of `-`, `+`, `|` and `=`, or a title `Grid 01` (`Some(true)`
/// for a title). Every other line is data (`None`): it must give a record or be a row of a grid.
fn documented_non_data(line: &[u8]) -> Option<bool> {
    let trimmed = std::str::from_utf8(line).ok()?.trim();
    let separator = |c: char| c.is_whitespace() || matches!(c, '-' | '+' | '|' | '=');
    if trimmed.is_empty() || trimmed.starts_with('#') || trimmed.chars().all(separator) {
        return Some(false);
    }
    let number = trimmed
        .get(..4)
        .filter(|word| word.eq_ignore_ascii_case("grid"))
        .map(|_| &trimmed[4..])?;
    let digits = number.trim_start();
    let title = digits.len() < number.len()
        && !digits.is_empty()
        && digits.bytes().all(|b| b.is_ascii_digit());
    title.then_some(true)
}

/// Reads `line` alone, and checks that it is skipped exactly when the documentation says it is.
fn alone(line: &[u8]) -> Alone {
    let read = read_alone(line);
    let documented = documented_non_data(line);
    let agrees = match &read {
        Alone::Skip => documented == Some(false),
        Alone::Title => documented == Some(true),
        Alone::Row | Alone::Data(_) => documented.is_none(),
    };
    assert!(
        agrees,
        "{:?} reads as {read:?}; documented as {}",
        String::from_utf8_lossy(line),
        match documented {
            None => "data",
            Some(false) => "skipped",
            Some(true) => "a title",
        }
    );
    read
}

/// Reads `line` alone.
fn read_alone(line: &[u8]) -> Alone {
    let mut text = b"#\n".to_vec();
    text.extend_from_slice(line);
    text.push(b'\n');
    let mut records = read_records(&text);
    if records.is_empty() {
        // A title ends the row before it: two rows around it are two short grids, not one.
        let mut around = b"#\n123456789\n".to_vec();
        around.extend_from_slice(line);
        around.extend_from_slice(b"\n123456789\n");
        return match read_records(&around).len() {
            1 => Alone::Skip,
            2 => Alone::Title,
            n => panic!("{line:?} between two rows gives {n} records"),
        };
    }
    assert_eq!(records.len(), 1, "{line:?} alone gives {records:?}");
    let record = records.pop().expect("one record");
    match &record {
        Err(ReadError {
            problem: Problem::Cells(cells),
            line: 2,
            last_line: 2,
        }) if cells.to_string() == "expected 81 cells, found 9" => Alone::Row,
        _ => Alone::Data(record),
    }
}

/// The lines of `input` as the reader splits them: at `\n`, the last one without it.
fn lines(input: &[u8]) -> Vec<&[u8]> {
    let mut lines: Vec<&[u8]> = input.split(|&b| b == b'\n').collect();
    if lines.last().is_some_and(|l| l.is_empty()) {
        lines.pop();
    }
    lines
}

/// The batch reader gives exactly one record per data line, in place (issue 17's data-loss fix):
/// reading the whole input gives the records its lines give when each is read alone, at the same
/// line numbers, with 9 consecutive rows making one puzzle and a short run of rows one error. After
/// a CSV header on the first line, every line that is not blank or a comment is one record.
///
/// Lines longer than the reader's limit are not modelled here (they have their own unit tests).
pub fn batch_records(input: &[u8]) {
    let records = read_records(input);
    let lines = lines(input);
    if lines
        .iter()
        .any(|l| l.len() >= sudoku_service::batch::MAX_LINE_BYTES)
    {
        return;
    }
    let mut expected: Vec<(usize, Option<Record>)> = Vec::new();
    let mut rows: Option<(usize, usize)> = None;
    let flush = |rows: &mut Option<(usize, usize)>, expected: &mut Vec<_>| {
        if let Some((first, _)) = rows.take() {
            expected.push((first, None));
        }
    };
    let first = lines.first().and_then(|l| std::str::from_utf8(l).ok());
    let first = first.map(|l| l.strip_prefix('\u{feff}').unwrap_or(l));
    match first.and_then(csv::header) {
        Some(Ok(_)) => {
            for (i, line) in lines.iter().enumerate().skip(1) {
                // A line that is not text is an error whatever it holds, a comment's `#` included.
                let skipped = std::str::from_utf8(line)
                    .is_ok_and(|text| text.trim().is_empty() || text.trim().starts_with('#'));
                if !skipped {
                    expected.push((i + 1, None));
                }
            }
            check_records(input, &records, &expected);
            return;
        }
        Some(Err(_)) => expected.push((1, None)),
        None => {}
    }
    let start = usize::from(!expected.is_empty());
    for (i, line) in lines.iter().enumerate().skip(start) {
        let number = i + 1;
        let line: &[u8] = match (i, first) {
            (0, Some(text)) => text.as_bytes(),
            _ => line,
        };
        match alone(line) {
            Alone::Skip => {}
            Alone::Title => flush(&mut rows, &mut expected),
            Alone::Data(record) => {
                flush(&mut rows, &mut expected);
                expected.push((number, Some(record)));
            }
            Alone::Row => {
                let (first, count) = rows.map_or((number, 1), |(f, c)| (f, c + 1));
                if count == 9 {
                    rows = None;
                    expected.push((first, None));
                } else {
                    rows = Some((first, count));
                }
            }
        }
    }
    flush(&mut rows, &mut expected);
    check_records(input, &records, &expected);
}

/// `records` are `expected`: the same count, the same first lines, and where a line's record alone
/// is known, the same puzzle or the same problem.
fn check_records(input: &[u8], records: &[Record], expected: &[(usize, Option<Record>)]) {
    let got: Vec<usize> = records.iter().map(first_line).collect();
    let want: Vec<usize> = expected.iter().map(|(line, _)| *line).collect();
    assert_eq!(
        got,
        want,
        "record lines of {:?}",
        String::from_utf8_lossy(input)
    );
    for (record, (_, alone)) in records.iter().zip(expected) {
        match (record, alone) {
            (_, None) => {}
            (Ok(entry), Some(Ok(single))) => {
                assert_eq!(
                    content(entry),
                    content(single),
                    "line {} of {:?}",
                    entry.line(),
                    String::from_utf8_lossy(input)
                );
            }
            (Err(error), Some(Err(single))) => {
                assert_eq!(
                    error.problem.to_string(),
                    single.problem.to_string(),
                    "line {} of {:?}",
                    error.line,
                    String::from_utf8_lossy(input)
                );
            }
            (record, Some(single)) => panic!(
                "{record:?} where the line alone gives {single:?} in {:?}",
                String::from_utf8_lossy(input)
            ),
        }
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
