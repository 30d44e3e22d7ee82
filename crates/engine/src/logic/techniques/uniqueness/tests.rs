//! Tests of the uniqueness finders: the classic rectangles, and the classic cases of the general
//! layer's BUG+1 (the one implementation, asked only when the puzzle is unique).

use super::super::borrowed::{borrow, ShapeFinder};
use super::super::test_support::{d, eliminations, keep, sq, square_names};
use super::super::Context;
use crate::general::logic::uniqueness;
use crate::logic::position::Position;
use crate::logic::step::{Candidate, Step};
use crate::square::{Square, Unit};
use crate::technique::Technique;

/// The general finder, asked only when the context says the puzzle is unique (as the classic
/// list asks it).
fn if_unique(position: &Position, context: &Context, find: ShapeFinder) -> Option<Step> {
    context
        .is_unique()
        .then(|| borrow(position, find))
        .flatten()
}

fn unique_rectangle_1(position: &Position, context: &Context) -> Option<Step> {
    if_unique(position, context, uniqueness::unique_rectangle_1)
}

fn unique_rectangle_2(position: &Position, context: &Context) -> Option<Step> {
    if_unique(position, context, uniqueness::unique_rectangle_2)
}

fn unique_rectangle_4(position: &Position, context: &Context) -> Option<Step> {
    if_unique(position, context, uniqueness::unique_rectangle_4)
}

fn hidden_rectangle(position: &Position, context: &Context) -> Option<Step> {
    if_unique(position, context, uniqueness::hidden_rectangle)
}

fn bug_plus_one(position: &Position, context: &Context) -> Option<Step> {
    if_unique(position, context, uniqueness::bug_plus_one)
}

/// Removes `digit` from every square named.
fn remove(position: &mut Position, digit: u8, squares: &[&str]) {
    for s in squares {
        position.eliminate(sq(s), d(digit));
    }
}

/// A blank board where A1 and A5 hold only 3 and 8, and C1 and C5 hold `c1` and `c5`: a rectangle
/// over boxes 1 and 2. 3 and 8 are cleared from the rest of column 1, column 5, box 1 and box 2,
/// so no naked pair there has anything left to remove.
fn rectangle(c1: &[u8], c5: &[u8]) -> Position {
    let mut p = Position::blank();
    keep(&mut p, "A1", &[3, 8]);
    keep(&mut p, "A5", &[3, 8]);
    keep(&mut p, "C1", c1);
    keep(&mut p, "C5", c5);
    for unit in [Unit::Column(0), Unit::Column(4), Unit::Box(0), Unit::Box(1)] {
        for s in unit.squares() {
            if !["A1", "A5", "C1", "C5"].contains(&s.to_string().as_str()) {
                p.eliminate(s, d(3));
                p.eliminate(s, d(8));
            }
        }
    }
    p
}

/// Three squares hold only 3 and 8; C5 holds every digit.
fn rectangle_position() -> Position {
    rectangle(&[3, 8], &[1, 2, 3, 4, 5, 6, 7, 8, 9])
}

#[test]
fn unique_rectangle_1_removes_both_digits_from_the_fourth_square() {
    let p = rectangle_position();
    let step = unique_rectangle_1(&p, &Context::assume_unique()).unwrap();
    assert_eq!(step.technique, Technique::UniqueRectangle1);
    assert_eq!(
        eliminations(&step),
        [("C5".to_string(), 3), ("C5".to_string(), 8)]
    );
    assert_eq!(
        square_names(&step.pattern.squares),
        ["A1", "A5", "C1", "C5"]
    );
    assert_eq!(
        step.pattern.units,
        [Unit::Row(0), Unit::Row(2), Unit::Column(0), Unit::Column(4)]
    );
    assert_eq!(step.pattern.digits, [d(3), d(8)]);
    assert_eq!(
        step.explanation,
        "A1, A5, C1 and C5 would form a deadly pattern of 3 and 8, which two solutions could \
         swap; since the puzzle has one solution, C5 cannot be 3 or 8."
    );
}

#[test]
fn no_uniqueness_step_when_the_puzzle_is_not_known_to_be_unique() {
    let p = rectangle_position();
    let unknown = Context::unknown();
    assert_eq!(unique_rectangle_1(&p, &unknown), None);
    assert_eq!(unique_rectangle_2(&p, &unknown), None);
    assert_eq!(unique_rectangle_4(&p, &unknown), None);
    assert_eq!(bug_plus_one(&bug_position(), &unknown), None);
}

