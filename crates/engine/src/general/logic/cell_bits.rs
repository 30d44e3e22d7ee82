//! Sets of cells as bits, for the finders that intersect many of them (ALS-XZ compares every pair
//! of hundreds of sets): one `u128` on a shape of at most 128 cells (every shape up to 11x11, the
//! classic one among them), [`Wide`] beyond (a 25x25 has 625 cells). A finder is written once over
//! [`CellBits`] and run on the type its shape needs ([`fits_u128`]), so the classic shape pays for
//! two words, not ten.

use std::borrow::Cow;
use std::fmt::Debug;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, Not};

use super::geometry::Geometry;
use crate::shape::Shape;

/// A set of cells (by index) as bits.
pub trait CellBits:
    Copy
    + Eq
    + Send
    + Sync
    + 'static
    + Debug
    + BitAnd<Output = Self>
    + BitOr<Output = Self>
    + BitAndAssign
    + BitOrAssign
    + Not<Output = Self>
{
    /// No cell.
    const EMPTY: Self;

    /// Adds `cell`.
    fn insert(&mut self, cell: usize);

    /// Takes out the lowest cell and returns it, `None` when the set is empty.
    fn pop_first(&mut self) -> Option<usize>;

    /// `geo`'s units and peers as sets of this type: kept with the geometry for `u128`, worked
    /// out on the call for wider sets (whose finders do far more work than that on each call).
    fn shape_sets<'g>(geo: &'g Geometry) -> ShapeSets<'g, Self>;

    /// How many cells it holds.
    fn len(self) -> usize;

    /// Whether the set holds no cell.
    fn is_empty(self) -> bool {
        self == Self::EMPTY
    }

    /// Whether every cell of the set is in `other`.
    fn is_subset(self, other: Self) -> bool {
        (self & !other).is_empty()
    }

    /// The set of `cells`.
    fn of(cells: impl IntoIterator<Item = usize>) -> Self {
        let mut set = Self::EMPTY;
        for cell in cells {
            set.insert(cell);
        }
        set
    }

    /// Its cells, ascending.
    fn cells(self) -> impl Iterator<Item = usize> {
        let mut rest = self;
        std::iter::from_fn(move || rest.pop_first())
    }
}

/// Whether `shape`'s cells fit one `u128`.
pub fn fits_u128(shape: &Shape) -> bool {
    shape.cell_count() <= 128
}

impl CellBits for u128 {
    const EMPTY: u128 = 0;

    fn shape_sets<'g>(geo: &'g Geometry) -> ShapeSets<'g, u128> {
        match &geo.small_sets {
            Some((units, peers)) => (Cow::Borrowed(units), Cow::Borrowed(peers)),
            None => work_out(geo.shape),
        }
    }

    fn len(self) -> usize {
        self.count_ones() as usize
    }

    fn insert(&mut self, cell: usize) {
        *self |= 1 << cell;
    }

    fn pop_first(&mut self) -> Option<usize> {
        (*self != 0).then(|| {
            let cell = self.trailing_zeros() as usize;
            *self &= *self - 1;
            cell
        })
    }
}

/// The words of a [`Wide`] set: enough for 25x25's 625 cells.
const WORDS: usize = 10;

/// A set of up to 640 cells.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Wide([u64; WORDS]);

impl CellBits for Wide {
    const EMPTY: Wide = Wide([0; WORDS]);

    fn shape_sets<'g>(geo: &'g Geometry) -> ShapeSets<'g, Wide> {
        work_out(geo.shape)
    }

    fn len(self) -> usize {
        self.0.iter().map(|w| w.count_ones() as usize).sum()
    }

    fn insert(&mut self, cell: usize) {
        self.0[cell / 64] |= 1 << (cell % 64);
    }

    fn pop_first(&mut self) -> Option<usize> {
        let (w, word) = self.0.iter_mut().enumerate().find(|(_, x)| **x != 0)?;
        let bit = word.trailing_zeros() as usize;
        *word &= *word - 1;
        Some(w * 64 + bit)
    }
}

impl BitAnd for Wide {
    type Output = Wide;

    fn bitand(mut self, other: Wide) -> Wide {
        self &= other;
        self
    }
}

impl BitOr for Wide {
    type Output = Wide;

