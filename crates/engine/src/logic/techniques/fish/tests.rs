//! Tests of the fish finders.

use super::super::borrowed::borrow;
use super::super::test_support::{d, sq};
use super::super::Context;
use crate::general::logic::{finned_fish, fish};
use crate::logic::position::Position;
use crate::logic::step::Step;
use crate::square::{Square, Unit, ROW_NAMES};
use crate::technique::Technique;

fn x_wing(position: &Position, _: &Context) -> Option<Step> {
    borrow(position, fish::x_wing)
}

fn swordfish(position: &Position, _: &Context) -> Option<Step> {
    borrow(position, fish::swordfish)
}

fn jellyfish(position: &Position, _: &Context) -> Option<Step> {
    borrow(position, fish::jellyfish)
}

fn finned_x_wing(position: &Position, _: &Context) -> Option<Step> {
    borrow(position, finned_fish::finned_x_wing)
}

fn sashimi_x_wing(position: &Position, _: &Context) -> Option<Step> {
    borrow(position, finned_fish::sashimi_x_wing)
}

fn finned_swordfish(position: &Position, _: &Context) -> Option<Step> {
    borrow(position, finned_fish::finned_swordfish)
}

fn sashimi_swordfish(position: &Position, _: &Context) -> Option<Step> {
    borrow(position, finned_fish::sashimi_swordfish)
}

fn squares(names: &[&str]) -> Vec<Square> {
    names.iter().map(|n| sq(n)).collect()
}

/// A blank board where `digit` is left, in the rows `rows` (letters) and the columns `cols`
/// (numbers), only in the squares `keep`; everywhere else it stays a candidate.
fn board(digit: u8, rows: &str, cols: &str, keep: &[&str]) -> Position {
    let mut units: Vec<Unit> = rows
        .bytes()
        .map(|r| Unit::Row(ROW_NAMES.iter().position(|&n| n == r).unwrap() as u8))
        .collect();
    units.extend(cols.bytes().map(|c| Unit::Column(c - b'1')));
    let keep = squares(keep);
    let mut p = Position::blank();
    for unit in units {
        for s in unit.squares() {
            if !keep.contains(&s) {
                p.eliminate(s, d(digit));
            }
        }
    }
    p
}

fn removed(step: &Step) -> Vec<String> {
    step.eliminations
        .iter()
        .map(|c| format!("{}{}", c.square, c.digit))
        .collect()
}

fn context() -> Context {
    Context::unknown()
}

const X_WING_ROWS: &[&str] = &["B3", "B7", "H3", "H7", "E3", "F7"];

#[test]
fn x_wing_in_two_rows_removes_the_digit_from_the_rest_of_both_columns() {
    let p = board(4, "BH", "37", X_WING_ROWS);
    let step = x_wing(&p, &context()).unwrap();
    assert_eq!(step.technique, Technique::XWing);
    assert_eq!(removed(&step), ["E34", "F74"]);
    assert_eq!(step.pattern.squares, squares(&["B3", "B7", "H3", "H7"]));
    assert_eq!(
        step.pattern.units,
        [Unit::Row(1), Unit::Row(7), Unit::Column(2), Unit::Column(6)]
    );
    assert_eq!(step.pattern.digits, [d(4)]);
    assert_eq!(
        step.explanation,
        "In rows B and H, 4 can only go in columns 3 and 7, so 4 can be removed from the rest \
         of columns 3 and 7: E3 and F7."
    );
}

#[test]
fn x_wing_in_two_columns_removes_the_digit_from_the_rest_of_both_rows() {
    let p = board(5, "CF", "28", &["C2", "C8", "F2", "F8", "C4", "F6"]);
    let step = x_wing(&p, &context()).unwrap();
    assert_eq!(removed(&step), ["C45", "F65"]);
    assert_eq!(step.pattern.squares, squares(&["C2", "C8", "F2", "F8"]));
    assert_eq!(
        step.pattern.units,
        [Unit::Column(1), Unit::Column(7), Unit::Row(2), Unit::Row(5)]
    );
    assert_eq!(
        step.explanation,
        "In columns 2 and 8, 5 can only go in rows C and F, so 5 can be removed from the rest \
         of rows C and F: C4 and F6."
    );
}

#[test]
fn no_x_wing_when_the_columns_hold_nothing_else_or_a_row_spills_over() {
    let bare = board(4, "BH", "37", &["B3", "B7", "H3", "H7"]);
    assert_eq!(x_wing(&bare, &context()), None);
    let spilled = board(4, "BH", "37", &["B3", "B7", "H3", "H7", "H5", "E3"]);
    assert_eq!(x_wing(&spilled, &context()), None);
    assert_eq!(x_wing(&Position::blank(), &context()), None);
}

const SWORDFISH: &[&str] = &["A1", "A5", "E5", "E9", "I1", "I9", "C1", "G9"];

