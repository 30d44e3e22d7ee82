//! Reading puzzle files: what each line is, and a record for every puzzle or bad line in input order.
//!
//! Every line is data unless it is one of the few kinds documented as not: a blank line, a `#`
//! comment, a separator made of `-`, `+`, `|` and `=` (Norvig's `------+------+------`), a Project
//! Euler title (`Grid 01`), or a CSV header on the first line. A data line that is not a puzzle is
//! an error record in its place, so answers never drift from the lines they answer.

use std::io::{self, BufRead, Read};
use std::sync::Arc;

use crate::engine::shape::Shape;
use crate::engine::Puzzle;

pub mod csv;
mod error;
mod line;
mod line_reader;
pub mod shape_lines;

pub use error::{CellsProblem, Problem, ReadError};
pub use line_reader::LineReader;

/// How many records are read, solved and written at a time: large enough to keep every thread busy,
/// small enough that a file of millions of puzzles is never held in memory.
pub const CHUNK: usize = 8192;

/// The longest input line read: far more than any pasted grid, and a bound on memory however the
/// input is made (`/dev/zero` has no newline). The rest of a longer line is skipped unread.
pub const MAX_LINE_BYTES: usize = 64 * 1024;

/// One puzzle read from input, of any shape.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    /// 1-based line number in its source (the first line of a grid over several).
    pub line: usize,
    /// The puzzle.
    pub puzzle: Puzzle,
    /// The solution given beside it (a CSV's solution column, a JSON line's `solution`), to be
    /// checked.
    pub expected: Option<Puzzle>,
    /// Its key in a CSV with an `id` column (Kaggle's 3M layout), for joining answers to input.
    pub id: Option<Box<str>>,
}

/// A puzzle, or the error that stands in place of a line that is not one.
pub type Record = Result<Entry, ReadError>;

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
mod csv_tests;
#[cfg(test)]
mod tests;
