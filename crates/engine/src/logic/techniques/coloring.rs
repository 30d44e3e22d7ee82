//! Simple colouring (HoDoKu's Simple Colors): the conjugate pairs of one digit, followed square to
//! square, split a cluster into two colours that alternate; exactly one colour holds the digit.
//! A square that sees both colours loses it (colour trap), and a colour with two squares in one unit
//! is false, so all its squares lose it (colour wrap).

use super::single_digit::conjugate;
use super::Context;
use crate::digit::Digit;
use crate::logic::position::Position;
use crate::logic::step::{Candidate, Pattern, Step};
use crate::logic::words::and_list;
use crate::square::{Square, Unit};
use crate::square_set::SquareSet;
use crate::technique::Technique;

/// A colour trap or a colour wrap on one digit's conjugate pairs, digits ascending, clusters from
/// their first square; within a cluster the wrap is tried before the trap, as HoDoKu does.
pub fn simple_coloring(position: &Position, _: &Context) -> Option<Step> {
    Digit::all().find_map(|digit| coloring_for(position, digit))
}

fn coloring_for(position: &Position, digit: Digit) -> Option<Step> {
    let mut uncoloured = linked_squares(position, digit);
    while let Some(seed) = uncoloured.first() {
        let cluster = Cluster::grow(position, digit, seed, &mut uncoloured);
        if let Some(step) = cluster.wrap(position) {
            return Some(step);
        }
        if let Some(step) = cluster.trap(position) {
            return Some(step);
        }
    }
    None
}

/// The squares of `digit` that belong to at least one conjugate pair.
fn linked_squares(position: &Position, digit: Digit) -> SquareSet {
    Unit::all()
        .map(|unit| position.places(unit, digit))
        .filter(|places| places.len() == 2)
        .fold(SquareSet::EMPTY, |all, places| all | places)
}

/// The squares of one cluster of conjugate pairs, in two colours.
struct Cluster {
    digit: Digit,
    colours: [SquareSet; 2],
}

impl Cluster {
    /// Colours every square reachable from `seed` along conjugate pairs, taking them out of
    /// `uncoloured`.
    fn grow(
        position: &Position,
        digit: Digit,
        seed: Square,
        uncoloured: &mut SquareSet,
    ) -> Cluster {
        let mut colours = [SquareSet::EMPTY; 2];
        let mut stack = [seed; 81];
        let mut len = 1;
        colours[0].insert(seed);
        uncoloured.remove(seed);
        while len > 0 {
            len -= 1;
            let square = stack[len];
            let other = usize::from(colours[0].contains(square));
            for unit in square.units() {
                let Some(partner) = conjugate(position, unit, digit, square) else {
                    continue;
                };
                if !uncoloured.contains(partner) {
                    continue;
                }
                uncoloured.remove(partner);
                colours[other].insert(partner);
                stack[len] = partner;
                len += 1;
            }
        }
        Cluster { digit, colours }
    }

    fn squares(&self) -> SquareSet {
        self.colours[0] | self.colours[1]
    }

    /// A colour with two squares sharing a unit cannot hold the digit.
    fn wrap(&self, position: &Position) -> Option<Step> {
        let (index, a, b) = (0..2).find_map(|i| {
            let colour = self.colours[i];
            colour.iter().find_map(|a| {
                let b = (SquareSet::peers(a) & colour).first()?;
                Some((i, a, b))
            })
        })?;
        let unit = super::single_digit::shared_unit(a, b)?;
        let d = self.digit;
        let false_colour = self.colours[index];
        let (name, other) = if index == 0 {
            ("first", "second")
        } else {
            ("second", "first")
        };
        let explanation = format!(
            "{}. {a} and {b}, both of the {name} colour, share {unit}, so the {name} colour cannot \
             be {d} and the {other} colour is: {d} can be removed from {}.",
            self.describe(position),
            and_list(false_colour)
        );
        Some(self.step(position, false_colour, explanation))
    }

