//! Tests of the subsets finders.

use super::super::borrowed::borrow;
use super::super::borrowed::next_step;
use super::super::test_support::{d, keep, sq};
use super::super::Context;
use crate::digit::Digit;
use crate::general::logic::subsets;
use crate::logic::position::Position;
use crate::logic::step::Step;
use crate::square::{Square, Unit};
use crate::technique::Technique;

/// A naked pair that shares a box and a row or column, clearing both.
fn locked_pair(position: &Position, _: &Context) -> Option<Step> {
    borrow(position, subsets::locked_pair)
}

/// A naked triple that shares a box and a row or column, clearing both.
fn locked_triple(position: &Position, _: &Context) -> Option<Step> {
    borrow(position, subsets::locked_triple)
}

/// Two squares of a unit holding only the same two digits.
fn naked_pair(position: &Position, _: &Context) -> Option<Step> {
    borrow(position, subsets::naked_pair)
}

/// Three squares of a unit holding only three digits between them.
fn naked_triple(position: &Position, _: &Context) -> Option<Step> {
    borrow(position, subsets::naked_triple)
}

/// Four squares of a unit holding only four digits between them.
fn naked_quad(position: &Position, _: &Context) -> Option<Step> {
    borrow(position, subsets::naked_quad)
}

/// Two digits of a unit that can only go in the same two squares.
fn hidden_pair(position: &Position, _: &Context) -> Option<Step> {
    borrow(position, subsets::hidden_pair)
}

/// Three digits of a unit that can only go in the same three squares.
fn hidden_triple(position: &Position, _: &Context) -> Option<Step> {
    borrow(position, subsets::hidden_triple)
}

/// Four digits of a unit that can only go in the same four squares.
fn hidden_quad(position: &Position, _: &Context) -> Option<Step> {
    borrow(position, subsets::hidden_quad)
}

/// Removes `digits` from each of `squares`.
fn remove(p: &mut Position, squares: &[&str], digits: &[u8]) {
    for s in squares {
        for &n in digits {
            p.eliminate(sq(s), d(n));
        }
    }
}

/// Removes `digit` from every square of `unit` except `places`.
fn confine(p: &mut Position, unit: Unit, digit: u8, places: &[&str]) {
    for s in unit.squares() {
        if !places.iter().any(|k| sq(k) == s) {
            p.eliminate(s, d(digit));
        }
    }
}

fn squares(names: &str) -> Vec<Square> {
    names.split(' ').map(sq).collect()
}

fn digits(ns: &[u8]) -> Vec<Digit> {
    ns.iter().map(|&n| d(n)).collect()
}

/// Each removed square and the digits it loses, `A7:3`, `A9:38`.
fn removed(step: &Step) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for e in &step.eliminations {
        let name = e.square.to_string();
        match out.last_mut() {
            Some(last) if last.starts_with(&format!("{name}:")) => {
                last.push_str(&e.digit.to_string())
            }
            _ => out.push(format!("{name}:{}", e.digit)),
        }
    }
    out
}

/// The step `finder` finds, checked to be the simplest step of the position (no earlier
/// technique shadows it).
fn first_step(p: &Position, finder: fn(&Position, &Context) -> Option<Step>) -> Step {
    let step = finder(p, &Context::unknown()).expect("the finder fires");
    assert_eq!(next_step(p, &Context::unknown()).as_ref(), Some(&step));
    step
}

#[test]
fn locked_pair_clears_its_digits_from_the_rest_of_its_box_and_its_row() {
    let mut p = Position::blank();
    keep(&mut p, "A1", &[3, 8]);
    keep(&mut p, "A2", &[3, 8]);
    let step = first_step(&p, locked_pair);
    assert_eq!(step.technique, Technique::LockedPair);
    let rest = "A3 A4 A5 A6 A7 A8 A9 B1 B2 B3 C1 C2 C3";
    let expected: Vec<String> = rest.split(' ').map(|s| format!("{s}:38")).collect();
    assert_eq!(removed(&step), expected);
    assert_eq!(step.pattern.squares, squares("A1 A2"));
    assert_eq!(step.pattern.units, [Unit::Box(0), Unit::Row(0)]);
    assert_eq!(step.pattern.digits, digits(&[3, 8]));
    assert_eq!(
        step.explanation,
        "A1 and A2 hold only 3 and 8 between them and lie in both box 1 and row A, so those \
         two digits go in these squares and can be removed from the rest of box 1 and row A: \
         3 and 8 from A3, A4, A5, A6, A7, A8, A9, B1, B2, B3, C1, C2 and C3."
    );
}

