//! What one line of a puzzle file holds, read on its own: a whole puzzle, a row of a grid over
//! several lines, something to skip, or a problem.

use super::csv::{self, Column};
use super::{CellsProblem, Entry, Problem};
use crate::engine::grid::is_cell;
use crate::engine::{Grid, Puzzle};

/// The characters of a separator line, other than spaces.
const SEPARATORS: [char; 4] = ['-', '+', '|', '='];

/// What one input line holds.
#[derive(Debug)]
pub(super) enum Line {
    /// Nothing: a blank line, a comment, a separator or a CSV header.
    Skip,
    /// A title such as `Grid 01`: nothing, but a grid being gathered must be complete by now.
    Title,
    /// A whole puzzle (a JSON line, or a line of symbols on the command line's shape, too).
    Entry(Entry),
    /// Nine cells: one row of a grid over several lines.
    Row(String),
    /// A data line that is not a puzzle.
    Bad(Problem),
    /// Lines from the first given to this one that are not a puzzle (a CSV row over several).
    BadFrom(usize, Problem),
}

/// Reads one line of a file without a CSV header.
///
/// A name or comment may follow the cells: they end at the first letter or `#`, so the digits of
/// `<puzzle> grid 2` are a name. Cells with exactly one comma between them are a CSV row without a
/// header, `puzzle,solution`; otherwise every character other than a cell separates cells (so
/// commas, spaces, `|`, `-` and `+` do). A line of 81 cells is a puzzle, one of 9 a row of a grid
/// over several lines; any other count is an error.
pub(super) fn parse_line(text: &str, line: usize) -> Line {
    let trimmed = text.trim();
    // The common line, a whole puzzle and nothing else, skips the search for a name and gathering
    // its cells into a string.
    if let Some(puzzle) = whole_puzzle(trimmed.as_bytes(), line) {
        return puzzle;
    }
    if trimmed.is_empty() || trimmed.starts_with('#') || is_separator(trimmed) {
        return Line::Skip;
    }
    if is_title(trimmed) {
        return Line::Title;
    }
    let lead = text.len() - text.trim_start().len();
    let column = |byte: usize| text[..lead + byte].chars().count() + 1;
    let stop = trimmed
        .char_indices()
        .find(|&(_, c)| c.is_alphabetic() || c == '#');
    let head = &trimmed[..stop.map_or(trimmed.len(), |(i, _)| i)];
    if let Some((first, second)) = head.split_once(',').filter(|(_, s)| !s.contains(',')) {
        return csv_row(first, second, line);
    }
    let cells: String = head
        .chars()
        .filter(|&c| c.is_ascii() && is_cell(c as u8))
        .collect();
    let problem = match cells.len() {
        81 => return entry(Grid::parse(&cells), line),
        9 => return Line::Row(cells),
        0 => {
            let (at, found) = trimmed
                .char_indices()
                .find(|&(_, c)| !c.is_whitespace() && !SEPARATORS.contains(&c))
                .expect("a line that is not a separator holds something else");
            CellsProblem::Stray {
                at: column(at),
                found,
            }
        }
        found => CellsProblem::Count {
            found,
            stop: stop.map(|(i, c)| (column(i), c)),
        },
    };
    Line::Bad(Problem::Cells(problem))
}

/// A line that is exactly 81 cells, nothing before or after them, as its entry.
fn whole_puzzle(bytes: &[u8], line: usize) -> Option<Line> {
    let cells = <&[u8; 81]>::try_from(bytes).ok()?;
    // Every byte looked at, without stopping at the first bad one, so that the check vectorises.
    if !cells.iter().fold(true, |ok, &b| ok & is_cell(b)) {
        return None;
    }
    // One pass over a fixed 81 bytes, without `Grid::parse`'s filter (`.` and `0` are blanks):
    // 0.9 thousand instructions a line where parsing took 2.2 (callgrind, Serg's file).
    let values = cells.map(|b| if b == b'.' { 0 } else { b - b'0' });
    Some(entry(Ok(Grid::from_cells(&values)), line))
}

/// The line as its bytes were read (newline and all) when it is 81 cells and its line ending,
/// `\n` or `\r\n`, or none, and nothing else: what [`parse_line`] makes of it, found without
/// checking the bytes as UTF-8 and trimming them as text.
pub(super) fn plain_puzzle(bytes: &[u8], line: usize) -> Option<Line> {
    let bytes = bytes.strip_suffix(b"\n").unwrap_or(bytes);
    let bytes = bytes.strip_suffix(b"\r").unwrap_or(bytes);
    whole_puzzle(bytes, line)
}

fn entry(parsed: Result<Grid, crate::engine::GridError>, line: usize) -> Line {
    match parsed {
        Ok(puzzle) => Line::Entry(Entry {
            line,
            puzzle: Puzzle::Classic(puzzle),
            expected: None,
            id: None,
        }),
        Err(_) => unreachable!("81 cells always make a grid"),
    }
}

/// `puzzle,solution` without a header: both columns checked strictly, the solution may be empty.
fn csv_row(first: &str, second: &str, line: usize) -> Line {
    let column =
        |column, text| csv::field(text).map_err(|problem| Problem::Column { column, problem });
    let read = column(Column::Puzzle, first).and_then(|puzzle| {
        let expected = match second.trim() {
            "" => None,
            text => Some(column(Column::Solution, text)?),
        };
        Ok(Entry {
            line,
            puzzle: Puzzle::Classic(puzzle),
            expected: expected.map(Puzzle::Classic),
            id: None,
        })
    });
    read.map_or_else(Line::Bad, Line::Entry)
}

/// `------+------+------`, `|`, `=====`: lines that only draw a grid.
pub(super) fn is_separator(trimmed: &str) -> bool {
    trimmed
        .chars()
        .all(|c| c.is_whitespace() || SEPARATORS.contains(&c))
}

/// Project Euler's titles: `Grid`, spaces, a number, and nothing else.
pub(super) fn is_title(trimmed: &str) -> bool {
    let Some(rest) = trimmed
        .get(..4)
        .filter(|word| word.eq_ignore_ascii_case("grid"))
        .map(|_| &trimmed[4..])
    else {
        return false;
    };
    let number = rest.trim_start();
    number.len() < rest.len() && !number.is_empty() && number.bytes().all(|b| b.is_ascii_digit())
}
