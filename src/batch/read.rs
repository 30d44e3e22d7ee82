//! Reading puzzle files: what each line is, and a record for every puzzle or bad line in input order.
//!
//! Every line is data unless it is one of the few kinds documented as not: a blank line, a `#`
//! comment, a separator made of `-`, `+`, `|` and `=` (Norvig's `------+------+------`), a Project
//! Euler title (`Grid 01`), or a CSV header on the first line. A data line that is not a puzzle is
//! an error record in its place, so answers never drift from the lines they answer.

use std::io::{self, BufRead, Read};
use std::sync::Arc;

use super::csv::{self, Columns};
use super::shaped::{self, Puzzle, Shapes};
use crate::engine::shape::Shape;
use crate::engine::Grid;

mod error;
mod line;

pub use error::{CellsProblem, Problem, ReadError};
use line::{is_separator, parse_line, plain_puzzle, Line};

/// How many records are read, solved and written at a time: large enough to keep every thread busy,
/// small enough that a file of millions of puzzles is never held in memory.
pub const CHUNK: usize = 8192;

/// The longest input line read: far more than any pasted grid, and a bound on memory however the
/// input is made (`/dev/zero` has no newline). The rest of a longer line is skipped unread.
pub const MAX_LINE_BYTES: usize = 64 * 1024;

/// One puzzle read from input.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    /// 1-based line number in its source (the first line of a grid over several).
    pub line: usize,
    /// The puzzle.
    pub puzzle: Grid,
    /// The solution given beside it (a CSV's solution column), to be checked.
    pub expected: Option<Grid>,
    /// Its key in a CSV with an `id` column (Kaggle's 3M layout), for joining answers to input.
    pub id: Option<Box<str>>,
}

/// A puzzle, or the error that stands in place of a line that is not one.
pub type Record = Result<Puzzle, ReadError>;

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
            problem: Problem::Cells(CellsProblem::Count {
                found: self.cells.len(),
                stop: None,
            }),
        }
    }
}

/// What [`PuzzleReader::read_chunk`] read: records in input order, and how many lines they took.
#[derive(Debug, Default)]
pub struct Chunk {
    /// A record for every puzzle and every bad line.
    pub records: Vec<Record>,
    /// The input lines consumed, for a progress display.
    pub lines: usize,
}

/// Reads puzzles from text in chunks of at most about [`CHUNK`] records, so that a file of millions
/// of puzzles is never held in memory: the lines of a [`BufRead`], each bounded by
/// [`MAX_LINE_BYTES`], read by a [`LineReader`].
#[derive(Debug)]
pub struct PuzzleReader<R> {
    input: R,
    buffer: Vec<u8>,
    lines: LineReader,
}

impl<R: BufRead> PuzzleReader<R> {
    /// A reader of `input`, at its first line.
    pub fn new(input: R) -> Self {
        PuzzleReader {
            input,
            buffer: Vec::new(),
            lines: LineReader::default(),
        }
    }

    /// A reader of puzzles on `shape`, one a line (JSON lines may name their own rules).
    pub fn with_shape(input: R, shape: Arc<Shape>) -> Self {
        PuzzleReader {
            lines: LineReader::with_shape(shape),
            ..PuzzleReader::new(input)
        }
    }

    /// Reads up to about [`CHUNK`] records; none at the end of input. An error only when the input
    /// cannot be read any further.
    pub fn read_chunk(&mut self) -> Result<Chunk, ReadError> {
        self.read_chunk_of(CHUNK)
    }

    /// Reads up to about `size` records (at least one); none at the end of input. An error only
    /// when the input cannot be read any further.
    pub fn read_chunk_of(&mut self, size: usize) -> Result<Chunk, ReadError> {
        let size = size.max(1);
        let start = self.lines.line();
        // Room for a whole chunk at once: growing by doubling copied the records (about 180 bytes
        // each) again at every step; 0.7% of `sudoku solve -j 1`'s instructions on serg's file.
        let mut records = Vec::with_capacity(size);
        while records.len() < size {
            if self.read_plain_line(&mut records) {
                continue;
            }
            match self.read_line()? {
                Raw::End => {
                    self.lines.finish(&mut records);
                    break;
                }
                Raw::TooLong => self.lines.push_problem(Problem::TooLong, &mut records),
                Raw::Text(bytes) => {
                    self.lines.push(&bytes, &mut records);
                    self.buffer = bytes;
                }
            }
        }
        Ok(Chunk {
            records,
            lines: self.lines.line() - start,
        })
    }

