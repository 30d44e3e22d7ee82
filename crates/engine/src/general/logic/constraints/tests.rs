//! Each constraint technique on a small position, its sentence checked word for word.

use super::super::geometry::Geometry;
use super::super::position::ShapePosition;
use super::super::step::{Mark, ShapeStep};
use super::*;
use crate::shape::{Cells, Rules, Shape};

/// The shape of `rules` (JSON) and the position of `givens` (`(cell name, value)`) on it.
fn setup(rules: &str, givens: &[(&str, u8)]) -> (Shape, ShapePosition) {
    let rules: Rules = serde_json::from_str(rules).unwrap();
    let shape = Shape::new(&rules).unwrap();
    let mut values = vec![0u8; shape.cell_count()];
    for &(name, v) in givens {
        let cell = (0..shape.cell_count())
            .find(|&c| shape.cell_name(c) == name)
            .unwrap();
        values[cell] = v;
    }
    let position = ShapePosition::new(&shape, &Cells::from_values(values));
    (shape, position)
}

type Find = fn(&Geometry, &ShapePosition, &Cells) -> Option<ShapeStep>;

/// The step `find` takes on `rules` with `givens`.
fn step(find: Find, rules: &str, givens: &[(&str, u8)]) -> (Shape, ShapeStep) {
    let (shape, position) = setup(rules, givens);
    let geo = Geometry::new(&shape);
    let step = find(&geo, &position, &Cells::empty(shape.cell_count())).expect("a step");
    for m in &step.eliminations {
        assert!(position.has(m.cell, m.value), "{}", step.explanation);
    }
    (shape, step)
}

fn removed(shape: &Shape, step: &ShapeStep, cell: &str) -> Vec<u8> {
    step.eliminations
        .iter()
        .filter(|m| shape.cell_name(m.cell) == cell)
        .map(|m: &Mark| m.value)
        .collect()
}

#[test]
fn a_thermometer_counts_the_digits_each_cell_needs_before_and_after_it() {
    let rules = r#"{"constraints": [{"type": "thermo", "cells": ["D1", "D2", "D3", "D4"]}]}"#;
    let (shape, step) = step(thermometer, rules, &[]);
    assert_eq!(step.technique, crate::technique::Technique::Thermometer);
    assert_eq!(removed(&shape, &step, "D4"), [1, 2, 3]);
    assert_eq!(removed(&shape, &step, "D1"), [7, 8, 9]);
    assert_eq!(
        step.explanation,
        "Digits rise along thermometer 1 (D1-D2-D3-D4) from its bulb D1: D1 cannot be 7, 8 or 9, \
         since it needs three greater digits after it; D2 cannot be 1, since it needs one smaller \
         digit before it; D2 cannot be 8 or 9, since it needs two greater digits after it; D3 \
         cannot be 1 or 2, since it needs two smaller digits before it; D3 cannot be 9, since it \
         needs one greater digit after it; D4 cannot be 1, 2 or 3, since it needs three smaller \
         digits before it."
    );
}

#[test]
fn a_thermometer_counts_from_a_placed_digit() {
    let rules = r#"{"constraints": [{"type": "thermo", "cells": ["D1", "D2", "D3"]}]}"#;
    let (shape, step) = step(thermometer, rules, &[("D1", 4), ("E3", 9)]);
    // E3's 9 leaves D3 at most 8 (D2 sees E3 in box 4 too).
    assert_eq!(removed(&shape, &step, "D2"), [1, 2, 3, 8]);
    assert_eq!(removed(&shape, &step, "D3"), [1, 2, 3, 5]);
    assert_eq!(
        step.explanation,
        "Digits rise along thermometer 1 (D1-D2-D3) from its bulb D1: D2 cannot be 1, 2 or 3, \
         since it comes one cell after D1, which holds 4; D2 cannot be 8, since it comes one cell \
         before D3, which is at most 8; D3 cannot be 1, 2, 3 or 5, since it comes two cells after \
         D1, which holds 4."
    );
}

#[test]
fn a_black_dot_keeps_the_pairs_of_a_digit_and_its_double() {
    let rules = r#"{"constraints": [{"type": "kropki", "color": "black", "cells": ["E5", "E6"]}]}"#;
    let (shape, step) = step(dot_pair, rules, &[]);
    assert_eq!(step.technique, crate::technique::Technique::DotPair);
    assert_eq!(removed(&shape, &step, "E5"), [5, 7, 9]);
    assert_eq!(
        step.explanation,
        "The black dot between E5 and E6 needs one digit twice the other: with their candidates \
         that is {1,2}, {2,4}, {3,6} or {4,8}, so these can be removed: 5, 7 and 9 from E5 and \
         E6."
    );
}