    /// A square seeing a square of each colour cannot hold the digit.
    fn trap(&self, position: &Position) -> Option<Step> {
        let seen = |colour: SquareSet| {
            colour
                .iter()
                .fold(SquareSet::EMPTY, |all, s| all | SquareSet::peers(s))
        };
        let seen_by_both = seen(self.colours[0]) & seen(self.colours[1]);
        let targets = (position.squares_with(self.digit) & seen_by_both) - self.squares();
        if targets.is_empty() {
            return None;
        }
        let explanation = format!(
            "{}. {} can be removed from the squares that see both colours: {}.",
            self.describe(position),
            self.digit,
            and_list(targets)
        );
        Some(self.step(position, targets, explanation))
    }

    /// The units whose two places of the digit are both in the cluster: its links.
    fn links(&self, position: &Position) -> Vec<Unit> {
        let squares = self.squares();
        Unit::all()
            .filter(|&unit| {
                let places = position.places(unit, self.digit);
                places.len() == 2 && places.is_subset(squares)
            })
            .collect()
    }

    fn describe(&self, position: &Position) -> String {
        let d = self.digit;
        format!(
            "{d} has only two places in each of {}; following these pairs, {} take one colour and \
             {} the other, and exactly one colour is {d}",
            and_list(self.links(position)),
            and_list(self.colours[0]),
            and_list(self.colours[1])
        )
    }

    fn step(&self, position: &Position, targets: SquareSet, explanation: String) -> Step {
        let pattern = Pattern {
            squares: self.colours[0].iter().chain(self.colours[1]).collect(),
            units: self.links(position),
            digits: vec![self.digit],
        };
        let eliminations = targets
            .iter()
            .map(|s| Candidate::new(s, self.digit))
            .collect();
        Step::elimination(
            Technique::SimpleColoring,
            eliminations,
            pattern,
            explanation,
        )
    }
}

#[cfg(test)]
mod tests {
    use super::super::test_support::{d, names, only, square_names};
    use super::*;

    #[test]
    fn colour_trap_removes_the_digit_from_a_square_seeing_both_colours() {
        let mut p = Position::blank();
        only(&mut p, 5, Unit::Row(0), &["A1", "A5"]);
        only(&mut p, 5, Unit::Box(1), &["A5", "C4"]);
        only(&mut p, 5, Unit::Column(3), &["C4", "H4"]);
        let step = simple_coloring(&p, &Context::unknown()).unwrap();
        assert_eq!(step.technique, Technique::SimpleColoring);
        assert_eq!(names(&step), ["5H1"]);
        assert_eq!(
            square_names(&step.pattern.squares),
            ["A1", "C4", "A5", "H4"]
        );
        assert_eq!(
            step.pattern.units,
            [Unit::Row(0), Unit::Column(3), Unit::Box(1)]
        );
        assert_eq!(step.pattern.digits, [d(5)]);
        assert_eq!(
            step.explanation,
            "5 has only two places in each of row A, column 4 and box 2; following these pairs, A1 \
             and C4 take one colour and A5 and H4 the other, and exactly one colour is 5. 5 can be \
             removed from the squares that see both colours: H1."
        );
    }

    #[test]
    fn colour_wrap_removes_the_colour_with_two_squares_in_one_unit() {
        let mut p = Position::blank();
        only(&mut p, 5, Unit::Row(0), &["A1", "A5"]);
        only(&mut p, 5, Unit::Column(4), &["A5", "D5"]);
        only(&mut p, 5, Unit::Box(4), &["D5", "F6"]);
        only(&mut p, 5, Unit::Row(5), &["F1", "F6"]);
        let step = simple_coloring(&p, &Context::unknown()).unwrap();
        assert_eq!(names(&step), ["5A1", "5D5", "5F1"]);
        assert_eq!(
            square_names(&step.pattern.squares),
            ["A1", "D5", "F1", "A5", "F6"]
        );
        assert!(step.explanation.ends_with(
            "A1 and F1, both of the first colour, share column 1, so the first colour cannot be 5 \
             and the second colour is: 5 can be removed from A1, D5 and F1."
        ));
    }

    #[test]
    fn no_colouring_step_when_nothing_sees_both_colours() {
        let mut p = Position::blank();
        only(&mut p, 5, Unit::Row(0), &["A1", "A5"]);
        assert_eq!(simple_coloring(&p, &Context::unknown()), None);
        assert_eq!(
            simple_coloring(&Position::blank(), &Context::unknown()),
            None
        );
    }
}
