//! Solving, candidates and conflicts of a [`Puzzle`] of any shape: the band solver and Norvig's
//! classic propagation for plain classic 9x9, the general engine for the rest, each answer written
//! in the shape's terms.

use std::io;

use crate::candidates;
use crate::digit::DigitSet;
use crate::error::Conflict;
use crate::general::{self, ShapeSolver};
use crate::interrupt::Interrupt;
use crate::outcome::{Interrupted, Outcome, Stats, Verdict};
use crate::shape::{Cells, RuleConflict, UnitConflict};
use crate::solver::Solver;

use super::Puzzle;

impl Puzzle {
    /// Every value repeated in a unit among the cells, unit by unit in the shape's unit order.
    pub fn conflicts(&self) -> Vec<UnitConflict> {
        match self {
            Puzzle::Classic(grid) => grid.conflicts().iter().map(unit_conflict).collect(),
            Puzzle::Shaped { shape, cells } => cells.conflicts(shape),
        }
    }

    /// Every rule beyond units and cages (constraints, anti-knight, ...) that the placed values
    /// break; none on classic 9x9, which has no such rule.
    pub fn rule_conflicts(&self) -> Vec<RuleConflict> {
        match self {
            Puzzle::Classic(_) => Vec::new(),
            Puzzle::Shaped { shape, cells } => cells.rule_conflicts(shape),
        }
    }

    /// Each cell's candidates after propagation (bit `v - 1` for value `v`): Norvig's two rules on
    /// classic 9x9, the general engine's full propagation (cages included) elsewhere. `None` when
    /// propagation empties a cell, which proves there is no solution.
    pub fn candidates(&self) -> Option<Vec<u32>> {
        match self {
            Puzzle::Classic(grid) => candidates(grid).map(|found| masks(found.sets())),
            Puzzle::Shaped { shape, cells } => general::candidates(shape, cells),
        }
    }

    /// Searches for up to `limit` solutions (at least two, so uniqueness is always decided),
    /// stopping at `interrupt`. Givens that break a rule give [`crate::Verdict::None`]. Each
    /// solution is a puzzle on the same shape (a classic one stays a [`Grid`](crate::Grid), copied, never
    /// allocated: the classic `/solve` path gains nothing from the facade).
    pub fn solve(
        &self,
        limit: usize,
        interrupt: Interrupt<'_>,
    ) -> Result<Outcome<Puzzle>, Interrupted<Puzzle>> {
        let limit = limit.max(2);
        match self {
            Puzzle::Classic(grid) => Solver::new()
                .limit(limit)
                .interrupt(interrupt)
                .solve(grid)
                .map(|out| Outcome {
                    verdict: out.verdict,
                    solutions: out.solutions.into_iter().map(Puzzle::Classic).collect(),
                    stats: out.stats,
                })
                .map_err(|stop| Interrupted {
                    reason: stop.reason,
                    solutions: stop.solutions.into_iter().map(Puzzle::Classic).collect(),
                    stats: stop.stats,
                }),
            Puzzle::Shaped { shape, cells } => {
                let on_shape = |cells| Puzzle::Shaped {
                    shape: shape.clone(),
                    cells,
                };
                ShapeSolver::new()
                    .limit(limit)
                    .interrupt(interrupt)
                    .solve(shape, cells)
                    .map(|out| Outcome {
                        verdict: out.verdict,
                        solutions: out.solutions.into_iter().map(on_shape).collect(),
                        stats: out.stats,
                    })
                    .map_err(|stop| Interrupted {
                        reason: stop.reason,
                        solutions: stop.solutions.into_iter().map(on_shape).collect(),
                        stats: stop.stats,
                    })
            }
        }
    }
}

/// What [`Puzzle::solve_first`] found: the verdict, counted to two solutions, and the first
/// solution on the puzzle's shape.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FirstSolution {
    /// What was proved.
    pub verdict: Verdict,
    /// The first solution found; `None` only for [`Verdict::None`].
    pub solution: Option<Puzzle>,
    /// Counters of the search.
    pub stats: Stats,
}

