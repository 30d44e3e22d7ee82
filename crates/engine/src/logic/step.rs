//! One step of human-style solving: which technique, what it places or removes, the squares, units and
//! digits that form its pattern (so a client can highlight them), and a plain-English explanation.

use crate::digit::Digit;
use crate::square::{Square, Unit};
use crate::technique::Technique;

/// A digit in a square: what a step places, or a pencil mark it removes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Candidate {
    /// The square.
    pub square: Square,
    /// The digit.
    pub digit: Digit,
}

impl Candidate {
    /// `digit` in `square`.
    pub fn new(square: Square, digit: Digit) -> Candidate {
        Candidate { square, digit }
    }
}

/// What forms a step's pattern: the squares, units and digits a person looks at to see it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Pattern {
    /// The squares of the pattern (not those it only changes).
    pub squares: Vec<Square>,
    /// The units the reasoning runs through.
    pub units: Vec<Unit>,
    /// The digits involved.
    pub digits: Vec<Digit>,
}

/// One technique applied once.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Step {
    /// The technique applied.
    pub technique: Technique,
    /// Digits this step places.
    pub placements: Vec<Candidate>,
    /// Candidates this step removes.
    pub eliminations: Vec<Candidate>,
    /// What forms the pattern.
    pub pattern: Pattern,
    /// The reasoning in plain English, naming the squares, units and digits.
    pub explanation: String,
}
