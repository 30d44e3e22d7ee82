//! Fish on a player's own pencil marks: a mark that a peer's value already rules out (a stale mark)
//! is no place for the value. Before the fix the general fish finder counted stale marks, so a row
//! that already held the value could be a base line, and stale marks came back as eliminations.

use sudoku_service::engine::general::logic::{Geometry, ShapePosition, ShapeStep, FINDERS};
use sudoku_service::engine::logic::Technique;
use sudoku_service::engine::shape::{Cells, Shape};

use super::shape_logic::rules;

/// A 6x6 (2x3 boxes) with `placed` values of 1 and pencil marks: every empty cell holds every value,
/// except that in rows A and D the value 1 is marked only in columns 3 and 5.
fn position(shape: &Shape, placed: &[&str]) -> ShapePosition {
    let mut values = vec![0u8; 36];
    for name in placed {
        values[shape.cell_named(name).unwrap()] = 1;
    }
    let marks: Vec<u32> = (0..36)
        .map(|c| {
            let (row, col) = (c / 6, c % 6);
            let one_here = !(row == 0 || row == 3) || col == 2 || col == 4;
            if one_here {
                0b11_1111
            } else {
                0b11_1110
            }
        })
        .collect();
    ShapePosition::with_marks(shape, &Cells::from_values(values), &marks)
}

fn x_wing(shape: &Shape, position: &ShapePosition) -> Option<ShapeStep> {
    let finder = FINDERS
        .iter()
        .find(|f| f.technique == Technique::XWing)
        .unwrap();
    let solution = Cells::from_values(vec![0; 36]);
    (finder.find)(&Geometry::new(shape), position, &solution)
}

fn names(shape: &Shape, step: &ShapeStep) -> Vec<String> {
    step.eliminations
        .iter()
        .map(|m| format!("{}:{}", shape.cell_name(m.cell), m.value))
        .collect()
}

#[test]
fn a_row_that_holds_the_value_is_no_base_line_for_its_stale_marks() {
    let shape = Shape::new(&rules(6, &[])).unwrap();
    // Row A holds 1 in A1, so its marks of 1 in A3 and A5 are stale: no X-Wing on rows A and D.
    let position = position(&shape, &["A1"]);
    assert_eq!(x_wing(&shape, &position), None);
}

#[test]
fn stale_marks_are_not_reported_as_a_fishs_eliminations() {
    let shape = Shape::new(&rules(6, &[])).unwrap();
    // Rows A and D hold 1 only in columns 3 and 5: an X-Wing. E1 holds 1, so the marks of 1 in E3,
    // E5 (row E) and F3 (E1's box) are stale: the X-Wing removes only the live ones.
    let position = position(&shape, &["E1"]);
    let step = x_wing(&shape, &position).expect("the X-Wing on rows A and D");
    assert_eq!(
        names(&shape, &step),
        ["B3:1", "B5:1", "C3:1", "C5:1", "F5:1"]
    );
    assert_eq!(step.pattern.cells.len(), 4);
    assert!(step
        .explanation
        .starts_with("In rows A and D, 1 can only go in columns 3 and 5"));
}
