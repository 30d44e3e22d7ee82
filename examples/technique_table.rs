//! The `technique=` table of docs/logic.md: per technique, how often it appears in the grader's path of
//! random minimal puzzles (and how often as the hardest step), how puzzles showing it are found, and
//! the time a search takes on one thread, in this thread's CPU time (the machine may be shared: CPU
//! time leaves out time spent descheduled) and wall-clock.
//!
//! `cargo run --release --example technique_table [PUZZLES] [SEEDS] [ONLY]` (defaults 10,000
//! puzzles of seeds 0.., searches of seeds 0..11, every supported technique; `ONLY` is a
//! comma-separated list of ids, and `PUZZLES` 0 skips the frequencies).

use std::time::Instant;

use cpu_time::ThreadTime;
use sudoku_service::engine::logic::Technique;
use sudoku_service::engine::targeted::{
    method, shows, supported_techniques, Method, TechniqueGenerator,
};
use sudoku_service::engine::{generate, Request};
use sudoku_service::engine::{Interrupt, Puzzle};

fn main() {
    let mut args = std::env::args().skip(1);
    let puzzles: u64 = args.next().map_or(10_000, |a| a.parse().expect("a count"));
    let seeds: u64 = args.next().map_or(11, |a| a.parse().expect("a count"));
    let only = args.next().unwrap_or_default();
    let wanted = |t: &Technique| only.is_empty() || only.split(',').any(|id| id == t.id());
    let (appears, hardest) = frequencies(puzzles);
    let per_thousand = |n: u32| 1000.0 * f64::from(n) / puzzles.max(1) as f64;
    println!(
        "| technique | in paths per 1,000 | hardest per 1,000 | method | CPU median ms | CPU max ms \
         | wall median ms | median attempts |"
    );
    println!("|---|---:|---:|---|---:|---:|---:|---:|");
    for t in supported_techniques().filter(wanted) {
        let mut cpu = Vec::new();
        let mut wall = Vec::new();
        let mut attempts = Vec::new();
        for seed in 0..seeds {
            let (started, clock) = (ThreadTime::now(), Instant::now());
            let out = TechniqueGenerator::new()
                .generate(t, seed)
                .expect("a supported technique is found within its budget");
            cpu.push(started.elapsed().as_secs_f64() * 1000.0);
            wall.push(clock.elapsed().as_secs_f64() * 1000.0);
            attempts.push(out.attempts);
        }
        println!(
            "| `{}` | {:.1} | {:.1} | {} | {:.1} | {:.1} | {:.1} | {} |",
            t.id(),
            per_thousand(appears[t.index()]),
            per_thousand(hardest[t.index()]),
            match method(t).expect("supported") {
                Method::Draw => "drawn",
                Method::NearMiss => "near miss",
            },
            median(&mut cpu),
            cpu.iter().copied().fold(0.0, f64::max),
            median(&mut wall),
            median_count(&mut attempts),
        );
    }
}

/// Per technique, in how many of `puzzles` random minimal puzzles (seeds 0..) the grader's path uses
/// it, and in how many it is the hardest step (nothing harder in the path).
fn frequencies(puzzles: u64) -> (Vec<u32>, Vec<u32>) {
    let mut appears = vec![0; Technique::COUNT];
    let mut hardest = vec![0; Technique::COUNT];
    for seed in 0..puzzles {
        let request = Request {
            givens: 17,
            unique: true,
            seed,
        };
        let puzzle = generate(&request).puzzle;
        let grade = Puzzle::Classic(puzzle)
            .grade(Interrupt::NEVER)
            .expect("a unique puzzle");
        for t in Technique::ALL {
            appears[t.index()] += u32::from(grade.counts.get(t) > 0);
            hardest[t.index()] += u32::from(shows(&grade, t));
        }
    }
    (appears, hardest)
}

fn median(values: &mut [f64]) -> f64 {
    values.sort_by(f64::total_cmp);
    values[values.len() / 2]
}

fn median_count(values: &mut [u32]) -> u32 {
    values.sort_unstable();
    values[values.len() / 2]
}
