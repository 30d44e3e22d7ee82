//! Digits 1-9 and sets of them as 9-bit masks.

use std::fmt;
use std::num::NonZeroU8;

/// A Sudoku digit, 1 through 9. Once one exists it is valid.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Digit(NonZeroU8);

impl Digit {
    /// The digit `value`, if it is 1-9.
    pub fn new(value: u8) -> Option<Digit> {
        if (1..=9).contains(&value) {
            NonZeroU8::new(value).map(Digit)
        } else {
            None
        }
    }

    /// The digit for a 0-based index 0..9.
    pub(crate) fn from_index(index: usize) -> Digit {
        Digit::new(index as u8 + 1).expect("digit index below 9")
    }

    /// All nine digits, ascending.
    pub fn all() -> impl Iterator<Item = Digit> {
        (1..=9).filter_map(Digit::new)
    }

    /// The value, 1-9.
    pub fn get(self) -> u8 {
        self.0.get()
    }

    /// 0-based index, 0..9.
    pub fn index(self) -> usize {
        self.get() as usize - 1
    }
}

impl fmt::Display for Digit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.get())
    }
}

/// A set of digits: bit `d - 1` stands for digit `d`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct DigitSet(u16);

impl DigitSet {
    /// No digits.
    pub const EMPTY: DigitSet = DigitSet(0);
    /// All nine digits.
    pub const ALL: DigitSet = DigitSet(0x1ff);

    /// The set from its 9-bit mask (higher bits are dropped).
    pub const fn from_bits(bits: u16) -> DigitSet {
        DigitSet(bits & 0x1ff)
    }

    /// The 9-bit mask.
    pub const fn bits(self) -> u16 {
        self.0
    }

    /// The set holding only `d`.
    pub fn single(d: Digit) -> DigitSet {
        DigitSet(1 << d.index())
    }

    /// Whether `d` is in the set.
    pub fn contains(self, d: Digit) -> bool {
        self.0 & (1 << d.index()) != 0
    }

    /// How many digits the set holds.
    pub fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// Whether the set is empty.
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The set without `d`.
    pub fn without(self, d: Digit) -> DigitSet {
        DigitSet(self.0 & !(1 << d.index()))
    }

    /// The one digit of a singleton set.
    pub fn single_digit(self) -> Option<Digit> {
        (self.len() == 1).then(|| Digit::from_index(self.0.trailing_zeros() as usize))
    }

    /// The digits in ascending order.
    pub fn iter(self) -> impl Iterator<Item = Digit> {
        let bits = self.0;
        (0..9)
            .filter(move |i| bits & (1 << i) != 0)
            .map(Digit::from_index)
    }
}

impl fmt::Display for DigitSet {
    /// The digits ascending with no separator, as Norvig prints them (`1679`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.iter().try_for_each(|d| write!(f, "{d}"))
    }
}

impl FromIterator<Digit> for DigitSet {
    fn from_iter<I: IntoIterator<Item = Digit>>(iter: I) -> Self {
        DigitSet(iter.into_iter().fold(0, |m, d| m | 1 << d.index()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn digits_outside_one_to_nine_do_not_exist() {
        assert!(Digit::new(0).is_none());
        assert!(Digit::new(10).is_none());
        assert_eq!(Digit::new(9).unwrap().index(), 8);
    }

    #[test]
    fn digit_sets_print_ascending_like_norvig() {
        let s: DigitSet = [9, 1, 6, 7].iter().filter_map(|&d| Digit::new(d)).collect();
        assert_eq!(s.to_string(), "1679");
        assert_eq!(s.len(), 4);
        assert!(s.contains(Digit::new(6).unwrap()));
        assert_eq!(s.without(Digit::new(6).unwrap()).to_string(), "179");
        assert_eq!(DigitSet::ALL.to_string(), "123456789");
        assert_eq!(DigitSet::from_bits(0b100).single_digit(), Digit::new(3));
        assert_eq!(DigitSet::ALL.single_digit(), None);
    }
}
