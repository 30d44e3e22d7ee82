//! What ALS-XZ's pairing reads: each set's cells and reach as bit sets over the cells.

use super::{Als, MAX_CELLS};
use crate::general::logic::geometry::{units_in, Geometry};
use crate::general::logic::position::{values_of, ShapePosition};

/// Sets of cells as rows of 64-bit words, every row as long.
pub(super) struct Rows {
    words: usize,
    bits: Vec<u64>,
}

impl Rows {
    fn new(words: usize, count: usize) -> Rows {
        Rows {
            words,
            bits: vec![0; words * count],
        }
    }

    fn row(&self, i: usize) -> &[u64] {
        &self.bits[i * self.words..][..self.words]
    }

    fn row_mut(&mut self, i: usize) -> &mut [u64] {
        &mut self.bits[i * self.words..][..self.words]
    }
}

pub(super) fn add_cell(row: &mut [u64], cell: usize) {
    row[cell / 64] |= 1 << (cell % 64);
}

pub(super) fn has_cell(row: &[u64], cell: usize) -> bool {
    row[cell / 64] >> (cell % 64) & 1 == 1
}

/// The cells of a row, ascending.
pub(super) fn cells_of(row: &[u64]) -> impl Iterator<Item = usize> + '_ {
    row.iter().enumerate().flat_map(|(w, &word)| {
        let mut word = word;
        std::iter::from_fn(move || {
            (word != 0).then(|| {
                let bit = word.trailing_zeros() as usize;
                word &= word - 1;
                w * 64 + bit
            })
        })
    })
}

/// What the pairing reads, worked out once per call as bit sets over the cells: each set's cells,
/// its reach for each value (the cells outside it that hold the value and see every cell of the
/// set holding it: where the value goes if the set must keep it), and all its reach together,
/// which a second set joined to it by a restricted common value must meet.
pub(super) struct SetReach {
    n: usize,
    cells: Rows,
    reach: Rows,
    near: Rows,
    /// Each set's cells and near cells in one `u128` each, where the shape has at most 128 cells
    /// (every shape up to 11x11): the pairing's one test is then two instructions.
    small: Option<Vec<(u128, u128)>>,
}

impl SetReach {
    pub(super) fn new(geo: &Geometry, pos: &ShapePosition, sets: &[Als]) -> SetReach {
        let shape = geo.shape;
        let (n, words) = (shape.size(), shape.cell_count().div_ceil(64));
        let mut holders = Rows::new(words, n);
        for cell in 0..shape.cell_count() {
            for v in values_of(pos.candidates(cell)) {
                add_cell(holders.row_mut(usize::from(v) - 1), cell);
            }
        }
        let mut all = SetReach {
            n,
            cells: Rows::new(words, sets.len()),
            reach: Rows::new(words, sets.len() * n),
            near: Rows::new(words, sets.len()),
            small: None,
        };
        for (i, set) in sets.iter().enumerate() {
            for &c in &set.cells {
                add_cell(all.cells.row_mut(i), c);
            }
            for z in values_of(set.values) {
                let mut places = [0usize; MAX_CELLS];
                let mut len = 0;
                for c in set.places(pos, z) {
                    places[len] = c;
                    len += 1;
                }
                let row = all.reach.row_mut(i * n + usize::from(z) - 1);
                add_seen_by_all(geo, &places[..len], row);
                for (r, h) in row.iter_mut().zip(holders.row(usize::from(z) - 1)) {
                    *r &= h;
                }
                for w in 0..words {
                    all.near.bits[i * words + w] |=
                        all.reach.bits[(i * n + usize::from(z) - 1) * words + w];
                }
            }
        }
        if words <= 2 {
            let wide = |row: &[u64]| {
                row.iter()
                    .enumerate()
                    .fold(0u128, |acc, (w, &x)| acc | u128::from(x) << (64 * w))
            };
            let small = (0..sets.len())
                .map(|i| (wide(all.cells.row(i)), wide(all.near.row(i))))
                .collect();
            all.small = Some(small);
        }
        all
    }

    pub(super) fn of(&self, set: usize, value: u8) -> &[u64] {
        self.reach.row(set * self.n + usize::from(value) - 1)
    }

    /// Whether sets `a` and `b` share no cell and `b` meets `a`'s reach.
    pub(super) fn may_join(&self, a: usize, b: usize) -> bool {
        if let Some(small) = &self.small {
            let ((a_cells, a_near), b_cells) = (small[a], small[b].0);
            return a_cells & b_cells == 0 && a_near & b_cells != 0;
        }
        let (a_cells, a_near, b_cells) = (self.cells.row(a), self.near.row(a), self.cells.row(b));
        let apart = a_cells.iter().zip(b_cells).all(|(x, y)| x & y == 0);
        apart && a_near.iter().zip(b_cells).any(|(x, y)| x & y != 0)
    }
}

/// Adds to `row` the cells that see every cell of `places` (one cell, or cells sharing a unit),
/// less them.
pub(super) fn add_seen_by_all(geo: &Geometry, places: &[usize], row: &mut [u64]) {
    let shape = geo.shape;
    match places {
        [] => {}
        [one] => shape
            .peers(*one)
            .iter()
            .for_each(|&c| add_cell(row, usize::from(c))),
        _ => {
            for u in units_in(geo.common_unit_set(places.iter().copied())) {
                shape
                    .unit(u)
                    .iter()
                    .map(|&c| usize::from(c))
                    .filter(|c| !places.contains(c))
                    .for_each(|c| add_cell(row, c));
            }
        }
    }
}
