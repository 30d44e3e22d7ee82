//! The logic commands: `sudoku grade` (one line per puzzle), `sudoku hint` (the next step of one
//! puzzle, or the player's mistakes) and `sudoku explain` (its numbered steps).
//!
//! Every shape: the puzzle is read on the shape flags or a JSON line's `rules` (classic 9x9 without
//! either), and the engine's [`Puzzle`] operations pick the logic layer; answers are printed in
//! the shape's symbols and cell names, as the API writes them.

use std::fmt::Display;
use std::io::{self, Read, Write};
use std::process::ExitCode;
use std::sync::Arc;

use super::answers::{bad_line_record, Keyed, Origin, OutputFormat};
use super::input::{exit_status, for_each_chunk, InputArgs, Item};
use super::shape::ShapeArgs;
use super::{fail, output_failed};
use crate::batch::read::shape_lines::{self, Shapes};
use crate::batch::{self};
use crate::engine::general::logic::{ShapeHint, ShapeLogicError};
use crate::engine::logic::{Difficulty, Grade, Technique};
use crate::engine::prose::progress_mismatch;
use crate::engine::shape::{Cells, Shape};
use crate::engine::{Grid, Interrupt, Puzzle};
use crate::pool::Pool;
use crate::wire::grid::mismatch_symbols;

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
            Ok(entry) => Ok((
                Origin::of(entry),
                entry
                    .puzzle
                    .grade(Interrupt::NEVER)
                    .map_err(|e| refusal(&e)),
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

/// What `grade` prints for a puzzle it cannot grade.
fn refusal(error: &ShapeLogicError) -> &'static str {
    match error {
        ShapeLogicError::NoSolution => "no solution",
        ShapeLogicError::MultipleSolutions(_) => "multiple solutions",
        ShapeLogicError::Interrupted(_) => "timeout",
    }
}

/// Reads one puzzle with consistent givens, on the shape the flags (or a JSON line's rules)
/// describe: the argument, or the whole of standard input (a pasted grid over several lines,
/// Norvig's display included, is one puzzle). Also the shape a player's grid is read on.
fn one_puzzle(
    puzzle: Option<&str>,
    shape: &ShapeArgs,
) -> Result<(Puzzle, Option<Arc<Shape>>), ExitCode> {
    let flags = shape.reading_shape().map_err(|e| fail(&e))?;
    let text = read_text(puzzle)?;
    let one = parse_one(&text, flags.as_ref(), "not a puzzle").map_err(|e| fail(&e))?;
    if let Some(conflict) = one.conflict_words().first() {
        return Err(fail(&format!("the givens conflict: {conflict}")));
    }
    // A player's grid is read on the flags' shape, else on the puzzle's own; a classic grid's text
    // form is read leniently, as Norvig's is.
    let reading = flags.or_else(|| Some(one.shared_shape()).filter(|s| !s.is_classic()));
    Ok((one, reading))
}

/// Reads one puzzle, `what` opening its error (`not a puzzle`): a JSON line on its own rules (or on
/// `flags`' shape when it has none), else the text form on `flags`' shape, or classic 9x9 without
/// one.
fn parse_one(text: &str, flags: Option<&Arc<Shape>>, what: &str) -> Result<Puzzle, String> {
    if shape_lines::is_link(text) {
        return shape_lines::link_line(text.trim(), 1, &mut Shapes::default())
            .map(|entry| entry.puzzle)
            .map_err(|problem| format!("{what}: {problem}"));
    }
    if text.trim_start().starts_with('{') {
        return shape_lines::json_line(text.trim(), 1, flags, &mut Shapes::default())
            .map(|entry| entry.puzzle)
            .map_err(|problem| format!("{what}: {problem}"));
    }
    match flags {
        None => Grid::parse(text)
            .map(Puzzle::Classic)
            .map_err(|e| format!("{what}: {e}")),
        Some(shape) => Cells::parse(shape, text)
            .map(|cells| Puzzle::on_shape(shape.clone(), cells))
            .map_err(|e| format!("{what}: {e}")),
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

/// Exit status 1 with the logic layer's reason (either layer's) on standard error.
fn unusable(error: &impl Display) -> ExitCode {
    eprintln!("sudoku: {error}");
    ExitCode::from(1)
}

/// Exit status 1 for a `hint` on a grid without solution and no `--progress`: the grid may hold the
/// player's own `entries` (`digits`, `symbols`), so say how to have the wrong ones found instead.
fn no_solution_hint(error: &impl Display, entries: &str) -> ExitCode {
    eprintln!("sudoku: {error}");
    eprintln!(
        "sudoku: if the grid holds your own {entries}, give the givens as PUZZLE and your \
         grid with --progress to find the wrong squares"
    );
    ExitCode::from(1)
}

/// `sudoku hint`: the player's mistakes (squares of `progress` whose value is not the solution's),
/// else the simplest next step from `progress` as `Technique: explanation`, or `solved`.
pub fn hint(puzzle: Option<&str>, progress: Option<&str>, shape: &ShapeArgs) -> ExitCode {
    let (puzzle, reading) = match one_puzzle(puzzle, shape) {
        Ok(read) => read,
        Err(code) => return code,
    };
    let progress = match progress.map(|p| progress_of(&puzzle, reading.as_ref(), p)) {
        Some(Ok(progress)) => progress,
        Some(Err(message)) => return fail(&message),
        None => puzzle.cells(),
    };
    let shape = puzzle.shape();
    match puzzle.hint(&progress, None, Interrupt::NEVER) {
        Ok(ShapeHint::Step(step)) => print_lines(&[step_line(step.technique, &step.explanation)]),
        Ok(ShapeHint::Solved) => print_lines(&["solved".to_string()]),
        Ok(ShapeHint::Mistakes(cells)) => {
            let names: Vec<String> = cells.iter().map(|&c| shape.cell_name(c)).collect();
            print_lines(&[mistakes_line(&names)])
        }
        Err(e @ ShapeLogicError::NoSolution) if progress == puzzle.cells() => {
            let entries = if shape.is_classic() {
                "digits"
            } else {
                "symbols"
            };
            no_solution_hint(&e, entries)
        }
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

/// The player's grid on the puzzle's shape (read on `reading`, or as a classic grid), which must
/// keep every given, refused in the API's words when it does not.
fn progress_of(puzzle: &Puzzle, reading: Option<&Arc<Shape>>, text: &str) -> Result<Cells, String> {
    let what = "--progress is not a grid";
    let progress = parse_one(text, reading, what)?;
    let shape = puzzle.shape();
    if progress.shape() != shape {
        return Err(format!(
            "{what}: a {} grid, but the puzzle is {}",
            progress.shape(),
            describe(shape)
        ));
    }
    let (givens, progress) = (puzzle.cells(), progress.cells());
    for cell in 0..shape.cell_count() {
        let (given, found) = (givens.get(cell), progress.get(cell));
        if given != 0 && found != given {
            let (given, found) = mismatch_symbols(shape, given, found);
            return Err(progress_mismatch(given, shape.cell_name(cell), found));
        }
    }
    Ok(progress)
}

/// A shape as the errors name it: `classic 9x9`, `6x6`, `9x9 x`.
fn describe(shape: &Shape) -> String {
    if shape.is_classic() {
        "classic 9x9".to_string()
    } else {
        shape.to_string()
    }
}

/// `sudoku explain`: the numbered steps of one puzzle, the solution as the shape writes it, then
/// its grade.
pub fn explain(puzzle: Option<&str>, shape: &ShapeArgs) -> ExitCode {
    let puzzle = match one_puzzle(puzzle, shape) {
        Ok((puzzle, _)) => puzzle,
        Err(code) => return code,
    };
    let explanation = match puzzle.explain(Interrupt::NEVER) {
        Ok(e) => e,
        Err(e) => return unusable(&e),
    };
    let steps = explanation
        .steps
        .iter()
        .map(|step| step_line(step.technique, &step.explanation));
    print_lines(&explanation_lines(
        steps,
        &explanation.solution.to_text(puzzle.shape()),
        &explanation.grade,
    ))
}

/// What `explain` prints on any shape: the step lines numbered from 1, the solution (as the shape
/// writes it), then the grade line and whether logic alone solved the puzzle.
fn explanation_lines(
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
