//! Almost locked sets: N unsolved squares of one unit holding N+1 digits between them (a single
//! bivalue square is one too). Take one digit out and the rest is locked. ALS-XZ joins two sets by a
//! restricted common digit X, whose places in one all see its places in the other: at most one set
//! holds X, so the other is locked, and a digit Z of both must then be in one of them.
//!
//! Scope as HoDoKu's: sets of one to eight squares in any unit, never overlapping, and at most two
//! restricted common digits per pair; with two (doubly linked) both sets are locked and remove more.
//! The sets are collected once per call on bitmasks, each with the squares its digits reach, so a
//! pair too far apart to share a restricted common digit is dismissed with one mask test.

use super::Context;
use crate::digit::{Digit, DigitSet};
use crate::logic::position::Position;
use crate::logic::step::{Candidate, Pattern, Step};
use crate::logic::words::{and_list, removals};
use crate::square::{Square, Unit};
use crate::square_set::SquareSet;
use crate::technique::Technique;

/// The largest set HoDoKu collects: eight squares of a unit with nine digits.
const MAX_SIZE: u32 = 8;

/// One almost locked set.
struct Als {
    squares: SquareSet,
    digits: DigitSet,
    /// The unit it was found in; `None` for a single bivalue square.
    unit: Option<Unit>,
    /// For each digit of the set, the squares outside it that still hold the digit and see every
    /// square of the set holding it: where the digit goes if the set must keep it.
    reach: [SquareSet; 9],
    /// All of `reach` together: a second set with a restricted common digit must touch it.
    near: SquareSet,
}

impl Als {
    fn new(position: &Position, squares: SquareSet, digits: DigitSet, unit: Option<Unit>) -> Als {
        let mut reach = [SquareSet::EMPTY; 9];
        let mut near = SquareSet::EMPTY;
        for d in digits.iter() {
            let places = position.squares_with(d);
            reach[d.index()] = seen_by_all(squares & places) & places;
            near |= reach[d.index()];
        }
        Als {
            squares,
            digits,
            unit,
            reach,
            near,
        }
    }

    fn reach(&self, digit: Digit) -> SquareSet {
        self.reach[digit.index()]
    }

    /// "B1 and B3 in row B (1, 4 and 7)" or "D5 (4 and 9)".
    fn describe(&self) -> String {
        let squares = and_list(self.squares);
        let digits = and_list(self.digits.iter());
        match self.unit {
            Some(unit) => format!("{squares} in {unit} ({digits})"),
            None => format!("{squares} ({digits})"),
        }
    }
}

/// The squares that see every square of `set`, a non-empty set inside one unit: the units holding
/// all of it, less the set (faster than intersecting every square's peers).
fn seen_by_all(set: SquareSet) -> SquareSet {
    let Some(first) = set.first() else {
        return SquareSet::EMPTY;
    };
    if set.len() == 1 {
        return SquareSet::peers(first);
    }
    let mut seen = SquareSet::EMPTY;
    for unit in first.units() {
        let squares = SquareSet::unit(unit);
        if set.is_subset(squares) {
            seen |= squares;
        }
    }
    seen - set
}

fn both(a: DigitSet, b: DigitSet) -> DigitSet {
    DigitSet::from_bits(a.bits() & b.bits())
}

fn without(a: DigitSet, b: DigitSet) -> DigitSet {
    DigitSet::from_bits(a.bits() & !b.bits())
}

/// Every almost locked set of the position, each square set once: single bivalue squares first,
/// then rows, columns and boxes (a set inside one row or column of a box is found in its line).
fn collect(position: &Position) -> Vec<Als> {
    let mut sets = Vec::with_capacity(256);
    for s in Square::all() {
        if position.value(s).is_none() && position.candidates(s).len() == 2 {
            sets.push(Als::new(
                position,
                SquareSet::single(s),
                position.candidates(s),
                None,
            ));
        }
    }
    // The digits of each subset of a unit's unsolved squares, by bitmask over them; reused across
    // units, as each entry is written before it is read.
    let mut digits = [0u16; 512];
    for unit in Unit::all() {
        collect_in_unit(position, unit, &mut digits, &mut sets);
    }
    sets
}

