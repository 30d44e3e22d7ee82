//! One answer of a batch as a JSON line, the same for `POST /solve/batch` and `sudoku solve --format
//! jsonl`: where (the input's line, and a CSV's id), the verdict and solution, or the error that
//! stands in place of a line that is not a puzzle.

use std::time::Duration;

use serde::Serialize;

use super::{Answer, Problem, ReadError, ShapedAnswer};

/// One answer line. Members in the order a reader scans them: where, what, then the details.
#[derive(Debug, Default, Serialize)]
pub struct AnswerLine<'a> {
    /// The 1-based input line (the first, for a puzzle or row over several).
    pub line: usize,
    /// The row's `id`, when a CSV has an id column.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub id: Option<&'a str>,
    /// `unique`, `multiple`, `none` or `timeout`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub verdict: Option<&'static str>,
    /// The (first) solution.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub solution: Option<&'a str>,
    /// Whether the input's own solution is the puzzle's, where it gave one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub matches: Option<bool>,
    /// The conflict among the givens, when that is why there is no solution.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub conflict: Option<String>,
    /// The solve time.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub time_us: Option<u64>,
    /// What is wrong with a line that is not a puzzle.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error: Option<ErrorJson>,
}

/// What is wrong with a line: a stable code and the reader's words.
#[derive(Debug, Serialize)]
pub struct ErrorJson {
    /// The stable code.
    pub code: &'static str,
    /// The reader's words.
    pub detail: String,
    /// The last line of a record over several.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub last_line: Option<usize>,
}

/// Writes the answer line of the puzzle at `line` (with its CSV `id`, if any).
pub fn write_answer(
    out: &mut Vec<u8>,
    line: usize,
    id: Option<&str>,
    answer: &Answer,
    expected: bool,
    took: Duration,
) {
    if let (Answer::Solved { solution, unique }, false, None) = (answer, expected, id) {
        write_solved(out, line, &solution.line_bytes(), verdict(*unique), took);
        return;
    }
    let grid;
    let mut json = AnswerLine {
        line,
        id,
        time_us: Some(u64::try_from(took.as_micros()).unwrap_or(u64::MAX)),
        ..AnswerLine::default()
    };
    let (verdict, solution, matches): (_, Option<&str>, _) = match answer {
        Answer::Solved { solution, unique } => {
            grid = solution.to_line();
            (verdict(*unique), Some(&grid), true)
        }
        Answer::Mismatch { solution } => {
            grid = solution.to_line();
            ("unique", Some(&grid), false)
        }
        Answer::Shaped(ShapedAnswer::Solved { solution, unique }) => {
            (verdict(*unique), Some(solution), true)
        }
        Answer::Shaped(ShapedAnswer::Mismatch { solution }) => ("unique", Some(solution), false),
        Answer::Conflict(conflict) => {
            json.conflict = Some(super::conflict_line(conflict));
            ("none", None, false)
        }
        Answer::Shaped(ShapedAnswer::Conflict(conflict)) => {
            json.conflict = Some(format!("the givens conflict: {conflict}"));
            ("none", None, false)
        }
        Answer::NoSolution => ("none", None, false),
        Answer::Timeout => ("timeout", None, false),
    };
    json.verdict = Some(verdict);
    json.solution = solution;
    json.matches = expected.then_some(matches);
    write_line(out, &json);
}

/// The most common line, a classic puzzle solved, written straight into `out`: the bytes serde
/// writes for [`AnswerLine`] (a test holds the two to the same bytes), without its per-character
/// escaping scan or the solution's `String`. A few per cent of a batch of easy puzzles.
fn write_solved(out: &mut Vec<u8>, line: usize, solution: &[u8], verdict: &str, took: Duration) {
    let time_us = u64::try_from(took.as_micros()).unwrap_or(u64::MAX);
    out.extend_from_slice(b"{\"line\":");
    out.extend_from_slice(itoa::Buffer::new().format(line).as_bytes());
    out.extend_from_slice(b",\"verdict\":\"");
    out.extend_from_slice(verdict.as_bytes());
    out.extend_from_slice(b"\",\"solution\":\"");
    out.extend_from_slice(solution);
    out.extend_from_slice(b"\",\"time_us\":");
    out.extend_from_slice(itoa::Buffer::new().format(time_us).as_bytes());
    out.extend_from_slice(b"}\n");
}

/// The verdict of a solved puzzle: `unique` or `multiple`.
pub fn verdict(unique: bool) -> &'static str {
    if unique {
        "unique"
    } else {
        "multiple"
    }
}

/// Writes the error line standing in place of a line (or lines) that is not a puzzle.
pub fn write_error(out: &mut Vec<u8>, error: &ReadError) {
    let detail = error.problem.to_string();
    write_error_at(
        out,
        error.line,
        error.last_line,
        code(&error.problem),
        detail,
    );
}

/// [`write_error`] from its parts: the lines, the code and the reader's words.
pub fn write_error_at(
    out: &mut Vec<u8>,
    line: usize,
    last_line: usize,
    code: &'static str,
    detail: String,
) {
    let json = AnswerLine {
        line,
        error: Some(ErrorJson {
            code,
            detail,
            last_line: (last_line != line).then_some(last_line),
        }),
        ..AnswerLine::default()
    };
    write_line(out, &json);
}

/// The stable code of a line that is not a puzzle.
pub fn code(problem: &Problem) -> &'static str {
    match problem {
        Problem::Cells(_) | Problem::Grid(_) | Problem::Member { .. } => "invalid_puzzle",
        Problem::Column { .. }
        | Problem::Columns { .. }
        | Problem::Header { .. }
        | Problem::Quote => "invalid_csv",
        Problem::Json(_) => "invalid_json",
        Problem::Rules { .. } => "invalid_rules",
        Problem::NotText => "not_utf8",
        Problem::TooLong => "line_too_long",
        Problem::Io(_) => "unreadable",
    }
}

/// Writes `json` as one line.
pub fn write_line(out: &mut Vec<u8>, json: &impl Serialize) {
    serde_json::to_writer(&mut *out, json).expect("answer lines serialise");
    out.push(b'\n');
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_solved_lines_fast_path_writes_the_bytes_serde_would() {
        let solution = crate::engine::Grid::parse(
            "483921657967345821251876493548132976729564138136798245372689514814253769695417382",
        )
        .unwrap();
        for (line, unique, micros) in [(1, true, 0), (12_345, false, 987_654_321)] {
            let took = Duration::from_micros(micros);
            let mut fast = Vec::new();
            write_answer(
                &mut fast,
                line,
                None,
                &Answer::Solved { solution, unique },
                false,
                took,
            );
            let text = solution.to_line();
            let mut slow = Vec::new();
            write_line(
                &mut slow,
                &AnswerLine {
                    line,
                    verdict: Some(verdict(unique)),
                    solution: Some(&text),
                    time_us: Some(micros),
                    ..AnswerLine::default()
                },
            );
            assert_eq!(String::from_utf8(fast), String::from_utf8(slow));
        }
    }

    #[test]
    fn an_id_is_written_after_the_line() {
        let solution = crate::engine::Grid::parse(
            "483921657967345821251876493548132976729564138136798245372689514814253769695417382",
        )
        .unwrap();
        let answer = Answer::Solved {
            solution,
            unique: true,
        };
        let mut out = Vec::new();
        write_answer(&mut out, 7, Some("a,\"b\""), &answer, false, Duration::ZERO);
        let text = String::from_utf8(out).unwrap();
        assert!(
            text.starts_with("{\"line\":7,\"id\":\"a,\\\"b\\\"\",\"verdict\""),
            "{text}"
        );
    }
}
