//! The logic layer for every shape as a specification: over hundreds of generated puzzles of several
//! shapes, every step is sound (a placement is the unique solution's value, an elimination never
//! removes it), every path ends at the solution, explanations name the variant's own units, and
//! grades come out on the classic level names.

use std::collections::BTreeSet;

use sudoku_service::engine::general::logic::{
    scaled_difficulty, ShapeHint, ShapeLogic, ShapeLogicError, ShapePosition, ShapeStep,
};
use sudoku_service::engine::general::{self, GeneratedShape, ShapeRequest, Symmetry};
use sudoku_service::engine::logic::{Difficulty, Technique};
use sudoku_service::engine::shape::{Cells, Rules, Shape, UnitKind, Variant};
use sudoku_service::engine::Interrupt;

pub fn rules(size: usize, variants: &[Variant]) -> Rules {
    Rules {
        size: Some(size),
        variants: variants.to_vec(),
        ..Rules::default()
    }
}

pub fn generated(rules: &Rules, seed: u64, jigsaw: bool) -> GeneratedShape {
    let request = ShapeRequest {
        symmetry: Symmetry::None,
        jigsaw,
        seed,
        interrupt: Interrupt::NEVER,
    };
    general::generate(rules, &request)
        .expect("valid rules")
        .expect("no deadline")
}

/// Checks one step against the solution and the position it was found in.
pub fn check_step(shape: &Shape, position: &ShapePosition, solution: &Cells, step: &ShapeStep) {
    assert!(!step.is_empty(), "{step:?}");
    for p in &step.placements {
        assert_eq!(position.value(p.cell), 0, "{}", step.explanation);
        assert_eq!(
            p.value,
            solution.get(p.cell),
            "{} placed wrongly: {}",
            shape.cell_name(p.cell),
            step.explanation
        );
    }
    for e in &step.eliminations {
        assert!(position.has(e.cell, e.value), "{}", step.explanation);
        assert_ne!(
            e.value,
            solution.get(e.cell),
            "{} lost its solution value: {}",
            shape.cell_name(e.cell),
            step.explanation
        );
    }
    for &u in &step.pattern.units {
        assert!(
            // Case aside: a sentence may open with the unit (`Cage 3 (A1+A2, sum 3)`).
            step.explanation
                .to_lowercase()
                .contains(&shape.unit_name(u).to_lowercase())
                || step.technique == Technique::NakedSingle
                // Fish name their lines together: `rows A and D`.
                || matches!(
                    step.technique,
                    Technique::XWing
                        | Technique::Swordfish
                        | Technique::Jellyfish
                        | Technique::FinnedXWing
                        | Technique::SashimiXWing
                        | Technique::FinnedSwordfish
                        | Technique::SashimiSwordfish
                )
                // Wings say which cells see which, as the classic words always have; their units
                // are there for highlighting. So are a rectangle's rows and columns.
                || matches!(step.technique, Technique::XYWing | Technique::XYZWing)
                // Chains are written as people write them, `(4)A2 = (4)A5 - (4)B6 = (4)F6`, and
                // name only the units a player would not see at a glance.
                || (matches!(
                    step.technique,
                    Technique::XChain | Technique::XYChain | Technique::Aic
                ) && matches!(
                    shape.unit_kind(u),
                    UnitKind::Row(_) | UnitKind::Column(_) | UnitKind::Box(_)
                ))
                || (matches!(
                    step.technique,
                    Technique::UniqueRectangle1
                        | Technique::UniqueRectangle2
                        | Technique::UniqueRectangle4
                ) && matches!(shape.unit_kind(u), UnitKind::Row(_) | UnitKind::Column(_)))
                // A run of rows or columns, or a rectangle of boxes, is named as one: `rows A to
                // C`, `boxes 1 and 2`.
                || (matches!(
                    step.technique,
                    Technique::RuleOf45
                        | Technique::InniesOuties
                        | Technique::CageSplitting
                        | Technique::InnieOutieDifference
                ) && (step.explanation.contains("rows ")
                    || step.explanation.contains("columns ")
                    || step.explanation.contains("boxes "))),
            "{}",
            step.explanation
        );
    }
}