/// The sets of two squares or more in `unit`, walking its subsets of unsolved squares on bitmasks.
fn collect_in_unit(position: &Position, unit: Unit, digits: &mut [u16; 512], sets: &mut Vec<Als>) {
    let mut empty = [unit.squares()[0]; 9];
    let mut len = 0;
    for s in unit.squares() {
        if position.value(s).is_none() {
            empty[len] = s;
            len += 1;
        }
    }
    for mask in 1..1usize << len {
        let rest = mask & (mask - 1);
        let square = empty[mask.trailing_zeros() as usize];
        digits[mask] = digits[rest] | position.candidates(square).bits();
        let size = mask.count_ones();
        if !(2..=MAX_SIZE).contains(&size) || digits[mask].count_ones() != size + 1 {
            continue;
        }
        let squares: SquareSet = (0..len)
            .filter(|i| mask >> i & 1 == 1)
            .map(|i| empty[i])
            .collect();
        if matches!(unit, Unit::Box(_)) && in_one_line(squares) {
            continue;
        }
        sets.push(Als::new(
            position,
            squares,
            DigitSet::from_bits(digits[mask]),
            Some(unit),
        ));
    }
}

/// Whether the squares of `set` share a row or a column.
fn in_one_line(set: SquareSet) -> bool {
    let Some(first) = set.first() else {
        return true;
    };
    set.is_subset(SquareSet::unit(Unit::Row(first.row() as u8)))
        || set.is_subset(SquareSet::unit(Unit::Column(first.col() as u8)))
}

/// The restricted common digits of two sets (at most two, lowest first, as HoDoKu takes them): the
/// digits of both whose every place in `b` sees every place in `a`.
fn restricted_commons(position: &Position, a: &Als, b: &Als) -> Vec<Digit> {
    both(a.digits, b.digits)
        .iter()
        .filter(|&x| (b.squares & position.squares_with(x)).is_subset(a.reach(x)))
        .take(2)
        .collect()
}

/// ALS-XZ: two almost locked sets joined by a restricted common digit X remove a digit Z of both
/// from every square that sees all of Z's places in both sets. Joined by two, both sets are locked
/// and every digit of either goes from the squares that see all its places in it.
pub fn als_xz(position: &Position, _: &Context) -> Option<Step> {
    let sets = collect(position);
    for (i, a) in sets.iter().enumerate() {
        for b in &sets[i + 1..] {
            if !(a.squares & b.squares).is_empty() || (a.near & b.squares).is_empty() {
                continue;
            }
            if both(a.digits, b.digits).len() < 2 {
                continue;
            }
            if let Some(step) = pair_step(position, a, b) {
                return Some(step);
            }
        }
    }
    None
}

/// The step two disjoint sets give, if they share a restricted common digit and it removes
/// something.
fn pair_step(position: &Position, a: &Als, b: &Als) -> Option<Step> {
    let commons = restricted_commons(position, a, b);
    let shared = both(a.digits, b.digits);
    let mut eliminations = Vec::new();
    match commons.as_slice() {
        [] => return None,
        [x] => {
            for z in shared.iter().filter(|z| z != x) {
                add(&mut eliminations, a.reach(z) & b.reach(z), z);
            }
        }
        [x1, x2, ..] => {
            for z in shared.iter() {
                add(&mut eliminations, a.reach(z) & b.reach(z), z);
            }
            let links: DigitSet = [*x1, *x2].into_iter().collect();
            for (locked, other) in [(a, b), (b, a)] {
                for d in without(locked.digits, links).iter() {
                    add(&mut eliminations, locked.reach(d) - other.squares, d);
                }
            }
        }
    }
    if eliminations.is_empty() {
        return None;
    }
    Some(build_step(a, b, &commons, eliminations))
}

fn add(eliminations: &mut Vec<Candidate>, squares: SquareSet, digit: Digit) {
    eliminations.extend(squares.iter().map(|s| Candidate::new(s, digit)));
}

