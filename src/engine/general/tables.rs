//! What the search reads besides the shape, built once per shape: each cell's units as one bitset
//! (so a change marks exactly the units to look at again), and every pair of units sharing two or
//! more cells (a box and a row, a window and a box, a jigsaw region and a column, a diagonal and a
//! box) for locked candidates.

use super::cages::CageTables;
use crate::engine::shape::Shape;

/// A set of units, one bit each. Every shape up to 25x25 has at most 93 units (75 plus two
/// diagonals plus 16 windows), so one `u128` holds them.
pub(crate) type UnitSet = u128;

/// Two units that share two or more cells, with their cells split three ways in
/// [`Tables::pair_cells`]: the shared ones, those only in the first, those only in the second.
#[derive(Clone, Debug)]
pub(crate) struct Pair {
    /// Both units' bits: the pair is looked at again when either changed.
    pub(crate) units: UnitSet,
    start: u32,
    shared_end: u32,
    first_end: u32,
    end: u32,
}

/// The search's per-shape tables.
#[derive(Clone, Debug)]
pub(crate) struct Tables {
    /// The units of each cell.
    pub(crate) units_of: Vec<UnitSet>,
    /// Every unit.
    pub(crate) all_units: UnitSet,
    /// The unit pairs sharing two or more cells.
    pub(crate) pairs: Vec<Pair>,
    cells: Vec<u16>,
    /// The killer cages and innie groups with their sums, when the shape has cages.
    pub(crate) cages: Option<CageTables>,
}

impl Tables {
    /// The tables of `shape`.
    pub(crate) fn new(shape: &Shape) -> Tables {
        let count = shape.unit_count();
        assert!(
            count <= UnitSet::BITS as usize,
            "{count} units do not fit a unit set"
        );
        let units_of = (0..shape.cell_count())
            .map(|cell| shape.units_of(cell).iter().fold(0, |set, &u| set | 1 << u))
            .collect();
        let mut tables = Tables {
            units_of,
            all_units: if count == 128 {
                UnitSet::MAX
            } else {
                (1 << count) - 1
            },
            pairs: Vec::new(),
            cells: Vec::new(),
            cages: CageTables::new(shape),
        };
        let mut member = vec![false; shape.cell_count()];
        for u in 0..count {
            for &c in shape.unit(u) {
                member[usize::from(c)] = true;
            }
            for w in u + 1..count {
                let shared = shape
                    .unit(w)
                    .iter()
                    .filter(|&&c| member[usize::from(c)])
                    .count();
                if shared >= 2 {
                    tables.add_pair(shape, u, w, &member);
                }
            }
            for &c in shape.unit(u) {
                member[usize::from(c)] = false;
            }
        }
        tables
    }

    /// Records units `u` and `w` (`in_u` marks `u`'s cells) as a pair.
    fn add_pair(&mut self, shape: &Shape, u: usize, w: usize, in_u: &[bool]) {
        let in_w = |c: &&u16| shape.unit(w).contains(c);
        let start = self.cells.len() as u32;
        self.cells
            .extend(shape.unit(w).iter().filter(|&&c| in_u[usize::from(c)]));
        let shared_end = self.cells.len() as u32;
        self.cells.extend(shape.unit(u).iter().filter(|c| !in_w(c)));
        let first_end = self.cells.len() as u32;
        self.cells
            .extend(shape.unit(w).iter().filter(|&&c| !in_u[usize::from(c)]));
        self.pairs.push(Pair {
            units: 1 << u | 1 << w,
            start,
            shared_end,
            first_end,
            end: self.cells.len() as u32,
        });
    }

    /// `pair`'s cells: shared by both units, only in the first, only in the second.
    pub(crate) fn split(&self, pair: &Pair) -> (&[u16], &[u16], &[u16]) {
        let at = |a: u32, b: u32| &self.cells[a as usize..b as usize];
        (
            at(pair.start, pair.shared_end),
            at(pair.shared_end, pair.first_end),
            at(pair.first_end, pair.end),
        )
    }
}
