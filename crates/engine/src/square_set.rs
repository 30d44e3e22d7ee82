//! Sets of squares as 81-bit masks: what the logic techniques intersect and count (where can this digit
//! go in that unit? which squares see both of these?) without allocating.

use std::fmt;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, Not, Sub};

use super::square::{Square, Unit};

const ALL_BITS: u128 = (1u128 << 81) - 1;

/// A set of squares: bit `i` stands for the square of row-major index `i`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct SquareSet(u128);

impl SquareSet {
    /// No squares.
    pub const EMPTY: SquareSet = SquareSet(0);
    /// All 81 squares.
    pub const ALL: SquareSet = SquareSet(ALL_BITS);

    /// The set holding only `square`.
    pub fn single(square: Square) -> SquareSet {
        SquareSet(1 << square.index())
    }

    /// The nine squares of `unit`.
    pub fn unit(unit: Unit) -> SquareSet {
        UNIT_SETS[unit_index(unit)]
    }

    /// The 20 peers of `square` (the square itself excluded).
    pub fn peers(square: Square) -> SquareSet {
        PEER_SETS[square.index()]
    }

    /// Whether `square` is in the set.
    pub fn contains(self, square: Square) -> bool {
        self.0 >> square.index() & 1 == 1
    }

    /// Adds `square`.
    pub fn insert(&mut self, square: Square) {
        self.0 |= 1 << square.index();
    }

    /// Removes `square`.
    pub fn remove(&mut self, square: Square) {
        self.0 &= !(1 << square.index());
    }

    /// How many squares the set holds.
    pub fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// Whether the set is empty.
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The first square in row-major order.
    pub fn first(self) -> Option<Square> {
        Square::new(self.0.trailing_zeros() as usize)
    }

    /// Whether every square of `self` is in `other`.
    pub fn is_subset(self, other: SquareSet) -> bool {
        self.0 & !other.0 == 0
    }

    /// The squares seen by every square of the set (peers common to all of them), none of the set's
    /// own squares included. Empty for an empty set.
    pub fn common_peers(self) -> SquareSet {
        if self.is_empty() {
            return SquareSet::EMPTY;
        }
        self.iter()
            .fold(SquareSet::ALL, |acc, s| acc & SquareSet::peers(s))
            - self
    }

    /// The 9-bit mask of the columns the set holds in 0-based `row` (rows past 8 hold none).
    pub fn row_bits(self, row: usize) -> u16 {
        if row >= 9 {
            return 0;
        }
        (self.0 >> (9 * row)) as u16 & 0x1ff
    }

    /// The 9-bit mask of the rows the set touches.
    pub fn rows(self) -> u16 {
        self.iter().fold(0, |m, s| m | 1 << s.row())
    }

    /// The 9-bit mask of the columns the set touches.
    pub fn cols(self) -> u16 {
        self.iter().fold(0, |m, s| m | 1 << s.col())
    }

    /// The 9-bit mask of the boxes the set touches.
    pub fn boxes(self) -> u16 {
        self.iter().fold(0, |m, s| m | 1 << s.box_index())
    }

    /// The squares in row-major order.
    pub fn iter(self) -> Squares {
        Squares(self.0)
    }
}

/// Iterator over a [`SquareSet`] in row-major order.
#[derive(Clone, Debug)]
pub struct Squares(u128);

impl Iterator for Squares {
    type Item = Square;

    fn next(&mut self) -> Option<Square> {
        if self.0 == 0 {
            return None;
        }
        let index = self.0.trailing_zeros() as usize;
        self.0 &= self.0 - 1;
        Square::new(index)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for Squares {}

impl IntoIterator for SquareSet {
    type Item = Square;
    type IntoIter = Squares;

    fn into_iter(self) -> Squares {
        self.iter()
    }
}

impl FromIterator<Square> for SquareSet {
    fn from_iter<I: IntoIterator<Item = Square>>(iter: I) -> Self {
        iter.into_iter().fold(SquareSet::EMPTY, |mut set, s| {
            set.insert(s);
            set
        })
    }
}

impl BitAnd for SquareSet {
    type Output = SquareSet;
    fn bitand(self, rhs: SquareSet) -> SquareSet {
        SquareSet(self.0 & rhs.0)
    }
}

impl BitAndAssign for SquareSet {
    fn bitand_assign(&mut self, rhs: SquareSet) {
        self.0 &= rhs.0;
    }
}

impl BitOr for SquareSet {
    type Output = SquareSet;
    fn bitor(self, rhs: SquareSet) -> SquareSet {
        SquareSet(self.0 | rhs.0)
    }
}

impl BitOrAssign for SquareSet {
    fn bitor_assign(&mut self, rhs: SquareSet) {
        self.0 |= rhs.0;
    }
}

impl Sub for SquareSet {
    type Output = SquareSet;
    /// The squares of `self` not in `rhs`.
    fn sub(self, rhs: SquareSet) -> SquareSet {
        SquareSet(self.0 & !rhs.0)
    }
}

impl Not for SquareSet {
    type Output = SquareSet;
    fn not(self) -> SquareSet {
        SquareSet(!self.0 & ALL_BITS)
    }
}

impl fmt::Debug for SquareSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set()
            .entries(self.iter().map(|s| s.to_string()))
            .finish()
    }
}

