//! Depth-first search over the board's propagation: Norvig's search (branch on the square with the fewest
//! candidates; among squares with two, on one whose digits have no other place in their triads and
//! columns, which makes the trees a quarter to a half smaller), counting solutions up to a limit so
//! uniqueness is proved, under an optional deadline and cancellation flag.
//!
//! At depth 0 (the root, and the nodes below it with no open alternative above them) propagation
//! also locks triads (three digits confined to a triad take it from the others), which refutes
//! Norvig's impossible puzzle at the root in every orientation; deeper it costs more than it prunes.
//!
//! Which square comes "first" among equals is an accident of orientation, and on a few puzzles it makes
//! the search tree thousands of times larger (without triads, Norvig's impossible puzzle took 4.6
//! million nodes as given, 17 thousand turned 180 degrees). So a search that outgrows its node budget restarts on the puzzle
//! seen in another orientation, cycling through four with budgets growing fourfold each round. The
//! verdict is the same in every orientation and solutions map back, so answers are unchanged; puzzles
//! that finish within the first budget (nearly all) pay nothing.

use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use super::board::{Board, Propagation};
use super::grid::Grid;
use super::interrupt::Interrupt;
use super::outcome::{Interrupted, Outcome, Stats, StopReason, Verdict};

mod view;
#[cfg(test)]
use super::square::Square;
use view::View;

/// How many search nodes pass between looks at the clock and the cancellation flag. A node costs well
/// under a microsecond, so an interruption is noticed within a fraction of a millisecond.
const CHECK_EVERY: u64 = 64;

/// Nodes allowed to the first attempt; each round of four orientations allows four times more.
const FIRST_BUDGET: u64 = 1024;

/// A finished search with at most its first solution, held without a heap allocation: what
/// [`Solver::solve_first`] gives a caller that shows one solution.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FirstOutcome {
    /// What was proved.
    pub verdict: Verdict,
    /// The first solution found; `None` only for [`Verdict::None`].
    pub solution: Option<Grid>,
    /// Counters of the search.
    pub stats: Stats,
}

/// A configured search. Cheap to build; holds no state between solves, so one may serve many threads.
///
/// ```
/// use sudoku_engine::{Grid, Solver, Verdict};
/// let grid: Grid = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
///     .parse()
///     .unwrap();
/// let outcome = Solver::new().solve(&grid).unwrap();
/// assert_eq!(outcome.verdict, Verdict::Unique);
/// assert!(outcome.solutions[0].solves(&grid));
/// ```
#[derive(Clone, Copy, Debug)]
pub struct Solver<'a> {
    limit: usize,
    /// Solutions kept as grids; the rest are only counted.
    keep: usize,
    interrupt: Interrupt<'a>,
    /// Whether the search reads the clock to fill [`Stats::elapsed`].
    timed: bool,
}

impl Default for Solver<'_> {
    fn default() -> Self {
        Solver::new()
    }
}

impl<'a> Solver<'a> {
    /// Counts up to two solutions (enough to prove uniqueness), with no deadline.
    pub fn new() -> Self {
        Solver {
            limit: 2,
            keep: usize::MAX,
            interrupt: Interrupt::NEVER,
            timed: true,
        }
    }

    /// Counts (and keeps) up to `limit` solutions; a limit of 0 is taken as 1.
    pub fn limit(self, limit: usize) -> Self {
        Solver {
            limit: limit.max(1),
            ..self
        }
    }

    /// Keeps only the first solution as a grid, still counting up to the limit (so the verdict is
    /// the same): for callers that show one solution, such as `sudoku solve`. Writing a solution out
    /// of the band masks is about 470 instructions, 2% of a puzzle of Serg's benchmark.
    pub fn keep_first(self) -> Self {
        Solver { keep: 1, ..self }
    }

    /// Leaves [`Stats::elapsed`] at zero instead of reading the clock before and after the search:
    /// for a caller that times its puzzles itself, such as `sudoku solve -j 1`, which reads the
    /// clock once per puzzle (the end of one is the start of the next) where the search read it
    /// twice. A deadline is still checked against the clock every 64 nodes.
    pub fn untimed(self) -> Self {
        Solver {
            timed: false,
            ..self
        }
    }

