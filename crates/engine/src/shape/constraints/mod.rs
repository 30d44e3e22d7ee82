//! Constraints as data (issue 33): the lines, dots, sums and global rules of variant Sudoku, read
//! from `rules.constraints`, `rules.variants` and `rules.negative`, checked once into
//! [`Constraint`]s on the [`Shape`](super::Shape).
//!
//! - `rule`: the wire form.
//! - `checked`: the checked form the engine reads.
//! - `check`: from one to the other, with errors naming the constraint.
//! - `pairs`: every two-cell rule as a relation on values, and the anti-knight and anti-king peers.
//! - `broken`: the rules the placed values break, read from the rules directly.

mod broken;
mod check;
mod checked;
mod pairs;
mod rule;

pub use broken::{broken_rules, RuleConflict};
pub(crate) use check::check;
pub use check::MAX_CONSTRAINTS;
pub use checked::Constraint;
pub use pairs::{move_pairs, pair_rules, PairRule, Relation, RuleRef};
pub use rule::{ConstraintRule, KropkiColor, Negative, XvValue};
