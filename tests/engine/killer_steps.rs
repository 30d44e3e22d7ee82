//! The killer techniques added against guessing, each on a constructed position where it fires:
//! the exact eliminations and the explanation a player reads.

use sudoku_service::engine::general::logic::{Geometry, ShapePosition, ShapeStep, FINDERS};
use sudoku_service::engine::logic::Technique;
use sudoku_service::engine::shape::{CageRule, Cells, Shape};

use super::killer::killer;

fn cage(sum: u32, cells: &[&str]) -> CageRule {
    CageRule {
        sum,
        cells: cells.iter().map(|c| c.to_string()).collect(),
    }
}

/// Candidates as written: `(cell, "234")`; every other cell keeps every value.
fn marks(shape: &Shape, pencilled: &[(&str, &str)]) -> Vec<u32> {
    let mut marks = vec![(1u32 << shape.size()) - 1; shape.cell_count()];
    for (cell, values) in pencilled {
        marks[shape.cell_named(cell).unwrap()] = values.bytes().fold(0, |m, b| m | 1 << (b - b'1'));
    }
    marks
}

/// What `technique`'s finder answers at `position` on a blank grid.
fn find(technique: Technique, shape: &Shape, pencilled: &[(&str, &str)]) -> Option<ShapeStep> {
    let blank = Cells::from_values(vec![0; shape.cell_count()]);
    let position = ShapePosition::with_marks(shape, &blank, &marks(shape, pencilled));
    let finder = FINDERS.iter().find(|f| f.technique == technique).unwrap();
    (finder.find)(&Geometry::new(shape), &position, &blank)
}

/// `2A2`: each elimination as value and cell.
fn removed(shape: &Shape, step: &ShapeStep) -> Vec<String> {
    step.eliminations
        .iter()
        .map(|m| format!("{}{}", m.value, shape.cell_name(m.cell)))
        .collect()
}

/// 4x4, solution rows 1234 / 3412 / 2143 / 4321: row A holds the one-cell cage A1 (1), and two
/// cages cross its boundary: A2+B2 (6) with one cell each side, A3+A4+B4 (9) with one cell outside.
/// Counting the second whole, A2 - B4 = 10 - 1 - 9 = 0.
#[test]
fn an_innie_less_an_outie_is_known_and_only_equal_pairs_stay() {
    let rules = killer(
        4,
        vec![
            cage(1, &["A1"]),
            cage(6, &["A2", "B2"]),
            cage(9, &["A3", "A4", "B4"]),
        ],
    );
    let shape = Shape::new(&rules).unwrap();
    let step = find(
        Technique::InnieOutieDifference,
        &shape,
        &[("A2", "234"), ("B4", "12")],
    )
    .expect("the difference fires");
    assert_eq!(step.technique, Technique::InnieOutieDifference);
    assert_eq!(removed(&shape, &step), ["3A2", "4A2", "1B4"]);
    assert_eq!(
        step.explanation,
        "Row A holds 10. The cages inside it sum to 1, and cage 3 (A3+A4+B4, sum 9) reaches \
         outside it: counted whole, it adds its cells outside, B4. So the rest of row A, A2, less \
         B4, makes 10 - 1 - 9 = 0: A2 - B4 = 0. Only some pairs of their candidates make that, \
         so these can be removed: 3 and 4 from A2; 1 from B4."
    );
    // With every candidate the equation allows already, there is nothing to say.
    assert!(find(
        Technique::InnieOutieDifference,
        &shape,
        &[("A2", "2"), ("B4", "2")]
    )
    .is_none());
}

/// 6x6: cage 1 (A1+A2, 7) could be 1+6, 2+5 or 3+4, but cage 2 (A3+A4, 3) in the same row must be
/// 1+2: any combination of cage 1 holding 1 or 2 leaves it nothing.
#[test]
fn a_combination_leaving_a_neighbouring_cage_nothing_is_removed() {
    let rules = killer(6, vec![cage(7, &["A1", "A2"]), cage(3, &["A3", "A4"])]);
    let shape = Shape::new(&rules).unwrap();
    let step = find(Technique::CombinationConflict, &shape, &[]).expect("the conflict fires");
    assert_eq!(
        removed(&shape, &step),
        ["1A1", "2A1", "5A1", "6A1", "1A2", "2A2", "5A2", "6A2"]
    );
    assert_eq!(
        step.explanation,
        "Cage 1 (A1+A2, sum 7) can only be 1+6, 2+5 or 3+4 by its sum, but 1+6 or 2+5 would \
         leave cage 2 (A3+A4, sum 3) no combination; so it is 3+4, and these can be removed: 1, 2, \
         5 and 6 from A1 and A2."
    );
}

/// 6x6: cage 1 (A1+A2, 7) against a cell of its row pencilled 1 or 6 only (1+6 takes both), and
/// against a 5 that row A can only place in the cage (only 2+5 holds it).
#[test]
fn a_combination_emptying_a_cell_or_leaving_out_a_value_the_unit_needs_is_removed() {
    let rules = killer(6, vec![cage(7, &["A1", "A2"])]);
    let shape = Shape::new(&rules).unwrap();
    let step = find(Technique::CombinationConflict, &shape, &[("A6", "16")])
        .expect("the cell clash fires");
    assert_eq!(removed(&shape, &step), ["1A1", "6A1", "1A2", "6A2"]);
    assert!(
        step.explanation
            .contains("1+6 would take every candidate of A6 (1 and 6)"),
        "{}",
        step.explanation
    );
    let others = [
        ("A3", "12346"),
        ("A4", "12346"),
        ("A5", "12346"),
        ("A6", "12346"),
    ];
    let step =
        find(Technique::CombinationConflict, &shape, &others).expect("the value clash fires");
    assert_eq!(
        removed(&shape, &step),
        ["1A1", "3A1", "4A1", "6A1", "1A2", "3A2", "4A2", "6A2"]
    );
    assert!(
        step.explanation
            .contains("1+6 or 3+4 would leave out 5, which row A can only place in this cage"),
        "{}",
        step.explanation
    );
}
