//! Subsets: `n` squares of a unit that hold only `n` digits between them (naked), or `n` digits of a
//! unit that can only go in the same `n` squares (hidden), for `n` of two to four. Either way those
//! digits fill those squares: a naked subset's digits leave the rest of every unit its squares share,
//! and a hidden subset's squares lose every other digit.
//!
//! The scope is HoDoKu's: boxes are scanned first, then rows, then columns, and subsets are chosen in
//! the order of their squares (naked) or digits (hidden). A naked pair or triple whose squares share a
//! box and a row or column and that clears both (outside the box for the line) is a locked pair or
//! triple, and only that; the naked finders skip it.

use super::Context;
use crate::digit::DigitSet;
use crate::logic::position::Position;
use crate::logic::step::{Candidate, Pattern, Step};
use crate::logic::words::and_list;
use crate::square::{Square, Unit};
use crate::square_set::SquareSet;
use crate::technique::Technique;

/// A naked pair that shares a box and a row or column, clearing both.
pub fn locked_pair(position: &Position, _: &Context) -> Option<Step> {
    naked_subset(position, 2, Kind::Locked)
}

/// A naked triple that shares a box and a row or column, clearing both.
pub fn locked_triple(position: &Position, _: &Context) -> Option<Step> {
    naked_subset(position, 3, Kind::Locked)
}

/// Two squares of a unit holding only the same two digits.
pub fn naked_pair(position: &Position, _: &Context) -> Option<Step> {
    naked_subset(position, 2, Kind::Naked)
}

/// Three squares of a unit holding only three digits between them.
pub fn naked_triple(position: &Position, _: &Context) -> Option<Step> {
    naked_subset(position, 3, Kind::Naked)
}

/// Four squares of a unit holding only four digits between them.
pub fn naked_quad(position: &Position, _: &Context) -> Option<Step> {
    naked_subset(position, 4, Kind::Naked)
}

/// Two digits of a unit that can only go in the same two squares.
pub fn hidden_pair(position: &Position, _: &Context) -> Option<Step> {
    hidden_subset(position, 2)
}

/// Three digits of a unit that can only go in the same three squares.
pub fn hidden_triple(position: &Position, _: &Context) -> Option<Step> {
    hidden_subset(position, 3)
}

/// Four digits of a unit that can only go in the same four squares.
pub fn hidden_quad(position: &Position, _: &Context) -> Option<Step> {
    hidden_subset(position, 4)
}

/// Which naked subsets a search reports: the locked ones, or the others.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Kind {
    Locked,
    Naked,
}

/// Boxes, then rows, then columns: HoDoKu's order for subsets.
fn scan_order() -> impl Iterator<Item = Unit> {
    (0..9)
        .map(Unit::Box)
        .chain((0..9).map(Unit::Row))
        .chain((0..9).map(Unit::Column))
}

fn naked_subset(position: &Position, size: usize, kind: Kind) -> Option<Step> {
    // A locked subset lies in a box, so scanning the boxes finds every one.
    let units = match kind {
        Kind::Locked => 9,
        Kind::Naked => 27,
    };
    scan_order()
        .take(units)
        .find_map(|unit| naked_in_unit(position, unit, size, kind))
}

fn naked_in_unit(position: &Position, unit: Unit, size: usize, kind: Kind) -> Option<Step> {
    let mut squares = unit.squares();
    let mut masks = [0u16; 9];
    let mut count = 0;
    for s in unit.squares() {
        let candidates = position.candidates(s);
        if (1..=size).contains(&candidates.len()) {
            squares[count] = s;
            masks[count] = candidates.bits();
            count += 1;
        }
    }
    Subsets::new(&masks[..count], size).find(&mut |chosen, union| {
        let subset: SquareSet = chosen.iter().map(|&i| squares[i]).collect();
        naked_step(position, unit, subset, DigitSet::from_bits(union), kind)
    })
}

