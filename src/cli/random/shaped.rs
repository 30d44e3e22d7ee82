//! `sudoku random` on other shapes, or with a symmetric pattern of givens: the general generator
//! (for jigsaw, on regions drawn afresh for each puzzle). Puzzles are printed as classic ones are;
//! JSON lines carry the rules too, so that a jigsaw's drawn regions are not lost and `sudoku solve`
//! reads the lines back.

use std::io::{self, Write};
use std::process::ExitCode;
use std::time::{Duration, Instant};

use super::{first_seed, Format, RandomArgs, CSV_HEADER};
use crate::cli::shape::{flag_error, ShapeArgs};
use crate::cli::{fail, output_failed};
use crate::engine::general;
use crate::engine::generator::DEFAULT_GIVENS;
use crate::engine::shape::{Cells, Rules, Shape};
use crate::engine::{Interrupt, Made, Order, OrderError, Puzzle, Verdict};
use crate::wire::grid::GridFormat;
use crate::wire::random::RandomResponse;

/// `sudoku random` with shape flags or a symmetry.
pub fn random(args: &RandomArgs) -> ExitCode {
    let rules = match checked_rules(args) {
        Ok(rules) => rules,
        Err(message) => return fail(&message),
    };
    let first = match first_seed(args) {
        Ok(first) => first,
        Err(code) => return code,
    };
    let mut out = match crate::cli::open_output(args.output.as_deref()) {
        Ok(out) => io::BufWriter::new(out),
        Err(code) => return code,
    };
    let header = match args.format {
        Format::Csv => writeln!(out, "{CSV_HEADER}"),
        Format::Line | Format::Json => Ok(()),
    };
    if let Err(e) = header {
        return output_failed(e);
    }
    for k in (0..args.count).filter(|&k| args.shard.takes(k)) {
        let seed = first + k;
        let made = match make(args, &rules, seed) {
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

/// The rules to generate on, checked before anything is printed; the flags that only classic
/// puzzles take are refused.
fn checked_rules(args: &RandomArgs) -> Result<Rules, String> {
    let shape = &args.shape;
    if args.givens != DEFAULT_GIVENS as u64 || !args.unique {
        return Err(
            "--givens and --unique=false are for classic puzzles without symmetry; \
                    these puzzles are always unique, with givens removed while they stay so"
                .to_string(),
        );
    }
    if shape.cages.is_some() {
        return Err("--cages with random: random draws the cages of --variant killer".to_string());
    }
    if shape.jigsaw() && shape.regions.is_some() {
        return Err("--regions with --variant jigsaw: random draws the jigsaw regions".to_string());
    }
    if shape.jigsaw() && shape.box_shape.is_some() {
        return Err("--box with --variant jigsaw: jigsaw regions replace the boxes".to_string());
    }
    let rules = template(shape);
    let checked = Shape::new(&rules).map_err(|e| flag_error(&e))?;
    general::check_generable(&rules, shape.jigsaw()).map_err(|e| flag_error(&e))?;
    if let Some(level) = args.difficulty {
        // The out-of-reach levels are those of minimal puzzles; a killer's cages make its own.
        let reach = general::out_of_reach(checked.size(), checked.is_jigsaw(), level);
        if let Some(why) = reach.filter(|_| !shape.killer()) {
            return Err(format!(
                "--difficulty {}: not available for {checked}: {why}",
                level.name()
            ));
        }
    }
    if checked.is_jigsaw() && !shape.jigsaw() {
        fillable(&checked)?;
    }
    Ok(rules)
}

/// How long the check that given regions can be filled may take.
const FILL_CHECK: Duration = Duration::from_secs(10);

/// Refuses regions that no grid fills: not every jigsaw layout has a solution, and the generator
/// would search for one for ever.
fn fillable(shape: &Shape) -> Result<(), String> {
    let empty = Cells::empty(shape.cell_count());
    let search = general::ShapeSolver::new()
        .limit(1)
        .deadline(Instant::now() + FILL_CHECK);
    match search.solve(shape, &empty) {
        Ok(out) if out.verdict == Verdict::None => {
            Err("--regions: no grid fills these regions, so they make no puzzle".to_string())
        }
        Ok(_) => Ok(()),
        Err(_) => Err(format!(
            "--regions: no grid filling these regions was found within {} s",
            FILL_CHECK.as_secs()
        )),
    }
}

/// The flags' rules; for jigsaw, with the rows standing in as regions
/// ([`general::jigsaw_template`]), so that a size without a box shape (7, say) is a valid template.
fn template(shape: &ShapeArgs) -> Rules {
    let rules = shape.rules();
    if shape.jigsaw() {
        general::jigsaw_template(&rules)
    } else {
        rules
    }
}

/// The puzzle of `seed` (at the level asked for), graded, or why there is none.
fn make(args: &RandomArgs, rules: &Rules, seed: u64) -> Result<Made, String> {
    let order = Order {
        rules: rules.clone(),
        jigsaw: args.shape.jigsaw(),
        killer: args.shape.killer(),
        symmetry: args.symmetry.unwrap_or_default(),
        level: args.difficulty,
        technique: None,
        givens: 0,
        unique: true,
    };
    let mut made = order
        .make(seed, Interrupt::NEVER)
        .map_err(|e| match (e, args.difficulty) {
            (OrderError::Shape(e), _) => flag_error(&e),
            (e, Some(level)) => format!("--difficulty {} with seed {seed}: {e}", level.name()),
            (e, None) => e.to_string(),
        })?;
    made.grade(Interrupt::NEVER);
    Ok(made)
}

fn write(out: &mut impl Write, made: &Made, seed: u64, format: Format) -> io::Result<()> {
    let grade = &made.grade;
    let puzzle = made.puzzle.to_line();
    let solution = made
        .solution
        .as_ref()
        .map(Puzzle::to_line)
        .unwrap_or_default();
    match format {
        Format::Line => writeln!(out, "{puzzle}"),
        Format::Json => {
            // `GET /random`'s members, the rules included.
            let line = RandomResponse::of(made, seed, GridFormat::String);
            serde_json::to_writer(&mut *out, &line)?;
            writeln!(out)
        }
        Format::Csv => writeln!(
            out,
            "{puzzle},{solution},{},{},{seed}",
            grade.as_ref().map_or("", |g| g.difficulty.name()),
            grade
                .as_ref()
                .map(|g| g.score.to_string())
                .unwrap_or_default(),
        ),
    }
}
