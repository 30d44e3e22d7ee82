//! A shape's unit and peer tables, and the layouts kept built.
//!
//! The tables are most of a shape's cost: a 25x25's peers took 0.7 ms to build in a release build
//! (21 ms in a debug one), more than solving many a 25x25 puzzle takes, and the service builds a
//! shape for every request that names one (often more than once: to check a query, then to do the
//! work), on its async workers. A layout (size, boxes or jigsaw regions, variants) fixes its units
//! and peers, so its tables are built once and shared while it is among the most recently used;
//! a killer's cages or extra regions are a puzzle's own, and such tables are built for each shape
//! and never kept. The kept layouts are bounded: a client sending ever new jigsaw regions only
//! pushes out other jigsaw layouts, which are then built again.

use std::sync::{Arc, Mutex, PoisonError};

use super::{UnitKind, Variant};

/// Every unit and every cell's units and peers.
#[derive(Debug, PartialEq, Eq)]
pub(super) struct UnitTables {
    pub(super) kinds: Vec<UnitKind>,
    /// N cells per unit, unit after unit.
    pub(super) unit_cells: Vec<u16>,
    /// The units of each cell.
    pub(super) cell_units: Vec<Vec<u16>>,
    /// The peers of each cell, ascending.
    pub(super) peers: Vec<Vec<u16>>,
}

impl UnitTables {
    /// The tables of N-cell units `kinds`/`unit_cells` on `size` x `size` cells, where each
    /// `groups` member (a cage) and each `moves` pair (anti-knight, anti-king) also repeats no
    /// value.
    pub(super) fn new(
        size: usize,
        kinds: Vec<UnitKind>,
        unit_cells: Vec<u16>,
        groups: &[&[u16]],
        moves: &[Vec<u16>],
    ) -> UnitTables {
        let cells = size * size;
        let mut cell_units = vec![Vec::new(); cells];
        for (u, unit) in unit_cells.chunks(size).enumerate() {
            for &c in unit {
                cell_units[usize::from(c)].push(u as u16);
            }
        }
        // Units and groups as sets of cells, so that a cell's peers are the union of a few sets
        // read in order: ascending and distinct with no sort (a 25x25 has 625 cells of 70-odd peers).
        let sets = CellSets {
            words: cells.div_ceil(64),
        };
        let unit_sets: Vec<Vec<u64>> = unit_cells.chunks(size).map(|u| sets.of(u)).collect();
        let group_sets: Vec<Vec<u64>> = groups.iter().map(|g| sets.of(g)).collect();
        let mut group_of = vec![None; cells];
        for (g, group) in groups.iter().enumerate() {
            for &c in *group {
                group_of[usize::from(c)] = Some(g);
            }
        }
        let peers = (0..cells)
            .map(|cell| {
                let mut union = vec![0u64; sets.words];
                let mut add = |set: &[u64]| union.iter_mut().zip(set).for_each(|(u, s)| *u |= s);
                cell_units[cell]
                    .iter()
                    .for_each(|&u| add(&unit_sets[usize::from(u)]));
                if let Some(g) = group_of[cell] {
                    add(&group_sets[g]);
                }
                if let Some(moves) = moves.get(cell) {
                    add(&sets.of(moves));
                }
                union[cell / 64] &= !(1 << (cell % 64));
                CellSets::members(&union)
            })
            .collect();
        UnitTables {
            kinds,
            unit_cells,
            cell_units,
            peers,
        }
    }
}

/// Sets of a grid's cells as bits of 64-cell words.
struct CellSets {
    words: usize,
}

impl CellSets {
    /// The set of `cells`.
    fn of(&self, cells: &[u16]) -> Vec<u64> {
        let mut bits = vec![0u64; self.words];
        for &c in cells {
            bits[usize::from(c) / 64] |= 1 << (c % 64);
        }
        bits
    }

    /// The cells of `set`, ascending.
    fn members(set: &[u64]) -> Vec<u16> {
        let mut cells = Vec::with_capacity(set.iter().map(|w| w.count_ones() as usize).sum());
        for (w, &word) in set.iter().enumerate() {
            let mut bits = word;
            while bits != 0 {
                cells.push((w * 64) as u16 + bits.trailing_zeros() as u16);
                bits &= bits - 1;
            }
        }
        cells
    }
}

