//! Every puzzle of `puzzles/` and thousands from the large tdoku sets, solved and checked by the rules
//! (every unit a permutation of 1-9, every given kept), with the verdict the data set promises.

use sudoku_service::engine::{Solver, Verdict};

use crate::data::{dataset, dataset_sample, puzzle_file, Puzzle};

/// Solves `puzzle` and checks it has exactly one solution, which keeps the givens and fills every unit.
fn assert_unique(puzzle: &Puzzle) {
    let out = Solver::new()
        .solve(&puzzle.grid)
        .unwrap_or_else(|e| panic!("{}: {e}", puzzle.origin));
    assert_eq!(out.verdict, Verdict::Unique, "{}", puzzle.origin);
    assert_eq!(out.solutions.len(), 1, "{}", puzzle.origin);
    assert!(
        out.solutions[0].solves(&puzzle.grid),
        "{}: {} breaks the rules",
        puzzle.origin,
        out.solutions[0]
    );
}

/// Solves `puzzle` and checks it has two distinct solutions, each valid by the rules.
fn assert_multiple(puzzle: &Puzzle) {
    let out = Solver::new()
        .solve(&puzzle.grid)
        .unwrap_or_else(|e| panic!("{}: {e}", puzzle.origin));
    assert_eq!(out.verdict, Verdict::Multiple, "{}", puzzle.origin);
    let [a, b] = out.solutions[..] else {
        panic!(
            "{}: {} solutions, not 2",
            puzzle.origin,
            out.solutions.len()
        );
    };
    assert_ne!(
        a, b,
        "{}: the proof of a second solution repeats the first",
        puzzle.origin
    );
    assert!(
        a.solves(&puzzle.grid),
        "{}: {a} breaks the rules",
        puzzle.origin
    );
    assert!(
        b.solves(&puzzle.grid),
        "{}: {b} breaks the rules",
        puzzle.origin
    );
}

fn check_file(name: &str, expected: usize) {
    let puzzles = puzzle_file(name);
    assert_eq!(puzzles.len(), expected, "{name}");
    puzzles.iter().for_each(assert_unique);
}

#[test]
fn easy50_puzzles_each_have_one_solution_by_the_rules() {
    check_file("easy50.txt", 50);
}

#[test]
fn top95_puzzles_each_have_one_solution_by_the_rules() {
    check_file("top95.txt", 95);
}

#[test]
fn hardest_puzzles_each_have_one_solution_by_the_rules() {
    check_file("hardest.txt", 11);
}

#[test]
fn the_notebooks_five_named_puzzles_each_have_one_solution_by_the_rules() {
    check_file("notebook.txt", 5);
}

/// Every `step`th puzzle of a set whose puzzles are all unique; skipped when the datasets are absent.
fn check_unique_sample(name: &str, step: usize, at_least: usize) {
    let Some(puzzles) = dataset_sample(name, step) else {
        return;
    };
    assert!(
        puzzles.len() >= at_least,
        "{name}: {} puzzles",
        puzzles.len()
    );
    puzzles.iter().for_each(assert_unique);
}

#[test]
fn a_sample_of_17_clue_puzzles_each_have_one_solution_by_the_rules() {
    check_unique_sample("puzzles2_17_clue", 20, 2000);
}

#[test]
fn a_sample_of_the_forums_hardest_each_have_one_solution_by_the_rules() {
    check_unique_sample("puzzles5_forum_hardest_1905_11+", 40, 1000);
}

#[test]
fn the_older_forum_hardest_list_each_have_one_solution_by_the_rules() {
    check_unique_sample("puzzles6_forum_hardest_1106", 1, 375);
}

#[test]
fn a_sample_of_sergs_benchmark_each_have_two_valid_solutions() {
    let Some(puzzles) = dataset_sample("puzzles7_serg_benchmark", 10) else {
        return;
    };
    assert!(puzzles.len() >= 1000);
    puzzles.iter().for_each(assert_multiple);
}

/// The whole of every large set: `cargo test --release --test engine -- --ignored`.
#[test]
#[ignore = "minutes in a debug build; run with --release -- --ignored"]
fn every_puzzle_of_the_large_sets_has_the_promised_verdict() {
    for name in [
        "puzzles2_17_clue",
        "puzzles3_magictour_top1465",
        "puzzles5_forum_hardest_1905_11+",
        "puzzles6_forum_hardest_1106",
    ] {
        if let Some(puzzles) = dataset(name) {
            puzzles.iter().for_each(assert_unique);
        }
    }
    if let Some(puzzles) = dataset("puzzles7_serg_benchmark") {
        puzzles.iter().for_each(assert_multiple);
    }
}
