//! The logic commands: `sudoku grade` (one line per puzzle), `sudoku hint` (the next step of one
//! puzzle, or the player's mistakes) and `sudoku explain` (its numbered steps).
//!
//! Every shape: classic 9x9 (no shape flags, flags that describe it, or a JSON line whose rules do)
//! goes to the classic logic layer, exactly as before shapes; any other shape, given by the shape
//! flags or by a JSON line's `rules`, to the general one ([`super::shaped_logic`]), printed in the
//! shape's symbols and cell names as the API does.

use std::fmt::Display;
use std::io::{self, Read, Write};
use std::process::ExitCode;

use super::answers::{bad_line_record, Keyed, Origin, OutputFormat};
use super::input::{exit_status, for_each_chunk, InputArgs, Item};
use super::shape::ShapeArgs;
use super::shaped_logic;
use super::{fail, output_failed};
use crate::batch::{self, shaped, ReadPuzzle};
use crate::engine::general::logic::ShapeLogic;
use crate::engine::logic::words::progress_mismatch;
use crate::engine::logic::{Difficulty, Grade, Hint, LogicError, LogicSolver, Technique};
use crate::engine::Puzzle;
use crate::engine::{Digit, Grid, Square};
use crate::pool::Pool;

/// `sudoku grade`: `difficulty score hardest_technique` per puzzle, in input order, and a summary
/// of the levels on standard error. Puzzles without exactly one solution print `no solution` or
/// `multiple solutions`. Exit status 1 when some puzzle could not be graded.
pub fn grade(input: &InputArgs, jobs: usize, format: OutputFormat) -> ExitCode {
    let mut out = match super::open_output(input.output.as_deref()) {
        Ok(out) => io::BufWriter::new(out),
        Err(code) => return code,
    };
    let mut levels = [0usize; Difficulty::ALL.len()];
    let mut ungraded = 0usize;
    let mut bad_lines = 0usize;
    let mut keyed = Keyed::new(format, GRADE_COLUMNS);
    let pool = Pool::new(jobs, 0);
    let result = for_each_chunk(input, |items, _| {
        let grades = pool.map(items, |item: &Item| match item {
            Ok(puzzle @ ReadPuzzle::Classic(e)) => Ok((
                Origin::of(puzzle),
                LogicSolver::new().grade(&e.puzzle).map_err(|e| refusal(&e)),
            )),
            Ok(puzzle @ ReadPuzzle::Shaped(e)) => Ok((
                Origin::of(puzzle),
                ShapeLogic::new()
                    .grade(&e.shape, &e.puzzle)
                    .map_err(|e| shaped_logic::refusal(&e)),
            )),
            Err(bad) => Err(bad.clone()),
        });
        for grade in grades {
            match &grade {
                Ok((_, Ok(g))) => levels[g.difficulty as usize] += 1,
                Ok((_, Err(_))) => ungraded += 1,
                Err(_) => bad_lines += 1,
            }
            if format != OutputFormat::Text {
                keyed.write(&mut out, &grade_record(&grade))?;
                continue;
            }
            match grade {
                Ok((_, Ok(g))) => writeln!(out, "{}", grade_line(&g))?,
                Ok((_, Err(refused))) => writeln!(out, "{refused}")?,
                Err(bad) => writeln!(out, "{bad}")?,
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

/// The columns of `sudoku grade --format csv`.
const GRADE_COLUMNS: &[&str] = &[
    "line",
    "id",
    "difficulty",
    "score",
    "hardest",
    "error",
    "detail",
];

/// One record of `--format jsonl|csv`: the grade of the puzzle at `line`, why it has none, or the
/// error of a line that is not a puzzle.
fn grade_record(
    grade: &Result<(Origin, Result<Grade, &'static str>), super::input::BadLine>,
) -> serde_json::Value {
    let (origin, graded) = match grade {
        Ok(graded) => graded,
        Err(bad) => return bad_line_record(bad),
    };
    let mut record = serde_json::json!({ "line": origin.line });
    if let Some(id) = &origin.id {
        record["id"] = serde_json::Value::from(&**id);
    }
    match graded {
        Ok(g) => {
            record["difficulty"] = g.difficulty.name().into();
            record["score"] = g.score.into();
            record["hardest"] = g.hardest.map_or("none", |t| t.id()).into();
        }
        Err(refused) => {
            let code = refused.replace(' ', "_");
            record["error"] = serde_json::json!({ "code": code, "detail": refused });
        }
    }
    record
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

/// What `grade` prints for a classic puzzle it cannot grade.
fn refusal(error: &LogicError) -> &'static str {
    match error {
        LogicError::NoSolution => "no solution",
        LogicError::MultipleSolutions(_) => "multiple solutions",
        LogicError::Interrupted(_) => "timeout",
    }
}

/// Reads one puzzle with consistent givens, on the shape the flags (or a JSON line's rules)
/// describe: the argument, or the whole of standard input (a pasted grid over several lines,
/// Norvig's display included, is one puzzle).
fn one_puzzle(puzzle: Option<&str>, shape: &ShapeArgs) -> Result<Puzzle, ExitCode> {
    let flags = shape.reading_shape().map_err(|e| fail(&e))?;
    let text = read_text(puzzle)?;
    let one =
        shaped_logic::parse_one(&text, flags.as_ref(), "not a puzzle").map_err(|e| fail(&e))?;
    let conflict = match &one {
        Puzzle::Classic(grid) => grid.conflicts().first().map(ToString::to_string),
        Puzzle::Shaped { shape, cells } => cells
            .conflicts(shape)
            .first()
            .map(|c| c.describe(shape).to_string()),
    };
    match conflict {
        Some(conflict) => Err(fail(&format!("the givens conflict: {conflict}"))),
        None => Ok(one),
    }
}

/// The argument, or the whole of standard input when it is absent or `-`.
fn read_text(puzzle: Option<&str>) -> Result<String, ExitCode> {
    match puzzle {
        Some(text) if text != "-" => Ok(text.to_string()),
        _ => {
            let mut text = String::new();
            io::stdin()
                .lock()
                .take(batch::MAX_LINE_BYTES as u64)
                .read_to_string(&mut text)
                .map_err(|e| fail(&format!("reading standard input: {e}")))?;
            Ok(text)
        }
    }
}

/// Reads a classic grid, `what` opening its error (`not a puzzle`): a JSON line whose rules are
/// classic, or the text form.
fn read_grid(text: &str, what: &str) -> Result<Grid, ExitCode> {
    if text.trim_start().starts_with('{') {
        return match shaped::json_line(text.trim(), 1, None, &mut shaped::Shapes::default()) {
            Ok(ReadPuzzle::Classic(entry)) => Ok(entry.puzzle),
            Ok(ReadPuzzle::Shaped(entry)) => Err(fail(&format!(
                "{what}: a {} grid, but the puzzle is classic 9x9",
                entry.shape
            ))),
            Err(problem) => Err(fail(&format!("{what}: {problem}"))),
        };
    }
    Grid::parse(text).map_err(|e| fail(&format!("{what}: {e}")))
}

/// Exit status 1 with the logic layer's reason (either layer's) on standard error.
pub(super) fn unusable(error: &impl Display) -> ExitCode {
    eprintln!("sudoku: {error}");
    ExitCode::from(1)
}

/// Exit status 1 for a `hint` on a grid without solution and no `--progress`: the grid may hold the
/// player's own `entries` (`digits`, `symbols`), so say how to have the wrong ones found instead.
pub(super) fn no_solution_hint(error: &impl Display, entries: &str) -> ExitCode {
    eprintln!("sudoku: {error}");
    eprintln!(
        "sudoku: if the grid holds your own {entries}, give the givens as PUZZLE and your \
         grid with --progress to find the wrong squares"
    );
    ExitCode::from(1)
}

/// `sudoku hint`: the player's mistakes (squares of `progress` whose digit is not the solution's),
/// else the simplest next step from `progress` as `Technique: explanation`, or `solved`.
pub fn hint(puzzle: Option<&str>, progress: Option<&str>, shape: &ShapeArgs) -> ExitCode {
    let grid = match one_puzzle(puzzle, shape) {
        Ok(Puzzle::Classic(grid)) => grid,
        Ok(Puzzle::Shaped { shape, cells }) => return shaped_logic::hint(&shape, &cells, progress),
        Err(code) => return code,
    };
    let progress = match progress.map(|p| progress_of(&grid, p)).transpose() {
        Ok(progress) => progress.unwrap_or(grid),
        Err(code) => return code,
    };
    match LogicSolver::new().hint(&grid, &progress, None) {
        Ok(Hint::Step(step)) => print_lines(&[step_line(step.technique, &step.explanation)]),
        Ok(Hint::Solved) => print_lines(&["solved".to_string()]),
        Ok(Hint::Mistakes(squares)) => print_lines(&[mistakes_line(&squares)]),
        Err(e @ LogicError::NoSolution) if progress == grid => no_solution_hint(&e, "digits"),
        Err(e) => unusable(&e),
    }
}

/// `mistakes: A1 C7`: the squares `POST /hint` names in `squares` (or, on other shapes, their cell
/// names).
pub fn mistakes_line<S: Display>(squares: &[S]) -> String {
    let names: Vec<String> = squares.iter().map(ToString::to_string).collect();
    format!("mistakes: {}", names.join(" "))
}

/// A step as `hint` prints it and `explain` numbers it: `Technique: explanation`.
pub(super) fn step_line(technique: Technique, explanation: &str) -> String {
    format!("{technique}: {explanation}")
}

/// The player's grid, which must keep every given, refused in the API's words when it does not.
fn progress_of(puzzle: &Grid, text: &str) -> Result<Grid, ExitCode> {
    let progress = read_grid(text, "--progress is not a grid")?;
    for square in Square::all() {
        let Some(given) = puzzle.get(square) else {
            continue;
        };
        if progress.get(square) != Some(given) {
            let found = progress.get(square).map_or(0, Digit::get);
            return Err(fail(&progress_mismatch(given.get(), square, found)));
        }
    }
    Ok(progress)
}

/// `sudoku explain`: the numbered steps of one puzzle, then its grade.
pub fn explain(puzzle: Option<&str>, shape: &ShapeArgs) -> ExitCode {
    let grid = match one_puzzle(puzzle, shape) {
        Ok(Puzzle::Classic(grid)) => grid,
        Ok(Puzzle::Shaped { shape, cells }) => return shaped_logic::explain(&shape, &cells),
        Err(code) => return code,
    };
    let explanation = match LogicSolver::new().explain(&grid) {
        Ok(e) => e,
        Err(e) => return unusable(&e),
    };
    let steps = explanation
        .steps
        .iter()
        .map(|step| step_line(step.technique, &step.explanation));
    print_lines(&explanation_lines(
        steps,
        &explanation.solution,
        &explanation.grade,
    ))
}

/// What `explain` prints on any shape: the step lines numbered from 1, the solution (as the shape
/// writes it), then the grade line and whether logic alone solved the puzzle.
pub(super) fn explanation_lines(
    steps: impl Iterator<Item = String>,
    solution: &impl Display,
    grade: &Grade,
) -> Vec<String> {
    let mut lines: Vec<String> = steps
        .enumerate()
        .map(|(i, step)| format!("{}. {step}", i + 1))
        .collect();
    lines.push(format!("solution {solution}"));
    let by_logic = if grade.solved_by_logic { "yes" } else { "no" };
    lines.push(format!(
        "{} (solved by logic: {by_logic})",
        grade_line(grade)
    ));
    lines
}

/// Writes `lines` to standard output.
pub fn print_lines(lines: &[String]) -> ExitCode {
    let mut out = io::BufWriter::new(io::stdout().lock());
    let written = lines.iter().try_for_each(|l| writeln!(out, "{l}"));
    match written.and_then(|()| out.flush()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => output_failed(e),
    }
}
