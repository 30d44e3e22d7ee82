//! Soundness of the logic solver, the law of the logic layer: on a puzzle with one solution, no step
//! places a digit other than the solution's and no step removes the solution's digit, and every walk
//! ends on the solution. Checked step by step on every puzzle of `puzzles/`, on generated puzzles and
//! on samples of the large sets; the whole sets (tens of thousands) run with `--ignored` (CI runs them
//! in release mode).

use sudoku_service::engine::general::logic::{
    next_step, Geometry, ShapeHint, ShapeLogic, ShapePosition, ShapeStep, FINDERS,
};
use sudoku_service::engine::generator::{generate, Request};
use sudoku_service::engine::logic::{Difficulty, Technique};
use sudoku_service::engine::shape::{Cells, Shape};
use sudoku_service::engine::Grid;

use crate::data::{all_puzzle_files, dataset, dataset_sample, shared_file, Puzzle};

/// The classic shape, whose one logic layer these tests walk.
fn classic() -> &'static Shape {
    Shape::classic_ref()
}

/// The unique solution of `puzzle`, as the logic layer proves it.
fn solution_of(origin: &str, puzzle: &Grid) -> Cells {
    ShapeLogic::new()
        .solution(classic(), &Cells::from(puzzle))
        .unwrap_or_else(|e| panic!("{origin}: {e}"))
}

/// What a walk used, for the summary of a run.
struct Tally {
    puzzles: usize,
    steps: usize,
    by_technique: [usize; Technique::COUNT],
    by_level: [usize; 5],
}

/// Holds one step to the solution: it changes something, places only the solution's digits, removes
/// only candidates that are there and are not the solution's, and explains itself.
fn assert_sound(origin: &str, step: &ShapeStep, position: &ShapePosition, solution: &Cells) {
    let shape = classic();
    assert!(
        !step.is_empty(),
        "{origin}: {} did nothing",
        step.technique.id()
    );
    for p in &step.placements {
        assert_eq!(
            solution.get(p.cell),
            p.value,
            "{origin}: {} placed {} in {} but the solution has {}\n{}\nat\n{position:?}",
            step.technique.id(),
            p.value,
            shape.cell_name(p.cell),
            solution.get(p.cell),
            step.explanation,
        );
    }
    for e in &step.eliminations {
        assert_ne!(
            solution.get(e.cell),
            e.value,
            "{origin}: {} removed the solution's {} from {}\n{}\nat\n{position:?}",
            step.technique.id(),
            e.value,
            shape.cell_name(e.cell),
            step.explanation,
        );
        assert!(
            position.has(e.cell, e.value),
            "{origin}: {} removed {} from {}, which was not a candidate",
            step.technique.id(),
            e.value,
            shape.cell_name(e.cell)
        );
    }
    assert!(!step.explanation.is_empty());
}

/// Walks `puzzle` step by step, holding every step to its solution.
fn check_sound(origin: &str, puzzle: &Grid, tally: &mut Tally) {
    let shape = classic();
    let solution = solution_of(origin, puzzle);
    let geo = Geometry::of(shape);
    let mut position = ShapePosition::new(shape, &Cells::from(puzzle));
    let mut steps = 0;
    while !position.is_solved() {
        let step = next_step(&geo, &position, &solution)
            .unwrap_or_else(|| panic!("{origin}: stalled at\n{position:?}"));
        assert_sound(origin, &step, &position, &solution);
        tally.by_technique[step.technique.index()] += 1;
        position.apply(shape, &step);
        steps += 1;
        assert!(steps <= 81 * 9, "{origin}: the walk does not end");
    }
    assert_eq!(
        position.cells(),
        solution,
        "{origin}: ended off the solution"
    );
    let grade = ShapeLogic::new()
        .grade(shape, &Cells::from(puzzle))
        .unwrap();
    tally.puzzles += 1;
    tally.steps += steps;
    tally.by_level[Difficulty::ALL
        .iter()
        .position(|&d| d == grade.difficulty)
        .unwrap()] += 1;
}

fn check_all(name: &str, puzzles: &[Puzzle]) {
    let mut tally = Tally {
        puzzles: 0,
        steps: 0,
        by_technique: [0; Technique::COUNT],
        by_level: [0; 5],
    };
    for p in puzzles {
        check_sound(&p.origin, &p.grid, &mut tally);
    }
    let used: Vec<String> = Technique::ALL
        .iter()
        .filter(|t| tally.by_technique[t.index()] > 0)
        .map(|t| format!("{}={}", t.id(), tally.by_technique[t.index()]))
        .collect();
    eprintln!(
        "{name}: {} puzzles, {} steps, levels {:?}; {}",
        tally.puzzles,
        tally.steps,
        tally.by_level,
        used.join(" ")
    );
}

fn generated(count: u64, first_seed: u64) -> Vec<Puzzle> {
    (first_seed..first_seed + count)
        .map(|seed| Puzzle {
            origin: format!("generated seed {seed}"),
            grid: generate(&Request {
                givens: 17,
                unique: true,
                seed,
            })
            .puzzle,
        })
        .collect()
}

#[test]
fn every_step_on_the_shipped_puzzles_agrees_with_the_solution() {
    check_all("puzzles/", &all_puzzle_files());
}

#[test]
fn every_step_on_generated_puzzles_agrees_with_the_solution() {
    check_all("generated", &generated(300, 1));
}

