//! Digging a unique puzzle out of a complete grid: givens taken away orbit by orbit of the
//! requested symmetry while the puzzle stays unique.
//!
//! Each removal is checked by a search with a node budget; a check that runs out keeps its givens
//! for now, and is looked at again once the digging is done with a larger budget on the sizes whose
//! puzzles are to be minimal (up to 16x16), so no puzzle costs more than its budgets. A removal of
//! one cell is checked by asking for a solution with a different value there, which is far cheaper
//! than counting to two, and before any search by a two-value swap ([`super::swap`]).

use super::propagate::initial;
use super::search::ShapeSolver;
use super::swap::Swaps;
use super::symmetry::Symmetry;
use super::tables::Tables;
use crate::interrupt::Interrupt;
use crate::outcome::{Outcome, Verdict};
use crate::rng::Rng;
use crate::shape::{Cells, Shape};

/// The node budget of the first turn of [`any_solution`]'s searches.
const FIRST_STEP: u64 = 64;

/// Nodes (lookahead trials included) allowed to one uniqueness check: generous up to 16x16, whose
/// puzzles are to be minimal; small above, where a check that runs out merely keeps a given (25x25
/// puzzles still come out near 43% givens, and easier to solve).
fn check_budget(size: usize) -> u64 {
    match size {
        0..=12 => 100_000,
        13..=16 => 20_000,
        _ => 200,
    }
}

/// Nodes allowed to the second look at an orbit whose first check ran out, once the digging is
/// done, on the sizes whose puzzles are to be minimal: ten times the first budget. The puzzle is
/// sparser by then, so a removal that breaks uniqueness shows it sooner; and a check that still
/// runs out leaves the puzzle not minimal, said so.
fn recheck_budget(size: usize) -> Option<u64> {
    (size <= 16).then(|| 10 * check_budget(size))
}

/// What the digging came to.
#[derive(Debug)]
pub(super) enum Dug {
    /// The puzzle, and whether it is minimal.
    Puzzle(Cells, bool),
    /// A first check ran out of nodes and the caller asked to be told at once
    /// ([`Policy::AbandonUndecided`]): this grid's layout is one to draw again.
    Abandoned,
    /// The deadline passed.
    Stopped,
}

/// What a check that runs out of its budget in the first pass does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Policy {
    /// Keeps its givens for now, to be looked at again once the digging is done.
    Recheck,
    /// Ends the digging ([`Dug::Abandoned`]): where a layout whose first pass leaves a check
    /// undecided is the rare slow one, drawing another is cheaper than rechecking.
    AbandonUndecided,
}

/// Removes orbits of givens while the puzzle stays unique: the puzzle and whether it is minimal.
///
/// An orbit whose check ran out of nodes keeps its givens and is looked at again at the end with
/// [`recheck_budget`] (or, under [`Policy::AbandonUndecided`], ends the digging). Every orbit kept
/// for a second solution stays needed as the puzzle shrinks (that solution still fits every smaller
/// puzzle), so the puzzle is minimal exactly when no orbit is left undecided.
pub(super) fn dig<'d>(
    shape: &'d Shape,
    solution: &'d Cells,
    symmetry: Symmetry,
    interrupt: Interrupt<'d>,
    rng: &mut Rng,
    policy: Policy,
) -> Dug {
    let mut orbits = symmetry.orbits(shape.size());
    rng.shuffle(&mut orbits);
    let tables = Tables::for_generation(shape);
    let mut digger = Digger {
        shape,
        tables: &tables,
        solution,
        puzzle: solution.clone(),
        solver: ShapeSolver::new().interrupt(interrupt),
        interrupt,
        swaps: Swaps::new(shape, solution),
    };
    let budget = check_budget(shape.size());
    let mut undecided = Vec::new();
    for orbit in orbits {
        match digger.try_remove(&orbit, budget) {
            None => return Dug::Stopped,
            Some(None) if policy == Policy::AbandonUndecided => return Dug::Abandoned,
            Some(None) => undecided.push(orbit),
            Some(Some(_)) => {}
        }
    }
    if let Some(budget) = recheck_budget(shape.size()) {
        undecided.retain(|orbit| digger.try_remove(orbit, budget) == Some(None));
        if digger.past_deadline() {
            return Dug::Stopped;
        }
    }
    Dug::Puzzle(digger.puzzle, undecided.is_empty())
}

