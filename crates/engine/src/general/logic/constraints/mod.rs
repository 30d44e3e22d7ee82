//! The techniques that read a variant's constraints (issue 33), for every shape with any: each
//! narrows a constraint the way the solver's propagation does (its truth tables, sums, renban
//! windows and sandwich automaton, in [`crate::general`]) and says why in a setter's words, naming
//! the constraint as `rules.constraints` numbers it, 1-based, as conflicts do (`constraint 3
//! (thermo)` there, `thermometer 3 (B2-B3-B4)` here), and cells by name.
//!
//! - `parity`: Odd and Even (cells marked odd or even keep only such digits).
//! - `thermo`: Thermometer (each cell of a thermometer keeps the digits between the bounds its
//!   place on the line and its neighbours' candidates give it: a cell k places after the bulb needs
//!   k smaller digits before it).
//! - `pairs`: Dot Pair (a kropki dot, an X or a V, a whisper's neighbours, a palindrome's mirrored
//!   cells, and the global rules between neighbours: non-consecutive, negative kropki and XV; a
//!   digit of one cell with no partner left in the other goes; once no pair narrows, a whisper or
//!   palindrome read whole, its cells that see each other never repeating a digit).
//! - `sums`: Line Sum (an arrow's or pill's total, a little killer's: a digit with which no total
//!   that fits can be made goes) and Renban (the runs of consecutive digits that still fit).
//! - `sandwich`: Sandwich (the digits between the 1 and the N make the sum, which fixes how far
//!   apart the 1 and the N lie; a digit that fits no way of filling the line goes).
//!
//! - `fill`: the bounded search of every filling of a constraint's cells that sums and runs use.
//!
//! Each step takes one constraint (one pair of cells for Dot Pair) and removes every digit it
//! rules out there. A removal holds in every filling of the constraint's cells from their
//! candidates that keeps its rule (and, for sums and runs, never repeats a digit between two cells
//! that see each other), so no step removes a solution's digit; past the search's budget, sums and
//! runs fall back to the propagation's narrowing, which is weaker but sound. Placed cells count as
//! their digit.
//!
//! Levels are calibrated like the killer's: marking odd and even cells is pencil-marking (easy, 4,
//! like Cage Combination); a thermometer's bounds are counting along one line (easy, 10); a dot's
//! pairs are a small table a player reads at a glance (easy, 14, like a hidden single); sums along
//! an arrow or a diagonal, and renban's runs, weigh several cells at once (medium, 40, like a
//! locked pair); a sandwich weighs a whole line (medium, 60, like a naked pair). They are tried
//! after the singles and the killer's first steps and before any subset, so a constrained path
//! reads its constraints before it looks for patterns, and reaches the checked guess far less often.

mod fill;
mod pairs;
mod parity;
mod sandwich;
mod sums;
mod thermo;

pub use pairs::dot_pair;
pub use parity::odd_even;
pub use sandwich::sandwich;
pub use sums::{line_sum, renban};
pub use thermo::thermometer;

use super::position::{bit, values_of, ShapePosition};
use super::step::Mark;
use crate::shape::{Constraint, Shape};

/// Each cell's digits as the constraints read them: a placed cell its digit, an empty one its
/// candidates.
fn masks(shape: &Shape, pos: &ShapePosition) -> Vec<u32> {
    (0..shape.cell_count())
        .map(|c| match pos.value(c) {
            0 => pos.candidates(c),
            v => bit(v),
        })
        .collect()
}

/// The removals `(cell, values)` a narrowing proposed, kept to the candidates of empty cells.
fn removals(pos: &ShapePosition, out: &[(u16, u32)]) -> Vec<Mark> {
    let mut marks: Vec<Mark> = out
        .iter()
        .flat_map(|&(c, gone)| {
            let c = usize::from(c);
            values_of(gone & pos.candidates(c)).map(move |v| Mark::new(c, v))
        })
        .collect();
    marks.sort();
    marks.dedup();
    marks
}

/// `B2-B3-C4`: a line's cells in order.
fn line(shape: &Shape, cells: &[u16]) -> String {
    let names: Vec<String> = cells
        .iter()
        .map(|&c| shape.cell_name(usize::from(c)))
        .collect();
    names.join("-")
}

/// Constraint `i` as a player finds it on the grid: `thermometer 3 (B2-B3-C4)`, `arrow 2 (circle
/// A1, arrow B2-C3)`, `little killer 4 (A1-B2-C3, sum 15)`, `sandwich 5 (row C, sum 12)`, its
/// number its place in `rules.constraints`, 1-based.
pub fn constraint_name(shape: &Shape, i: usize) -> String {
    let k = i + 1;
    match &shape.constraints()[i] {
        Constraint::Thermo { cells } => format!("thermometer {k} ({})", line(shape, cells)),
        Constraint::Arrow { circle, cells } => {
            let circle = match circle.as_slice() {
                [c] => format!("circle {}", shape.cell_name(usize::from(*c))),
                _ => format!("pill {}", line(shape, circle)),
            };
            format!("arrow {k} ({circle}, arrow {})", line(shape, cells))
        }
        Constraint::LittleKiller { cells, sum } => {
            format!("little killer {k} ({}, sum {sum})", line(shape, cells))
        }
        Constraint::Sandwich { cells, sum } => {
            format!(
                "sandwich {k} ({}, sum {sum})",
                sandwich::line_name(shape, cells)
            )
        }
        Constraint::Renban { cells } => format!("renban {k} ({})", line(shape, cells)),
        Constraint::Whisper { cells, .. } => format!("whisper {k} ({})", line(shape, cells)),
        Constraint::Palindrome { cells } => format!("palindrome {k} ({})", line(shape, cells)),
        Constraint::Kropki { black, cells } => format!(
            "{} dot {k} ({})",
            if *black { "black" } else { "white" },
            line(shape, cells)
        ),
        Constraint::Xv { sum, cells } => format!(
            "{} {k} ({})",
            if *sum == 10 { "X" } else { "V" },
            line(shape, cells)
        ),
        Constraint::Parity { odd, cells } => format!(
            "{} cells {k} ({})",
            if *odd { "odd" } else { "even" },
            line(shape, cells)
        ),
        Constraint::ExtraRegion { cells } => format!("extra region {k} ({})", line(shape, cells)),
    }
}

/// `Thermometer 3 (...)`, to open a sentence.
fn title(shape: &Shape, i: usize) -> String {
    let name = constraint_name(shape, i);
    let mut chars = name.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => name,
    }
}

/// `one`, `two`, ... `nine`, then numerals: how many cells or digits a sentence counts.
fn count(n: usize) -> String {
    const WORDS: [&str; 10] = [
        "no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine",
    ];
    WORDS
        .get(n)
        .map_or_else(|| n.to_string(), |w| w.to_string())
}

/// The cells of constraint `i`, as indices.
fn cells_of(shape: &Shape, i: usize) -> Vec<usize> {
    shape.constraints()[i]
        .cells()
        .into_iter()
        .map(usize::from)
        .collect()
}

#[cfg(test)]
mod tests;
