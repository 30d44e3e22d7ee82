//! Killer figures on fixed seeds: proving generated 9x9 and 16x16 killers (no givens) unique,
//! proving each published killer of `puzzles/killer/published.txt` unique, proving tarek's series
//! of hard published killers (`puzzles/killer/tarek.txt`) unique, and generating 9x9 and 16x16
//! killers. Each iteration takes the next seed of a small fixed set, so a figure is the mean
//! over those puzzles. Kept short. Run: `cargo bench --bench killer`; `examples/killer_speed.rs`
//! gives medians and per-thread CPU time of the same work on the same puzzles (both build them
//! with `benches/support/killers.rs`).

use std::hint::black_box;
use std::time::Duration;

use criterion::{criterion_main, Criterion};
use sudoku_service::engine::general::{Killer, ShapeSolver};
use sudoku_service::engine::shape::Cells;

#[path = "support/killers.rs"]
mod killers;
use killers::{generated_on, published, sized, tarek};

/// Seeds cycled through by each benchmark: 9x9, and the slower 16x16.
const SEEDS: u64 = 8;
const SEEDS_16: u64 = 3;

fn uniqueness(c: &mut Criterion) {
    let mut group = c.benchmark_group("killer prove unique");
    for (name, size, seeds) in [
        ("9x9 generated", 9, SEEDS),
        ("16x16 generated", 16, SEEDS_16),
    ] {
        let puzzles: Vec<Killer> = (0..seeds)
            .map(|s| generated_on(&sized(size), false, s))
            .collect();
        let mut next = 0;
        group.bench_function(name, |b| {
            b.iter(|| {
                let k = &puzzles[next % puzzles.len()];
                next += 1;
                black_box(
                    ShapeSolver::new()
                        .solve(&k.shape, &k.puzzle)
                        .expect("no deadline"),
                )
            })
        });
    }
    for p in published() {
        // What is timed is the right answer: the published solution, proved unique.
        let out = ShapeSolver::new()
            .solve(&p.shape, &Cells::empty(81))
            .expect("no deadline");
        assert_eq!(out.solutions[0].to_text(&p.shape), p.solution, "{}", p.name);
        group.bench_function(format!("9x9 published {}", p.name), |b| {
            b.iter(|| {
                black_box(
                    ShapeSolver::new()
                        .solve(&p.shape, &Cells::empty(81))
                        .expect("no deadline"),
                )
            })
        });
    }
    // tarek's series, one killer per iteration in turn: the mean over the series.
    let series = tarek();
    let mut next = 0;
    group.bench_function("9x9 tarek's series", |b| {
        b.iter(|| {
            let p = &series[next % series.len()];
            next += 1;
            black_box(
                ShapeSolver::new()
                    .solve(&p.shape, &Cells::empty(81))
                    .expect("no deadline"),
            )
        })
    });
    group.finish();
}

fn generation(c: &mut Criterion) {
    let mut group = c.benchmark_group("killer generate");
    for (name, size, seeds) in [
        ("9x9 no givens", 9, SEEDS),
        ("16x16 no givens", 16, SEEDS_16),
    ] {
        let rules = sized(size);
        let mut seed = 0;
        group.bench_function(name, |b| {
            b.iter(|| {
                seed += 1;
                black_box(generated_on(&rules, false, seed % seeds))
            })
        });
    }
    group.finish();
}

fn config() -> Criterion {
    Criterion::default()
        .sample_size(10)
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(3))
}

/// In a private module because `criterion_group!` makes an undocumented `pub fn`.
mod group {
    use super::{config, generation, uniqueness};

    criterion::criterion_group! {
        name = benches;
        config = config();
        targets = uniqueness, generation
    }
}

criterion_main!(group::benches);
