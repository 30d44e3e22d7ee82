//! A classic position as a player writes it, for the technique cases: the digits placed so far and
//! the pencil marks of every empty square, read from a pencil-mark grid or made by hand (placing a
//! digit removes it from the square's peers, and nothing more). The cases hand it to the one logic
//! layer in the shape's terms (`techniques/borrowed.rs`).

use std::fmt;

use crate::digit::{Digit, DigitSet};
use crate::grid::Grid;
use crate::square::{Square, Unit};
use crate::square_set::SquareSet;

/// Placed digits and the candidates of the empty squares. A placed square has no candidates.
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct Position {
    values: [Option<Digit>; 81],
    candidates: [DigitSet; 81],
    /// For each digit, the empty squares where it is still a candidate.
    places: [SquareSet; 9],
    /// The squares holding a digit (those of `values` that are `Some`), so a unit's empty squares
    /// are one mask away: the singles ask for them on every step.
    filled: SquareSet,
}

/// Why a pencil-mark grid could not be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PencilMarkError {
    /// The text did not hold 81 squares.
    #[error("expected 81 squares of pencil marks, found {found}")]
    SquareCount {
        /// How many were found.
        found: usize,
    },
    /// A token was neither digits 1-9 nor `.`.
    #[error("square {square} holds {token:?}; expected digits 1-9")]
    BadToken {
        /// The square it was read for.
        square: Square,
        /// The token.
        token: String,
    },
}

impl Position {
    /// The position of a grid whose every empty square holds the digits its row, column and box do
    /// not yet contain: what a player pencils in before any reasoning.
    pub fn new(grid: &Grid) -> Position {
        let mut position = Position::blank();
        for s in Square::all() {
            if let Some(d) = grid.get(s) {
                position.place(s, d);
            }
        }
        position
    }

    /// The position of a grid with the player's own pencil marks for its empty squares (`marks` is
    /// indexed row-major; entries of placed squares are ignored). Marks are taken as they are, even
    /// when they keep a digit that a peer already holds, because that is what the player sees.
    pub fn with_candidates(grid: &Grid, marks: &[DigitSet; 81]) -> Position {
        let mut position = Position::blank();
        for s in Square::all() {
            match grid.get(s) {
                Some(d) => {
                    position.values[s.index()] = Some(d);
                    position.filled.insert(s);
                    position.set_candidates(s, DigitSet::EMPTY);
                }
                None => position.set_candidates(s, marks[s.index()]),
            }
        }
        position
    }

    /// An empty board where every square may hold every digit: the canvas for hand-made patterns.
    pub fn blank() -> Position {
        Position {
            values: [None; 81],
            candidates: [DigitSet::ALL; 81],
            places: [SquareSet::ALL; 9],
            filled: SquareSet::EMPTY,
        }
    }

    /// Reads a pencil-mark grid: 81 whitespace-separated tokens in row-major order, where a single
    /// digit is a placed digit, several digits are the candidates of an empty square, and `.` is an
    /// empty square with no candidates left. Box-drawing characters (`|`, `-`, `+`) are ignored.
    pub fn from_pencil_marks(text: &str) -> Result<Position, PencilMarkError> {
        let tokens: Vec<&str> = text
            .split(|c: char| c.is_whitespace() || matches!(c, '|' | '+'))
            .filter(|t| !t.is_empty() && !t.chars().all(|c| c == '-'))
            .collect();
        if tokens.len() != 81 {
            return Err(PencilMarkError::SquareCount {
                found: tokens.len(),
            });
        }
        let mut position = Position::blank();
        for (s, token) in Square::all().zip(tokens) {
            let digits = parse_digits(token).ok_or_else(|| PencilMarkError::BadToken {
                square: s,
                token: token.to_string(),
            })?;
            match digits.single_digit() {
                Some(d) if token.len() == 1 => {
                    position.values[s.index()] = Some(d);
                    position.filled.insert(s);
                    position.set_candidates(s, DigitSet::EMPTY);
                }
                _ => position.set_candidates(s, digits),
            }
        }
        Ok(position)
    }

    /// The digit placed in `square`, if any.
    pub fn value(&self, square: Square) -> Option<Digit> {
        self.values[square.index()]
    }

    /// The candidates of `square` (empty for a placed square).
    pub fn candidates(&self, square: Square) -> DigitSet {
        self.candidates[square.index()]
    }

    /// Whether `digit` is a candidate of `square`.
    pub fn has(&self, square: Square, digit: Digit) -> bool {
        self.places[digit.index()].contains(square)
    }

    /// The empty squares where `digit` is still a candidate.
    pub fn squares_with(&self, digit: Digit) -> SquareSet {
        self.places[digit.index()]
    }

    /// The squares of `unit` where `digit` is still a candidate.
    pub fn places(&self, unit: Unit, digit: Digit) -> SquareSet {
        self.places[digit.index()] & SquareSet::unit(unit)
    }

    /// The squares with no digit placed.
    pub fn empty_squares(&self) -> SquareSet {
        SquareSet::ALL - self.filled
    }

