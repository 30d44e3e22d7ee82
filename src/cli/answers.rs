//! How `sudoku solve` writes its answers: the plain line of each (the default, `--format text`), or
//! one that can be joined back to its input by key: a JSON line (`--format jsonl`, the members of a
//! `POST /solve/batch` answer line) or a CSV row (`--format csv`), each with the input's line number
//! and, for a CSV with an `id` column (Kaggle's 3M layout), the row's id. Blank, comment and header
//! lines get no answer, so the line number, not the position, is the key.

use std::io::{self, Write};
use std::time::Duration;

use super::input::BadLine;
use crate::batch::answer_line::{write_answer, write_error_at};
use crate::batch::{Answer, Puzzle, Summary};

/// The output's form.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, clap::ValueEnum)]
pub enum Format {
    /// One plain line per puzzle: the solution, `no solution`, `timeout`... (as always).
    #[default]
    Text,
    /// One JSON object per puzzle: `line`, `id`, `verdict`, `solution`, `matches`, `conflict`,
    /// `time_us`, or `error` for a line that is not a puzzle.
    Jsonl,
    /// A CSV with a header: `line,id,verdict,solution,matches,conflict,time_us,error,detail`.
    Csv,
}

/// The CSV header of `--format csv`.
pub const CSV_HEADER: &str = "line,id,verdict,solution,matches,conflict,time_us,error,detail";

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
    /// Where `puzzle` came from.
    pub fn of(puzzle: &Puzzle) -> Origin {
        match puzzle {
            Puzzle::Classic(entry) => Origin {
                line: entry.line,
                id: entry.id.clone(),
                expected: entry.expected.is_some(),
            },
            Puzzle::Shaped(entry) => Origin {
                line: entry.line,
                id: None,
                expected: entry.expected.is_some(),
            },
        }
    }
}

/// Writes answers in one [`Format`], counting them in a [`Summary`].
#[derive(Debug)]
pub struct Answers {
    format: Format,
    header_written: bool,
    line: Vec<u8>,
}

impl Answers {
    /// A writer of `format`.
    pub fn new(format: Format) -> Answers {
        Answers {
            format,
            header_written: false,
            line: Vec::new(),
        }
    }

    /// Whether answers need their [`Origin`] (every format but plain text).
    pub fn keyed(&self) -> bool {
        self.format != Format::Text
    }

    /// Writes the answer of the puzzle from `origin` (only read when [`Answers::keyed`]).
    pub fn answer(
        &mut self,
        out: &mut impl Write,
        summary: &mut Summary,
        origin: &Origin,
        answer: &Answer,
        elapsed: Duration,
    ) -> io::Result<()> {
        summary.add(answer, elapsed);
        if self.format == Format::Text {
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
        if self.format == Format::Text {
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
        if self.format == Format::Jsonl {
            return out.write_all(&self.line);
        }
        if !self.header_written {
            writeln!(out, "{CSV_HEADER}")?;
            self.header_written = true;
        }
        let json: serde_json::Value =
            serde_json::from_slice(&self.line).expect("an answer line is JSON");
        let field = |value: &serde_json::Value| match value {
            serde_json::Value::Null => String::new(),
            serde_json::Value::String(text) => text.clone(),
            other => other.to_string(),
        };
        let row = [
            field(&json["line"]),
            field(&json["id"]),
            field(&json["verdict"]),
            field(&json["solution"]),
            field(&json["matches"]),
            field(&json["conflict"]),
            field(&json["time_us"]),
            field(&json["error"]["code"]),
            field(&json["error"]["detail"]),
        ];
        let mut writer = ::csv::WriterBuilder::new()
            .terminator(::csv::Terminator::Any(b'\n'))
            .from_writer(Vec::new());
        writer.write_record(&row).map_err(io::Error::other)?;
        let bytes = writer
            .into_inner()
            .map_err(|e| io::Error::other(e.to_string()))?;
        out.write_all(&bytes)
    }
}