#[test]
fn swordfish_in_three_rows_removes_the_digit_from_the_rest_of_three_columns() {
    let p = board(7, "AEI", "159", SWORDFISH);
    assert_eq!(x_wing(&p, &context()), None, "no smaller fish shadows it");
    let step = swordfish(&p, &context()).unwrap();
    assert_eq!(step.technique, Technique::Swordfish);
    assert_eq!(removed(&step), ["C17", "G97"]);
    assert_eq!(
        step.pattern.squares,
        squares(&["A1", "A5", "E5", "E9", "I1", "I9"])
    );
    assert_eq!(step.pattern.units.len(), 6);
    assert_eq!(
        step.explanation,
        "In rows A, E and I, 7 can only go in columns 1, 5 and 9, so 7 can be removed from \
         the rest of columns 1, 5 and 9: C1 and G9."
    );
}

#[test]
fn no_swordfish_when_three_rows_reach_four_columns() {
    let p = board(
        7,
        "AEI",
        "1579",
        &["A1", "A5", "E5", "E7", "I1", "I9", "C1"],
    );
    assert_eq!(swordfish(&p, &context()), None);
    assert_eq!(swordfish(&Position::blank(), &context()), None);
}

const JELLYFISH: &[&str] = &["B2", "B4", "D4", "D6", "F6", "F8", "H2", "H8", "A2", "E8"];

#[test]
fn jellyfish_in_four_rows_removes_the_digit_from_the_rest_of_four_columns() {
    let p = board(2, "BDFH", "2468", JELLYFISH);
    assert_eq!(x_wing(&p, &context()), None);
    assert_eq!(swordfish(&p, &context()), None);
    let step = jellyfish(&p, &context()).unwrap();
    assert_eq!(step.technique, Technique::Jellyfish);
    assert_eq!(removed(&step), ["A22", "E82"]);
    assert_eq!(step.pattern.squares.len(), 8);
    assert_eq!(
        step.explanation,
        "In rows B, D, F and H, 2 can only go in columns 2, 4, 6 and 8, so 2 can be removed \
         from the rest of columns 2, 4, 6 and 8: A2 and E8."
    );
}

#[test]
fn no_jellyfish_when_four_rows_reach_five_columns() {
    let mut keep = JELLYFISH.to_vec();
    keep.push("H5");
    let p = board(2, "BDFH", "24568", &keep);
    assert_eq!(jellyfish(&p, &context()), None);
    assert_eq!(jellyfish(&Position::blank(), &context()), None);
}

const FINNED_X_WING: &[&str] = &["B3", "B7", "H3", "H7", "H8", "H9", "E3", "G7"];

#[test]
fn finned_x_wing_removes_the_cover_candidates_in_the_fins_box() {
    let p = board(4, "BH", "37", FINNED_X_WING);
    assert_eq!(x_wing(&p, &context()), None);
    assert_eq!(sashimi_x_wing(&p, &context()), None);
    let step = finned_x_wing(&p, &context()).unwrap();
    assert_eq!(step.technique, Technique::FinnedXWing);
    assert_eq!(removed(&step), ["G74"]);
    assert_eq!(
        step.pattern.squares,
        squares(&["B3", "B7", "H3", "H7", "H8", "H9"])
    );
    assert_eq!(
        step.pattern.units,
        [
            Unit::Row(1),
            Unit::Row(7),
            Unit::Column(2),
            Unit::Column(6),
            Unit::Box(8)
        ]
    );
    assert_eq!(
        step.explanation,
        "In rows B and H, 4 can only go in columns 3 and 7, or in the fins H8 and H9 in box 9. \
         If 4 is in a fin, it is gone from the rest of box 9; if not, it is gone from the rest \
         of columns 3 and 7. Either way, 4 can be removed from G7."
    );
}

#[test]
fn finned_x_wing_works_with_columns_as_base() {
    let keep = ["C2", "G2", "C8", "G8", "H8", "I8", "C5", "G7"];
    let p = board(4, "CG", "28", &keep);
    let step = finned_x_wing(&p, &context()).unwrap();
    assert_eq!(removed(&step), ["G74"]);
    assert_eq!(
        step.explanation,
        "In columns 2 and 8, 4 can only go in rows C and G, or in the fins H8 and I8 in box 9. \
         If 4 is in a fin, it is gone from the rest of box 9; if not, it is gone from the rest \
         of rows C and G. Either way, 4 can be removed from G7."
    );
}

#[test]
fn a_finned_x_wing_whose_fins_see_no_cover_candidate_does_not_fire() {
    // As above without G7: E3 is in a cover column but outside the fins' box.
    let p = board(4, "BH", "37", &["B3", "B7", "H3", "H7", "H8", "H9", "E3"]);
    assert_eq!(finned_x_wing(&p, &context()), None);
    assert_eq!(sashimi_x_wing(&p, &context()), None);
}

#[test]
fn fins_in_two_boxes_make_no_finned_x_wing() {
    let keep = ["B3", "B7", "H3", "H7", "H5", "H8", "E3", "G7", "G5"];
    let p = board(4, "BH", "357", &keep);
    assert_eq!(finned_x_wing(&p, &context()), None);
    assert_eq!(sashimi_x_wing(&p, &context()), None);
}

