//! Killer cages: groups of connected cells with a sum, no digit repeated inside. Connected means
//! by king moves: cells touching only at a corner belong together, as in published killers whose
//! cages bend diagonally (f-puzzles and SudokuPad draw and accept them). A cage is a unit in
//! all but size (it holds 1 to N cells, so a value need not appear in it) and carries a sum.
//!
//! The wire form is `{"sum": 15, "cells": ["A1", "A2", "B1"]}` in `rules.cages`; [`check`] turns the
//! list into [`Cage`]s once, naming the first cage at fault (1-based, in the order given).

use serde::{Deserialize, Serialize};

use super::ShapeError;

/// A cage as the wire gives it: its sum and its cells by name (`A1`..).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CageRule {
    /// The sum of the cage's values.
    pub sum: u32,
    /// The cells, by name (`A1`, row letter then 1-based column); any order.
    pub cells: Vec<String>,
}

/// A checked cage: distinct connected cells of the grid, ascending, and a sum some set of distinct
/// values reaches.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Cage {
    /// The sum.
    pub sum: u32,
    /// The cells, ascending.
    pub cells: Vec<u16>,
}

/// The smallest and largest sums `count` distinct values of 1..=`size` reach.
pub fn sum_range(size: usize, count: usize) -> (u32, u32) {
    let (n, k) = (size as u32, count as u32);
    (k * (k + 1) / 2, k * (2 * n + 1 - k) / 2)
}

/// Checks `rules` on a `size` x `size` grid whose cells are named by `named`: every cell exists,
/// cages do not overlap, each is connected, no larger than N, and its sum is reachable.
pub(super) fn check(
    rules: &[CageRule],
    size: usize,
    named: impl Fn(&str) -> Option<usize>,
    name_of: impl Fn(usize) -> String,
) -> Result<Vec<Cage>, ShapeError> {
    let mut owner: Vec<Option<usize>> = vec![None; size * size];
    let mut cages = Vec::with_capacity(rules.len());
    for (i, rule) in rules.iter().enumerate() {
        let cage = i + 1;
        if rule.cells.is_empty() {
            return Err(ShapeError::CageEmpty { cage });
        }
        if rule.cells.len() > size {
            return Err(ShapeError::CageTooLarge {
                cage,
                cells: rule.cells.len(),
                size,
            });
        }
        let mut cells = Vec::with_capacity(rule.cells.len());
        for name in &rule.cells {
            let cell = named(name).ok_or_else(|| ShapeError::CageUnknownCell {
                cage,
                cell: name.clone(),
                size,
            })?;
            if owner[cell].is_some() {
                return Err(ShapeError::CagesOverlap {
                    cage,
                    cell: name_of(cell),
                });
            }
            owner[cell] = Some(i);
            cells.push(cell);
        }
        if let Some(apart) = unreached(&cells, &owner, i, size) {
            return Err(ShapeError::CageNotConnected {
                cage,
                first: name_of(cells[0]),
                apart: name_of(apart),
            });
        }
        let (min, max) = sum_range(size, cells.len());
        if !(min..=max).contains(&rule.sum) {
            return Err(ShapeError::CageSumImpossible {
                cage,
                sum: rule.sum,
                cells: cells.len(),
                min,
                max,
            });
        }
        cells.sort_unstable();
        cages.push(Cage {
            sum: rule.sum,
            cells: cells.into_iter().map(|c| c as u16).collect(),
        });
    }
    Ok(cages)
}

/// The first of `cells` (all owned by cage `id`) that cannot be reached from the first one by king
/// moves (edge or corner) inside the cage; `None` when the cage is connected.
fn unreached(cells: &[usize], owner: &[Option<usize>], id: usize, size: usize) -> Option<usize> {
    let mut seen = vec![false; size * size];
    let mut stack = vec![cells[0]];
    seen[cells[0]] = true;
    while let Some(cell) = stack.pop() {
        for next in king_neighbours(cell, size) {
            if !seen[next] && owner[next] == Some(id) {
                seen[next] = true;
                stack.push(next);
            }
        }
    }
    cells.iter().copied().find(|&c| !seen[c])
}

/// The up to eight cells touching `cell` at an edge or a corner.
fn king_neighbours(cell: usize, size: usize) -> impl Iterator<Item = usize> {
    let (r, c) = (cell / size, cell % size);
    let rows = r.saturating_sub(1)..=(r + 1).min(size - 1);
    rows.flat_map(move |rr| {
        let cols = c.saturating_sub(1)..=(c + 1).min(size - 1);
        cols.map(move |cc| rr * size + cc)
    })
    .filter(move |&next| next != cell)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sum_ranges_are_those_of_the_smallest_and_largest_distinct_values() {
        assert_eq!(sum_range(9, 1), (1, 9));
        assert_eq!(sum_range(9, 2), (3, 17));
        assert_eq!(sum_range(9, 9), (45, 45));
        assert_eq!(sum_range(4, 3), (6, 9));
        assert_eq!(sum_range(16, 16), (136, 136));
    }

    fn named(name: &str) -> Option<usize> {
        let b = name.as_bytes();
        let (r, c) = (usize::from(b[0] - b'A'), usize::from(b[1] - b'1'));
        (r < 9 && c < 9).then_some(r * 9 + c)
    }

    fn cage(sum: u32, cells: &[&str]) -> CageRule {
        CageRule {
            sum,
            cells: cells.iter().map(ToString::to_string).collect(),
        }
    }

    #[test]
    fn cells_touching_at_a_corner_make_one_cage_and_cells_apart_do_not() {
        let name_of = |i: usize| format!("{}{}", char::from(b'A' + (i / 9) as u8), i % 9 + 1);
        let diagonal = [cage(12, &["A1", "B2", "C3"])];
        assert!(check(&diagonal, 9, named, name_of).is_ok());
        let bent = [cage(10, &["A1", "A2", "B3"])];
        assert!(check(&bent, 9, named, name_of).is_ok());
        let apart = [cage(10, &["A1", "C3"])];
        let error = check(&apart, 9, named, name_of).unwrap_err();
        assert_eq!(
            error.to_string(),
            "cage 1: cells A1 and C3 are not connected"
        );
        let wrapped = [cage(10, &["A9", "B1"])];
        assert!(check(&wrapped, 9, named, name_of).is_err());
    }
}
