//! `sudoku grade`, `hint` and `explain` on shapes other than classic 9x9: the general logic layer,
//! its answers printed as the classic ones are (`Technique: explanation`, numbered steps, a grade
//! line), in the shape's symbols and cell names, as the API writes them.

use std::process::ExitCode;
use std::sync::Arc;

use super::fail;
use super::logic::{
    explanation_lines, mistakes_line, no_solution_hint, print_lines, step_line, unusable,
};
use crate::batch::{shaped, ReadPuzzle};
use crate::engine::general::logic::{ShapeHint, ShapeLogic, ShapeLogicError};
use crate::engine::logic::words::progress_mismatch;
use crate::engine::shape::{Cells, Shape};
use crate::engine::Grid;
use crate::engine::Puzzle;

/// Reads one puzzle, `what` opening its error (`not a puzzle`): a JSON line on its own rules (or on
/// `flags`' shape when it has none), else the text form on `flags`' shape, or classic 9x9 without
/// one.
pub fn parse_one(text: &str, flags: Option<&Arc<Shape>>, what: &str) -> Result<Puzzle, String> {
    if text.trim_start().starts_with('{') {
        return match shaped::json_line(text.trim(), 1, flags, &mut shaped::Shapes::default()) {
            Ok(ReadPuzzle::Classic(entry)) => Ok(Puzzle::Classic(entry.puzzle)),
            Ok(ReadPuzzle::Shaped(entry)) => Ok(Puzzle::Shaped {
                shape: entry.shape,
                cells: entry.puzzle,
            }),
            Err(problem) => Err(format!("{what}: {problem}")),
        };
    }
    match flags {
        None => Grid::parse(text)
            .map(Puzzle::Classic)
            .map_err(|e| format!("{what}: {e}")),
        Some(shape) => Cells::parse(shape, text)
            .map(|cells| Puzzle::Shaped {
                shape: shape.clone(),
                cells,
            })
            .map_err(|e| format!("{what}: {e}")),
    }
}

/// What `grade` prints for a puzzle it cannot grade.
pub fn refusal(error: &ShapeLogicError) -> &'static str {
    match error {
        ShapeLogicError::NoSolution => "no solution",
        ShapeLogicError::MultipleSolutions(_) => "multiple solutions",
        ShapeLogicError::Interrupted(_) => "timeout",
    }
}

/// `sudoku hint` on `shape`: the player's mistakes, else the simplest next step, or `solved`.
pub fn hint(shape: &Arc<Shape>, puzzle: &Cells, progress: Option<&str>) -> ExitCode {
    let progress = match progress.map(|p| progress_of(shape, puzzle, p)).transpose() {
        Ok(progress) => progress.unwrap_or_else(|| puzzle.clone()),
        Err(message) => return fail(&message),
    };
    match ShapeLogic::new().hint(shape, puzzle, &progress, None) {
        Ok(ShapeHint::Step(step)) => print_lines(&[step_line(step.technique, &step.explanation)]),
        Ok(ShapeHint::Solved) => print_lines(&["solved".to_string()]),
        Ok(ShapeHint::Mistakes(cells)) => {
            let names: Vec<String> = cells.iter().map(|&c| shape.cell_name(c)).collect();
            print_lines(&[mistakes_line(&names)])
        }
        Err(e @ ShapeLogicError::NoSolution) if &progress == puzzle => {
            no_solution_hint(&e, "symbols")
        }
        Err(e) => unusable(&e),
    }
}

/// The player's grid on the puzzle's shape, which must keep every given, refused in the API's
/// words when it does not.
fn progress_of(shape: &Arc<Shape>, puzzle: &Cells, text: &str) -> Result<Cells, String> {
    let what = "--progress is not a grid";
    let progress = match parse_one(text, Some(shape), what)? {
        Puzzle::Shaped {
            shape: other,
            cells,
        } if other == *shape => cells,
        Puzzle::Shaped { shape: other, .. } => {
            return Err(format!("{what}: a {other} grid, but the puzzle is {shape}"))
        }
        Puzzle::Classic(_) => return Err(format!("{what}: a 9x9 grid, but the puzzle is {shape}")),
    };
    let symbol = |v: u8| if v == 0 { '.' } else { shape.symbol(v) };
    for cell in 0..shape.cell_count() {
        let (given, found) = (puzzle.get(cell), progress.get(cell));
        if given != 0 && found != given {
            let square = shape.cell_name(cell);
            return Err(progress_mismatch(symbol(given), square, symbol(found)));
        }
    }
    Ok(progress)
}

/// `sudoku explain` on `shape`: the numbered steps, the solution in the shape's symbols, the grade.
pub fn explain(shape: &Shape, puzzle: &Cells) -> ExitCode {
    let explanation = match ShapeLogic::new().explain(shape, puzzle) {
        Ok(e) => e,
        Err(e) => return unusable(&e),
    };
    let steps = explanation
        .steps
        .iter()
        .map(|step| step_line(step.technique, &step.explanation));
    print_lines(&explanation_lines(
        steps,
        &explanation.solution.to_text(shape),
        &explanation.grade,
    ))
}
