//! The clean-up a hint asks for before any technique, on any shape: a placed value still pencilled
//! in one of its peers (a cell sharing a unit with it, or its killer cage) or in another cell of its
//! thermometer or renban line (whose values all differ) leaves them.
//!
//! Every technique reads the marks as the places a value can still take, so a stale mark can make a
//! sound technique remove the solution's own value. A player's marks go stale when they place a
//! value and forget to cross it out around it, or when they pencil every value everywhere to begin
//! with. A hint on a player's marks ([`crate::Puzzle::hint`], on every shape, classic 9x9 included)
//! therefore tidies them first, one placed value at a time (the
//! first in row-major order whose peers still hold it), naming the units it leaves in the shape's
//! own words (`row F, column 2 and diagonal A1-I9`, `cage 3`, `thermometer 2 (F2-F3-G4)`). The
//! positions the logic builds itself
//! ([`ShapePosition::new`], and [`ShapePosition::apply`] on every step) are never stale, so
//! explanations and grades never meet this step.

use super::constraints::constraint_name;
use super::position::{bit, ShapePosition};
use super::step::{Mark, Pattern, ShapeStep};
use super::words;
use crate::prose::and_list;
use crate::shape::{Constraint, Shape};
use crate::technique::Technique;

/// The stale marks of the first placed value (row-major) that one of its peers still holds, all
/// removed at once.
pub fn clean_up(shape: &Shape, pos: &ShapePosition) -> Option<ShapeStep> {
    (0..shape.cell_count()).find_map(|cell| {
        let value = pos.value(cell);
        if value == 0 {
            return None;
        }
        let lines = distinct_lines(shape, cell);
        let mut stale: Vec<usize> = shape
            .peers(cell)
            .iter()
            .chain(lines.iter().flat_map(|&i| line_cells(shape, i)))
            .map(|&p| usize::from(p))
            .filter(|&p| p != cell && pos.candidates(p) & bit(value) != 0)
            .collect();
        stale.sort_unstable();
        stale.dedup();
        if stale.is_empty() {
            return None;
        }
        let units = units_left(shape, cell, &stale);
        let holds_stale = |i: &&usize| {
            line_cells(shape, **i)
                .iter()
                .any(|&c| stale.contains(&usize::from(c)))
        };
        let places = and_list(
            units.iter().map(|&u| shape.unit_name(u)).chain(
                lines
                    .iter()
                    .filter(holds_stale)
                    .map(|&i| constraint_name(shape, i)),
            ),
        );
        let explanation = format!(
            "{symbol} is placed in {name}, so it leaves {places}: {symbol} can be removed from {}.",
            words::cells(shape, stale.iter().copied()),
            symbol = shape.symbol(value),
            name = shape.cell_name(cell),
        );
        Some(ShapeStep::elimination(
            Technique::CleanUp,
            stale.iter().map(|&p| Mark::new(p, value)).collect(),
            Pattern {
                cells: vec![cell],
                units,
                values: vec![value],
            },
            explanation,
        ))
    })
}

/// The constraints through `cell` whose cells all hold different values (thermometers, renban
/// lines), by index in `rules.constraints`.
fn distinct_lines(shape: &Shape, cell: usize) -> Vec<usize> {
    (0..shape.constraints().len())
        .filter(|&i| line_cells(shape, i).contains(&(cell as u16)))
        .collect()
}

/// The cells of constraint `i` when it is a thermometer or a renban, else none.
fn line_cells(shape: &Shape, i: usize) -> &[u16] {
    match &shape.constraints()[i] {
        Constraint::Thermo { cells } | Constraint::Renban { cells } => cells,
        _ => &[],
    }
}

