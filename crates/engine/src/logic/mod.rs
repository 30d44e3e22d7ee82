//! Human-style solving: a step-by-step solver over pencil marks that applies one technique at a time,
//! simplest first, and explains each step; the grade of a puzzle from the path it needs.
//!
//! It stands beside the search solver ([`crate::solver`]) and never reuses its combined
//! propagation: here every deduction is a [`Step`] of one named [`Technique`], so a person can follow
//! it and a grade can count it.
//!
//! - [`position`]: placed digits and pencil marks.
//! - [`step`]: what one step places, removes and looks at.
//! - [`crate::technique`] (shared with the logic of every shape): the techniques in order, with ids,
//!   names, levels and scores.
//! - [`techniques`]: the finders, one module per family.
//! - [`crate::grade`] (shared too): difficulty levels and grading a path.
//! - [`solver`]: walking a puzzle to its solution, grading, hints.
//! - [`words`]: the plain-English pieces explanations share.

pub mod position;
pub mod solver;
pub mod step;
pub mod techniques;
pub mod words;

pub use crate::grade::{Difficulty, Grade, TechniqueCounts};
pub use crate::technique::Technique;
pub use position::Position;
pub use solver::{Explanation, Hint, LogicError, LogicSolver};
pub use step::{Candidate, Pattern, Step};
pub use techniques::{next_step, Context};
