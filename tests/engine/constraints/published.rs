//! The bundled public variant puzzles (`puzzles/variants/published.jsonl`, sources and licences in
//! `puzzles/variants/README.md`): each one solved by the engine with proof of uniqueness, its
//! solution the one its setter published, and that solution keeping every rule as the independent
//! oracle reads them.
//!
//! The five slowest (0.04 to 1.9 s in a release build, up to minutes in a debug one) are solved by
//! the ignored test: `cargo test --release --test engine -- --ignored published`.

use std::sync::Arc;

use serde::Deserialize;
use sudoku_service::engine::shape::{Cells, Rules, Shape};
use sudoku_service::engine::{Interrupt, Puzzle, Verdict};

use super::oracle::Oracle;

/// Solved only by the ignored test (release build: 0.03 to 0.84 s each; see docs/constraints.md).
const SLOW: [&str; 5] = [
    "Disjoint little killer",
    "Hailstone (little killer)",
    "Hard thermo 1",
    "Hard thermo 2",
    "Hard thermo 3",
];

#[derive(Deserialize)]
struct Published {
    name: String,
    sources: Vec<String>,
    via: String,
    puzzle: String,
    rules: Rules,
    solution: String,
}

fn set() -> Vec<Published> {
    let text = include_str!("../../../puzzles/variants/published.jsonl");
    text.lines()
        .map(|line| serde_json::from_str(line).expect("a line of the set"))
        .collect()
}

fn digits(text: &str) -> Vec<u8> {
    text.bytes()
        .map(|b| if b == b'.' { 0 } else { b - b'0' })
        .collect()
}

fn solves(entry: &Published) {
    let shape = Arc::new(Shape::new(&entry.rules).expect("the set's rules are valid"));
    let cells = Cells::from_values(digits(&entry.puzzle));
    let outcome = Puzzle::on_shape(shape, cells)
        .solve(2, Interrupt::NEVER)
        .expect("no deadline");
    assert_eq!(outcome.verdict, Verdict::Unique, "{}", entry.name);
    let solution = outcome.solutions[0].to_line();
    assert_eq!(solution, entry.solution, "{}", entry.name);
    let oracle = Oracle::new(&entry.rules, (3, 3));
    assert!(oracle.solved(&digits(&solution)), "{}", entry.name);
}

#[test]
fn the_set_names_its_sources_and_needs_its_constraints() {
    let set = set();
    assert!(set.len() >= 20);
    for entry in &set {
        assert!(
            !entry.sources.is_empty() && entry.via.contains("(MIT)"),
            "{}",
            entry.name
        );
        // Every puzzle is a variant: its rules carry more than the classic ones.
        assert_ne!(entry.rules, Rules::classic(), "{}", entry.name);
    }
}

#[test]
fn every_quick_published_puzzle_is_unique_with_the_published_solution() {
    for entry in set().iter().filter(|e| !SLOW.contains(&e.name.as_str())) {
        solves(entry);
    }
}

#[test]
#[ignore = "slow: minutes in a debug build; run with --release -- --ignored"]
fn every_published_puzzle_is_unique_with_the_published_solution() {
    for entry in &set() {
        solves(entry);
    }
}

/// The logic layer on setters' puzzles: every step of each quick puzzle's explanation checked
/// against the published solution (no placement differs from it, no elimination takes its digit),
/// and the path ends there.
#[test]
fn every_step_explaining_a_quick_published_puzzle_is_sound() {
    use sudoku_service::engine::general::logic::{ShapeLogic, ShapePosition};

    let (mut steps, mut guesses) = (0, 0);
    for entry in set().iter().filter(|e| !SLOW.contains(&e.name.as_str())) {
        let shape = Shape::new(&entry.rules).expect("the set's rules are valid");
        let puzzle = Cells::from_values(digits(&entry.puzzle));
        let solution = Cells::from_values(digits(&entry.solution));
        let explained = ShapeLogic::new().explain(&shape, &puzzle).expect("unique");
        assert_eq!(explained.solution, solution, "{}", entry.name);
        let mut position = ShapePosition::new(&shape, &puzzle);
        for step in &explained.steps {
            crate::shape_logic::check_step(&shape, &position, &solution, step);
            position.apply(&shape, step);
            steps += 1;
            guesses +=
                usize::from(step.technique == sudoku_service::engine::logic::Technique::BruteForce);
        }
        assert_eq!(position.cells(), solution, "{}", entry.name);
    }
    eprintln!("published: {steps} steps, {guesses} checked guesses");
    assert!(steps > 500, "only {steps} steps");
}
