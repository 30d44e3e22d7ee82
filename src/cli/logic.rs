//! The logic commands: `sudoku grade` (one line per puzzle), `sudoku hint` (the next step of one
//! puzzle, or the player's mistakes) and `sudoku explain` (its numbered steps).
//!
//! The logic is classic 9x9's for now: shape flags that describe another shape are refused before
//! anything is read (exit status 2), and so is, in its place, a JSON line of another shape.

use std::io::{self, Read, Write};
use std::process::ExitCode;

use super::input::{exit_status, for_each_chunk, InputArgs, Item, Takes};
use super::shape::{no_logic_yet, ShapeArgs};
use super::{fail, output_failed};
use crate::batch::{self, shaped, Puzzle};
use crate::engine::logic::{Difficulty, Grade, Hint, LogicError, LogicSolver};
use crate::engine::{Digit, Grid, Square};
use crate::http::error::ApiError;
use crate::pool::Pool;

/// `sudoku grade`: `difficulty score hardest_technique` per puzzle, in input order, and a summary
/// of the levels on standard error. Puzzles without exactly one solution print `no solution` or
/// `multiple solutions`. Exit status 1 when some puzzle could not be graded.
pub fn grade(input: &InputArgs, jobs: usize) -> ExitCode {
    if let Err(code) = classic_only(&input.shape) {
        return code;
    }
    let mut out = io::BufWriter::new(io::stdout().lock());
    let mut levels = [0usize; Difficulty::ALL.len()];
    let mut ungraded = 0usize;
    let mut bad_lines = 0usize;
    let pool = Pool::new(jobs, 0);
    let result = for_each_chunk(input, Takes::ClassicOnly, |items, _| {
        let grades = pool.map(items, |item: &Item| match item {
            Ok(Puzzle::Classic(e)) => Ok(LogicSolver::new().grade(&e.puzzle)),
            Ok(Puzzle::Shaped(_)) => unreachable!("classic only: other shapes are bad lines"),
            Err(bad) => Err(bad.clone()),
        });
        for grade in grades {
            match grade {
                Ok(Ok(g)) => {
                    levels[g.difficulty as usize] += 1;
                    writeln!(out, "{}", grade_line(&g))?;
                }
                Ok(Err(e)) => {
                    ungraded += 1;
                    writeln!(out, "{}", refusal(&e))?;
                }
                Err(bad) => {
                    bad_lines += 1;
                    writeln!(out, "{bad}")?;
                }
            }
        }
        Ok(())
    });
    if let Err(code) = result.and_then(|()| out.flush().map_err(output_failed)) {
        return code;
    }
    let total: usize = levels.iter().sum::<usize>() + ungraded + bad_lines;
    let parts: Vec<String> = Difficulty::ALL
        .iter()
        .map(|d| format!("{d} {}", levels[*d as usize]))
        .collect();
    eprintln!(
        "graded {total} puzzles: {}{}{}",
        parts.join(", "),
        if ungraded > 0 {
            format!(", not gradable {ungraded}")
        } else {
            String::new()
        },
        if bad_lines > 0 {
            format!(", errors {bad_lines}")
        } else {
            String::new()
        }
    );
    exit_status(bad_lines, ungraded > 0)
}

/// One puzzle's line: `hard 1234 x_wing`.
pub fn grade_line(grade: &Grade) -> String {
    format!(
        "{} {} {}",
        grade.difficulty,
        grade.score,
        grade.hardest.map_or("none", |t| t.id())
    )
}

fn refusal(error: &LogicError) -> &'static str {
    match error {
        LogicError::NoSolution => "no solution",
        LogicError::MultipleSolutions(_) => "multiple solutions",
        LogicError::Interrupted(_) => "timeout",
    }
}

/// Reads one puzzle with consistent givens: the argument, or the whole of standard input (a pasted
/// grid over several lines, Norvig's display included, is one puzzle).
fn one_puzzle(puzzle: Option<&str>) -> Result<Grid, ExitCode> {
    let grid = read_grid(puzzle, "not a puzzle")?;
    if let Some(conflict) = grid.conflicts().first() {
        return Err(fail(&format!("the givens conflict: {conflict}")));
    }
    Ok(grid)
}

/// Reads a grid, `what` opening its error (`not a puzzle`): the argument, or the whole of standard
/// input when it is absent or `-`.
fn read_grid(puzzle: Option<&str>, what: &str) -> Result<Grid, ExitCode> {
    let text = match puzzle {
        Some(text) if text != "-" => text.to_string(),
        _ => {
            let mut text = String::new();
            io::stdin()
                .lock()
                .take(batch::MAX_LINE_BYTES as u64)
                .read_to_string(&mut text)
                .map_err(|e| fail(&format!("reading standard input: {e}")))?;
            text
        }
    };
    if text.trim_start().starts_with('{') {
        return json_grid(text.trim(), what);
    }
    Grid::parse(&text).map_err(|e| fail(&format!("{what}: {e}")))
}

