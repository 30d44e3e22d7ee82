//! The logic layer on constrained shapes: it reasons from units and peers (anti-knight and
//! anti-king pairs among them) and never offers a uniqueness argument where a constraint could
//! break the swap it rests on, so every step of an explanation is sound and the path ends at the
//! solution.

use sudoku_service::engine::general::logic::{ShapeLogic, ShapePosition};
use sudoku_service::engine::logic::Technique;
use sudoku_service::engine::shape::constraints::Negative;
use sudoku_service::engine::shape::{Cells, Variant};

use super::agree::{dug, Kind};
use crate::shape_logic::check_step;

#[test]
fn every_step_on_constrained_puzzles_is_sound_and_ends_at_the_solution() {
    let kinds = [
        Kind::Constraint("thermo"),
        Kind::Constraint("kropki"),
        Kind::Constraint("arrow"),
        Kind::Constraint("extra_region"),
        Kind::Global(Variant::AntiKnight),
        Kind::Global(Variant::AntiKing),
        Kind::Global(Variant::DisjointGroups),
        Kind::Global(Variant::NonConsecutive),
        Kind::Negative(Negative::Xv),
    ];
    let mut walked = 0;
    for kind in kinds {
        for seed in [11u64, 23, 37] {
            let Some(d) = dug(6, kind, seed) else {
                continue;
            };
            let puzzle = Cells::from_values(d.puzzle.clone());
            let solution = Cells::from_values(d.grid.clone());
            let e = ShapeLogic::new().explain(&d.shape, &puzzle).unwrap();
            assert_eq!(e.solution, solution);
            let mut position = ShapePosition::new(&d.shape, &puzzle);
            for step in &e.steps {
                check_step(&d.shape, &position, &solution, step);
                assert!(
                    !matches!(
                        step.technique,
                        Technique::UniqueRectangle1
                            | Technique::UniqueRectangle2
                            | Technique::UniqueRectangle4
                            | Technique::HiddenRectangle
                            | Technique::BugPlusOne
                    ) || !d.shape.has_constraints(),
                    "{}",
                    step.explanation
                );
                position.apply(&d.shape, step);
                walked += 1;
            }
            assert_eq!(position.cells(), solution, "{:?}", d.rules);
        }
    }
    assert!(walked > 100, "only {walked} steps walked");
}
