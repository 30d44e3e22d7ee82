//! Placed values and the candidates of the empty cells of a grid on any shape, one `u32` bit set per
//! cell (bit `v - 1` for value `v`); a placed cell has no candidates.

use std::any::Any;
use std::cell::{OnceCell, RefCell};
use std::sync::Arc;

use super::geometry::Geometry;
use super::step::ShapeStep;
use crate::shape::{Cells, Shape};

/// A position on a shape.
#[derive(Clone)]
pub struct ShapePosition {
    values: Vec<u8>,
    cand: Vec<u32>,
    /// The live candidates ([`live_candidates`]), worked out on first use: every finder asked on
    /// one position shares them. Cleared when a step is applied.
    live: OnceCell<Vec<u32>>,
    /// The first finned fish of sizes 2 and 3, not sashimi and sashimi, found in one search
    /// ([`ShapePosition::finned_memo`]). Cleared when a step is applied.
    finned: [OnceCell<[Option<ShapeStep>; 2]>; 2],
    /// What each unit holds ([`UnitFill`]), worked out on first use and kept up to date as values
    /// are placed: the singles read it for every unit on every step.
    units: OnceCell<Vec<UnitFill>>,
    /// The tables families of finders work out from the position and share, one of each kind
    /// ([`ShapePosition::shared`]). Cleared when a step is applied.
    shared: RefCell<Vec<Arc<dyn Any + Send + Sync>>>,
}

/// The values a unit holds and how many of its cells are filled.
#[derive(Clone, Copy, Debug, Default)]
struct UnitFill {
    placed: u32,
    filled: u8,
}

/// Two positions are equal when their values and candidates are (whether either has worked out
/// its live candidates yet is no part of it).
impl PartialEq for ShapePosition {
    fn eq(&self, other: &ShapePosition) -> bool {
        self.values == other.values && self.cand == other.cand
    }
}

impl Eq for ShapePosition {}

/// What a position is (its values and candidates; the tables worked out from them are no part of
/// it).
impl std::fmt::Debug for ShapePosition {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ShapePosition")
            .field("values", &self.values)
            .field("cand", &self.cand)
            .finish_non_exhaustive()
    }
}

impl ShapePosition {
    /// The position a player pencils in before any reasoning: each empty cell holds the values no
    /// peer holds.
    pub fn new(shape: &Shape, cells: &Cells) -> ShapePosition {
        let cand = (0..shape.cell_count())
            .map(|c| match cells.get(c) {
                0 => unseen(shape, cells, c),
                _ => 0,
            })
            .collect();
        ShapePosition {
            values: cells.values().to_vec(),
            cand,
            live: OnceCell::new(),
            finned: Default::default(),
            units: OnceCell::new(),
            shared: RefCell::default(),
        }
    }

    /// The position of a grid on `shape` with the player's own pencil marks (one bit set per
    /// cell; those of filled cells, and bits past the shape's values, are ignored).
    pub fn with_marks(shape: &Shape, cells: &Cells, marks: &[u32]) -> ShapePosition {
        let all = shape.all_values();
        let cand = cells
            .values()
            .iter()
            .zip(marks)
            .map(|(&v, &m)| if v == 0 { m & all } else { 0 })
            .collect();
        ShapePosition {
            values: cells.values().to_vec(),
            cand,
            live: OnceCell::new(),
            finned: Default::default(),
            units: OnceCell::new(),
            shared: RefCell::default(),
        }
    }

    /// The value of `cell`, 0 when empty.
    pub fn value(&self, cell: usize) -> u8 {
        self.values[cell]
    }

    /// The candidates of `cell` (none once it is filled).
    pub fn candidates(&self, cell: usize) -> u32 {
        self.cand[cell]
    }

    /// Whether `value` is a candidate of `cell`.
    pub fn has(&self, cell: usize, value: u8) -> bool {
        self.cand[cell] & bit(value) != 0
    }

    /// The values placed in `unit`, as a bit set.
    pub fn placed(&self, shape: &Shape, unit: usize) -> u32 {
        self.unit_fill(shape, unit).placed
    }

    /// How many of `unit`'s cells hold a value.
    pub fn filled_in(&self, shape: &Shape, unit: usize) -> usize {
        usize::from(self.unit_fill(shape, unit).filled)
    }

    fn unit_fill(&self, shape: &Shape, unit: usize) -> UnitFill {
        let units = self.units.get_or_init(|| {
            let mut units = vec![UnitFill::default(); shape.unit_count()];
            for (cell, &v) in self.values.iter().enumerate().filter(|(_, &v)| v != 0) {
                fill(&mut units, shape, cell, v);
            }
            units
        });
        units[unit]
    }

    /// Where the finned fish of size `k` (2 or 3) keep what one search found, for the finder of
    /// the other kind to read (see `finned_fish`).
    pub(super) fn finned_memo(&self, k: usize) -> &OnceCell<[Option<ShapeStep>; 2]> {
        &self.finned[k - 2]
    }

    /// The table of kind `T` that `make` works out from this position, made on the first call
    /// and shared by the finders asked after it on the same position (the `places` tables, the
    /// links of colouring and the chains).
    pub(super) fn shared<T: Any + Send + Sync>(&self, make: impl FnOnce() -> T) -> Arc<T> {
        let found = (self.shared.borrow().iter()).find_map(|t| t.clone().downcast::<T>().ok());
        if let Some(found) = found {
            return found;
        }
        let made = Arc::new(make());
        self.shared.borrow_mut().push(made.clone());
        made
    }

    /// Whether every cell holds a value.
    pub fn is_solved(&self) -> bool {
        self.values.iter().all(|&v| v != 0)
    }