/// The step of the naked subset `subset` (found in `unit`) holding `digits`, if it removes something
/// and is of the kind looked for.
fn naked_step(
    position: &Position,
    unit: Unit,
    subset: SquareSet,
    digits: DigitSet,
    kind: Kind,
) -> Option<Step> {
    let [row, column, block] = subset.first()?.units();
    let shares = |u: Unit| subset.is_subset(SquareSet::unit(u));
    let area = [row, column, block]
        .into_iter()
        .filter(|&u| shares(u))
        .fold(SquareSet::EMPTY, |acc, u| acc | SquareSet::unit(u))
        - subset;
    let holders = digits
        .iter()
        .fold(SquareSet::EMPTY, |acc, d| acc | position.squares_with(d));
    let hits = holders & area;
    if hits.is_empty() {
        return None;
    }
    let line = [row, column].into_iter().find(|&u| shares(u));
    let block_set = SquareSet::unit(block);
    let clears_line = line.is_some_and(|l| !(hits & (SquareSet::unit(l) - block_set)).is_empty());
    let clears_box = shares(block) && !(hits & block_set).is_empty();
    let locked = subset.len() < 4 && clears_line && clears_box;
    if locked != (kind == Kind::Locked) {
        return None;
    }
    let units: Vec<Unit> = std::iter::once(unit)
        .chain(
            [row, column, block]
                .into_iter()
                .filter(|&u| u != unit && shares(u)),
        )
        .collect();
    Some(naked_subset_step(
        position, subset, digits, hits, units, locked,
    ))
}

fn naked_subset_step(
    position: &Position,
    subset: SquareSet,
    digits: DigitSet,
    hits: SquareSet,
    units: Vec<Unit>,
    locked: bool,
) -> Step {
    let mut eliminations: Vec<Candidate> = hits
        .iter()
        .flat_map(|s| {
            let removed = DigitSet::from_bits(position.candidates(s).bits() & digits.bits());
            removed.iter().map(move |d| Candidate::new(s, d))
        })
        .collect();
    eliminations.sort();
    let size = subset.len();
    let (technique, lead) = match (locked, size) {
        (true, 2) => (Technique::LockedPair, String::new()),
        (true, _) => (Technique::LockedTriple, String::new()),
        (false, 2) => (Technique::NakedPair, format!("In {}, ", units[0])),
        (false, 3) => (Technique::NakedTriple, format!("In {}, ", units[0])),
        (false, _) => (Technique::NakedQuad, format!("In {}, ", units[0])),
    };
    let place = if locked {
        format!(" and lie in both {}", and_list(&units))
    } else {
        String::new()
    };
    let explanation = format!(
        "{lead}{} hold only {} between them{place}, so those {} digits go in these squares and can \
         be removed from the rest of {}: {}.",
        and_list(subset),
        and_list(digits.iter()),
        number(size),
        and_list(&units),
        grouped_removals(&eliminations)
    );
    Step::elimination(
        technique,
        eliminations,
        Pattern {
            squares: subset.iter().collect(),
            units,
            digits: digits.iter().collect(),
        },
        explanation,
    )
}

fn hidden_subset(position: &Position, size: usize) -> Option<Step> {
    scan_order().find_map(|unit| hidden_in_unit(position, unit, size))
}

fn hidden_in_unit(position: &Position, unit: Unit, size: usize) -> Option<Step> {
    let squares = unit.squares();
    // With no more open squares than the subset's size, the subset is the whole rest of the unit.
    let open = squares
        .iter()
        .filter(|&&s| !position.candidates(s).is_empty())
        .count();
    if open <= size {
        return None;
    }
    // For each digit, the positions (0..9 within the unit) where it can go.
    let mut spread = [0u16; 9];
    for (i, &s) in squares.iter().enumerate() {
        for d in position.candidates(s).iter() {
            spread[d.index()] |= 1 << i;
        }
    }
    let mut digits = [0usize; 9];
    let mut masks = [0u16; 9];
    let mut count = 0;
    for (digit, &mask) in spread.iter().enumerate() {
        if (1..=size).contains(&(mask.count_ones() as usize)) {
            digits[count] = digit;
            masks[count] = mask;
            count += 1;
        }
    }
    Subsets::new(&masks[..count], size).find(&mut |chosen, union| {
        let subset_digits = DigitSet::from_bits(chosen.iter().fold(0, |m, &i| m | 1 << digits[i]));
        let cells: SquareSet = (0..9)
            .filter(|i| union >> i & 1 == 1)
            .map(|i| squares[i])
            .collect();
        hidden_step(position, unit, cells, subset_digits)
    })
}

