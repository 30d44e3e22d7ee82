//! `sudoku render` (one puzzle, from an argument, a file or standard input, to SVG or PDF) and
//! `sudoku book` (a printable PDF book of generated puzzles, with progress on standard error).

use std::io::{self, IsTerminal, Read, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::Arc;

use super::random::parse_symmetry;
use super::shape::{flag_error, ShapeArgs};
use super::{fail, output_failed, within};
use crate::engine::general::Symmetry;
use crate::engine::logic::Difficulty;
use crate::engine::shape::{Cells, Shape};
use crate::engine::{Interrupt, Puzzle, Verdict};
use crate::limits::{fresh_seed, BOOK_COUNT_CLI, SEED};
use crate::render::book::{self, BookOptions, Recipe, PER_PAGE};
use crate::render::{self, Caption, Paper, Sheet};

/// What to write.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum RenderFormat {
    /// An SVG document.
    Svg,
    /// A PDF document.
    Pdf,
}

// The flags of `sudoku render`.
// Not a doc comment: with deferred subcommands clap would make it the subcommand's help.
#[allow(missing_docs)]
#[derive(Clone, Debug, clap::Args)]
pub struct RenderArgs {
    /// The puzzle, a file holding it, or `-` (or nothing) for standard input.
    pub puzzle: Option<String>,
    /// The puzzle as an f-puzzles or SudokuPad link, in place of PUZZLE.
    #[arg(long, value_name = "URL", conflicts_with = "puzzle")]
    pub link: Option<String>,
    /// Write here [default: standard output].
    #[arg(long, short = 'o')]
    pub output: Option<PathBuf>,
    /// svg or pdf [default: from the output's extension, else svg].
    #[arg(long, value_enum)]
    pub format: Option<RenderFormat>,
    /// Draw the solution in the blank cells.
    #[arg(long)]
    pub solution: bool,
    /// Draw each blank cell's candidates.
    #[arg(long)]
    pub candidates: bool,
    /// Cells to highlight, comma-separated (`A1,B2`).
    #[arg(long, value_delimiter = ',')]
    pub highlight: Vec<String>,
    /// Caption: the puzzle's number.
    #[arg(long)]
    pub number: Option<usize>,
    /// Caption: the puzzle's level.
    #[arg(long)]
    pub level: Option<Difficulty>,
    /// The puzzle's shape.
    #[command(flatten)]
    pub shape: ShapeArgs,
}

// The flags of `sudoku book`.
// Not a doc comment: with deferred subcommands clap would make it the subcommand's help.
#[allow(missing_docs)]
#[derive(Clone, Debug, clap::Args)]
pub struct BookArgs {
    /// The PDF file to write.
    #[arg(long, short = 'o')]
    pub output: PathBuf,
    /// How many puzzles.
    #[arg(long, default_value_t = 24, value_parser = within(BOOK_COUNT_CLI))]
    pub count: u64,
    /// Puzzles per page: 1, 2, 4 or 6.
    #[arg(long, default_value_t = 4, value_parser = per_page)]
    pub per_page: usize,
    /// a4 or letter.
    #[arg(long, default_value = "a4", value_parser = paper)]
    pub page: Paper,
    /// Every puzzle graded at this level, on every shape and variant (a level a shape does not reach
    /// is refused at once, saying why).
    #[arg(long)]
    pub difficulty: Option<Difficulty>,
    /// The first puzzle's seed (the k-th uses seed + k - 1); drawn and reported when absent.
    #[arg(long, value_parser = within(SEED))]
    pub seed: Option<u64>,
    /// Leave the solutions out.
    #[arg(long)]
    pub no_solutions: bool,
    /// A title page with this title.
    #[arg(long)]
    pub title: Option<String>,
    /// The puzzles' shape; `--variant jigsaw` draws fresh regions for each.
    #[command(flatten)]
    pub shape: ShapeArgs,
    /// The pattern of givens [default: none].
    #[arg(long, value_parser = parse_symmetry)]
    pub symmetry: Option<Symmetry>,
}

fn per_page(text: &str) -> Result<usize, String> {
    text.parse()
        .ok()
        .filter(|k| PER_PAGE.contains(k))
        .ok_or_else(|| format!("expected 1, 2, 4 or 6; got {text:?}"))
}

fn paper(text: &str) -> Result<Paper, String> {
    Paper::from_name(text).ok_or_else(|| format!("expected a4 or letter; got {text:?}"))
}

/// Runs `sudoku render`.
pub fn render(args: &RenderArgs) -> ExitCode {
    match sheet(args) {
        Ok(sheet) => {
            let kind = args
                .format
                .unwrap_or_else(|| kind_of(args.output.as_deref()));
            let bytes = match kind {
                RenderFormat::Svg => render::to_svg(&sheet).into_bytes(),
                RenderFormat::Pdf => render::to_pdf(&sheet),
            };
            write_out(args.output.as_deref(), &bytes)
        }
        Err(message) => fail(&message),
    }
}

/// A JSON line as every other command reads it (`sudoku random --format json` prints them): its
/// `puzzle` on its own `rules`, or on the flags' shape when it has none. Only the first line is
/// drawn: `render` draws one puzzle.
fn json_puzzle(text: &str, args: &RenderArgs) -> Result<(Shape, Cells), String> {
    let first = text
        .lines()
        .find(|l| !l.trim().is_empty())
        .unwrap_or_default();
    let flags = std::sync::Arc::new(Shape::new(&args.shape.rules()).map_err(|e| flag_error(&e))?);
    let read = crate::batch::read::shape_lines::json_line(
        first.trim(),
        1,
        Some(&flags),
        &mut Default::default(),
    );
    let entry = read.map_err(|problem| format!("the puzzle: {problem}"))?;
    Ok((entry.puzzle.shape().clone(), entry.puzzle.cells()))
}

