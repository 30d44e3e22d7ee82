//! Forcing chains on any shape, the last logical resort before a guess: assume a value in a cell and
//! follow what singles then force, cell by cell (see [`follow`]):
//!
//! - a contradiction (a cell left without candidates, or a value without a place in a unit that
//!   lacks it) proves the assumption false, so the value is removed;
//! - when every candidate of a cell (cell forcing chain), or every place of a value in a unit (unit
//!   forcing chain), leads to the same placement or removal, that conclusion holds.
//!
//! On classic 9x9 it is HoDoKu's forcing chain: its tests hold the classic cases. It only reasons
//! from the position
//! (the known solution is never used). Singles need nothing but units, and a
//! killer's cages only as peers (a cage repeats no value; its sum is never read), so it is sound on
//! every shape.
//!
//! Bounded by one count of work per step ([`WORK`]: peers visited, unit cells scanned, cells copied
//! and compared), not by the clock, so a position always gives the same step. A follow costs about
//! the cells it places times their peers, so the same count buys fewer starts on a larger shape:
//! every start of any 9x9 position, a whole fruitless pass on a generated 25x25, and no more than
//! some 25 ms on any position. Cells are tried in order, as HoDoKu tries them,
//! and a unit forcing chain uses only trails the cell pass paid for (a unit whose places were not
//! all followed is skipped: a missing branch would make it unsound).

mod follow;
mod words;

use follow::{Consequences, Follower};

use super::geometry::Geometry;
use super::position::{bit, values_of, ShapePosition};
use super::step::{Mark, ShapeStep};
use crate::shape::Cells;

/// The most work one call does. Measured with a release build: at most 131,353 on the classic
/// positions of top95, hardest and 2,000 newspaper puzzles; at most 1.2 million on generated
/// 16x16 and 5.1 million (18 ms) on 25x25, where the whole pass finds nothing. So it only stops
/// what no generated puzzle reaches, such as a player's sparse pencil marks on a 25x25.
pub const WORK: usize = 8_000_000;

/// A contradiction from one candidate, else a cell forcing chain, cell by cell; then a unit forcing
/// chain, unit by unit and value by value.
pub fn forcing_chain(geo: &Geometry, pos: &ShapePosition, _: &Cells) -> Option<ShapeStep> {
    let shape = geo.shape;
    let n = shape.size();
    let mut follower = Follower::new(geo, pos, WORK);
    let open: Vec<usize> = (0..shape.cell_count())
        .filter(|&c| follower.candidates(c) != 0)
        .collect();
    let mut trails: Vec<Option<Consequences>> = (0..shape.cell_count() * n).map(|_| None).collect();
    let slot = |m: Mark| m.cell * n + usize::from(m.value) - 1;
    for &cell in &open {
        let starts: Vec<Mark> = values_of(follower.candidates(cell))
            .map(|v| Mark::new(cell, v))
            .collect();
        for &start in &starts {
            match follower.follow(start.cell, start.value) {
                None => break,
                Some(Ok(trail)) => trails[slot(start)] = Some(trail),
                Some(Err((broken, placed))) => {
                    return Some(words::contradiction(shape, start, broken, &placed))
                }
            }
        }
        if follower.exhausted() {
            break;
        }
        let branches = gather(&trails, &starts, slot).unwrap_or_default();
        if let Some(step) = common_conclusion(&mut follower, pos, &open, &branches, None) {
            return Some(step);
        }
    }
    for unit in 0..shape.unit_count() {
        for v in values_of(shape.all_values()) {
            let starts: Vec<Mark> = shape
                .unit(unit)
                .iter()
                .map(|&c| Mark::new(usize::from(c), v))
                .filter(|m| follower.candidates(m.cell) & bit(v) != 0)
                .collect();
            let Some(branches) = gather(&trails, &starts, slot) else {
                continue;
            };
            let step = common_conclusion(&mut follower, pos, &open, &branches, Some(unit));
            if step.is_some() || follower.exhausted() {
                return step;
            }
        }
    }
    None
}

/// The trails of `starts`, when every one was followed.
fn gather<'t>(
    trails: &'t [Option<Consequences>],
    starts: &[Mark],
    slot: impl Fn(Mark) -> usize,
) -> Option<Vec<(Mark, &'t Consequences)>> {
    starts
        .iter()
        .map(|&m| Some((m, trails[slot(m)].as_ref()?)))
        .collect()
}

/// What every branch leads to: the placements they share, else the removals they share (among the
/// candidates of the position). Nothing for fewer than two branches, or once the budget is spent.
fn common_conclusion(
    follower: &mut Follower,
    pos: &ShapePosition,
    open: &[usize],
    branches: &[(Mark, &Consequences)],
    unit: Option<usize>,
) -> Option<ShapeStep> {
    if branches.len() < 2 || !follower.spend(branches.len() * open.len()) {
        return None;
    }
    let mut placements = Vec::new();
    let mut eliminations = Vec::new();
    for &c in open {
        let first = branches[0].1.placed_value(c);
        if first.is_some() && branches.iter().all(|(_, t)| t.placed_value(c) == first) {
            placements.extend(first.map(|v| Mark::new(c, v)));
        }
        let kept = branches.iter().fold(0, |acc, (_, t)| acc | t.kept(c));
        let gone = follower.candidates(c) & !kept & pos.candidates(c);
        eliminations.extend(values_of(gone).map(|v| Mark::new(c, v)));
    }
    if placements.is_empty() && eliminations.is_empty() {
        return None;
    }
    // Value by value, as the words list them (the step keeps its removals cell by cell).
    placements.sort_unstable_by_key(|m| (m.value, m.cell));
    eliminations.sort_unstable_by_key(|m| (m.value, m.cell));
    Some(words::verity(
        follower.geo().shape,
        branches,
        unit,
        placements,
        eliminations,
    ))
}

#[cfg(test)]
mod tests;
