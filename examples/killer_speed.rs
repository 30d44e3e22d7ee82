//! Killer speed on one thread: generates killers with no givens from seeds 0..K (9x9) and 0..K16
//! (12x12, 16x16, and 16x16 killer X and jigsaw killer), proves each one unique again, and proves
//! the published killers of `puzzles/killer/published.txt` (five runs each), the hard ones of
//! `puzzles/killer/hard.txt` (one run each) and tarek's series of hard published killers
//! (`puzzles/killer/tarek.txt`, each killer's median of five runs, one row for the series) unique; Mathemagic's
//! hardest killers (`puzzles/killer/mathemagic.txt`, seconds each) only when NAME asks for them
//! (`mathemagic`). Prints medians and maxima of wall-clock and of this thread's CPU time (the
//! machine may be shared: CPU time leaves out time spent descheduled).
//!
//! `cargo run --release --example killer_speed [K] [K16] [NAME] [KIND]` (defaults 40, 5, every
//! published or hard killer whose name contains NAME, and every generated kind whose row name
//! contains KIND, such as `jigsaw`). Rows of generated killers also count their one-cell cages. The
//! killer figures of docs/performance.md come from this; criterion (`benches/killer.rs`) measures
//! the same work on the same puzzles (`benches/support/killers.rs` builds them for both).

use std::time::{Duration, Instant};

use cpu_time::ThreadTime;
use sudoku_service::engine::general::ShapeSolver;
use sudoku_service::engine::shape::{Cells, Rules, Variant};
use sudoku_service::engine::Verdict;

#[path = "../benches/support/killers.rs"]
mod killers;
use killers::{generated_on, hard, mathemagic, published, sized, tarek, Published};
use sudoku_service::engine::general::Killer;

fn main() {
    let mut args = std::env::args()
        .skip(1)
        .take(2)
        .map(|a| a.parse().expect("a count"));
    let k: u64 = args.next().unwrap_or(40);
    let k16: u64 = args.next().unwrap_or(5);
    let only = std::env::args().nth(3).unwrap_or_default();
    let kind = std::env::args().nth(4).unwrap_or_default();
    println!("| work | puzzles | wall median | wall max | CPU median | CPU max | nodes median |");
    println!("|---|---|---|---|---|---|---|");
    let x = |size| Rules {
        variants: vec![Variant::X],
        ..sized(size)
    };
    for (what, rules, jigsaw, count) in [
        ("9x9 killer", sized(9), false, k),
        ("12x12 killer", sized(12), false, k16),
        ("16x16 killer", sized(16), false, k16),
        ("16x16 killer X", x(16), false, k16),
        ("12x12 jigsaw killer", sized(12), true, k16),
        ("12x12 jigsaw killer X", x(12), true, k16),
        ("16x16 jigsaw killer", sized(16), true, k16),
        ("16x16 jigsaw killer X", x(16), true, k16),
    ] {
        if count > 0 && what.contains(&kind) {
            generated(what, &rules, jigsaw, count);
        }
    }
    for p in published().into_iter().filter(|p| p.name.contains(&only)) {
        let mut prove = Timings::default();
        for _ in 0..5 {
            let out = prove.time(|| {
                ShapeSolver::new()
                    .solve(&p.shape, &Cells::empty(81))
                    .unwrap()
            });
            assert_eq!(out.verdict, Verdict::Unique, "{}", p.name);
            if !p.solution.is_empty() {
                assert_eq!(out.solutions[0].to_text(&p.shape), p.solution, "{}", p.name);
            }
            prove.nodes.push(out.stats.nodes);
        }
        prove.print(&format!("prove {} unique (5 runs)", p.name), 1);
    }
    for p in hard().into_iter().filter(|p| p.name.contains(&only)) {
        let mut prove = Timings::default();
        prove.prove(&p);
        prove.print(&format!("prove {} unique (1 run)", p.name), 1);
    }
    // tarek's series: each killer's median of five runs (a run is milliseconds, and this machine's
    // speed drifts between them); Mathemagic's take seconds each, one run, and only when asked
    // for by name.
    let series = [
        ("tarek's series", tarek(), 5),
        ("Mathemagic's hardest killers", mathemagic(), 1),
    ];
    for (what, killers, runs) in series {
        let asked = killers.iter().any(|p| p.name.contains(&only));
        if killers.is_empty() || !asked || (what.starts_with("Mathemagic") && only.is_empty()) {
            continue;
        }
        let mut prove = Timings::default();
        for p in killers.iter().filter(|p| p.name.contains(&only)) {
            let mut each = Timings::default();
            for _ in 0..runs {
                each.prove(p);
            }
            prove.keep_median(each);
        }
        let count = prove.cpu.len() as u64;
        let label = match runs {
            1 => format!("prove {what} unique (1 run each)"),
            _ => format!("prove {what} unique (median of {runs} runs each)"),
        };
        prove.print(&label, count);
    }
}

/// Generates killers with no givens on `rules` from seeds `0..count`, then proves each unique.
fn generated(what: &str, rules: &Rules, jigsaw: bool, count: u64) {
    let mut made = Vec::new();
    let mut gen = Timings::default();
    for seed in 0..count {
        made.push(gen.time(|| generated_on(rules, jigsaw, seed)));
    }
    let singles: usize = made.iter().map(one_cell_cages).sum();
    let cages: usize = made.iter().map(|k| k.shape.cages().len()).sum();
    let most = made.iter().map(one_cell_cages).max().unwrap_or(0);
    let share = 100.0 * singles as f64 / cages as f64;
    let label = format!(
        "generate a {what} with no givens ({singles} of {cages} cages one cell, {share:.1}%, at most {most} in one)"
    );
    gen.print(&label, count);
    let mut prove = Timings::default();
    for k in &made {
        let out = prove.time(|| ShapeSolver::new().solve(&k.shape, &k.puzzle).unwrap());
        assert_eq!(out.verdict, Verdict::Unique);
        prove.nodes.push(out.stats.nodes);
    }
    prove.print(&format!("prove a generated {what} unique"), count);
}

/// How many of a killer's cages have one cell.
fn one_cell_cages(k: &Killer) -> usize {
    k.shape
        .cages()
        .iter()
        .filter(|c| c.cells.len() == 1)
        .count()
}

#[derive(Default)]
struct Timings {
    wall: Vec<Duration>,
    cpu: Vec<Duration>,
    nodes: Vec<u64>,
}

impl Timings {
    /// Proves the published killer `p` unique, with its checked solution, once.
    fn prove(&mut self, p: &Published) {
        let out = self.time(|| {
            ShapeSolver::new()
                .solve(&p.shape, &Cells::empty(81))
                .unwrap()
        });
        assert_eq!(out.verdict, Verdict::Unique, "{}", p.name);
        assert_eq!(out.solutions[0].to_text(&p.shape), p.solution, "{}", p.name);
        self.nodes.push(out.stats.nodes);
    }

    /// Keeps the median wall, CPU and nodes of `runs` (of one puzzle) as one more puzzle.
    fn keep_median(&mut self, mut runs: Timings) {
        runs.wall.sort_unstable();
        runs.cpu.sort_unstable();
        runs.nodes.sort_unstable();
        self.wall.push(runs.wall[runs.wall.len() / 2]);
        self.cpu.push(runs.cpu[runs.cpu.len() / 2]);
        self.nodes.push(runs.nodes[runs.nodes.len() / 2]);
    }

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