/// Whether a search reads the clock for [`Stats::elapsed`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Timing {
    /// The search times itself.
    Timed,
    /// [`Stats::elapsed`] stays zero where the engine can skip the clock (the band solver): for a
    /// caller that times its puzzles itself, one clock reading each.
    Untimed,
}

impl Puzzle {
    /// Proves the puzzle unique or not (counting to two solutions) and keeps only the first
    /// solution: what batch solving answers. The band solver then writes out one grid, not two.
    pub fn solve_first(
        &self,
        interrupt: Interrupt<'_>,
        timing: Timing,
    ) -> Result<FirstSolution, Interrupted<Cells>> {
        match self {
            Puzzle::Classic(grid) => {
                let solver = Solver::new().keep_first().interrupt(interrupt);
                let solver = match timing {
                    Timing::Timed => solver,
                    Timing::Untimed => solver.untimed(),
                };
                match solver.solve_first(grid) {
                    Ok(first) => Ok(FirstSolution {
                        verdict: first.verdict,
                        solution: first.solution.map(Puzzle::Classic),
                        stats: first.stats,
                    }),
                    Err(stop) => Err(Interrupted {
                        reason: stop.reason,
                        solutions: stop.solutions.iter().map(Cells::from).collect(),
                        stats: stop.stats,
                    }),
                }
            }
            Puzzle::Shaped { .. } => {
                let out = self.solve(2, interrupt).map_err(|stop| Interrupted {
                    reason: stop.reason,
                    solutions: stop.solutions.iter().map(Puzzle::cells).collect(),
                    stats: stop.stats,
                })?;
                Ok(FirstSolution {
                    verdict: out.verdict,
                    solution: out.solutions.into_iter().next(),
                    stats: out.stats,
                })
            }
        }
    }

    /// Whether this grid is complete, keeps every rule and agrees with `puzzle`'s givens.
    pub fn solves(&self, puzzle: &Puzzle) -> bool {
        match (self, puzzle) {
            (Puzzle::Classic(grid), Puzzle::Classic(givens)) => grid.solves(givens),
            _ => self.cells().solves(puzzle.shape(), &puzzle.cells()),
        }
    }

    /// Every value repeated in a unit, then every other rule broken, in words: `digit 5 appears 2
    /// times in row A (A1, A2)` on classic 9x9, the symbol on other shapes (`G appears 2 times in
    /// box 3 (A9, B10)`).
    pub fn conflict_words(&self) -> Vec<String> {
        match self {
            Puzzle::Classic(grid) => grid.conflicts().iter().map(ToString::to_string).collect(),
            Puzzle::Shaped { shape, cells } => cells
                .conflicts(shape)
                .iter()
                .map(|c| c.describe(shape).to_string())
                .chain(
                    cells
                        .rule_conflicts(shape)
                        .iter()
                        .map(|c| c.describe(shape)),
                )
                .collect(),
        }
    }

    /// The grid as one line of text (`.` for a blank): 81 digits on classic 9x9 (written without
    /// building a string), the shape's symbols otherwise.
    pub fn write_line(&self, out: &mut impl io::Write) -> io::Result<()> {
        match self {
            Puzzle::Classic(grid) => out.write_all(&grid.line_bytes()),
            Puzzle::Shaped { shape, cells } => out.write_all(cells.to_text(shape).as_bytes()),
        }
    }

    /// [`Puzzle::write_line`] as a string.
    pub fn to_line(&self) -> String {
        match self {
            Puzzle::Classic(grid) => grid.to_line(),
            Puzzle::Shaped { shape, cells } => cells.to_text(shape),
        }
    }
}

/// Classic digit sets as the shape's masks (the same bits: `d - 1` for digit `d`).
fn masks(sets: &[DigitSet; 81]) -> Vec<u32> {
    sets.iter().map(|set| u32::from(set.bits())).collect()
}

