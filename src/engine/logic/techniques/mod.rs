//! The techniques' finders, one module per family, and the fixed order they are tried in.
//!
//! A finder looks at a position and returns the first instance of its pattern that changes something,
//! as a [`Step`]; it never changes the position itself. The order of [`FINDERS`] is the order of
//! [`Technique`](super::Technique): the simplest step available is always the one offered.

mod brute_force;
mod chains;
mod forcing;
mod links;
mod singles;

use super::position::Position;
use super::step::Step;
use crate::engine::grid::Grid;

/// What a finder may know beyond the position.
#[derive(Clone, Copy, Debug, Default)]
pub struct Context {
    solution: Option<Grid>,
    unique: bool,
}

impl Context {
    /// Nothing is known about the puzzle: techniques that assume a unique solution stay off, and no
    /// guess can be made.
    pub fn unknown() -> Context {
        Context::default()
    }

    /// The puzzle is proved to have exactly this one solution: uniqueness techniques may be used, and
    /// the last resort may place the solution's digits.
    pub fn unique(solution: Grid) -> Context {
        Context {
            solution: Some(solution),
            unique: true,
        }
    }

    /// The puzzle is taken to have one solution that is not known (for hand-made positions).
    pub fn assume_unique() -> Context {
        Context {
            solution: None,
            unique: true,
        }
    }

    /// Whether uniqueness techniques may be used.
    pub fn is_unique(&self) -> bool {
        self.unique
    }

    /// The solution, when known.
    pub fn solution(&self) -> Option<&Grid> {
        self.solution.as_ref()
    }
}

/// A technique's finder.
pub type Finder = fn(&Position, &Context) -> Option<Step>;

/// Every finder, simplest first.
pub const FINDERS: &[Finder] = &[
    singles::full_house,
    singles::naked_single,
    singles::hidden_single,
    chains::x_chain,
    chains::xy_chain,
    chains::aic,
    forcing::forcing_chain,
    brute_force::brute_force,
];

/// The simplest step available in `position`, if any.
pub fn next_step(position: &Position, context: &Context) -> Option<Step> {
    FINDERS.iter().find_map(|find| find(position, context))
}
