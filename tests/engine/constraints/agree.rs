//! Every constraint type against brute force on 4x4 and 6x6: a random solution grid, random
//! constraints it keeps, givens removed while the engine proves the puzzle unique. The independent
//! counter ([`Oracle`]) must agree that it is unique, the engine's solution must keep every rule as
//! the oracle reads it, its candidates must keep the solution's values, and removing one more given
//! must leave both counting the same (to two).

use sudoku_service::engine::general::{self, ShapeSolver};
use sudoku_service::engine::shape::constraints::Negative;
use sudoku_service::engine::shape::{Cells, Rules, Shape, Variant};

use super::make::{self, Rng};
use super::oracle::Oracle;

/// What one case adds to a plain grid.
#[derive(Clone, Copy)]
pub enum Kind {
    Constraint(&'static str),
    Global(Variant),
    Negative(Negative),
}

pub fn box_of(size: usize) -> (usize, usize) {
    match size {
        4 => (2, 2),
        6 => (2, 3),
        _ => (3, 3),
    }
}

pub fn engine_count(shape: &Shape, puzzle: &[u8]) -> (usize, Option<Vec<u8>>) {
    let out = ShapeSolver::new()
        .limit(2)
        .solve(shape, &Cells::from_values(puzzle.to_vec()))
        .expect("no deadline");
    let first = out.solutions.first().map(|s| s.values().to_vec());
    (out.solutions.len(), first)
}

/// A random solution grid of `rules`, or `None` when the rules admit none.
fn random_grid(rules: &Rules, rng: &mut Rng) -> Option<Vec<u8>> {
    let size = rules.size.unwrap();
    let oracle = Oracle::new(rules, box_of(size));
    oracle.fill(&mut |_| {
        let mut values: Vec<u8> = (1..=size as u8).collect();
        rng.shuffle(&mut values);
        values
    })
}

/// A unique puzzle with `kind` on a `size` grid drawn from `seed`: the grid it was dug from, its
/// rules and shape, and the random order its cells were visited in.
pub struct Dug {
    pub rules: Rules,
    pub shape: Shape,
    pub grid: Vec<u8>,
    pub puzzle: Vec<u8>,
    pub order: Vec<usize>,
}

/// Digs a puzzle of `kind` on a `size` grid from `seed`; `None` when the rules admit no grid, which
/// the engine must agree with.
pub fn dug(size: usize, kind: Kind, seed: u64) -> Option<Dug> {
    let mut rng = Rng(seed);
    let (br, bc) = box_of(size);
    let mut rules = Rules {
        size: Some(size),
        box_shape: Some([br, bc]),
        ..Rules::default()
    };
    if let Kind::Global(v) = kind {
        rules.variants.push(v);
    }
    let Some(grid) = random_grid(&rules, &mut rng) else {
        let shape = Shape::new(&rules).unwrap();
        assert_eq!(
            engine_count(&shape, &vec![0; size * size]).0,
            0,
            "{rules:?}"
        );
        return None;
    };
    match kind {
        Kind::Constraint(name) => {
            let count = if name == "extra_region" {
                1
            } else {
                size / 2 + 1
            };
            rules.constraints = make::constraints(name, &grid, &mut rng, count);
            assert!(!rules.constraints.is_empty(), "no {name} made for {grid:?}");
        }
        Kind::Negative(negative) => {
            rules.negative.push(negative);
            rules.constraints = make::all_marks(negative.name(), &grid);
        }
        Kind::Global(_) => {}
    }
    let shape = Shape::new(&rules).unwrap_or_else(|e| panic!("{e}: {rules:?}"));
    let mut puzzle = grid.clone();
    let mut order: Vec<usize> = (0..size * size).collect();
    rng.shuffle(&mut order);
    for &c in &order {
        let given = std::mem::take(&mut puzzle[c]);
        if engine_count(&shape, &puzzle).0 != 1 {
            puzzle[c] = given;
        }
    }
    Some(Dug {
        rules,
        shape,
        grid,
        puzzle,
        order,
    })
}

/// One case: `kind` on a `size` grid drawn from `seed`.
fn case(size: usize, kind: Kind, seed: u64) {
    let Some(Dug {
        rules,
        shape,
        grid,
        puzzle,
        order,
    }) = dug(size, kind, seed)
    else {
        return;
    };
    let oracle = Oracle::new(&rules, box_of(size));
    assert!(oracle.solved(&grid), "the oracle refuses its own grid");
    let context = format!("{rules:?}\npuzzle {puzzle:?}");
    assert_eq!(oracle.count(&puzzle, 2), 1, "{context}");
    let (count, solution) = engine_count(&shape, &puzzle);
    assert_eq!(count, 1, "{context}");
    let solution = solution.unwrap();
    assert_eq!(solution, grid, "{context}");
    assert!(oracle.solved(&solution), "{context}");
    let cells = Cells::from_values(puzzle.clone());
    assert!(Cells::from_values(solution.clone()).solves(&shape, &cells));
    let candidates = general::candidates(&shape, &cells).expect("a solvable puzzle");
    for (c, &v) in grid.iter().enumerate() {
        assert_ne!(
            candidates[c] & 1 << (v - 1),
            0,
            "{context}\ncell {c} lost {v}"
        );
    }
    let givens: Vec<usize> = (0..size * size).filter(|&c| puzzle[c] != 0).collect();
    for &c in givens.iter().take(3) {
        let mut fewer = puzzle.clone();
        fewer[c] = 0;
        assert_eq!(
            engine_count(&shape, &fewer).0,
            oracle.count(&fewer, 2),
            "{context}\nwithout {c}"
        );
    }
    // A grid that breaks a rule is no solution: a given changed to another value.
    let mut wrong = grid.clone();
    wrong[order[0]] = wrong[order[0]] % size as u8 + 1;
    assert_eq!(
        Cells::from_values(wrong.clone()).solves(&shape, &Cells::empty(size * size)),
        oracle.solved(&wrong),
        "{context}"
    );
}

fn cases(kind: Kind) {
    for size in [4, 6] {
        for seed in 1..=4u64 {
            case(size, kind, seed * 7919 + size as u64);
        }
    }
}

macro_rules! agree {
    ($($test:ident: $kind:expr;)*) => {
        $(
            #[test]
            fn $test() {
                cases($kind);
            }
        )*
    };
}

agree! {
    thermos_agree_with_brute_force: Kind::Constraint("thermo");
    arrows_and_pills_agree_with_brute_force: Kind::Constraint("arrow");
    kropki_dots_agree_with_brute_force: Kind::Constraint("kropki");
    xv_letters_agree_with_brute_force: Kind::Constraint("xv");
    little_killers_agree_with_brute_force: Kind::Constraint("little_killer");
    sandwiches_agree_with_brute_force: Kind::Constraint("sandwich");
    renbans_agree_with_brute_force: Kind::Constraint("renban");
    whispers_agree_with_brute_force: Kind::Constraint("whisper");
    palindromes_agree_with_brute_force: Kind::Constraint("palindrome");
    odd_cells_agree_with_brute_force: Kind::Constraint("odd");
    even_cells_agree_with_brute_force: Kind::Constraint("even");
    extra_regions_agree_with_brute_force: Kind::Constraint("extra_region");
    anti_knight_agrees_with_brute_force: Kind::Global(Variant::AntiKnight);
    anti_king_agrees_with_brute_force: Kind::Global(Variant::AntiKing);
    non_consecutive_agrees_with_brute_force: Kind::Global(Variant::NonConsecutive);
    disjoint_groups_agree_with_brute_force: Kind::Global(Variant::DisjointGroups);
    negative_kropki_agrees_with_brute_force: Kind::Negative(Negative::Kropki);
    negative_xv_agrees_with_brute_force: Kind::Negative(Negative::Xv);
}

#[test]
fn constraint_rules_round_trip_through_json() {
    let rules: Rules = serde_json::from_str(
        r#"{"size": 4, "constraints": [{"type": "thermo", "cells": ["A1", "A2"]}], "negative": ["xv"]}"#,
    )
    .unwrap();
    assert!(matches!(
        rules.constraints[0],
        sudoku_service::engine::shape::ConstraintRule::Thermo { .. }
    ));
    let back = serde_json::to_string(&rules).unwrap();
    assert_eq!(
        back,
        r#"{"size":4,"constraints":[{"type":"thermo","cells":["A1","A2"]}],"negative":["xv"]}"#
    );
    let unknown = r#"{"constraints": [{"type": "thermo", "cells": ["A1"], "colour": "red"}]}"#;
    assert!(serde_json::from_str::<Rules>(unknown).is_err());
}

#[test]
fn a_pill_reads_left_to_right_or_top_to_bottom_whatever_order_it_is_listed_in() {
    // 1 2 3 4 / 3 4 1 2 / 2 1 4 3 / 4 3 2 1: the pill A1-B1 reads 13, the arrow A2-B2-C3-C4 sums
    // 2 + 4 + 4 + 3 = 13. Listed bottom first, it still reads 13 (31 is past any arrow of 4 cells).
    let grid: Vec<u8> = "1234341221434321".bytes().map(|b| b - b'0').collect();
    for circle in [r#"["A1", "B1"]"#, r#"["B1", "A1"]"#] {
        let rules: Rules = serde_json::from_str(&format!(
            r#"{{"size": 4, "constraints": [{{"type": "arrow", "circle": {circle}, "cells": ["A2", "B2", "C3", "C4"]}}]}}"#
        ))
        .unwrap();
        let shape = Shape::new(&rules).unwrap();
        assert!(
            Cells::from_values(grid.clone()).solves(&shape, &Cells::empty(16)),
            "{circle}"
        );
        let oracle = Oracle::new(&rules, (2, 2));
        assert!(oracle.solved(&grid), "{circle}");
    }
}
