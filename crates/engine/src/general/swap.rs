//! A witness, found without search, that emptying a cell breaks uniqueness: two values that can
//! trade places.
//!
//! In a complete grid every unit holds values `a` and `b` once each. Swap them in a set of cells
//! that holds, for every unit it meets, both the unit's `a` and its `b`, and every unit still holds
//! each value once: another solution, and a valid one for any puzzle that has no given in the set.
//! The smallest such set around a cell is forced (each unit of a cell in it adds the cell's partner),
//! so for each `b` one sweep finds it or meets a given, in microseconds. It is a shortcut, not the
//! rule: on 16x16 jigsaw (seeds 0-3, regions kept to bands of rows) it found 49 of the 308 second
//! solutions the checks needed (the others change three values or more); when no swap exists the
//! search decides as before, so it never changes a verdict, only who finds it.

use crate::shape::{Cells, Shape};

/// Where each value lies in each unit of a solved grid, and the sweep's buffers.
pub(crate) struct Swaps {
    size: usize,
    /// `place[u * size + v - 1]`: the cell of unit `u` holding value `v`.
    place: Vec<u16>,
    in_set: Vec<bool>,
    stack: Vec<u16>,
}

impl Swaps {
    /// The tables for `solution`, a complete grid of `shape`.
    pub(crate) fn new(shape: &Shape, solution: &Cells) -> Swaps {
        let size = shape.size();
        let mut place = vec![0; shape.unit_count() * size];
        for u in 0..shape.unit_count() {
            for &c in shape.unit(u) {
                let v = usize::from(solution.get(usize::from(c)));
                place[u * size + v - 1] = c;
            }
        }
        Swaps {
            size,
            place,
            in_set: vec![false; shape.cell_count()],
            stack: Vec::new(),
        }
    }

    /// Whether some value can trade places with `cell`'s over a set of cells holding no given of
    /// `puzzle` (`cell` itself empty): then `puzzle` has another solution than `solution`.
    pub(crate) fn any(
        &mut self,
        shape: &Shape,
        puzzle: &Cells,
        solution: &Cells,
        cell: usize,
    ) -> bool {
        let a = solution.get(cell);
        (1..=self.size as u8)
            .filter(|&b| b != a)
            .any(|b| self.swappable(shape, puzzle, solution, cell, a, b))
    }

    /// Whether the smallest closed set of `a` and `b` cells around `cell` holds no given.
    fn swappable(
        &mut self,
        shape: &Shape,
        puzzle: &Cells,
        solution: &Cells,
        cell: usize,
        a: u8,
        b: u8,
    ) -> bool {
        self.in_set.fill(false);
        self.stack.clear();
        self.stack.push(cell as u16);
        self.in_set[cell] = true;
        while let Some(x) = self.stack.pop() {
            let x = usize::from(x);
            let partner_value = if solution.get(x) == a { b } else { a };
            for &u in shape.units_of(x) {
                let partner =
                    self.place[usize::from(u) * self.size + usize::from(partner_value) - 1];
                let p = usize::from(partner);
                if self.in_set[p] {
                    continue;
                }
                if puzzle.get(p) != 0 {
                    return false;
                }
                self.in_set[p] = true;
                self.stack.push(partner);
            }
        }
        true
    }
}