#[test]
fn unique_rectangle_1_counts_a_digit_a_step_removed_as_still_part_of_the_rectangle() {
    // C5 lost 3 to an earlier step, but no placed digit rules it out: swapping 3 and 8 would
    // still give a second grid, so 8 goes.
    let mut p = rectangle_position();
    p.eliminate(sq("C5"), d(3));
    let step = unique_rectangle_1(&p, &Context::assume_unique()).unwrap();
    assert_eq!(eliminations(&step), [("C5".to_string(), 8)]);
}

#[test]
fn no_unique_rectangle_over_four_boxes() {
    let mut p = Position::blank();
    for s in ["A1", "A4", "D1"] {
        keep(&mut p, s, &[3, 8]);
    }
    let context = Context::assume_unique();
    assert_eq!(unique_rectangle_1(&p, &context), None);
    assert_eq!(unique_rectangle_2(&p, &context), None);
    assert_eq!(unique_rectangle_4(&p, &context), None);
}

#[test]
fn no_unique_rectangle_1_when_two_squares_hold_extra_digits() {
    let p = rectangle(&[3, 8, 9], &[2, 3, 8]);
    assert_eq!(unique_rectangle_1(&p, &Context::assume_unique()), None);
}

#[test]
fn unique_rectangle_2_removes_the_shared_extra_digit_from_squares_seeing_both_roof_squares() {
    let mut p = rectangle(&[3, 6, 8], &[3, 6, 8]);
    remove(&mut p, 6, &["C2", "C3", "C4", "C6", "C7"]);
    let step = unique_rectangle_2(&p, &Context::assume_unique()).unwrap();
    assert_eq!(step.technique, Technique::UniqueRectangle2);
    assert_eq!(
        eliminations(&step),
        [("C8".to_string(), 6), ("C9".to_string(), 6)]
    );
    assert_eq!(
        square_names(&step.pattern.squares),
        ["A1", "A5", "C1", "C5"]
    );
    assert_eq!(step.pattern.digits, [d(3), d(8), d(6)]);
    assert_eq!(
        step.explanation,
        "A1, A5, C1 and C5 would form a deadly pattern of 3 and 8, which two solutions could \
         swap unless C1 or C5 is 6, their only other candidate; since the puzzle has one \
         solution, one of them is 6, and 6 can be removed from the squares that see both: C8 \
         and C9."
    );
}

#[test]
fn no_unique_rectangle_2_when_the_roof_squares_hold_different_extras() {
    let p = rectangle(&[3, 6, 8], &[3, 7, 8]);
    assert_eq!(unique_rectangle_2(&p, &Context::assume_unique()), None);
}

#[test]
fn no_unique_rectangle_2_when_the_extra_squares_are_diagonal() {
    // A5 and C1 hold the extra 6: they share no row or column (HoDoKu's type 5, not type 2).
    let mut p = Position::blank();
    keep(&mut p, "A1", &[3, 8]);
    keep(&mut p, "C5", &[3, 8]);
    keep(&mut p, "A5", &[3, 6, 8]);
    keep(&mut p, "C1", &[3, 6, 8]);
    assert_eq!(unique_rectangle_2(&p, &Context::assume_unique()), None);
}

#[test]
fn unique_rectangle_4_removes_the_other_digit_from_both_roof_squares() {
    let mut p = rectangle(&[1, 3, 8], &[2, 3, 8]);
    // 3 can only go in C1 or C5 in row C: a strong link on 3.
    remove(&mut p, 3, &["C2", "C3", "C4", "C6", "C7", "C8", "C9"]);
    let context = Context::assume_unique();
    assert_eq!(unique_rectangle_2(&p, &context), None);
    let step = unique_rectangle_4(&p, &context).unwrap();
    assert_eq!(step.technique, Technique::UniqueRectangle4);
    assert_eq!(
        eliminations(&step),
        [("C1".to_string(), 8), ("C5".to_string(), 8)]
    );
    assert_eq!(
        square_names(&step.pattern.squares),
        ["A1", "A5", "C1", "C5"]
    );
    assert_eq!(step.pattern.digits, [d(3), d(8)]);
    assert_eq!(
        step.explanation,
        "A1, A5, C1 and C5 would form a deadly pattern of 3 and 8, which two solutions could \
         swap. In row C, 3 can only go in C1 or C5, so one of them is 3; since the puzzle has \
         one solution, the other cannot be 8, so 8 can be removed from C1 and C5."
    );
}