    /// The grid of placed values.
    pub fn cells(&self) -> Cells {
        Cells::from_values(self.values.clone())
    }

    /// Applies `step`: placements clear their cell and leave their peers, eliminations go.
    pub fn apply(&mut self, shape: &Shape, step: &ShapeStep) {
        self.live = OnceCell::new();
        self.finned = Default::default();
        self.shared = RefCell::default();
        for p in &step.placements {
            debug_assert_eq!(self.values[p.cell], 0, "a step places only in empty cells");
            if let Some(units) = self.units.get_mut() {
                fill(units, shape, p.cell, p.value);
            }
            self.values[p.cell] = p.value;
            self.cand[p.cell] = 0;
            for &peer in shape.peers(p.cell) {
                self.cand[usize::from(peer)] &= !bit(p.value);
            }
        }
        for e in &step.eliminations {
            self.cand[e.cell] &= !bit(e.value);
        }
    }
}

/// Counts `value`, placed in `cell`, in each of the cell's units.
fn fill(units: &mut [UnitFill], shape: &Shape, cell: usize, value: u8) {
    for &u in shape.units_of(cell) {
        let unit = &mut units[usize::from(u)];
        unit.placed |= bit(value);
        unit.filled += 1;
    }
}

/// The bit of value `v`.
pub fn bit(v: u8) -> u32 {
    1 << (v - 1)
}

/// The values of a bit set, ascending.
pub fn values_of(set: u32) -> impl ExactSizeIterator<Item = u8> {
    ValueBits(set)
}

/// The values of a bit set, ascending, with their count known up front (so a collected `Vec` is
/// allocated once, at its size).
struct ValueBits(u32);

impl Iterator for ValueBits {
    type Item = u8;

    fn next(&mut self) -> Option<u8> {
        (self.0 != 0).then(|| {
            let v = self.0.trailing_zeros() as u8 + 1;
            self.0 &= self.0 - 1;
            v
        })
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for ValueBits {}

/// Each cell's candidates less the values its units already hold: the live places, without the
/// stale pencil marks a player may keep (see `fish`). Worked out once per position.
pub fn live_candidates<'p>(geo: &Geometry, pos: &'p ShapePosition) -> &'p [u32] {
    pos.live.get_or_init(|| {
        let shape = geo.shape;
        let placed: Vec<u32> = (0..shape.unit_count())
            .map(|u| pos.placed(shape, u))
            .collect();
        (0..shape.cell_count())
            .map(|c| {
                let held = shape
                    .units_of(c)
                    .iter()
                    .fold(0, |acc, &u| acc | placed[usize::from(u)]);
                pos.candidates(c) & !held
            })
            .collect()
    })
}

/// The values no peer of `cell` holds.
fn unseen(shape: &Shape, cells: &Cells, cell: usize) -> u32 {
    shape
        .peers(cell)
        .iter()
        .map(|&p| cells.get(usize::from(p)))
        .filter(|&v| v != 0)
        .fold(shape.all_values(), |acc, v| acc & !bit(v))
}

#[cfg(test)]
mod tests {
    use std::cell::Cell;

    use super::*;
    use crate::general::logic::Pattern;
    use crate::technique::Technique;

    /// A table of a second kind: A2's candidate count.
    fn p_shared_u8(p: &ShapePosition, made: &Cell<u32>) -> u8 {
        *p.shared(|| {
            made.set(made.get() + 1);
            p.candidates(1).count_ones() as u8
        })
    }

    #[test]
    fn a_shared_table_is_made_once_per_position_and_again_after_a_step() {
        let shape = Shape::classic_ref();
        let mut pos = ShapePosition::new(shape, &Cells::empty(81));
        let made = Cell::new(0);
        let a1_marks = |p: &ShapePosition| {
            *p.shared(|| {
                made.set(made.get() + 1);
                p.candidates(0)
            })
        };
        assert_eq!(a1_marks(&pos), 0x1ff);
        assert_eq!(a1_marks(&pos), 0x1ff);
        assert_eq!(made.get(), 1, "asked twice, made once");
        // A table of another kind keeps its own place beside it.
        let other = Cell::new(0);
        for _ in 0..2 {
            let a2 = p_shared_u8(&pos, &other);
            assert_eq!(a2, 9);
        }
        assert_eq!((made.get(), other.get()), (1, 1));
        assert_eq!(a1_marks(&pos), 0x1ff);
        assert_eq!(made.get(), 1);
        let place =
            ShapeStep::placement(Technique::NakedSingle, 1, 1, Pattern::default(), "".into());
        pos.apply(shape, &place);
        assert_eq!(
            a1_marks(&pos),
            0x1fe,
            "A2's 1 left A1: the table was made again"
        );
        assert_eq!(made.get(), 2);
    }

    #[test]
    fn each_units_placed_values_follow_the_steps() {
        let shape = Shape::classic_ref();
        let mut pos = ShapePosition::new(shape, &Cells::empty(81));
        assert_eq!((pos.placed(shape, 0), pos.filled_in(shape, 0)), (0, 0));
        let place =
            ShapeStep::placement(Technique::NakedSingle, 1, 5, Pattern::default(), "".into());
        pos.apply(shape, &place);
        for &u in shape.units_of(1) {
            let u = usize::from(u);
            assert_eq!((pos.placed(shape, u), pos.filled_in(shape, u)), (bit(5), 1));
        }
        let other = (0..shape.unit_count())
            .find(|&u| !shape.unit(u).contains(&1))
            .unwrap();
        assert_eq!(
            (pos.placed(shape, other), pos.filled_in(shape, other)),
            (0, 0)
        );
    }
}
