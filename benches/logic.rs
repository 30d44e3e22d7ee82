//! The logic layer's speed: grading generated puzzles and Norvig's top95, and generating to each
//! level. Grading throughput is puzzles per second; before the criterion groups, the per-puzzle
//! median and 90th percentile of grading generated puzzles are printed (the target is a
//! median under 100 µs). Run: `cargo bench --bench logic`.

use std::hint::black_box;
use std::path::PathBuf;
use std::time::{Duration, Instant};

use criterion::{criterion_main, Criterion, Throughput};
use sudoku_service::engine::logic::Difficulty;
use sudoku_service::engine::{generate, Grid, LevelGenerator, LevelRequest, Request};
use sudoku_service::engine::{Interrupt, Puzzle};

/// Generated puzzles graded per batch.
const GENERATED: u64 = 300;

fn generated() -> Vec<Grid> {
    (1..=GENERATED)
        .map(|seed| {
            generate(&Request {
                givens: 17,
                unique: true,
                seed,
            })
            .puzzle
        })
        .collect()
}

fn top95() -> Vec<Grid> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("puzzles/top95.txt");
    std::fs::read_to_string(path)
        .expect("puzzles/top95.txt")
        .lines()
        .filter_map(|l| l.split_whitespace().next()?.parse().ok())
        .collect()
}

/// Per-puzzle grading times (the best of three passes each), as median and 90th percentile.
fn print_percentiles(name: &str, grids: &[Grid]) {
    let mut times: Vec<Duration> = grids
        .iter()
        .map(|g| {
            (0..3)
                .map(|_| {
                    let started = Instant::now();
                    black_box(Puzzle::Classic(*black_box(g)).grade(Interrupt::NEVER).ok());
                    started.elapsed()
                })
                .min()
                .unwrap_or_default()
        })
        .collect();
    times.sort_unstable();
    let at = |q: f64| times[((times.len() - 1) as f64 * q) as usize];
    eprintln!(
        "grade {name}: {} puzzles, median {:.1} µs, p90 {:.1} µs, max {:.1} µs",
        times.len(),
        at(0.5).as_secs_f64() * 1e6,
        at(0.9).as_secs_f64() * 1e6,
        at(1.0).as_secs_f64() * 1e6,
    );
}

fn grading(c: &mut Criterion) {
    let sets = [("generated", generated()), ("top95", top95())];
    for (name, grids) in &sets {
        print_percentiles(name, grids);
    }
    let mut group = c.benchmark_group("grade");
    for (name, grids) in &sets {
        group.throughput(Throughput::Elements(grids.len() as u64));
        group.bench_function(*name, |b| {
            b.iter(|| {
                for g in grids {
                    black_box(Puzzle::Classic(*black_box(g)).grade(Interrupt::NEVER).ok());
                }
            })
        });
    }
    group.finish();
}

fn generation(c: &mut Criterion) {
    let mut group = c.benchmark_group("generate_level");
    group.throughput(Throughput::Elements(1));
    for difficulty in Difficulty::ALL {
        group.bench_function(difficulty.name(), |b| {
            let mut seed = 0;
            b.iter(|| {
                seed += 1;
                black_box(LevelGenerator::new().generate(&LevelRequest {
                    difficulty,
                    givens: 17,
                    seed,
                }))
            })
        });
    }
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
    use super::{config, generation, grading};

    criterion::criterion_group! {
        name = benches;
        config = config();
        targets = grading, generation
    }
}

criterion_main!(group::benches);