    /// Reads the next line in place when it lies whole in the input's buffer and is a plain puzzle
    /// (see [`LineReader::push_plain`]): whether it did. Nearly every line of a puzzle file is
    /// one, and reading it this way skips the search for its newline and the copy out of the
    /// buffer (about 270 instructions a line, 1.2% of `sudoku solve -j 1` on Serg's benchmark).
    /// Any other line is left for [`PuzzleReader::read_line`].
    fn read_plain_line(&mut self, records: &mut Vec<Record>) -> bool {
        if !self.lines.reads_plain() {
            return false;
        }
        // An error (an interrupted read, say) is left to `read_line`, which reports it or retries.
        let Ok(available) = self.input.fill_buf() else {
            return false;
        };
        // Cells hold no newline, so the 82nd and 83rd bytes say where such a line would end.
        let length = match available.get(81..83) {
            Some([b'\n', _]) => 82,
            Some([b'\r', b'\n']) => 83,
            None if available.get(81) == Some(&b'\n') => 82,
            _ => return false,
        };
        if !self.lines.push_plain(&available[..length], records) {
            return false;
        }
        self.input.consume(length);
        true
    }

    /// The next line's bytes (the reader's buffer, lent until it is given back), bounded by
    /// [`MAX_LINE_BYTES`].
    fn read_line(&mut self) -> Result<Raw, ReadError> {
        let mut buffer = std::mem::take(&mut self.buffer);
        buffer.clear();
        let next = self.lines.line() + 1;
        let fail = |e: io::Error| ReadError {
            line: next,
            last_line: next,
            problem: e.into(),
        };
        let read = self
            .input
            .by_ref()
            .take(MAX_LINE_BYTES as u64 + 1)
            .read_until(b'\n', &mut buffer)
            .map_err(fail)?;
        if read == 0 {
            self.buffer = buffer;
            return Ok(Raw::End);
        }
        if read <= MAX_LINE_BYTES || buffer.last() == Some(&b'\n') {
            return Ok(Raw::Text(buffer));
        }
        // The rest of the line is skipped without holding it, so the next line is read as usual.
        self.buffer = buffer;
        self.input.skip_until(b'\n').map_err(fail)?;
        Ok(Raw::TooLong)
    }
}

/// Reads lines handed to it one at a time, in order, into records: what a puzzle file carries from
/// line to line (the line number, a CSV header, a grid being gathered, shapes already built).
/// [`PuzzleReader`] hands it a file's lines; `POST /solve/batch` the lines of a request body as they
/// arrive.
///
/// A puzzle is 81 cells on one line, a row of a CSV, or 9 rows of 9 cells on consecutive lines (a
/// grid pasted as 9 rows, Norvig's display with `|` and `------+------+------`, or Project Euler's
/// blocks under a `Grid 01` title). Blank lines, comments and separators inside such a grid are
/// skipped; a grid that ends short of 81 cells (the input ends, or a line that is not a row comes)
/// is an error naming its lines.
///
/// A line starting with `{` is a JSON line carrying its own rules ([`shaped::json_line`]). A reader
/// made [`with_shape`](LineReader::with_shape) reads every other data line as one puzzle of N*N
/// symbols on that shape, strictly: no names, CSV or grids over several lines.
#[derive(Debug, Default)]
pub struct LineReader {
    line: usize,
    partial: Option<Partial>,
    csv: Option<Columns>,
    /// A CSV row whose quoted field goes on past its line: its first line and its text so far.
    open_row: Option<(usize, String)>,
    shape: Option<Arc<Shape>>,
    shapes: Shapes,
}

