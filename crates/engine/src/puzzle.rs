//! A puzzle on its shape: the one type the layers above parse into, and [`Puzzle::on_shape`], the
//! one place that tells plain classic 9x9 (for the band solver and the classic logic) from every
//! other shape (for the general engine).

use std::sync::Arc;

use crate::grid::Grid;
use crate::shape::{Cells, Shape};

/// A puzzle, on the engine that takes it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Puzzle {
    /// Plain classic 9x9: the band solver and the classic logic.
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