/// The digging's state: the puzzle so far and what its checks need.
struct Digger<'d> {
    shape: &'d Shape,
    tables: &'d Tables,
    solution: &'d Cells,
    puzzle: Cells,
    solver: ShapeSolver<'d>,
    interrupt: Interrupt<'d>,
    swaps: Swaps,
}

impl Digger<'_> {
    fn past_deadline(&self) -> bool {
        self.interrupt.stopped().is_some()
    }

    /// Empties `orbit` when the puzzle stays unique: `Some(Some(removed))`, `Some(None)` when its
    /// check ran out of nodes (the givens stay), `None` once the deadline has passed.
    fn try_remove(&mut self, orbit: &[usize], budget: u64) -> Option<Option<bool>> {
        if self.past_deadline() {
            return None;
        }
        for &c in orbit {
            self.puzzle.set(c, 0);
        }
        let verdict = if orbit
            .iter()
            .any(|&c| self.swaps.any(self.shape, &self.puzzle, self.solution, c))
        {
            Some(false)
        } else {
            still_unique(
                self.shape,
                self.tables,
                &self.puzzle,
                self.solution,
                orbit,
                self.solver,
                budget,
            )
        };
        // A check stops early for its node budget or for the deadline; only the budget may decide
        // the puzzle, so a check the deadline stopped abandons the work.
        if verdict.is_none() && self.past_deadline() {
            return None;
        }
        if verdict != Some(true) {
            for &c in orbit {
                self.puzzle.set(c, self.solution.get(c));
            }
        }
        Some(verdict)
    }
}

/// Whether `puzzle` (just emptied at `orbit`) still has `solution` as its only solution; `None` when
/// a check ran out of nodes.
///
/// Before the orbit was emptied the puzzle was unique, so any other solution differs from
/// `solution` somewhere in the orbit: at its first cell, or agrees there and differs at the second,
/// and so on. Each case is one search for any solution at all, with the case's cells fixed and the
/// solution's value excluded, which propagation usually refutes at once.
pub(super) fn still_unique(
    shape: &Shape,
    tables: &Tables,
    puzzle: &Cells,
    solution: &Cells,
    orbit: &[usize],
    solver: ShapeSolver<'_>,
    budget: u64,
) -> Option<bool> {
    let mut cand = initial(shape, puzzle.values());
    for &cell in orbit {
        let bit = 1 << (solution.get(cell) - 1);
        let mut case = cand.clone();
        case[cell] &= !bit;
        let out = any_solution(shape, tables, case, solver.near(solution.values()), budget)?;
        if out.verdict != Verdict::None {
            return Some(false);
        }
        cand[cell] = bit;
    }
    Some(true)
}

/// Whether the board `cand` has a solution, by blind and lookahead searches in turn with growing
/// node budgets, `budget` in all; `None` when that ran out. Blind guessing finds a solution of a
/// loosely constrained board fastest, lookahead proves there is none fastest, and which case this
/// is cannot be known before; taking turns costs at most about twice the better one.
fn any_solution(
    shape: &Shape,
    tables: &Tables,
    cand: Vec<u32>,
    solver: ShapeSolver<'_>,
    budget: u64,
) -> Option<Outcome<Cells>> {
    let solver = solver.limit(1);
    let mut spent = 0;
    let mut step = FIRST_STEP;
    while spent < budget {
        let nodes = step.min(budget - spent);
        for searcher in [solver.blind(), solver] {
            if let Some(out) = searcher.within(shape, tables, cand.clone(), nodes, None) {
                return Some(out);
            }
        }
        spent += 2 * nodes;
        step *= 4;
    }
    None
}
