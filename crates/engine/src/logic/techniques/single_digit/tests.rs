//! Tests of the single digit finders: the classic cases of the general layer's skyscraper,
//! 2-string kite, turbot fish and empty rectangle (the one implementation).

use super::super::borrowed::borrow;
use super::super::test_support::{d, names, only, sq, square_names};
use super::super::Context;
use crate::general::logic::single_digit;
use crate::logic::position::Position;
use crate::logic::step::Step;
use crate::square::Unit;
use crate::technique::Technique;

fn skyscraper(position: &Position, _: &Context) -> Option<Step> {
    borrow(position, single_digit::skyscraper)
}

fn two_string_kite(position: &Position, _: &Context) -> Option<Step> {
    borrow(position, single_digit::two_string_kite)
}

fn turbot_fish(position: &Position, _: &Context) -> Option<Step> {
    borrow(position, single_digit::turbot_fish)
}

fn empty_rectangle(position: &Position, _: &Context) -> Option<Step> {
    borrow(position, single_digit::empty_rectangle)
}

fn skyscraper_position() -> Position {
    let mut p = Position::blank();
    only(&mut p, 4, Unit::Column(1), &["B2", "H2"]);
    only(&mut p, 4, Unit::Column(4), &["B5", "G5"]);
    p
}

#[test]
fn skyscraper_removes_the_digit_from_squares_seeing_both_tops() {
    let step = skyscraper(&skyscraper_position(), &Context::unknown()).unwrap();
    assert_eq!(step.technique, Technique::Skyscraper);
    assert_eq!(names(&step), ["4G1", "4G3", "4H4", "4H6"]);
    assert_eq!(
        square_names(&step.pattern.squares),
        ["H2", "B2", "B5", "G5"]
    );
    assert_eq!(
        step.pattern.units,
        [Unit::Column(1), Unit::Column(4), Unit::Row(1)]
    );
    assert_eq!(step.pattern.digits, [d(4)]);
    assert_eq!(
        step.explanation,
        "4 is in column 2 only at B2 and H2, and in column 5 only at B5 and G5; B2 and B5 share \
         row B, so one of H2 or G5 is 4, and 4 can be removed from the squares that see both: \
         G1, G3, H4 and H6."
    );
}

#[test]
fn no_skyscraper_when_the_pairs_share_no_line_or_form_an_x_wing() {
    let mut p = Position::blank();
    only(&mut p, 4, Unit::Column(1), &["B2", "H2"]);
    only(&mut p, 4, Unit::Column(4), &["C5", "G5"]);
    assert_eq!(skyscraper(&p, &Context::unknown()), None);
    let mut x_wing = Position::blank();
    only(&mut x_wing, 4, Unit::Column(1), &["B2", "H2"]);
    only(&mut x_wing, 4, Unit::Column(4), &["B5", "H5"]);
    assert_eq!(skyscraper(&x_wing, &Context::unknown()), None);
}

fn kite_position() -> Position {
    let mut p = Position::blank();
    only(&mut p, 6, Unit::Row(2), &["C2", "C7"]);
    only(&mut p, 6, Unit::Column(0), &["A1", "G1"]);
    p
}

#[test]
fn two_string_kite_removes_the_digit_where_the_free_ends_cross() {
    let p = kite_position();
    assert_eq!(skyscraper(&p, &Context::unknown()), None);
    let step = two_string_kite(&p, &Context::unknown()).unwrap();
    assert_eq!(step.technique, Technique::TwoStringKite);
    assert_eq!(names(&step), ["6G7"]);
    assert_eq!(
        square_names(&step.pattern.squares),
        ["C7", "C2", "A1", "G1"]
    );
    assert_eq!(
        step.pattern.units,
        [Unit::Row(2), Unit::Column(0), Unit::Box(0)]
    );
    assert_eq!(
        step.explanation,
        "6 is in row C only at C2 and C7, and in column 1 only at A1 and G1; C2 and A1 share \
         box 1, so one of C7 or G1 is 6, and 6 can be removed from the squares that see both: \
         G7."
    );
}

#[test]
fn no_kite_when_the_pairs_meet_in_no_box() {
    let mut p = Position::blank();
    only(&mut p, 6, Unit::Row(2), &["C4", "C7"]);
    only(&mut p, 6, Unit::Column(0), &["A1", "G1"]);
    assert_eq!(two_string_kite(&p, &Context::unknown()), None);
}

fn turbot_position() -> Position {
    let mut p = Position::blank();
    only(&mut p, 3, Unit::Box(0), &["A2", "C1"]);
    only(&mut p, 3, Unit::Column(6), &["C7", "H7"]);
    p
}

