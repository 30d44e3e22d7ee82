//! Squares and units of the 9x9 board, named as in Norvig's essay: rows `A`-`I`, columns `1`-`9`.
//!
//! A [`Square`] can only hold an index 0..81, so every table indexed by one is in bounds.

use std::fmt;

/// Row letters in Norvig's naming, top to bottom.
pub const ROW_NAMES: &[u8; 9] = b"ABCDEFGHI";

/// One of the 81 squares, row-major from `A1` (0) to `I9` (80).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Square(u8);

impl Square {
    /// Number of squares on the board.
    pub const COUNT: usize = 81;

    /// The square at row-major `index`, if it is below 81.
    pub fn new(index: usize) -> Option<Square> {
        (index < Self::COUNT).then_some(Square(index as u8))
    }

    /// The square at 0-based `row` and `col`, if both are below 9.
    pub fn at(row: usize, col: usize) -> Option<Square> {
        (row < 9 && col < 9).then(|| Square((row * 9 + col) as u8))
    }

    /// All 81 squares in row-major order.
    pub fn all() -> impl Iterator<Item = Square> {
        (0..Self::COUNT as u8).map(Square)
    }

    /// Row-major index, 0..81.
    pub fn index(self) -> usize {
        self.0 as usize
    }

    /// 0-based row (0 = `A`).
    pub fn row(self) -> usize {
        self.index() / 9
    }

    /// 0-based column (0 = `1`).
    pub fn col(self) -> usize {
        self.index() % 9
    }

    /// 0-based box, numbered left to right, top to bottom.
    pub fn box_index(self) -> usize {
        self.row() / 3 * 3 + self.col() / 3
    }

    /// The three units this square belongs to: its row, column and box.
    pub fn units(self) -> [Unit; 3] {
        [
            Unit::Row(self.row() as u8),
            Unit::Column(self.col() as u8),
            Unit::Box(self.box_index() as u8),
        ]
    }

    /// The 20 squares sharing a unit with this one.
    pub fn peers(self) -> &'static [Square; 20] {
        &PEERS[self.index()]
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", ROW_NAMES[self.row()] as char, self.col() + 1)
    }
}

impl std::str::FromStr for Square {
    type Err = ();

    /// Parses a name such as `A1` or `i9`.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let &[r, c] = s.as_bytes() else {
            return Err(());
        };
        let row = ROW_NAMES
            .iter()
            .position(|&n| n == r.to_ascii_uppercase())
            .ok_or(())?;
        let col = (c as char).to_digit(10).filter(|&c| c >= 1).ok_or(())? as usize - 1;
        Square::at(row, col).ok_or(())
    }
}

/// A unit: nine squares that must hold the digits 1-9 once each.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Unit {
    /// A row, 0-based (0 = `A`).
    Row(u8),
    /// A column, 0-based (0 = column `1`).
    Column(u8),
    /// A 3x3 box, 0-based, left to right then top to bottom.
    Box(u8),
}

impl Unit {
    /// All 27 units: rows, then columns, then boxes.
    pub fn all() -> impl Iterator<Item = Unit> {
        (0..9)
            .map(Unit::Row)
            .chain((0..9).map(Unit::Column))
            .chain((0..9).map(Unit::Box))
    }

    /// The unit's place in [`Unit::all`] (rows 0-8, columns 9-17, boxes 18-26): its index on the
    /// classic shape too.
    pub fn index(self) -> usize {
        match self {
            Unit::Row(r) => r as usize,
            Unit::Column(c) => 9 + c as usize,
            Unit::Box(b) => 18 + b as usize,
        }
    }

    /// The unit at `index` in [`Unit::all`], if there is one.
    pub fn from_index(index: usize) -> Option<Unit> {
        let kind = [Unit::Row, Unit::Column, Unit::Box].get(index / 9)?;
        Some(kind((index % 9) as u8))
    }

    /// The nine squares of this unit, in row-major order.
    pub fn squares(self) -> [Square; 9] {
        UNIT_SQUARES[self.index()]
    }
}