/// A JSON puzzle line, `{"puzzle": "...", "rules": {...}}`: its grid when its rules are classic.
fn json_grid(text: &str, what: &str) -> Result<Grid, ExitCode> {
    match shaped::json_line(text, 1, None, &mut shaped::Shapes::default()) {
        Ok(Puzzle::Classic(entry)) => Ok(entry.puzzle),
        Ok(Puzzle::Shaped(entry)) => Err(fail(&no_logic_yet(&entry.shape))),
        Err(problem) => Err(fail(&format!("{what}: {problem}"))),
    }
}

/// Refuses shape flags that describe anything but classic 9x9, or no shape at all.
fn classic_only(shape: &ShapeArgs) -> Result<(), ExitCode> {
    match shape.reading_shape() {
        Ok(None) => Ok(()),
        Ok(Some(shape)) => Err(fail(&no_logic_yet(&shape))),
        Err(error) => Err(fail(&error)),
    }
}

fn unusable(error: &LogicError) -> ExitCode {
    eprintln!("sudoku: {error}");
    ExitCode::from(1)
}

/// `sudoku hint`: the player's mistakes (squares of `progress` whose digit is not the solution's),
/// else the simplest next step from `progress` as `Technique: explanation`, or `solved`.
pub fn hint(puzzle: Option<&str>, progress: Option<&str>, shape: &ShapeArgs) -> ExitCode {
    if let Err(code) = classic_only(shape) {
        return code;
    }
    let grid = match one_puzzle(puzzle) {
        Ok(grid) => grid,
        Err(code) => return code,
    };
    let progress = match progress.map(|p| progress_of(&grid, p)).transpose() {
        Ok(progress) => progress.unwrap_or(grid),
        Err(code) => return code,
    };
    match LogicSolver::new().hint(&grid, &progress, None) {
        Ok(Hint::Step(step)) => print_lines(&[format!("{}: {}", step.technique, step.explanation)]),
        Ok(Hint::Solved) => print_lines(&["solved".to_string()]),
        Ok(Hint::Mistakes(squares)) => print_lines(&[mistakes_line(&squares)]),
        Err(e @ LogicError::NoSolution) if progress == grid => {
            eprintln!("sudoku: {e}");
            eprintln!(
                "sudoku: if the grid holds your own digits, give the givens as PUZZLE and your \
                 grid with --progress to find the wrong squares"
            );
            ExitCode::from(1)
        }
        Err(e) => unusable(&e),
    }
}

/// `mistakes: A1 C7`: the squares `POST /hint` names in `squares`.
pub fn mistakes_line(squares: &[Square]) -> String {
    let names: Vec<String> = squares.iter().map(ToString::to_string).collect();
    format!("mistakes: {}", names.join(" "))
}

/// The player's grid, which must keep every given, refused in the API's words when it does not.
fn progress_of(puzzle: &Grid, text: &str) -> Result<Grid, ExitCode> {
    let progress = read_grid(Some(text), "--progress is not a grid")?;
    for square in Square::all() {
        let Some(given) = puzzle.get(square) else {
            continue;
        };
        if progress.get(square) != Some(given) {
            let mismatch = ApiError::ProgressMismatch {
                square,
                given: given.get(),
                found: progress.get(square).map_or(0, Digit::get),
            };
            return Err(fail(&mismatch.to_string()));
        }
    }
    Ok(progress)
}

/// `sudoku explain`: the numbered steps of one puzzle, then its grade.
pub fn explain(puzzle: Option<&str>, shape: &ShapeArgs) -> ExitCode {
    if let Err(code) = classic_only(shape) {
        return code;
    }
    let grid = match one_puzzle(puzzle) {
        Ok(grid) => grid,
        Err(code) => return code,
    };
    let explanation = match LogicSolver::new().explain(&grid) {
        Ok(e) => e,
        Err(e) => return unusable(&e),
    };
    let mut lines: Vec<String> = explanation
        .steps
        .iter()
        .enumerate()
        .map(|(i, step)| format!("{}. {}: {}", i + 1, step.technique, step.explanation))
        .collect();
    lines.push(format!("solution {}", explanation.solution));
    lines.push(format!(
        "{} (solved by logic: {})",
        grade_line(&explanation.grade),
        if explanation.grade.solved_by_logic {
            "yes"
        } else {
            "no"
        }
    ));
    print_lines(&lines)
}

fn print_lines(lines: &[String]) -> ExitCode {
    let mut out = io::BufWriter::new(io::stdout().lock());
    let written = lines.iter().try_for_each(|l| writeln!(out, "{l}"));
    match written.and_then(|()| out.flush()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => output_failed(e),
    }
}
