//! Batch lines read on a shape: a line of N*N symbols on the command line's shape (`--size`,
//! `--box`, `--variant`, `--regions`, `--symbols`), and a JSON line (one starting with `{`),
//! `{"puzzle": "...", "rules": {...}}`, carrying its own rules in the API's form (without `rules`
//! it takes the command line's shape, or classic 9x9). Each becomes an [`Entry`] whose
//! [`Puzzle`] is made by [`Puzzle::on_shape`], so a plain classic 9x9 read this way is answered by
//! the band solver as every other classic puzzle is.

use std::sync::Arc;

use serde::Deserialize;

use super::{Entry, Problem};
use crate::engine::shape::{Cells, Rules, Shape};
use crate::engine::Puzzle;

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
) -> Result<Entry, Problem> {
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

/// Whether a line is a puzzle link (an f-puzzles or SudokuPad link): it starts with `https://` or
/// `http://`.
pub fn is_link(text: &str) -> bool {
    let text = text.trim_start();
    text.starts_with("https://") || text.starts_with("http://")
}

/// Reads a link line: the puzzle and rules it carries ([`crate::interchange`]).
pub fn link_line(text: &str, line: usize, shapes: &mut Shapes) -> Result<Entry, Problem> {
    let imported = crate::interchange::import_link(text.trim()).map_err(Problem::Link)?;
    let shape = match imported.rules {
        Some(rules) => shapes.get(&rules)?,
        None => Shape::classic(),
    };
    let puzzle = Cells::parse(&shape, &imported.puzzle).map_err(|problem| Problem::Member {
        member: "puzzle",
        problem,
    })?;
    Ok(on_shape(shape, puzzle, None, line))
}

/// Reads a line of N*N symbols on `shape`.
pub fn symbols_line(shape: &Arc<Shape>, text: &str, line: usize) -> Result<Entry, Problem> {
    let puzzle = Cells::parse(shape, text.trim()).map_err(Problem::Grid)?;
    Ok(on_shape(shape.clone(), puzzle, None, line))
}

/// The entry for `puzzle` (and its `expected` solution) on `shape`.
fn on_shape(shape: Arc<Shape>, puzzle: Cells, expected: Option<Cells>, line: usize) -> Entry {
    Entry {
        line,
        puzzle: Puzzle::on_shape(shape.clone(), puzzle),
        expected: expected.map(|cells| Puzzle::on_shape(shape, cells)),
        id: None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::batch::solve_entry;

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
        assert_eq!(read.line, 4);
        assert!(matches!(read.puzzle, Puzzle::Classic(_)));
    }

    #[test]
    fn a_json_line_without_rules_takes_the_command_lines_shape() {
        let text = format!(r#"{{"puzzle": "{}"}}"#, ".".repeat(36));
        let read = json_line(&text, 1, Some(&six()), &mut Shapes::default()).unwrap();
        assert_eq!(read.puzzle.shape().size(), 6);
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
        let entry = symbols_line(&shape, &format!("11{}", ".".repeat(34)), 1).unwrap();
        let (answer, _) = solve_entry(&entry, None);
        assert_eq!(
            answer.line(),
            "the givens conflict: 1 appears 2 times in row A (A1, A2)"
        );
    }

    #[test]
    fn a_shaped_puzzle_is_solved_and_its_expected_solution_checked() {
        let shape = six();
        let mut entry = symbols_line(&shape, SIX, 1).unwrap();
        let (answer, _) = solve_entry(&entry, None);
        let line = answer.line();
        let solution = line.strip_suffix(" multiple").unwrap();
        let cells = Cells::parse(&shape, solution).unwrap();
        let solution = Puzzle::on_shape(shape.clone(), cells);
        assert!(solution.solves(&entry.puzzle));
        entry.expected = Some(solution);
        // Several solutions: a given one cannot be the puzzle's solution.
        assert!(solve_entry(&entry, None).0.line().ends_with(" mismatch"));
    }
}
