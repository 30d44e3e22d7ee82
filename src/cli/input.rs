//! The puzzle files a command reads (`-` or none for standard input), read in chunks of records in
//! input order: a puzzle, or a bad line's error named with its file, for the command to answer in
//! its place. `--strict` stops at the first bad line instead. The shape flags say how lines of
//! symbols are read; JSON lines carry their own rules.

use std::fmt;
use std::fs::File;
use std::io::{self, BufRead, BufReader};
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Arc;

use super::shape::ShapeArgs;
use super::shard::Shard;
use super::{fail, output_failed};
use crate::batch::{Entry, PuzzleReader, ReadError, Record, CHUNK};
use crate::engine::shape::Shape;

// The files of `solve`, `candidates`, `validate` and `grade`.
// Not a doc comment: with deferred subcommands clap would make it the subcommand's help.
#[allow(missing_docs)]
#[derive(Clone, Debug, clap::Args)]
pub struct InputArgs {
    /// Puzzle files; `-` or none for standard input.
    pub files: Vec<PathBuf>,
    /// An f-puzzles or SudokuPad link to read as a puzzle (repeatable), before the files; with
    /// links and no file, standard input is not read. A line that is a link is read in a file too.
    #[arg(long = "link", value_name = "URL")]
    pub links: Vec<String>,
    /// Stop at the first line that is not a puzzle (exit status 2, the error on standard error)
    /// instead of printing `error: …` in its place and going on.
    #[arg(long)]
    pub strict: bool,
    /// Write the answers to this file instead of standard output (for a container without a
    /// shell: an Indexed Job's pod writes its shard to a volume).
    #[arg(long, short = 'o', value_name = "FILE")]
    pub output: Option<PathBuf>,
    /// Only shard I of N (0-based): the records whose first line L has (L - 1) % N == I, so that N
    /// processes share the input with no overlap [default: 0/1, everything].
    #[arg(long, value_name = "I/N", default_value = "0/1")]
    pub shard: Shard,
    /// The puzzles' shape.
    #[command(flatten)]
    pub shape: ShapeArgs,
}

impl InputArgs {
    /// The inputs by name: the files, or `-` for standard input.
    pub fn names(&self) -> Vec<String> {
        let links = (!self.links.is_empty()).then(|| LINKS.to_string());
        if self.files.is_empty() {
            return vec![links.unwrap_or_else(|| "-".to_string())];
        }
        links
            .into_iter()
            .chain(self.files.iter().map(|f| f.display().to_string()))
            .collect()
    }
}

/// A line that is not a puzzle, named with its source: `puzzles.txt:3: expected 81 cells, found 11`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BadLine {
    /// `puzzles.txt:3: expected 81 cells, found 11`.
    text: String,
    /// The 1-based line (the first of a record over several).
    pub line: usize,
    /// Its last line.
    pub last_line: usize,
    /// The stable code, as `POST /solve/batch` names it (`invalid_puzzle`, `invalid_csv`...).
    pub code: &'static str,
    /// What is wrong, in the reader's words.
    pub detail: String,
}

impl BadLine {
    /// The error of a line of `source`.
    pub fn new(source: &str, error: &ReadError) -> BadLine {
        BadLine {
            text: format!("{source}:{error}"),
            line: error.line,
            last_line: error.last_line,
            code: crate::batch::answer_line::code(&error.problem),
            detail: error.problem.to_string(),
        }
    }
}

impl fmt::Display for BadLine {
    /// The error record printed in the line's place: `error: puzzles.txt:3: …`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "error: {}", self.text)
    }
}

/// A record as a command answers it.
pub type Item = Result<Entry, BadLine>;

/// The input name of the `--link` flags, read as lines of their own.
const LINKS: &str = "--link";

/// `<stdin>` for `-`, else the file's name as given.
fn source_name(name: &str) -> &str {
    if name == "-" {
        "<stdin>"
    } else {
        name
    }
}

