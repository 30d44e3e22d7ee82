//! Batch solving for the command line: puzzle files (one per line, `#` comments, or the Kaggle
//! `puzzle,solution` CSV) read in chunks, solved on several threads, answered in input order.

use std::io::{self, BufRead, Read};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use crate::engine::{Grid, GridError, Solver, Verdict};

/// How many puzzles are read, solved and written at a time: large enough to keep every thread busy,
/// small enough that a file of millions of puzzles is never held in memory.
pub const CHUNK: usize = 8192;

/// One puzzle read from input.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    /// 1-based line number in its source.
    pub line: usize,
    /// The puzzle.
    pub puzzle: Grid,
    /// The solution given beside it (the CSV's second column), to be checked.
    pub expected: Option<Grid>,
}

/// A line that could not be read as a puzzle.
#[derive(Debug, thiserror::Error)]
#[error("line {line}: {error}")]
pub struct LineError {
    /// 1-based line number.
    pub line: usize,
    /// What was wrong.
    pub error: GridError,
}

/// The longest input line read: far more than any pasted grid, and a bound on memory however the
/// input is made (`/dev/zero` has no newline).
pub const MAX_LINE_BYTES: usize = 64 * 1024;

/// Reads one input line: `Ok(None)` for blank lines, `#` comments and a CSV header.
///
/// A line with exactly one comma is a Kaggle CSV row, `puzzle,solution`; any other line is one
/// puzzle in Norvig's format (so commas between cells are ignored like every other separator).
pub fn parse_line(text: &str, line: usize) -> Result<Option<Entry>, LineError> {
    let text = text.trim();
    if text.is_empty() || text.starts_with('#') {
        return Ok(None);
    }
    let fail = |error| LineError { line, error };
    let csv = text
        .split_once(',')
        .filter(|(_, second)| !second.contains(','));
    let Some((first, second)) = csv else {
        return Grid::parse(text)
            .map(|puzzle| {
                Some(Entry {
                    line,
                    puzzle,
                    expected: None,
                })
            })
            .map_err(fail);
    };
    let puzzle = match Grid::parse(first) {
        Ok(puzzle) => puzzle,
        // A header such as `quizzes,solutions`, or any first line that is not a puzzle.
        Err(_) if line == 1 || !first.bytes().any(|b| b.is_ascii_digit() || b == b'.') => {
            return Ok(None)
        }
        Err(error) => return Err(fail(error)),
    };
    let expected = match second.trim() {
        "" => None,
        s => Some(Grid::parse(s).map_err(fail)?),
    };
    Ok(Some(Entry {
        line,
        puzzle,
        expected,
    }))
}

/// Reads up to `CHUNK` entries from `input`; an empty vector at the end of input. `line_no` counts
/// the lines read, so after an error the failing line is `line_no + 1`.
pub fn read_chunk(
    input: &mut impl BufRead,
    line_no: &mut usize,
) -> io::Result<Result<Vec<Entry>, LineError>> {
    let mut entries = Vec::new();
    let mut text = String::new();
    while entries.len() < CHUNK {
        text.clear();
        let read = input
            .by_ref()
            .take(MAX_LINE_BYTES as u64 + 1)
            .read_line(&mut text)?;
        if read == 0 {
            break;
        }
        if read > MAX_LINE_BYTES {
            let message = format!("line longer than {MAX_LINE_BYTES} bytes");
            return Err(io::Error::new(io::ErrorKind::InvalidData, message));
        }
        *line_no += 1;
        match parse_line(&text, *line_no) {
            Ok(Some(entry)) => entries.push(entry),
            Ok(None) => {}
            Err(e) => return Ok(Err(e)),
        }
    }
    Ok(Ok(entries))
}

/// The answer for one puzzle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Answer {
    /// A solution; `unique` is false when a second one exists.
    Solved {
        /// The (first) solution.
        solution: Grid,
        /// Whether it is the only one.
        unique: bool,
    },
    /// The puzzle has no solution.
    NoSolution,
    /// The deadline passed first.
    Timeout,
    /// The solution given in the input is not the puzzle's solution.
    Mismatch {
        /// The solution the engine found.
        solution: Grid,
    },
}

impl Answer {
    /// Whether this counts as solved.
    pub fn is_solved(&self) -> bool {
        matches!(self, Answer::Solved { .. })
    }

    /// The output line: the solution (with ` multiple` when not unique), `no solution` or `timeout`.
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
            Answer::NoSolution => "no solution".to_string(),
            Answer::Timeout => "timeout".to_string(),
            Answer::Mismatch { solution } => format!("{} mismatch", solution.to_line()),
        }
    }
}

/// Solves one entry, counting to two solutions, under an optional per-puzzle time limit.
pub fn solve_entry(entry: &Entry, timeout: Option<Duration>) -> (Answer, Duration) {
    let started = Instant::now();
    let mut solver = Solver::new();
    if let Some(t) = timeout {
        solver = solver.deadline(started + t);
    }
    let answer = match solver.solve(&entry.puzzle) {
        // The only stop a batch solve can meet is its deadline: it has no cancel flag.
        Err(_) => Answer::Timeout,
        Ok(out) if out.verdict == Verdict::None => Answer::NoSolution,
        Ok(out) => {
            let solution = out.solutions[0];
            let unique = out.verdict == Verdict::Unique;
            match entry.expected {
                Some(given) if !(unique && given == solution && given.solves(&entry.puzzle)) => {
                    Answer::Mismatch { solution }
                }
                _ => Answer::Solved { solution, unique },
            }
        }
    };
    (answer, started.elapsed())
}

