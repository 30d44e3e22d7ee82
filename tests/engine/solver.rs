//! The solver's contract beyond single puzzles: deadlines and cancellation stop any search promptly
//! with the statistics so far, solution limits are honoured, and the counters are plausible.

use std::collections::HashSet;
use std::sync::atomic::{AtomicBool, Ordering};
use std::thread;
use std::time::{Duration, Instant};

use sudoku_service::engine::{
    Grid, Interrupted, Outcome, Solver, Square, Stats, StopReason, Verdict,
};

use crate::data::{grid, puzzle_file, GRID2, HARD1, IMPOSSIBLE};

/// Checks that `solutions` are distinct and each a solution of `puzzle` by the rules.
fn assert_distinct_solutions(puzzle: &Grid, solutions: &[Grid]) {
    let distinct: HashSet<&Grid> = solutions.iter().collect();
    assert_eq!(distinct.len(), solutions.len(), "a solution was repeated");
    for s in solutions {
        assert!(s.solves(puzzle), "{s} breaks the rules");
    }
}

fn assert_plausible(stats: &Stats) {
    assert!(stats.nodes >= 1, "{stats:?}");
    assert!(stats.guesses <= stats.nodes, "{stats:?}");
    assert!(u64::from(stats.max_depth) <= stats.guesses, "{stats:?}");
}

/// Counts every solution of the empty grid: a search that only an interruption ends.
fn endless<'a>(solver: Solver<'a>) -> Result<Outcome, Interrupted> {
    solver.limit(usize::MAX).solve(&Grid::EMPTY)
}

// How promptly a search stops is counted in nodes, not measured in time (a loaded machine makes
// any wall-clock bound flaky): the engine looks at its deadline and flag every 64 nodes, so one
// already passed or raised stops it within the first 64 (the `..._at_the_first_check` tests).

#[test]
fn a_deadline_stops_an_endless_search_with_what_it_found_so_far() {
    let deadline = Instant::now() + Duration::from_millis(40);
    let err = endless(Solver::new().deadline(deadline)).unwrap_err();
    assert_eq!(err.reason, StopReason::Deadline);
    // Never before the deadline.
    assert!(
        err.stats.elapsed >= Duration::from_millis(39),
        "{:?}",
        err.stats
    );
    assert_plausible(&err.stats);
    assert!(
        !err.solutions.is_empty(),
        "40 ms of search finds solutions of the empty grid"
    );
    assert_distinct_solutions(&Grid::EMPTY, &err.solutions);
}

#[test]
fn a_flag_raised_from_another_thread_cancels_the_search() {
    let flag = AtomicBool::new(false);
    let result = thread::scope(|scope| {
        scope.spawn(|| {
            thread::sleep(Duration::from_millis(30));
            flag.store(true, Ordering::Relaxed);
        });
        endless(Solver::new().cancel_flag(&flag))
    });
    let err = result.unwrap_err();
    assert_eq!(err.reason, StopReason::Cancelled);
    assert_plausible(&err.stats);
    assert!(err.stats.nodes > 64, "{:?}", err.stats);
}

#[test]
fn a_flag_raised_before_the_search_stops_it_at_the_first_check() {
    let flag = AtomicBool::new(true);
    let err = endless(Solver::new().cancel_flag(&flag)).unwrap_err();
    assert_eq!(err.reason, StopReason::Cancelled);
    assert!(err.stats.nodes <= 64, "{:?}", err.stats);
}

#[test]
fn a_deadline_already_past_stops_the_search_at_the_first_check() {
    let err = endless(Solver::new().deadline(Instant::now())).unwrap_err();
    assert_eq!(err.reason, StopReason::Deadline);
    assert!(err.stats.nodes <= 64, "{:?}", err.stats);
}

#[test]
fn a_generous_deadline_does_not_change_the_answer() {
    let deadline = Instant::now() + Duration::from_secs(60);
    let flag = AtomicBool::new(false);
    for p in puzzle_file("hardest.txt") {
        let plain = Solver::new().solve(&p.grid).expect("no deadline");
        let bounded = Solver::new()
            .deadline(deadline)
            .cancel_flag(&flag)
            .solve(&p.grid);
        let bounded = bounded.unwrap_or_else(|e| panic!("{}: {e}", p.origin));
        assert_eq!(bounded.verdict, plain.verdict, "{}", p.origin);
        assert_eq!(bounded.solutions, plain.solutions, "{}", p.origin);
    }
}

