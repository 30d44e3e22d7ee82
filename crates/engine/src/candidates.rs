//! Norvig's `parse_grid`: each square's remaining digits after his two rules, applied to a fixpoint.
//!
//! 1. A square reduced to one digit removes that digit from its 20 peers.
//! 2. A unit with only one place for a digit puts the digit there.
//!
//! The rules only ever remove digits, and what they remove stays justified as the grid shrinks, so the
//! fixpoint does not depend on the order they are applied in: this is exactly what Norvig's recursive
//! `assign`/`eliminate` compute, and it is kept that way even though the solver reasons further.

use super::digit::{Digit, DigitSet};
use super::grid::{display, Grid};
use super::square::{Square, Unit};

/// Every square's remaining candidates after Norvig's propagation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Candidates {
    sets: [DigitSet; 81],
}

/// Norvig's `parse_grid`: the candidates left by rules (1) and (2), or `None` when they empty a square
/// or leave a digit no place in some unit ("contradiction").
pub fn candidates(grid: &Grid) -> Option<Candidates> {
    let mut sets = [DigitSet::ALL; 81];
    for s in Square::all() {
        if let Some(d) = grid.get(s) {
            sets[s.index()] = DigitSet::single(d);
        }
    }
    propagate(&mut sets)?;
    Some(Candidates { sets })
}

/// Applies both rules until nothing changes; `None` on a contradiction.
fn propagate(sets: &mut [DigitSet; 81]) -> Option<()> {
    let mut spread = [false; 81];
    loop {
        let mut changed = false;
        for s in Square::all() {
            let Some(d) = sets[s.index()].single_digit() else {
                continue;
            };
            if std::mem::replace(&mut spread[s.index()], true) {
                continue;
            }
            for p in s.peers() {
                let set = &mut sets[p.index()];
                if set.contains(d) {
                    *set = set.without(d);
                    if set.is_empty() {
                        return None;
                    }
                    changed = true;
                }
            }
        }
        for unit in Unit::all().map(Unit::squares) {
            for d in Digit::all() {
                let mut places = unit.iter().filter(|s| sets[s.index()].contains(d));
                let first = places.next()?;
                if places.next().is_none() && sets[first.index()].len() > 1 {
                    sets[first.index()] = DigitSet::single(d);
                    changed = true;
                }
            }
        }
        if !changed {
            return Some(());
        }
    }
}

/// Norvig's `assign`: reduces `square` to `digit` and propagates; `None` on a contradiction (the sets
/// are then left part-way).
pub(crate) fn assign(sets: &mut [DigitSet; 81], square: Square, digit: Digit) -> Option<()> {
    if !sets[square.index()].contains(digit) {
        return None;
    }
    sets[square.index()] = DigitSet::single(digit);
    propagate(sets)
}

impl Candidates {
    /// The candidates of `square`.
    pub fn get(&self, square: Square) -> DigitSet {
        self.sets[square.index()]
    }

    /// All 81 sets in row-major order.
    pub fn sets(&self) -> &[DigitSet; 81] {
        &self.sets
    }

    /// How many squares are down to one digit.
    pub fn solved_squares(&self) -> usize {
        self.sets.iter().filter(|s| s.len() == 1).count()
    }

    /// Whether every square is down to one digit.
    pub fn is_solved(&self) -> bool {
        self.solved_squares() == 81
    }

    /// The grid of squares down to one digit, others blank.
    pub fn to_grid(&self) -> Grid {
        let mut grid = Grid::EMPTY;
        for s in Square::all() {
            grid.set(s, self.get(s).single_digit());
        }
        grid
    }

    /// The 81 candidate strings (`"1679"`), row-major, digits ascending.
    pub fn strings(&self) -> Vec<String> {
        self.sets.iter().map(ToString::to_string).collect()
    }

    /// Norvig's `display` of these candidates.
    pub fn display(&self) -> String {
        display(|s| self.get(s).to_string())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn grid2_first_row_matches_the_essay() {
        let grid2 = Grid::parse(
            "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
        )
        .unwrap();
        let c = candidates(&grid2).unwrap();
        let first_row: Vec<String> = c.strings().into_iter().take(9).collect();
        assert_eq!(
            first_row,
            ["4", "1679", "12679", "139", "2369", "269", "8", "1239", "5"]
        );
        assert!(c
            .display()
            .starts_with("   4      1679   12679  |  139     2369    269   |"));
    }

    #[test]
    fn an_easy_puzzle_is_solved_by_propagation_alone() {
        let grid1 = Grid::parse(
            "003020600900305001001806400008102900700000008006708200002609500800203009005010300",
        )
        .unwrap();
        let c = candidates(&grid1).unwrap();
        assert!(c.is_solved());
        assert!(c.to_grid().solves(&grid1));
    }

    #[test]
    fn conflicting_givens_are_a_contradiction() {
        let mut text = ".".repeat(81);
        text.replace_range(0..2, "11");
        assert!(candidates(&Grid::parse(&text).unwrap()).is_none());
    }
}
