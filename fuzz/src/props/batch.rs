//! The batch reader's properties: one record per data line, in place, whether the input is read
//! whole or line by line.

use std::io::Cursor;

use sudoku_service::batch::read::csv;
use sudoku_service::batch::{Problem, PuzzleReader, ReadError, Record};

/// Every record in `input`, read to its end by the batch reader in chunks.
pub fn read_records(input: &[u8]) -> Vec<Record> {
    let mut reader = PuzzleReader::new(Cursor::new(input));
    let mut all = Vec::new();
    loop {
        let chunk = reader.read_chunk().expect("a slice never fails to read");
        if chunk.records.is_empty() {
            return all;
        }
        all.extend(chunk.records);
    }
}

/// What a puzzle record holds, its line number aside.
fn content(entry: &sudoku_service::batch::Entry) -> String {
    format!(
        "{:?} {:?} {:?}",
        entry.puzzle.shape().rules(),
        entry.puzzle,
        entry.expected
    )
}

/// The first line number of a record.
fn first_line(record: &Record) -> usize {
    match record {
        Ok(entry) => entry.line,
        Err(error) => error.line,
    }
}

/// What one line is, found by reading it alone (as the second line, after a comment, so that it is
/// never a header).
#[derive(Debug)]
enum Alone {
    /// No record, and it does not end a grid being gathered: blank, comment, separator.
    Skip,
    /// No record, but it ends a grid being gathered: a `Grid 01` title.
    Title,
    /// One row of a grid over several lines.
    Row,
    /// A record of its own: a puzzle or an error.
    Data(Record),
}

/// What the reader's documentation says a line that is not data is, independently of the reader: a
/// blank line, a `#` comment, a separator of `-`, `+`, `|` and `=`, or a title `Grid 01` (`Some(true)`
/// for a title). Every other line is data (`None`): it must give a record or be a row of a grid.
fn documented_non_data(line: &[u8]) -> Option<bool> {
    let trimmed = std::str::from_utf8(line).ok()?.trim();
    let separator = |c: char| c.is_whitespace() || matches!(c, '-' | '+' | '|' | '=');
    if trimmed.is_empty() || trimmed.starts_with('#') || trimmed.chars().all(separator) {
        return Some(false);
    }
    let number = trimmed
        .get(..4)
        .filter(|word| word.eq_ignore_ascii_case("grid"))
        .map(|_| &trimmed[4..])?;
    let digits = number.trim_start();
    let title = digits.len() < number.len()
        && !digits.is_empty()
        && digits.bytes().all(|b| b.is_ascii_digit());
    title.then_some(true)
}

/// Reads `line` alone, and checks that it is skipped exactly when the documentation says it is.
fn alone(line: &[u8]) -> Alone {
    let read = read_alone(line);
    let documented = documented_non_data(line);
    let agrees = match &read {
        Alone::Skip => documented == Some(false),
        Alone::Title => documented == Some(true),
        Alone::Row | Alone::Data(_) => documented.is_none(),
    };
    assert!(
        agrees,
        "{:?} reads as {read:?}; documented as {}",
        String::from_utf8_lossy(line),
        match documented {
            None => "data",
            Some(false) => "skipped",
            Some(true) => "a title",
        }
    );
    read
}

/// Reads `line` alone.
fn read_alone(line: &[u8]) -> Alone {
    let mut text = b"#\n".to_vec();
    text.extend_from_slice(line);
    text.push(b'\n');
    let mut records = read_records(&text);
    if records.is_empty() {
        // A title ends the row before it: two rows around it are two short grids, not one.
        let mut around = b"#\n123456789\n".to_vec();
        around.extend_from_slice(line);
        around.extend_from_slice(b"\n123456789\n");
        return match read_records(&around).len() {
            1 => Alone::Skip,
            2 => Alone::Title,
            n => panic!("{line:?} between two rows gives {n} records"),
        };
    }
    assert_eq!(records.len(), 1, "{line:?} alone gives {records:?}");
    let record = records.pop().expect("one record");
    match &record {
        Err(ReadError {
            problem: Problem::Cells(cells),
            line: 2,
            last_line: 2,
        }) if cells.to_string() == "expected 81 cells, found 9" => Alone::Row,
        _ => Alone::Data(record),
    }
}

/// The lines of `input` as the reader splits them: at `\n`, the last one without it.
fn lines(input: &[u8]) -> Vec<&[u8]> {
    let mut lines: Vec<&[u8]> = input.split(|&b| b == b'\n').collect();
    if lines.last().is_some_and(|l| l.is_empty()) {
        lines.pop();
    }
    lines
}

