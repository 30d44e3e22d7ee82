//! The techniques killer solvers use, for every shape with cages (killer, killer X, jigsaw killer,
//! any size): the finders here run only when the shape has cages, alongside the techniques of
//! every shape (a cage is not a unit to them: it need not hold every value).
//!
//! - `sums`: which values a set of cells with a known sum can still take, given their candidates:
//!   the combinations of distinct values (from the propagation's tables in
//!   [`crate::general`]) whose values the cells can take one each (a matching), or, for cells
//!   that may repeat a value, every filling.
//! - `groups`: the rule of 45 worked out once per puzzle: for each unit, and each run of adjacent
//!   rows or columns, the cages lying wholly inside it, the cells left over (innies) and, when
//!   cages cover it, the cells its cages reach outside it (outies), each set with its sum.
//! - `combinations`: Cage Combination (a cage's cells keep the values of its combinations), Cage
//!   Pointing (a value every combination holds, confined within the cage to one unit, leaves the rest
//!   of the unit) and Cage Claiming (a value whose places in a unit all lie in one cage leaves the
//!   cage's cells outside the unit).
//! - `innies_outies`: the Rule of 45 (one cell left over is placed: the unit's total minus its cages)
//!   and Innies and Outies (several cells left over form a virtual cage with that sum).
//! - `splitting`: Cage Splitting (the cells left over all lie in one cage, so the rest of that cage
//!   is a sub-cage with the remaining sum).
//! - `difference`: Innie-Outie Difference (each cage crossing a group's boundary counted by its
//!   cells inside or by its whole sum less its cells outside: innies less outies make a known
//!   number, and a few open cells keep the values that equation allows).
//! - `conflicts`: Combination Conflict (a cage's combination that would leave a neighbouring cage
//!   no combination, a neighbouring cell no candidate, or a unit no place for a value is removed).
//!
//! Groups are units, runs of adjacent rows or columns and rectangles of two to four boxes; their
//! innies and outies are shown once at most six of them are open, however many there are.
//!
//! Levels are calibrated against the classic ones a player already knows (ids, levels and scores
//! live with [`Technique`](crate::technique::Technique)): Cage Combination is the killer's
//! pencil-marking, made once per cage and again as its cells narrow, so it is easy and scores like a
//! naked single (4); the Rule of 45 single is one addition, easy like a hidden single but scored a
//! little above it (20); Cage Pointing and Cage Claiming are locked candidates with a cage for a
//! box (medium, 50); Innies and Outies is a small virtual cage, a subset's worth of work (medium,
//! 60, like a naked pair), and Cage Splitting chains the two (medium, 70, like a hidden pair). The
//! Innie-Outie Difference weighs cells on both sides of a boundary against one number (medium, 80,
//! like a naked triple), and a Combination Conflict tries each combination of a cage against its
//! neighbours (medium, 100, like a hidden triple); both are tried after the subsets they are scored
//! like, so a path that needs neither keeps its grade.
//! Grades then scale with the path as on every shape.

mod combinations;
mod conflicts;
mod difference;
mod innies_outies;
mod splitting;
mod sums;

pub use combinations::{cage_claiming, cage_combination, cage_pointing};
pub use conflicts::combination_conflict;
pub use difference::innie_outie_difference;
pub use innies_outies::{innies_outies, rule_of_45};
pub use splitting::cage_splitting;

use crate::shape::Shape;

/// The unit number the shape gives cage `k` in patterns (named `cage k+1`, past the real units).
fn cage_unit(shape: &Shape, k: usize) -> usize {
    shape.unit_count() + k
}

/// Whether two distinct cells must hold different values (they share a unit or a cage).
fn sees(shape: &Shape, a: usize, b: usize) -> bool {
    a != b && shape.peers(a).binary_search(&(b as u16)).is_ok()
}