#[test]
fn a_pair_that_clears_only_its_row_is_a_naked_pair_not_a_locked_pair() {
    let mut p = Position::blank();
    keep(&mut p, "A1", &[3, 8]);
    keep(&mut p, "A2", &[3, 8]);
    remove(&mut p, &["A3", "B1", "B2", "B3", "C1", "C2", "C3"], &[3, 8]);
    assert_eq!(locked_pair(&p, &Context::unknown()), None);
    let step = naked_pair(&p, &Context::unknown()).unwrap();
    assert_eq!(step.technique, Technique::NakedPair);
    assert_eq!(
        removed(&step),
        ["A4:38", "A5:38", "A6:38", "A7:38", "A8:38", "A9:38"]
    );
    assert_eq!(step.pattern.units, [Unit::Box(0), Unit::Row(0)]);
}

#[test]
fn a_pair_that_clears_only_its_box_is_a_naked_pair_not_a_locked_pair() {
    let mut p = Position::blank();
    keep(&mut p, "A1", &[3, 8]);
    keep(&mut p, "A2", &[3, 8]);
    remove(&mut p, &["A3", "A4", "A5", "A6", "A7", "A8", "A9"], &[3, 8]);
    assert_eq!(locked_pair(&p, &Context::unknown()), None);
    let step = naked_pair(&p, &Context::unknown()).unwrap();
    assert_eq!(
        removed(&step),
        ["B1:38", "B2:38", "B3:38", "C1:38", "C2:38", "C3:38"]
    );
}

#[test]
fn a_locked_pair_is_not_reported_again_as_a_naked_pair() {
    let mut p = Position::blank();
    keep(&mut p, "A1", &[3, 8]);
    keep(&mut p, "A2", &[3, 8]);
    assert_eq!(naked_pair(&p, &Context::unknown()), None);
}

#[test]
fn no_locked_pair_without_two_squares_holding_the_same_two_digits() {
    let mut p = Position::blank();
    keep(&mut p, "A1", &[3, 8]);
    keep(&mut p, "A2", &[3, 9]);
    assert_eq!(locked_pair(&p, &Context::unknown()), None);
}

#[test]
fn locked_triple_clears_its_digits_from_the_rest_of_its_box_and_its_column() {
    let mut p = Position::blank();
    keep(&mut p, "D5", &[1, 2]);
    keep(&mut p, "E5", &[2, 3]);
    keep(&mut p, "F5", &[1, 3]);
    let step = first_step(&p, locked_triple);
    assert_eq!(step.technique, Technique::LockedTriple);
    let rest = "A5 B5 C5 D4 D6 E4 E6 F4 F6 G5 H5 I5";
    let expected: Vec<String> = rest.split(' ').map(|s| format!("{s}:123")).collect();
    assert_eq!(removed(&step), expected);
    assert_eq!(step.pattern.squares, squares("D5 E5 F5"));
    assert_eq!(step.pattern.units, [Unit::Box(4), Unit::Column(4)]);
    assert_eq!(step.pattern.digits, digits(&[1, 2, 3]));
    assert_eq!(
        step.explanation,
        "D5, E5 and F5 hold only 1, 2 and 3 between them and lie in both box 5 and column 5, \
         so those three digits go in these squares and can be removed from the rest of box 5 \
         and column 5: 1, 2 and 3 from A5, B5, C5, D4, D6, E4, E6, F4, F6, G5, H5 and I5."
    );
}

#[test]
fn a_triple_in_a_box_off_any_line_is_a_naked_triple_not_a_locked_triple() {
    let mut p = Position::blank();
    keep(&mut p, "A1", &[1, 2]);
    keep(&mut p, "A2", &[2, 3]);
    keep(&mut p, "B1", &[1, 3]);
    assert_eq!(locked_triple(&p, &Context::unknown()), None);
    let step = naked_triple(&p, &Context::unknown()).unwrap();
    assert_eq!(step.technique, Technique::NakedTriple);
    assert_eq!(step.pattern.units, [Unit::Box(0)]);
    assert_eq!(
        removed(&step),
        ["A3:123", "B2:123", "B3:123", "C1:123", "C2:123", "C3:123"]
    );
}

