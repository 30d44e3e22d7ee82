//! The way from a classic case to the one logic layer: the classic position handed over in the
//! shape's terms (cells by index, values as bits), the finder asked on the classic shape's
//! geometry, and its step handed back in squares, units and digits, so a case reads as a classic
//! player writes it.

use super::Context;
use crate::digit::Digit;
use crate::general::logic::{Geometry, Mark, ShapePosition, ShapeStep};
use crate::logic::position::Position;
use crate::logic::step::{Candidate, Pattern, Step};
use crate::shape::{Cells, Shape};
use crate::square::{Square, Unit};

/// A finder of the one logic layer.
pub type ShapeFinder = fn(&Geometry, &ShapePosition, &Cells) -> Option<ShapeStep>;

/// What `find` finds in `position`, as a classic step, with no solution known.
pub fn borrow(position: &Position, find: ShapeFinder) -> Option<Step> {
    borrow_in(position, &Context::unknown(), find)
}

/// What `find` finds in `position`, given the solution `context` knows (else an empty grid).
pub fn borrow_in(position: &Position, context: &Context, find: ShapeFinder) -> Option<Step> {
    let (shape, solution) = handed(context);
    find(&Geometry::of(shape), &shape_position(position), &solution).map(classic_step)
}

/// The simplest step of the one logic layer's list in `position`.
pub fn next_step(position: &Position, context: &Context) -> Option<Step> {
    let (shape, solution) = handed(context);
    crate::general::logic::next_step(&Geometry::of(shape), &shape_position(position), &solution)
        .map(classic_step)
}

fn handed(context: &Context) -> (&'static Shape, Cells) {
    let solution = context
        .solution()
        .map_or_else(|| Cells::empty(Square::COUNT), Cells::from);
    (Shape::classic_ref(), solution)
}

/// `position` in the shape's terms.
fn shape_position(position: &Position) -> ShapePosition {
    let values = Cells::from_values(
        Square::all()
            .map(|s| position.value(s).map_or(0, Digit::get))
            .collect(),
    );
    let marks: Vec<u32> = Square::all()
        .map(|s| u32::from(position.candidates(s).bits()))
        .collect();
    ShapePosition::with_marks(Shape::classic_ref(), &values, &marks)
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
