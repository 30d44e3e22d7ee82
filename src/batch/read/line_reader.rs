//! [`LineReader`]: what each line comes to, read one at a time in order, with the state that spans
//! lines (a grid over several lines, a CSV header and its rows, a CSV row whose quoted field goes on
//! over the next lines), and a record in the place of every puzzle or bad line.

use std::sync::Arc;

use super::line::{is_separator, parse_line, plain_puzzle, Line};
use super::{CellsProblem, Entry, Problem, ReadError, Record, MAX_LINE_BYTES};
use crate::batch::read::csv::{self, Columns};
use crate::batch::read::shape_lines::{self, Shapes};
use crate::engine::shape::Shape;
use crate::engine::{Grid, Puzzle};

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

/// Reads lines handed to it one at a time, in order, into records: what a puzzle file carries from
/// line to line (the line number, a CSV header, a grid being gathered, shapes already built).
/// [`PuzzleReader`](super::PuzzleReader) hands it a file's lines; `POST /solve/batch` the lines of a request body as they
/// arrive.
///
/// A puzzle is 81 cells on one line, a row of a CSV, or 9 rows of 9 cells on consecutive lines (a
/// grid pasted as 9 rows, Norvig's display with `|` and `------+------+------`, or Project Euler's
/// blocks under a `Grid 01` title). Blank lines, comments and separators inside such a grid are
/// skipped; a grid that ends short of 81 cells (the input ends, or a line that is not a row comes)
/// is an error naming its lines.
///
/// A line starting with `{` is a JSON line carrying its own rules ([`shape_lines::json_line`]). A reader
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
    pub(super) fn reads_plain(&self) -> bool {
        self.csv.is_none() && self.shape.is_none() && self.line > 0
    }

    /// Reads the next line's bytes (newline and all) when they are 81 cells and a line ending,
    /// `\n` or `\r\n`, and nothing else, as [`LineReader::push`] would, but without checking
    /// them as UTF-8 and trimming them as text (a sixth of the reading's instructions): whether
    /// they were. Only where [`LineReader::reads_plain`].
    pub(super) fn push_plain(&mut self, bytes: &[u8], records: &mut Vec<Record>) -> bool {
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
        if shape_lines::is_link(trimmed) {
            let read = shape_lines::link_line(trimmed, line, &mut self.shapes);
            return read.map_or_else(Line::Bad, Line::Entry);
        }
        if trimmed.starts_with('{') {
            let read = shape_lines::json_line(
                trimmed.trim_end(),
                line,
                self.shape.as_ref(),
                &mut self.shapes,
            );
            return read.map_or_else(Line::Bad, Line::Entry);
        }
        if let Some(shape) = &self.shape {
            let trimmed = trimmed.trim_end();
            if trimmed.is_empty() || trimmed.starts_with('#') || is_separator(trimmed) {
                return Line::Skip;
            }
            return shape_lines::symbols_line(shape, trimmed, line)
                .map_or_else(Line::Bad, Line::Entry);
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
                    Line::Entry(entry) => records.push(Ok(entry)),
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
            Ok(puzzle) => Ok(Entry {
                line: partial.first,
                puzzle: Puzzle::Classic(puzzle),
                expected: None,
                id: None,
            }),
            Err(_) => Err(partial.incomplete()),
        });
    }
}

/// What a CSV row read into a puzzle says: its entry, numbered by its first line, or its problem.
fn row_line(read: Result<csv::Row, Problem>, line: usize) -> Line {
    match read {
        Ok(row) => Line::Entry(Entry {
            line,
            puzzle: Puzzle::Classic(row.puzzle),
            expected: row.solution.map(Puzzle::Classic),
            id: row.id,
        }),
        Err(problem) => Line::Bad(problem),
    }
}
