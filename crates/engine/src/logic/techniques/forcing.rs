//! Forcing chains: the last logical resort before guessing. Assume a digit in a square and follow
//! what singles then force, square by square:
//!
//! - a contradiction (a square left without candidates, or a digit without a place in a unit)
//!   proves the assumption false, so the digit is removed;
//! - when every candidate of a square (cell forcing chain), or every place of a digit in a unit
//!   (unit forcing chain), leads to the same placement or removal, that conclusion holds.
//!
//! It only reasons from the position: the known solution is never used.

use super::Context;
use crate::digit::{Digit, DigitSet};
use crate::logic::position::Position;
use crate::logic::step::{Candidate, Pattern, Step};
use crate::logic::words::{and_list, or_list, removals};
use crate::square::{Square, Unit};
use crate::square_set::SquareSet;
use crate::technique::Technique;

/// How many placements a branch shows before it is abbreviated.
const SHOWN: usize = 4;

/// The 27 units in the order of [`Unit::all`], with their squares.
fn units() -> [(Unit, SquareSet); 27] {
    let mut table = [(Unit::Row(0), SquareSet::EMPTY); 27];
    for (slot, unit) in table.iter_mut().zip(Unit::all()) {
        *slot = (unit, SquareSet::unit(unit));
    }
    table
}

/// Why an assumption cannot hold.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Broken {
    /// A square would have no candidate left.
    NoCandidate(Square),
    /// A digit would have no place left in a unit that lacks it.
    NoPlace(Unit, Digit),
}

/// Where an assumption leads: the placements singles force, in order (the assumption first), and
/// the candidates removed on the way.
struct Trail {
    placed: Vec<Candidate>,
    on: [SquareSet; 9],
    off: [SquareSet; 9],
}

/// Candidates as the propagation changes them.
#[derive(Clone)]
struct ForcedPosition {
    values: [Option<Digit>; 81],
    candidates: [DigitSet; 81],
    places: [SquareSet; 9],
    /// For each unit (as in [`Unit::all`]), the digits placed in it.
    placed_in: [DigitSet; 27],
}

impl ForcedPosition {
    fn new(position: &Position, units: &[(Unit, SquareSet); 27]) -> ForcedPosition {
        let mut board = ForcedPosition {
            values: [None; 81],
            candidates: [DigitSet::EMPTY; 81],
            places: [SquareSet::EMPTY; 9],
            placed_in: [DigitSet::EMPTY; 27],
        };
        for s in Square::all() {
            board.values[s.index()] = position.value(s);
            board.candidates[s.index()] = position.candidates(s);
        }
        for d in Digit::all() {
            board.places[d.index()] = position.squares_with(d);
        }
        for (i, (unit, _)) in units.iter().enumerate() {
            board.placed_in[i] = position.placed_digits(*unit);
        }
        board
    }
}

/// Unit indexes (as in [`Unit::all`]) of a square: its row, column and box.
fn unit_indexes(s: Square) -> [usize; 3] {
    [s.row(), 9 + s.col(), 18 + s.box_index()]
}

/// Follows singles from `digit` in `square` on a copy of `start`: where it leads, or why it cannot
/// hold and the placements made before it broke.
fn follow(
    start: &ForcedPosition,
    units: &[(Unit, SquareSet); 27],
    square: Square,
    digit: Digit,
) -> Result<Trail, (Broken, Vec<Candidate>)> {
    let mut board = start.clone();
    let mut placed: Vec<Candidate> = Vec::new();
    let mut queue: Vec<Candidate> = vec![Candidate::new(square, digit)];
    loop {
        while let Some(c) = queue.pop() {
            match place(&mut board, c, &mut queue) {
                Ok(true) => placed.push(c),
                Ok(false) => {}
                Err(broken) => {
                    placed.push(c);
                    return Err((broken, placed));
                }
            }
        }
        if let Err(broken) = hidden_singles(&board, units, &mut queue) {
            return Err((broken, placed));
        }
        if queue.is_empty() {
            break;
        }
    }
    let mut on = [SquareSet::EMPTY; 9];
    for c in &placed {
        on[c.digit.index()].insert(c.square);
    }
    let mut off = [SquareSet::EMPTY; 9];
    for d in 0..9 {
        off[d] = start.places[d] - board.places[d] - on[d];
    }
    Ok(Trail { placed, on, off })
}