/// `pdf` for a `.pdf` output, else `svg`.
fn kind_of(output: Option<&Path>) -> RenderFormat {
    match output.and_then(Path::extension).and_then(|e| e.to_str()) {
        Some(ext) if ext.eq_ignore_ascii_case("pdf") => RenderFormat::Pdf,
        _ => RenderFormat::Svg,
    }
}

/// The sheet the flags describe, or why there is none.
fn sheet(args: &RenderArgs) -> Result<Sheet, String> {
    let text = match &args.link {
        Some(link) => link.clone(),
        None => read_puzzle(args.puzzle.as_deref())?,
    };
    let (shape, puzzle) = if crate::batch::read::shape_lines::is_link(&text) {
        let read = crate::batch::read::shape_lines::link_line(&text, 1, &mut Default::default());
        let entry = read.map_err(|problem| format!("the puzzle: {problem}"))?;
        (entry.puzzle.shape().clone(), entry.puzzle.cells())
    } else if text.trim_start().starts_with('{') {
        json_puzzle(&text, args)?
    } else {
        let shape = Shape::new(&args.shape.rules()).map_err(|e| flag_error(&e))?;
        let puzzle = Cells::parse(&shape, text.trim()).map_err(|e| format!("the puzzle: {e}"))?;
        (shape, puzzle)
    };
    let puzzle = Puzzle::on_shape(Arc::new(shape), puzzle);
    if let Some(conflict) = puzzle.conflict_words().first() {
        return Err(format!("the givens conflict: {conflict}"));
    }
    let mut sheet = Sheet::new(puzzle.shape().clone(), puzzle.cells());
    for name in &args.highlight {
        let cell = sheet
            .shape
            .cell_named(name)
            .ok_or_else(|| format!("--highlight: {name:?} is not a cell of this grid"))?;
        sheet.highlight.push(cell);
    }
    if args.number.is_some() || args.level.is_some() {
        sheet.caption = Some(Caption {
            number: args.number,
            level: args.level.map(|l| l.name().to_string()),
            seed: None,
            shape: true,
        });
    }
    if args.solution {
        let out = puzzle
            .solve(2, Interrupt::NEVER)
            .map_err(|e| e.to_string())?;
        match out.verdict {
            Verdict::Unique | Verdict::Solved => {
                sheet.solution = out.solutions.first().map(Puzzle::cells)
            }
            Verdict::None => return Err("--solution: the puzzle has no solution".into()),
            Verdict::Multiple => {
                return Err("--solution: the puzzle has more than one solution".into())
            }
        }
    }
    if args.candidates {
        let found = puzzle.candidates();
        sheet.candidates = Some(found.ok_or("--candidates: the puzzle has no solution")?);
    }
    Ok(sheet)
}

/// The puzzle's text: the argument itself, the file it names, or standard input.
fn read_puzzle(arg: Option<&str>) -> Result<String, String> {
    match arg {
        None | Some("-") => {
            let mut text = String::new();
            io::stdin()
                .read_to_string(&mut text)
                .map_err(|e| format!("reading standard input: {e}"))?;
            Ok(text)
        }
        Some(path) if Path::new(path).is_file() => {
            std::fs::read_to_string(path).map_err(|e| format!("{path}: {e}"))
        }
        Some(text) => Ok(text.to_string()),
    }
}

fn write_out(output: Option<&Path>, bytes: &[u8]) -> ExitCode {
    let result = match output {
        Some(path) => std::fs::write(path, bytes),
        None => io::stdout().lock().write_all(bytes),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => output_failed(e),
    }
}

/// Runs `sudoku book`.
pub fn book(args: &BookArgs) -> ExitCode {
    if args.shape.jigsaw() && args.shape.box_shape.is_some() {
        return fail("--variant jigsaw replaces the boxes; leave out --box");
    }
    let seed = args.seed.unwrap_or_else(fresh_seed);
    let recipe = Recipe {
        count: args.count as usize,
        rules: args.shape.rules(),
        jigsaw: args.shape.jigsaw(),
        killer: args.shape.killer(),
        symmetry: args.symmetry.unwrap_or(Symmetry::None),
        difficulty: args.difficulty,
        seed,
    };
    let progress_shown = io::stderr().is_terminal() && args.count >= 10;
    let total = args.count;
    let mut progress = |done: usize| {
        if progress_shown {
            eprint!("\rsudoku book: {done}/{total} puzzles");
        }
    };
    let entries = match book::generate(&recipe, None, None, &mut progress) {
        Ok(entries) => entries,
        Err(book::BookError::Shape(e)) => return fail(&flag_error(&e)),
        Err(e) => return fail(&e.to_string()),
    };
    if progress_shown {
        eprintln!();
    }
    let options = BookOptions {
        per_page: args.per_page,
        paper: args.page,
        solutions: !args.no_solutions,
        title: args.title.clone(),
    };
    let title = args
        .title
        .clone()
        .unwrap_or_else(|| format!("Sudoku: {} puzzles, seed {seed}", args.count));
    let pages = book::pages(&entries, &options);
    let code = write_out(Some(&args.output), &render::pdf::write(&pages, &title));
    if code == ExitCode::SUCCESS {
        eprintln!(
            "sudoku book: {} puzzles, seed {seed}, {} pages written to {}",
            args.count,
            pages.len(),
            args.output.display()
        );
    }
    code
}
