//! The classic technique cases, one module per family: hand-made classic positions, each asked of
//! the one logic layer's finder ([`crate::general::logic`]) through [`borrowed`], with what a
//! classic player expects it to find.

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
mod test_support;
mod uniqueness;
mod wings;

use crate::grid::Grid;

/// What a finder may know beyond the position.
#[derive(Clone, Copy, Debug, Default)]
pub struct Context {
    solution: Option<Grid>,
    unique: bool,
}

impl Context {
    /// Nothing is known about the puzzle: the uniqueness cases' finders stay off (their wrappers
    /// ask [`Context::is_unique`]; the whole list of `borrowed::next_step` does not), and no
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
