//! Solving, candidates and conflicts of a [`Puzzle`] of any shape: the band solver and Norvig's
//! classic propagation for plain classic 9x9, the general engine for the rest, each answer written
//! in the shape's terms.

use crate::digit::DigitSet;
use crate::error::Conflict;
use crate::general::{self, ShapeSolver};
use crate::interrupt::Interrupt;
use crate::outcome::{Interrupted, Outcome};
use crate::shape::{Cells, UnitConflict};
use crate::solver::Solver;
use crate::{candidates, Grid};

use super::logic::unit_index;
use super::Puzzle;

impl Puzzle {
    /// Every value repeated in a unit among the cells, unit by unit in the shape's unit order.
    pub fn conflicts(&self) -> Vec<UnitConflict> {
        match self {
            Puzzle::Classic(grid) => grid.conflicts().iter().map(unit_conflict).collect(),
            Puzzle::Shaped { shape, cells } => cells.conflicts(shape),
        }
    }

    /// Each cell's candidates after propagation (bit `v - 1` for value `v`): Norvig's two rules on
    /// classic 9x9, the general engine's full propagation (cages included) elsewhere. `None` when
    /// propagation empties a cell, which proves there is no solution.
    pub fn candidates(&self) -> Option<Vec<u32>> {
        match self {
            Puzzle::Classic(grid) => candidates(grid).map(|found| masks(found.sets())),
            Puzzle::Shaped { shape, cells } => general::candidates(shape, cells),
        }
    }

    /// Searches for up to `limit` solutions (at least two, so uniqueness is always decided),
    /// stopping at `interrupt`. Givens that break a rule give [`crate::Verdict::None`].
    pub fn solve(
        &self,
        limit: usize,
        interrupt: Interrupt<'_>,
    ) -> Result<Outcome<Cells>, Interrupted<Cells>> {
        let limit = limit.max(2);
        match self {
            Puzzle::Classic(grid) => Solver::new()
                .limit(limit)
                .interrupt(interrupt)
                .solve(grid)
                .map(|out| Outcome {
                    verdict: out.verdict,
                    solutions: out.solutions.iter().map(cells).collect(),
                    stats: out.stats,
                })
                .map_err(|stop| Interrupted {
                    reason: stop.reason,
                    solutions: stop.solutions.iter().map(cells).collect(),
                    stats: stop.stats,
                }),
            Puzzle::Shaped { shape, cells } => ShapeSolver::new()
                .limit(limit)
                .interrupt(interrupt)
                .solve(shape, cells),
        }
    }
}

/// A classic grid's cells.
fn cells(grid: &Grid) -> Cells {
    Cells::from_values(grid.values().to_vec())
}

/// Classic digit sets as the shape's masks (the same bits: `d - 1` for digit `d`).
fn masks(sets: &[DigitSet; 81]) -> Vec<u32> {
    sets.iter().map(|set| u32::from(set.bits())).collect()
}

/// A classic conflict in the classic shape's terms.
fn unit_conflict(conflict: &Conflict) -> UnitConflict {
    UnitConflict {
        value: conflict.digit.get(),
        unit: unit_index(conflict.unit),
        cells: conflict.squares.iter().map(|s| s.index()).collect(),
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use super::*;
    use crate::shape::{Rules, Shape, Variant};
    use crate::Verdict;

    const HARD: &str =
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";

    fn both(line: &str) -> (Puzzle, Puzzle) {
        let classic = Puzzle::Classic(line.parse().unwrap());
        // The same grid on the general engine: classic rules with one redundant variant would
        // change the puzzle, so build the shaped twin directly.
        let shape = Shape::classic();
        let shaped = Puzzle::Shaped {
            cells: Cells::parse(&shape, line).unwrap(),
            shape,
        };
        (classic, shaped)
    }

    #[test]
    fn both_engines_answer_a_classic_puzzle_in_the_same_terms() {
        let (classic, shaped) = both(HARD);
        let a = classic.solve(2, Interrupt::NEVER).unwrap();
        let b = shaped.solve(2, Interrupt::NEVER).unwrap();
        assert_eq!((a.verdict, &a.solutions), (b.verdict, &b.solutions));
        assert_eq!(a.verdict, Verdict::Unique);
        assert!(a.solutions[0].solves(classic.shape(), &classic.cells()));
        // Norvig's two rules never narrow further than the full propagation.
        let (narrow, wide) = (shaped.candidates().unwrap(), classic.candidates().unwrap());
        assert!(narrow.iter().zip(&wide).all(|(n, w)| n & !w == 0));
    }

    #[test]
    fn conflicts_name_the_same_units_on_both_engines() {
        let line = format!("55{}", &HARD[2..]).replace("4....", "4..5.");
        let (classic, shaped) = both(&line);
        let found = classic.conflicts();
        assert!(!found.is_empty());
        assert_eq!(found, shaped.conflicts());
        let names: Vec<String> = found
            .iter()
            .map(|c| classic.shape().unit_name(c.unit))
            .collect();
        assert!(names.contains(&"row A".to_string()), "{names:?}");
    }

    #[test]
    fn a_variant_goes_to_the_general_engine_and_still_decides_uniqueness() {
        let x = Arc::new(
            Shape::new(&Rules {
                variants: vec![Variant::X],
                ..Rules::default()
            })
            .unwrap(),
        );
        let blank = Puzzle::on_shape(x, Cells::empty(81));
        assert!(!blank.is_classic());
        let out = blank.solve(1, Interrupt::NEVER).unwrap();
        assert_eq!((out.verdict, out.solutions.len()), (Verdict::Multiple, 2));
        assert!(out.solutions[0].solves(blank.shape(), &blank.cells()));
    }
}
