//! Helpers the techniques' pattern tests share: naming squares and digits, pencilling a hand-made
//! position, and reading a step's removals back as text.

use super::super::position::Position;
use super::super::step::Step;
use crate::digit::Digit;
use crate::square::{Square, Unit};

/// The square named `name` (`"A1"` … `"I9"`).
pub fn sq(name: &str) -> Square {
    name.parse().unwrap()
}

/// The digit `n` (1-9).
pub fn d(n: u8) -> Digit {
    Digit::new(n).unwrap()
}

/// Leaves only `digits` as the candidates of `square`.
pub fn keep(position: &mut Position, square: &str, digits: &[u8]) {
    for digit in Digit::all() {
        if !digits.contains(&digit.get()) {
            position.eliminate(sq(square), digit);
        }
    }
}

/// Leaves `digit` in `unit` only at the squares named in `keep`.
pub fn only(position: &mut Position, digit: u8, unit: Unit, keep: &[&str]) {
    for s in unit.squares() {
        if !keep.contains(&s.to_string().as_str()) {
            position.eliminate(s, d(digit));
        }
    }
}

/// A step's eliminations as `"7A2"` (digit, then square).
pub fn names(step: &Step) -> Vec<String> {
    step.eliminations
        .iter()
        .map(|c| format!("{}{}", c.digit, c.square))
        .collect()
}

/// Squares by name.
pub fn square_names(squares: &[Square]) -> Vec<String> {
    squares.iter().map(|s| s.to_string()).collect()
}

/// A step's eliminations as (square, digit) pairs.
pub fn eliminations(step: &Step) -> Vec<(String, u8)> {
    step.eliminations
        .iter()
        .map(|c| (c.square.to_string(), c.digit.get()))
        .collect()
}