/// Places `c` and queues the naked singles it leaves; whether it was new (a square can be queued
/// twice for the same digit).
fn place(
    board: &mut ForcedPosition,
    c: Candidate,
    queue: &mut Vec<Candidate>,
) -> Result<bool, Broken> {
    let (s, d) = (c.square, c.digit);
    if board.values[s.index()] == Some(d) {
        return Ok(false);
    }
    if !board.candidates[s.index()].contains(d) {
        return Err(Broken::NoCandidate(s));
    }
    board.values[s.index()] = Some(d);
    board.candidates[s.index()] = DigitSet::EMPTY;
    for places in board.places.iter_mut() {
        places.remove(s);
    }
    for u in unit_indexes(s) {
        board.placed_in[u] = DigitSet::from_bits(board.placed_in[u].bits() | 1 << d.index());
    }
    let peers = board.places[d.index()] & SquareSet::peers(s);
    board.places[d.index()] = board.places[d.index()] - peers;
    for p in peers {
        let left = board.candidates[p.index()].without(d);
        board.candidates[p.index()] = left;
        if left.is_empty() {
            return Err(Broken::NoCandidate(p));
        }
        if let Some(only) = left.single_digit() {
            queue.push(Candidate::new(p, only));
        }
    }
    Ok(true)
}

/// Queues every hidden single; a digit without a place in a unit that lacks it is a contradiction.
fn hidden_singles(
    board: &ForcedPosition,
    units: &[(Unit, SquareSet); 27],
    queue: &mut Vec<Candidate>,
) -> Result<(), Broken> {
    for (i, &(unit, set)) in units.iter().enumerate() {
        let missing = DigitSet::from_bits(!board.placed_in[i].bits());
        for d in missing.iter() {
            let places = board.places[d.index()] & set;
            match places.len() {
                0 => return Err(Broken::NoPlace(unit, d)),
                1 => queue.extend(places.first().map(|s| Candidate::new(s, d))),
                _ => {}
            }
        }
    }
    Ok(())
}

/// Square by square, a contradiction from one of its candidates or a cell forcing chain; then unit
/// by unit, a unit forcing chain.
pub fn forcing_chain(position: &Position, _: &Context) -> Option<Step> {
    let units = units();
    let start = ForcedPosition::new(position, &units);
    let mut trails: Vec<Option<Trail>> = (0..729).map(|_| None).collect();
    for s in position.empty_squares() {
        for d in position.candidates(s).iter() {
            match follow(&start, &units, s, d) {
                Ok(trail) => trails[s.index() * 9 + d.index()] = Some(trail),
                Err((broken, placed)) => return Some(contradiction(s, d, broken, &placed)),
            }
        }
        let branches: Vec<(Candidate, &Trail)> = position
            .candidates(s)
            .iter()
            .filter_map(|d| {
                Some((
                    Candidate::new(s, d),
                    trails[s.index() * 9 + d.index()].as_ref()?,
                ))
            })
            .collect();
        if let Some(step) = common_conclusion(position, &branches, None) {
            return Some(step);
        }
    }
    for &(unit, set) in &units {
        for d in Digit::all() {
            let places = position.squares_with(d) & set;
            if places.len() < 2 {
                continue;
            }
            let branches: Vec<(Candidate, &Trail)> = places
                .iter()
                .filter_map(|s| {
                    Some((
                        Candidate::new(s, d),
                        trails[s.index() * 9 + d.index()].as_ref()?,
                    ))
                })
                .collect();
            if let Some(step) = common_conclusion(position, &branches, Some(unit)) {
                return Some(step);
            }
        }
    }
    None
}

/// What every branch leads to: the placements they share, else the removals they share.
fn common_conclusion(
    position: &Position,
    branches: &[(Candidate, &Trail)],
    unit: Option<Unit>,
) -> Option<Step> {
    if branches.len() < 2 {
        return None;
    }
    let mut on = branches[0].1.on;
    let mut off = branches[0].1.off;
    for (_, t) in &branches[1..] {
        for d in 0..9 {
            on[d] &= t.on[d];
            off[d] &= t.off[d];
        }
    }
    let placements: Vec<Candidate> = (0..9)
        .flat_map(|d| on[d].iter().map(move |s| (s, d)))
        .filter(|&(s, _)| position.value(s).is_none())
        .map(|(s, d)| Candidate::new(s, Digit::from_index(d)))
        .collect();
    let eliminations: Vec<Candidate> = (0..9)
        .flat_map(|d| off[d].iter().map(move |s| (s, d)))
        .map(|(s, d)| Candidate::new(s, Digit::from_index(d)))
        .filter(|c| position.has(c.square, c.digit))
        .collect();
    if placements.is_empty() && eliminations.is_empty() {
        return None;
    }
    Some(verity(branches, unit, placements, eliminations))
}

