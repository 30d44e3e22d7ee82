//! `sudoku candidates` (Norvig's `parse_grid`) and `sudoku validate` (the givens against the rules):
//! one line per record, on each puzzle's shape (its units and symbols).

use std::io::{self, Write};
use std::process::ExitCode;

use super::answers::{bad_line_record, Keyed, Origin, OutputFormat};
use super::input::{exit_status, for_each_chunk, InputArgs};
use super::output_failed;
use crate::batch;
use crate::engine::shape::{display, Shape};
use crate::engine::Puzzle;

/// What `candidates` prints for one puzzle, and whether it contradicts the rules.
struct CandidatesReport {
    text: String,
    contradiction: bool,
}

/// `sudoku candidates`.
pub fn show_candidates(input: &InputArgs, show_display: bool) -> ExitCode {
    let mut out = match super::open_output(input.output.as_deref()) {
        Ok(out) => io::BufWriter::new(out),
        Err(code) => return code,
    };
    let mut contradictions = 0;
    let mut bad_lines = 0;
    let result = for_each_chunk(input, |items, _| {
        for item in items {
            let found = match item {
                Ok(entry) => candidates_of(&entry.puzzle, show_display),
                Err(bad) => {
                    bad_lines += 1;
                    writeln!(out, "{bad}")?;
                    continue;
                }
            };
            contradictions += usize::from(found.contradiction);
            writeln!(out, "{}", found.text)?;
        }
        Ok(())
    });
    if let Err(code) = result.and_then(|()| out.flush().map_err(output_failed)) {
        return code;
    }
    exit_status(bad_lines, contradictions > 0)
}

fn contradiction(text: String) -> CandidatesReport {
    CandidatesReport {
        text,
        contradiction: true,
    }
}

/// N*N strings of symbols, or Norvig's display drawn for the shape.
fn candidates_of(puzzle: &Puzzle, show_display: bool) -> CandidatesReport {
    if let Some(conflict) = puzzle.conflict_words().first() {
        return contradiction(batch::conflict_line(conflict));
    }
    let Some(cells) = puzzle.candidates() else {
        return contradiction("no solution".to_string());
    };
    let shape = puzzle.shape();
    let text = if show_display {
        display(shape, &cells)
    } else {
        let strings: Vec<String> = cells.iter().map(|&m| symbols(shape, m)).collect();
        strings.join(" ")
    };
    CandidatesReport {
        text,
        contradiction: false,
    }
}

/// The symbols of the values in `mask`, in value order.
fn symbols(shape: &Shape, mask: u32) -> String {
    (0..shape.size() as u8)
        .filter(|v| mask & (1 << v) != 0)
        .map(|v| shape.symbol(v + 1))
        .collect()
}

/// `sudoku validate`.
pub fn validate(input: &InputArgs, format: OutputFormat) -> ExitCode {
    let mut out = match super::open_output(input.output.as_deref()) {
        Ok(out) => io::BufWriter::new(out),
        Err(code) => return code,
    };
    let mut invalid = 0;
    let mut bad_lines = 0;
    let mut keyed = Keyed::new(format, VALIDATE_COLUMNS);
    let result = for_each_chunk(input, |items, _| {
        for item in items {
            let (conflicts, complete) = match &item {
                Ok(entry) => (entry.puzzle.conflict_words(), entry.puzzle.is_complete()),
                Err(bad) => {
                    bad_lines += 1;
                    if format == OutputFormat::Text {
                        writeln!(out, "{bad}")?;
                    } else {
                        keyed.write(&mut out, &bad_line_record(bad))?;
                    }
                    continue;
                }
            };
            let puzzle = item.as_ref().expect("a bad line went on above");
            invalid += usize::from(!conflicts.is_empty());
            if format == OutputFormat::Text {
                writeln!(out, "{}", verdict(&conflicts, complete))?;
                continue;
            }
            let origin = Origin::of(puzzle);
            let mut record = serde_json::json!({
                "line": origin.line,
                "valid": conflicts.is_empty(),
                "complete": complete,
                "conflicts": conflicts.join("; "),
            });
            if let Some(id) = &origin.id {
                record["id"] = serde_json::Value::from(&**id);
            }
            keyed.write(&mut out, &record)?;
        }
        Ok(())
    });
    if let Err(code) = result.and_then(|()| out.flush().map_err(output_failed)) {
        return code;
    }
    exit_status(bad_lines, invalid > 0)
}

/// The columns of `sudoku validate --format csv`.
const VALIDATE_COLUMNS: &[&str] = &[
    "line",
    "id",
    "valid",
    "complete",
    "conflicts",
    "error",
    "detail",
];

fn verdict(conflicts: &[String], complete: bool) -> String {
    let complete = if complete { " complete" } else { "" };
    if conflicts.is_empty() {
        return format!("valid{complete}");
    }
    format!("invalid{complete}: {}", conflicts.join("; "))
}
