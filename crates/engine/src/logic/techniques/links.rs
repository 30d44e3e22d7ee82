//! Strong and weak links between candidates, the edges every chain walks along.
//!
//! A candidate is a digit in a square. Two candidates are strongly linked when at least one of them
//! is true: the only two places of a digit in a unit (a conjugate pair), or the two digits of a
//! bivalue square. They are weakly linked when at most one is true: the same digit in two squares
//! that see each other, or two digits of one square. Built once per finder call as bitmasks.

use crate::digit::{Digit, DigitSet};
use crate::logic::position::Position;
use crate::square::{Square, Unit};
use crate::square_set::SquareSet;

/// The links of one position.
pub struct Links {
    candidates: [DigitSet; 81],
    places: [SquareSet; 9],
    /// For each candidate (`square * 9 + digit`), the squares it forms a conjugate pair with.
    conjugates: [SquareSet; 729],
}

impl Links {
    /// The links of `position`.
    pub fn new(position: &Position) -> Links {
        let mut links = Links {
            candidates: [DigitSet::EMPTY; 81],
            places: [SquareSet::EMPTY; 9],
            conjugates: [SquareSet::EMPTY; 729],
        };
        for s in Square::all() {
            links.candidates[s.index()] = position.candidates(s);
        }
        for d in Digit::all() {
            links.places[d.index()] = position.squares_with(d);
            for unit in Unit::all() {
                let places = position.places(unit, d);
                if places.len() != 2 {
                    continue;
                }
                let mut it = places.iter();
                let (Some(a), Some(b)) = (it.next(), it.next()) else {
                    continue;
                };
                links.conjugates[node(a, d)].insert(b);
                links.conjugates[node(b, d)].insert(a);
            }
        }
        links
    }

    /// The candidates of `square`.
    pub fn candidates(&self, square: Square) -> DigitSet {
        self.candidates[square.index()]
    }

    /// The squares where `digit` is a candidate.
    pub fn places(&self, digit: Digit) -> SquareSet {
        self.places[digit.index()]
    }

    /// The squares forming a conjugate pair with `digit` in `square` (strong links on one digit).
    pub fn conjugates(&self, square: Square, digit: Digit) -> SquareSet {
        self.conjugates[node(square, digit)]
    }

    /// The other digit of `square` when it is bivalue and holds `digit` (the strong link inside a
    /// square).
    pub fn bivalue_partner(&self, square: Square, digit: Digit) -> Option<Digit> {
        let set = self.candidates(square);
        if set.len() != 2 || !set.contains(digit) {
            return None;
        }
        set.without(digit).single_digit()
    }

    /// The squares seeing `square` that hold `digit` (weak links on one digit).
    pub fn weak_peers(&self, square: Square, digit: Digit) -> SquareSet {
        self.places(digit) & SquareSet::peers(square)
    }

    /// The unit a link between two different squares runs through: for a strong link the unit where
    /// they are the digit's only places, else the first unit they share.
    pub fn link_unit(&self, a: Square, b: Square, digit: Digit, strong: bool) -> Option<Unit> {
        let shared = a.units().into_iter().filter(|u| b.units().contains(u));
        let mut first = None;
        for unit in shared {
            let conjugate = (self.places(digit) & SquareSet::unit(unit)).len() == 2;
            if !strong || conjugate {
                return Some(unit);
            }
            first = first.or(Some(unit));
        }
        first
    }
}

/// The index of a candidate in per-candidate tables: `square * 9 + digit index`.
pub fn node(square: Square, digit: Digit) -> usize {
    square.index() * 9 + digit.index()
}

#[cfg(test)]
mod tests {
    use super::super::test_support::{d, sq};
    use super::*;

    #[test]
    fn a_digit_with_two_places_in_a_row_links_them_strongly() {
        let mut p = Position::blank();
        for s in Unit::Row(0).squares() {
            if s != sq("A2") && s != sq("A7") {
                p.eliminate(s, d(4));
            }
        }
        let links = Links::new(&p);
        assert_eq!(
            links.conjugates(sq("A2"), d(4)),
            SquareSet::single(sq("A7"))
        );
        assert_eq!(
            links.conjugates(sq("A7"), d(4)),
            SquareSet::single(sq("A2"))
        );
        assert!(links.conjugates(sq("A2"), d(5)).is_empty());
        assert_eq!(
            links.link_unit(sq("A2"), sq("A7"), d(4), true),
            Some(Unit::Row(0))
        );
    }

    #[test]
    fn a_bivalue_square_links_its_two_digits_and_peers_link_weakly() {
        let mut p = Position::blank();
        for n in 3..=9 {
            p.eliminate(sq("E5"), d(n));
        }
        let links = Links::new(&p);
        assert_eq!(links.bivalue_partner(sq("E5"), d(1)), Some(d(2)));
        assert_eq!(links.bivalue_partner(sq("E5"), d(3)), None);
        assert_eq!(links.bivalue_partner(sq("E4"), d(1)), None);
        assert_eq!(links.weak_peers(sq("E5"), d(1)).len(), 20);
        assert_eq!(links.weak_peers(sq("E4"), d(3)).len(), 19);
    }
}
