//! The killer techniques as a specification: on generated killers (9x9, 6x6 and 4x4, with and
//! without givens, with X and jigsaw regions) and on the published Conceptis killer, every step of
//! every path agrees with the unique solution (no placement differs from it, no elimination removes
//! its value), every path ends at the solution, explanations name cages by their cells and sums
//! and use the rule of 45's own words, and killers no longer need guessing to be graded.
//!
//! The default run is kept short; `cargo test --release --test engine killer_logic -- --ignored
//! --nocapture` walks thousands of killers and prints how often each shape's killers grade below
//! extreme (the figures of docs/shapes.md, "Killer logic").

use std::collections::BTreeMap;

use sudoku_service::engine::general::logic::{ShapeLogic, ShapePosition};
use sudoku_service::engine::general::{generate_killer, Killer, KillerRequest, Symmetry};
use sudoku_service::engine::logic::{Difficulty, Technique};
use sudoku_service::engine::shape::{Cells, Rules, Shape, Variant};
use sudoku_service::engine::Interrupt;

use super::killer::{compact, killer, CONCEPTIS, CONCEPTIS_SOLUTION};
use super::shape_logic::check_step;

/// A generated killer on `rules` with `givens` givens.
pub fn generated(rules: &Rules, seed: u64, givens: usize, jigsaw: bool) -> Killer {
    let request = KillerRequest {
        seed,
        givens,
        symmetry: Symmetry::None,
        jigsaw,
        interrupt: Interrupt::NEVER,
    };
    generate_killer(rules, &request)
        .expect("valid rules")
        .expect("no deadline")
}

fn size(n: usize) -> Rules {
    Rules {
        size: Some(n),
        ..Rules::default()
    }
}

/// What walking many killers saw.
#[derive(Default)]
struct Seen {
    techniques: BTreeMap<Technique, usize>,
    levels: BTreeMap<Difficulty, usize>,
    explanations: Vec<(Technique, String)>,
    puzzles: usize,
    /// Puzzles whose path needed no guess.
    by_logic: usize,
    /// Time spent explaining, for the measurement's median.
    times: Vec<std::time::Duration>,
}

impl Seen {
    fn says(&self, technique: Technique, words: &str) -> bool {
        self.explanations
            .iter()
            .any(|(t, e)| *t == technique && e.contains(words))
    }

    fn below_extreme(&self) -> usize {
        self.puzzles - self.levels.get(&Difficulty::Extreme).copied().unwrap_or(0)
    }
}

/// Explains `puzzle`, checking every step against `solution`, and records what it saw.
fn walk(shape: &Shape, puzzle: &Cells, solution: &Cells, seen: &mut Seen) {
    let started = std::time::Instant::now();
    let explained = ShapeLogic::new().explain(shape, puzzle).unwrap();
    seen.times.push(started.elapsed());
    assert_eq!(&explained.solution, solution);
    let mut position = ShapePosition::new(shape, puzzle);
    for step in &explained.steps {
        check_step(shape, &position, solution, step);
        position.apply(shape, step);
        *seen.techniques.entry(step.technique).or_default() += 1;
        if seen.explanations.len() < 20_000 {
            seen.explanations
                .push((step.technique, step.explanation.clone()));
        }
    }
    assert_eq!(&position.cells(), solution, "the path ends at the solution");
    *seen.levels.entry(explained.grade.difficulty).or_default() += 1;
    seen.puzzles += 1;
    seen.by_logic += usize::from(explained.grade.solved_by_logic);
}

fn walk_generated(rules: &Rules, seeds: std::ops::Range<u64>, givens: usize, jigsaw: bool) -> Seen {
    let mut seen = Seen::default();
    for seed in seeds {
        let k = generated(rules, seed, givens, jigsaw);
        walk(&k.shape, &k.puzzle, &k.solution, &mut seen);
    }
    seen
}

fn conceptis() -> (Shape, Cells, Cells) {
    let shape = Shape::new(&killer(9, compact(9, CONCEPTIS.0, CONCEPTIS.1))).unwrap();
    let puzzle = Cells::from_values(vec![0; 81]);
    let solution = Cells::from_values(
        CONCEPTIS_SOLUTION
            .bytes()
            .map(|b| b - b'0')
            .collect::<Vec<u8>>(),
    );
    (shape, puzzle, solution)
}

#[test]
fn the_published_conceptis_killer_is_solved_by_logic_with_sound_steps() {
    let (shape, puzzle, solution) = conceptis();
    let mut seen = Seen::default();
    walk(&shape, &puzzle, &solution, &mut seen);
    assert!(
        !seen.techniques.contains_key(&Technique::BruteForce),
        "{:?}",
        seen.techniques
    );
    assert!(seen.techniques.contains_key(&Technique::CageCombination));
    assert!(seen.levels.keys().all(|&d| d < Difficulty::Extreme));
    // The cage of 4 in two cells (B4+C4) can only be 1+3.
    assert!(
        seen.says(
            Technique::CageCombination,
            "Cage 7 (B4+C4, sum 4) can only be 1+3"
        ),
        "{:?}",
        seen.explanations
    );
}

