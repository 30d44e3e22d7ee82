//! Batch solving for the command line: puzzle files (one per line with an optional name, grids over
//! several lines, `#` comments, or a Kaggle CSV) read in chunks, solved on several threads,
//! answered in input order, with an error record in the place of every line that is not a puzzle.
//!
//! - [`read`]: what each line is, and the records read from it;
//! - [`read::csv`]: the Kaggle CSV layouts, found by their header;
//! - [`answer_line`]: an answer as a JSON line (`POST /solve/batch`, `sudoku solve --format jsonl`);
//! - [`read::shape_lines`]: lines read on a shape (N*N symbols, JSON lines with their own rules);
//! - here: the answer for one puzzle of any shape (the engine's [`Puzzle::solve_first`] picks the
//!   solver), and Norvig's summary of a run.

pub mod answer_line;
pub mod read;

use std::io::{self, Write};
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use crate::engine::{FirstSolution, Interrupt, Puzzle, Timing, Verdict};
pub use read::LineReader;
pub use read::{Chunk, Entry, Problem, PuzzleReader, ReadError, Record, CHUNK, MAX_LINE_BYTES};

/// The answer for one puzzle, of any shape.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Answer {
    /// A solution; `unique` is false when a second one exists.
    Solved {
        /// The (first) solution.
        solution: Puzzle,
        /// Whether it is the only one.
        unique: bool,
    },
    /// Givens of one value share a unit, so there is no solution: the first such conflict, in
    /// the engine's words (`digit 5 appears 2 times in row A (A1, A2)`).
    Conflict(String),
    /// The puzzle has no solution.
    NoSolution,
    /// The deadline passed first.
    Timeout,
    /// The solution given in the input is not the puzzle's solution.
    Mismatch {
        /// The solution the engine found.
        solution: Puzzle,
    },
}

impl Answer {
    /// Whether this counts as solved.
    pub fn is_solved(&self) -> bool {
        matches!(self, Answer::Solved { .. })
    }

    /// The output line: the solution (with ` multiple` when not unique, ` mismatch` when the CSV's
    /// is wrong), the conflict in the API's words, `no solution` or `timeout`.
    pub fn line(&self) -> String {
        match self {
            Answer::Solved {
                solution,
                unique: true,
            } => solution.to_line(),
            Answer::Solved {
                solution,
                unique: false,
            } => format!("{} multiple", solution.to_line()),
            Answer::Conflict(conflict) => conflict_line(conflict),
            Answer::NoSolution => "no solution".to_string(),
            Answer::Timeout => "timeout".to_string(),
            Answer::Mismatch { solution } => format!("{} mismatch", solution.to_line()),
        }
    }

    /// Writes [`Answer::line`] and a newline to `out`; a solution (unique or not) without building a
    /// string: a file of puzzles with several solutions (Serg's benchmark) is nothing but these, and
    /// formatting each line was 6% of the whole run's instructions (`Grid::to_line` and `format!`).
    pub fn write_line(&self, out: &mut impl Write) -> io::Result<()> {
        let Answer::Solved { solution, unique } = self else {
            return writeln!(out, "{}", self.line());
        };
        solution.write_line(out)?;
        out.write_all(if *unique { b"\n" } else { b" multiple\n" })
    }
}

/// A conflict as the API's `conflicting_givens` problem words it.
pub fn conflict_line(conflict: &str) -> String {
    format!("the givens conflict: {conflict}")
}

/// Solves one entry, counting to two solutions, under an optional per-puzzle time limit. Conflicting
/// givens are named rather than reported as no solution.
pub fn solve_entry(entry: &Entry, timeout: Option<Duration>) -> (Answer, Duration) {
    solve_entry_until(entry, timeout.map(|t| Instant::now() + t), None)
}

/// [`solve_entry`] by a deadline, and stopped early (as a timeout) when `cancel` is raised.
pub fn solve_entry_until(
    entry: &Entry,
    deadline: Option<Instant>,
    cancel: Option<&AtomicBool>,
) -> (Answer, Duration) {
    // The search's own clock times it: a puzzle solves in microseconds, and reading the clock
    // twice more per puzzle would cost a few percent of a batch.
    answer(entry, Interrupt { deadline, cancel }, Timing::Timed)
}

