//! The walk, grades and hints on classic 9x9, whose uniqueness proof takes the band solver.

use std::sync::atomic::AtomicBool;

use super::*;
use crate::grade::Difficulty;
use crate::technique::Technique;

const EASY: &str =
    "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";

fn classic() -> &'static Shape {
    Shape::classic_ref()
}

fn cells(text: &str) -> Cells {
    Cells::parse(classic(), text).unwrap()
}

#[test]
fn an_easy_puzzle_is_explained_with_singles_to_its_solution() {
    let puzzle = cells(EASY);
    let e = ShapeLogic::new().explain(classic(), &puzzle).unwrap();
    assert!(e.solution.solves(classic(), &puzzle));
    assert_eq!(e.grade.difficulty, Difficulty::Easy);
    assert!(e.grade.solved_by_logic);
    assert_eq!(e.steps.len(), 81 - puzzle.givens());
    let mut position = ShapePosition::new(classic(), &puzzle);
    for step in &e.steps {
        assert_eq!(step.technique.difficulty(), Difficulty::Easy);
        position.apply(classic(), step);
    }
    assert_eq!(position.cells(), e.solution);
}

/// Norvig's grid2 and another top95 puzzle, each needing more than singles.
const HARDER: [&str; 2] = [
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
    "52...6.........7.13...........4..8..6......5...........418.........3..2...87.....",
];

#[test]
fn grading_matches_the_explained_path() {
    // Grading walks without words; its path must be the explained one, step for step.
    let logic = ShapeLogic::new();
    for text in [EASY].into_iter().chain(HARDER) {
        let puzzle = cells(text);
        let explained = logic.explain(classic(), &puzzle).unwrap();
        assert_eq!(logic.grade(classic(), &puzzle).unwrap(), explained.grade);
        assert!(explained.steps.iter().all(|s| !s.explanation.is_empty()));
    }
}

#[test]
fn a_classic_shape_made_from_rules_answers_as_the_shared_one() {
    let made = Shape::new(&crate::shape::Rules::classic()).unwrap();
    let logic = ShapeLogic::new();
    for text in HARDER {
        let puzzle = cells(text);
        assert_eq!(
            logic.explain(&made, &puzzle).unwrap(),
            logic.explain(classic(), &puzzle).unwrap()
        );
    }
}

#[test]
fn a_ceiling_below_the_puzzles_level_stops_grading() {
    // Norvig's grid2 needs more than singles.
    let grid2 =
        cells("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......");
    let logic = ShapeLogic::new();
    assert_eq!(
        logic.grade_within(classic(), &grid2, Difficulty::Easy),
        Ok(None)
    );
    assert!(logic.grade(classic(), &grid2).unwrap().difficulty > Difficulty::Easy);
}

#[test]
fn a_limit_below_the_paths_hardest_technique_stops_grading() {
    let grid2 =
        cells("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......");
    let logic = ShapeLogic::new();
    let solution = logic.solution(classic(), &grid2).unwrap();
    let limit = Technique::HiddenSingle;
    assert_eq!(
        logic.grade_up_to(classic(), &grid2, &solution, limit),
        Ok(None)
    );
    let hardest = logic.grade(classic(), &grid2).unwrap().hardest.unwrap();
    assert_eq!(
        logic.grade_up_to(classic(), &grid2, &solution, hardest),
        Ok(Some(logic.grade(classic(), &grid2).unwrap()))
    );
}

#[test]
fn puzzles_without_exactly_one_solution_cannot_be_explained() {
    let empty = Cells::empty(81);
    let Err(ShapeLogicError::MultipleSolutions(two)) = ShapeLogic::new().explain(classic(), &empty)
    else {
        panic!("an empty grid has many solutions");
    };
    assert_ne!(two[0], two[1]);
    assert!(two.iter().all(|s| s.solves(classic(), &empty)));
    let impossible =
        cells(".....5.8....6.1.43..........1.5........1.6...3.......553.....61........4.........");
    assert_eq!(
        ShapeLogic::new().grade(classic(), &impossible),
        Err(ShapeLogicError::NoSolution)
    );
}

#[test]
fn a_hint_names_wrong_digits_before_offering_a_step() {
    let puzzle = cells(EASY);
    let solution = ShapeLogic::new().solution(classic(), &puzzle).unwrap();
    let wrong = if solution.get(0) == 1 { 2 } else { 1 };
    let mut values = puzzle.values().to_vec();
    values[0] = wrong;
    let progress = Cells::from_values(values);
    assert_eq!(
        ShapeLogic::new().hint(classic(), &puzzle, &progress, None),
        Ok(ShapeHint::Mistakes(vec![0]))
    );
}

#[test]
fn a_hint_on_a_fresh_puzzle_is_a_single() {
    let puzzle = cells(EASY);
    let Ok(ShapeHint::Step(step)) = ShapeLogic::new().hint(classic(), &puzzle, &puzzle, None)
    else {
        panic!("expected a step");
    };
    assert!(matches!(
        step.technique,
        Technique::FullHouse | Technique::NakedSingle | Technique::HiddenSingle
    ));
}

#[test]
fn a_hint_on_the_solution_says_solved() {
    let puzzle = cells(EASY);
    let solution = ShapeLogic::new().solution(classic(), &puzzle).unwrap();
    assert_eq!(
        ShapeLogic::new().hint(classic(), &puzzle, &solution, None),
        Ok(ShapeHint::Solved)
    );
}

#[test]
fn pencil_marks_that_dropped_the_solutions_digit_are_mistakes() {
    let puzzle = cells(EASY);
    let solution = ShapeLogic::new().solution(classic(), &puzzle).unwrap();
    let position = ShapePosition::new(classic(), &puzzle);
    let mut marks: Vec<u32> = (0..81).map(|c| position.candidates(c)).collect();
    // A1 is empty in EASY: drop its solution digit from its marks.
    marks[0] &= !bit(solution.get(0));
    assert_eq!(
        ShapeLogic::new().hint(classic(), &puzzle, &puzzle, Some(&marks)),
        Ok(ShapeHint::Mistakes(vec![0]))
    );
}

#[test]
fn a_cancelled_walk_stops() {
    let flag = AtomicBool::new(true);
    assert_eq!(
        ShapeLogic::new()
            .cancel_flag(&flag)
            .grade(classic(), &cells(EASY)),
        Err(ShapeLogicError::Interrupted(StopReason::Cancelled))
    );
}
