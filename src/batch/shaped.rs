//! Puzzles of every shape in batch input, and their answers.
//!
//! Two kinds of line carry them: a line of N*N symbols read on the command line's shape (`--size`,
//! `--box`, `--variant`, `--regions`, `--symbols`), and a JSON line (one starting with `{`),
//! `{"puzzle": "...", "rules": {...}}`, carrying its own rules in the API's form (without `rules`
//! it takes the command line's shape, or classic 9x9). Whatever the route, a puzzle whose shape is
//! plain classic 9x9 becomes a classic [`Entry`], answered by the band solver as every other
//! classic puzzle is; only the others are [`ShapedEntry`]s, answered by the general solver.

use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::{Duration, Instant};

use serde::Deserialize;

use super::read::{Entry, Problem};
use super::Answer;
use crate::engine::general;
use crate::engine::shape::{Cells, CellsError, Rules, Shape};
use crate::engine::Verdict;

/// A puzzle on a shape other than plain classic 9x9.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ShapedEntry {
    /// 1-based line number in its source.
    pub line: usize,
    /// Its shape.
    pub shape: Arc<Shape>,
    /// The givens.
    pub puzzle: Cells,
    /// The solution given beside it (a JSON line's `solution`), to be checked.
    pub expected: Option<Cells>,
}

/// A puzzle read from input: classic 9x9 for the band solver, or on another shape.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ReadPuzzle {
    /// Plain classic 9x9.
    Classic(Entry),
    /// Any other shape.
    Shaped(ShapedEntry),
}

impl ReadPuzzle {
    /// The 1-based line it was read from.
    pub fn line(&self) -> usize {
        match self {
            ReadPuzzle::Classic(entry) => entry.line,
            ReadPuzzle::Shaped(entry) => entry.line,
        }
    }
}

/// The answer for a puzzle of another shape, where it differs from a classic one's: grids are
/// written in the shape's symbols, and a conflict names the shape's units.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ShapedAnswer {
    /// A solution, as text; `unique` is false when a second one exists.
    Solved {
        /// The (first) solution in the shape's symbols.
        solution: String,
        /// Whether it is the only one.
        unique: bool,
    },
    /// Givens of one symbol share a unit (the first such conflict).
    Conflict(CellsError),
    /// The solution given in the input is not the puzzle's solution.
    Mismatch {
        /// The solution the engine found, as text.
        solution: String,
    },
}

impl ShapedAnswer {
    /// The output line, worded as a classic answer's.
    pub fn line(&self) -> String {
        match self {
            ShapedAnswer::Solved {
                solution,
                unique: true,
            } => solution.clone(),
            ShapedAnswer::Solved {
                solution,
                unique: false,
            } => format!("{solution} multiple"),
            ShapedAnswer::Conflict(conflict) => format!("the givens conflict: {conflict}"),
            ShapedAnswer::Mismatch { solution } => format!("{solution} mismatch"),
        }
    }
}

/// Solves a puzzle of another shape with the general solver, counting to two solutions, under an
/// optional time limit; conflicting givens are named, as for classic puzzles.
pub fn solve_shaped(entry: &ShapedEntry, timeout: Option<Duration>) -> (Answer, Duration) {
    solve_shaped_until(entry, timeout.map(|t| Instant::now() + t), None)
}

/// [`solve_shaped`] by a deadline, and stopped early (as a timeout) when `cancel` is raised.
pub fn solve_shaped_until(
    entry: &ShapedEntry,
    deadline: Option<Instant>,
    cancel: Option<&AtomicBool>,
) -> (Answer, Duration) {
    let mut solver = general::ShapeSolver::new();
    if let Some(deadline) = deadline {
        solver = solver.deadline(deadline);
    }
    if let Some(flag) = cancel {
        solver = solver.cancel_flag(flag);
    }
    let shape = &entry.shape;
    match solver.solve(shape, &entry.puzzle) {
        Err(stopped) => (Answer::Timeout, stopped.stats.elapsed),
        Ok(out) if out.verdict == Verdict::None => {
            let answer = match entry.puzzle.conflicts(shape).first() {
                Some(conflict) => Answer::Shaped(ShapedAnswer::Conflict(conflict.describe(shape))),
                None => Answer::NoSolution,
            };
            (answer, out.stats.elapsed)
        }
        Ok(out) => {
            let found = &out.solutions[0];
            let unique = out.verdict == Verdict::Unique;
            let solution = found.to_text(shape);
            let answer = match &entry.expected {
                Some(given)
                    if !(unique && given == found && given.solves(shape, &entry.puzzle)) =>
                {
                    ShapedAnswer::Mismatch { solution }
                }
                _ => ShapedAnswer::Solved { solution, unique },
            };
            (Answer::Shaped(answer), out.stats.elapsed)
        }
    }
}

/// Shapes already built, so that a file of JSON lines with the same rules builds its shape once.
#[derive(Debug, Default)]
pub struct Shapes {
    last: Option<(Rules, Arc<Shape>)>,
}

impl Shapes {
    /// The shape `rules` describe.
    fn get(&mut self, rules: &Rules) -> Result<Arc<Shape>, Problem> {
        if let Some((known, shape)) = &self.last {
            if known == rules {
                return Ok(shape.clone());
            }
        }
        let shape = Arc::new(Shape::new(rules).map_err(|error| Problem::Rules { error })?);
        self.last = Some((rules.clone(), shape.clone()));
        Ok(shape)
    }
}

