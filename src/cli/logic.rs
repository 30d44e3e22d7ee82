//! The logic commands: `sudoku grade` (one line per puzzle), `sudoku hint` (the next step of one
//! puzzle), `sudoku explain` (its numbered steps) and `sudoku random --difficulty`.

use std::io::{self, Read, Write};
use std::path::PathBuf;
use std::process::ExitCode;

use super::{fail, for_each_chunk, output_failed};
use crate::batch;
use crate::engine::logic::{Difficulty, Grade, Hint, LogicError, LogicSolver};
use crate::engine::{Grid, LevelGenerator, LevelRequest};
use crate::limits::{fresh_seed, MAX_SEED};
use crate::pool::Pool;

/// `sudoku grade`: `difficulty score hardest_technique` per puzzle, in input order, and a summary
/// of the levels on standard error. Puzzles without exactly one solution print `no solution` or
/// `multiple solutions`. Exit status 1 when some puzzle could not be graded.
pub fn grade(files: &[PathBuf], jobs: usize) -> ExitCode {
    let mut out = io::BufWriter::new(io::stdout().lock());
    let mut levels = [0usize; Difficulty::ALL.len()];
    let mut ungraded = 0usize;
    let pool = Pool::new(jobs, 0);
    let result = for_each_chunk(files, |entries| {
        let grades = pool.map(entries, |e| LogicSolver::new().grade(&e.puzzle));
        for grade in grades {
            match grade {
                Ok(g) => {
                    levels[g.difficulty as usize] += 1;
                    writeln!(out, "{}", grade_line(&g))?;
                }
                Err(e) => {
                    ungraded += 1;
                    writeln!(out, "{}", refusal(&e))?;
                }
            }
        }
        Ok(())
    });
    if let Err(code) = result.and_then(|()| out.flush().map_err(output_failed)) {
        return code;
    }
    let total: usize = levels.iter().sum::<usize>() + ungraded;
    let parts: Vec<String> = Difficulty::ALL
        .iter()
        .map(|d| format!("{d} {}", levels[*d as usize]))
        .collect();
    eprintln!(
        "graded {total} puzzles: {}{}",
        parts.join(", "),
        if ungraded > 0 {
            format!(", not gradable {ungraded}")
        } else {
            String::new()
        }
    );
    ExitCode::from(u8::from(ungraded > 0))
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

/// Reads one puzzle: the argument, or the whole of standard input (a pasted grid over several lines,
/// Norvig's display included, is one puzzle).
fn one_puzzle(puzzle: Option<&str>) -> Result<Grid, ExitCode> {
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
    let grid = Grid::parse(&text).map_err(|e| fail(&format!("not a puzzle: {e}")))?;
    if let Some(conflict) = grid.conflicts().first() {
        return Err(fail(&format!("the givens conflict: {conflict}")));
    }
    Ok(grid)
}

fn unusable(error: &LogicError) -> ExitCode {
    eprintln!("sudoku: {error}");
    ExitCode::from(1)
}

/// `sudoku hint`: the simplest next step of one puzzle, as `Technique: explanation`.
pub fn hint(puzzle: Option<&str>) -> ExitCode {
    let grid = match one_puzzle(puzzle) {
        Ok(grid) => grid,
        Err(code) => return code,
    };
    match LogicSolver::new().hint(&grid, &grid, None) {
        Ok(Hint::Step(step)) => print_lines(&[format!("{}: {}", step.technique, step.explanation)]),
        Ok(Hint::Solved) => print_lines(&["solved".to_string()]),
        Ok(Hint::Mistakes(_)) => unreachable!("the puzzle's own givens are never mistakes"),
        Err(e) => unusable(&e),
    }
}

/// `sudoku explain`: the numbered steps of one puzzle, then its grade.
pub fn explain(puzzle: Option<&str>) -> ExitCode {
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

/// `sudoku random --difficulty`: `count` puzzles of the level, seeds `first`, `first + 1`, …
pub fn random_at(difficulty: Difficulty, givens: usize, seed: Option<u64>, count: u64) -> ExitCode {
    let first = seed.unwrap_or_else(|| {
        let s = fresh_seed().min(MAX_SEED.saturating_sub(count));
        eprintln!("# seed {s}");
        s
    });
    let mut out = io::BufWriter::new(io::stdout().lock());
    let written = (0..count).try_for_each(|k| {
        let graded = LevelGenerator::new()
            .generate(&LevelRequest {
                difficulty,
                givens,
                seed: first.saturating_add(k),
            })
            .expect("no deadline and no cancel flag");
        writeln!(out, "{}", graded.puzzle)
    });
    match written.and_then(|()| out.flush()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => output_failed(e),
    }
}

fn print_lines(lines: &[String]) -> ExitCode {
    let mut out = io::BufWriter::new(io::stdout().lock());
    let written = lines.iter().try_for_each(|l| writeln!(out, "{l}"));
    match written.and_then(|()| out.flush()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => output_failed(e),
    }
}
