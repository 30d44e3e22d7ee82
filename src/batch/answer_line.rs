//! One answer of a batch as a JSON line, the same for `POST /solve/batch` and `sudoku solve --format
//! jsonl`: where (the input's line, and a CSV's id), the verdict and solution, or the error that
//! stands in place of a line that is not a puzzle.

use std::time::Duration;

use serde::Serialize;

use crate::engine::Puzzle;

use super::{Answer, Problem, ReadError};

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
        if write_solved(out, line, solution, verdict(*unique), took) {
            return;
        }
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
        Answer::Conflict(conflict) => {
            json.conflict = Some(super::conflict_line(conflict));
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

/// The most common line, a puzzle solved, written straight into `out`: the bytes serde writes for
/// [`AnswerLine`] (a test holds the two to the same bytes), without the solution's `String` on
/// classic 9x9. A few per cent of a batch of easy puzzles. `false`, with nothing written, when the
/// solution's symbols need escaping.
fn write_solved(
    out: &mut Vec<u8>,
    line: usize,
    solution: &Puzzle,
    verdict: &str,
    took: Duration,
) -> bool {
    let start = out.len();
    let time_us = u64::try_from(took.as_micros()).unwrap_or(u64::MAX);
    out.extend_from_slice(b"{\"line\":");
    out.extend_from_slice(itoa::Buffer::new().format(line).as_bytes());
    out.extend_from_slice(b",\"verdict\":\"");
    out.extend_from_slice(verdict.as_bytes());
    out.extend_from_slice(b"\",\"solution\":\"");
    let text = out.len();
    solution
        .write_line(out)
        .expect("writing to a Vec never fails");
    // A shape's own symbols may be a quote or a backslash, which JSON must escape: such a line is
    // written by serde instead.
    if out[text..]
        .iter()
        .any(|&b| b == b'"' || b == b'\\' || b < 0x20)
    {
        out.truncate(start);
        return false;
    }
    out.extend_from_slice(b"\",\"time_us\":");
    out.extend_from_slice(itoa::Buffer::new().format(time_us).as_bytes());
    out.extend_from_slice(b"}\n");
    true
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
        Problem::Cells(_) | Problem::Grid(_) | Problem::Member { .. } | Problem::Link(_) => {
            "invalid_puzzle"
        }
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
        let solution = Puzzle::Classic(
            crate::engine::Grid::parse(
                "483921657967345821251876493548132976729564138136798245372689514814253769695417382",
            )
            .unwrap(),
        );
        for (line, unique, micros) in [(1, true, 0), (12_345, false, 987_654_321)] {
            let took = Duration::from_micros(micros);
            let mut fast = Vec::new();
            write_answer(
                &mut fast,
                line,
                None,
                &Answer::Solved {
                    solution: solution.clone(),
                    unique,
                },
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
    fn symbols_that_json_must_escape_are_escaped_in_a_solved_line() {
        use crate::engine::shape::{Cells, Rules, Shape};
        let shape = std::sync::Arc::new(
            Shape::new(&Rules {
                size: Some(4),
                symbols: Some("\"\\ab".into()),
                ..Rules::default()
            })
            .unwrap(),
        );
        let cells = Cells::from_values(vec![1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1]);
        let solution = Puzzle::on_shape(shape, cells);
        let mut out = Vec::new();
        let answer = Answer::Solved {
            solution: solution.clone(),
            unique: true,
        };
        write_answer(&mut out, 3, None, &answer, false, Duration::ZERO);
        let json: serde_json::Value = serde_json::from_slice(&out).unwrap();
        assert_eq!(json["solution"], solution.to_line());
        assert!(solution.to_line().starts_with("\"\\ab"));
    }

    #[test]
    fn an_id_is_written_after_the_line() {
        let solution = Puzzle::Classic(
            crate::engine::Grid::parse(
                "483921657967345821251876493548132976729564138136798245372689514814253769695417382",
            )
            .unwrap(),
        );
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
