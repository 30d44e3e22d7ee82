//! `sudoku random` on other shapes, or with a symmetric pattern of givens: the shape flags read
//! into the engine's [`Order`] (the general generator; for jigsaw, on regions drawn afresh for each
//! puzzle). Puzzles are printed as classic ones are; JSON lines carry the rules too, so that a
//! jigsaw's drawn regions are not lost and `sudoku solve` reads the lines back.

use std::time::{Duration, Instant};

use super::RandomArgs;
use crate::cli::shape::{flag_error, ShapeArgs};
use crate::engine::general;
use crate::engine::generator::DEFAULT_GIVENS;
use crate::engine::shape::{Cells, Rules, Shape};
use crate::engine::{Order, Verdict};

/// The order the shape flags (and `--symmetry`, `--difficulty`) describe, checked before anything
/// is printed: the flags that only classic puzzles take are refused.
pub(super) fn of_shape(args: &RandomArgs) -> Result<Order, String> {
    Ok(Order {
        rules: checked_rules(args)?,
        jigsaw: args.shape.jigsaw(),
        killer: args.shape.killer(),
        symmetry: args.symmetry.unwrap_or_default(),
        level: args.difficulty,
        technique: None,
        givens: 0,
        unique: true,
    })
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