    /// Places `digit` in `square` and removes it from the square's peers, as a player does.
    pub fn place(&mut self, square: Square, digit: Digit) {
        self.values[square.index()] = Some(digit);
        self.filled.insert(square);
        self.set_candidates(square, DigitSet::EMPTY);
        self.places[digit.index()] = self.places[digit.index()] - SquareSet::peers(square);
        for p in square.peers() {
            let set = &mut self.candidates[p.index()];
            *set = set.without(digit);
        }
    }

    /// Removes `digit` from the candidates of `square`; whether it was there.
    pub fn eliminate(&mut self, square: Square, digit: Digit) -> bool {
        if !self.has(square, digit) {
            return false;
        }
        self.candidates[square.index()] = self.candidates[square.index()].without(digit);
        self.places[digit.index()].remove(square);
        true
    }

    /// Whether the position can no longer be completed: an empty square without candidates, a digit
    /// twice in a unit, or a digit with no place left in a unit that lacks it.
    pub fn is_broken(&self) -> bool {
        if Square::all().any(|s| self.value(s).is_none() && self.candidates(s).is_empty()) {
            return true;
        }
        Unit::all().any(|unit| {
            Digit::all().any(|d| {
                let placed = unit
                    .squares()
                    .iter()
                    .filter(|&&s| self.value(s) == Some(d))
                    .count();
                placed > 1 || (placed == 0 && self.places(unit, d).is_empty())
            })
        })
    }

    fn set_candidates(&mut self, square: Square, set: DigitSet) {
        self.candidates[square.index()] = set;
        for d in Digit::all() {
            if set.contains(d) {
                self.places[d.index()].insert(square);
            } else {
                self.places[d.index()].remove(square);
            }
        }
    }
}

fn parse_digits(token: &str) -> Option<DigitSet> {
    if token == "." {
        return Some(DigitSet::EMPTY);
    }
    token
        .bytes()
        .map(|b| Digit::new(b.wrapping_sub(b'0')))
        .collect::<Option<Vec<Digit>>>()
        .map(|ds| ds.into_iter().collect())
}

impl fmt::Debug for Position {
    /// The pencil-mark grid [`Position::from_pencil_marks`] reads.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for r in 0..9 {
            for c in 0..9 {
                let s = Square::at(r, c).expect("in range");
                let text = match self.value(s) {
                    Some(d) => d.to_string(),
                    None if self.candidates(s).is_empty() => ".".to_string(),
                    None => self.candidates(s).to_string(),
                };
                write!(f, "{text:<10}")?;
            }
            writeln!(f)?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(name: &str) -> Square {
        name.parse().unwrap()
    }

    fn d(n: u8) -> Digit {
        Digit::new(n).unwrap()
    }

    const GRID2: &str =
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";

    #[test]
    fn a_new_position_pencils_in_what_the_units_do_not_hold() {
        let p = Position::new(&GRID2.parse().unwrap());
        assert_eq!(p.value(sq("A1")), Some(d(4)));
        assert!(p.candidates(sq("A1")).is_empty());
        // A2 sees 4, 8, 5 in row A, 3 and 2 in column 2, 3 in box 1: Norvig's first-row sets before
        // propagation are wider than after it.
        assert_eq!(p.candidates(sq("A2")).to_string(), "1679");
        assert!(p.has(sq("A2"), d(1)));
        assert!(!p.squares_with(d(4)).contains(sq("A2")));
    }

    #[test]
    fn placing_a_digit_removes_it_from_the_peers_only() {
        let mut p = Position::blank();
        p.place(sq("E5"), d(3));
        assert!(!p.has(sq("E1"), d(3)) && !p.has(sq("A5"), d(3)) && !p.has(sq("F6"), d(3)));
        assert!(p.has(sq("A1"), d(3)));
        assert_eq!(p.squares_with(d(3)).len(), 81 - 21);
        assert_eq!(p.empty_squares().len(), 80);
    }

    #[test]
    fn pencil_marks_round_trip_through_their_text() {
        let p = Position::new(&GRID2.parse().unwrap());
        let text = format!("{p:?}");
        assert_eq!(Position::from_pencil_marks(&text).unwrap(), p);
    }

    #[test]
    fn pencil_marks_with_the_wrong_count_or_letters_are_refused() {
        assert_eq!(
            Position::from_pencil_marks("12 3"),
            Err(PencilMarkError::SquareCount { found: 2 })
        );
        let text = format!("x {}", "1 ".repeat(80));
        assert!(matches!(
            Position::from_pencil_marks(&text),
            Err(PencilMarkError::BadToken { .. })
        ));
    }

    #[test]
    fn a_square_with_no_candidates_breaks_the_position() {
        let mut p = Position::new(&GRID2.parse().unwrap());
        assert!(!p.is_broken());
        for digit in p.candidates(sq("A2")).iter() {
            p.eliminate(sq("A2"), digit);
        }
        assert!(p.is_broken());
    }
}
