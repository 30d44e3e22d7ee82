//! 9x9 puzzles that need their constraints: thermometers and kropki dots drawn on a random grid,
//! givens dug while the engine proves the puzzle unique, and the independent counter agreeing.

use sudoku_service::engine::shape::Variant;

use super::agree::{dug, engine_count, Kind};
use super::oracle::Oracle;

fn unique_by_both(kind: Kind, seed: u64) {
    let d = dug(9, kind, seed).expect("9x9 has grids");
    let oracle = Oracle::new(&d.rules, (3, 3));
    let (count, solution) = engine_count(&d.shape, &d.puzzle);
    assert_eq!(count, 1);
    assert_eq!(solution.as_deref(), Some(&d.grid[..]));
    assert_eq!(oracle.count(&d.puzzle, 2), 1, "{:?}", d.rules);
    // The constraints carry the puzzle: without them, the givens leave it open.
    let mut bare = d.rules.clone();
    bare.constraints.clear();
    bare.variants.clear();
    let shape = sudoku_service::engine::shape::Shape::new(&bare).unwrap();
    assert_eq!(engine_count(&shape, &d.puzzle).0, 2, "{:?}", d.rules);
}

#[test]
fn a_9x9_thermo_puzzle_is_unique_by_both_counters() {
    unique_by_both(Kind::Constraint("thermo"), 9001);
}

#[test]
fn a_9x9_kropki_puzzle_is_unique_by_both_counters() {
    unique_by_both(Kind::Constraint("kropki"), 9002);
}

#[test]
fn a_9x9_anti_knight_puzzle_is_unique_by_both_counters() {
    unique_by_both(Kind::Global(Variant::AntiKnight), 9003);
}