/// A classic conflict in the classic shape's terms.
fn unit_conflict(conflict: &Conflict) -> UnitConflict {
    UnitConflict {
        value: conflict.digit.get(),
        unit: conflict.unit.index(),
        cells: conflict.squares.iter().map(|s| s.index()).collect(),
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use super::*;
    use crate::shape::{Rules, Shape, Variant};

    const HARD: &str =
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";

    fn both(line: &str) -> (Puzzle, Puzzle) {
        let classic = Puzzle::Classic(line.parse().unwrap());
        // The same grid on the general engine: classic rules with one redundant variant would
        // change the puzzle, so build the shaped twin directly.
        let shape = Shape::classic();
        let shaped = Puzzle::Shaped {
            cells: Cells::parse(&shape, line).unwrap(),
            shape,
        };
        (classic, shaped)
    }

    #[test]
    fn both_engines_answer_a_classic_puzzle_in_the_same_terms() {
        let (classic, shaped) = both(HARD);
        let a = classic.solve(2, Interrupt::NEVER).unwrap();
        let b = shaped.solve(2, Interrupt::NEVER).unwrap();
        assert_eq!(a.verdict, b.verdict);
        assert_eq!(a.solutions[0].cells(), b.solutions[0].cells());
        assert_eq!(a.verdict, Verdict::Unique);
        assert!(a.solutions[0].solves(&classic) && b.solutions[0].solves(&shaped));
        // Norvig's two rules never narrow further than the full propagation.
        let (narrow, wide) = (shaped.candidates().unwrap(), classic.candidates().unwrap());
        assert!(narrow.iter().zip(&wide).all(|(n, w)| n & !w == 0));
    }

    #[test]
    fn conflicts_name_the_same_units_on_both_engines() {
        let line = format!("55{}", &HARD[2..]).replace("4....", "4..5.");
        let (classic, shaped) = both(&line);
        let found = classic.conflicts();
        assert!(!found.is_empty());
        assert_eq!(found, shaped.conflicts());
        let names: Vec<String> = found
            .iter()
            .map(|c| classic.shape().unit_name(c.unit))
            .collect();
        assert!(names.contains(&"row A".to_string()), "{names:?}");
    }

    #[test]
    fn a_variant_goes_to_the_general_engine_and_still_decides_uniqueness() {
        let x = Arc::new(
            Shape::new(&Rules {
                variants: vec![Variant::X],
                ..Rules::default()
            })
            .unwrap(),
        );
        let blank = Puzzle::on_shape(x, Cells::empty(81));
        assert!(!blank.is_classic());
        let out = blank.solve(1, Interrupt::NEVER).unwrap();
        assert_eq!((out.verdict, out.solutions.len()), (Verdict::Multiple, 2));
        assert!(out.solutions[0].solves(&blank));
    }

    #[test]
    fn the_first_solution_is_the_same_on_both_engines_and_solves_the_puzzle() {
        let (classic, shaped) = both(HARD);
        for timing in [Timing::Timed, Timing::Untimed] {
            let a = classic.solve_first(Interrupt::NEVER, timing).unwrap();
            let b = shaped.solve_first(Interrupt::NEVER, timing).unwrap();
            assert_eq!(a.verdict, Verdict::Unique);
            let (a, b) = (a.solution.unwrap(), b.solution.unwrap());
            assert_eq!((a.to_line(), a.cells()), (b.to_line(), b.cells()));
            assert!(a.solves(&classic) && b.solves(&shaped) && a.solves(&shaped));
            let mut written = Vec::new();
            a.write_line(&mut written).unwrap();
            assert_eq!(written, a.to_line().into_bytes());
        }
        let clash = both(&format!("55{}", &HARD[2..])).1;
        assert!(clash.conflict_words()[0].starts_with("5 appears 3 times in row A"));
        let clash = both(&format!("55{}", &HARD[2..])).0;
        assert!(clash.conflict_words()[0].starts_with("digit 5 appears 3 times in row A"));
    }
}
