//! The names every logic answer shares: the techniques ([`Technique`], in the order they are
//! tried, with ids, levels and scores) and grades ([`Grade`], [`Difficulty`]).
//!
//! The logic itself is one layer, on every shape, classic 9x9 included:
//! [`crate::general::logic`] (finders, walk, hints, grades), reached through [`crate::Puzzle`].
//! What stays here besides the names are the classic technique cases, written in classic squares
//! and digits and asked of that layer's finders (test code only).

#[cfg(test)]
pub(crate) mod position;
#[cfg(test)]
pub(crate) mod step;
#[cfg(test)]
mod techniques;

pub use crate::grade::{Difficulty, Grade, TechniqueCounts};
pub use crate::technique::Technique;
