//! Wings: bivalue squares that pinch a digit. XY-wing (a bivalue pivot and two bivalue pincers),
//! XYZ-wing (a trivalue pivot) and W-wing (two identical bivalue squares joined by a conjugate pair),
//! with HoDoKu's definitions.

use super::single_digit::{conjugate_pair, shared_unit};
use super::Context;
use crate::digit::{Digit, DigitSet};
use crate::logic::position::Position;
use crate::logic::step::{Candidate, Pattern, Step};
use crate::logic::words::{and_list, or_list};
use crate::square::{Square, Unit};
use crate::square_set::SquareSet;
use crate::technique::Technique;

/// The empty squares with exactly `count` candidates.
fn with_candidates(position: &Position, count: usize) -> SquareSet {
    Square::all()
        .filter(|&s| position.candidates(s).len() == count)
        .collect()
}

/// The digits of both sets.
fn common(a: DigitSet, b: DigitSet) -> DigitSet {
    DigitSet::from_bits(a.bits() & b.bits())
}

/// The digits of `a` not in `b`.
fn minus(a: DigitSet, b: DigitSet) -> DigitSet {
    DigitSet::from_bits(a.bits() & !b.bits())
}

/// The two digits of a bivalue set, ascending.
fn pair_digits(set: DigitSet) -> Option<(Digit, Digit)> {
    let mut digits = set.iter();
    let pair = (digits.next()?, digits.next()?);
    digits.next().is_none().then_some(pair)
}

/// The units that join `pivot` to each pincer (the first unit each pair shares).
fn joining_units(pivot: Square, pincers: [Square; 2]) -> Vec<Unit> {
    pincers
        .iter()
        .filter_map(|&p| shared_unit(pivot, p))
        .collect()
}

/// A bivalue pivot `xy` that sees two bivalue pincers `xz` and `yz`: whichever digit the pivot takes,
/// one pincer is `z`, so squares seeing both pincers lose `z`.
pub fn xy_wing(position: &Position, _: &Context) -> Option<Step> {
    let bivalue = with_candidates(position, 2);
    for pivot in bivalue {
        let pivot_digits = position.candidates(pivot);
        let Some((x, y)) = pair_digits(pivot_digits) else {
            continue;
        };
        let near = bivalue & SquareSet::peers(pivot);
        for pincer_x in near {
            let cx = position.candidates(pincer_x);
            if !cx.contains(x) || cx.contains(y) {
                continue;
            }
            let Some(z) = cx.without(x).single_digit() else {
                continue;
            };
            let wanted: DigitSet = [y, z].into_iter().collect();
            for pincer_y in near {
                if position.candidates(pincer_y) != wanted {
                    continue;
                }
                let targets = position.squares_with(z)
                    & SquareSet::peers(pincer_x)
                    & SquareSet::peers(pincer_y);
                if targets.is_empty() {
                    continue;
                }
                let wing = Wing {
                    pivot,
                    pincers: [pincer_x, pincer_y],
                    z,
                };
                return Some(wing.xy_step(position, x, y, targets));
            }
        }
    }
    None
}

/// A trivalue pivot `xyz` that sees two bivalue pincers `xz` and `yz`: one of the three is `z`, so
/// squares seeing all three lose `z`.
pub fn xyz_wing(position: &Position, _: &Context) -> Option<Step> {
    let bivalue = with_candidates(position, 2);
    for pivot in with_candidates(position, 3) {
        let pivot_digits = position.candidates(pivot);
        let near: SquareSet = (bivalue & SquareSet::peers(pivot))
            .iter()
            .filter(|&s| minus(position.candidates(s), pivot_digits).is_empty())
            .collect();
        for first in near {
            let c1 = position.candidates(first);
            for second in near {
                let c2 = position.candidates(second);
                if second <= first || c1 == c2 {
                    continue;
                }
                let Some(z) = common(c1, c2).single_digit() else {
                    continue;
                };
                let targets = position.squares_with(z)
                    & SquareSet::peers(pivot)
                    & SquareSet::peers(first)
                    & SquareSet::peers(second);
                if targets.is_empty() {
                    continue;
                }
                let wing = Wing {
                    pivot,
                    pincers: [first, second],
                    z,
                };
                return Some(wing.xyz_step(position, pivot_digits, targets));
            }
        }
    }
    None
}

/// A pivot, two pincers and the digit `z` they pinch.
struct Wing {
    pivot: Square,
    pincers: [Square; 2],
    z: Digit,
}

impl Wing {
    fn eliminations(&self, targets: SquareSet) -> Vec<Candidate> {
        targets.iter().map(|s| Candidate::new(s, self.z)).collect()
    }

