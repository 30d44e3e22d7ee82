//! Property tests of the general generator and solver over many generated puzzles of every shape:
//! each solution obeys every unit (checked by the independent counter's own units), the puzzle's
//! givens are the solution's, and uniqueness verdicts agree with the independent brute-force counter
//! on small shapes (on the puzzle, and on the puzzle with one given taken away, which is often not
//! unique) and with the band solver on classic 9x9.
//!
//! The sweep here is sized for a debug build in CI (a few hundred puzzles, mostly small); the larger
//! sweep is opt-in: `cargo test --release --test engine shape_props -- --ignored`.

use sudoku_service::engine::general::{self, GeneratedShape, ShapeRequest, Symmetry};
use sudoku_service::engine::rng::Rng;
use sudoku_service::engine::shape::{Cells, Rules, Variant};
use sudoku_service::engine::Interrupt;
use sudoku_service::engine::{Grid, Solver as BandSolver, Verdict};

use crate::brute::BruteForce;

/// A shape to sample: rules, whether regions are drawn (jigsaw), and how many seeds.
struct Sample {
    rules: Rules,
    jigsaw: bool,
    seeds: u64,
}

fn sample(
    size: usize,
    boxed: Option<[usize; 2]>,
    variants: &[Variant],
    jigsaw: bool,
    seeds: u64,
) -> Sample {
    Sample {
        rules: Rules {
            size: Some(size),
            box_shape: boxed,
            variants: variants.to_vec(),
            ..Rules::default()
        },
        jigsaw,
        seeds,
    }
}

/// Small shapes, every variant and combination that has grids: the brute-force counter is the
/// oracle here.
fn small_shapes(scale: u64) -> Vec<Sample> {
    use Variant::{Hyper, X};
    vec![
        sample(4, None, &[], false, 40 * scale),
        sample(4, None, &[X], false, 20 * scale),
        sample(4, None, &[Hyper], false, 20 * scale),
        sample(4, None, &[X, Hyper], false, 20 * scale),
        sample(4, None, &[], true, 30 * scale),
        sample(4, None, &[X], true, 10 * scale),
        sample(6, None, &[], false, 40 * scale),
        sample(6, Some([3, 2]), &[], false, 20 * scale),
        sample(6, None, &[X], false, 15 * scale),
        sample(6, None, &[Hyper], false, 15 * scale),
        sample(6, None, &[], true, 20 * scale),
        sample(8, None, &[], false, 4 * scale),
        sample(9, None, &[X], false, 3 * scale),
        sample(9, None, &[Hyper], false, 3 * scale),
    ]
}

/// Larger shapes, a few seeds each: solutions obey the units and the general solver proves
/// uniqueness (the brute-force counter would take too long).
fn large_shapes(scale: u64) -> Vec<Sample> {
    use Variant::{Hyper, X};
    vec![
        sample(9, None, &[], true, scale),
        sample(10, None, &[], false, scale),
        sample(12, None, &[], false, scale),
        sample(12, None, &[X], false, scale),
        sample(16, None, &[], false, scale),
        sample(16, None, &[Hyper], false, scale.saturating_sub(1)),
        sample(25, None, &[], false, scale.saturating_sub(1)),
    ]
}

fn generate(s: &Sample, seed: u64, symmetry: Symmetry) -> GeneratedShape {
    let request = ShapeRequest {
        symmetry,
        jigsaw: s.jigsaw,
        seed,
        interrupt: Interrupt::NEVER,
    };
    general::generate(&s.rules, &request)
        .unwrap_or_else(|e| panic!("{:?} seed {seed}: {e}", s.rules))
        .expect("no deadline")
}

/// Everything checked of one puzzle; `brute` when the independent counter is the oracle.
fn check(g: &GeneratedShape, brute: bool, rng: &mut Rng) {
    let shape = &g.shape;
    let rules = shape.rules().clone();
    let text = g.puzzle.to_text(shape);
    for c in 0..shape.cell_count() {
        let given = g.puzzle.get(c);
        assert!(
            given == 0 || given == g.solution.get(c),
            "{rules:?} {text}: given at {c} lost"
        );
    }
    let counter = BruteForce::new(&rules, shape);
    // A complete grid "has one solution" exactly when it breaks no unit of the counter's own.
    assert_eq!(
        counter.count(g.solution.values(), 2),
        1,
        "{rules:?}: solution breaks a unit"
    );
    let general_verdict = |cells: &Cells| {
        general::ShapeSolver::new()
            .solve(shape, cells)
            .unwrap()
            .verdict
    };
    assert_eq!(
        general_verdict(&g.puzzle),
        Verdict::Unique,
        "{rules:?} {text}"
    );
    // One given taken away: the verdicts must still agree, unique or not.
    let givens: Vec<usize> = (0..shape.cell_count())
        .filter(|&c| g.puzzle.get(c) != 0)
        .collect();
    let mut fewer = g.puzzle.clone();
    fewer.set(givens[rng.below(givens.len() as u64) as usize], 0);
    if brute {
        assert_eq!(counter.count(g.puzzle.values(), 2), 1, "{rules:?} {text}");
        let expected = match counter.count(fewer.values(), 2) {
            1 => Verdict::Unique,
            _ => Verdict::Multiple,
        };
        assert_eq!(
            general_verdict(&fewer),
            expected,
            "{rules:?} {}",
            fewer.to_text(shape)
        );
    }
    if shape.is_classic() {
        for cells in [&g.puzzle, &fewer] {
            let grid: Grid = cells.to_classic().unwrap();
            let band = BandSolver::new().solve(&grid).unwrap().verdict;
            assert_eq!(band, general_verdict(cells), "{}", cells.to_text(shape));
        }
    }
}

fn sweep(samples: &[Sample], brute: bool) -> usize {
    let mut rng = Rng::seeded(13);
    let mut checked = 0;
    for s in samples {
        for seed in 0..s.seeds {
            let symmetry = Symmetry::ALL[(seed % 5) as usize];
            check(&generate(s, seed, symmetry), brute, &mut rng);
            checked += 1;
        }
    }
    checked
}

#[test]
fn hundreds_of_small_puzzles_agree_with_the_brute_force_counter() {
    let checked = sweep(&small_shapes(1), true);
    assert!(checked >= 250, "{checked}");
}

#[test]
fn classic_nine_by_nine_from_the_general_generator_agrees_with_the_band_solver() {
    let classic = sample(9, None, &[], false, 10);
    assert_eq!(sweep(&[classic], true), 10);
}

#[test]
fn large_shapes_obey_every_unit_and_are_unique() {
    let mut rng = Rng::seeded(5);
    for s in large_shapes(1)
        .iter()
        .filter(|s| s.rules.size.unwrap_or(9) <= 12)
    {
        for seed in 0..s.seeds {
            check(&generate(s, seed, Symmetry::None), false, &mut rng);
        }
    }
}

#[test]
#[ignore = "a larger sweep, minutes in a debug build: cargo test --release --test engine shape_props -- --ignored"]
fn the_larger_sweep_over_every_shape() {
    assert!(sweep(&small_shapes(10), true) >= 2500);
    assert!(sweep(&large_shapes(4), false) >= 20);
}