#[test]
fn naked_pair_removes_both_digits_from_the_rest_of_the_row() {
    let mut p = Position::blank();
    keep(&mut p, "A1", &[3, 8]);
    keep(&mut p, "A5", &[3, 8]);
    remove(&mut p, &["A2", "A3", "A4", "A6", "A8"], &[3, 8]);
    remove(&mut p, &["A7"], &[8]);
    let step = first_step(&p, naked_pair);
    assert_eq!(step.technique, Technique::NakedPair);
    assert_eq!(removed(&step), ["A7:3", "A9:38"]);
    assert_eq!(step.pattern.squares, squares("A1 A5"));
    assert_eq!(step.pattern.units, [Unit::Row(0)]);
    assert_eq!(step.pattern.digits, digits(&[3, 8]));
    assert_eq!(
        step.explanation,
        "In row A, A1 and A5 hold only 3 and 8 between them, so those two digits go in these \
         squares and can be removed from the rest of row A: 3 from A7, and 3 and 8 from A9."
    );
}

#[test]
fn no_naked_pair_when_the_digits_differ_or_nothing_is_left_to_remove() {
    let mut p = Position::blank();
    keep(&mut p, "A1", &[3, 8]);
    keep(&mut p, "A5", &[3, 9]);
    assert_eq!(naked_pair(&p, &Context::unknown()), None);
    let mut p = Position::blank();
    keep(&mut p, "A1", &[3, 8]);
    keep(&mut p, "A5", &[3, 8]);
    remove(&mut p, &["A2", "A3", "A4", "A6", "A7", "A8", "A9"], &[3, 8]);
    assert_eq!(naked_pair(&p, &Context::unknown()), None);
}

#[test]
fn naked_triple_removes_its_three_digits_from_the_rest_of_the_row() {
    let mut p = Position::blank();
    keep(&mut p, "A1", &[1, 2]);
    keep(&mut p, "A4", &[2, 3]);
    keep(&mut p, "A7", &[1, 3]);
    remove(&mut p, &["A2", "A3", "A5", "A6", "A8"], &[1, 2, 3]);
    let step = first_step(&p, naked_triple);
    assert_eq!(step.technique, Technique::NakedTriple);
    assert_eq!(removed(&step), ["A9:123"]);
    assert_eq!(step.pattern.squares, squares("A1 A4 A7"));
    assert_eq!(step.pattern.units, [Unit::Row(0)]);
    assert_eq!(step.pattern.digits, digits(&[1, 2, 3]));
    assert_eq!(
        step.explanation,
        "In row A, A1, A4 and A7 hold only 1, 2 and 3 between them, so those three digits go \
         in these squares and can be removed from the rest of row A: 1, 2 and 3 from A9."
    );
}

#[test]
fn no_naked_triple_when_three_squares_hold_four_digits() {
    let mut p = Position::blank();
    keep(&mut p, "A1", &[1, 2]);
    keep(&mut p, "A4", &[2, 3]);
    keep(&mut p, "A7", &[3, 4]);
    assert_eq!(naked_triple(&p, &Context::unknown()), None);
}

#[test]
fn naked_quad_removes_its_four_digits_from_the_rest_of_the_column() {
    let mut p = Position::blank();
    keep(&mut p, "A9", &[1, 2]);
    keep(&mut p, "C9", &[2, 3]);
    keep(&mut p, "E9", &[3, 4]);
    keep(&mut p, "G9", &[1, 4]);
    remove(&mut p, &["B9", "D9", "F9", "H9"], &[1, 2, 3, 4]);
    let step = first_step(&p, naked_quad);
    assert_eq!(step.technique, Technique::NakedQuad);
    assert_eq!(removed(&step), ["I9:1234"]);
    assert_eq!(step.pattern.squares, squares("A9 C9 E9 G9"));
    assert_eq!(step.pattern.units, [Unit::Column(8)]);
    assert_eq!(step.pattern.digits, digits(&[1, 2, 3, 4]));
    assert_eq!(
        step.explanation,
        "In column 9, A9, C9, E9 and G9 hold only 1, 2, 3 and 4 between them, so those four \
         digits go in these squares and can be removed from the rest of column 9: 1, 2, 3 and \
         4 from I9."
    );
}

#[test]
fn no_naked_quad_when_four_squares_hold_five_digits() {
    let mut p = Position::blank();
    keep(&mut p, "A9", &[1, 2]);
    keep(&mut p, "C9", &[2, 3]);
    keep(&mut p, "E9", &[3, 4]);
    keep(&mut p, "G9", &[4, 5]);
    assert_eq!(naked_quad(&p, &Context::unknown()), None);
}

