//! The input of `POST /solve/batch`: a request body read as it arrives, cut into lines, each line
//! read by the command line's [`LineReader`] into a record in its place, and the records handed out
//! in chunks as soon as there are any, so that answers flow while later lines are still arriving.

use std::time::Duration;

use axum::body::Bytes;
use serde_json::Value;

use super::spool::{End, Piece, Spool};
use crate::batch::{LineReader, Problem, Record, MAX_LINE_BYTES};

/// Records handed to one pool job at most: enough that a job of easy puzzles (microseconds each)
/// is worth its hand-off to a thread, few enough that every thread gets a share of a short batch.
pub const CHUNK: usize = 256;

/// How the body gives its puzzles.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BodyFormat {
    /// `application/x-ndjson`: one JSON value a line, a puzzle string or `{"puzzle", "rules"?}`.
    Ndjson,
    /// `text/csv` or `text/plain`: the command line's puzzle files (Kaggle CSV by its header,
    /// one puzzle a line, grids over several lines).
    Text,
}

/// Why the input ended before its end: written as an error record after the last answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Stop {
    /// More lines than [`crate::config::BatchLimits::max_lines`]; `line` is the first not read.
    TooManyLines {
        /// The first line not read.
        line: usize,
        /// The limit.
        max: usize,
    },
    /// Nothing arrived for the idle timeout.
    Idle {
        /// The line that never came.
        line: usize,
        /// The timeout.
        after: Duration,
    },
    /// The body broke off (the connection failed mid-request), or could not be held.
    Broken {
        /// The line being read.
        line: usize,
        /// What went wrong, as a sentence.
        detail: String,
    },
    /// The server began to shut down: what was answered went out, the rest was not read.
    ShuttingDown {
        /// The first line not answered.
        line: usize,
    },
    /// The client's share of heavy work was spent: a puzzle that needed heavy work was not
    /// answered, and nothing more was read.
    OverBudget {
        /// The first line not answered.
        line: usize,
        /// Seconds until the client's budget is above zero again.
        retry_after: u64,
    },
}

/// Where the records come from.
#[derive(Debug)]
enum Source {
    /// A streamed body, read ahead by its spool and cut into lines here.
    Stream(Spool),
    /// The elements of a JSON array, already read whole.
    Array(std::vec::IntoIter<Value>),
    /// Nothing more.
    Done,
}

/// The records of one request, read a chunk at a time.
#[derive(Debug)]
pub struct Input {
    source: Source,
    format: BodyFormat,
    reader: LineReader,
    /// The start of a line whose end has not arrived.
    pending: Vec<u8>,
    /// Whether the rest of an over-long line is being skipped.
    skipping: bool,
    records: Vec<Record>,
    /// The part of the last piece of the body not yet cut into lines.
    rest: Bytes,
    max_lines: usize,
    stop: Option<Stop>,
}

impl Input {
    /// The lines of a streamed body, read ahead by `spool`.
    pub fn stream(spool: Spool, format: BodyFormat, max_lines: usize) -> Self {
        Input::new(Source::Stream(spool), format, max_lines)
    }

    /// The elements of a JSON array, one record each, numbered from 1.
    pub fn array(elements: Vec<Value>) -> Self {
        let max = elements.len();
        Input::new(Source::Array(elements.into_iter()), BodyFormat::Ndjson, max)
    }

    fn new(source: Source, format: BodyFormat, max_lines: usize) -> Self {
        Input {
            source,
            format,
            reader: LineReader::new(),
            pending: Vec::new(),
            skipping: false,
            records: Vec::new(),
            rest: Bytes::new(),
            max_lines,
            stop: None,
        }
    }

    /// Whether every record has been handed out.
    pub fn is_done(&self) -> bool {
        matches!(self.source, Source::Done) && self.records.is_empty() && self.rest.is_empty()
    }

    /// Why the input stopped early, once it has.
    pub fn stop(&self) -> Option<&Stop> {
        self.stop.as_ref()
    }