fn unit_index(unit: Unit) -> usize {
    match unit {
        Unit::Row(r) => r as usize,
        Unit::Column(c) => 9 + c as usize,
        Unit::Box(b) => 18 + b as usize,
    }
}

static UNIT_SETS: [SquareSet; 27] = build_unit_sets();
static PEER_SETS: [SquareSet; 81] = build_peer_sets();

const fn in_unit(u: usize, s: usize) -> bool {
    let (r, c) = (s / 9, s % 9);
    let k = u % 9;
    match u / 9 {
        0 => r == k,
        1 => c == k,
        _ => r / 3 * 3 + c / 3 == k,
    }
}

const fn build_unit_sets() -> [SquareSet; 27] {
    let mut table = [SquareSet(0); 27];
    let mut u = 0;
    while u < 27 {
        let mut s = 0;
        while s < 81 {
            if in_unit(u, s) {
                table[u].0 |= 1 << s;
            }
            s += 1;
        }
        u += 1;
    }
    table
}

const fn build_peer_sets() -> [SquareSet; 81] {
    let units = build_unit_sets();
    let mut table = [SquareSet(0); 81];
    let mut s = 0;
    while s < 81 {
        let mut u = 0;
        while u < 27 {
            if in_unit(u, s) {
                table[s].0 |= units[u].0;
            }
            u += 1;
        }
        table[s].0 &= !(1 << s);
        s += 1;
    }
    table
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(name: &str) -> Square {
        name.parse().unwrap()
    }

    #[test]
    fn unit_sets_hold_the_units_squares() {
        for unit in Unit::all() {
            let set = SquareSet::unit(unit);
            assert_eq!(set.len(), 9);
            assert_eq!(set, unit.squares().into_iter().collect());
        }
    }

    #[test]
    fn peer_sets_hold_the_twenty_peers() {
        for s in Square::all() {
            let set = SquareSet::peers(s);
            assert_eq!(set, s.peers().iter().copied().collect());
            assert!(!set.contains(s));
        }
    }

    #[test]
    fn common_peers_of_two_squares_in_a_row_and_box_are_the_rest_of_both() {
        let pair: SquareSet = [sq("A1"), sq("A2")].into_iter().collect();
        let common = pair.common_peers();
        // The other seven squares of row A and of box 1, A3 counted once.
        assert_eq!(common.len(), 7 + 7 - 1);
        assert!(common.contains(sq("A9")) && common.contains(sq("C3")));
        assert!(!common.contains(sq("A1")) && !common.contains(sq("D1")));
    }

    #[test]
    fn set_operations_behave_like_sets() {
        let a: SquareSet = [sq("A1"), sq("B2"), sq("I9")].into_iter().collect();
        let b: SquareSet = [sq("B2"), sq("E5")].into_iter().collect();
        assert_eq!((a & b).len(), 1);
        assert_eq!((a | b).len(), 4);
        assert_eq!((a - b).len(), 2);
        assert_eq!((!a).len(), 78);
        assert_eq!(a.first(), Some(sq("A1")));
        assert_eq!(SquareSet::EMPTY.first(), None);
        let names: Vec<String> = a.iter().map(|s| s.to_string()).collect();
        assert_eq!(names, ["A1", "B2", "I9"]);
        assert_eq!(a.rows(), 0b1_0000_0011);
    }

    #[test]
    fn row_bits_are_the_columns_held_in_one_row() {
        let set: SquareSet = [sq("B1"), sq("B9"), sq("C2"), sq("I9")]
            .into_iter()
            .collect();
        assert_eq!(set.row_bits(1), 0b1_0000_0001);
        assert_eq!(set.row_bits(2), 0b10);
        assert_eq!(set.row_bits(8), 0b1_0000_0000);
        assert_eq!(set.row_bits(0), 0);
        assert_eq!(SquareSet::ALL.row_bits(9), 0);
    }
}
