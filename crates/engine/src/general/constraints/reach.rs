//! What each cell's value says about the cells beyond its units: the cells it sees through
//! anti-knight or anti-king moves, killer cages or its units, and the cells a pair relation binds
//! it to (non-consecutive neighbours, negative dots and letters, and any dot, letter or step
//! beside them), with the values each keeps beside each of its values. The propagation rule that
//! reads a value's few places in a unit (`Propagator::places`) asks it.

use crate::shape::constraints::move_pairs;
use crate::shape::{Shape, Variant};

use super::{PairTables, Table};

/// The cells each cell sees or is bound to, and what its relations allow.
#[derive(Clone, Debug)]
pub(crate) struct Reach {
    /// Words of a set with one bit per cell.
    words: usize,
    /// `words` words per cell: the cells it sees or is bound to by a relation.
    near: Vec<u64>,
    /// Per cell, its relations by the other cell, ascending: the other cell, the index of their
    /// table, and whether this cell is the table's first.
    bound: Vec<Vec<(u16, u16, bool)>>,
    tables: Vec<Table>,
    all: u32,
}

impl Reach {
    /// The reach of `shape`'s cells; `None` but on grids where most cells reach beyond their
    /// units: anti-knight or anti-king moves, non-consecutive neighbours, negative dots or letters.
    ///
    /// Where relations are few (a thermometer's steps, a handful of dots), the places they could
    /// narrow are few too, and reading them cost more than it saved: 1.7x the time of the
    /// published hard thermometers for the same nodes. On anti-knight and anti-king puzzles it cut
    /// nodes 4 to 40 times, on non-consecutive ones 3 (`examples/variant_speed`).
    pub(crate) fn new(shape: &Shape, pairs: &PairTables) -> Option<Reach> {
        let moves = [Variant::AntiKnight, Variant::AntiKing]
            .iter()
            .any(|&v| shape.has_variant(v) && !move_pairs(shape.size(), v).is_empty());
        let dense =
            shape.has_variant(Variant::NonConsecutive) || !shape.rules().negative.is_empty();
        if !moves && !dense {
            return None;
        }
        let cells = shape.cell_count();
        let words = cells.div_ceil(64);
        let mut near = vec![0u64; cells * words];
        let set = |near: &mut [u64], a: usize, b: usize| {
            near[a * words + b / 64] |= 1 << (b % 64);
        };
        for a in 0..cells {
            for &b in shape.peers(a) {
                set(&mut near, a, usize::from(b));
            }
        }
        let mut bound = vec![Vec::new(); cells];
        for &(cells, table) in &pairs.pairs {
            let table = table as u16;
            let [a, b] = cells.map(usize::from);
            set(&mut near, a, b);
            set(&mut near, b, a);
            bound[a].push((b as u16, table, true));
            bound[b].push((a as u16, table, false));
        }
        for list in &mut bound {
            list.sort_unstable_by_key(|&(other, _, _)| other);
        }
        Some(Reach {
            words,
            near,
            bound,
            tables: pairs.tables.clone(),
            all: shape.all_values(),
        })
    }

    /// Words of a set of cells.
    pub(crate) fn words(&self) -> usize {
        self.words
    }

    /// The cells `cell` sees or is bound to, as a set.
    pub(crate) fn near(&self, cell: usize) -> &[u64] {
        &self.near[cell * self.words..][..self.words]
    }

    /// The values `other` (one of [`Reach::near`]`(cell)`) can hold when `cell` holds value bit
    /// `bit`: what their relations allow, or every other value for a peer.
    pub(crate) fn allowed(&self, cell: usize, other: usize, bit: u32) -> u32 {
        let list = &self.bound[cell];
        match list.binary_search_by_key(&(other as u16), |&(o, _, _)| o) {
            Ok(i) => {
                let (_, table, first) = list[i];
                let table = &self.tables[usize::from(table)];
                let rows = if first {
                    &table.forward
                } else {
                    &table.backward
                };
                rows[bit.trailing_zeros() as usize]
            }
            Err(_) => self.all & !bit,
        }
    }
}
