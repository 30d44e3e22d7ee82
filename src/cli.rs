//! The `sudoku` command: arguments (clap). `solve` is [`solve`] (its input [`input`], its display
//! [`progress`]), `candidates` and `validate` are [`check`], `random` is [`random`], the logic
//! commands (`grade`, `hint`, `explain`) live in [`logic`],
//! `render` and `book` in [`print`](mod@print); the shape flags they share are
//! [`shape`]. Numbers are bounded by [`crate::limits`], as in the API. `serve`'s and
//! `healthcheck`'s flags are in [`serve`]; serving is [`crate::server`].

pub mod answers;
pub mod check;
pub mod input;
pub mod interchange;
pub mod killer;
pub mod logic;
pub mod print;
pub mod progress;
pub mod random;
pub mod serve;
pub mod shape;
pub mod shard;
pub mod solve;

use std::io;
use std::process::ExitCode;
use std::time::Duration;

use clap::{Parser, Subcommand};

use crate::limits::{Limit, LimitError, THREADS, TIMEOUT_MS};
use crate::server;
use input::InputArgs;
use random::RandomArgs;
use serve::{HealthcheckArgs, ServeArgs};
use shape::ShapeArgs;

/// Solves, explains and generates Sudoku puzzles; serves them over HTTP.
#[derive(Debug, Parser)]
#[command(name = "sudoku", version, about)]
pub struct Cli {
    /// What to do.
    #[command(subcommand)]
    pub command: Command,
}

