//! The search's verdicts, counters, orientations, limits and interruptions.

use super::*;

fn grid(s: &str) -> Grid {
    s.parse().unwrap()
}

#[test]
fn norvigs_impossible_puzzle_has_no_solution() {
    let g =
        grid(".....5.8....6.1.43..........1.5........1.6...3.......553.....61........4.........");
    let out = Solver::new().solve(&g).unwrap();
    assert_eq!(out.verdict, Verdict::None);
    assert!(out.solutions.is_empty());
    // Node counts are deterministic, unlike time: locked triads refute it at the root, where
    // singles and locked candidates alone needed 4.6 million nodes as given.
    assert_eq!(
        (out.stats.nodes, out.stats.guesses),
        (1, 0),
        "{:?}",
        out.stats
    );
}

#[test]
fn hard1_has_many_solutions_and_two_are_returned() {
    let g =
        grid(".....6....59.....82....8....45........3........6..3.54...325..6..................");
    let out = Solver::new().solve(&g).unwrap();
    assert_eq!(out.verdict, Verdict::Multiple);
    assert_eq!(out.solutions.len(), 2);
    assert_ne!(out.solutions[0], out.solutions[1]);
    assert!(out.solutions.iter().all(|s| s.solves(&g)));
    let five = Solver::new().limit(5).solve(&g).unwrap();
    assert_eq!(five.solutions.len(), 5);
}

#[test]
fn keeping_the_first_solution_counts_as_far_and_keeps_the_same_first() {
    let many =
        grid(".....6....59.....82....8....45........3........6..3.54...325..6..................");
    let unique =
        grid("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......");
    for g in [many, unique] {
        let all = Solver::new().solve(&g).unwrap();
        let first = Solver::new().keep_first().solve(&g).unwrap();
        assert_eq!(first.verdict, all.verdict);
        assert_eq!(first.solutions, all.solutions[..1]);
        assert_eq!(first.stats.nodes, all.stats.nodes);
    }
}

#[test]
fn an_untimed_search_is_the_same_search_with_no_time() {
    let many =
        grid(".....6....59.....82....8....45........3........6..3.54...325..6..................");
    let impossible =
        grid(".....5.8....6.1.43..........1.5........1.6...3.......553.....61........4.........");
    for g in [many, impossible] {
        let timed = Solver::new().keep_first().solve(&g).unwrap();
        let untimed = Solver::new().keep_first().untimed().solve(&g).unwrap();
        assert_eq!(untimed.stats.elapsed, Duration::ZERO);
        let without_time = |s: Stats| Stats {
            elapsed: Duration::ZERO,
            ..s
        };
        assert_eq!(
            (untimed.verdict, &untimed.solutions, untimed.stats),
            (timed.verdict, &timed.solutions, without_time(timed.stats))
        );
    }
    // A deadline still stops it.
    let err = Solver::new()
        .untimed()
        .limit(usize::MAX)
        .deadline(Instant::now())
        .solve(&Grid::EMPTY)
        .unwrap_err();
    assert_eq!(err.reason, StopReason::Deadline);
}

#[test]
fn orientations_are_their_own_inverse() {
    let g =
        grid("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......");
    for view in View::ALL {
        assert_eq!(view.apply(&view.apply(&g)), g, "{view:?}");
    }
    assert_eq!(
        View::Transposed.apply(&g).get(Square::at(0, 1).unwrap()),
        g.get(Square::at(1, 0).unwrap())
    );
}

#[test]
fn a_search_that_outgrows_its_budget_restarts_and_still_counts_right() {
    // hard1 needs far more than the first budget in its given orientation.
    let g =
        grid(".....6....59.....82....8....45........3........6..3.54...325..6..................");
    let out = Solver::new().limit(3).solve(&g).unwrap();
    assert_eq!(out.verdict, Verdict::Multiple);
    assert_eq!(out.solutions.len(), 3);
    assert!(out.solutions.iter().all(|s| s.solves(&g)));
    assert!(out.stats.nodes > FIRST_BUDGET);
}

#[test]
fn limit_one_stops_at_the_first_solution() {
    let out = Solver::new().limit(1).solve(&Grid::EMPTY).unwrap();
    assert_eq!(out.verdict, Verdict::Solved);
    assert!(out.solutions[0].solves(&Grid::EMPTY));
}

#[test]
fn a_raised_cancel_flag_stops_the_search_with_stats() {
    let flag = AtomicBool::new(true);
    let err = Solver::new()
        .limit(usize::MAX)
        .cancel_flag(&flag)
        .solve(&Grid::EMPTY)
        .unwrap_err();
    assert_eq!(err.reason, StopReason::Cancelled);
    assert!(err.stats.nodes >= CHECK_EVERY);
}

#[test]
fn a_past_deadline_stops_the_search() {
    let err = Solver::new()
        .limit(usize::MAX)
        .deadline(Instant::now())
        .solve(&Grid::EMPTY)
        .unwrap_err();
    assert_eq!(err.reason, StopReason::Deadline);
}

#[test]
fn solve_first_answers_as_solve_does_with_its_first_solution() {
    let many =
        grid(".....6....59.....82....8....45........3........6..3.54...325..6..................");
    let unique =
        grid("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......");
    let impossible =
        grid(".....5.8....6.1.43..........1.5........1.6...3.......553.....61........4.........");
    // With a limit of 3, hard1 outgrows the first budget and ends in another orientation, so its
    // first solution is mapped back.
    let cases = [
        (Solver::new(), many),
        (Solver::new().limit(3), many),
        (Solver::new().keep_first(), many),
        (Solver::new(), unique),
        (Solver::new(), impossible),
        (Solver::new().limit(1), Grid::EMPTY),
    ];
    for (solver, g) in cases {
        let all = solver.untimed().solve(&g).unwrap();
        let first = solver.untimed().solve_first(&g).unwrap();
        assert_eq!(first.verdict, all.verdict, "{g}");
        assert_eq!(first.solution, all.solutions.first().copied(), "{g}");
        assert_eq!(first.stats, all.stats, "{g}");
        assert!(first.solution.is_none_or(|s| s.solves(&g)));
    }
    let restarted = Solver::new().limit(3).solve_first(&many).unwrap();
    assert!(restarted.stats.nodes > FIRST_BUDGET);
}

#[test]
fn an_interrupted_solve_first_says_why_and_keeps_what_it_found() {
    let flag = AtomicBool::new(true);
    let err = Solver::new()
        .limit(usize::MAX)
        .cancel_flag(&flag)
        .solve_first(&Grid::EMPTY)
        .unwrap_err();
    assert_eq!(err.reason, StopReason::Cancelled);
    // The empty grid's first solution comes within the first 64 nodes, before the flag is read.
    assert_eq!(err.solutions.len(), 1);
    assert!(err.solutions[0].solves(&Grid::EMPTY));
}
