//! How `sudoku solve`, `grade` and `validate` write their answers: the plain line of each (the
//! default, `--format text`), or one that can be joined back to its input by key: a JSON line
//! (`--format jsonl`; for `solve`, the members of a `POST /solve/batch` answer line) or a CSV row
//! (`--format csv`), each with the input's line number and, for a CSV with an `id` column (Kaggle's
//! 3M layout), the row's id. Blank, comment and header lines get no answer, so the line number, not
//! the position, is the key.

use std::io::{self, Write};
use std::time::Duration;

use super::input::BadLine;
use crate::batch::answer_line::{write_answer, write_error_at};
use crate::batch::{Answer, Entry, Summary};

/// The output's form.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, clap::ValueEnum)]
pub enum OutputFormat {
    /// One plain line per puzzle: the solution, `no solution`, `timeout`... (as always).
    #[default]
    Text,
    /// One JSON object per puzzle: `line`, `id`, `verdict`, `solution`, `matches`, `conflict`,
    /// `time_us`, or `error` for a line that is not a puzzle.
    Jsonl,
    /// A CSV with a header: `line,id,verdict,solution,matches,conflict,time_us,error,detail`.
    Csv,
}

/// The columns of `sudoku solve --format csv`.
pub const SOLVE_COLUMNS: &[&str] = &[
    "line", "id", "verdict", "solution", "matches", "conflict", "time_us", "error", "detail",
];

/// Where a puzzle came from: what joins its answer to its input.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Origin {
    /// The 1-based input line (the first, for a grid or row over several).
    pub line: usize,
    /// A CSV row's id.
    pub id: Option<Box<str>>,
    /// Whether the input gave a solution to check.
    pub expected: bool,
}

impl Origin {
    /// Where `entry` came from.
    pub fn of(entry: &Entry) -> Origin {
        Origin {
            line: entry.line,
            id: entry.id.clone(),
            expected: entry.expected.is_some(),
        }
    }
}

/// Writes keyed records, JSON objects with `line` first, as JSON lines or as CSV rows of fixed
/// columns (a member an object lacks is an empty field; `error` is split into its `code` and its
/// `detail`).
#[derive(Debug)]
pub struct Keyed {
    format: OutputFormat,
    columns: &'static [&'static str],
    header_written: bool,
}

impl Keyed {
    /// A writer of `format` (jsonl or csv) with `columns` for CSV.
    pub fn new(format: OutputFormat, columns: &'static [&'static str]) -> Keyed {
        Keyed {
            format,
            columns,
            header_written: false,
        }
    }

    /// Writes `record`, a JSON object as one line, already serialised.
    pub fn write_json_line(&mut self, out: &mut impl Write, record: &[u8]) -> io::Result<()> {
        if self.format != OutputFormat::Csv {
            return out.write_all(record);
        }
        let json: serde_json::Value =
            serde_json::from_slice(record).map_err(|e| io::Error::other(e.to_string()))?;
        self.write(out, &json)
    }

    /// Writes `record`, a JSON object.
    pub fn write(&mut self, out: &mut impl Write, record: &serde_json::Value) -> io::Result<()> {
        if self.format != OutputFormat::Csv {
            serde_json::to_writer(&mut *out, record)?;
            return out.write_all(b"\n");
        }
        let mut writer = ::csv::WriterBuilder::new()
            .terminator(::csv::Terminator::Any(b'\n'))
            .from_writer(Vec::new());
        if !self.header_written {
            writer
                .write_record(self.columns)
                .map_err(io::Error::other)?;
            self.header_written = true;
        }
        let field = |value: &serde_json::Value| match value {
            serde_json::Value::Null => String::new(),
            serde_json::Value::String(text) => text.clone(),
            other => other.to_string(),
        };
        let row: Vec<String> = self
            .columns
            .iter()
            .map(|&column| match column {
                "error" => field(&record["error"]["code"]),
                "detail" => field(&record["error"]["detail"]),
                name => field(&record[name]),
            })
            .collect();
        writer.write_record(&row).map_err(io::Error::other)?;
        let bytes = writer
            .into_inner()
            .map_err(|e| io::Error::other(e.to_string()))?;
        out.write_all(&bytes)
    }
}

/// The record of a line that is not a puzzle, keyed by its line: `{"line", "error": {...}}`.
pub fn bad_line_record(bad: &BadLine) -> serde_json::Value {
    let mut line = Vec::new();
    write_error_at(
        &mut line,
        bad.line,
        bad.last_line,
        bad.code,
        bad.detail.clone(),
    );
    serde_json::from_slice(&line).expect("an error line is JSON")
}

/// Writes answers in one [`OutputFormat`], counting them in a [`Summary`].
#[derive(Debug)]
pub struct AnswerWriter {
    format: OutputFormat,
    keyed: Keyed,
    line: Vec<u8>,
}

impl AnswerWriter {
    /// A writer of `format`.
    pub fn new(format: OutputFormat) -> AnswerWriter {
        AnswerWriter {
            format,
            keyed: Keyed::new(format, SOLVE_COLUMNS),
            line: Vec::new(),
        }
    }

    /// Whether answers need their [`Origin`] (every format but plain text).
    pub fn keyed(&self) -> bool {
        self.format != OutputFormat::Text
    }

    /// Writes the answer of the puzzle from `origin` (only read when [`AnswerWriter::keyed`]).
    pub fn answer(
        &mut self,
        out: &mut impl Write,
        summary: &mut Summary,
        origin: &Origin,
        answer: &Answer,
        elapsed: Duration,
    ) -> io::Result<()> {
        summary.add(answer, elapsed);
        if self.format == OutputFormat::Text {
            return answer.write_line(out);
        }
        self.line.clear();
        let id = origin.id.as_deref();
        write_answer(
            &mut self.line,
            origin.line,
            id,
            answer,
            origin.expected,
            elapsed,
        );
        self.emit(out)
    }

    /// Writes the record of a line that is not a puzzle.
    pub fn bad_line(
        &mut self,
        out: &mut impl Write,
        summary: &mut Summary,
        bad: &BadLine,
    ) -> io::Result<()> {
        summary.add_error();
        if self.format == OutputFormat::Text {
            return writeln!(out, "{bad}");
        }
        self.line.clear();
        write_error_at(
            &mut self.line,
            bad.line,
            bad.last_line,
            bad.code,
            bad.detail.clone(),
        );
        self.emit(out)
    }

    /// Writes the JSON line made, as it is or as a CSV row.
    fn emit(&mut self, out: &mut impl Write) -> io::Result<()> {
        self.keyed.write_json_line(out, &self.line)
    }
}
