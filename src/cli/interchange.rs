//! `sudoku import` and `sudoku export`: puzzles from and to f-puzzles and SudokuPad links and ipuz,
//! through [`crate::interchange`] as `POST /import` and `POST /export` do.

use std::io::{self, Read, Write};
use std::path::PathBuf;
use std::process::ExitCode;

use super::fail;
use crate::batch::read::shape_lines::{self, Shapes};
use crate::engine::{Interrupt, Puzzle, Verdict};
use crate::interchange::{self, ExportFormat};

// The flags of `export`. Not a doc comment: with deferred subcommands clap would make it the
// subcommand's help.
#[allow(missing_docs)]
#[derive(Clone, Debug, clap::Args)]
pub struct ExportArgs {
    /// A file holding the puzzle as a JSON line, `{"puzzle": "...", "rules": {...}}`, or a link;
    /// `-` or nothing for standard input.
    pub file: Option<PathBuf>,
    /// fpuzzles or sudokupad (a link), or ipuz (the document).
    #[arg(long, value_parser = ["fpuzzles", "sudokupad", "ipuz"])]
    pub format: String,
}

/// Prints the puzzle `link` carries as a JSON line (`puzzle`, `rules`, `title`, `author`), which
/// every command reads back.
pub fn import(link: &str) -> ExitCode {
    let imported = match interchange::import_link(link) {
        Ok(imported) => imported,
        Err(error) => return fail(&format!("import: {error}")),
    };
    // Through a `Value`, so members are written sorted, as the API writes them.
    let json = serde_json::to_value(&imported).map(|v| v.to_string());
    match json {
        Ok(line) => print_line(&line),
        Err(error) => fail(&format!("import: {error}")),
    }
}

/// Prints the puzzle of `args.file` as a link or an ipuz document.
pub fn export(args: &ExportArgs) -> ExitCode {
    match exported(args) {
        Ok(text) => print_line(&text),
        Err(message) => fail(&format!("export: {message}")),
    }
}

fn exported(args: &ExportArgs) -> Result<String, String> {
    let format = ExportFormat::from_name(&args.format).ok_or("no such format")?;
    let text = match &args.file {
        Some(path) if path.as_os_str() != "-" => {
            std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?
        }
        _ => {
            let mut text = String::new();
            io::stdin()
                .lock()
                .take(crate::batch::MAX_LINE_BYTES as u64)
                .read_to_string(&mut text)
                .map_err(|e| format!("reading standard input: {e}"))?;
            text
        }
    };
    let puzzle = read_puzzle(&text)?;
    let (shape, cells) = (puzzle.shared_shape(), puzzle.cells());
    let error = |e: interchange::InterchangeError| e.to_string();
    Ok(match format {
        ExportFormat::Fpuzzles | ExportFormat::Sudokupad => {
            let doc = interchange::fpuzzles::export(&shape, &cells)
                .map_err(error)?
                .to_string();
            match format {
                ExportFormat::Fpuzzles => interchange::link::fpuzzles_link(&doc),
                _ => interchange::link::sudokupad_link(&doc),
            }
        }
        ExportFormat::Ipuz => {
            interchange::ipuz::export(&shape, &cells, None).map_err(error)?;
            let solved = puzzle
                .solve(2, Interrupt::NEVER)
                .map_err(|e| e.to_string())?;
            let solution = (solved.verdict == Verdict::Unique)
                .then(|| solved.solutions.first().map(Puzzle::cells))
                .flatten();
            interchange::ipuz::export(&shape, &cells, solution.as_ref())
                .map_err(error)?
                .to_string()
        }
    })
}

/// The first non-blank line of `text`: a JSON line or a link.
fn read_puzzle(text: &str) -> Result<Puzzle, String> {
    let line = text
        .lines()
        .map(str::trim)
        .find(|l| !l.is_empty())
        .ok_or("no puzzle: expected a JSON line {\"puzzle\": ..., \"rules\": ...} or a link")?;
    let mut shapes = Shapes::default();
    let entry = if shape_lines::is_link(line) {
        shape_lines::link_line(line, 1, &mut shapes)
    } else {
        shape_lines::json_line(line, 1, None, &mut shapes)
    };
    entry
        .map(|entry| entry.puzzle)
        .map_err(|problem| format!("not a puzzle: {problem}"))
}

fn print_line(text: &str) -> ExitCode {
    let mut out = io::stdout().lock();
    match writeln!(out, "{text}") {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => super::output_failed(error),
    }
}