    fn xy_step(&self, position: &Position, x: Digit, y: Digit, targets: SquareSet) -> Step {
        let Wing { pivot, pincers, z } = *self;
        let [px, py] = pincers;
        let pattern = Pattern {
            squares: vec![pivot, px, py],
            units: joining_units(pivot, pincers),
            digits: vec![x, y, z],
        };
        let explanation = format!(
            "{pivot} holds only {x} and {y}, and it sees {px} ({}) and {py} ({}). If {pivot} is {x}, \
             {px} is {z}; if it is {y}, {py} is {z}. Either way one of {px} or {py} is {z}, so {z} \
             can be removed from the squares that see both: {}.",
            or_list(position.candidates(px).iter()),
            or_list(position.candidates(py).iter()),
            and_list(targets)
        );
        Step::elimination(
            Technique::XYWing,
            self.eliminations(targets),
            pattern,
            explanation,
        )
    }

    fn xyz_step(&self, position: &Position, digits: DigitSet, targets: SquareSet) -> Step {
        let Wing { pivot, pincers, z } = *self;
        let [p1, p2] = pincers;
        let pattern = Pattern {
            squares: vec![pivot, p1, p2],
            units: joining_units(pivot, pincers),
            digits: digits.iter().collect(),
        };
        let explanation = format!(
            "{pivot} holds only {}, and it sees {p1} ({}) and {p2} ({}). Whichever digit {pivot} \
             takes, one of {pivot}, {p1} or {p2} is {z}, so {z} can be removed from the squares \
             that see all three: {}.",
            and_list(digits.iter()),
            or_list(position.candidates(p1).iter()),
            or_list(position.candidates(p2).iter()),
            and_list(targets)
        );
        Step::elimination(
            Technique::XYZWing,
            self.eliminations(targets),
            pattern,
            explanation,
        )
    }
}

/// Two squares holding only the same two digits `a` and `b`, and a conjugate pair on `b` with one end
/// seeing each square (no end seeing both): they cannot both be `b`, so one is `a`, and squares seeing
/// both lose `a`.
pub fn w_wing(position: &Position, _: &Context) -> Option<Step> {
    let bivalue = with_candidates(position, 2);
    for first in bivalue {
        let digits = position.candidates(first);
        let Some((a, b)) = pair_digits(digits) else {
            continue;
        };
        for second in bivalue {
            if second <= first || position.candidates(second) != digits {
                continue;
            }
            for (removed, linked) in [(a, b), (b, a)] {
                let targets = position.squares_with(removed)
                    & SquareSet::peers(first)
                    & SquareSet::peers(second);
                if targets.is_empty() {
                    continue;
                }
                if let Some(bridge) = w_bridge(position, linked, first, second) {
                    return Some(w_step([first, second], removed, linked, bridge, targets));
                }
            }
        }
    }
    None
}

/// A conjugate pair on `digit` (its unit and the ends seeing `first` and `second`) that bridges the
/// two squares.
fn w_bridge(
    position: &Position,
    digit: Digit,
    first: Square,
    second: Square,
) -> Option<(Unit, Square, Square)> {
    let sees = |a: Square, b: Square| SquareSet::peers(a).contains(b);
    Unit::all().find_map(|unit| {
        let (e1, e2) = conjugate_pair(position, unit, digit)?;
        if [e1, e2].iter().any(|&e| e == first || e == second) {
            return None;
        }
        if (sees(e1, first) && sees(e1, second)) || (sees(e2, first) && sees(e2, second)) {
            return None;
        }
        if sees(e1, first) && sees(e2, second) {
            Some((unit, e1, e2))
        } else if sees(e2, first) && sees(e1, second) {
            Some((unit, e2, e1))
        } else {
            None
        }
    })
}

fn w_step(
    squares: [Square; 2],
    removed: Digit,
    linked: Digit,
    bridge: (Unit, Square, Square),
    targets: SquareSet,
) -> Step {
    let [first, second] = squares;
    let (unit, end1, end2) = bridge;
    let (low, high) = if removed < linked {
        (removed, linked)
    } else {
        (linked, removed)
    };
    let pattern = Pattern {
        squares: vec![first, second, end1, end2],
        units: vec![unit],
        digits: vec![removed, linked],
    };
    let explanation = format!(
        "{first} and {second} both hold only {low} and {high}, and {linked} is in {unit} only at \
         {end1} and {end2}, which see {first} and {second}. One of {end1} or {end2} is {linked}, so \
         {first} and {second} cannot both be {linked}: one of them is {removed}, and {removed} can \
         be removed from the squares that see both: {}.",
        and_list(targets)
    );
    let eliminations = targets.iter().map(|s| Candidate::new(s, removed)).collect();
    Step::elimination(Technique::WWing, eliminations, pattern, explanation)
}

