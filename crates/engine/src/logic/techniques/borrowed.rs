//! The classic layer's way into the general one (issue 32: one logic layer). A technique whose
//! general finder scans, words and draws exactly as the classic one did on the classic shape has
//! one implementation, there; the classic layer keeps only its place in [`super::FINDERS`] and
//! borrows it: the position is handed over in the shape's terms (cells by index, values as bits),
//! found on the classic shape's geometry (worked out once), and the step handed back in squares,
//! units and digits.

use std::sync::OnceLock;

use super::Context;
use crate::digit::Digit;
use crate::general::logic::{Geometry, Mark, ShapePosition, ShapeStep};
use crate::logic::position::Position;
use crate::logic::step::{Candidate, Pattern, Step};
use crate::shape::{Cells, Shape};
use crate::square::{Square, Unit};

/// A finder of the general layer.
pub type ShapeFinder = fn(&Geometry, &ShapePosition, &Cells) -> Option<ShapeStep>;

/// The classic shape's geometry, worked out on first use.
fn classic_geometry() -> &'static Geometry<'static> {
    static GEOMETRY: OnceLock<Geometry<'static>> = OnceLock::new();
    GEOMETRY.get_or_init(|| Geometry::new(Shape::classic_ref()))
}

/// A classic position handed over in the shape's terms, for the general finders to read, with
/// the solution they are given (every general finder takes it; only the guess reads it).
pub struct Handed {
    position: ShapePosition,
    solution: Cells,
}

impl Handed {
    /// `position` in the shape's terms (values by cell index, candidates as bits), with the
    /// solution when `context` knows it (else an empty grid: no borrowed finder guesses).
    pub fn new(position: &Position, context: &Context) -> Handed {
        let values = Square::all()
            .map(|s| position.value(s).map_or(0, Digit::get))
            .collect();
        let marks = Square::all()
            .map(|s| u32::from(position.candidates(s).bits()))
            .collect();
        let solution = context
            .solution()
            .map_or_else(|| Cells::empty(Square::COUNT), Cells::from);
        Handed {
            position: ShapePosition::from_parts(values, marks),
            solution,
        }
    }

    /// What `find` finds, as a classic step.
    pub fn find(&self, find: ShapeFinder) -> Option<Step> {
        find(classic_geometry(), &self.position, &self.solution).map(classic_step)
    }
}

/// What `find` finds in `position`, as a classic step (one finder asked alone, in tests).
#[cfg(test)]
pub fn borrow(position: &Position, find: ShapeFinder) -> Option<Step> {
    Handed::new(position, &Context::unknown()).find(find)
}

fn square(cell: usize) -> Square {
    Square::new(cell).expect("a classic cell")
}

fn digit(value: u8) -> Digit {
    Digit::new(value).expect("a classic value")
}

fn candidate(mark: &Mark) -> Candidate {
    Candidate::new(square(mark.cell), digit(mark.value))
}

fn unit(index: usize) -> Unit {
    Unit::from_index(index).expect("a classic unit")
}

/// A step in the shape's terms as a classic step, every member in the same order.
fn classic_step(step: ShapeStep) -> Step {
    Step {
        technique: step.technique,
        placements: step.placements.iter().map(candidate).collect(),
        eliminations: step.eliminations.iter().map(candidate).collect(),
        pattern: Pattern {
            squares: step.pattern.cells.iter().map(|&c| square(c)).collect(),
            units: step.pattern.units.iter().map(|&u| unit(u)).collect(),
            digits: step.pattern.values.iter().map(|&v| digit(v)).collect(),
        },
        explanation: step.explanation,
    }
}