/// How far into `trail` the conclusion `c` is reached: where it is placed, or for a removal, the
/// placement that rules it out.
fn reached_at(trail: &[Candidate], c: Candidate, placed: bool) -> usize {
    trail
        .iter()
        .position(|p| {
            if placed {
                *p == c
            } else {
                (p.square == c.square && p.digit != c.digit)
                    || (p.digit == c.digit && SquareSet::peers(p.square).contains(c.square))
            }
        })
        .unwrap_or(trail.len().saturating_sub(1))
}

/// The placements after the assumption up to `end`, abbreviated: `C4 = 3, D5 = 2, …, E5 = 7`.
fn trail_text(trail: &[Candidate], end: usize) -> String {
    let shown: Vec<String> = trail
        .iter()
        .take(end + 1)
        .skip(1)
        .map(|c| format!("{} = {}", c.square, c.digit))
        .collect();
    if shown.len() <= SHOWN {
        return shown.join(", ");
    }
    format!(
        "{}, … ({} in all), {}",
        shown[..SHOWN - 1].join(", "),
        shown.len(),
        shown[shown.len() - 1]
    )
}

/// "if B2 is 1, singles give C4 = 3, E5 = 7".
fn branch_text(start: Candidate, trail: &[Candidate], end: usize) -> String {
    let followed = trail_text(trail, end);
    if followed.is_empty() {
        return format!("if {} is {}, at once", start.square, start.digit);
    }
    format!(
        "if {} is {}, singles give {followed}",
        start.square, start.digit
    )
}

fn verity(
    branches: &[(Candidate, &Trail)],
    unit: Option<Unit>,
    placements: Vec<Candidate>,
    eliminations: Vec<Candidate>,
) -> Step {
    let placing = !placements.is_empty();
    let conclusions = if placing { &placements } else { &eliminations };
    let texts: Vec<String> = branches
        .iter()
        .map(|(start, t)| {
            let end = conclusions
                .iter()
                .map(|&c| reached_at(&t.placed, c, placing))
                .max()
                .unwrap_or(0);
            branch_text(*start, &t.placed, end)
        })
        .collect();
    let what = if placing {
        and_list(
            placements
                .iter()
                .map(|c| format!("{} is {}", c.square, c.digit)),
        )
    } else {
        removal_clause(&eliminations)
    };
    let first = branches[0].0;
    let opening = match unit {
        None => format!("Whatever {} holds", first.square),
        Some(u) => format!(
            "Wherever {} goes in {u} ({})",
            first.digit,
            or_list(branches.iter().map(|(c, _)| c.square))
        ),
    };
    let explanation = format!(
        "{opening}, the same follows: {}. So {what}.",
        texts.join("; ")
    );
    let mut squares: Vec<Square> = branches.iter().map(|(c, _)| c.square).collect();
    squares.dedup();
    let pattern = Pattern {
        squares,
        units: unit.into_iter().collect(),
        digits: {
            let mut ds: Vec<Digit> = branches.iter().map(|(c, _)| c.digit).collect();
            ds.dedup();
            ds
        },
    };
    Step {
        technique: Technique::ForcingChain,
        placements,
        eliminations: {
            let mut e = if placing { Vec::new() } else { eliminations };
            e.sort();
            e
        },
        pattern,
        explanation,
    }
}

fn contradiction(square: Square, digit: Digit, broken: Broken, trail: &[Candidate]) -> Step {
    let followed = trail_text(trail, trail.len().saturating_sub(1));
    let then = match broken {
        Broken::NoCandidate(s) => format!("{s} would have no candidate left"),
        Broken::NoPlace(unit, d) => format!("{d} would have no place left in {unit}"),
    };
    let explanation = if followed.is_empty() {
        format!("If {square} were {digit}, {then}. So {digit} can be removed from {square}.")
    } else {
        format!(
            "If {square} were {digit}, singles would give {followed}, and then {then}. So {digit} \
             can be removed from {square}."
        )
    };
    let mut units = Vec::new();
    if let Broken::NoPlace(unit, _) = broken {
        units.push(unit);
    }
    Step::elimination(
        Technique::ForcingChain,
        vec![Candidate::new(square, digit)],
        Pattern {
            squares: vec![square],
            units,
            digits: vec![digit],
        },
        explanation,
    )
}

/// "7 can be removed from A2 and H2", or for several digits "these candidates can be removed: 7 from
/// A2 and 5 from H2".
fn removal_clause(eliminations: &[Candidate]) -> String {
    match eliminations.first() {
        Some(first) if eliminations.iter().all(|c| c.digit == first.digit) => format!(
            "{} can be removed from {}",
            first.digit,
            and_list(eliminations.iter().map(|c| c.square))
        ),
        _ => format!(
            "these candidates can be removed: {}",
            removals(eliminations)
        ),
    }
}

#[cfg(test)]
mod tests;
