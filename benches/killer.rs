//! Killer figures on fixed seeds: proving generated 9x9 killers (no givens) unique, proving each
//! published killer of `puzzles/killer/published.txt` unique, proving generated 16x16 killers (16
//! givens) unique, and generating 9x9 killers. Each iteration takes the next seed of a small fixed
//! set, so a figure is the mean over those puzzles. Kept short. Run: `cargo bench --bench killer`;
//! `examples/killer_speed.rs` gives medians and per-thread CPU time of the same work.

use std::hint::black_box;
use std::time::Duration;

use criterion::{criterion_main, Criterion};
use sudoku_service::cli::killer::compact_cages;
use sudoku_service::engine::general::{generate_killer, Killer, KillerRequest, Solver, Symmetry};
use sudoku_service::engine::shape::{Cells, Rules, Shape};

/// Seeds cycled through by each benchmark.
const SEEDS: u64 = 8;

fn killer(size: usize, seed: u64, givens: usize) -> Killer {
    let request = KillerRequest {
        seed,
        givens,
        symmetry: Symmetry::None,
        jigsaw: false,
        deadline: None,
    };
    let rules = Rules {
        size: Some(size),
        ..Rules::default()
    };
    generate_killer(&rules, &request)
        .expect("valid rules")
        .expect("no deadline")
}

/// The published killers of `puzzles/killer/published.txt`: name and shape.
fn published() -> Vec<(String, Shape)> {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/puzzles/killer/published.txt");
    std::fs::read_to_string(path)
        .expect("the published killers")
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|line| {
            let f: Vec<&str> = line.split('|').map(str::trim).collect();
            let rules = Rules {
                cages: compact_cages(9, f[1], f[2]).expect("valid compact cages"),
                ..Rules::default()
            };
            (f[0].to_string(), Shape::new(&rules).expect("valid cages"))
        })
        .collect()
}

fn uniqueness(c: &mut Criterion) {
    let mut group = c.benchmark_group("killer prove unique");
    // 16x16 killers from cages alone take the generator minutes: those carry 16 givens.
    for (name, size, givens, seeds) in [
        ("9x9 generated", 9, 0, SEEDS),
        ("16x16 generated, 16 givens", 16, 16, 3),
    ] {
        let puzzles: Vec<Killer> = (0..seeds).map(|s| killer(size, s, givens)).collect();
        let mut next = 0;
        group.bench_function(name, |b| {
            b.iter(|| {
                let k = &puzzles[next % puzzles.len()];
                next += 1;
                black_box(
                    Solver::new()
                        .solve(&k.shape, &k.puzzle)
                        .expect("no deadline"),
                )
            })
        });
    }
    for (name, shape) in published() {
        group.bench_function(format!("9x9 published {name}"), |b| {
            b.iter(|| {
                black_box(
                    Solver::new()
                        .solve(&shape, &Cells::empty(81))
                        .expect("no deadline"),
                )
            })
        });
    }
    group.finish();
}

fn generation(c: &mut Criterion) {
    let mut group = c.benchmark_group("killer generate");
    let mut seed = 0;
    group.bench_function("9x9 no givens", |b| {
        b.iter(|| {
            seed += 1;
            black_box(killer(9, seed % SEEDS, 0))
        })
    });
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