/// A JSON line: the API's `puzzle` and `rules`, and optionally a `solution` to check. Other
/// members (those `sudoku random --format json` prints beside them) are ignored, so its output
/// reads back.
#[derive(Deserialize)]
struct JsonLine {
    puzzle: String,
    #[serde(default)]
    rules: Option<Rules>,
    #[serde(default)]
    solution: Option<String>,
}

/// Reads a JSON line: on its own rules, or on `default` (the command line's shape; classic 9x9
/// when there is none) when it has none.
pub fn json_line(
    text: &str,
    line: usize,
    default: Option<&Arc<Shape>>,
    shapes: &mut Shapes,
) -> Result<ReadPuzzle, Problem> {
    let json: JsonLine = serde_json::from_str(text).map_err(|e| Problem::Json(e.to_string()))?;
    let shape = match (&json.rules, default) {
        (Some(rules), _) => shapes.get(rules)?,
        (None, Some(shape)) => shape.clone(),
        (None, None) => Shape::classic(),
    };
    let grid = |member: &'static str, text: &str| {
        Cells::parse(&shape, text).map_err(|problem| Problem::Member { member, problem })
    };
    let puzzle = grid("puzzle", &json.puzzle)?;
    let expected = json
        .solution
        .as_deref()
        .map(|text| grid("solution", text))
        .transpose()?;
    Ok(on_shape(shape, puzzle, expected, line))
}

/// Reads a line of N*N symbols on `shape`.
pub fn symbols_line(shape: &Arc<Shape>, text: &str, line: usize) -> Result<ReadPuzzle, Problem> {
    let puzzle = Cells::parse(shape, text.trim()).map_err(Problem::Grid)?;
    Ok(on_shape(shape.clone(), puzzle, None, line))
}

/// The puzzle as the solver that owns its shape takes it: classic for plain classic 9x9.
fn on_shape(shape: Arc<Shape>, puzzle: Cells, expected: Option<Cells>, line: usize) -> ReadPuzzle {
    if shape.is_classic() {
        let classic = |cells: &Cells| cells.to_classic().expect("a classic grid has 81 digits");
        return ReadPuzzle::Classic(Entry {
            line,
            puzzle: classic(&puzzle),
            expected: expected.as_ref().map(classic),
            id: None,
        });
    }
    ReadPuzzle::Shaped(ShapedEntry {
        line,
        shape,
        puzzle,
        expected,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    const SIX: &str = "1.....\n..3...\n......\n......\n...4..\n.....5";

    fn six() -> Arc<Shape> {
        Arc::new(
            Shape::new(&Rules {
                size: Some(6),
                ..Rules::default()
            })
            .unwrap(),
        )
    }

    #[test]
    fn a_json_line_without_rules_is_classic_and_goes_to_the_band_solver() {
        let text = format!(r#"{{"puzzle": "{}"}}"#, ".".repeat(81));
        let read = json_line(&text, 4, None, &mut Shapes::default()).unwrap();
        assert!(matches!(read, ReadPuzzle::Classic(Entry { line: 4, .. })));
    }

    #[test]
    fn a_json_line_without_rules_takes_the_command_lines_shape() {
        let text = format!(r#"{{"puzzle": "{}"}}"#, ".".repeat(36));
        let read = json_line(&text, 1, Some(&six()), &mut Shapes::default()).unwrap();
        assert!(matches!(read, ReadPuzzle::Shaped(e) if e.shape.size() == 6));
    }

    #[test]
    fn json_line_errors_name_the_member_at_fault() {
        let mut shapes = Shapes::default();
        let bad_box = r#"{"puzzle": "", "rules": {"size": 6, "box": [2, 4]}}"#;
        let error = json_line(bad_box, 1, None, &mut shapes).unwrap_err();
        assert!(
            error.to_string().starts_with("rules.box: box 2x4"),
            "{error}"
        );
        let short = r#"{"puzzle": "12", "rules": {"size": 4}}"#;
        let error = json_line(short, 1, None, &mut shapes).unwrap_err();
        assert_eq!(error.to_string(), "puzzle: expected 16 cells, found 2");
        let error = json_line("{\"puzzle\": 5}", 1, None, &mut shapes).unwrap_err();
        assert!(
            error.to_string().starts_with("not a JSON puzzle line: "),
            "{error}"
        );
    }

    #[test]
    fn a_shaped_conflict_names_the_unit() {
        let shape = six();
        let ReadPuzzle::Shaped(entry) =
            symbols_line(&shape, &format!("11{}", ".".repeat(34)), 1).unwrap()
        else {
            panic!("a 6x6 puzzle is shaped");
        };
        let (answer, _) = solve_shaped(&entry, None);
        assert_eq!(
            answer.line(),
            "the givens conflict: 1 appears 2 times in row A (A1, A2)"
        );
    }

    #[test]
    fn a_shaped_puzzle_is_solved_and_its_expected_solution_checked() {
        let shape = six();
        let ReadPuzzle::Shaped(mut entry) = symbols_line(&shape, SIX, 1).unwrap() else {
            panic!("a 6x6 puzzle is shaped");
        };
        let (answer, _) = solve_shaped(&entry, None);
        let line = answer.line();
        let solution = line.strip_suffix(" multiple").unwrap();
        let cells = Cells::parse(&shape, solution).unwrap();
        assert!(cells.solves(&shape, &entry.puzzle));
        entry.expected = Some(cells);
        // Several solutions: a given one cannot be the puzzle's solution.
        assert!(solve_shaped(&entry, None).0.line().ends_with(" mismatch"));
    }
}