#[test]
fn sashimi_x_wing_is_a_finned_x_wing_missing_a_corner() {
    let keep = ["B3", "B7", "H7", "H8", "H9", "E3", "G7"];
    let p = board(4, "BH", "37", &keep);
    assert_eq!(finned_x_wing(&p, &context()), None);
    let step = sashimi_x_wing(&p, &context()).unwrap();
    assert_eq!(step.technique, Technique::SashimiXWing);
    assert_eq!(removed(&step), ["G74"]);
    assert_eq!(
        step.pattern.squares,
        squares(&["B3", "B7", "H7", "H8", "H9"])
    );
    assert!(step.explanation.starts_with(
        "In rows B and H, 4 can only go in columns 3 and 7, or in the fins H8 and H9 in box 9."
    ));
}

#[test]
fn no_sashimi_x_wing_when_the_fins_see_no_cover_candidate() {
    let p = board(4, "BH", "37", &["B3", "B7", "H7", "H8", "H9", "E3"]);
    assert_eq!(sashimi_x_wing(&p, &context()), None);
}

#[test]
fn of_several_covers_for_one_base_the_first_in_hodokus_order_is_taken() {
    // Rows B and C fit columns 1 and 2 with the fin C3, columns 1 and 3 with the fins B2 and
    // C2 (sashimi: row B keeps only B1), or columns 2 and 3 (sashimi too), all in box 1.
    let p = board(6, "BC", "", &["B1", "B2", "C1", "C2", "C3"]);
    let finned = finned_x_wing(&p, &context()).unwrap();
    assert_eq!(removed(&finned), ["A16", "A26"]);
    let sashimi = sashimi_x_wing(&p, &context()).unwrap();
    assert_eq!(removed(&sashimi), ["A16", "A36"]);
    assert_eq!(
        sashimi.explanation,
        "In rows B and C, 6 can only go in columns 1 and 3, or in the fins B2 and C2 in box 1. \
         If 6 is in a fin, it is gone from the rest of box 1; if not, it is gone from the rest \
         of columns 1 and 3. Either way, 6 can be removed from A1 and A3."
    );
}

const FINNED_SWORDFISH: &[&str] = &["A1", "A5", "E5", "E9", "I1", "I7", "I9", "C1", "G9"];

#[test]
fn finned_swordfish_removes_the_cover_candidates_in_the_fins_box() {
    let p = board(7, "AEI", "159", FINNED_SWORDFISH);
    assert_eq!(swordfish(&p, &context()), None);
    assert_eq!(sashimi_swordfish(&p, &context()), None);
    let step = finned_swordfish(&p, &context()).unwrap();
    assert_eq!(step.technique, Technique::FinnedSwordfish);
    assert_eq!(removed(&step), ["G97"]);
    assert_eq!(
        step.pattern.squares,
        squares(&["A1", "A5", "E5", "E9", "I1", "I7", "I9"])
    );
    assert_eq!(step.pattern.units.last(), Some(&Unit::Box(8)));
    assert_eq!(
        step.explanation,
        "In rows A, E and I, 7 can only go in columns 1, 5 and 9, or in the fin I7 in box 9. \
         If 7 is in a fin, it is gone from the rest of box 9; if not, it is gone from the rest \
         of columns 1, 5 and 9. Either way, 7 can be removed from G9."
    );
}

#[test]
fn a_finned_swordfish_whose_fin_sees_no_cover_candidate_does_not_fire() {
    let keep = ["A1", "A5", "E5", "E9", "I1", "I7", "I9", "C1"];
    let p = board(7, "AEI", "159", &keep);
    assert_eq!(finned_swordfish(&p, &context()), None);
    assert_eq!(sashimi_swordfish(&p, &context()), None);
}

#[test]
fn sashimi_swordfish_is_a_finned_swordfish_with_a_base_row_down_to_one_cover_place() {
    let keep = ["A1", "A5", "E5", "E9", "I7", "I9", "C1", "G9"];
    let p = board(7, "AEI", "159", &keep);
    assert_eq!(finned_swordfish(&p, &context()), None);
    let step = sashimi_swordfish(&p, &context()).unwrap();
    assert_eq!(step.technique, Technique::SashimiSwordfish);
    assert_eq!(removed(&step), ["G97"]);
    assert_eq!(
        step.pattern.squares,
        squares(&["A1", "A5", "E5", "E9", "I7", "I9"])
    );
}

#[test]
fn no_sashimi_swordfish_when_the_fin_sees_no_cover_candidate() {
    let p = board(7, "AEI", "159", &["A1", "A5", "E5", "E9", "I7", "I9", "C1"]);
    assert_eq!(sashimi_swordfish(&p, &context()), None);
}

#[test]
fn fish_finders_leave_a_blank_board_alone() {
    let p = Position::blank();
    for find in [
        finned_x_wing,
        sashimi_x_wing,
        finned_swordfish,
        sashimi_swordfish,
    ] {
        assert_eq!(find(&p, &context()), None);
    }
}
