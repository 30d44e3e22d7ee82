//! The engine for every shape: one propagator (Norvig's two rules over the shape's units), one search,
//! one generator. Plain classic 9x9 keeps its band solver ([`crate::Solver`]); callers choose
//! once, at the edge, with [`Shape::is_classic`](crate::shape::Shape::is_classic).

mod branch;
mod cages;
mod constraints;
mod dig;
mod generate;
mod jigsaw;
mod killer_gen;
mod leveled;
pub mod logic;
mod pattern;
mod probe;
mod propagate;
mod search;
mod swap;
mod symmetry;
mod tables;

pub use generate::{check_generable, generate, GeneratedShape, ShapeRequest};
pub use jigsaw::{jigsaw_template, random_regions};
#[cfg(test)]
pub(crate) use killer_gen::generated as generated_killer;
pub use killer_gen::{generate_killer, Killer, KillerRequest};
pub use leveled::{
    generate_killer_leveled, generate_leveled, level_attempts, out_of_reach, LevelError,
    LeveledShape,
};
pub use search::ShapeSolver;
pub use symmetry::Symmetry;

use crate::shape::{Cells, Shape};
use propagate::{initial, Propagator, Settled};
use tables::Tables;

/// Norvig's `parse_grid` on any shape: the candidates (one bit per value) left in each cell once both
/// rules have run to a fixpoint from the givens; `None` when they prove the puzzle has no solution.
pub fn candidates(shape: &Shape, puzzle: &Cells) -> Option<Vec<u32>> {
    let mut cand = initial(shape, puzzle.values());
    let tables = Tables::new(shape);
    let mut propagator = Propagator::new(&tables, false);
    propagator.start(&cand);
    match propagator.settle(shape, &mut cand) {
        Settled::Contradiction => None,
        Settled::Solved | Settled::Open => Some(cand),
    }
}
