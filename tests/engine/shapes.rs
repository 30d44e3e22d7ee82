//! The shape model as a specification: sizes, boxes, variants and jigsaw regions build the units a
//! player expects (recomputed here from scratch), and every bad description is an error that names
//! what is wrong.
//!
//! By concept: [`units`] (what a description builds), [`refusals`] (bad descriptions) and [`cells`]
//! (grids on a shape).

use sudoku_service::engine::shape::Rules;

mod cells;
mod refusals;
mod units;

pub use units::expected_units;

/// Plain rules of side `size`: its usual boxes, no variants, the usual symbols.
fn rules(size: usize) -> Rules {
    Rules {
        size: Some(size),
        ..Rules::default()
    }
}