    fn bitor(mut self, other: Wide) -> Wide {
        self |= other;
        self
    }
}

impl BitAndAssign for Wide {
    fn bitand_assign(&mut self, other: Wide) {
        self.0.iter_mut().zip(other.0).for_each(|(x, y)| *x &= y);
    }
}

impl BitOrAssign for Wide {
    fn bitor_assign(&mut self, other: Wide) {
        self.0.iter_mut().zip(other.0).for_each(|(x, y)| *x |= y);
    }
}

impl Not for Wide {
    type Output = Wide;

    fn not(self) -> Wide {
        Wide(self.0.map(|x| !x))
    }
}

/// A shape's units (the cells of each) and peers (of each cell) as cell sets.
type ShapeSets<'g, S> = (Cow<'g, [S]>, Cow<'g, [S]>);

/// `shape`'s units and peers, worked out.
fn work_out<S: CellBits>(shape: &Shape) -> ShapeSets<'static, S> {
    let bits = |cells: &[u16]| S::of(cells.iter().map(|&c| usize::from(c)));
    let units = (0..shape.unit_count())
        .map(|u| bits(shape.unit(u)))
        .collect();
    let peers = (0..shape.cell_count())
        .map(|c| bits(shape.peers(c)))
        .collect();
    (Cow::Owned(units), Cow::Owned(peers))
}

/// What the finders read of a shape and a position as cell sets, for one call: each unit's cells,
/// each cell's peers, and each value's places (the empty cells holding it).
pub struct CellTables<'g, S: Clone> {
    units: Cow<'g, [S]>,
    peers: Cow<'g, [S]>,
    places: Vec<S>,
}

impl<'g, S: CellBits> CellTables<'g, S> {
    /// The tables of `geo`'s shape with the candidates `cand` (one bit set per cell).
    pub fn new(geo: &'g Geometry, cand: impl Fn(usize) -> u32) -> CellTables<'g, S> {
        let shape = geo.shape;
        let mut places = vec![S::EMPTY; shape.size()];
        for cell in 0..shape.cell_count() {
            let mut values = cand(cell);
            while values != 0 {
                places[values.trailing_zeros() as usize].insert(cell);
                values &= values - 1;
            }
        }
        let (units, peers) = S::shape_sets(geo);
        CellTables {
            units,
            peers,
            places,
        }
    }

    /// The cells holding `value`.
    pub fn places(&self, value: u8) -> S {
        self.places[usize::from(value) - 1]
    }

    /// The cells of `unit`.
    pub fn unit(&self, unit: usize) -> S {
        self.units[unit]
    }

    /// The peers of `cell`.
    pub fn peers(&self, cell: usize) -> S {
        self.peers[cell]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn round_trip<S: CellBits>(cells: &[usize]) -> Vec<usize> {
        S::of(cells.iter().copied()).cells().collect()
    }

    #[test]
    fn both_kinds_hold_the_same_cells_in_ascending_order() {
        let cells = [0, 5, 63, 64, 100, 127];
        assert_eq!(round_trip::<u128>(&cells), cells);
        assert_eq!(round_trip::<Wide>(&cells), cells);
        assert_eq!(round_trip::<Wide>(&[624, 3, 300]), [3, 300, 624]);
    }

    #[test]
    fn set_operations_agree_between_the_kinds() {
        let (a, b) = ([1, 2, 70, 90], [2, 90, 120]);
        let small = |s: u128| s.cells().collect::<Vec<_>>();
        let wide = |s: Wide| s.cells().collect::<Vec<_>>();
        let (sa, sb) = (u128::of(a), u128::of(b));
        let (wa, wb) = (Wide::of(a), Wide::of(b));
        assert_eq!(small(sa & sb), wide(wa & wb));
        assert_eq!(small(sa | sb), wide(wa | wb));
        assert_eq!(small(sa & !sb), [1, 70]);
        assert_eq!(wide(wa & !wb), [1, 70]);
        assert!(u128::of([2, 90]).is_subset(sa) && Wide::of([2, 90]).is_subset(wa));
        assert!(!sb.is_subset(sa) && !wb.is_subset(wa));
        assert!((wa & Wide::EMPTY).is_empty() && !wa.is_empty());
        assert_eq!((sa.len(), wa.len(), (wa | wb).len()), (4, 4, 5));
    }
}