#[test]
fn norvigs_impossible_puzzle_is_proved_to_have_no_solution_at_the_root() {
    let out = Solver::new()
        .solve(&grid(IMPOSSIBLE))
        .expect("no deadline was set");
    assert_eq!(out.verdict, Verdict::None);
    assert!(out.solutions.is_empty());
    assert_plausible(&out.stats);
    // Norvig's program took 1439 s. Locked triads see the contradiction before any guess; singles and
    // locked candidates alone needed 51,893 nodes (with restarts in other orientations).
    assert_eq!(
        (out.stats.nodes, out.stats.guesses),
        (1, 0),
        "Norvig's 1439 s puzzle took {:?}",
        out.stats
    );
}

#[test]
fn hard1_has_two_distinct_valid_solutions() {
    let puzzle = grid(HARD1);
    let out = Solver::new().solve(&puzzle).expect("no deadline was set");
    assert_eq!(out.verdict, Verdict::Multiple);
    assert_eq!(out.solutions.len(), 2);
    assert_distinct_solutions(&puzzle, &out.solutions);
    assert_plausible(&out.stats);
}

/// grid2 without its first two givens: thousands of solutions, found quickly.
fn loose_puzzle() -> Grid {
    let mut puzzle = grid(GRID2);
    let givens: Vec<Square> = Square::all().filter(|&s| puzzle.get(s).is_some()).collect();
    for &s in &givens[..2] {
        puzzle.set(s, None);
    }
    puzzle
}

#[test]
fn a_limit_of_n_returns_n_distinct_solutions() {
    for puzzle in [loose_puzzle(), Grid::EMPTY] {
        for n in [2, 3, 10, 100] {
            let out = Solver::new().limit(n).solve(&puzzle).expect("no deadline");
            assert_eq!(out.verdict, Verdict::Multiple, "{puzzle}, limit {n}");
            assert_eq!(out.solutions.len(), n, "{puzzle}, limit {n}");
            assert_distinct_solutions(&puzzle, &out.solutions);
        }
    }
}

#[test]
fn a_limit_of_one_stops_at_the_first_solution_without_judging_uniqueness() {
    for puzzle in [loose_puzzle(), grid(GRID2)] {
        for limit in [0, 1] {
            let out = Solver::new()
                .limit(limit)
                .solve(&puzzle)
                .expect("no deadline");
            assert_eq!(out.verdict, Verdict::Solved, "{puzzle}, limit {limit}");
            assert_eq!(out.solutions.len(), 1);
            assert_distinct_solutions(&puzzle, &out.solutions);
        }
    }
}

#[test]
fn a_unique_puzzle_stays_unique_under_any_limit_above_one() {
    let puzzle = &puzzle_file("top95.txt")[0].grid;
    for limit in [2, 5, usize::MAX] {
        let out = Solver::new()
            .limit(limit)
            .solve(puzzle)
            .expect("no deadline");
        assert_eq!(out.verdict, Verdict::Unique, "limit {limit}");
        assert_eq!(out.solutions.len(), 1);
    }
}

#[test]
fn a_puzzle_solved_by_propagation_needs_one_node_and_no_guess() {
    let easy = &puzzle_file("easy50.txt")[0].grid;
    let stats = Solver::new().solve(easy).expect("no deadline").stats;
    assert_eq!(
        (stats.nodes, stats.guesses, stats.max_depth),
        (1, 0, 0),
        "{stats:?}"
    );
}

#[test]
fn statistics_are_plausible_on_every_hard_puzzle() {
    let mut guessed = 0;
    for p in puzzle_file("top95.txt")
        .iter()
        .chain(&puzzle_file("hardest.txt"))
    {
        let stats = Solver::new().solve(&p.grid).expect("no deadline").stats;
        assert_plausible(&stats);
        guessed += usize::from(stats.guesses > 0);
    }
    assert!(
        guessed >= 50,
        "only {guessed} of the hard puzzles needed a guess"
    );
}

#[test]
fn one_solver_serves_many_threads_with_the_same_answers() {
    let puzzles = puzzle_file("top95.txt");
    let solver = Solver::new();
    let alone: Vec<Vec<Grid>> = puzzles
        .iter()
        .map(|p| solver.solve(&p.grid).expect("no deadline").solutions)
        .collect();
    thread::scope(|scope| {
        let workers: Vec<_> = (0..4)
            .map(|_| {
                scope.spawn(|| {
                    puzzles
                        .iter()
                        .map(|p| solver.solve(&p.grid).expect("no deadline").solutions)
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        for w in workers {
            assert_eq!(w.join().expect("a worker does not panic"), alone);
        }
    });
}
