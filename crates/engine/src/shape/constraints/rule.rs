//! The wire form of constraints: members of `rules.constraints`, tagged by `type`, with the names
//! the community's tools use (`thermo`, `arrow`, `kropki`, `xv`, `little_killer`, `sandwich`,
//! `renban`, `whisper`, `palindrome`, `odd`, `even`, `extra_region`), and `rules.negative`.
//!
//! Cells are named as cages name them (`"B2"`: an upper-case row letter, a 1-based column).

use serde::{Deserialize, Serialize};

/// A constraint as the wire gives it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
pub enum ConstraintRule {
    /// Values strictly increase from the bulb (the first cell) along the line.
    Thermo {
        /// The bulb, then the line.
        cells: Vec<String>,
    },
    /// The arrow's values (repeats allowed where no unit forbids them) sum to the circle's value;
    /// a circle of two cells (a pill) reads as a two-digit number.
    Arrow {
        /// One cell, or two cells sharing an edge, read as a number left to right or top to
        /// bottom (the order they are listed in does not matter), as puzzles state it.
        circle: Vec<String>,
        /// The arrow's line, from next to the circle.
        cells: Vec<String>,
    },
    /// A dot between two orthogonal neighbours.
    Kropki {
        /// `white`: consecutive values; `black`: one is double the other.
        color: KropkiColor,
        /// The two cells.
        cells: Vec<String>,
    },
    /// A letter between two orthogonal neighbours: X for a sum of 10, V for 5.
    Xv {
        /// `X` or `V`.
        value: XvValue,
        /// The two cells.
        cells: Vec<String>,
    },
    /// A sum along a diagonal (repeats allowed where no unit forbids them).
    LittleKiller {
        /// The diagonal's cells, in order.
        cells: Vec<String>,
        /// Their sum.
        sum: u32,
    },
    /// The values strictly between the 1 and the N of a row or column sum to `sum`.
    Sandwich {
        /// The row by letter (`"A"`), as units are named; absent when `column` is given.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        row: Option<String>,
        /// The column by 1-based number; absent when `row` is given.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        column: Option<usize>,
        /// The sum between the 1 and the N.
        sum: u32,
    },
    /// A line holding a set of consecutive values in any order, none repeated.
    Renban {
        /// The line.
        cells: Vec<String>,
    },
    /// A line whose neighbours differ by at least `difference`.
    Whisper {
        /// The line.
        cells: Vec<String>,
        /// The least difference (default: N/2 rounded up, 5 on 9x9).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        difference: Option<u8>,
    },
    /// A line that reads the same both ways.
    Palindrome {
        /// The line.
        cells: Vec<String>,
    },
    /// Cells holding odd values.
    Odd {
        /// The cells.
        cells: Vec<String>,
    },
    /// Cells holding even values.
    Even {
        /// The cells.
        cells: Vec<String>,
    },
    /// N cells holding every value once: one more unit.
    ExtraRegion {
        /// The cells.
        cells: Vec<String>,
    },
}

/// A kropki dot's colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum KropkiColor {
    /// Consecutive values.
    White,
    /// One value double the other.
    Black,
}

/// An XV clue.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum XvValue {
    /// A sum of 10.
    X,
    /// A sum of 5.
    V,
}

/// A constraint given negatively: every pair that qualifies is marked.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Negative {
    /// No unmarked orthogonal pair is consecutive or in the ratio 2:1.
    Kropki,
    /// No unmarked orthogonal pair sums to 10 or 5.
    Xv,
}

impl Negative {
    /// The name on the wire.
    pub fn name(self) -> &'static str {
        match self {
            Negative::Kropki => "kropki",
            Negative::Xv => "xv",
        }
    }
}

impl ConstraintRule {
    /// The `type` on the wire.
    pub fn type_name(&self) -> &'static str {
        match self {
            ConstraintRule::Thermo { .. } => "thermo",
            ConstraintRule::Arrow { .. } => "arrow",
            ConstraintRule::Kropki { .. } => "kropki",
            ConstraintRule::Xv { .. } => "xv",
            ConstraintRule::LittleKiller { .. } => "little_killer",
            ConstraintRule::Sandwich { .. } => "sandwich",
            ConstraintRule::Renban { .. } => "renban",
            ConstraintRule::Whisper { .. } => "whisper",
            ConstraintRule::Palindrome { .. } => "palindrome",
            ConstraintRule::Odd { .. } => "odd",
            ConstraintRule::Even { .. } => "even",
            ConstraintRule::ExtraRegion { .. } => "extra_region",
        }
    }
}