impl LineReader {
    /// A reader of classic lines (and JSON lines with their own rules), before its first line.
    pub fn new() -> Self {
        LineReader::default()
    }

    /// A reader of puzzles on `shape`, one a line (JSON lines may name their own rules).
    pub fn with_shape(shape: Arc<Shape>) -> Self {
        LineReader {
            shape: Some(shape),
            ..LineReader::default()
        }
    }

    /// The lines read so far: the 1-based number of the last one.
    pub fn line(&self) -> usize {
        self.line
    }

    /// Reads the next line (with or without its newline): the record it makes, or the record of a
    /// grid over several lines that it ends, goes into `records`; a line that is nothing (a blank,
    /// a comment, a header), or a row of a grid not yet complete, adds none.
    pub fn push(&mut self, bytes: &[u8], records: &mut Vec<Record>) {
        if self.reads_plain() && self.push_plain(bytes, records) {
            return;
        }
        self.line += 1;
        let parsed = match std::str::from_utf8(bytes) {
            Ok(text) => self.parse(text, self.line),
            Err(_) => {
                self.close_open_row(records);
                Line::Bad(Problem::NotText)
            }
        };
        self.take(parsed, self.line, records);
    }

    /// Ends a CSV row still open before this line (a line that cannot join it comes): its record,
    /// an unclosed quote over the lines it took, goes before the line's own.
    fn close_open_row(&mut self, records: &mut Vec<Record>) {
        if let Some((first, _)) = self.open_row.take() {
            records.push(Err(ReadError {
                line: first,
                last_line: self.line - 1,
                problem: Problem::Quote,
            }));
        }
    }

    /// Whether the next line, if it is 81 cells and its line ending, reads as a puzzle whatever it
    /// holds: outside a CSV's rows and a shape's lines, and after the first line (which may be a
    /// CSV header or carry a byte-order mark).
    fn reads_plain(&self) -> bool {
        self.csv.is_none() && self.shape.is_none() && self.line > 0
    }

    /// Reads the next line's bytes (newline and all) when they are 81 cells and a line ending,
    /// `\n` or `\r\n`, and nothing else, as [`LineReader::push`] would, but without checking
    /// them as UTF-8 and trimming them as text (a sixth of the reading's instructions): whether
    /// they were. Only where [`LineReader::reads_plain`].
    fn push_plain(&mut self, bytes: &[u8], records: &mut Vec<Record>) -> bool {
        debug_assert!(self.reads_plain());
        let Some(puzzle) = plain_puzzle(bytes, self.line + 1) else {
            return false;
        };
        self.line += 1;
        self.take(puzzle, self.line, records);
        true
    }

    /// Counts the next line as one in error, for a problem found before it could be read (too long,
    /// not a JSON string): its record is `problem`, in its place.
    pub fn push_problem(&mut self, problem: Problem, records: &mut Vec<Record>) {
        self.line += 1;
        self.close_open_row(records);
        self.take(Line::Bad(problem), self.line, records);
    }

    /// The end of input: a grid still being gathered, or a CSV row whose quote never closed, is an
    /// error naming its lines.
    pub fn finish(&mut self, records: &mut Vec<Record>) {
        records.extend(self.partial.take().map(|p| Err(p.incomplete())));
        if let Some((first, _)) = self.open_row.take() {
            records.push(Err(ReadError {
                line: first,
                last_line: self.line,
                problem: Problem::Quote,
            }));
        }
    }

    /// Reads CSV row text by RFC 4180: a row whose quoted field is still open at the end of its
    /// line is held and joined with the next lines (up to [`MAX_LINE_BYTES`]) until it closes.
    /// `None` while it is held; otherwise the row's first line and what it holds.
    fn csv_row(&mut self, text: &str, line: usize, columns: &Columns) -> Option<(usize, Line)> {
        let (first, joined) = match self.open_row.take() {
            Some((first, mut held)) => {
                held.push('\n');
                held.push_str(text);
                (first, held)
            }
            None if csv::is_open(text) => (line, text.to_string()),
            None => return Some((line, row_line(csv::row(text, columns), line))),
        };
        if csv::is_open(&joined) {
            if joined.len() > MAX_LINE_BYTES {
                return Some((first, Line::Bad(Problem::Quote)));
            }
            self.open_row = Some((first, joined));
            return None;
        }
        Some((first, row_line(csv::row(&joined, columns), first)))
    }

