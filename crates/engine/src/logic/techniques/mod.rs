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
mod intersections;
mod single_digit;
mod singles;
mod subsets;
#[cfg(test)]
mod test_support;
mod uniqueness;
mod wings;

use super::position::Position;
use super::step::Step;
use crate::general::logic as general;
use crate::grid::Grid;
use borrowed::{Handed, ShapeFinder};
use ClassicFinder::{Borrowed, BorrowedIfUnique, Own};

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
#[derive(Clone, Copy)]
pub enum ClassicFinder {
    /// The classic layer's own, on the classic position.
    Own(fn(&Position, &Context) -> Option<Step>),
    /// The general layer's (the one implementation), on the position handed over in the
    /// shape's terms.
    Borrowed(ShapeFinder),
    /// A borrowed finder that assumes the puzzle has one solution: asked only when the context
    /// says so.
    BorrowedIfUnique(ShapeFinder),
}

impl ClassicFinder {
    /// The first step this finder finds in `position`. A borrowed finder reads the position as
    /// `handed` holds it, handed over on first need: the finders asked in turn on one position
    /// share one hand-over (and the live candidates worked out on it).
    pub fn find(
        &self,
        position: &Position,
        context: &Context,
        handed: &mut Option<Handed>,
    ) -> Option<Step> {
        match self {
            ClassicFinder::Own(find) => find(position, context),
            ClassicFinder::BorrowedIfUnique(_) if !context.is_unique() => None,
            ClassicFinder::Borrowed(find) | ClassicFinder::BorrowedIfUnique(find) => handed
                .get_or_insert_with(|| Handed::new(position, context))
                .find(*find),
        }
    }
}

/// Every finder, simplest first.
pub const FINDERS: &[ClassicFinder] = &[
    Own(singles::full_house),
    Own(singles::naked_single),
    Own(singles::hidden_single),
    Borrowed(general::subsets::locked_pair),
    Borrowed(general::subsets::locked_triple),
    Own(intersections::locked_candidates_pointing),
    Own(intersections::locked_candidates_claiming),
    Borrowed(general::subsets::naked_pair),
    Borrowed(general::subsets::naked_triple),
    Borrowed(general::subsets::hidden_pair),
    Borrowed(general::subsets::hidden_triple),
    Borrowed(general::subsets::naked_quad),
    Borrowed(general::subsets::hidden_quad),
    Borrowed(general::fish::x_wing),
    Borrowed(general::fish::swordfish),
    Borrowed(general::fish::jellyfish),
    BorrowedIfUnique(general::uniqueness::bug_plus_one),
    Borrowed(general::single_digit::skyscraper),
    Borrowed(general::single_digit::two_string_kite),
    Borrowed(general::single_digit::turbot_fish),
    Borrowed(general::single_digit::empty_rectangle),
    Borrowed(general::wings::w_wing),
    Borrowed(general::wings::xy_wing),
    Borrowed(general::wings::xyz_wing),
    BorrowedIfUnique(general::uniqueness::unique_rectangle_1),
    BorrowedIfUnique(general::uniqueness::unique_rectangle_2),
    BorrowedIfUnique(general::uniqueness::unique_rectangle_4),
    BorrowedIfUnique(general::uniqueness::hidden_rectangle),
    Borrowed(general::finned_fish::finned_x_wing),
    Borrowed(general::finned_fish::sashimi_x_wing),
    Borrowed(general::finned_fish::finned_swordfish),
    Borrowed(general::finned_fish::sashimi_swordfish),
    Borrowed(general::coloring::simple_coloring),
    Borrowed(general::chains::x_chain),
    Borrowed(general::chains::xy_chain),
    Borrowed(general::chains::aic),
    Borrowed(general::als::als_xz),
    Borrowed(general::forcing::forcing_chain),
    Own(brute_force::brute_force),
];

/// The simplest step available in `position`, if any.
pub fn next_step(position: &Position, context: &Context) -> Option<Step> {
    let mut handed = None;
    FINDERS
        .iter()
        .find_map(|finder| finder.find(position, context, &mut handed))
}