#[cfg(test)]
mod tests {
    use super::super::test_support::{d, keep, names, only, square_names};
    use super::*;

    fn wing_position(pivot: &[u8], second_pincer: &str) -> Position {
        let mut p = Position::blank();
        keep(&mut p, "E5", pivot);
        keep(&mut p, "E2", &[3, 9]);
        keep(&mut p, second_pincer, &[7, 9]);
        p
    }

    #[test]
    fn xy_wing_removes_the_pinched_digit_from_squares_seeing_both_pincers() {
        let p = wing_position(&[3, 7], "D5");
        let step = xy_wing(&p, &Context::unknown()).unwrap();
        assert_eq!(step.technique, Technique::XYWing);
        assert_eq!(names(&step), ["9D1", "9D2", "9D3", "9E4", "9E6"]);
        assert_eq!(square_names(&step.pattern.squares), ["E5", "E2", "D5"]);
        assert_eq!(step.pattern.units, [Unit::Row(4), Unit::Column(4)]);
        assert_eq!(step.pattern.digits, [d(3), d(7), d(9)]);
        assert_eq!(
            step.explanation,
            "E5 holds only 3 and 7, and it sees E2 (3 or 9) and D5 (7 or 9). If E5 is 3, E2 is 9; \
             if it is 7, D5 is 9. Either way one of E2 or D5 is 9, so 9 can be removed from the \
             squares that see both: D1, D2, D3, E4 and E6."
        );
    }

    #[test]
    fn no_xy_wing_when_a_pincer_does_not_see_the_pivot() {
        let p = wing_position(&[3, 7], "A9");
        assert_eq!(xy_wing(&p, &Context::unknown()), None);
        assert_eq!(xy_wing(&Position::blank(), &Context::unknown()), None);
    }

    #[test]
    fn xyz_wing_removes_the_common_digit_from_squares_seeing_all_three() {
        let p = wing_position(&[3, 7, 9], "D5");
        assert_eq!(xy_wing(&p, &Context::unknown()), None);
        let step = xyz_wing(&p, &Context::unknown()).unwrap();
        assert_eq!(step.technique, Technique::XYZWing);
        assert_eq!(names(&step), ["9E4", "9E6"]);
        assert_eq!(square_names(&step.pattern.squares), ["E5", "D5", "E2"]);
        assert_eq!(step.pattern.digits, [d(3), d(7), d(9)]);
        assert_eq!(
            step.explanation,
            "E5 holds only 3, 7 and 9, and it sees D5 (7 or 9) and E2 (3 or 9). Whichever digit \
             E5 takes, one of E5, D5 or E2 is 9, so 9 can be removed from the squares that see all \
             three: E4 and E6."
        );
    }

    #[test]
    fn no_xyz_wing_when_nothing_sees_all_three() {
        let p = wing_position(&[3, 7, 9], "A5");
        assert_eq!(xyz_wing(&p, &Context::unknown()), None);
    }

    fn w_wing_position(link: &[&str]) -> Position {
        let mut p = Position::blank();
        keep(&mut p, "B2", &[1, 5]);
        keep(&mut p, "H7", &[1, 5]);
        only(&mut p, 5, Unit::Row(3), link);
        p
    }

    #[test]
    fn w_wing_removes_the_other_digit_from_squares_seeing_both_ends() {
        let p = w_wing_position(&["D2", "D7"]);
        let step = w_wing(&p, &Context::unknown()).unwrap();
        assert_eq!(step.technique, Technique::WWing);
        assert_eq!(names(&step), ["1B7", "1H2"]);
        assert_eq!(
            square_names(&step.pattern.squares),
            ["B2", "H7", "D2", "D7"]
        );
        assert_eq!(step.pattern.units, [Unit::Row(3)]);
        assert_eq!(step.pattern.digits, [d(1), d(5)]);
        assert_eq!(
            step.explanation,
            "B2 and H7 both hold only 1 and 5, and 5 is in row D only at D2 and D7, which see B2 \
             and H7. One of D2 or D7 is 5, so B2 and H7 cannot both be 5: one of them is 1, and 1 \
             can be removed from the squares that see both: B7 and H2."
        );
    }

    #[test]
    fn no_w_wing_when_the_link_does_not_bridge_the_squares() {
        let p = w_wing_position(&["D2", "D3"]);
        assert_eq!(w_wing(&p, &Context::unknown()), None);
    }
}