    /// What line `line` holds: the first may be a CSV header, and every line after one is a row.
    fn parse(&mut self, text: &str, line: usize) -> Line {
        if let Some(columns) = self.csv.clone() {
            let trimmed = text.trim();
            if self.open_row.is_none() && (trimmed.is_empty() || trimmed.starts_with('#')) {
                return Line::Skip;
            }
            return match self.csv_row(text, line, &columns) {
                None => Line::Skip,
                Some((first, Line::Bad(problem))) if first != line => Line::BadFrom(first, problem),
                Some((_, parsed)) => parsed,
            };
        }
        let trimmed = text.trim_start();
        if trimmed.starts_with('{') {
            let read = shaped::json_line(
                trimmed.trim_end(),
                line,
                self.shape.as_ref(),
                &mut self.shapes,
            );
            return read.map_or_else(Line::Bad, Line::Puzzle);
        }
        if let Some(shape) = &self.shape {
            let trimmed = trimmed.trim_end();
            if trimmed.is_empty() || trimmed.starts_with('#') || is_separator(trimmed) {
                return Line::Skip;
            }
            return shaped::symbols_line(shape, trimmed, line).map_or_else(Line::Bad, Line::Puzzle);
        }
        if line == 1 {
            let text = text.strip_prefix('\u{feff}').unwrap_or(text);
            match csv::header(text) {
                Some(Ok(columns)) => {
                    self.csv = Some(columns);
                    return Line::Skip;
                }
                Some(Err(problem)) => return Line::Bad(problem),
                None => return parse_line(text, line),
            }
        }
        parse_line(text, line)
    }

    /// Adds what line `line` holds to `records`: a grid being gathered is finished first by
    /// anything that is not its next row.
    fn take(&mut self, parsed: Line, line: usize, records: &mut Vec<Record>) {
        let cells = match parsed {
            Line::Skip => return,
            Line::Row(cells) => cells,
            other => {
                records.extend(self.partial.take().map(|p| Err(p.incomplete())));
                match other {
                    Line::Entry(entry) => records.push(Ok(Puzzle::Classic(entry))),
                    Line::Puzzle(puzzle) => records.push(Ok(puzzle)),
                    Line::Bad(problem) => records.push(Err(ReadError {
                        line,
                        last_line: line,
                        problem,
                    })),
                    Line::BadFrom(first, problem) => records.push(Err(ReadError {
                        line: first,
                        last_line: line,
                        problem,
                    })),
                    _ => {}
                }
                return;
            }
        };
        let mut partial = self.partial.take().unwrap_or(Partial {
            first: line,
            last: line,
            cells: String::with_capacity(81),
        });
        partial.cells.push_str(&cells);
        partial.last = line;
        if partial.cells.len() < 81 {
            self.partial = Some(partial);
            return;
        }
        records.push(match Grid::parse(&partial.cells) {
            Ok(puzzle) => Ok(Puzzle::Classic(Entry {
                line: partial.first,
                puzzle,
                expected: None,
                id: None,
            })),
            Err(_) => Err(partial.incomplete()),
        });
    }
}

/// What a CSV row read into a puzzle says: its entry, numbered by its first line, or its problem.
fn row_line(read: Result<csv::Row, Problem>, line: usize) -> Line {
    match read {
        Ok(row) => Line::Entry(Entry {
            line,
            puzzle: row.puzzle,
            expected: row.solution,
            id: row.id,
        }),
        Err(problem) => Line::Bad(problem),
    }
}

/// A line as read, before it is parsed.
enum Raw {
    /// The end of input.
    End,
    /// A line's bytes, with its newline.
    Text(Vec<u8>),
    /// A line over [`MAX_LINE_BYTES`], skipped.
    TooLong,
}

#[cfg(test)]
mod tests;