#[test]
fn every_step_on_samples_of_the_large_sets_agrees_with_the_solution() {
    for (name, every) in [
        ("puzzles2_17_clue", 1000),
        ("puzzles3_magictour_top1465", 200),
        ("puzzles6_forum_hardest_1106", 100),
        ("puzzles5_forum_hardest_1905_11+", 8000),
    ] {
        if let Some(sample) = dataset_sample(name, every) {
            check_all(name, &sample);
        }
    }
    if let Some(set) = shared_file("generated/sudoku_crate_gen_halfrot_seed20240601_10k.txt") {
        check_all(
            "sudoku crate generated",
            &set.into_iter().step_by(200).collect::<Vec<_>>(),
        );
    }
}

/// Tens of thousands of puzzles: run with `cargo test --release --test engine -- --ignored`.
#[test]
#[ignore = "minutes in debug mode; CI runs it in release mode"]
fn every_step_on_the_whole_large_sets_agrees_with_the_solution() {
    check_all("generated 10k", &generated(10_000, 1_000_000));
    if let Some(set) = shared_file("generated/sudoku_crate_gen_halfrot_seed20240601_10k.txt") {
        check_all("sudoku crate generated 10k", &set);
    }
    for name in [
        "puzzles2_17_clue",
        "puzzles3_magictour_top1465",
        "puzzles6_forum_hardest_1106",
    ] {
        if let Some(set) = dataset(name) {
            check_all(name, &set);
        }
    }
    if let Some(sample) = dataset_sample("puzzles5_forum_hardest_1905_11+", 10) {
        check_all("forum hardest 11+ (every 10th)", &sample);
    }
}

/// Walks hints from `progress` (the puzzle plus some of the solution's digits), applying each step to
/// the player's pencil marks as a client would, until the hint says solved.
fn walk_hints(origin: &str, puzzle: &Grid, progress: Grid) {
    let shape = classic();
    let solution = solution_of(origin, puzzle);
    let mut grid = Cells::from(&progress);
    let start = ShapePosition::new(shape, &grid);
    let mut marks: Vec<u32> = (0..81).map(|c| start.candidates(c)).collect();
    for _ in 0..=81 * 9 {
        match ShapeLogic::new()
            .hint(shape, &Cells::from(puzzle), &grid, Some(&marks))
            .unwrap()
        {
            ShapeHint::Solved => {
                assert_eq!(grid, solution, "{origin}");
                return;
            }
            ShapeHint::Mistakes(cells) => panic!("{origin}: mistakes {cells:?} in a correct walk"),
            ShapeHint::Step(step) => {
                let mut position = ShapePosition::with_marks(shape, &grid, &marks);
                position.apply(shape, &step);
                grid = position.cells();
                marks = (0..81).map(|c| position.candidates(c)).collect();
            }
        }
    }
    panic!("{origin}: the hints never reached the solution");
}

#[test]
fn walking_hints_from_any_position_reaches_the_solution() {
    use sudoku_service::engine::{Digit, Rng, Square};

    let mut rng = Rng::seeded(2024);
    let puzzles = all_puzzle_files()
        .into_iter()
        .step_by(4)
        .chain(generated(40, 77));
    for p in puzzles {
        let solution = solution_of(&p.origin, &p.grid);
        // A player who has already filled a random share of the empty squares correctly.
        let mut progress = p.grid;
        let share = rng.below(60);
        for s in Square::all() {
            if progress.get(s).is_none() && rng.below(100) < share {
                progress.set(s, Digit::new(solution.get(s.index())));
            }
        }
        walk_hints(&p.origin, &p.grid, progress);
    }
}

/// Walks each puzzle along its path and, at every position, asks every finder (not only the first that
/// fires) for its step, holding each to the solution: a technique late in the order is tested on the
/// positions where it would rarely be reached.
fn check_every_finder(name: &str, puzzles: &[Puzzle]) {
    let shape = classic();
    let geo = Geometry::of(shape);
    let mut fired = [0usize; Technique::COUNT];
    for p in puzzles {
        let solution = solution_of(&p.origin, &p.grid);
        let mut position = ShapePosition::new(shape, &Cells::from(&p.grid));
        while !position.is_solved() {
            for finder in FINDERS.iter().filter(|f| f.assumes.holds(shape)) {
                if let Some(step) = (finder.find)(&geo, &position, &solution) {
                    assert_sound(&p.origin, &step, &position, &solution);
                    fired[step.technique.index()] += 1;
                }
            }
            let step = next_step(&geo, &position, &solution).unwrap();
            position.apply(shape, &step);
        }
    }
    let used: Vec<String> = Technique::ALL
        .iter()
        .filter(|t| fired[t.index()] > 0)
        .map(|t| format!("{}={}", t.id(), fired[t.index()]))
        .collect();
    eprintln!("{name}: every finder at every position: {}", used.join(" "));
}

#[test]
fn every_finder_is_sound_at_every_position_of_sampled_paths() {
    check_every_finder("generated", &generated(12, 500));
    for (name, every) in [
        ("puzzles3_magictour_top1465", 300),
        ("puzzles5_forum_hardest_1905_11+", 10_000),
    ] {
        if let Some(sample) = dataset_sample(name, every) {
            check_every_finder(name, &sample);
        }
    }
}

/// Every finder at every position of thousands of paths: `cargo test --release --test engine --
/// --ignored every_finder`.
#[test]
#[ignore = "minutes in debug mode; run in release mode"]
fn every_finder_is_sound_at_every_position_of_many_paths() {
    check_every_finder("generated 2k", &generated(2_000, 3_000_000));
    for (name, every) in [
        ("puzzles2_17_clue", 25),
        ("puzzles3_magictour_top1465", 1),
        ("puzzles6_forum_hardest_1106", 1),
        ("puzzles5_forum_hardest_1905_11+", 25),
    ] {
        if let Some(sample) = dataset_sample(name, every) {
            check_every_finder(name, &sample);
        }
    }
}
