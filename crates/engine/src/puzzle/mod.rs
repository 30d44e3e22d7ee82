//! A puzzle on its shape: the one type the layers above parse into, and the one entry point per
//! operation (solve, candidates, conflicts; hint, explain, grade in `logic`). Each picks the
//! engine inside: [`Puzzle::on_shape`] is the one place that tells plain classic 9x9 (for the band
//! solver and the classic generators) from every other shape (for the general engine), and every answer
//! comes back in the shape's terms (cells by index, values 1..N, units by the shape's index), so no
//! layer above ever asks which engine answered.

mod logic;
mod solve;

pub use solve::{FirstSolution, Timing};

use std::sync::Arc;

use crate::grid::Grid;
use crate::shape::{Cells, Shape};

/// A puzzle, on the engine that takes it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Puzzle {
    /// Plain classic 9x9: the band solver and the classic generators (the logic is one for every
    /// shape).
    Classic(Grid),
    /// Any other shape (or rules the band solver does not read): the general engine.
    Shaped {
        /// The shape, checked.
        shape: Arc<Shape>,
        /// The cells on it.
        cells: Cells,
    },
}

impl Puzzle {
    /// `cells` on `shape`, as [`Puzzle::Classic`] when the shape is plain classic 9x9.
    pub fn on_shape(shape: Arc<Shape>, cells: Cells) -> Puzzle {
        match cells.to_classic().filter(|_| shape.is_classic()) {
            Some(grid) => Puzzle::Classic(grid),
            None => Puzzle::Shaped { shape, cells },
        }
    }

    /// The shape the puzzle is on (the classic shape for a classic grid).
    pub fn shape(&self) -> &Shape {
        match self {
            Puzzle::Classic(_) => Shape::classic_ref(),
            Puzzle::Shaped { shape, .. } => shape,
        }
    }

    /// The shape, shared.
    pub fn shared_shape(&self) -> Arc<Shape> {
        match self {
            Puzzle::Classic(_) => Shape::classic(),
            Puzzle::Shaped { shape, .. } => shape.clone(),
        }
    }

    /// The cells, row-major (0 blank, 1..=N).
    pub fn cells(&self) -> Cells {
        match self {
            Puzzle::Classic(grid) => Cells::from(grid),
            Puzzle::Shaped { cells, .. } => cells.clone(),
        }
    }

    /// Whether every cell holds a value.
    pub fn is_complete(&self) -> bool {
        match self {
            Puzzle::Classic(grid) => grid.is_complete(),
            Puzzle::Shaped { shape, cells } => cells.givens() == shape.cell_count(),
        }
    }

    /// Whether this is plain classic 9x9, which the band solver and the classic generators take. The
    /// layers above have no use for it; it is here for the engine's own tests and measurements.
    pub fn is_classic(&self) -> bool {
        matches!(self, Puzzle::Classic(_))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::shape::{Rules, Variant};

    #[test]
    fn plain_classic_rules_give_a_classic_puzzle_and_any_other_shape_does_not() {
        let line =
            "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
        let classic = Shape::classic();
        let cells = Cells::parse(&classic, line).unwrap();
        assert_eq!(
            Puzzle::on_shape(classic, cells.clone()),
            Puzzle::Classic(line.parse().unwrap())
        );
        let x = Arc::new(
            Shape::new(&Rules {
                variants: vec![Variant::X],
                ..Rules::default()
            })
            .unwrap(),
        );
        assert!(matches!(Puzzle::on_shape(x, cells), Puzzle::Shaped { .. }));
    }
}