fn build_step(a: &Als, b: &Als, commons: &[Digit], mut eliminations: Vec<Candidate>) -> Step {
    eliminations.sort();
    eliminations.dedup();
    let removed: DigitSet = eliminations.iter().map(|c| c.digit).collect();
    let mut digits = commons.to_vec();
    digits.extend(removed.iter().filter(|d| !commons.contains(d)));
    let intro = format!(
        "Two almost locked sets hold one digit more than they have squares: {}; {}.",
        a.describe(),
        b.describe()
    );
    let explanation = match commons {
        [x] => {
            let conclusion = match removed.single_digit() {
                Some(z) => format!(
                    "one of the sets holds {z}, so no square that sees every {z} in both can be {z}"
                ),
                None => format!(
                    "each of {} is in one of the sets, so no square that sees all of a digit's \
                     places in both can hold it",
                    and_list(removed.iter())
                ),
            };
            format!(
                "{intro} Every {x} in one sees every {x} in the other, so at most one of them \
                 holds {x} and the other is locked to its remaining digits; either way, \
                 {conclusion}: remove {}.",
                removals(&eliminations)
            )
        }
        _ => format!(
            "{intro} Both {} and {} are restricted common digits (each one's places in one set \
             all see its places in the other), so each set holds exactly one of them and is locked \
             to the rest: every digit of either set is in it, and no square that sees all of its \
             places there can hold it: remove {}.",
            commons[0],
            commons[1],
            removals(&eliminations)
        ),
    };
    Step::elimination(
        Technique::AlsXz,
        eliminations,
        Pattern {
            squares: (a.squares | b.squares).iter().collect(),
            units: a.unit.into_iter().chain(b.unit).collect(),
            digits,
        },
        explanation,
    )
}

#[cfg(test)]
mod tests {
    use super::super::test_support::{d, eliminations, keep, sq, square_names};
    use super::*;

    /// Removes each of `digits` from every square named.
    fn remove(position: &mut Position, digits: &[u8], squares: &[&str]) {
        for s in squares {
            for &n in digits {
                position.eliminate(sq(s), d(n));
            }
        }
    }

    /// A1 (1, 2) and A5, E5, H5 in column 5 (1, 2, 3, 4): 1 links them through row A.
    fn singly_linked() -> Position {
        let mut p = Position::blank();
        keep(&mut p, "A1", &[1, 2]);
        keep(&mut p, "A5", &[1, 3]);
        keep(&mut p, "E5", &[2, 4]);
        keep(&mut p, "H5", &[3, 4]);
        p
    }

    #[test]
    fn als_xz_removes_the_common_digit_seeing_both_sets_when_one_digit_links_them() {
        let step = als_xz(&singly_linked(), &Context::unknown()).unwrap();
        assert_eq!(step.technique, Technique::AlsXz);
        assert_eq!(eliminations(&step), [("E1".to_string(), 2)]);
        assert_eq!(
            square_names(&step.pattern.squares),
            ["A1", "A5", "E5", "H5"]
        );
        assert_eq!(step.pattern.units, [Unit::Column(4)]);
        assert_eq!(step.pattern.digits, [d(1), d(2)]);
        assert_eq!(
            step.explanation,
            "Two almost locked sets hold one digit more than they have squares: A1 (1 and 2); A5, \
             E5 and H5 in column 5 (1, 2, 3 and 4). Every 1 in one sees every 1 in the other, so at \
             most one of them holds 1 and the other is locked to its remaining digits; either way, \
             one of the sets holds 2, so no square that sees every 2 in both can be 2: remove 2 \
             from E1."
        );
    }