/// The units of `cell` that hold one of the `stale` cells, in the shape's order, then its cage (the
/// unit number past the real units that names it) when the cage holds one: only those are named.
fn units_left(shape: &Shape, cell: usize, stale: &[usize]) -> Vec<usize> {
    let holds_stale = |cells: &[u16]| stale.iter().any(|&s| cells.contains(&(s as u16)));
    let mut units: Vec<usize> = shape
        .units_of(cell)
        .iter()
        .map(|&u| usize::from(u))
        .filter(|&u| holds_stale(shape.unit(u)))
        .collect();
    let cage = shape
        .cages()
        .iter()
        .position(|k| k.cells.contains(&(cell as u16)));
    if let Some(k) = cage.filter(|&k| holds_stale(&shape.cages()[k].cells)) {
        units.push(shape.unit_count() + k);
    }
    units
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::general::logic::{next_step, Geometry, ShapeHint, ShapeLogic};
    use crate::general::{self, ShapeRequest, Symmetry};
    use crate::interrupt::Interrupt;
    use crate::shape::{Cells, Rules};

    fn shape(json: &str) -> Shape {
        Shape::new(&serde_json::from_str::<Rules>(json).unwrap()).unwrap()
    }

    /// `placed` (cell name, value) on an empty grid, every value pencilled in every empty cell.
    fn fully_marked(shape: &Shape, placed: &[(&str, u8)]) -> ShapePosition {
        let mut cells = Cells::empty(shape.cell_count());
        for &(name, value) in placed {
            cells.set(shape.cell_named(name).unwrap(), value);
        }
        ShapePosition::with_marks(shape, &cells, &vec![shape.all_values(); shape.cell_count()])
    }

    fn unit_names(shape: &Shape, step: &ShapeStep) -> Vec<String> {
        step.pattern
            .units
            .iter()
            .map(|&u| shape.unit_name(u))
            .collect()
    }

    fn removed(shape: &Shape, step: &ShapeStep) -> Vec<String> {
        step.eliminations
            .iter()
            .map(|m| format!("{}{}", shape.symbol(m.value), shape.cell_name(m.cell)))
            .collect()
    }

    #[test]
    fn a_placed_value_leaves_its_row_column_and_box_in_the_shapes_symbols() {
        let shape = shape(r#"{"size":6,"box":[2,3],"symbols":"ABCDEF"}"#);
        let pos = fully_marked(&shape, &[("B5", 3)]);
        let step = clean_up(&shape, &pos).unwrap();
        assert_eq!(step.technique, Technique::CleanUp);
        assert!(step.placements.is_empty());
        assert_eq!(
            removed(&shape, &step),
            ["CA4", "CA5", "CA6", "CB1", "CB2", "CB3", "CB4", "CB6", "CC5", "CD5", "CE5", "CF5"]
        );
        assert_eq!(step.pattern.cells, [shape.cell_named("B5").unwrap()]);
        assert_eq!(unit_names(&shape, &step), ["row B", "column 5", "box 2"]);
        assert_eq!(step.pattern.values, [3]);
        assert_eq!(
            step.explanation,
            "C is placed in B5, so it leaves row B, column 5 and box 2: C can be removed from A4, \
             A5, A6, B1, B2, B3, B4, B6, C5, D5, E5 and F5."
        );
    }

    #[test]
    fn a_placed_value_leaves_its_thermometer_and_renban_whose_values_all_differ() {
        let shape = shape(
            r#"{"size":4,"box":[2,2],"constraints":[{"type":"thermo","cells":["A2","B3","C4"]},{"type":"renban","cells":["D1","C2"]},{"type":"renban","cells":["B3","B4"]}]}"#,
        );
        let step = clean_up(&shape, &fully_marked(&shape, &[("B3", 2)])).unwrap();
        assert_eq!(
            step.explanation,
            "2 is placed in B3, so it leaves row B, column 3, box 2, thermometer 1 (A2-B3-C4) and \
             renban 3 (B3-B4): 2 can be removed from A2, A3, A4, B1, B2, B4, C3, C4 and D3."
        );
        // A line whose cells are peers anyway is named too; one elsewhere is not.
        let step = clean_up(&shape, &fully_marked(&shape, &[("D1", 3)])).unwrap();
        assert_eq!(removed(&shape, &step)[..2], ["3A1", "3B1"]);
        assert!(
            step.explanation.contains("box 3 and renban 2 (D1-C2)"),
            "{}",
            step.explanation
        );
    }

    #[test]
    fn a_killer_cage_is_left_too_and_only_the_units_with_a_stale_mark_are_named() {
        let shape = shape(
            r#"{"size":4,"box":[2,2],"cages":[{"sum":3,"cells":["A1","B1"]},{"sum":7,"cells":["C2","C3"]}]}"#,
        );
        let mut pos = fully_marked(&shape, &[("C2", 4)]);
        // Clean but for C3, which shares row C and the cage with C2: both are named, no other.
        let c2 = shape.cell_named("C2").unwrap();
        let c3 = shape.cell_named("C3").unwrap();
        let tidy: Vec<Mark> = shape
            .peers(c2)
            .iter()
            .map(|&p| Mark::new(usize::from(p), 4))
            .filter(|m| m.cell != c3)
            .collect();
        let tidied =
            ShapeStep::elimination(Technique::CleanUp, tidy, Pattern::default(), "".into());
        pos.apply(&shape, &tidied);
        let step = clean_up(&shape, &pos).unwrap();
        assert_eq!(removed(&shape, &step), ["4C3"]);
        assert_eq!(unit_names(&shape, &step), ["row C", "cage 2"]);
        assert_eq!(
            step.explanation,
            "4 is placed in C2, so it leaves row C and cage 2: 4 can be removed from C3."
        );
    }

    #[test]
    fn a_hint_on_stale_marks_cleans_up_before_any_technique_and_a_path_never_needs_one() {
        let rules = serde_json::from_str::<Rules>(r#"{"size":6,"box":[2,3]}"#).unwrap();
        let request = ShapeRequest {
            symmetry: Symmetry::None,
            jigsaw: false,
            seed: 1,
            interrupt: Interrupt::NEVER,
        };
        let g = general::generate(&rules, &request).unwrap().unwrap();
        let logic = ShapeLogic::new();
        let puzzle =
            crate::Puzzle::on_shape(std::sync::Arc::new(g.shape.clone()), g.puzzle.clone());
        let mut marks = vec![g.shape.all_values(); 36];
        let step = loop {
            let hint = puzzle.hint(&g.puzzle, Some(&marks), Interrupt::NEVER);
            let Ok(ShapeHint::Step(step)) = hint else {
                panic!("{hint:?}");
            };
            if step.technique != Technique::CleanUp {
                break step;
            }
            for m in &step.eliminations {
                marks[m.cell] &= !bit(m.value);
            }
        };
        // Cleaned, the marks are the ones the values leave, and so is the hint.
        let unmarked = logic.hint(&g.shape, &g.puzzle, &g.puzzle, None).unwrap();
        assert_eq!(ShapeHint::Step(step), unmarked);
        let explained = logic.explain(&g.shape, &g.puzzle).unwrap();
        assert!(explained
            .steps
            .iter()
            .all(|s| s.technique != Technique::CleanUp));
        let geo = Geometry::new(&g.shape);
        let mut pos = ShapePosition::new(&g.shape, &g.puzzle);
        while let Some(step) = next_step(&geo, &pos, &g.solution) {
            assert_eq!(clean_up(&g.shape, &pos), None);
            pos.apply(&g.shape, &step);
        }
    }

    #[test]
    fn the_first_placed_value_in_row_major_order_is_cleaned_first_and_clean_marks_need_none() {
        let shape = shape(r#"{"size":4,"box":[2,2]}"#);
        let pos = fully_marked(&shape, &[("D4", 1), ("B3", 2)]);
        let step = clean_up(&shape, &pos).unwrap();
        assert_eq!(step.pattern.cells, [shape.cell_named("B3").unwrap()]);
        assert!(step.eliminations.iter().all(|m| m.value == 2));
        let mut cells = Cells::empty(16);
        cells.set(shape.cell_named("B3").unwrap(), 2);
        assert_eq!(clean_up(&shape, &ShapePosition::new(&shape, &cells)), None);
    }
}
