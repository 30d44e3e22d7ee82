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

/// A 9x9 board with `rules` where `value` keeps only `places` in the unit of `unit_cells`,
/// settled.
fn with_places(rules: &str, value: u32, unit_cells: &[usize], places: &[usize]) -> Vec<u32> {
    let rules: Rules = serde_json::from_str(rules).unwrap();
    let shape = Shape::new(&rules).unwrap();
    let tables = Tables::new(&shape);
    let mut board = initial(&shape, &[0; 81]);
    let mut propagator = Propagator::new(&tables, true);
    propagator.start(&board);
    for &cell in unit_cells.iter().filter(|c| !places.contains(c)) {
        board[cell] &= !(1 << (value - 1));
        propagator.touch(&board, cell);
    }
    assert_eq!(propagator.settle(&shape, &mut board), Settled::Open);
    board
}

#[test]
fn a_cell_next_to_every_place_of_a_value_keeps_what_they_allow() {
    // Non-consecutive: 5 in box 1 is in A2 or B1, both orthogonal neighbours of A1, so A1 is
    // neither 4 nor 6; A3 (beside A2 only) keeps both.
    let box1 = [0, 1, 2, 9, 10, 11, 18, 19, 20];
    let board = with_places(r#"{"variants": ["non_consecutive"]}"#, 5, &box1, &[1, 9]);
    assert_eq!(board[0] & 0b10_1000, 0, "A1 keeps 4 or 6: {:b}", board[0]);
    assert_eq!(board[2] & 0b10_1000, 0b10_1000);
    // Without the rule there is nothing to read: the places alone remove nothing from A1.
    let plain = with_places("{}", 5, &box1, &[1, 9]);
    assert_eq!(plain[0] & 0b10_1000, 0b10_1000);
}

#[test]
fn a_cell_that_sees_every_place_of_a_value_by_its_units_or_a_knights_move_loses_it() {
    // Anti-knight: 3 in row A is in A2 or A4; C3 shares box 1 with A2 and is a knight's move
    // from A4, so C3 is not 3. C4 sees A4 (column 4) but not A2, so it keeps 3.
    let row_a: Vec<usize> = (0..9).collect();
    let board = with_places(r#"{"variants": ["anti_knight"]}"#, 3, &row_a, &[1, 3]);
    assert_eq!(board[20] & 0b100, 0, "C3 keeps 3");
    assert_eq!(board[21] & 0b100, 0b100, "C4 lost 3");
}