/// Applies `f` to every item on `threads` threads, returning the results in input order.
pub fn parallel_map<T: Sync, R: Send>(
    items: &[T],
    threads: usize,
    f: impl Fn(&T) -> R + Sync,
) -> Vec<R> {
    const BLOCK: usize = 32;
    let threads = threads.clamp(1, items.len().div_ceil(BLOCK).max(1));
    if threads == 1 {
        return items.iter().map(f).collect();
    }
    let next = AtomicUsize::new(0);
    let mut blocks: Vec<(usize, Vec<R>)> = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..threads)
            .map(|_| {
                scope.spawn(|| {
                    let mut done = Vec::new();
                    loop {
                        let start = next.fetch_add(BLOCK, Ordering::Relaxed);
                        if start >= items.len() {
                            return done;
                        }
                        let end = (start + BLOCK).min(items.len());
                        done.push((start, items[start..end].iter().map(&f).collect()));
                    }
                })
            })
            .collect();
        workers
            .into_iter()
            .flat_map(|w| w.join().expect("worker panicked"))
            .collect()
    });
    blocks.sort_unstable_by_key(|(start, _)| *start);
    blocks
        .into_iter()
        .flat_map(|(_, results)| results)
        .collect()
}

/// Running totals for Norvig's summary line.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Summary {
    /// Puzzles read.
    pub puzzles: usize,
    /// Puzzles solved.
    pub solved: usize,
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
        self.total += elapsed;
        self.max = self.max.max(elapsed);
    }

    /// `Solved 95 of 95 puzzles (avg 0.000012 secs (81000 Hz), max 0.000090 secs).`
    pub fn line(&self) -> String {
        let avg = self.total.as_secs_f64() / self.puzzles.max(1) as f64;
        let hz = if avg > 0.0 {
            (1.0 / avg).round() as u64
        } else {
            0
        };
        format!(
            "Solved {} of {} puzzles (avg {avg:.6} secs ({hz} Hz), max {:.6} secs).",
            self.solved,
            self.puzzles,
            self.max.as_secs_f64()
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const GRID2: &str =
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";

    #[test]
    fn comments_blanks_and_csv_headers_are_skipped() {
        assert_eq!(parse_line("# a comment", 1).unwrap(), None);
        assert_eq!(parse_line("   ", 2).unwrap(), None);
        assert_eq!(parse_line("quizzes,solutions", 1).unwrap(), None);
    }

    #[test]
    fn a_puzzle_with_commas_between_cells_is_not_mistaken_for_csv() {
        let line = vec!["0"; 81].join(",");
        let entry = parse_line(&line, 4).unwrap().unwrap();
        assert_eq!(entry.puzzle, Grid::EMPTY);
        assert_eq!(entry.expected, None);
    }

    #[test]
    fn any_unparsable_first_csv_line_is_a_header_but_later_ones_are_errors() {
        assert_eq!(parse_line("puzzle1,solution1", 1).unwrap(), None);
        let err = parse_line("puzzle1,solution1", 5).unwrap_err();
        assert_eq!(err.line, 5);
    }

    #[test]
    fn an_endless_line_is_an_error_not_unbounded_memory() {
        let mut endless = io::Read::take(io::repeat(b'.'), 10 * MAX_LINE_BYTES as u64);
        let mut reader = io::BufReader::new(&mut endless);
        let mut line = 0;
        let err = read_chunk(&mut reader, &mut line).unwrap_err();
        assert_eq!(err.kind(), io::ErrorKind::InvalidData);
        assert_eq!(line, 0, "the failing line is the first");
    }

    #[test]
    fn a_named_puzzle_line_parses_ignoring_the_name() {
        let entry = parse_line(&format!("{GRID2} grid two"), 3)
            .unwrap()
            .unwrap();
        assert_eq!(entry.puzzle.to_line(), GRID2);
        assert_eq!(entry.line, 3);
    }

    #[test]
    fn a_bad_line_names_its_line_number() {
        let err = parse_line("1234", 7).unwrap_err();
        assert_eq!(err.to_string(), "line 7: expected 81 cells, found 4");
    }

    #[test]
    fn a_csv_solution_that_is_not_the_puzzles_is_a_mismatch() {
        let puzzle = Grid::parse(GRID2).unwrap();
        let solution = Solver::new().solve(&puzzle).unwrap().solutions[0];
        let good = Entry {
            line: 1,
            puzzle,
            expected: Some(solution),
        };
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
            expected: Some(wrong),
            ..good
        };
        assert!(matches!(solve_entry(&bad, None).0, Answer::Mismatch { .. }));
    }

    #[test]
    fn parallel_map_keeps_input_order() {
        let items: Vec<usize> = (0..1000).collect();
        assert_eq!(
            parallel_map(&items, 4, |x| x * 2),
            items.iter().map(|x| x * 2).collect::<Vec<_>>()
        );
        assert!(parallel_map(&[] as &[usize], 4, |x| *x).is_empty());
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
}
