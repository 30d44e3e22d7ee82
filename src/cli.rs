//! The `sudoku` command: arguments (clap) and the `solve`, `candidates`, `validate` and `random`
//! commands; the logic commands (`grade`, `hint`, `explain`, `random --difficulty`) live in
//! [`logic`]. Numbers are bounded by [`crate::limits`], as in the API. `serve`'s and `healthcheck`'s
//! flags are in [`serve`]; serving is [`crate::server`].

pub mod logic;
pub mod serve;

use std::fs::File;
use std::io::{self, BufRead, BufReader, IsTerminal, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

use clap::{Parser, Subcommand};
use indicatif::{ProgressBar, ProgressStyle};

use crate::batch::{self, Answer, Entry, PuzzleReader, Summary};
use crate::config::ServerConfig;
use crate::engine::generator::DEFAULT_GIVENS;
use crate::engine::logic::Difficulty;
use crate::engine::{self, candidates, Grid, Request};
use crate::limits::{fresh_seed, MAX_SEED};
use crate::limits::{Limit, LimitError, GIVENS, SEED, THREADS, TIMEOUT_MS};
use crate::pool::Pool;
use crate::server;
use serve::{HealthcheckArgs, ServeArgs};

/// Solves, explains and generates Sudoku puzzles; serves them over HTTP.
#[derive(Debug, Parser)]
#[command(name = "sudoku", version, about)]
pub struct Cli {
    /// What to do.
    #[command(subcommand)]
    pub command: Command,
}

/// The subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Solve puzzles: one per line, grids over several lines, or the Kaggle CSV.
    ///
    /// Reads files, or standard input when none is named: one puzzle per line (a name may follow
    /// it, from its first letter or `#`), grids over several lines (9 rows, Norvig's display), or
    /// the Kaggle `puzzle,solution` CSV, whose solutions are checked.
    /// Prints one line per puzzle in input order: the 81-digit solution (with ` multiple` appended
    /// when it is not unique), `the givens conflict: …` naming the conflict, `no solution`,
    /// `timeout`, or, for a CSV whose given solution is wrong, the solution with ` mismatch`.
    /// Norvig's summary goes to standard error.
    /// Exit status: 0 all solved, 1 some puzzle unsolved, 2 bad input, 141 when the output's reader
    /// has gone, 74 when output fails.
    Solve {
        /// Puzzle files; standard input when none.
        files: Vec<PathBuf>,
        /// Solver threads [default: all cores].
        #[arg(long, short = 'j', value_parser = within(THREADS))]
        jobs: Option<u64>,
        /// Give up on a puzzle after this many milliseconds.
        #[arg(long, value_parser = within(TIMEOUT_MS))]
        timeout_ms: Option<u64>,
    },
    /// Print Norvig's candidates (his `parse_grid`) for each puzzle.
    ///
    /// One line per puzzle: 81 strings, the API's words for conflicting givens, or `no solution`.
    /// Input as for `solve`. Exit status: 0 when no puzzle contradicts Norvig's rules, 1 when one
    /// does (conflicting givens included), 2 bad input.
    Candidates {
        /// Puzzle files; standard input when none.
        files: Vec<PathBuf>,
        /// Print Norvig's display instead of one line per puzzle.
        #[arg(long)]
        display: bool,
    },
    /// Check each puzzle's givens against the rules, as `POST /validate` does.
    ///
    /// Input as for `solve`; nothing is solved.
    /// Prints one line per puzzle in input order: `valid` or `invalid`, then ` complete` when every
    /// square is filled, then, for an invalid grid, `: ` and every conflict. A valid grid may still
    /// have no solution (`solve` decides that).
    /// Exit status: 0 every grid valid, 1 some grid invalid, 2 bad input.
    Validate {
        /// Puzzle files; standard input when none.
        files: Vec<PathBuf>,
    },
    /// Print random puzzles, one 81-character line each.
    Random {
        /// At least this many givens.
        #[arg(long, default_value_t = DEFAULT_GIVENS as u64, value_parser = within(GIVENS))]
        givens: u64,
        /// Unique, minimal puzzles, as in the API; `--unique=false` gives Norvig's, which may have
        /// no or several solutions.
        #[arg(long, default_value_t = true, num_args = 0..=1, default_missing_value = "true",
              action = clap::ArgAction::Set)]
        unique: bool,
        /// Seed of the first puzzle (the k-th uses seed + k); drawn at random and reported when absent.
        #[arg(long, value_parser = within(SEED))]
        seed: Option<u64>,
        /// How many puzzles.
        #[arg(long, default_value_t = 1)]
        count: u64,
        /// Unique puzzles graded at this level: easy, medium, hard, expert or extreme.
        #[arg(long)]
        difficulty: Option<Difficulty>,
    },
    /// Grade puzzles by the techniques a person needs, one line per puzzle from files or standard
    /// input: `difficulty score hardest_technique`; a summary of the levels goes to standard error.
    Grade {
        /// Puzzle files; standard input when none.
        files: Vec<PathBuf>,
        /// Grading threads [default: all cores].
        #[arg(long, short = 'j', value_parser = within(THREADS))]
        jobs: Option<u64>,
    },
    /// Print the next logical step of one puzzle, explained.
    Hint {
        /// The puzzle; read from standard input (a whole pasted grid) when absent or `-`.
        puzzle: Option<String>,
    },
    /// Print every step from one puzzle to its solution, numbered, then its grade.
    Explain {
        /// The puzzle; read from standard input (a whole pasted grid) when absent or `-`.
        puzzle: Option<String>,
    },
    /// Run the HTTP JSON service.
    Serve(ServeArgs),
    /// Exit 0 when the service answers its health check (for container HEALTHCHECKs).
    Healthcheck(HealthcheckArgs),
}

