//! The five levels a puzzle or a technique is rated at, `easy` to `extreme`, with HoDoKu's score
//! ceilings: the one scale of every shape's grades.

use std::fmt;
use std::str::FromStr;

/// How hard a puzzle (or a technique) is for a person.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Difficulty {
    /// Singles only.
    Easy,
    /// Intersections and pairs or triples.
    Medium,
    /// Fish, wings, single-digit patterns, uniqueness.
    Hard,
    /// Chains and almost locked sets (HoDoKu's "Unfair").
    Expert,
    /// Forcing chains or guessing.
    Extreme,
}

impl Difficulty {
    /// Every level, easiest first.
    pub const ALL: [Difficulty; 5] = [
        Difficulty::Easy,
        Difficulty::Medium,
        Difficulty::Hard,
        Difficulty::Expert,
        Difficulty::Extreme,
    ];

    /// The lower-case name (`easy` … `extreme`).
    pub fn name(self) -> &'static str {
        match self {
            Difficulty::Easy => "easy",
            Difficulty::Medium => "medium",
            Difficulty::Hard => "hard",
            Difficulty::Expert => "expert",
            Difficulty::Extreme => "extreme",
        }
    }

    /// The highest score a path of this level may have (HoDoKu's ceilings).
    pub fn max_score(self) -> u32 {
        match self {
            Difficulty::Easy => 800,
            Difficulty::Medium => 1000,
            Difficulty::Hard => 1600,
            Difficulty::Expert => 1800,
            Difficulty::Extreme => u32::MAX,
        }
    }

    pub(crate) fn next(self) -> Difficulty {
        match self {
            Difficulty::Easy => Difficulty::Medium,
            Difficulty::Medium => Difficulty::Hard,
            Difficulty::Hard => Difficulty::Expert,
            Difficulty::Expert | Difficulty::Extreme => Difficulty::Extreme,
        }
    }
}

impl fmt::Display for Difficulty {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A name that is not a difficulty level.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown difficulty {0:?}; expected easy, medium, hard, expert or extreme")]
pub struct UnknownDifficulty(pub String);

impl FromStr for Difficulty {
    type Err = UnknownDifficulty;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Difficulty::ALL
            .into_iter()
            .find(|d| d.name() == s)
            .ok_or_else(|| UnknownDifficulty(s.to_string()))
    }
}