/// The subcommands.
///
/// Deferred (`defer`): clap builds only the subcommand that runs, not all thirteen with every flag,
/// which saves `sudoku solve` 33 of its 260 page faults at start and about a tenth of its
/// start-up (an empty file: 1.63 to 1.50 ms of CPU, medians of 60 interleaved rounds); a fault
/// costs about 5 µs on the virtual machines measured. A deferred subcommand would take the doc
/// comment of a flattened flag struct as its `about`, so those structs carry plain comments
/// (`tests/cli.rs` checks every help opens with its own subcommand's description).
#[derive(Debug, Subcommand)]
#[command(defer = true)]
pub enum Command {
    /// Solve puzzles: one per line, grids over several lines, or a Kaggle CSV.
    ///
    /// Reads the files in order; `-`, or no file, reads standard input.
    ///
    /// Every line is a puzzle except:
    ///   - a blank line, or a comment: a line starting with `#`;
    ///   - a separator made only of `-`, `+`, `|` and `=` (Norvig's `------+------+------`);
    ///   - a Project Euler title: `Grid` and a number (`Grid 01`);
    ///   - a CSV header on a file's first line: comma-separated names, one of them `puzzle`,
    ///     `puzzles` or `quizzes` (and `solution` or `solutions` for solutions to check).
    ///
    /// A puzzle is 81 cells: `1`-`9`, `0` or `.` for a blank; other characters between them are
    /// separators. A name may follow it, from its first letter or `#` (`<puzzle> grid 2`).
    /// Nine lines of 9 cells are one grid: 9 pasted rows, Norvig's display, Project Euler's blocks.
    /// A line whose cells have exactly one comma between them is a CSV row without a header,
    /// `puzzle,solution`. After a CSV header, every line is a row with the header's columns: both
    /// Kaggle layouts, `quizzes,solutions` and `id,puzzle,solution,clues,difficulty`, are read.
    ///
    /// A line starting with `https://` is an f-puzzles or SudokuPad link; `--link URL` gives links
    /// on the command line (see `sudoku import`).
    ///
    /// Other shapes: with --size, --box, --variant, --regions or --symbols, every other line is
    /// one puzzle of N*N symbols on that shape (`.` for a blank). A line starting with `{` is a
    /// JSON line, `{"puzzle": "...", "rules": {...}}`, with its own rules in the API's form
    /// (without rules: the flags' shape, or classic 9x9); its `solution`, if any, is checked.
    ///
    /// Prints one line per puzzle in input order: the 81-digit solution (with ` multiple` appended
    /// when it is not unique), `the givens conflict: …` naming the conflict, `no solution`,
    /// `timeout`, or, for a CSV whose given solution is wrong, the solution with ` mismatch`.
    /// A line that is not a puzzle gets `error: FILE:LINE: reason` in its place, and the rest is
    /// solved; `--strict` stops there instead.
    ///
    /// Norvig's summary goes to standard error, with the count of errors; on a terminal, a progress
    /// display shows the lines done (of the total, for files), the rate and the time left.
    ///
    /// Exit status: 0 all solved, 1 some puzzle unsolved, 2 some line not a puzzle or a file not
    /// readable, 141 when the output's reader has gone, 74 when output fails.
    #[command(verbatim_doc_comment)]
    Solve {
        /// The puzzle files.
        #[command(flatten)]
        input: InputArgs,
        /// Solver threads [default: all cores].
        #[arg(long, short = 'j', value_parser = within(THREADS))]
        jobs: Option<u64>,
        /// Give up on a puzzle after this many milliseconds.
        #[arg(long, value_parser = within(TIMEOUT_MS))]
        timeout_ms: Option<u64>,
        /// text: one plain line a puzzle; jsonl or csv: one record a puzzle (and one a bad line)
        /// keyed by its input line number and a CSV's `id`, to join answers to their input.
        #[arg(long, value_enum, default_value_t = answers::OutputFormat::Text)]
        format: answers::OutputFormat,
    },
    /// Print Norvig's candidates (his `parse_grid`) for each puzzle.
    ///
    /// One line per puzzle: 81 strings (N*N on other shapes), the API's words for conflicting
    /// givens, or `no solution`.
    /// Input, and `error: …` lines, as for `solve`. Exit status: 0 when no puzzle contradicts
    /// Norvig's rules, 1 when one does (conflicting givens included), 2 when a line is not a puzzle.
    Candidates {
        /// The puzzle files.
        #[command(flatten)]
        input: InputArgs,
        /// Print Norvig's display instead of one line per puzzle.
        #[arg(long)]
        display: bool,
    },
    /// Check each puzzle's givens against the rules, as `POST /validate` does.
    ///
    /// Input, and `error: …` lines, as for `solve`; nothing is solved.
    /// Prints one line per puzzle in input order: `valid` or `invalid`, then ` complete` when every
    /// square is filled, then, for an invalid grid, `: ` and every conflict. A valid grid may still
    /// have no solution (`solve` decides that).
    /// Exit status: 0 every grid valid, 1 some grid invalid, 2 some line not a puzzle.
    Validate {
        /// The puzzle files.
        #[command(flatten)]
        input: InputArgs,
        /// text: one plain line a puzzle; jsonl or csv: one record a puzzle (and one a bad line)
        /// keyed by its input line number and a CSV's `id`.
        #[arg(long, value_enum, default_value_t = answers::OutputFormat::Text)]
        format: answers::OutputFormat,
    },
    /// Print random puzzles: one 81-character line each, or with their solution, grade and seed.
    Random(RandomArgs),
    /// Grade puzzles by the techniques a person needs, one line per puzzle from files or standard
    /// input: `difficulty score hardest_technique`; a summary of the levels goes to standard error.
    Grade {
        /// The puzzle files.
        #[command(flatten)]
        input: InputArgs,
        /// Grading threads [default: all cores].
        #[arg(long, short = 'j', value_parser = within(THREADS))]
        jobs: Option<u64>,
        /// text: one plain line a puzzle; jsonl or csv: one record a puzzle (and one a bad line)
        /// keyed by its input line number and a CSV's `id`.
        #[arg(long, value_enum, default_value_t = answers::OutputFormat::Text)]
        format: answers::OutputFormat,
    },
    /// Print the next logical step of one puzzle, explained, or the squares the player got wrong.
    ///
    /// PUZZLE holds the givens; `--progress` the player's grid (the givens and their own digits),
    /// as in `POST /hint`. Squares whose digit differs from the solution are named first
    /// (`mistakes: A1 C7`); otherwise the simplest step from the player's grid is explained, or
    /// `solved` is printed.
    Hint {
        /// The puzzle's givens; read from standard input (a whole pasted grid) when absent or `-`.
        puzzle: Option<String>,
        /// The puzzle as an f-puzzles or SudokuPad link, in place of PUZZLE.
        #[arg(long, value_name = "URL", conflicts_with = "puzzle")]
        link: Option<String>,
        /// The player's grid: the givens plus the digits placed so far.
        #[arg(long)]
        progress: Option<String>,
        /// The puzzle's shape [default: classic 9x9, or a JSON line's rules].
        #[command(flatten)]
        shape: ShapeArgs,
    },
    /// Print every step from one puzzle to its solution, numbered, then its grade.
    Explain {
        /// The puzzle; read from standard input (a whole pasted grid) when absent or `-`.
        puzzle: Option<String>,
        /// The puzzle as an f-puzzles or SudokuPad link, in place of PUZZLE.
        #[arg(long, value_name = "URL", conflicts_with = "puzzle")]
        link: Option<String>,
        /// The puzzle's shape [default: classic 9x9, or a JSON line's rules].
        #[command(flatten)]
        shape: ShapeArgs,
    },
    /// Draw one puzzle as SVG or PDF.
    ///
    /// PUZZLE is the puzzle in the shape's symbols (`.` for a blank), a file holding it, or `-` (or
    /// nothing) for standard input. The type follows --format, else the output's extension (`.pdf`),
    /// else SVG. Givens are bold; --solution adds the solved digits in a lighter face.
    /// Exit status: 0 written, 2 a bad puzzle or flag, 74 when output fails.
    Render(print::RenderArgs),
    /// Print the puzzle an f-puzzles or SudokuPad link carries as a JSON line.
    ///
    /// The line is the API's `{"puzzle": ..., "rules": ...}` (with `title` and `author` when the
    /// puzzle names them), which every command reads. A feature with no rule here is refused by
    /// name (exit status 2), never dropped; see docs/interchange.md.
    Import {
        /// The link: `https://f-puzzles.com/?load=...` or `https://sudokupad.app/fpuzzles...`.
        link: String,
    },
    /// Write a puzzle as an f-puzzles or SudokuPad link, or an ipuz document.
    ///
    /// Reads the puzzle as a JSON line, `{"puzzle": ..., "rules": ...}`, or a link, from FILE or
    /// standard input. A rule the format cannot carry is refused by name (exit status 2).
    Export(interchange::ExportArgs),
    /// Make a printable PDF book of generated puzzles, the solutions at the back.
    ///
    /// Puzzle k uses seed + k - 1, so the same flags and seed give the same book. Progress is shown
    /// on a terminal; a summary line goes to standard error.
    /// Exit status: 0 written, 2 a bad flag, 74 when output fails.
    Book(print::BookArgs),
    /// Run the HTTP JSON service.
    Serve(ServeArgs),
    /// Exit 0 when the service answers its health check (for container HEALTHCHECKs).
    Healthcheck(HealthcheckArgs),
}

