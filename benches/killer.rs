//! Killer figures on fixed seeds: proving generated 9x9 killers (no givens) unique, proving the
//! published Conceptis killer unique, proving a generated 16x16 killer unique, and generating 9x9
//! killers. Each iteration takes the next seed of a small fixed set, so a figure is the mean over
//! those puzzles. Kept short. Run: `cargo bench --bench killer`.

use std::hint::black_box;
use std::time::Duration;

use criterion::{criterion_main, Criterion};
use sudoku_service::engine::general::{generate_killer, Killer, KillerRequest, Solver, Symmetry};
use sudoku_service::engine::shape::{CageRule, Cells, Rules, Shape};

/// Seeds cycled through by each benchmark.
const SEEDS: u64 = 8;

fn killer(size: usize, seed: u64) -> Killer {
    let request = KillerRequest {
        seed,
        givens: 0,
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

/// Conceptis Puzzles' published killer: one cage id per cell, sums in order of first appearance.
fn conceptis() -> Shape {
    let ids: Vec<char> =
        "aabbccddeafbgchhdeifjgkkhleifjjkmmlnoppqqmrlnoosqturvnwwsttuxvvwwyyyyxvvzzzzyAABB"
            .chars()
            .collect();
    let sums = [
        15, 19, 16, 8, 19, 15, 4, 18, 7, 16, 16, 12, 17, 17, 17, 10, 20, 7, 6, 9, 7, 26, 23, 12,
        26, 21, 12, 10,
    ];
    let mut order = Vec::new();
    for &id in &ids {
        if !order.contains(&id) {
            order.push(id);
        }
    }
    let cages = order
        .iter()
        .zip(sums)
        .map(|(&id, sum)| CageRule {
            sum,
            cells: (0..81)
                .filter(|&i| ids[i] == id)
                .map(|i| format!("{}{}", char::from(b'A' + (i / 9) as u8), i % 9 + 1))
                .collect(),
        })
        .collect();
    Shape::new(&Rules {
        cages,
        ..Rules::default()
    })
    .expect("valid cages")
}

fn uniqueness(c: &mut Criterion) {
    let mut group = c.benchmark_group("killer prove unique");
    for (name, size) in [("9x9 generated", 9), ("16x16 generated", 16)] {
        let puzzles: Vec<Killer> = (0..SEEDS).map(|s| killer(size, s)).collect();
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
    let published = conceptis();
    group.bench_function("9x9 Conceptis", |b| {
        b.iter(|| {
            black_box(
                Solver::new()
                    .solve(&published, &Cells::empty(81))
                    .expect("no deadline"),
            )
        })
    });
    group.finish();
}

fn generation(c: &mut Criterion) {
    let mut group = c.benchmark_group("killer generate");
    let mut seed = 0;
    group.bench_function("9x9 no givens", |b| {
        b.iter(|| {
            seed += 1;
            black_box(killer(9, seed % SEEDS))
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