    /// Stops the search once `deadline` has passed.
    pub fn deadline(self, deadline: Instant) -> Self {
        Solver {
            interrupt: Interrupt {
                deadline: Some(deadline),
                ..self.interrupt
            },
            ..self
        }
    }

    /// Stops once `interrupt` says so (its deadline passed or its flag raised).
    pub fn interrupt(self, interrupt: Interrupt<'a>) -> Self {
        Solver { interrupt, ..self }
    }

    /// Stops the search once `flag` is set.
    pub fn cancel_flag(self, flag: &'a AtomicBool) -> Self {
        Solver {
            interrupt: Interrupt {
                cancel: Some(flag),
                ..self.interrupt
            },
            ..self
        }
    }

    /// Searches `grid`. Givens that break a rule give `Verdict::None`.
    pub fn solve(&self, grid: &Grid) -> Result<Outcome, Interrupted> {
        let (search, view, stats) = self.search(grid);
        let solutions = search.solutions().map(|g| view.apply(&g)).collect();
        self.finish(search.stopped, search.found, solutions, stats)
    }

    /// [`Solver::solve`] giving only the first solution, with no heap allocation: for callers that
    /// show one solution, such as `sudoku solve` and `POST /solve/batch`. The verdict still counts
    /// to the limit. A `Vec` for each puzzle's solutions, allocated and freed again, was 1.3% of
    /// `sudoku solve -j 1`'s time on Serg's benchmark (mimalloc retired its page at every free).
    pub fn solve_first(&self, grid: &Grid) -> Result<FirstOutcome, Interrupted> {
        let (search, view, stats) = self.search(grid);
        let solution = search.first.map(|g| view.apply(&g));
        if let Some(reason) = search.stopped {
            return Err(Interrupted {
                reason,
                solutions: solution.into_iter().collect(),
                stats,
            });
        }
        Ok(FirstOutcome {
            verdict: self.verdict(search.found),
            solution,
            stats,
        })
    }

    /// Searches a prepared board to the end, in its own orientation.
    pub(crate) fn run(&self, board: Board) -> Result<Outcome, Interrupted> {
        let started = self.timed.then(Instant::now);
        let mut stats = Stats::default();
        let search = self.attempt(board, u64::MAX, &mut stats);
        stats.elapsed = started.map_or(Duration::ZERO, |s| s.elapsed());
        let solutions = search.solutions().collect();
        self.finish(search.stopped, search.found, solutions, stats)
    }

    /// The search of `grid` that finished within its budget, in the orientation it ran in (its
    /// solutions are in that orientation), with the counters of every attempt.
    // Inlined: returned by value, the search (its first solution inside) was copied by `memcpy`,
    // 0.6M of Serg's benchmark's 240M instructions.
    #[inline(always)]
    fn search(&self, grid: &Grid) -> (BandSearch<'_, 'a>, View, Stats) {
        let started = self.timed.then(Instant::now);
        let mut stats = Stats::default();
        let mut budget = FIRST_BUDGET;
        loop {
            for view in View::ALL {
                let board = Board::from_grid(&view.apply(grid));
                let search = self.attempt(board, budget, &mut stats);
                if search.out_of_budget {
                    continue;
                }
                stats.elapsed = started.map_or(Duration::ZERO, |s| s.elapsed());
                return (search, view, stats);
            }
            budget = budget.saturating_mul(4);
        }
    }

    /// One depth-first search of at most `budget` nodes, adding its counters to `stats`.
    fn attempt(&self, board: Board, budget: u64, stats: &mut Stats) -> BandSearch<'_, 'a> {
        let mut search = BandSearch {
            solver: self,
            first: None,
            more: Vec::new(),
            found: 0,
            stats: *stats,
            budget: stats.nodes.saturating_add(budget),
            stopped: None,
            out_of_budget: false,
        };
        search.explore(board, 0);
        *stats = search.stats;
        search
    }