#[test]
fn hidden_pair_removes_every_other_digit_from_its_two_squares() {
    let mut p = Position::blank();
    confine(&mut p, Unit::Row(0), 3, &["A1", "A5"]);
    confine(&mut p, Unit::Row(0), 8, &["A1", "A5"]);
    keep(&mut p, "A1", &[2, 3, 6, 8]);
    keep(&mut p, "A5", &[3, 8, 9]);
    let step = first_step(&p, hidden_pair);
    assert_eq!(step.technique, Technique::HiddenPair);
    assert_eq!(removed(&step), ["A1:26", "A5:9"]);
    assert_eq!(step.pattern.squares, squares("A1 A5"));
    assert_eq!(step.pattern.units, [Unit::Row(0)]);
    assert_eq!(step.pattern.digits, digits(&[3, 8]));
    assert_eq!(
        step.explanation,
        "In row A, 3 and 8 can only go in A1 and A5, so those two squares can hold nothing \
         else, and their other candidates can be removed: 2 and 6 from A1, and 9 from A5."
    );
}

#[test]
fn no_hidden_pair_when_its_squares_hold_nothing_else() {
    let mut p = Position::blank();
    confine(&mut p, Unit::Row(0), 3, &["A1", "A5"]);
    confine(&mut p, Unit::Row(0), 8, &["A1", "A5"]);
    keep(&mut p, "A1", &[3, 8]);
    keep(&mut p, "A5", &[3, 8]);
    assert_eq!(hidden_pair(&p, &Context::unknown()), None);
}

#[test]
fn hidden_triple_removes_every_other_digit_from_its_three_squares() {
    let mut p = Position::blank();
    for n in 1..=3 {
        confine(&mut p, Unit::Box(4), n, &["D4", "E5", "F6"]);
    }
    let step = first_step(&p, hidden_triple);
    assert_eq!(step.technique, Technique::HiddenTriple);
    assert_eq!(removed(&step), ["D4:456789", "E5:456789", "F6:456789"]);
    assert_eq!(step.pattern.squares, squares("D4 E5 F6"));
    assert_eq!(step.pattern.units, [Unit::Box(4)]);
    assert_eq!(step.pattern.digits, digits(&[1, 2, 3]));
    assert_eq!(
        step.explanation,
        "In box 5, 1, 2 and 3 can only go in D4, E5 and F6, so those three squares can hold \
         nothing else, and their other candidates can be removed: 4, 5, 6, 7, 8 and 9 from D4, \
         E5 and F6."
    );
}

#[test]
fn no_hidden_triple_when_three_digits_spread_over_four_squares() {
    let mut p = Position::blank();
    confine(&mut p, Unit::Box(4), 1, &["D4", "E5"]);
    confine(&mut p, Unit::Box(4), 2, &["E5", "F6"]);
    confine(&mut p, Unit::Box(4), 3, &["F6", "D6"]);
    assert_eq!(hidden_triple(&p, &Context::unknown()), None);
}

#[test]
fn hidden_quad_removes_every_other_digit_from_its_four_squares() {
    let mut p = Position::blank();
    for n in 1..=4 {
        confine(&mut p, Unit::Column(8), n, &["A9", "C9", "E9", "G9"]);
    }
    keep(&mut p, "C9", &[1, 2, 3, 4]);
    keep(&mut p, "E9", &[1, 2, 3, 4, 7]);
    keep(&mut p, "G9", &[1, 2, 3, 4]);
    let step = first_step(&p, hidden_quad);
    assert_eq!(step.technique, Technique::HiddenQuad);
    assert_eq!(removed(&step), ["A9:56789", "E9:7"]);
    assert_eq!(step.pattern.squares, squares("A9 C9 E9 G9"));
    assert_eq!(step.pattern.units, [Unit::Column(8)]);
    assert_eq!(step.pattern.digits, digits(&[1, 2, 3, 4]));
    assert_eq!(
        step.explanation,
        "In column 9, 1, 2, 3 and 4 can only go in A9, C9, E9 and G9, so those four squares \
         can hold nothing else, and their other candidates can be removed: 5, 6, 7, 8 and 9 \
         from A9, and 7 from E9."
    );
}

#[test]
fn no_hidden_quad_when_four_digits_spread_over_five_squares() {
    let mut p = Position::blank();
    for n in 1..=4 {
        confine(&mut p, Unit::Column(8), n, &["A9", "C9", "E9", "G9", "I9"]);
    }
    assert_eq!(hidden_quad(&p, &Context::unknown()), None);
}

#[test]
fn no_hidden_subset_in_a_unit_with_no_more_open_squares_than_its_size() {
    // Row A has two open squares; the 9 a player kept in both would go if 1 and 2 made a hidden
    // pair there, but HoDoKu leaves such a unit to the singles.
    let mut text = String::from("129 129 3 4 5 6 7 8 9 ");
    text.push_str(&"123456789 ".repeat(72));
    let p = Position::from_pencil_marks(&text).unwrap();
    assert_eq!(hidden_pair(&p, &Context::unknown()), None);
}
