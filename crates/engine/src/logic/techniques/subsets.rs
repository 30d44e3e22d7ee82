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
mod tests;