impl fmt::Display for Unit {
    /// `row A`, `column 3`, `box 1` (boxes numbered 1-9).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Unit::Row(r) => write!(f, "row {}", ROW_NAMES[r as usize] as char),
            Unit::Column(c) => write!(f, "column {}", c + 1),
            Unit::Box(b) => write!(f, "box {}", b + 1),
        }
    }
}

static PEERS: [[Square; 20]; 81] = build_peers();

/// The squares of the 27 units: rows, then columns, then boxes (the order of [`Unit::all`]).
static UNIT_SQUARES: [[Square; 9]; 27] = build_units();

const fn build_units() -> [[Square; 9]; 27] {
    let mut table = [[Square(0); 9]; 27];
    let mut u = 0;
    while u < 27 {
        let mut i = 0;
        while i < 9 {
            let k = u % 9;
            let (row, col) = match u / 9 {
                0 => (k, i),
                1 => (i, k),
                _ => (k / 3 * 3 + i / 3, k % 3 * 3 + i % 3),
            };
            table[u][i] = Square((row * 9 + col) as u8);
            i += 1;
        }
        u += 1;
    }
    table
}

const fn build_peers() -> [[Square; 20]; 81] {
    let mut table = [[Square(0); 20]; 81];
    let mut s = 0;
    while s < 81 {
        let (r, c) = (s / 9, s % 9);
        let mut n = 0;
        let mut t = 0;
        while t < 81 {
            let (tr, tc) = (t / 9, t % 9);
            let same_box = r / 3 == tr / 3 && c / 3 == tc / 3;
            if t != s && (tr == r || tc == c || same_box) {
                table[s][n] = Square(t as u8);
                n += 1;
            }
            t += 1;
        }
        s += 1;
    }
    table
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_unit_is_found_again_from_its_index() {
        for (index, unit) in Unit::all().enumerate() {
            assert_eq!(unit.index(), index);
            assert_eq!(Unit::from_index(index), Some(unit));
        }
        assert_eq!(Unit::from_index(27), None);
    }

    #[test]
    fn squares_are_named_as_in_norvigs_essay() {
        assert_eq!(Square::new(0).unwrap().to_string(), "A1");
        assert_eq!(Square::new(80).unwrap().to_string(), "I9");
        assert_eq!(Square::at(2, 1).unwrap().to_string(), "C2");
        assert_eq!("c2".parse::<Square>(), Ok(Square::at(2, 1).unwrap()));
        assert!("J1".parse::<Square>().is_err());
        assert!("A0".parse::<Square>().is_err());
    }

    #[test]
    fn every_square_has_twenty_distinct_peers_as_in_the_essay() {
        let c2 = Square::at(2, 1).unwrap();
        let mut names: Vec<String> = c2.peers().iter().map(|s| s.to_string()).collect();
        names.sort();
        let mut expected: Vec<&str> = "A2 B2 D2 E2 F2 G2 H2 I2 C1 C3 C4 C5 C6 C7 C8 C9 A1 A3 B1 B3"
            .split(' ')
            .collect();
        expected.sort();
        assert_eq!(names, expected);
        for s in Square::all() {
            let mut p = s.peers().to_vec();
            p.sort();
            p.dedup();
            assert_eq!(p.len(), 20);
            assert!(!p.contains(&s));
        }
    }

    #[test]
    fn every_unit_holds_nine_distinct_squares_that_belong_to_it() {
        for unit in Unit::all() {
            let squares = unit.squares();
            for s in squares {
                assert!(s.units().contains(&unit), "{s} is not in {unit}");
            }
            let mut sorted = squares.to_vec();
            sorted.dedup();
            assert_eq!(sorted.len(), 9, "{unit}");
        }
    }

    #[test]
    fn units_are_named_for_people() {
        assert_eq!(Unit::Row(0).to_string(), "row A");
        assert_eq!(Unit::Column(2).to_string(), "column 3");
        assert_eq!(Unit::Box(0).to_string(), "box 1");
        assert_eq!(Unit::all().count(), 27);
        let b5: Vec<String> = Unit::Box(4)
            .squares()
            .iter()
            .map(|s| s.to_string())
            .collect();
        assert_eq!(b5, ["D4", "D5", "D6", "E4", "E5", "E6", "F4", "F5", "F6"]);
    }
}