#[test]
fn neighbours_under_the_non_consecutive_rule_lose_a_placed_digits_neighbours() {
    let rules = r#"{"variants": ["non_consecutive"]}"#;
    let (shape, step) = step(dot_pair, rules, &[("A1", 5)]);
    assert_eq!(removed(&shape, &step, "A2"), [4, 6]);
    assert_eq!(
        step.explanation,
        "The non-consecutive rule needs neighbours A1 and A2 not consecutive: with their \
         candidates that is {1,5}, {2,5}, {3,5}, {5,7}, {5,8} or {5,9}, so these can be removed: \
         4 and 6 from A2."
    );
}

#[test]
fn a_whisper_with_many_pairs_names_the_digit_left_without_a_partner() {
    let rules = r#"{"constraints": [{"type": "whisper", "cells": ["A1", "A2"]}]}"#;
    let (shape, step) = step(dot_pair, rules, &[]);
    assert_eq!(removed(&shape, &step, "A1"), [5]);
    assert_eq!(
        step.explanation,
        "Whisper 1 (A1-A2) needs neighbours A1 and A2 at least 5 apart: no digit of A2 (1, 2, 3, 4, 5, 6, 7, \
         8 or 9) fits 5 in A1, and no digit of A1 (1, 2, 3, 4, 5, 6, 7, 8 or 9) fits 5 in A2, so \
         these can be removed: 5 from A1 and A2."
    );
}

#[test]
fn a_palindrome_s_mirrored_cells_share_their_digits() {
    let rules = r#"{"constraints": [{"type": "palindrome", "cells": ["A1", "B2", "C3", "D3"]}]}"#;
    let (shape, step) = step(dot_pair, rules, &[("A5", 7), ("E3", 2)]);
    assert_eq!(removed(&shape, &step, "A1"), [2]);
    assert_eq!(removed(&shape, &step, "D3"), [7]);
    assert_eq!(
        step.explanation,
        "Palindrome 1 (A1-B2-C3-D3) mirrors A1 and D3, so they hold the same digit, which can only \
         be 1, 3, 4, 5, 6, 8 or 9; these can be removed: 2 from A1; 7 from D3."
    );
}

#[test]
fn an_arrow_s_circle_is_at_least_its_line_s_least_total() {
    let rules =
        r#"{"constraints": [{"type": "arrow", "circle": ["A1"], "cells": ["B2", "C3", "D4"]}]}"#;
    let (shape, step) = step(line_sum, rules, &[]);
    assert_eq!(step.technique, crate::technique::Technique::LineSum);
    // B2 and C3 share box 1, so the arrow totals at least 1 + 2 + 1.
    assert_eq!(removed(&shape, &step, "A1"), [1, 2, 3]);
    assert_eq!(removed(&shape, &step, "D4"), [7, 8, 9]);
    assert_eq!(
        step.explanation,
        "The digits of arrow 1 (circle A1, arrow B2-C3-D4) add up to its circle A1, repeating \
         only where no unit forbids it: no filling of its cells' candidates that makes the total \
         holds these, so they can be removed: 1, 2 and 3 from A1; 8 and 9 from B2 and C3; 7, 8 \
         and 9 from D4."
    );
}

#[test]
fn a_little_killer_s_cells_stay_under_its_sum() {
    let rules =
        r#"{"constraints": [{"type": "little_killer", "cells": ["A1", "B2", "C3"], "sum": 6}]}"#;
    let (shape, step) = step(line_sum, rules, &[]);
    // The diagonal runs inside box 1: 1 + 2 + 3 is the only way.
    assert_eq!(removed(&shape, &step, "B2"), [4, 5, 6, 7, 8, 9]);
    assert!(step
        .explanation
        .starts_with("The digits of little killer 1 (A1-B2-C3, sum 6) add up to 6,"));
}

#[test]
fn a_renban_keeps_the_runs_that_fit_a_placed_digit() {
    let rules = r#"{"constraints": [{"type": "renban", "cells": ["A1", "A2", "A3", "A4"]}]}"#;
    let (shape, step) = step(renban, rules, &[("A1", 9)]);
    assert_eq!(step.technique, crate::technique::Technique::Renban);
    assert_eq!(removed(&shape, &step, "A2"), [1, 2, 3, 4, 5]);
    assert_eq!(
        step.explanation,
        "Renban 1 (A1-A2-A3-A4) holds four consecutive digits in some order, none repeated (A1 \
         holds 9): with its cells' candidates only the run 6-9 fits, one digit to a cell, so these \
         can be removed: 1, 2, 3, 4 and 5 from A2, A3 and A4."
    );
}

