//! The techniques' finders, one module per family, and the fixed order they are tried in.
//!
//! A finder looks at a position and returns the first instance of its pattern that changes something,
//! as a [`Step`]; it never changes the position itself. The order of [`FINDERS`] is the order of
//! [`Technique`](super::Technique): the simplest step available is always the one offered.

#[cfg(test)]
mod agreement;
mod als;
mod borrowed;
mod brute_force;
mod chains;
mod coloring;
mod fish;
mod forcing;
mod intersections;
mod links;
mod single_digit;
mod singles;
mod subsets;
#[cfg(test)]
mod test_support;
mod uniqueness;
mod wings;

use super::position::Position;
use super::step::Step;
use crate::grid::Grid;

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
    subsets::locked_pair,
    subsets::locked_triple,
    intersections::locked_candidates_pointing,
    intersections::locked_candidates_claiming,
    subsets::naked_pair,
    subsets::naked_triple,
    subsets::hidden_pair,
    subsets::hidden_triple,
    subsets::naked_quad,
    subsets::hidden_quad,
    fish::x_wing,
    fish::swordfish,
    fish::jellyfish,
    uniqueness::bug_plus_one,
    single_digit::skyscraper,
    single_digit::two_string_kite,
    single_digit::turbot_fish,
    single_digit::empty_rectangle,
    wings::w_wing,
    wings::xy_wing,
    wings::xyz_wing,
    uniqueness::unique_rectangle_1,
    uniqueness::unique_rectangle_2,
    uniqueness::unique_rectangle_4,
    uniqueness::hidden_rectangle,
    fish::finned_x_wing,
    fish::sashimi_x_wing,
    fish::finned_swordfish,
    fish::sashimi_swordfish,
    coloring::simple_coloring,
    chains::x_chain,
    chains::xy_chain,
    chains::aic,
    als::als_xz,
    forcing::forcing_chain,
    brute_force::brute_force,
];

/// The simplest step available in `position`, if any.
pub fn next_step(position: &Position, context: &Context) -> Option<Step> {
    FINDERS.iter().find_map(|find| find(position, context))
}