    /// The next chunk: up to [`CHUNK`] records, handed out as soon as the body has nothing more to
    /// give at once (a slow client's lines are answered as they come). `None` once done.
    ///
    /// Cancel-safe: everything read is kept in `self`, and the only wait is for the next piece of
    /// the body, which loses nothing when dropped.
    pub async fn next_chunk(&mut self) -> Option<Vec<Record>> {
        loop {
            if self.records.len() >= CHUNK {
                return Some(std::mem::take(&mut self.records));
            }
            if !self.rest.is_empty() {
                let rest = std::mem::take(&mut self.rest);
                self.split(rest);
                continue;
            }
            let piece = match &mut self.source {
                Source::Done if self.records.is_empty() => return None,
                Source::Done => return Some(std::mem::take(&mut self.records)),
                Source::Array(elements) => {
                    match elements.next() {
                        Some(element) => self.element(element),
                        None => self.source = Source::Done,
                    }
                    continue;
                }
                // Nothing to hand out: wait for the client (the spool keeps the idle timeout).
                Source::Stream(spool) if self.records.is_empty() => spool.next().await,
                // Records to hand out: only what is already read ahead is added to them.
                Source::Stream(spool) => match spool.ready().await {
                    Some(piece) => piece,
                    None => return Some(std::mem::take(&mut self.records)),
                },
            };
            let line = self.reader.line() + 1;
            match piece {
                Piece::Data(bytes) => self.split(bytes),
                Piece::End(End::Complete) => self.end(None),
                Piece::End(End::Idle(after)) => self.end(Some(Stop::Idle { line, after })),
                Piece::End(End::Broken(detail)) => self.end(Some(Stop::Broken { line, detail })),
            }
        }
    }

    /// Stops reading at once: records read but not handed out are dropped, and the spool with the
    /// rest of the body. Returns the first line not handed out.
    pub fn halt(&mut self) -> usize {
        let first = self.records.first().map(|record| match record {
            Ok(entry) => entry.line,
            Err(error) => error.line,
        });
        self.records.clear();
        self.rest = Bytes::new();
        self.source = Source::Done;
        first.unwrap_or(self.reader.line() + 1)
    }

    /// Cuts `bytes` into lines, the first continuing the line pending from before, until a chunk's
    /// worth of records is read: the rest waits in `self.rest` for the next chunk, so records are
    /// handed out whole, never drained from the front of a longer list (which moved every record
    /// behind them: a few per cent of a batch of easy puzzles). A line whole within `bytes` is read
    /// where it lies; only one cut by a piece's end is copied.
    fn split(&mut self, whole: Bytes) {
        let mut bytes = &whole[..];
        while !matches!(self.source, Source::Done) {
            if self.records.len() >= CHUNK {
                self.rest = whole.slice(whole.len() - bytes.len()..);
                return;
            }
            let Some(at) = bytes.iter().position(|&b| b == b'\n') else {
                self.hold(bytes);
                return;
            };
            if self.pending.is_empty() && !self.skipping && at <= MAX_LINE_BYTES {
                self.line(&bytes[..at]);
            } else {
                self.hold(&bytes[..at]);
                if !std::mem::take(&mut self.skipping) {
                    let line = std::mem::take(&mut self.pending);
                    self.line(&line);
                    self.pending = line;
                    self.pending.clear();
                }
            }
            bytes = &bytes[at + 1..];
        }
    }

    /// Adds part of a line to the pending one, or starts skipping a line grown too long.
    fn hold(&mut self, part: &[u8]) {
        if self.skipping {
            return;
        }
        if self.pending.len() + part.len() > MAX_LINE_BYTES {
            self.pending.clear();
            self.skipping = true;
            if self.room() {
                self.reader
                    .push_problem(Problem::TooLong, &mut self.records);
            }
            return;
        }
        self.pending.extend_from_slice(part);
    }

    /// Whether another line may be read; past the limit, the input ends.
    fn room(&mut self) -> bool {
        if self.reader.line() < self.max_lines {
            return true;
        }
        self.end(Some(Stop::TooManyLines {
            line: self.reader.line() + 1,
            max: self.max_lines,
        }));
        false
    }

    /// Reads one whole line in the body's format.
    fn line(&mut self, line: &[u8]) {
        if !self.room() {
            return;
        }
        let trimmed = line.trim_ascii();
        if self.format == BodyFormat::Ndjson && trimmed.starts_with(b"\"") {
            match serde_json::from_slice::<String>(trimmed) {
                Ok(text) => self.reader.push(text.as_bytes(), &mut self.records),
                Err(e) => self
                    .reader
                    .push_problem(Problem::Json(e.to_string()), &mut self.records),
            }
            return;
        }
        self.reader.push(line, &mut self.records);
    }

