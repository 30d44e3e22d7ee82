//! `sudoku random`: puzzles from seeds, as `GET /random` makes them, printed as bare lines, as JSON
//! lines in the API's shape, or as CSV columns (which `sudoku solve` reads back, checking the
//! solutions). The flags read into the engine's [`Order`] (other shapes and symmetries by the
//! `order` module), which picks the generator.

mod order;

use std::io::{self, Write};
use std::process::ExitCode;
use std::time::{Duration, Instant};

use super::shape::{flag_error, ShapeArgs};
use super::shard::Shard;
use super::{fail, output_failed, within};
use crate::engine::general::Symmetry;
use crate::engine::generator::DEFAULT_GIVENS;
use crate::engine::graded::max_givens;
use crate::engine::logic::Difficulty;
use crate::engine::logic::Technique;
use crate::engine::targeted::parse_technique;
use crate::engine::{Interrupt, Made, Order, OrderError, Puzzle};
use crate::limits::{fresh_seed, MAX_SEED};
use crate::limits::{GIVENS, SEED};
use crate::wire::grid::GridFormat;
use crate::wire::random::RandomResponse;

// The flags of `sudoku random`.
// Not a doc comment: with deferred subcommands clap would make it the subcommand's help.
#[allow(missing_docs)]
#[derive(Clone, Debug, clap::Args)]
pub struct RandomArgs {
    /// At least this many givens.
    #[arg(long, default_value_t = DEFAULT_GIVENS as u64, value_parser = within(GIVENS))]
    pub givens: u64,
    /// Unique, minimal puzzles, as in the API; `--unique=false` gives Norvig's, which may have
    /// no or several solutions.
    #[arg(long, default_value_t = true, num_args = 0..=1, default_missing_value = "true",
          action = clap::ArgAction::Set)]
    pub unique: bool,
    /// Seed of the first puzzle (the k-th uses seed + k); drawn at random and reported when absent.
    #[arg(long, value_parser = within(SEED))]
    pub seed: Option<u64>,
    /// How many puzzles.
    #[arg(long, default_value_t = 1)]
    pub count: u64,
    /// Unique puzzles graded at this level: easy, medium, hard, expert or extreme.
    #[arg(long)]
    pub difficulty: Option<Difficulty>,
    /// Unique puzzles whose logical path uses this technique (an id such as `x_wing`; any the
    /// grader names but `brute_force`) and nothing harder, as `GET /random?technique=` makes them.
    #[arg(long, conflicts_with = "difficulty", value_parser = parse_technique)]
    pub technique: Option<Technique>,
    /// `line`: the puzzle alone; `json`: a JSON object a line, as `GET /random` answers (with the
    /// grade of unique puzzles); `csv` (or `columns`): a header, then
    /// `puzzle,solution,difficulty,score,seed` a line, empty where there is none.
    #[arg(long, value_enum, default_value_t = Format::Line)]
    pub format: Format,
    /// The puzzles' shape; `--variant jigsaw` draws fresh regions for each puzzle.
    #[command(flatten)]
    pub shape: ShapeArgs,
    /// The pattern of givens: none, rotational (180 degrees), rotational90, mirror or diagonal
    /// [default: none].
    #[arg(long, value_parser = parse_symmetry)]
    pub symmetry: Option<Symmetry>,
    /// Write the puzzles to this file instead of standard output.
    #[arg(long, short = 'o', value_name = "FILE")]
    pub output: Option<std::path::PathBuf>,
    /// Only shard I of N (0-based): the puzzles k (from 0, seed + k) with k % N == I, so that N
    /// processes make the --count puzzles with no overlap [default: 0/1, all of them].
    #[arg(long, value_name = "I/N", default_value = "0/1")]
    pub shard: Shard,
}

pub(super) fn parse_symmetry(name: &str) -> Result<Symmetry, String> {
    Symmetry::from_name(name).ok_or_else(|| {
        format!("unknown symmetry {name:?}; expected none, rotational, rotational90, mirror or diagonal")
    })
}

/// How each puzzle is printed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Format {
    /// The 81-character puzzle.
    Line,
    /// JSON lines in the API's shape.
    Json,
    /// Comma-separated columns under a header.
    #[value(alias = "columns")]
    Csv,
}

/// The header of `--format csv`.
pub const CSV_HEADER: &str = "puzzle,solution,difficulty,score,seed";

/// How long a search may spend proving one of Norvig's puzzles unique, as the API's cap does.
const UNIQUENESS_SEARCH: Duration = Duration::from_secs(2);