#[test]
fn turbot_fish_joins_a_box_pair_and_a_column_pair_through_a_row() {
    let p = turbot_position();
    let context = Context::unknown();
    assert_eq!(skyscraper(&p, &context), None);
    assert_eq!(two_string_kite(&p, &context), None);
    let step = turbot_fish(&p, &context).unwrap();
    assert_eq!(step.technique, Technique::TurbotFish);
    assert_eq!(names(&step), ["3H2"]);
    assert_eq!(
        square_names(&step.pattern.squares),
        ["A2", "C1", "C7", "H7"]
    );
    assert_eq!(
        step.pattern.units,
        [Unit::Box(0), Unit::Column(6), Unit::Row(2)]
    );
    assert_eq!(
        step.explanation,
        "3 is in box 1 only at C1 and A2, and in column 7 only at C7 and H7; C1 and C7 share \
         row C, so one of A2 or H7 is 3, and 3 can be removed from the squares that see both: \
         H2."
    );
}

#[test]
fn turbot_fish_leaves_skyscrapers_and_kites_to_their_own_names() {
    let context = Context::unknown();
    assert_eq!(turbot_fish(&skyscraper_position(), &context), None);
    assert_eq!(turbot_fish(&kite_position(), &context), None);
    assert_eq!(turbot_fish(&Position::blank(), &context), None);
}

#[test]
fn two_squares_of_a_box_in_one_row_are_linked_only_through_the_row() {
    // 9 is in box 1 only at A1 and A2, but row A has more places: HoDoKu links A1 and A2 through
    // row A, weakly, so A1 = A2 - G2 = G7 is no chain.
    let mut p = Position::blank();
    only(&mut p, 9, Unit::Box(0), &["A1", "A2"]);
    only(&mut p, 9, Unit::Row(6), &["G2", "G7"]);
    assert_eq!(turbot_fish(&p, &Context::unknown()), None);
}

#[test]
fn a_crossed_skyscraper_is_a_turbot_fish_as_in_hodoku() {
    // Bases A2 and B2 share column 2, but A2 is the last of row A's pair and B2 the first of row
    // B's, so the tops A1 and B5 stand on either side: HoDoKu's skyscraper does not take it, its
    // turbot fish does. (It only removes something while locked candidates are pending.)
    let mut p = Position::blank();
    only(&mut p, 8, Unit::Row(0), &["A1", "A2"]);
    only(&mut p, 8, Unit::Row(1), &["B2", "B5"]);
    let context = Context::unknown();
    assert_eq!(skyscraper(&p, &context), None);
    let step = turbot_fish(&p, &context).unwrap();
    assert_eq!(names(&step), ["8B2"]);
    assert_eq!(
        square_names(&step.pattern.squares),
        ["A1", "A2", "B2", "B5"]
    );
    assert_eq!(step.pattern.units[2], Unit::Column(1));
}

#[test]
fn a_square_both_pairs_start_from_must_hold_the_digit() {
    // 2 is in row A only at A1 and A2 and in column 1 only at A1 and B1; A2 and B1 share box 1,
    // so A1 is 2.
    let mut p = Position::blank();
    only(&mut p, 2, Unit::Row(0), &["A1", "A2"]);
    only(&mut p, 2, Unit::Column(0), &["A1", "B1"]);
    let step = turbot_fish(&p, &Context::unknown()).unwrap();
    assert_eq!(names(&step), ["2A2", "2B1", "2B2", "2B3", "2C2", "2C3"]);
    assert!(step.explanation.ends_with(
        "so they cannot both be 2, and A1 is 2: 2 can be removed from the squares \
                    it sees: A2, B1, B2, B3, C2 and C3."
    ));
}

fn empty_rectangle_position() -> Position {
    let mut p = Position::blank();
    only(&mut p, 7, Unit::Box(4), &["D4", "E5", "E6"]);
    only(&mut p, 7, Unit::Column(7), &["A8", "E8"]);
    p
}

#[test]
fn empty_rectangle_removes_the_digit_where_the_pair_meets_the_boxs_column() {
    let p = empty_rectangle_position();
    let step = empty_rectangle(&p, &Context::unknown()).unwrap();
    assert_eq!(step.technique, Technique::EmptyRectangle);
    assert_eq!(names(&step), ["7A4"]);
    assert_eq!(
        square_names(&step.pattern.squares),
        ["D4", "E5", "E6", "E8", "A8"]
    );
    assert_eq!(
        step.pattern.units,
        [Unit::Box(4), Unit::Row(4), Unit::Column(3), Unit::Column(7)]
    );
    assert_eq!(
        step.explanation,
        "In box 5, 7 can only go in row E or column 4 (D4, E5 and E6); in column 8, 7 is only \
         at E8 and A8. If E8 is 7, the 7 of box 5 is in column 4; if not, A8 is 7. Either way \
         A4 cannot be 7, so 7 can be removed from A4."
    );
}

#[test]
fn no_empty_rectangle_when_the_box_holds_the_digit_off_its_row_and_column() {
    let mut p = empty_rectangle_position();
    let mut f6 = Position::blank();
    only(&mut f6, 7, Unit::Box(4), &["D4", "E5", "E6", "F6"]);
    only(&mut f6, 7, Unit::Column(7), &["A8", "E8"]);
    assert_eq!(empty_rectangle(&f6, &Context::unknown()), None);
    // Two places in the box (one in the row, one in the column) are not enough for HoDoKu.
    p.eliminate(sq("E6"), d(7));
    assert_eq!(empty_rectangle(&p, &Context::unknown()), None);
}
