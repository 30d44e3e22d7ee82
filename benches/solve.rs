//! Solve speed side by side with the crates.io `sudoku` crate (a JCZSolve-style solver, dev-only
//! because of its AGPL licence), on Norvig's sets, fixed samples of the tdoku sets (serg included) and
//! 300 seeded random forms of Norvig's impossible puzzle; plus Norvig's candidates and the generator.
//!
//! Each iteration solves a whole batch, so criterion's throughput is puzzles per second. Both solvers
//! count to two solutions, proving uniqueness. `ours` is what `sudoku solve` and `/solve/batch` run
//! (`Solver::keep_first`: the first solution written out, a second only counted); the crate returns
//! no solution at all for a puzzle that is not unique. On serg, whose puzzles all have several
//! solutions, `ours_both_solutions` is what `/solve` runs (`Solver::new`: both solutions written
//! out); on the other sets every puzzle is unique or has none, and the two are the same search.
//! Run: `cargo bench --bench solve`.

use std::hint::black_box;
use std::path::{Path, PathBuf};
use std::time::Duration;

use criterion::{criterion_main, Criterion, Throughput};
use sudoku::{Sudoku, Symmetry};
use sudoku_service::engine::{candidates, generate, Grid, Request, Rng, Solver, Verdict};

#[path = "../examples/support/forms.rs"]
mod forms;
use forms::random_form;

/// How many puzzles of each large set make the batch.
const SAMPLE: usize = 1000;

fn crate_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The first `limit` puzzles of a file (`#` lines skipped, a name after the puzzle ignored), or `None`
/// when the file is absent.
fn load(path: &Path, limit: usize) -> Option<Vec<Grid>> {
    let Ok(text) = std::fs::read_to_string(path) else {
        eprintln!("note: {} is absent; skipping it", path.display());
        return None;
    };
    let grids = text
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .filter_map(|l| l.split_whitespace().next()?.parse().ok())
        .take(limit)
        .collect();
    Some(grids)
}

/// Checks once, outside the timing, that both solvers agree on every puzzle of the batch, and that
/// `keep_first` finds the same verdict and first solution as the search that keeps both.
fn assert_agree(name: &str, grids: &[Grid]) {
    for g in grids {
        let ours = Solver::new().solve(g).expect("no deadline");
        let first = Solver::new().keep_first().solve(g).expect("no deadline");
        assert_eq!(first.verdict, ours.verdict, "{name}: {g}");
        assert_eq!(
            first.solutions.first(),
            ours.solutions.first(),
            "{name}: {g}"
        );
        let theirs = Sudoku::from_bytes(g.values())
            .expect("digits 0-9")
            .solution();
        let ours = (ours.verdict == Verdict::Unique).then(|| ours.solutions[0].values());
        assert_eq!(ours, theirs.map(|s| s.to_bytes()), "{name}: {g}");
    }
}

/// One group: `ours` and `sudoku_crate` solving the same batch, and `ours_both_solutions` when
/// `multiple` (the set's puzzles have several solutions).
fn solve_group(c: &mut Criterion, name: &str, grids: &[Grid], multiple: bool) {
    assert_agree(name, grids);
    let bytes: Vec<[u8; 81]> = grids.iter().map(Grid::values).collect();
    let mut group = c.benchmark_group(name);
    group.throughput(Throughput::Elements(grids.len() as u64));
    group.bench_function("ours", |b| {
        b.iter(|| {
            for g in grids {
                black_box(Solver::new().keep_first().solve(black_box(g)).ok());
            }
        })
    });
    if multiple {
        group.bench_function("ours_both_solutions", |b| {
            b.iter(|| {
                for g in grids {
                    black_box(Solver::new().solve(black_box(g)).ok());
                }
            })
        });
    }
    group.bench_function("sudoku_crate", |b| {
        b.iter(|| {
            for &v in &bytes {
                black_box(
                    Sudoku::from_bytes(black_box(v))
                        .ok()
                        .and_then(Sudoku::solution),
                );
            }
        })
    });
    group.finish();
}

fn norvig_sets(c: &mut Criterion) {
    for name in ["easy50", "top95", "hardest"] {
        let path = crate_dir().join("puzzles").join(format!("{name}.txt"));
        if let Some(grids) = load(&path, usize::MAX) {
            solve_group(c, name, &grids, false);
        }
    }
}

fn tdoku_sets(c: &mut Criterion) {
    for (file, name) in [
        ("puzzles2_17_clue", "17_clue"),
        ("puzzles5_forum_hardest_1905_11+", "forum_hardest"),
        ("puzzles3_magictour_top1465", "magictour"),
        ("puzzles6_forum_hardest_1106", "forum_hardest_1106"),
        ("puzzles7_serg_benchmark", "serg"),
    ] {
        let path = crate_dir().join("../shared/datasets/tdoku").join(file);
        if let Some(grids) = load(&path, SAMPLE) {
            solve_group(c, name, &grids, name == "serg");
        }
    }
}

/// Norvig's impossible puzzle.
const IMPOSSIBLE: &str =
    ".....5.8....6.1.43..........1.5........1.6...3.......553.....61........4.........";

/// How many random equivalent forms of the impossible puzzle make its batch.
const FORMS: usize = 300;

/// Norvig's impossible puzzle in a fixed, seeded set of random equivalent forms. (The crate answers
/// these without searching: a puzzle with fewer than eight distinct digits cannot be unique, so its
/// `solution` returns `None` at once; ours proves there is no solution at all.)
fn impossible_family(c: &mut Criterion) {
    let mut rng = Rng::seeded(18);
    let puzzle: Grid = IMPOSSIBLE.parse().expect("a puzzle");
    let grids: Vec<Grid> = (0..FORMS).map(|_| random_form(&mut rng, &puzzle)).collect();
    solve_group(c, "impossible_forms", &grids, false);
}

fn norvig_candidates(c: &mut Criterion) {
    let Some(grids) = load(&crate_dir().join("puzzles/top95.txt"), usize::MAX) else {
        return;
    };
    let mut group = c.benchmark_group("candidates");
    group.throughput(Throughput::Elements(grids.len() as u64));
    group.bench_function("top95", |b| {
        b.iter(|| {
            for g in &grids {
                black_box(candidates(black_box(g)));
            }
        })
    });
    group.finish();
}

fn generator(c: &mut Criterion) {
    let mut group = c.benchmark_group("generate");
    group.throughput(Throughput::Elements(1));
    for (name, unique) in [("unique", true), ("norvig", false)] {
        group.bench_function(name, |b| {
            let mut seed = 0;
            b.iter(|| {
                seed += 1;
                black_box(generate(&Request {
                    givens: 17,
                    unique,
                    seed,
                }))
            })
        });
    }
    // The crate's unique, minimal puzzle without symmetry: the counterpart of `unique` above.
    group.bench_function("sudoku_crate_unique", |b| {
        b.iter(|| black_box(Sudoku::generate_with_symmetry(Symmetry::None)))
    });
    group.finish();
}

fn config() -> Criterion {
    Criterion::default()
        .sample_size(10)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(4))
}

/// In a private module because `criterion_group!` makes an undocumented `pub fn`.
mod group {
    use super::{config, generator, impossible_family, norvig_candidates, norvig_sets, tdoku_sets};

    criterion::criterion_group! {
        name = benches;
        config = config();
        targets = norvig_sets, tdoku_sets, impossible_family, norvig_candidates, generator
    }
}

criterion_main!(group::benches);
