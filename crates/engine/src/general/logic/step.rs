//! One step of human-style solving on any shape: the technique (with its id,
//! level and score), the values it places or removes, the cells, units and values of its pattern, and
//! its reasoning in words that use the shape's symbols and unit names.

use crate::technique::Technique;

/// A value in a cell: what a step places, or a candidate it removes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Mark {
    /// The cell, row-major.
    pub cell: usize,
    /// The value, 1..=N.
    pub value: u8,
}

impl Mark {
    /// `value` in `cell`.
    pub fn new(cell: usize, value: u8) -> Mark {
        Mark { cell, value }
    }
}

/// What forms a step's pattern, for highlighting.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Pattern {
    /// The cells of the pattern (not those it only changes).
    pub cells: Vec<usize>,
    /// The units the reasoning runs through, as the shape numbers them.
    pub units: Vec<usize>,
    /// The values involved.
    pub values: Vec<u8>,
}

/// One technique applied once on a shape.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ShapeStep {
    /// The technique.
    pub technique: Technique,
    /// Values placed.
    pub placements: Vec<Mark>,
    /// Candidates removed, sorted.
    pub eliminations: Vec<Mark>,
    /// The pattern.
    pub pattern: Pattern,
    /// The reasoning in plain English.
    pub explanation: String,
}

impl ShapeStep {
    /// A step that places `value` in `cell`.
    pub fn placement(
        technique: Technique,
        cell: usize,
        value: u8,
        pattern: Pattern,
        explanation: String,
    ) -> ShapeStep {
        ShapeStep {
            technique,
            placements: vec![Mark::new(cell, value)],
            eliminations: Vec::new(),
            pattern,
            explanation,
        }
    }

    /// A step that removes `eliminations` (sorted and deduplicated here).
    pub fn elimination(
        technique: Technique,
        mut eliminations: Vec<Mark>,
        pattern: Pattern,
        explanation: String,
    ) -> ShapeStep {
        eliminations.sort();
        eliminations.dedup();
        ShapeStep {
            technique,
            placements: Vec::new(),
            eliminations,
            pattern,
            explanation,
        }
    }

    /// Whether the step changes nothing (a finder never returns one).
    pub fn is_empty(&self) -> bool {
        self.placements.is_empty() && self.eliminations.is_empty()
    }
}
