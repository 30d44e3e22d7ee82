//! Batch solving for the command line: puzzle files (one per line with an optional name, grids over
//! several lines, `#` comments, or the Kaggle `puzzle,solution` CSV) read in chunks, solved on several
//! threads, answered in input order.

use std::io::{self, BufRead, Read, Write};
use std::time::{Duration, Instant};

use crate::engine::grid::is_cell;
use crate::engine::{Conflict, Grid, GridError, Solver, Verdict};

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

/// Input that could not be read as puzzles, and where.
#[derive(Debug, thiserror::Error)]
#[error("{}: {problem}", lines(*.line, *.last_line))]
pub struct ReadError {
    /// 1-based line where the puzzle starts.
    pub line: usize,
    /// 1-based line where it ends: the same line unless the grid spans several.
    pub last_line: usize,
    /// What was wrong.
    pub problem: Problem,
}

/// What was wrong with the input.
#[derive(Debug, thiserror::Error)]
pub enum Problem {
    /// The text is not a puzzle.
    #[error("{0}")]
    Grid(#[from] GridError),
    /// The input could not be read (not UTF-8, a line over [`MAX_LINE_BYTES`], a failing device).
    #[error("{0}")]
    Io(#[from] io::Error),
}

/// `7`, or `3-11` for a grid over several lines.
fn lines(first: usize, last: usize) -> String {
    if first == last {
        return first.to_string();
    }
    format!("{first}-{last}")
}

/// The longest input line read: far more than any pasted grid, and a bound on memory however the
/// input is made (`/dev/zero` has no newline).
pub const MAX_LINE_BYTES: usize = 64 * 1024;

/// What one input line holds.
#[derive(Debug, PartialEq, Eq)]
enum Line {
    /// Nothing to solve: a blank line, a comment, a title such as `Grid 01`, a CSV header, or a
    /// separator such as `------+------+------`.
    Skip,
    /// A whole puzzle: a line of the Kaggle CSV.
    Entry(Entry),
    /// Cells, `1`-`9`, `0` or `.`: all 81 of a puzzle, or part of one spread over several lines.
    Cells(String),
}

/// Reads one input line.
///
/// A name or comment may follow the cells: they end at the first letter or `#`, so the digits of
/// `<puzzle> grid 2` are a name, and a line that starts with a letter (a CSV header, a `Grid 01`
/// title) holds no cells. Cells with exactly one comma between them are a Kaggle CSV row,
/// `puzzle,solution`; otherwise every character other than a cell separates cells (so commas, `|`,
/// `-` and `+` do).
fn parse_line(text: &str, line: usize) -> Result<Line, GridError> {
    let text = text.trim();
    // The common line, a whole puzzle and nothing else, skips the search for a name and gathering
    // its cells into a string.
    if text.len() == 81 && text.bytes().all(is_cell) {
        return Ok(Line::Entry(Entry {
            line,
            puzzle: Grid::parse(text)?,
            expected: None,
        }));
    }
    let cells_end = text
        .find(|c: char| c.is_alphabetic() || c == '#')
        .unwrap_or(text.len());
    let text = &text[..cells_end];
    let csv = text
        .split_once(',')
        .filter(|(_, second)| !second.contains(','));
    if let Some((first, second)) = csv {
        return parse_csv_row(first, second, line);
    }
    let cells: String = text
        .bytes()
        .filter(|&b| is_cell(b))
        .map(char::from)
        .collect();
    if cells.is_empty() {
        return Ok(Line::Skip);
    }
    Ok(Line::Cells(cells))
}

fn parse_csv_row(first: &str, second: &str, line: usize) -> Result<Line, GridError> {
    let puzzle = Grid::parse(first)?;
    let expected = match second.trim() {
        "" => None,
        s => Some(Grid::parse(s)?),
    };
    Ok(Line::Entry(Entry {
        line,
        puzzle,
        expected,
    }))
}

/// The cells of a grid spread over several lines, fewer than 81 so far.
#[derive(Debug)]
struct Partial {
    first: usize,
    last: usize,
    cells: String,
}

impl Partial {
    /// The error for a grid that ended before its 81st cell.
    fn incomplete(self) -> ReadError {
        ReadError {
            line: self.first,
            last_line: self.last,
            problem: GridError::CellCount {
                found: self.cells.len(),
            }
            .into(),
        }
    }
}

/// Reads puzzles from text in chunks of at most [`CHUNK`], so that a file of millions of puzzles is
/// never held in memory.
///
/// A puzzle is 81 cells on one line, or spread over consecutive lines: a grid pasted as 9 rows,
/// Norvig's display with `|` and `------+------+------`, or Project Euler's blocks under a
/// `Grid 01` title. Lines are gathered until they hold exactly 81 cells; blank lines, comments and
/// titles in between are skipped. A grid that ends short of 81 cells (the input ends, or the next
/// line would take it past 81) is an error naming its lines.
#[derive(Debug)]
pub struct PuzzleReader<R> {
    input: R,
    line: usize,
    partial: Option<Partial>,
}

impl<R: BufRead> PuzzleReader<R> {
    /// A reader of `input`, at its first line.
    pub fn new(input: R) -> Self {
        PuzzleReader {
            input,
            line: 0,
            partial: None,
        }
    }

    /// Reads up to [`CHUNK`] puzzles; an empty vector at the end of input.
    pub fn read_chunk(&mut self) -> Result<Vec<Entry>, ReadError> {
        let mut entries = Vec::new();
        let mut text = String::new();
        while entries.len() < CHUNK {
            text.clear();
            if !self.read_line(&mut text)? {
                return match self.partial.take() {
                    Some(partial) => Err(partial.incomplete()),
                    None => Ok(entries),
                };
            }
            let line = self.line;
            let parsed = parse_line(&text, line).map_err(|e| ReadError {
                line,
                last_line: line,
                problem: e.into(),
            })?;
            if let Some(entry) = self.take(parsed, line)? {
                entries.push(entry);
            }
        }
        Ok(entries)
    }

    /// Reads the next line into `text`, bounded by [`MAX_LINE_BYTES`]; false at the end of input.
    fn read_line(&mut self, text: &mut String) -> Result<bool, ReadError> {
        let fail = |line, e: io::Error| ReadError {
            line,
            last_line: line,
            problem: e.into(),
        };
        let read = self
            .input
            .by_ref()
            .take(MAX_LINE_BYTES as u64 + 1)
            .read_line(text)
            .map_err(|e| fail(self.line + 1, e))?;
        if read > MAX_LINE_BYTES {
            let message = format!("line longer than {MAX_LINE_BYTES} bytes");
            let e = io::Error::new(io::ErrorKind::InvalidData, message);
            return Err(fail(self.line + 1, e));
        }
        self.line += usize::from(read > 0);
        Ok(read > 0)
    }

    /// Adds what line `line` holds to the puzzle being gathered; the puzzle once it is whole.
    fn take(&mut self, parsed: Line, line: usize) -> Result<Option<Entry>, ReadError> {
        let cells = match parsed {
            Line::Skip => return Ok(None),
            Line::Entry(entry) => {
                return match self.partial.take() {
                    Some(partial) => Err(partial.incomplete()),
                    None => Ok(Some(entry)),
                }
            }
            Line::Cells(cells) => cells,
        };
        let mut partial = match self.partial.take() {
            Some(p) if p.cells.len() + cells.len() > 81 => return Err(p.incomplete()),
            Some(p) => p,
            None => Partial {
                first: line,
                last: line,
                cells: String::new(),
            },
        };
        partial.cells.push_str(&cells);
        partial.last = line;
        if partial.cells.len() < 81 {
            self.partial = Some(partial);
            return Ok(None);
        }
        let puzzle = Grid::parse(&partial.cells).map_err(|e| ReadError {
            line: partial.first,
            last_line: partial.last,
            problem: e.into(),
        })?;
        Ok(Some(Entry {
            line: partial.first,
            puzzle,
            expected: None,
        }))
    }
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
    /// Givens of one digit share a unit (the first such conflict), so there is no solution.
    Conflict(Conflict),
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

    /// Writes [`Answer::line`] and a newline to `out`; a solution without building a string.
    pub fn write_line(&self, out: &mut impl Write) -> io::Result<()> {
        let Answer::Solved {
            solution,
            unique: true,
        } = self
        else {
            return writeln!(out, "{}", self.line());
        };
        out.write_all(&solution.line_bytes())?;
        out.write_all(b"\n")
    }
}

/// A conflict as the API's `conflicting_givens` problem words it.
pub fn conflict_line(conflict: &Conflict) -> String {
    format!("the givens conflict: {conflict}")
}

/// Solves one entry, counting to two solutions, under an optional per-puzzle time limit. Conflicting
/// givens are named rather than reported as no solution.
pub fn solve_entry(entry: &Entry, timeout: Option<Duration>) -> (Answer, Duration) {
    let mut solver = Solver::new();
    if let Some(t) = timeout {
        solver = solver.deadline(Instant::now() + t);
    }
    // The search's own clock times it: a puzzle solves in microseconds, and reading the clock
    // twice more per puzzle would cost a few percent of a batch.
    match solver.solve(&entry.puzzle) {
        // The only stop a batch solve can meet is its deadline: it has no cancel flag.
        Err(stopped) => (Answer::Timeout, stopped.stats.elapsed),
        // Givens that clash leave no solution (the search finds that at its root), so only then is it
        // worth looking for a conflict to name.
        Ok(out) if out.verdict == Verdict::None => {
            let answer = match entry.puzzle.conflicts().into_iter().next() {
                Some(conflict) => Answer::Conflict(conflict),
                None => Answer::NoSolution,
            };
            (answer, out.stats.elapsed)
        }
        Ok(out) => {
            let solution = out.solutions[0];
            let unique = out.verdict == Verdict::Unique;
            let answer = match entry.expected {
                Some(given) if !(unique && given == solution && given.solves(&entry.puzzle)) => {
                    Answer::Mismatch { solution }
                }
                _ => Answer::Solved { solution, unique },
            };
            (answer, out.stats.elapsed)
        }
    }
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

    /// Every puzzle in `text`, or the first error.
    fn read_all(text: &str) -> Result<Vec<Entry>, ReadError> {
        let mut reader = PuzzleReader::new(text.as_bytes());
        let mut all = Vec::new();
        loop {
            let chunk = reader.read_chunk()?;
            if chunk.is_empty() {
                return Ok(all);
            }
            all.extend(chunk);
        }
    }

    fn cells(text: &str) -> Line {
        Line::Cells(text.to_string())
    }

    #[test]
    fn comments_blanks_titles_and_csv_headers_are_skipped() {
        assert_eq!(parse_line("# a comment", 1).unwrap(), Line::Skip);
        assert_eq!(parse_line("   ", 2).unwrap(), Line::Skip);
        assert_eq!(parse_line("quizzes,solutions", 1).unwrap(), Line::Skip);
        assert_eq!(parse_line("Grid 01", 3).unwrap(), Line::Skip);
        assert_eq!(parse_line("------+------+------", 4).unwrap(), Line::Skip);
    }

    #[test]
    fn a_puzzle_with_commas_between_cells_is_not_mistaken_for_csv() {
        let line = vec!["0"; 81].join(",");
        assert_eq!(parse_line(&line, 4).unwrap(), cells(&"0".repeat(81)));
    }

    #[test]
    fn a_csv_row_with_a_broken_solution_is_an_error() {
        let err = read_all(&format!("{GRID2}\n{GRID2},123\n")).unwrap_err();
        assert_eq!(err.to_string(), "2: expected 81 cells, found 3");
    }

    #[test]
    fn an_endless_line_is_an_error_not_unbounded_memory() {
        let endless = io::Read::take(io::repeat(b'.'), 10 * MAX_LINE_BYTES as u64);
        let mut reader = PuzzleReader::new(io::BufReader::new(endless));
        let err = reader.read_chunk().unwrap_err();
        assert!(
            matches!(err.problem, Problem::Io(ref e) if e.kind() == io::ErrorKind::InvalidData)
        );
        assert_eq!(err.line, 1, "the failing line is the first");
    }

    #[test]
    fn a_named_puzzle_line_parses_ignoring_the_name() {
        assert_eq!(
            parse_line(&format!("{GRID2} grid two"), 3).unwrap(),
            cells(GRID2)
        );
    }

    #[test]
    fn digits_in_a_name_after_the_grid_are_not_cells() {
        for name in ["grid 2", "Grid 02 (hard, 1439 s)", "# from line 2"] {
            let entries = read_all(&format!("{GRID2} {name}\n")).unwrap();
            assert_eq!(entries.len(), 1, "{name}");
            assert_eq!(entries[0].puzzle.to_line(), GRID2);
        }
    }

    #[test]
    fn a_grid_over_several_lines_is_one_puzzle_starting_at_its_first_line() {
        let display = Grid::parse(GRID2).unwrap().display();
        let text = format!("# Norvig's display\n{display}\n{GRID2}\n");
        let entries = read_all(&text).unwrap();
        assert_eq!(entries.len(), 2);
        assert_eq!(entries[0].puzzle.to_line(), GRID2);
        assert_eq!((entries[0].line, entries[1].line), (2, 14));
    }

    #[test]
    fn project_euler_blocks_read_under_their_titles() {
        let rows: Vec<String> = GRID2
            .replace('.', "0")
            .as_bytes()
            .chunks(9)
            .map(|r| String::from_utf8(r.to_vec()).unwrap())
            .collect();
        let block = format!("Grid 01\n{}\n", rows.join("\n"));
        let entries = read_all(&block.repeat(2)).unwrap();
        assert_eq!(entries.len(), 2);
        assert_eq!(entries[1].line, 12);
        assert_eq!(entries[1].puzzle.to_line(), GRID2);
    }

    #[test]
    fn a_short_line_is_an_error_naming_its_line() {
        let err = read_all("1234\n").unwrap_err();
        assert_eq!(err.to_string(), "1: expected 81 cells, found 4");
        let err = read_all(&format!("{GRID2}\n# fine\n1234\n{GRID2}\n")).unwrap_err();
        assert_eq!(err.to_string(), "3: expected 81 cells, found 4");
    }

    #[test]
    fn a_grid_cut_short_names_the_lines_it_spans() {
        let display = Grid::parse(GRID2).unwrap().display();
        let cut: Vec<&str> = display.lines().take(5).collect();
        let err = read_all(&format!("{}\n", cut.join("\n"))).unwrap_err();
        assert_eq!(err.to_string(), "1-5: expected 81 cells, found 36");
    }

    #[test]
    fn a_line_with_too_many_cells_is_an_error() {
        let err = read_all(&format!("{GRID2}.\n")).unwrap_err();
        assert_eq!(err.to_string(), "1: expected 81 cells, found 82");
    }

    #[test]
    fn conflicting_givens_are_named_in_the_apis_words() {
        let puzzle = Grid::parse(&format!("55{}", ".".repeat(79))).unwrap();
        let entry = Entry {
            line: 1,
            puzzle,
            expected: None,
        };
        let (answer, _) = solve_entry(&entry, None);
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
    fn write_line_writes_what_line_says() {
        let solution: Grid =
            "483921657967345821251876493548132976729564138136798245372689514814253769695417382"
                .parse()
                .unwrap();
        let answers = [
            Answer::Solved {
                solution,
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
    fn a_whole_puzzle_line_is_one_entry_however_it_is_read() {
        let text =
            "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
        let Ok(Line::Entry(entry)) = parse_line(text, 3) else {
            panic!("one entry expected");
        };
        assert_eq!(entry.line, 3);
        assert_eq!(entry.puzzle, text.parse().unwrap());
        assert_eq!(entry.expected, None);
        assert_eq!(
            read_all(&format!("{text} name\n{text}\n")).unwrap().len(),
            2
        );
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