    #[test]
    fn als_xz_with_two_linking_digits_locks_both_sets() {
        // A1 (1, 2) and B2, C2, E2 in column 2 (1, 2, 5, 6): every 1 and every 2 of the column set
        // is in box 1 with A1. Only C3 keeps 1 and 2 in box 1, and only H2 keeps 5 and 6 in
        // column 2.
        let mut p = Position::blank();
        keep(&mut p, "A1", &[1, 2]);
        keep(&mut p, "B2", &[1, 5]);
        keep(&mut p, "C2", &[2, 6]);
        keep(&mut p, "E2", &[5, 6]);
        remove(&mut p, &[1, 2], &["A2", "A3", "B1", "B3", "C1"]);
        remove(&mut p, &[5, 6], &["A2", "D2", "F2", "G2", "I2"]);
        let step = als_xz(&p, &Context::unknown()).unwrap();
        assert_eq!(
            eliminations(&step),
            [
                ("C3".to_string(), 1),
                ("C3".to_string(), 2),
                ("H2".to_string(), 5),
                ("H2".to_string(), 6)
            ]
        );
        assert_eq!(
            square_names(&step.pattern.squares),
            ["A1", "B2", "C2", "E2"]
        );
        assert_eq!(step.pattern.units, [Unit::Column(1)]);
        assert_eq!(step.pattern.digits, [d(1), d(2), d(5), d(6)]);
        assert_eq!(
            step.explanation,
            "Two almost locked sets hold one digit more than they have squares: A1 (1 and 2); B2, \
             C2 and E2 in column 2 (1, 2, 5 and 6). Both 1 and 2 are restricted common digits \
             (each one's places in one set all see its places in the other), so each set holds \
             exactly one of them and is locked to the rest: every digit of either set is in it, \
             and no square that sees all of its places there can hold it: remove 1 from C3, 2 \
             from C3, 5 from H2 and 6 from H2."
        );
    }

    #[test]
    fn no_als_xz_when_the_common_digit_has_a_place_out_of_sight() {
        // A 1 in H5 as well: the 1s of the column set no longer all see A1.
        let mut p = Position::blank();
        keep(&mut p, "A1", &[1, 2]);
        keep(&mut p, "A5", &[1, 3]);
        keep(&mut p, "E5", &[2, 4]);
        keep(&mut p, "H5", &[1, 3, 4]);
        assert_eq!(als_xz(&p, &Context::unknown()), None);
    }

    #[test]
    fn a_bivalue_square_is_a_set_of_its_own_beside_the_sets_that_hold_it() {
        let mut p = Position::blank();
        keep(&mut p, "A1", &[1, 2]);
        keep(&mut p, "A5", &[2, 3]);
        let sets = collect(&p);
        let single = sets
            .iter()
            .find(|s| s.squares == SquareSet::single(sq("A1")));
        assert_eq!(single.map(|s| s.unit), Some(None));
        let pair: SquareSet = [sq("A1"), sq("A5")].into_iter().collect();
        let in_row = sets.iter().find(|s| s.squares == pair);
        assert_eq!(in_row.map(|s| s.unit), Some(Some(Unit::Row(0))));
    }

    #[test]
    fn the_squares_seeing_a_whole_set_are_the_units_holding_it_less_the_set() {
        let pair: SquareSet = [sq("A1"), sq("A2")].into_iter().collect();
        assert_eq!(seen_by_all(pair), pair.common_peers());
        assert_eq!(seen_by_all(pair).len(), 7 + 6);
        let column: SquareSet = [sq("B2"), sq("E2")].into_iter().collect();
        assert_eq!(seen_by_all(column).len(), 7);
        assert_eq!(
            seen_by_all(SquareSet::single(sq("E5"))),
            SquareSet::peers(sq("E5"))
        );
    }

    #[test]
    fn sets_are_collected_once_with_their_unit_and_up_to_eight_squares() {
        let mut p = Position::blank();
        // B1 and C1 share column 1 and box 1: found once, in column 1.
        keep(&mut p, "B1", &[1, 2]);
        keep(&mut p, "C1", &[1, 3]);
        let sets = collect(&p);
        let pair: SquareSet = [sq("B1"), sq("C1")].into_iter().collect();
        let found: Vec<&Als> = sets.iter().filter(|s| s.squares == pair).collect();
        assert_eq!(found.len(), 1);
        assert_eq!(found[0].unit, Some(Unit::Column(0)));
        // On an otherwise blank board every eight squares of a unit hold all nine digits.
        assert!(sets.iter().any(|s| s.squares.len() == 8));
        assert!(sets.iter().all(|s| s.squares.len() <= 8));
        assert!(sets.iter().all(|s| s.digits.len() == s.squares.len() + 1));
    }
}
