//! What ALS-XZ's pairing reads of each set, as cell sets: where each of its values goes if the
//! set must keep it.

use super::Als;
use crate::general::logic::cell_bits::{CellBits, CellTables};
use crate::general::logic::geometry::{units_in, Geometry};
use crate::general::logic::position::values_of;

/// Each set's reach for each value (the cells outside it that hold the value and see every cell of
/// the set holding it), and all its reach together, which a second set joined to it by a
/// restricted common value must meet. Worked out once per call.
pub(super) struct SetReach<S> {
    n: usize,
    reach: Vec<S>,
    near: Vec<S>,
}

impl<S: CellBits> SetReach<S> {
    pub(super) fn new(geo: &Geometry, tables: &CellTables<S>, sets: &[Als<S>]) -> SetReach<S> {
        let n = geo.shape.size();
        let mut all = SetReach {
            n,
            reach: vec![S::EMPTY; sets.len() * n],
            near: Vec::with_capacity(sets.len()),
        };
        for (i, set) in sets.iter().enumerate() {
            let mut near = S::EMPTY;
            for z in values_of(set.values) {
                let places = tables.places(z);
                let reach = seen_by_all(geo, tables, set.cells & places) & places;
                all.reach[i * n + usize::from(z) - 1] = reach;
                near |= reach;
            }
            all.near.push(near);
        }
        all
    }

    /// Where `value` goes if set `set` must keep it.
    pub(super) fn of(&self, set: usize, value: u8) -> S {
        self.reach[set * self.n + usize::from(value) - 1]
    }

    /// All of set `set`'s reach.
    pub(super) fn near(&self, set: usize) -> S {
        self.near[set]
    }
}

/// The cells that see every cell of `places` (one cell, or cells sharing a unit), less them: a
/// cell's peers, or the units holding them all.
pub(super) fn seen_by_all<S: CellBits>(geo: &Geometry, tables: &CellTables<S>, places: S) -> S {
    let mut rest = places;
    let Some(first) = rest.pop_first() else {
        return S::EMPTY;
    };
    if rest.is_empty() {
        return tables.peers(first);
    }
    let mut seen = S::EMPTY;
    for u in units_in(geo.common_unit_set(places.cells())) {
        seen |= tables.unit(u);
    }
    seen & !places
}