#[test]
fn unique_rectangle_4_needs_the_link_in_every_unit_the_roof_shares() {
    // The roof A1-C1 shares column 1 and box 1: 3 is gone from the rest of column 1 and box 1
    // in the rectangle position, so the link holds; a 3 left in B2 (box 1) breaks it, as in
    // HoDoKu.
    let mut p = Position::blank();
    for s in ["A5", "C5"] {
        keep(&mut p, s, &[3, 8]);
    }
    keep(&mut p, "A1", &[1, 3, 8]);
    keep(&mut p, "C1", &[2, 3, 8]);
    remove(&mut p, 3, &["B1", "D1", "E1", "F1", "G1", "H1", "I1"]);
    remove(&mut p, 3, &["A2", "A3", "B3", "C2", "C3"]);
    let context = Context::assume_unique();
    assert_eq!(unique_rectangle_4(&p, &context), None);
    p.eliminate(sq("B2"), d(3));
    let step = unique_rectangle_4(&p, &context).unwrap();
    assert_eq!(
        eliminations(&step),
        [("A1".to_string(), 8), ("C1".to_string(), 8)]
    );
    assert!(step.pattern.units.contains(&Unit::Box(0)));
    assert!(step
        .explanation
        .contains("In column 1 and box 1, 3 can only go in A1 or C1"));
}

#[test]
fn no_unique_rectangle_4_while_the_digit_has_another_place_in_the_roofs_row() {
    let mut p = rectangle(&[1, 3, 8], &[2, 3, 8]);
    remove(&mut p, 3, &["C2", "C3", "C4", "C6", "C7", "C8"]);
    assert_eq!(unique_rectangle_4(&p, &Context::assume_unique()), None);
}

/// A position HoDoKu reached on a generated puzzle
/// (`.....9.7...5..2164..3.7.2.........51..6...4..97.........7.9.6..4826..5...5.1.....`): every
/// unsolved square is bivalue but A2.
const BUG: &str = "12 126 4  5 16 9  8 7 3
                   7  9   5  3 8  2  1 6 4
                   8  16  3  4 7  16 2 9 5
                   23 4   8  7 26 36 9 5 1
                   5  23  6  9 12 13 4 8 7
                   9  7   1  8 5  4  3 2 6
                   13 13  7  2 9  5  6 4 8
                   4  8   2  6 3  7  5 1 9
                   6  5   9  1 4  8  7 3 2";

/// A1 holds only 3 and 8; in row C, 3 can only go in C1 or C5, and in column 5 only in A5 or C5
/// (3 is cleared from the rest of box 2 too, so nothing simpler claims it).
fn hidden_rectangle_position() -> Position {
    let mut p = Position::blank();
    keep(&mut p, "A1", &[3, 8]);
    for unit in [Unit::Row(2), Unit::Column(4), Unit::Box(1)] {
        for s in unit.squares() {
            if !["C1", "A5", "C5"].contains(&s.to_string().as_str()) {
                p.eliminate(s, d(3));
            }
        }
    }
    p
}

#[test]
fn hidden_rectangle_removes_the_other_digit_from_the_corner_held_by_two_strong_links() {
    let p = hidden_rectangle_position();
    let step = hidden_rectangle(&p, &Context::assume_unique()).unwrap();
    assert_eq!(step.technique, Technique::HiddenRectangle);
    assert_eq!(eliminations(&step), [("C5".to_string(), 8)]);
    assert_eq!(
        square_names(&step.pattern.squares),
        ["A1", "A5", "C1", "C5"]
    );
    assert_eq!(step.pattern.units, [Unit::Row(2), Unit::Column(4)]);
    assert_eq!(step.pattern.digits, [d(3), d(8)]);
    assert_eq!(
        step.explanation,
        "A1, A5, C1 and C5 would form a deadly pattern of 3 and 8, which two solutions could \
         swap. In row C and in column 5, 3 can only go in the rectangle; if C5 were 8, C1 and \
         A5 would both be 3 and A1 8, completing it. Since the puzzle has one solution, 8 can \
         be removed from C5."
    );
}

#[test]
fn hidden_rectangle_is_the_simplest_step_in_its_position() {
    let p = hidden_rectangle_position();
    let step = super::super::borrowed::next_step(&p, &Context::assume_unique()).unwrap();
    assert_eq!(step.technique, Technique::HiddenRectangle);
}