/// Published killers besides Conceptis', transcribed cage by cage (ids per cell, sums in order of
/// first appearance) from the puzzles' pages, with their published solutions: the UK Puzzle
/// Association's (ukpuzzles.org, file 247) and killersudokuonline.com's tips page example.
const OUTSIDE: [(&str, &[u32], &str); 2] = [
    (
        "aabbcddee aafgchiee jffgchiik jggglhhhk mmmlllnnn oppplqqqr ossptquur vvsptquww vvxxtyyww",
        &[
            20, 9, 17, 9, 20, 22, 16, 27, 18, 8, 11, 15, 12, 22, 8, 30, 17, 11, 11, 19, 16, 24, 17,
            16, 10,
        ],
        "632798154478165392195324786724639815813452679569817243346571928981243567257986431",
    ),
    (
        "aabbbcccd efghijjjd efghikkkl mmghnoool pppnnnqqq rsssntuvv rwwwxtuyz ABBBxtuyz ACCCDDDEE",
        &[
            6, 18, 14, 16, 17, 6, 17, 16, 4, 12, 16, 9, 4, 21, 23, 15, 16, 9, 24, 9, 14, 6, 7, 17,
            12, 14, 12, 11, 23, 13, 4,
        ],
        "423968517856417329917532684134726895285149763679853142341285976762391458598674231",
    ),
];

#[test]
fn every_step_is_sound_on_other_published_killers() {
    let mut seen = Seen::default();
    for (ids, sums, solution) in OUTSIDE {
        let shape = Shape::new(&killer(9, compact(9, ids, sums))).unwrap();
        let solution = Cells::from_values(solution.bytes().map(|b| b - b'0').collect::<Vec<u8>>());
        walk(
            &shape,
            &Cells::from_values(vec![0; 81]),
            &solution,
            &mut seen,
        );
    }
    assert!(seen.techniques.contains_key(&Technique::CageCombination));
}

#[test]
fn every_step_is_sound_on_generated_9x9_killers_and_the_rule_of_45_reads_as_players_say_it() {
    let seen = walk_generated(&size(9), 0..20, 0, false);
    for t in [
        Technique::CageCombination,
        Technique::RuleOf45,
        Technique::InnieOutieDifference,
        Technique::CombinationConflict,
    ] {
        assert!(
            seen.techniques.contains_key(&t),
            "{t}: {:?}",
            seen.techniques
        );
    }
    assert!(seen.below_extreme() > 0, "{:?}", seen.levels);
    // "Row A's cages inside it sum to 38, so the one cell of row A outside them, A9, is 45 - 38 = 7."
    let single = seen
        .explanations
        .iter()
        .find(|(t, e)| {
            *t == Technique::RuleOf45
                && e.contains("'s cages inside it sum to ")
                && e.contains(", so the one cell of ")
        })
        .map(|(_, e)| e)
        .expect("a rule of 45 over one unit");
    assert!(
        single.contains(" outside them, ") && single.contains(" is 45 - "),
        "{single}"
    );
    assert!(seen.says(Technique::CageCombination, ", sum "));
}

#[test]
fn every_step_is_sound_on_generated_4x4_and_6x6_killers() {
    let four = walk_generated(&size(4), 0..100, 0, false);
    let six = walk_generated(&size(6), 0..60, 0, false);
    assert!(four.techniques.contains_key(&Technique::CageCombination));
    // The rule of 45 on other sizes counts their own total: 1 + ... + 6 = 21.
    assert!(
        six.says(Technique::RuleOf45, "21 - "),
        "{:?}",
        six.techniques
    );
    assert!(!four.techniques.contains_key(&Technique::BruteForce));
}

#[test]
fn every_step_is_sound_on_killers_with_givens_x_and_jigsaw() {
    walk_generated(&size(9), 100..106, 3, false);
    let x = Rules {
        variants: vec![Variant::X],
        ..size(9)
    };
    walk_generated(&x, 0..6, 0, false);
    walk_generated(&size(9), 0..4, 0, true);
}

/// The measurement behind docs/shapes.md's killer logic figures: how often killers grade below extreme, and which
/// techniques their paths use.
#[test]
#[ignore = "thousands of killers, minutes: cargo test --release --test engine thousands_of_killers -- --ignored --nocapture (prints the figures of docs/shapes.md)"]
fn thousands_of_killers_are_sound_and_mostly_graded_below_extreme() {
    let count: u64 = std::env::var("KILLERS")
        .ok()
        .and_then(|d| d.parse().ok())
        .unwrap_or(1000);
    for (name, rules, seeds) in [
        ("9x9", size(9), 0..count),
        ("6x6", size(6), 0..count),
        ("4x4", size(4), 0..count),
    ] {
        let mut seen = walk_generated(&rules, seeds, 0, false);
        seen.times.sort_unstable();
        let share = |n: usize| 100.0 * n as f64 / seen.puzzles as f64;
        println!(
            "{name}: {} killers, {} solved by logic ({:.1}%), {} below extreme ({:.1}%); levels {:?}",
            seen.puzzles,
            seen.by_logic,
            share(seen.by_logic),
            seen.below_extreme(),
            share(seen.below_extreme()),
            seen.levels
        );
        println!("  techniques {:?}", seen.techniques);
        println!(
            "  explain (proof of uniqueness and the whole path): median {:?}, slowest {:?}",
            seen.times[seen.times.len() / 2],
            seen.times.last().unwrap()
        );
    }
}