/// The step of the hidden subset `digits` confined to `cells` of `unit`, if those squares hold
/// anything else.
fn hidden_step(
    position: &Position,
    unit: Unit,
    cells: SquareSet,
    digits: DigitSet,
) -> Option<Step> {
    let others = |s: Square| DigitSet::from_bits(position.candidates(s).bits() & !digits.bits());
    if cells.iter().all(|s| others(s).is_empty()) {
        return None;
    }
    let eliminations: Vec<Candidate> = cells
        .iter()
        .flat_map(|s| others(s).iter().map(move |d| Candidate::new(s, d)))
        .collect();
    let size = cells.len();
    let technique = match size {
        2 => Technique::HiddenPair,
        3 => Technique::HiddenTriple,
        _ => Technique::HiddenQuad,
    };
    let explanation = format!(
        "In {unit}, {} can only go in {}, so those {} squares can hold nothing else, and their \
         other candidates can be removed: {}.",
        and_list(digits.iter()),
        and_list(cells),
        number(size),
        grouped_removals(&eliminations)
    );
    Some(Step::elimination(
        technique,
        eliminations,
        Pattern {
            squares: cells.iter().collect(),
            units: vec![unit],
            digits: digits.iter().collect(),
        },
        explanation,
    ))
}

fn number(n: usize) -> &'static str {
    match n {
        2 => "two",
        3 => "three",
        _ => "four",
    }
}

/// The eliminations (sorted by square) grouped by the squares that lose the same digits: `3 and 8
/// from A7 and A9, and 8 from B2`.
fn grouped_removals(eliminations: &[Candidate]) -> String {
    let mut per_square: Vec<(Square, DigitSet)> = Vec::new();
    for e in eliminations {
        match per_square.last_mut() {
            Some((s, set)) if *s == e.square => {
                *set = DigitSet::from_bits(set.bits() | DigitSet::single(e.digit).bits())
            }
            _ => per_square.push((e.square, DigitSet::single(e.digit))),
        }
    }
    let mut groups: Vec<(DigitSet, Vec<Square>)> = Vec::new();
    for (square, set) in per_square {
        match groups.iter_mut().find(|(g, _)| *g == set) {
            Some((_, squares)) => squares.push(square),
            None => groups.push((set, vec![square])),
        }
    }
    let phrases: Vec<String> = groups
        .iter()
        .map(|(set, squares)| format!("{} from {}", and_list(set.iter()), and_list(squares)))
        .collect();
    match phrases.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{}, and {last}", rest.join(", ")),
        _ => phrases.concat(),
    }
}

/// Choices of `size` masks, in the lexicographic order of their indices, whose union has exactly
/// `size` bits: the squares of a naked subset (masks of digits) or the digits of a hidden one (masks
/// of positions). A union that grows past `size` bits cuts the branch.
struct Subsets<'a> {
    masks: &'a [u16],
    size: usize,
    chosen: [usize; 4],
}

impl<'a> Subsets<'a> {
    fn new(masks: &'a [u16], size: usize) -> Subsets<'a> {
        Subsets {
            masks,
            size,
            chosen: [0; 4],
        }
    }

    /// The first step `accept` makes of a choice (given as indices into the masks, with its union).
    fn find<F>(&mut self, accept: &mut F) -> Option<Step>
    where
        F: FnMut(&[usize], u16) -> Option<Step>,
    {
        self.extend(0, 0, 0, accept)
    }

    fn extend<F>(&mut self, depth: usize, start: usize, union: u16, accept: &mut F) -> Option<Step>
    where
        F: FnMut(&[usize], u16) -> Option<Step>,
    {
        if depth == self.size {
            if union.count_ones() as usize != self.size {
                return None;
            }
            return accept(&self.chosen[..self.size], union);
        }
        // Leave room for the masks still to choose.
        let last = self.masks.len().checked_sub(self.size - depth)?;
        for i in start..=last {
            let grown = union | self.masks[i];
            if grown.count_ones() as usize > self.size {
                continue;
            }
            self.chosen[depth] = i;
            if let Some(step) = self.extend(depth + 1, i + 1, grown, accept) {
                return Some(step);
            }
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::super::test_support::{d, keep, sq};
    use super::*;
    use crate::digit::Digit;
    use crate::logic::techniques::next_step;

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
    fn first_step(p: &Position, finder: super::super::Finder) -> Step {
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
}