/// Runs the parsed command line.
pub fn run(cli: Cli) -> ExitCode {
    match cli.command {
        Command::Solve {
            files,
            jobs,
            timeout_ms,
        } => {
            let jobs = jobs.map_or_else(default_jobs, |j| j as usize);
            solve(&files, jobs, timeout_ms.map(Duration::from_millis))
        }
        Command::Candidates { files, display } => show_candidates(&files, display),
        Command::Validate { files } => validate(&files),
        Command::Random {
            givens,
            seed,
            count,
            difficulty: Some(difficulty),
            ..
        } => logic::random_at(difficulty, givens as usize, seed, count),
        Command::Random {
            givens,
            unique,
            seed,
            count,
            difficulty: None,
        } => random(givens as usize, unique, seed, count),
        Command::Grade { files, jobs } => {
            logic::grade(&files, jobs.map_or_else(default_jobs, |j| j as usize))
        }
        Command::Hint { puzzle } => logic::hint(puzzle.as_deref()),
        Command::Explain { puzzle } => logic::explain(puzzle.as_deref()),
        Command::Serve(args) => server::serve(ServerConfig::from(&args)),
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

/// A named input: a file, or `-` for standard input.
fn open_inputs(files: &[PathBuf]) -> Vec<(String, io::Result<Box<dyn BufRead>>)> {
    if files.is_empty() {
        return vec![("<stdin>".to_string(), Ok(Box::new(io::stdin().lock())))];
    }
    files
        .iter()
        .map(|f| {
            let opened =
                File::open(f).map(|file| Box::new(BufReader::new(file)) as Box<dyn BufRead>);
            (f.display().to_string(), opened)
        })
        .collect()
}

/// Feeds every chunk of every input to `each`. Stops with exit status 2 at the first bad line, and
/// when output fails: quietly with 141 if its reader has gone (`| head`), else with 74.
fn for_each_chunk(
    files: &[PathBuf],
    mut each: impl FnMut(Vec<Entry>) -> io::Result<()>,
) -> Result<(), ExitCode> {
    for (name, input) in open_inputs(files) {
        let input = input.map_err(|e| fail(&format!("{name}: {e}")))?;
        let mut reader = PuzzleReader::new(input);
        loop {
            let entries = reader
                .read_chunk()
                .map_err(|e| fail(&format!("{name}:{e}")))?;
            if entries.is_empty() {
                break;
            }
            each(entries).map_err(output_failed)?;
        }
    }
    Ok(())
}

fn fail(message: &str) -> ExitCode {
    eprintln!("sudoku: {message}");
    ExitCode::from(BAD_INPUT)
}

fn output_failed(e: io::Error) -> ExitCode {
    if e.kind() == io::ErrorKind::BrokenPipe {
        return ExitCode::from(BROKEN_PIPE);
    }
    eprintln!("sudoku: writing output: {e}");
    ExitCode::from(OUTPUT_FAILED)
}

fn solve(files: &[PathBuf], jobs: usize, timeout: Option<Duration>) -> ExitCode {
    let mut out = io::BufWriter::new(io::stdout().lock());
    let mut summary = Summary::default();
    let progress = progress_bar();
    let pool = Pool::new(jobs, 0);
    let mut write = |answers: Vec<(Answer, Duration)>| -> io::Result<()> {
        for (answer, elapsed) in &answers {
            summary.add(answer, *elapsed);
            answer.write_line(&mut out)?;
        }
        progress.inc(answers.len() as u64);
        Ok(())
    };
    // One chunk is solved while the next is read and the last one's answers are written.
    let mut solving = None;
    let read = for_each_chunk(files, |entries| {
        let next = pool.map_async(entries, move |e| batch::solve_entry(e, timeout));
        match solving.replace(next) {
            Some(previous) => write(previous.wait()),
            None => Ok(()),
        }
    });
    // The chunks read before a bad line are answered before the error's exit status.
    let last = solving.map_or(Ok(()), |last| write(last.wait()).map_err(output_failed));
    let result = read
        .and(last)
        .and_then(|()| out.flush().map_err(output_failed));
    progress.finish_and_clear();
    if let Err(code) = result {
        return code;
    }
    eprintln!("{}", summary.line());
    ExitCode::from(u8::from(summary.solved < summary.puzzles))
}

/// A spinner counting puzzles on standard error, hidden unless it is a terminal.
fn progress_bar() -> ProgressBar {
    if !io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::new_spinner();
    if let Ok(style) =
        ProgressStyle::with_template("{spinner} {human_pos} puzzles ({per_sec}, {elapsed})")
    {
        bar.set_style(style);
    }
    bar.enable_steady_tick(Duration::from_millis(200));
    bar
}

fn show_candidates(files: &[PathBuf], display: bool) -> ExitCode {
    let mut out = io::BufWriter::new(io::stdout().lock());
    let mut contradictions = 0;
    let result = for_each_chunk(files, |entries| {
        for entry in entries {
            if let Some(conflict) = entry.puzzle.conflicts().first() {
                contradictions += 1;
                writeln!(out, "{}", batch::conflict_line(conflict))?;
                continue;
            }
            match (candidates(&entry.puzzle), display) {
                (None, _) => {
                    contradictions += 1;
                    writeln!(out, "no solution")?;
                }
                (Some(c), false) => writeln!(out, "{}", c.strings().join(" "))?,
                (Some(c), true) => writeln!(out, "{}", c.display())?,
            }
        }
        Ok(())
    });
    if let Err(code) = result.and_then(|()| out.flush().map_err(output_failed)) {
        return code;
    }
    ExitCode::from(u8::from(contradictions > 0))
}

fn validate(files: &[PathBuf]) -> ExitCode {
    let mut out = io::BufWriter::new(io::stdout().lock());
    let mut invalid = 0;
    let result = for_each_chunk(files, |entries| {
        for entry in entries {
            let line = validity_line(&entry.puzzle);
            invalid += usize::from(line.starts_with("invalid"));
            writeln!(out, "{line}")?;
        }
        Ok(())
    });
    if let Err(code) = result.and_then(|()| out.flush().map_err(output_failed)) {
        return code;
    }
    ExitCode::from(u8::from(invalid > 0))
}

/// `valid`, `valid complete`, or `invalid: ` and every conflict, `; `-separated.
fn validity_line(grid: &Grid) -> String {
    let conflicts = grid.conflicts();
    let verdict = if conflicts.is_empty() {
        "valid"
    } else {
        "invalid"
    };
    let complete = if grid.is_complete() { " complete" } else { "" };
    if conflicts.is_empty() {
        return format!("{verdict}{complete}");
    }
    let named: Vec<String> = conflicts.iter().map(ToString::to_string).collect();
    format!("{verdict}{complete}: {}", named.join("; "))
}

fn random(givens: usize, unique: bool, seed: Option<u64>, count: u64) -> ExitCode {
    let first = seed.unwrap_or_else(|| {
        let s = fresh_seed().min(MAX_SEED.saturating_sub(count));
        eprintln!("# seed {s}");
        s
    });
    if count
        .checked_sub(1)
        .is_some_and(|more| first.saturating_add(more) > MAX_SEED)
    {
        return fail(&format!(
            "--seed {first} with --count {count} runs past the largest seed, {MAX_SEED}"
        ));
    }
    let mut out = io::BufWriter::new(io::stdout().lock());
    let written = (0..count).try_for_each(|k| {
        let puzzle = engine::generate(&Request {
            givens,
            unique,
            seed: first + k,
        })
        .puzzle;
        writeln!(out, "{puzzle}")
    });
    match written.and_then(|()| out.flush()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => output_failed(e),
    }
}