/// The batch reader gives exactly one record per data line, in place (issue 17's data-loss fix):
/// reading the whole input gives the records its lines give when each is read alone, at the same
/// line numbers, with 9 consecutive rows making one puzzle and a short run of rows one error. After
/// a CSV header on the first line, every line that is not blank or a comment is one record, except
/// that a row whose quotes are left open takes the lines after it until they close (RFC 4180).
///
/// Lines longer than the reader's limit are not modelled here (they have their own unit tests).
pub fn batch_records(input: &[u8]) {
    let records = read_records(input);
    let lines = lines(input);
    if lines
        .iter()
        .any(|l| l.len() >= sudoku_service::batch::MAX_LINE_BYTES)
    {
        return;
    }
    let mut expected: Vec<(usize, Option<Record>)> = Vec::new();
    let mut rows: Option<(usize, usize)> = None;
    let flush = |rows: &mut Option<(usize, usize)>, expected: &mut Vec<_>| {
        if let Some((first, _)) = rows.take() {
            expected.push((first, None));
        }
    };
    let first = lines.first().and_then(|l| std::str::from_utf8(l).ok());
    let first = first.map(|l| l.strip_prefix('\u{feff}').unwrap_or(l));
    match first.and_then(csv::header) {
        Some(Ok(_)) => {
            // RFC 4180: a row whose quotes are left open goes on over the next lines, blank and
            // comment lines included, until they close; a line that is not text ends it.
            let mut open: Option<(usize, usize)> = None;
            for (i, line) in lines.iter().enumerate().skip(1) {
                let Ok(text) = std::str::from_utf8(line) else {
                    // A line that is not text is an error whatever it holds, a comment's `#` too.
                    if let Some((first, _)) = open.take() {
                        expected.push((first, None));
                    }
                    expected.push((i + 1, None));
                    continue;
                };
                let quotes = text.matches('"').count();
                if let Some((first, held)) = open {
                    open = match (held + quotes) % 2 {
                        1 => Some((first, held + quotes)),
                        _ => {
                            expected.push((first, None));
                            None
                        }
                    };
                    continue;
                }
                if text.trim().is_empty() || text.trim().starts_with('#') {
                    continue;
                }
                match quotes % 2 {
                    1 => open = Some((i + 1, quotes)),
                    _ => expected.push((i + 1, None)),
                }
            }
            if let Some((first, _)) = open {
                expected.push((first, None));
            }
            check_records(input, &records, &expected);
            return;
        }
        Some(Err(_)) => expected.push((1, None)),
        None => {}
    }
    let start = usize::from(!expected.is_empty());
    for (i, line) in lines.iter().enumerate().skip(start) {
        let number = i + 1;
        let line: &[u8] = match (i, first) {
            (0, Some(text)) => text.as_bytes(),
            _ => line,
        };
        match alone(line) {
            Alone::Skip => {}
            Alone::Title => flush(&mut rows, &mut expected),
            Alone::Data(record) => {
                flush(&mut rows, &mut expected);
                expected.push((number, Some(record)));
            }
            Alone::Row => {
                let (first, count) = rows.map_or((number, 1), |(f, c)| (f, c + 1));
                if count == 9 {
                    rows = None;
                    expected.push((first, None));
                } else {
                    rows = Some((first, count));
                }
            }
        }
    }
    flush(&mut rows, &mut expected);
    check_records(input, &records, &expected);
}

/// `records` are `expected`: the same count, the same first lines, and where a line's record alone
/// is known, the same puzzle or the same problem.
fn check_records(input: &[u8], records: &[Record], expected: &[(usize, Option<Record>)]) {
    let got: Vec<usize> = records.iter().map(first_line).collect();
    let want: Vec<usize> = expected.iter().map(|(line, _)| *line).collect();
    assert_eq!(
        got,
        want,
        "record lines of {:?}",
        String::from_utf8_lossy(input)
    );
    for (record, (_, alone)) in records.iter().zip(expected) {
        match (record, alone) {
            (_, None) => {}
            (Ok(entry), Some(Ok(single))) => {
                assert_eq!(
                    content(entry),
                    content(single),
                    "line {} of {:?}",
                    entry.line,
                    String::from_utf8_lossy(input)
                );
            }
            (Err(error), Some(Err(single))) => {
                assert_eq!(
                    error.problem.to_string(),
                    single.problem.to_string(),
                    "line {} of {:?}",
                    error.line,
                    String::from_utf8_lossy(input)
                );
            }
            (record, Some(single)) => panic!(
                "{record:?} where the line alone gives {single:?} in {:?}",
                String::from_utf8_lossy(input)
            ),
        }
    }
}
