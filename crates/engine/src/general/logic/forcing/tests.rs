//! The general forcing chains on hand-made positions: on the classic shape they prove what
//! HoDoKu's do, in the classic words (the positions of the classic cases), and on other shapes they
//! speak the shape's symbols and unit names and read a killer's cages as peers only.

use super::*;
use crate::shape::{Rules, Shape};
use crate::technique::Technique;

/// A position on `shape` with no value placed and every candidate pencilled in but for `kept`:
/// those cells keep only the values given.
fn blank(shape: &Shape, kept: &[(&str, &[u8])]) -> ShapePosition {
    let mut marks = vec![shape.all_values(); shape.cell_count()];
    for &(name, values) in kept {
        let cell = shape.cell_named(name).expect("a cell of the shape");
        marks[cell] = values.iter().fold(0, |acc, &v| acc | bit(v));
    }
    let cells = Cells::from_values(vec![0; shape.cell_count()]);
    ShapePosition::with_marks(shape, &cells, &marks)
}

/// Removes `value` from the named cells.
fn drop_value(pos: &mut ShapePosition, shape: &Shape, value: u8, names: &[&str]) {
    let marks: Vec<Mark> = names
        .iter()
        .map(|n| Mark::new(shape.cell_named(n).unwrap(), value))
        .collect();
    let step = ShapeStep::elimination(
        Technique::ForcingChain,
        marks,
        Default::default(),
        String::new(),
    );
    pos.apply(shape, &step);
}

fn find(shape: &Shape, pos: &ShapePosition) -> Option<ShapeStep> {
    let geo = Geometry::new(shape);
    let nowhere = Cells::from_values(vec![0; shape.cell_count()]);
    forcing_chain(&geo, pos, &nowhere)
}

fn cells(shape: &Shape, names: &[&str]) -> Vec<usize> {
    names.iter().map(|n| shape.cell_named(n).unwrap()).collect()
}

#[test]
fn a_value_that_empties_a_cell_by_singles_is_removed_in_the_classic_words() {
    // A1 = 1 would leave B1 and C1 both 3.
    let shape = Shape::classic();
    let pos = blank(&shape, &[("A1", &[1, 2]), ("B1", &[1, 3]), ("C1", &[1, 3])]);
    let step = find(&shape, &pos).unwrap();
    assert_eq!(step.technique, Technique::ForcingChain);
    assert_eq!(step.eliminations, [Mark::new(0, 1)]);
    assert!(step.placements.is_empty());
    assert_eq!(step.pattern.cells, [0]);
    assert_eq!(step.pattern.values, [1]);
    assert_eq!(
        step.explanation,
        "If A1 were 1, singles would give C1 = 3, and then B1 would have no candidate left. \
         So 1 can be removed from A1."
    );
}

#[test]
fn when_every_candidate_of_a_cell_leads_to_one_placement_it_is_made() {
    let shape = Shape::classic();
    let kept: &[(&str, &[u8])] = &[
        ("A1", &[1, 2]),
        ("A5", &[1, 3]),
        ("E5", &[3, 7]),
        ("E1", &[2, 3]),
    ];
    let step = find(&shape, &blank(&shape, kept)).unwrap();
    assert_eq!(
        step.placements,
        [Mark::new(shape.cell_named("E5").unwrap(), 7)]
    );
    assert!(step.eliminations.is_empty());
    assert_eq!(step.pattern.cells, [0]);
    assert_eq!(step.pattern.values, [1, 2]);
    assert_eq!(
        step.explanation,
        "Whatever A1 holds, the same follows: if A1 is 1, singles give A5 = 3, E5 = 7; if A1 \
         is 2, singles give E1 = 3, E5 = 7. So E5 is 7."
    );
}

#[test]
fn when_every_place_of_a_value_in_a_unit_leads_to_one_removal_it_is_made() {
    // 1 goes in A1, A5 or A9, and each puts 2 in a cell that sees E5; every 2 there needs two
    // consequences of its branch, so no contradiction and no cell forcing chain comes first.
    let shape = Shape::classic();
    let kept: &[(&str, &[u8])] = &[
        ("B1", &[1, 5]),
        ("E1", &[1, 2, 5]),
        ("B5", &[1, 6]),
        ("H5", &[1, 2, 6]),
        ("C9", &[1, 7]),
        ("E9", &[1, 2, 7]),
    ];
    let mut pos = blank(&shape, kept);
    drop_value(&mut pos, &shape, 1, &["A2", "A3", "A4", "A6", "A7", "A8"]);
    let step = find(&shape, &pos).unwrap();
    assert_eq!(
        step.eliminations,
        [Mark::new(shape.cell_named("E5").unwrap(), 2)]
    );
    assert!(step.placements.is_empty());
    assert_eq!(step.pattern.cells, cells(&shape, &["A1", "A5", "A9"]));
    assert_eq!(step.pattern.units, [0]);
    assert_eq!(step.pattern.values, [1]);
    assert_eq!(
        step.explanation,
        "Wherever 1 goes in row A (A1, A5 or A9), the same follows: if A1 is 1, singles give \
         B1 = 5, E1 = 2; if A5 is 1, singles give B5 = 6, H5 = 2; if A9 is 1, singles give C9 \
         = 7, E9 = 2. So 2 can be removed from E5."
    );
}

#[test]
fn no_forcing_chain_when_nothing_is_forced() {
    let shape = Shape::classic();
    assert_eq!(find(&shape, &blank(&shape, &[("A1", &[1, 2])])), None);
}

#[test]
fn on_a_16x16_it_names_the_shape_s_cells_and_symbols() {
    // A1 = 16 would leave B1 and C1 both 12, in the shape's symbols.
    let rules = Rules {
        size: Some(16),
        ..Rules::default()
    };
    let shape = Shape::new(&rules).unwrap();
    let kept: &[(&str, &[u8])] = &[("A1", &[16, 7]), ("B1", &[16, 12]), ("C1", &[16, 12])];
    let step = find(&shape, &blank(&shape, kept)).unwrap();
    assert_eq!(step.eliminations, [Mark::new(0, 16)]);
    let (sixteen, twelve) = (shape.symbol(16), shape.symbol(12));
    assert_eq!(
        step.explanation,
        format!(
            "If A1 were {sixteen}, singles would give C1 = {twelve}, and then B1 would have no \
             candidate left. So {sixteen} can be removed from A1."
        )
    );
}

#[test]
fn a_killer_cage_makes_peers_of_cells_that_share_no_unit() {
    // On a 6x6 with 2x3 boxes, A3 and B4 share no unit, only their cage. Cells are tried in order,
    // so A1 comes first: A1 = 3 leaves A3 only 1, which leaves A4 (row A) and B4 (the cage) only
    // 2, and they share box 2.
    let rules: Rules = serde_json::from_str(
        r#"{"size":6,"box":[2,3],"cages":[{"sum":6,"cells":["A3","A4","B4"]}]}"#,
    )
    .unwrap();
    let shape = Shape::new(&rules).unwrap();
    let pos = blank(&shape, &[("A3", &[1, 3]), ("A4", &[1, 2]), ("B4", &[1, 2])]);
    let step = find(&shape, &pos).expect("a contradiction through the cage");
    assert_eq!(
        step.eliminations,
        [Mark::new(shape.cell_named("A1").unwrap(), 3)]
    );
    assert_eq!(
        step.explanation,
        "If A1 were 3, singles would give A3 = 1, B4 = 2, and then A4 would have no candidate \
         left. So 3 can be removed from A1."
    );
}