/// What divides a grid besides its rows and columns.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum Blocks {
    /// Boxes of so many rows and columns.
    Boxes(usize, usize),
    /// Jigsaw regions: each cell's region, 0-based.
    Regions(Vec<u8>),
}

/// What a layout's tables follow from: N, its blocks, and its variants (sorted, distinct).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Layout {
    pub(super) size: usize,
    pub(super) blocks: Blocks,
    pub(super) variants: Vec<Variant>,
}

/// The layouts most recently asked for, most recent first, with their tables.
pub(super) struct Kept {
    layouts: Mutex<Vec<(Layout, Arc<UnitTables>)>>,
    room: usize,
}

/// The boxed layouts every shape shares. Sizes, boxes and variants give a few thousand, and a
/// 25x25's tables take about 150 KB: sixteen is every layout a service sees at once in practice,
/// and at most a few megabytes.
static BOXED: Kept = Kept::new(16);

/// The jigsaw layouts every shape shares: a client's regions, or the generator's, which tries a
/// new layout after another, so they are kept apart from the boxed ones, which they would
/// otherwise push out.
static JIGSAW: Kept = Kept::new(4);

/// The tables of `layout`, built by `build` unless they are kept.
pub(super) fn shared(layout: &Layout, build: impl FnOnce() -> UnitTables) -> Arc<UnitTables> {
    let kept = match layout.blocks {
        Blocks::Boxes(..) => &BOXED,
        Blocks::Regions(_) => &JIGSAW,
    };
    kept.get(layout, build)
}

impl Kept {
    /// Room for `room` layouts.
    const fn new(room: usize) -> Kept {
        Kept {
            layouts: Mutex::new(Vec::new()),
            room,
        }
    }

    /// The tables of `layout`, built by `build` unless they are kept.
    fn get(&self, layout: &Layout, build: impl FnOnce() -> UnitTables) -> Arc<UnitTables> {
        let layouts = || self.layouts.lock().unwrap_or_else(PoisonError::into_inner);
        {
            let mut kept = layouts();
            if let Some(at) = kept.iter().position(|(l, _)| l == layout) {
                let entry = kept.remove(at);
                let tables = entry.1.clone();
                kept.insert(0, entry);
                return tables;
            }
        }
        // Built outside the lock: two threads may build the same layout at once, and one copy
        // is kept.
        let tables = Arc::new(build());
        let mut kept = layouts();
        if !kept.iter().any(|(l, _)| l == layout) {
            kept.insert(0, (layout.clone(), tables.clone()));
            kept.truncate(self.room);
        }
        tables
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn layout(size: usize) -> Layout {
        Layout {
            size,
            blocks: Blocks::Boxes(2, size / 2),
            variants: Vec::new(),
        }
    }

    fn empty() -> UnitTables {
        UnitTables::new(1, Vec::new(), Vec::new(), &[], &[])
    }

    #[test]
    fn a_layout_is_built_once_while_it_is_among_the_most_recent() {
        let kept = Kept::new(2);
        let first = kept.get(&layout(4), empty);
        let again = kept.get(&layout(4), || panic!("built twice"));
        assert!(Arc::ptr_eq(&first, &again));
        kept.get(&layout(6), empty);
        // 4 was used last before 6: 8 pushes out 6, not 4.
        kept.get(&layout(4), || panic!("4 was the most recent"));
        kept.get(&layout(8), empty);
        kept.get(&layout(4), || panic!("4 is still kept"));
        let mut built = false;
        kept.get(&layout(6), || {
            built = true;
            empty()
        });
        assert!(built, "6 was the least recent and went");
    }

    #[test]
    fn peers_are_every_other_cell_of_a_cells_units_groups_and_moves_once_each() {
        // 2x2 cells, units: the top row and the left column; cells 1 and 3 are a group; 2 moves to 1.
        let kinds = vec![UnitKind::Row(0), UnitKind::Column(0)];
        let tables = UnitTables::new(
            2,
            kinds,
            vec![0, 1, 0, 2],
            &[&[1, 3]],
            &[vec![], vec![2], vec![1]],
        );
        assert_eq!(
            tables.cell_units,
            vec![vec![0, 1], vec![0], vec![1], vec![]]
        );
        assert_eq!(
            tables.peers,
            vec![vec![1, 2], vec![0, 2, 3], vec![0, 1], vec![1]]
        );
    }
}