/// Explains `count` generated puzzles on `rules`, checking every step; the techniques and the
/// explanations seen, and the levels graded.
pub fn walk_many(rules: &Rules, seeds: std::ops::Range<u64>, jigsaw: bool) -> Walked {
    let mut walked = Walked::default();
    for seed in seeds {
        let g = generated(rules, seed, jigsaw);
        let e = ShapeLogic::new().explain(&g.shape, &g.puzzle).unwrap();
        assert_eq!(e.solution, g.solution, "seed {seed}");
        let mut position = ShapePosition::new(&g.shape, &g.puzzle);
        for step in &e.steps {
            check_step(&g.shape, &position, &g.solution, step);
            position.apply(&g.shape, step);
            walked.techniques.insert(step.technique);
            walked.explanations.push(step.explanation.clone());
            walked.steps.push(step.technique);
        }
        assert_eq!(
            position.cells(),
            g.solution,
            "seed {seed}: the path ends at the solution"
        );
        assert_eq!(e.grade.steps as usize, e.steps.len());
        assert_eq!(
            e.grade.solved_by_logic,
            e.steps.iter().all(|s| s.technique != Technique::BruteForce)
        );
        walked.levels.insert(e.grade.difficulty);
    }
    walked
}

#[derive(Default)]
pub struct Walked {
    pub techniques: BTreeSet<Technique>,
    pub explanations: Vec<String>,
    /// The technique of each explanation.
    pub steps: Vec<Technique>,
    pub levels: BTreeSet<Difficulty>,
}

impl Walked {
    pub fn mentions(&self, words: &str) -> bool {
        self.explanations.iter().any(|e| e.contains(words))
    }

    /// Whether some step of `technique` says `words`.
    pub fn mentions_in(&self, technique: Technique, words: &str) -> bool {
        self.steps
            .iter()
            .zip(&self.explanations)
            .any(|(&t, e)| t == technique && e.contains(words))
    }
}

#[test]
fn every_step_is_sound_on_4x4_and_6x6() {
    let four = walk_many(&rules(4, &[]), 0..100, false);
    assert!(
        four.techniques.contains(&Technique::HiddenSingle)
            || four.techniques.contains(&Technique::NakedSingle)
    );
    let six = walk_many(&rules(6, &[]), 0..100, false);
    let tall = walk_many(
        &Rules {
            box_shape: Some([3, 2]),
            ..rules(6, &[])
        },
        0..40,
        false,
    );
    assert!(six.mentions("box "));
    assert!(tall.mentions("box "));
}

#[test]
fn every_step_is_sound_on_9x9_x_and_explanations_name_the_diagonals() {
    let x = walk_many(&rules(9, &[Variant::X]), 0..40, false);
    assert!(x.mentions("diagonal A1-I9") || x.mentions("diagonal I1-A9"));
    assert!(x.techniques.contains(&Technique::LockedCandidatesPointing));
}

#[test]
fn every_step_is_sound_on_hyper_and_explanations_name_the_windows() {
    let hyper = walk_many(&rules(9, &[Variant::Hyper]), 0..40, false);
    assert!(hyper.mentions("window "), "{:?}", hyper.explanations);
}

#[test]
fn every_step_is_sound_on_jigsaw_and_explanations_name_the_regions() {
    let jigsaw = walk_many(&rules(9, &[]), 0..12, true);
    assert!(jigsaw.mentions("region "));
    assert!(!jigsaw.mentions("box "));
}

#[test]
fn every_step_is_sound_on_12x12() {
    let twelve = walk_many(&rules(12, &[]), 0..6, false);
    assert!(twelve.mentions("row L") || twelve.mentions("column 12") || twelve.mentions("box 12"));
}

#[test]
fn grades_use_the_classic_level_names_and_harder_shapes_reach_harder_levels() {
    let mut levels = BTreeSet::new();
    for (r, jigsaw, seeds) in [
        (rules(4, &[]), false, 0..12),
        (rules(6, &[]), false, 0..12),
        (rules(9, &[Variant::X]), false, 0..12),
        (rules(9, &[]), true, 0..4),
    ] {
        for seed in seeds {
            let g = generated(&r, seed, jigsaw);
            let grade = ShapeLogic::new().grade(&g.shape, &g.puzzle).unwrap();
            let explained = ShapeLogic::new()
                .explain(&g.shape, &g.puzzle)
                .unwrap()
                .grade;
            assert_eq!(grade, explained);
            let floor = grade
                .hardest
                .map_or(Difficulty::Easy, Technique::difficulty);
            assert!(grade.difficulty >= floor);
            levels.insert(grade.difficulty);
        }
    }
    assert!(levels.contains(&Difficulty::Easy), "{levels:?}");
    assert!(levels.len() >= 2, "{levels:?}");
}

