//! The general engine's headline figures on fixed seeds: generating 16x16, 25x25, 9x9 X and 9x9
//! jigsaw puzzles, and solving generated 16x16 and 25x25 puzzles with proof of uniqueness. Each
//! iteration takes the next seed of a small fixed set, so a figure is the mean over those puzzles
//! (`examples/shape_speed.rs` prints medians and tails over more). Kept short: a few minutes in all.
//! Run: `cargo bench --bench shapes`.

use std::hint::black_box;
use std::time::Duration;

use criterion::{criterion_main, Criterion};
use sudoku_service::engine::general::{self, GeneratedShape, ShapeRequest, Symmetry};
use sudoku_service::engine::shape::{Rules, Variant};
use sudoku_service::engine::Interrupt;

/// Seeds cycled through by each benchmark.
const SEEDS: u64 = 8;

fn sized(size: usize, variants: &[Variant]) -> Rules {
    Rules {
        size: Some(size),
        variants: variants.to_vec(),
        ..Rules::default()
    }
}

fn generated(rules: &Rules, seed: u64, jigsaw: bool) -> GeneratedShape {
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

fn generation(c: &mut Criterion) {
    let mut group = c.benchmark_group("generate");
    for (name, rules, jigsaw) in [
        ("9x9 x", sized(9, &[Variant::X]), false),
        ("9x9 jigsaw", sized(9, &[]), true),
        ("16x16", sized(16, &[]), false),
        ("25x25", sized(25, &[]), false),
    ] {
        let mut seed = 0;
        group.bench_function(name, |b| {
            b.iter(|| {
                seed = (seed + 1) % SEEDS;
                black_box(generated(&rules, seed, jigsaw))
            })
        });
    }
    group.finish();
}

fn solving(c: &mut Criterion) {
    let mut group = c.benchmark_group("solve unique");
    for size in [16, 25] {
        let rules = sized(size, &[]);
        let puzzles: Vec<GeneratedShape> =
            (0..SEEDS).map(|s| generated(&rules, s, false)).collect();
        let mut i = 0;
        group.bench_function(format!("{size}x{size}"), |b| {
            b.iter(|| {
                i = (i + 1) % puzzles.len();
                let g = &puzzles[i];
                let out = general::ShapeSolver::new().solve(&g.shape, &g.puzzle);
                black_box(out.expect("no deadline"))
            })
        });
    }
    group.finish();
}

fn config() -> Criterion {
    Criterion::default()
        .sample_size(10)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(5))
}

/// In a private module because `criterion_group!` makes an undocumented `pub fn`.
mod group {
    use super::{config, generation, solving};

    criterion::criterion_group! {
        name = benches;
        config = config();
        targets = generation, solving
    }
}

criterion_main!(group::benches);