    /// Reads one element of a JSON array: a puzzle string, or an object read as a JSON line.
    fn element(&mut self, element: Value) {
        match element {
            Value::String(text) => self.reader.push(text.as_bytes(), &mut self.records),
            Value::Object(_) => {
                let text = element.to_string();
                self.reader.push(text.as_bytes(), &mut self.records);
            }
            other => {
                let problem = Problem::Json(format!(
                    "an element is a puzzle string or an object with puzzle and rules, not {other}"
                ));
                self.reader.push_problem(problem, &mut self.records);
            }
        }
    }

    /// The end of the body (or of reading it): a last line without its newline is read, and a grid
    /// still being gathered is an error.
    fn end(&mut self, stop: Option<Stop>) {
        if stop.is_none() && !self.skipping && !self.pending.is_empty() {
            let line = std::mem::take(&mut self.pending);
            self.line(&line);
        }
        if !matches!(self.source, Source::Done) {
            self.reader.finish(&mut self.records);
        }
        if self.stop.is_none() {
            self.stop = stop;
        }
        self.source = Source::Done;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::body::Bytes;

    /// A body handing out `parts` one at a time, as a network might cut it.
    fn body_of(parts: &[&'static str]) -> Spool {
        let chunks: Vec<Result<Bytes, std::io::Error>> = parts
            .iter()
            .map(|p| Ok(Bytes::from_static(p.as_bytes())))
            .collect();
        let body =
            axum::body::Body::from_stream(futures_util::stream::iter(chunks)).into_data_stream();
        let limits = super::super::spool::SpoolLimits {
            memory_bytes: 1 << 20,
            disk_bytes: 1 << 20,
            dir: None,
        };
        Spool::start(body, limits, Duration::from_secs(5))
    }

    const EASY: &str =
        "003020600900305001001806400008102900700000008006708200002609500800203009005010300";

    async fn lines_of(mut input: Input) -> (Vec<Result<usize, String>>, Option<Stop>) {
        let mut out = Vec::new();
        while let Some(chunk) = input.next_chunk().await {
            out.extend(chunk.into_iter().map(|r| match r {
                Ok(p) => Ok(p.line),
                Err(e) => Err(e.to_string()),
            }));
        }
        (out, input.stop().cloned())
    }

    #[tokio::test]
    async fn lines_split_across_pieces_of_the_body_are_joined() {
        let (a, b) = EASY.split_at(40);
        let body = body_of(&["\"", a, "", b, "\"\n", "\"", EASY, "\"\n", "5\n"]);
        let input = Input::stream(body, BodyFormat::Ndjson, 100);
        let (lines, stop) = lines_of(input).await;
        assert_eq!(lines[..2], [Ok(1), Ok(2)]);
        assert!(
            lines[2].as_ref().unwrap_err().starts_with("3: "),
            "{lines:?}"
        );
        assert_eq!(stop, None);
    }

    #[tokio::test]
    async fn a_body_past_the_line_limit_stops_with_a_record_naming_the_first_line_not_read() {
        let body = body_of(&[EASY, "\n", EASY, "\n", EASY, "\n"]);
        let input = Input::stream(body, BodyFormat::Text, 2);
        let (lines, stop) = lines_of(input).await;
        assert_eq!(lines, [Ok(1), Ok(2)]);
        assert_eq!(stop, Some(Stop::TooManyLines { line: 3, max: 2 }));
    }

    #[tokio::test]
    async fn an_over_long_line_is_an_error_in_its_place_and_the_next_is_read() {
        let long: &'static str = Box::leak("7".repeat(MAX_LINE_BYTES + 10).into_boxed_str());
        let body = body_of(&[long, "\n", EASY]);
        let input = Input::stream(body, BodyFormat::Text, 100);
        let (lines, _) = lines_of(input).await;
        assert!(
            lines[0].as_ref().unwrap_err().contains("longer than"),
            "{lines:?}"
        );
        assert_eq!(lines[1], Ok(2));
    }

    #[tokio::test]
    async fn array_elements_are_numbered_from_one_and_other_values_are_errors() {
        let input = Input::array(vec![
            Value::from(EASY),
            serde_json::json!({ "puzzle": EASY }),
            Value::from(5),
        ]);
        let (lines, _) = lines_of(input).await;
        assert_eq!(lines[..2], [Ok(1), Ok(2)]);
        assert!(lines[2]
            .as_ref()
            .unwrap_err()
            .starts_with("3: not a JSON puzzle line"));
    }
}