/// Runs the parsed command line.
pub fn run(cli: Cli) -> ExitCode {
    match cli.command {
        Command::Solve {
            input,
            jobs,
            timeout_ms,
            format,
        } => {
            let jobs = jobs.map_or_else(default_jobs, |j| j as usize);
            solve::solve(&input, jobs, timeout_ms.map(Duration::from_millis), format)
        }
        Command::Candidates { input, display } => check::show_candidates(&input, display),
        Command::Validate { input, format } => check::validate(&input, format),
        Command::Random(args) => random::random(&args),
        Command::Grade {
            input,
            jobs,
            format,
        } => logic::grade(
            &input,
            jobs.map_or_else(default_jobs, |j| j as usize),
            format,
        ),
        Command::Hint {
            puzzle,
            link,
            progress,
            shape,
        } => logic::hint(link.or(puzzle).as_deref(), progress.as_deref(), &shape),
        Command::Explain {
            puzzle,
            link,
            shape,
        } => logic::explain(link.or(puzzle).as_deref(), &shape),
        Command::Import { link } => interchange::import(&link),
        Command::Export(args) => interchange::export(&args),
        Command::Render(args) => print::render(&args),
        Command::Book(args) => print::book(&args),
        Command::Serve(args) => match args.config() {
            Ok(config) => server::serve(config),
            Err(err) => {
                eprintln!("sudoku serve: {err}");
                ExitCode::FAILURE
            }
        },
        Command::Healthcheck(args) => serve::healthcheck(&args),
    }
}

/// All cores the process may use.
pub fn default_jobs() -> usize {
    std::thread::available_parallelism().map_or(1, usize::from)
}

/// A clap parser for a number within `limit`, refusing the rest in the API's words.
fn within(limit: Limit) -> impl Fn(&str) -> Result<u64, LimitError> + Clone + Send + Sync {
    move |text| limit.parse(text)
}

/// Bad input: exit status 2.
const BAD_INPUT: u8 = 2;
/// Output could not be written (sysexits' EX_IOERR).
const OUTPUT_FAILED: u8 = 74;
/// The reader of our output went away, as a process killed by SIGPIPE reports it (128 + 13).
const BROKEN_PIPE: u8 = 141;

fn fail(message: &str) -> ExitCode {
    eprintln!("sudoku: {message}");
    ExitCode::from(BAD_INPUT)
}

/// Where a command writes: the file `--output` names (created or truncated), else standard output.
fn open_output(path: Option<&std::path::Path>) -> Result<Box<dyn io::Write>, ExitCode> {
    match path {
        Some(path) => std::fs::File::create(path)
            .map(|file| Box::new(file) as Box<dyn io::Write>)
            .map_err(|e| fail(&format!("{}: {e}", path.display()))),
        None => Ok(Box::new(io::stdout().lock())),
    }
}

fn output_failed(e: io::Error) -> ExitCode {
    if e.kind() == io::ErrorKind::BrokenPipe {
        return ExitCode::from(BROKEN_PIPE);
    }
    eprintln!("sudoku: writing output: {e}");
    ExitCode::from(OUTPUT_FAILED)
}