    fn finish(
        &self,
        stopped: Option<StopReason>,
        found: usize,
        solutions: Vec<Grid>,
        stats: Stats,
    ) -> Result<Outcome, Interrupted> {
        if let Some(reason) = stopped {
            return Err(Interrupted {
                reason,
                solutions,
                stats,
            });
        }
        Ok(Outcome {
            verdict: self.verdict(found),
            solutions,
            stats,
        })
    }

    /// What `found` solutions prove, counting up to the limit.
    fn verdict(&self, found: usize) -> Verdict {
        match found {
            0 => Verdict::None,
            1 if self.limit == 1 => Verdict::Solved,
            1 => Verdict::Unique,
            _ => Verdict::Multiple,
        }
    }
}

/// One search in progress.
struct BandSearch<'s, 'a> {
    solver: &'s Solver<'a>,
    /// The first solution kept, apart so that keeping one allocates nothing.
    first: Option<Grid>,
    /// The solutions kept after the first.
    more: Vec<Grid>,
    /// Solutions found, kept or not.
    found: usize,
    stats: Stats,
    /// The node count at which this attempt gives up.
    budget: u64,
    stopped: Option<StopReason>,
    out_of_budget: bool,
}

impl BandSearch<'_, '_> {
    /// The solutions kept, in the order found.
    fn solutions(&self) -> impl Iterator<Item = Grid> + '_ {
        self.first.iter().chain(&self.more).copied()
    }

    /// Keeps `solution`, the first apart from the rest. The caller checks the solver's limit (one
    /// with [`Solver::keep_first`]) first, so that a solution not kept is never written out.
    fn keep(&mut self, solution: Grid) {
        match self.first {
            None => self.first = Some(solution),
            Some(_) => self.more.push(solution),
        }
    }

    /// How many solutions are kept.
    fn kept(&self) -> usize {
        usize::from(self.first.is_some()) + self.more.len()
    }

    /// Whether the search must end now: enough solutions, or interrupted.
    fn done(&self) -> bool {
        self.stopped.is_some() || self.out_of_budget || self.found >= self.solver.limit
    }

    fn explore(&mut self, mut board: Board, depth: u32) {
        self.stats.nodes += 1;
        self.stats.max_depth = self.stats.max_depth.max(depth);
        if self.stats.nodes >= self.budget {
            self.out_of_budget = true;
            return;
        }
        if self.stats.nodes % CHECK_EVERY == 0 {
            self.check_interrupt();
            if self.stopped.is_some() {
                return;
            }
        }
        // Triads are locked only at depth 0: the root and the nodes below it that no open alternative
        // stands above (every other candidate of the squares branched on was refuted), where a
        // contradiction ends the whole search. Measured with callgrind on `sudoku solve -j 1` (whole
        // files, instructions, against no triads at all): at depth 0, forum hardest first 1000 -0.6%,
        // magictour -5.5%, 17-clue first 5000 +1%, serg +4%; deeper they cost more than they prune
        // (forum +5% to depth 1, +13% to 2, +27% to 4, +32% at every node). At depth 0 they prove
        // Norvig's impossible puzzle unsolvable at the root in every orientation, where singles and
        // locked candidates alone needed 50,000 to 4.6 million nodes.
        let pairs = match board.propagate(depth == 0) {
            Propagation::Contradiction => return,
            Propagation::Solved => {
                self.found += 1;
                if self.kept() < self.solver.keep {
                    self.keep(board.to_grid());
                }
                return;
            }
            Propagation::Stuck(pairs) => pairs,
        };
        let Some((square, mut digits)) = board.branch_square(&pairs) else {
            return;
        };
        self.stats.guesses += 1;
        while digits != 0 {
            let d = digits.trailing_zeros() as usize;
            digits &= digits - 1;
            let mut child = board;
            if digits == 0 {
                // The last candidate: the earlier ones have all been refuted.
                child.place(d, square);
                self.explore(child, depth);
            } else {
                child.place(d, square);
                self.explore(child, depth + 1);
                board.remove(d, square);
            }
            if self.done() {
                return;
            }
        }
    }

    fn check_interrupt(&mut self) {
        if let Some(reason) = self.solver.interrupt.stopped() {
            self.stopped = Some(reason);
        }
    }
}

#[cfg(test)]
mod tests;