#[test]
fn a_sandwich_of_35_puts_the_crusts_at_the_ends() {
    let rules = r#"{"constraints": [{"type": "sandwich", "row": "C", "sum": 35}]}"#;
    let (shape, step) = step(sandwich, rules, &[]);
    assert_eq!(step.technique, crate::technique::Technique::Sandwich);
    assert_eq!(removed(&shape, &step, "C1"), [2, 3, 4, 5, 6, 7, 8]);
    assert_eq!(removed(&shape, &step, "C5"), [1, 9]);
    assert_eq!(
        step.explanation,
        "Sandwich 1 (row C, sum 35): the digits between the 1 and the 9 add up to 35, so those two \
         lie eight cells apart; no way of filling row C from its candidates puts these there, so \
         they can be removed: 2, 3, 4, 5, 6, 7 and 8 from C1 and C9; 1 and 9 from C2, C3, C4, C5, \
         C6, C7 and C8."
    );
}

#[test]
fn odd_cells_lose_their_even_digits() {
    let rules = r#"{"constraints": [{"type": "odd", "cells": ["A1", "B3"]}]}"#;
    let (shape, step) = step(odd_even, rules, &[]);
    assert_eq!(step.technique, crate::technique::Technique::OddEven);
    assert_eq!(removed(&shape, &step, "B3"), [2, 4, 6, 8]);
    assert_eq!(
        step.explanation,
        "A1 and B3 are odd (constraint 1, odd cells), so even digits can be removed: 2, 4, 6 and 8 \
         from A1 and B3."
    );
}

#[test]
fn constraints_are_named_by_their_place_in_the_rules() {
    let rules = r#"{"constraints": [
        {"type": "kropki", "color": "white", "cells": ["A1", "A2"]},
        {"type": "arrow", "circle": ["C1", "C2"], "cells": ["D3"]},
        {"type": "sandwich", "column": 4, "sum": 10}
    ]}"#;
    let (shape, _) = setup(rules, &[]);
    assert_eq!(constraint_name(&shape, 0), "white dot 1 (A1-A2)");
    assert_eq!(constraint_name(&shape, 1), "arrow 2 (pill C1-C2, arrow D3)");
    assert_eq!(constraint_name(&shape, 2), "sandwich 3 (column 4, sum 10)");
}

#[test]
fn an_x_lists_its_few_pairs() {
    let rules = r#"{"constraints": [{"type": "xv", "value": "X", "cells": ["A1", "A2"]}]}"#;
    let (_, step) = step(dot_pair, rules, &[]);
    assert_eq!(
        step.explanation,
        "The X between A1 and A2 needs digits summing to 10: with their candidates that is {1,9}, \
         {2,8}, {3,7} or {4,6}, so these can be removed: 5 from A1 and A2."
    );
}

#[test]
fn a_pill_reads_as_a_two_digit_number() {
    let rules = r#"{"constraints": [{"type": "arrow", "circle": ["A1", "A2"], "cells": ["B1", "B2", "B3"]}]}"#;
    let (shape, step) = step(line_sum, rules, &[]);
    // Three digits of box 1 make at most 9 + 8 + 7 = 24 (the pill's own two digits aside).
    assert_eq!(removed(&shape, &step, "A1"), [3, 4, 5, 6, 7, 8, 9]);
    assert!(
        step.explanation.starts_with(
            "The digits of arrow 1 (pill A1-A2, arrow B1-B2-B3) add up to its pill A1-A2, read as \
             a two-digit number,"
        ),
        "{}",
        step.explanation
    );
}

#[test]
fn a_sandwich_of_0_puts_the_crusts_side_by_side() {
    let rules = r#"{"size": 6, "constraints": [{"type": "sandwich", "column": 2, "sum": 0}]}"#;
    let (shape, step) = step(sandwich, rules, &[("A2", 1)]);
    // The 6 beside the 1: B2, the only neighbour of A2 in the column.
    assert_eq!(removed(&shape, &step, "C2"), [6]);
    assert!(removed(&shape, &step, "B2").iter().all(|&v| v != 6));
    assert!(
        step.explanation.starts_with(
            "Sandwich 1 (column 2, sum 0): the digits between the 1 and the 6 add up to 0, so \
             those two lie side by side;"
        ),
        "{}",
        step.explanation
    );
}

#[test]
fn a_whisper_read_whole_needs_two_distinct_partners_for_its_middle() {
    let rules = r#"{"constraints": [{"type": "whisper", "cells": ["A1", "A2", "A3"]}]}"#;
    // A4's 5 leaves row A no 5, so every pair has partners; but A2's two neighbours share box 1
    // with it: a 4 would need two digits of 9 alone.
    let (shape, step) = step(dot_pair, rules, &[("A4", 5)]);
    assert_eq!(step.technique, crate::technique::Technique::DotPair);
    assert_eq!(removed(&shape, &step, "A2"), [4, 6]);
    assert_eq!(
        step.explanation,
        "Whisper 1 (A1-A2-A3) keeps neighbours at least 5 apart, and cells that see each other \
         cannot repeat a digit: no filling of its cells' candidates that does both holds these, \
         so they can be removed: 4 and 6 from A2."
    );
}