#[test]
fn the_work_ceilings_scale_with_the_number_of_cells() {
    // 60 hidden singles (840) are medium work on 81 cells, easy on 256.
    assert_eq!(
        scaled_difficulty(Difficulty::Easy, 840, 81),
        Difficulty::Medium
    );
    assert_eq!(
        scaled_difficulty(Difficulty::Easy, 840, 256),
        Difficulty::Easy
    );
    // On 16 cells easy work stops at 800 * 16 / 81 = 158.
    assert_eq!(
        scaled_difficulty(Difficulty::Easy, 158, 16),
        Difficulty::Easy
    );
    assert_eq!(
        scaled_difficulty(Difficulty::Easy, 159, 16),
        Difficulty::Medium
    );
    assert_eq!(
        scaled_difficulty(Difficulty::Hard, 100_000, 81),
        Difficulty::Extreme
    );
    assert_eq!(
        scaled_difficulty(Difficulty::Extreme, 0, 81),
        Difficulty::Extreme
    );
}

#[test]
fn a_hint_names_wrong_values_and_dropped_marks_before_a_step() {
    let g = generated(&rules(6, &[]), 3, false);
    let logic = ShapeLogic::new();
    let blank = (0..36).find(|&c| g.puzzle.get(c) == 0).unwrap();
    let mut progress = g.puzzle.clone();
    progress.set(blank, g.solution.get(blank) % 6 + 1);
    assert_eq!(
        logic.hint(&g.shape, &g.puzzle, &progress, None).unwrap(),
        ShapeHint::Mistakes(vec![blank])
    );
    let mut marks = vec![g.shape.all_values(); 36];
    marks[blank] &= !(1 << (g.solution.get(blank) - 1));
    assert_eq!(
        logic
            .hint(&g.shape, &g.puzzle, &g.puzzle, Some(&marks))
            .unwrap(),
        ShapeHint::Mistakes(vec![blank])
    );
    let ShapeHint::Step(step) = logic.hint(&g.shape, &g.puzzle, &g.puzzle, None).unwrap() else {
        panic!("a fresh puzzle has a step");
    };
    check_step(
        &g.shape,
        &ShapePosition::new(&g.shape, &g.puzzle),
        &g.solution,
        &step,
    );
    assert_eq!(
        logic.hint(&g.shape, &g.puzzle, &g.solution, None).unwrap(),
        ShapeHint::Solved
    );
}

#[test]
fn puzzles_without_exactly_one_solution_are_refused() {
    let shape = Shape::new(&rules(4, &[])).unwrap();
    let empty = Cells::empty(16);
    assert!(matches!(
        ShapeLogic::new().explain(&shape, &empty),
        Err(ShapeLogicError::MultipleSolutions(_))
    ));
    // A1 = 1 and B2 = 1 share box 1.
    let clash = Cells::parse(&shape, "1....1..........").unwrap();
    assert_eq!(
        ShapeLogic::new().grade(&shape, &clash),
        Err(ShapeLogicError::NoSolution)
    );
}

#[test]
fn an_intersection_of_a_box_and_a_diagonal_is_found_and_explained() {
    // On a blank-ish 4x4 X grid, marks set by hand: in box 1 the value 1 can only go in A1 and
    // B2, both on diagonal A1-D4, so C3 and D4 lose it.
    let shape = Shape::new(&rules(4, &[Variant::X])).unwrap();
    let cells = Cells::empty(16);
    let all = shape.all_values();
    let mut marks = vec![all; 16];
    for c in [1, 4] {
        marks[c] &= !1; // A2 and B1 lose 1.
    }
    let position = ShapePosition::with_marks(&shape, &cells, &marks);
    let geo = sudoku_service::engine::general::logic::Geometry::new(&shape);
    let step = sudoku_service::engine::general::logic::next_step(&geo, &position, &cells).unwrap();
    assert_eq!(
        step.technique,
        Technique::LockedCandidatesPointing,
        "{}",
        step.explanation
    );
    assert_eq!(
        step.explanation,
        "In box 1, 1 can only go in A1 or B2, both in diagonal A1-D4, so 1 can be removed from \
         the rest of diagonal A1-D4: C3 and D4."
    );
}
