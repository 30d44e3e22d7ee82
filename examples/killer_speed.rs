//! Killer speed on one thread: generates 9x9 (and 16x16) killers with no givens from seeds 0..K,
//! proves each one unique again, and proves the published killers of
//! `puzzles/killer/published.txt` unique; prints medians and maxima of wall-clock and of this
//! thread's CPU time (the machine may be shared: CPU time leaves out time spent descheduled).
//!
//! `cargo run --release --example killer_speed [K] [K16] [NAME]` (defaults 40, 5 and every published
//! killer whose name contains NAME). The README's killer
//! figures come from this; criterion (`benches/killer.rs`) measures the same work.

use std::time::{Duration, Instant};

use cpu_time::ThreadTime;
use sudoku_service::cli::killer::compact_cages;
use sudoku_service::engine::general::{generate_killer, KillerRequest, Solver, Symmetry};
use sudoku_service::engine::shape::{Cells, Rules, Shape};
use sudoku_service::engine::Verdict;

fn main() {
    let mut args = std::env::args()
        .skip(1)
        .take(2)
        .map(|a| a.parse().expect("a count"));
    let k: u64 = args.next().unwrap_or(40);
    let k16: u64 = args.next().unwrap_or(5);
    let only = std::env::args().nth(3).unwrap_or_default();
    println!("| work | puzzles | wall median | wall max | CPU median | CPU max | nodes median |");
    println!("|---|---|---|---|---|---|---|");
    for (size, count) in [(9, k), (16, k16)] {
        if count == 0 {
            continue;
        }
        let mut generated = Vec::new();
        let mut gen = Timings::default();
        for seed in 0..count {
            let killer = gen.time(|| {
                let request = KillerRequest {
                    seed,
                    givens: givens(size),
                    symmetry: Symmetry::None,
                    jigsaw: false,
                    deadline: None,
                };
                let rules = Rules {
                    size: Some(size),
                    ..Rules::default()
                };
                generate_killer(&rules, &request).unwrap().unwrap()
            });
            generated.push(killer);
        }
        let what = format!("{size}x{size} killer, {} givens", givens(size));
        gen.print(&format!("generate {what}"), count);
        let mut prove = Timings::default();
        for k in &generated {
            let out = prove.time(|| Solver::new().solve(&k.shape, &k.puzzle).unwrap());
            assert_eq!(out.verdict, Verdict::Unique);
            prove.nodes.push(out.stats.nodes);
        }
        prove.print(&format!("prove {what} unique"), count);
    }
    for (name, shape, solution) in published().into_iter().filter(|p| p.0.contains(&only)) {
        let mut prove = Timings::default();
        for _ in 0..5 {
            let out = prove.time(|| Solver::new().solve(&shape, &Cells::empty(81)).unwrap());
            assert_eq!(out.verdict, Verdict::Unique, "{name}");
            if !solution.is_empty() {
                assert_eq!(out.solutions[0].to_text(&shape), solution, "{name}");
            }
            prove.nodes.push(out.stats.nodes);
        }
        prove.print(&format!("prove {name} unique (5 runs)"), 1);
    }
}

/// Givens asked of generated killers: none on 9x9; on 16x16, where cages alone take the generator
/// minutes to make unique, one cell in sixteen.
fn givens(size: usize) -> usize {
    if size == 9 {
        0
    } else {
        size * size / 16
    }
}

/// The published killers: name, shape, solution.
fn published() -> Vec<(String, Shape, String)> {
    let text = std::fs::read_to_string("puzzles/killer/published.txt").expect("run from the root");
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|line| {
            let f: Vec<&str> = line.split('|').map(str::trim).collect();
            let rules = Rules {
                cages: compact_cages(9, f[1], f[2]).expect("valid compact cages"),
                ..Rules::default()
            };
            let solution = f.get(3).map_or(String::new(), |s| s.to_string());
            (
                f[0].to_string(),
                Shape::new(&rules).expect("valid cages"),
                solution,
            )
        })
        .collect()
}

#[derive(Default)]
struct Timings {
    wall: Vec<Duration>,
    cpu: Vec<Duration>,
    nodes: Vec<u64>,
}

impl Timings {
    fn time<T>(&mut self, f: impl FnOnce() -> T) -> T {
        let (wall, cpu) = (Instant::now(), ThreadTime::now());
        let out = f();
        self.cpu.push(cpu.elapsed());
        self.wall.push(wall.elapsed());
        out
    }

    fn print(&mut self, what: &str, puzzles: u64) {
        self.wall.sort_unstable();
        self.cpu.sort_unstable();
        self.nodes.sort_unstable();
        let median = |v: &[Duration]| v[v.len() / 2];
        let nodes = self
            .nodes
            .get(self.nodes.len() / 2)
            .map_or("-".into(), |n| n.to_string());
        println!(
            "| {what} | {puzzles} | {} | {} | {} | {} | {nodes} |",
            show(median(&self.wall)),
            show(*self.wall.last().unwrap()),
            show(median(&self.cpu)),
            show(*self.cpu.last().unwrap()),
        );
    }
}

fn show(d: Duration) -> String {
    let ms = d.as_secs_f64() * 1e3;
    if ms < 10.0 {
        format!("{ms:.2} ms")
    } else if ms < 10_000.0 {
        format!("{ms:.0} ms")
    } else {
        format!("{:.1} s", ms / 1e3)
    }
}