fn open(name: &str, input: &InputArgs) -> io::Result<Box<dyn BufRead>> {
    if name == LINKS {
        let lines = input.links.join("\n");
        return Ok(Box::new(io::Cursor::new(lines.into_bytes())));
    }
    if name == "-" {
        return Ok(Box::new(io::stdin().lock()));
    }
    Ok(Box::new(BufReader::new(File::open(name)?)))
}

/// Feeds every chunk of records of every input to `each`, with the number of input lines it took.
/// Stops with exit status 2 when a file cannot be opened or read, and with `--strict` at the first
/// bad line (after the records before it); when output fails, quietly with 141 if its reader has
/// gone (`| head`), else with 74.
///
/// The shape flags are checked first: flags that make no shape stop with exit status 2 before any
/// input is read.
pub fn for_each_chunk(
    input: &InputArgs,
    mut each: impl FnMut(Vec<Item>, usize) -> io::Result<()>,
) -> Result<(), ExitCode> {
    for_each_record_chunk_of(input, CHUNK, |records, source, lines| {
        let items = records
            .into_iter()
            .map(|record| record.map_err(|e| BadLine::new(source, &e)))
            .collect();
        each(items, lines)
    })
}

/// [`for_each_chunk`] in chunks of about `size` records, handing them over as read with their
/// source's name (for [`BadLine::new`]): for a caller that answers each record where it lies, in
/// small chunks that stay in the cache rather than streaming megabytes through it. Moving every
/// record (176 bytes) into a vector of [`Item`]s was 1.2% of `sudoku solve -j 1`'s time on Serg's
/// benchmark.
pub fn for_each_record_chunk_of(
    input: &InputArgs,
    size: usize,
    mut each: impl FnMut(Vec<Record>, &str, usize) -> io::Result<()>,
) -> Result<(), ExitCode> {
    let shape = input.shape.reading_shape().map_err(|e| fail(&e))?;
    for name in input.names() {
        let source = source_name(&name);
        let file = open(&name, input).map_err(|e| fail(&format!("{source}: {e}")))?;
        let mut reader = reader(file, shape.as_ref());
        loop {
            let mut chunk = reader
                .read_chunk_of(size)
                .map_err(|e| fail(&format!("{source}:{e}")))?;
            if chunk.records.is_empty() {
                break;
            }
            if input.shard != Shard::WHOLE {
                chunk
                    .records
                    .retain(|record| input.shard.takes_line(first_line(record)));
                if chunk.records.is_empty() {
                    continue;
                }
            }
            // With `--strict`, the records before the first bad line are answered, then it stops.
            let stop = if input.strict {
                let first_bad = chunk.records.iter().enumerate().find_map(|(at, record)| {
                    record.as_ref().err().map(|e| (at, BadLine::new(source, e)))
                });
                first_bad.map(|(at, bad)| {
                    chunk.records.truncate(at);
                    bad
                })
            } else {
                None
            };
            each(chunk.records, source, chunk.lines).map_err(output_failed)?;
            if let Some(bad) = stop {
                return Err(fail(&bad.text));
            }
        }
    }
    Ok(())
}

/// The first input line of a record.
fn first_line(record: &Record) -> usize {
    match record {
        Ok(entry) => entry.line,
        Err(error) => error.line,
    }
}

fn reader(file: Box<dyn BufRead>, shape: Option<&Arc<Shape>>) -> PuzzleReader<Box<dyn BufRead>> {
    match shape {
        Some(shape) => PuzzleReader::with_shape(file, shape.clone()),
        None => PuzzleReader::new(file),
    }
}

/// Exit status 2 when some line was not a puzzle, else `otherwise`.
pub fn exit_status(bad_lines: usize, otherwise: bool) -> ExitCode {
    if bad_lines > 0 {
        return ExitCode::from(super::BAD_INPUT);
    }
    ExitCode::from(u8::from(otherwise))
}