/// [`solve_entry`]'s answer by a deadline, untimed: for a caller that times its puzzles itself.
/// `sudoku solve -j 1` reads the clock once per puzzle, the end of one being the start of the next,
/// where a timed search reads it twice (about 1% of Serg's benchmark).
pub fn answer_entry(entry: &Entry, deadline: Option<Instant>) -> Answer {
    answer_entry_until(entry, deadline, None)
}

/// [`answer_entry`], stopped early (as a timeout) when `cancel` is raised: the HTTP batch route's
/// puzzles, timed by their caller with one clock reading each.
pub fn answer_entry_until(
    entry: &Entry,
    deadline: Option<Instant>,
    cancel: Option<&AtomicBool>,
) -> Answer {
    answer(entry, Interrupt { deadline, cancel }, Timing::Untimed).0
}

/// Solves `entry`: the answer, and the time the search measured. Only the first solution is
/// answered, so a second one is counted, not written out.
fn answer(entry: &Entry, interrupt: Interrupt<'_>, timing: Timing) -> (Answer, Duration) {
    match entry.puzzle.solve_first(interrupt, timing) {
        // A cancelled search's answer is read by no one: its client has gone.
        Err(stopped) => (Answer::Timeout, stopped.stats.elapsed),
        // Givens that clash leave no solution (the search finds that at its root), so only then is it
        // worth looking for a conflict to name.
        Ok(FirstSolution {
            solution: None,
            stats,
            ..
        }) => {
            let answer = match entry.puzzle.conflict_words().into_iter().next() {
                Some(conflict) => Answer::Conflict(conflict),
                None => Answer::NoSolution,
            };
            (answer, stats.elapsed)
        }
        Ok(FirstSolution {
            solution: Some(solution),
            verdict,
            stats,
        }) => {
            let unique = verdict == Verdict::Unique;
            let answer = match &entry.expected {
                Some(given) if !(unique && *given == solution && given.solves(&entry.puzzle)) => {
                    Answer::Mismatch { solution }
                }
                _ => Answer::Solved { solution, unique },
            };
            (answer, stats.elapsed)
        }
    }
}

/// Running totals for Norvig's summary line, and the lines that were not puzzles.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Summary {
    /// Records: puzzles read, and lines in error.
    pub puzzles: usize,
    /// Puzzles solved.
    pub solved: usize,
    /// Lines that were not puzzles.
    pub errors: usize,
    /// Puzzles solved whose given solution (a CSV's column, a JSON line's `solution`) is not theirs:
    /// counted apart, since they are neither solved as given nor unsolvable.
    pub mismatches: usize,
    /// Total solve time.
    pub total: Duration,
    /// Longest solve time.
    pub max: Duration,
}

impl Summary {
    /// Counts one answer.
    pub fn add(&mut self, answer: &Answer, elapsed: Duration) {
        self.puzzles += 1;
        self.solved += usize::from(answer.is_solved());
        self.mismatches += usize::from(matches!(answer, Answer::Mismatch { .. }));
        self.total += elapsed;
        self.max = self.max.max(elapsed);
    }

    /// Counts a line that was not a puzzle: one not solved, and no solve time.
    pub fn add_error(&mut self) {
        self.puzzles += 1;
        self.errors += 1;
    }