#[test]
fn no_hidden_rectangle_while_the_digit_has_another_place_in_the_far_row() {
    // As above, but 3 may also go in C7.
    let mut with_place = Position::blank();
    keep(&mut with_place, "A1", &[3, 8]);
    for unit in [Unit::Column(4), Unit::Box(1)] {
        for s in unit.squares() {
            if !["A5", "C5"].contains(&s.to_string().as_str()) {
                with_place.eliminate(s, d(3));
            }
        }
    }
    for s in ["C2", "C3", "C4", "C6", "C8", "C9"] {
        with_place.eliminate(sq(s), d(3));
    }
    assert_eq!(
        hidden_rectangle(&with_place, &Context::assume_unique()),
        None
    );
}

#[test]
fn no_hidden_rectangle_when_a_corner_beside_the_bivalue_one_is_bivalue_too() {
    let mut p = hidden_rectangle_position();
    keep(&mut p, "A5", &[3, 8]);
    assert_eq!(hidden_rectangle(&p, &Context::assume_unique()), None);
}

#[test]
fn no_hidden_rectangle_when_the_puzzle_is_not_known_to_be_unique() {
    let p = hidden_rectangle_position();
    assert_eq!(hidden_rectangle(&p, &Context::unknown()), None);
}

fn bug_position() -> Position {
    Position::from_pencil_marks(BUG).unwrap()
}

#[test]
fn bug_plus_one_places_the_digit_with_three_places_in_the_trivalue_squares_units() {
    let step = bug_plus_one(&bug_position(), &Context::assume_unique()).unwrap();
    assert_eq!(step.technique, Technique::BugPlusOne);
    assert_eq!(
        (step.placements[0].square, step.placements[0].digit),
        (sq("A2"), d(1))
    );
    assert!(step.eliminations.is_empty());
    assert_eq!(square_names(&step.pattern.squares), ["A2"]);
    assert_eq!(
        step.pattern.units,
        [Unit::Row(0), Unit::Column(1), Unit::Box(0)]
    );
    assert_eq!(step.pattern.digits, [d(1)]);
    assert_eq!(
        step.explanation,
        "Every unsolved square but A2 has two candidates, and every digit has two places in \
         each unit except 1, which has three in row A, column 2 and box 1. If A2 were not 1, \
         the grid would be a deadly pattern (a bivalue universal grave) with two solutions or \
         none; since the puzzle has one solution, A2 is 1."
    );
}

#[test]
fn a_stale_mark_does_not_count_as_a_third_candidate() {
    // C2 keeps a 2 that C7 already holds: A2 and C2 both show three candidates, but the 2 in C2
    // is no place (the clean-up a hint gives first removes it), so the grave stands.
    let p = Position::from_pencil_marks(&BUG.replace("8  16  3", "8  126 3")).unwrap();
    assert_eq!(p.candidates(sq("C2")).len(), 3);
    let step = bug_plus_one(&p, &Context::assume_unique()).unwrap();
    assert_eq!(step.placements, [Candidate::new(sq("A2"), d(1))]);
}

#[test]
fn no_bug_plus_one_with_two_trivalue_squares() {
    // C7 is open (2 or 7), so the 2 C2 keeps is a live place: A2 and C2 both hold three.
    let text = BUG
        .replace("8  16  3", "8  126 3")
        .replace("16 2 9 5", "16 27 9 5");
    let p = Position::from_pencil_marks(&text).unwrap();
    assert_eq!(p.candidates(sq("C2")).len(), 3);
    assert_eq!(p.candidates(sq("C7")).len(), 2);
    assert_eq!(bug_plus_one(&p, &Context::assume_unique()), None);
}

#[test]
fn no_bug_plus_one_when_a_digit_has_one_place_in_a_unit() {
    // E5 holds 1 and 6 instead of 1 and 2: every square but A2 is still bivalue, but 2 has one
    // place left in row E (a hidden single, not a grave) and 6 three in column 5.
    let p = Position::from_pencil_marks(&BUG.replace("9 12 13", "9 16 13")).unwrap();
    let trivalue: Vec<Square> = Square::all()
        .filter(|&s| p.candidates(s).len() == 3)
        .collect();
    assert_eq!(trivalue, [sq("A2")]);
    assert_eq!(bug_plus_one(&p, &Context::assume_unique()), None);
}