/// `sudoku random`.
pub fn random(args: &RandomArgs) -> ExitCode {
    let shaped = args.shape.is_given() || args.symmetry.is_some_and(|s| s != Symmetry::None);
    if shaped && args.technique.is_some() {
        return fail("--technique puzzles are classic 9x9 without a symmetry");
    }
    let order = if shaped {
        match order::of_shape(args) {
            Ok(order) => order,
            Err(message) => return fail(&message),
        }
    } else {
        Order {
            level: args.difficulty,
            technique: args.technique,
            ..Order::classic(args.givens as usize, args.unique)
        }
    };
    let first = match first_seed(args) {
        Ok(first) => first,
        Err(code) => return code,
    };
    let mut out = match super::open_output(args.output.as_deref()) {
        Ok(out) => io::BufWriter::new(out),
        Err(code) => return code,
    };
    if args.format == Format::Csv {
        if let Err(e) = writeln!(out, "{CSV_HEADER}") {
            return output_failed(e);
        }
    }
    for seed in (0..args.count)
        .filter(|&k| args.shard.takes(k))
        .map(|k| first + k)
    {
        let made = match make(&order, args, seed) {
            Ok(made) => made,
            Err(message) => {
                // What was printed stays printed; the refusal ends the run.
                let _ = out.flush();
                return fail(&message);
            }
        };
        if let Err(e) = write(&mut out, &made, seed, args.format) {
            return output_failed(e);
        }
    }
    match out.flush() {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => output_failed(e),
    }
}

/// The seed of the first puzzle: `--seed`, or one drawn and reported on standard error; refused
/// when `--count` puzzles from it would run past the largest seed.
fn first_seed(args: &RandomArgs) -> Result<u64, ExitCode> {
    // A level with more givens than its puzzles have is never found: refused as the API refuses it.
    if let Some(difficulty) = args.difficulty {
        let maximum = max_givens(difficulty);
        if args.givens as usize > maximum {
            return Err(fail(&format!(
                "--givens {} is more than {} puzzles have; expected {}-{maximum}",
                args.givens,
                difficulty.name(),
                crate::limits::GIVENS.minimum
            )));
        }
    }
    if args.technique.is_some() && args.givens as usize > DEFAULT_GIVENS {
        return Err(fail(
            "--technique puzzles are minimal (added givens would make the technique unneeded); leave --givens out",
        ));
    }
    let count = args.count;
    let first = args.seed.unwrap_or_else(|| {
        let s = fresh_seed().min(MAX_SEED.saturating_sub(count));
        eprintln!("# seed {s}");
        s
    });
    if count
        .checked_sub(1)
        .is_some_and(|more| first.saturating_add(more) > MAX_SEED)
    {
        return Err(fail(&format!(
            "--seed {first} with --count {count} runs past the largest seed, {MAX_SEED}"
        )));
    }
    Ok(first)
}

/// The puzzle of `seed`, with its solution and grade when the format shows them (a Norvig puzzle
/// proved unique within [`UNIQUENESS_SEARCH`], as `GET /random` does), or why there is none.
fn make(order: &Order, args: &RandomArgs, seed: u64) -> Result<Made, String> {
    let mut made = order
        .make(seed, Interrupt::NEVER)
        .map_err(|e| match (e, args.difficulty) {
            (OrderError::Shape(e), _) => flag_error(&e),
            (e, Some(level)) => format!("--difficulty {} with seed {seed}: {e}", level.name()),
            (e, None) => e.to_string(),
        })?;
    if args.format != Format::Line {
        made.prove_unique(Interrupt {
            deadline: Some(Instant::now() + UNIQUENESS_SEARCH),
            cancel: None,
        });
        made.grade(Interrupt::NEVER);
    }
    Ok(made)
}

/// One puzzle in `format`: the line, the API's JSON (as `GET /random?count=` writes it, the rules
/// of other shapes included), or the CSV columns.
fn write(out: &mut impl Write, made: &Made, seed: u64, format: Format) -> io::Result<()> {
    match format {
        Format::Line => writeln!(out, "{}", made.puzzle.to_line()),
        Format::Json => {
            serde_json::to_writer(
                &mut *out,
                &RandomResponse::of(made, seed, GridFormat::String),
            )?;
            writeln!(out)
        }
        Format::Csv => writeln!(
            out,
            "{},{},{},{},{seed}",
            made.puzzle.to_line(),
            made.solution
                .as_ref()
                .map(Puzzle::to_line)
                .unwrap_or_default(),
            made.grade.as_ref().map_or("", |g| g.difficulty.name()),
            made.grade
                .as_ref()
                .map(|g| g.score.to_string())
                .unwrap_or_default(),
        ),
    }
}