    /// `Solved 95 of 95 puzzles (avg 0.000012 secs (81000 Hz), max 0.000090 secs).`, and the
    /// errors when there were some: `…, max 0.000090 secs); 2 errors.`
    pub fn line(&self) -> String {
        let solved = self.puzzles - self.errors;
        let avg = self.total.as_secs_f64() / solved.max(1) as f64;
        let hz = if avg > 0.0 {
            (1.0 / avg).round() as u64
        } else {
            0
        };
        let mut errors = match self.mismatches {
            0 => String::new(),
            1 => "; 1 mismatch (a given solution that is not the puzzle's)".to_string(),
            n => format!("; {n} mismatches (given solutions that are not the puzzles')"),
        };
        errors.push_str(&match self.errors {
            0 => String::new(),
            1 => "; 1 error".to_string(),
            n => format!("; {n} errors"),
        });
        format!(
            "Solved {} of {} puzzles (avg {avg:.6} secs ({hz} Hz), max {:.6} secs){errors}.",
            self.solved,
            self.puzzles,
            self.max.as_secs_f64()
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{Grid, Solver};

    fn entry(puzzle: Grid, expected: Option<Grid>) -> Entry {
        Entry {
            line: 1,
            puzzle: Puzzle::Classic(puzzle),
            expected: expected.map(Puzzle::Classic),
            id: None,
        }
    }

    const GRID2: &str =
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";

    #[test]
    fn conflicting_givens_are_named_in_the_apis_words() {
        let puzzle = Grid::parse(&format!("55{}", ".".repeat(79))).unwrap();
        let (answer, _) = solve_entry(&entry(puzzle, None), None);
        assert_eq!(
            answer.line(),
            "the givens conflict: digit 5 appears 2 times in row A (A1, A2)"
        );
        assert!(!answer.is_solved());
    }

    #[test]
    fn a_csv_solution_that_is_not_the_puzzles_is_a_mismatch() {
        let puzzle = Grid::parse(GRID2).unwrap();
        let solution = Solver::new().solve(&puzzle).unwrap().solutions[0];
        let good = entry(puzzle, Some(solution));
        assert!(matches!(
            solve_entry(&good, None).0,
            Answer::Solved { unique: true, .. }
        ));
        let mut wrong = solution;
        let (a, b) = ("A2".parse().unwrap(), "A3".parse().unwrap());
        let (x, y) = (wrong.get(a), wrong.get(b));
        wrong.set(a, y);
        wrong.set(b, x);
        let bad = Entry {
            expected: Some(Puzzle::Classic(wrong)),
            ..good
        };
        assert!(matches!(solve_entry(&bad, None).0, Answer::Mismatch { .. }));
    }

    #[test]
    fn the_untimed_answer_is_the_timed_one() {
        let grid2 = Grid::parse(GRID2).unwrap();
        let solution = Solver::new().solve(&grid2).unwrap().solutions[0];
        let entry = |puzzle: &str, expected| entry(Grid::parse(puzzle).unwrap(), expected);
        let entries = [
            entry(GRID2, None),
            entry(GRID2, Some(solution)),
            entry(GRID2, Some(Grid::EMPTY)),
            // Several solutions, conflicting givens, none (a search of about 850 nodes).
            entry(&format!(".{}", &GRID2[1..]), None),
            entry(&format!("55{}", ".".repeat(79)), None),
            entry(
                "........1.....2.....3.4..5........6...46.35.7.5..7...4..583..7...7.6..4.8.....9..",
                None,
            ),
        ];
        for e in &entries {
            assert_eq!(
                answer_entry(e, None),
                solve_entry(e, None).0,
                "{}",
                e.puzzle.to_line()
            );
        }
        assert!(matches!(
            answer_entry(&entries[3], None),
            Answer::Solved { unique: false, .. }
        ));
        assert_eq!(answer_entry(&entries[5], None), Answer::NoSolution);
        let past = Some(Instant::now());
        assert_eq!(answer_entry(&entries[5], past), Answer::Timeout);
    }

    #[test]
    fn write_line_writes_what_line_says() {
        let solution = Puzzle::Classic(
            "483921657967345821251876493548132976729564138136798245372689514814253769695417382"
                .parse()
                .unwrap(),
        );
        let answers = [
            Answer::Solved {
                solution: solution.clone(),
                unique: true,
            },
            Answer::Solved {
                solution,
                unique: false,
            },
            Answer::NoSolution,
            Answer::Timeout,
        ];
        for answer in answers {
            let mut out = Vec::new();
            answer.write_line(&mut out).unwrap();
            assert_eq!(String::from_utf8(out).unwrap(), answer.line() + "\n");
        }
    }

    #[test]
    fn summary_reads_like_norvigs() {
        let mut s = Summary::default();
        let answer = Answer::NoSolution;
        s.add(&answer, Duration::from_micros(10));
        s.add(&Answer::Timeout, Duration::from_micros(30));
        assert_eq!(
            s.line(),
            "Solved 0 of 2 puzzles (avg 0.000020 secs (50000 Hz), max 0.000030 secs)."
        );
    }

    #[test]
    fn summary_counts_errors_among_the_puzzles_but_not_in_the_average() {
        let mut s = Summary::default();
        s.add(&Answer::NoSolution, Duration::from_micros(10));
        s.add_error();
        assert_eq!(
            s.line(),
            "Solved 0 of 2 puzzles (avg 0.000010 secs (100000 Hz), max 0.000010 secs); 1 error."
        );
        s.add_error();
        assert!(s.line().ends_with("; 2 errors."), "{}", s.line());
    }
}
