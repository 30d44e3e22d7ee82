//! The propagator's own cases: cells changed behind its back.

use super::*;
use crate::shape::Rules;

fn four_by_four() -> (Shape, Tables) {
    let rules = Rules {
        size: Some(4),
        ..Rules::default()
    };
    let shape = Shape::new(&rules).unwrap();
    let tables = Tables::new(&shape);
    (shape, tables)
}

#[test]
fn a_cell_emptied_behind_the_propagators_back_is_a_contradiction_naming_it() {
    let (shape, tables) = four_by_four();
    let mut board = initial(&shape, &[0; 16]);
    let mut propagator = Propagator::new(&tables, true);
    propagator.start(&board);
    assert_eq!(propagator.settle(&shape, &mut board), Settled::Open);
    // D4 loses every value outside the propagator, as a refuted trial leaves it.
    board[15] = 0;
    propagator.touch(&board, 15);
    assert_eq!(
        propagator.settle(&shape, &mut board),
        Settled::Contradiction
    );
    assert_eq!(propagator.conflict(), ConflictSite::Cell(15));
    // The next board starts clean.
    let mut board = initial(&shape, &[0; 16]);
    propagator.start(&board);
    assert_eq!(propagator.settle(&shape, &mut board), Settled::Open);
}

#[test]
fn a_cell_touched_down_to_one_value_takes_it_from_its_peers() {
    let (shape, tables) = four_by_four();
    let mut board = initial(&shape, &[0; 16]);
    let mut propagator = Propagator::new(&tables, true);
    propagator.start(&board);
    board[0] = 0b0001;
    propagator.touch(&board, 0);
    assert_eq!(propagator.settle(&shape, &mut board), Settled::Open);
    for &p in shape.peers(0) {
        assert_eq!(board[usize::from(p)] & 1, 0, "peer {p} keeps the 1");
    }
}

#[test]
fn with_constraints_a_naked_pair_leaves_the_rest_of_its_units() {
    let odd_corner: Rules =
        serde_json::from_str(r#"{"constraints": [{"type": "odd", "cells": ["I9"]}]}"#).unwrap();
    let settled = |rules: &Rules| {
        let shape = Shape::new(rules).unwrap();
        let tables = Tables::new(&shape);
        let mut board = initial(&shape, &[0; 81]);
        let mut propagator = Propagator::new(&tables, true);
        propagator.start(&board);
        // A1 and A2 keep 1 and 2 alone.
        for cell in [0, 1] {
            board[cell] = 0b11;
            propagator.touch(&board, cell);
        }
        assert_eq!(propagator.settle(&shape, &mut board), Settled::Open);
        board
    };
    let board = settled(&odd_corner);
    // Row A and box 1 lose 1 and 2 beyond the pair; column 1 keeps them.
    assert!([2, 8, 9, 20].iter().all(|&c| board[c] & 0b11 == 0));
    assert_eq!(board[27] & 0b11, 0b11);
    // Norvig's rules alone (no constraints) leave the pair's values where they were.
    assert_eq!(settled(&Rules::default())[2] & 0b11, 0b11);
}
