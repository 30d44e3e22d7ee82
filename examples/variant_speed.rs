//! Variant speed on one thread: proves each public variant puzzle of
//! `puzzles/variants/published.jsonl` unique (counting to two) RUNS times and prints, per puzzle,
//! the median wall-clock and CPU time, the search's nodes and the verdict, then the median and the
//! maximum over the set (of the per-puzzle medians). The constraint figures of docs/constraints.md
//! come from this.
//!
//! `cargo run --release --example variant_speed [RUNS] [NAME] [CAP_S] [FILE]` (defaults 5, every
//! puzzle whose name contains NAME, no cap, the published set). With CAP_S, a run that passes CAP_S
//! seconds stops there and its row says so (to time a baseline build that takes minutes on some).
//! FILE is another set in the same form, such as the generated puzzles `examples/variant_cases`
//! writes.

use std::sync::Arc;
use std::time::{Duration, Instant};

use cpu_time::ThreadTime;
use serde::Deserialize;
use sudoku_service::engine::shape::{Cells, Rules, Shape};
use sudoku_service::engine::{Interrupt, Puzzle, Verdict};

#[derive(Deserialize)]
struct Published {
    name: String,
    puzzle: String,
    rules: Rules,
    solution: String,
}

fn main() {
    let runs: usize = std::env::args()
        .nth(1)
        .map_or(5, |a| a.parse().expect("a count of runs"));
    let only = std::env::args().nth(2).unwrap_or_default();
    let cap: Option<f64> = std::env::args()
        .nth(3)
        .filter(|a| !a.is_empty())
        .map(|a| a.parse().expect("a cap in seconds"));
    let set = std::env::args()
        .nth(4)
        .unwrap_or_else(|| "puzzles/variants/published.jsonl".into());
    let text = std::fs::read_to_string(&set).expect("run from the repository's root");
    println!("| puzzle | constraints | wall median | CPU median | nodes |");
    println!("|---|---|---|---|---|");
    let (mut walls, mut cpus) = (Vec::new(), Vec::new());
    for line in text.lines() {
        let p: Published = serde_json::from_str(line).expect("a line of the set");
        if !p.name.contains(&only) {
            continue;
        }
        let shape = Arc::new(Shape::new(&p.rules).expect("valid rules"));
        let values = p
            .puzzle
            .bytes()
            .map(|b| if b == b'.' { 0 } else { b - b'0' })
            .collect();
        let puzzle = Puzzle::on_shape(shape, Cells::from_values(values));
        let (mut wall, mut cpu, mut nodes) = (Vec::new(), Vec::new(), 0);
        for _ in 0..runs {
            let (started, started_cpu) = (Instant::now(), ThreadTime::now());
            let interrupt = Interrupt {
                deadline: cap.map(|s| started + Duration::from_secs_f64(s)),
                cancel: None,
            };
            let Ok(out) = puzzle.solve(2, interrupt) else {
                println!(
                    "| {} | {} | over {} s | | |",
                    p.name,
                    kinds(&p.rules),
                    cap.unwrap()
                );
                break;
            };
            cpu.push(started_cpu.elapsed());
            wall.push(started.elapsed());
            assert_eq!(out.verdict, Verdict::Unique, "{}", p.name);
            assert_eq!(out.solutions[0].to_line(), p.solution, "{}", p.name);
            nodes = out.stats.nodes;
        }
        if wall.is_empty() {
            walls.push(Duration::from_secs_f64(cap.unwrap_or_default()));
            cpus.push(Duration::from_secs_f64(cap.unwrap_or_default()));
            continue;
        }
        let (w, c) = (median(&mut wall), median(&mut cpu));
        println!(
            "| {} | {} | {} | {} | {} |",
            p.name,
            kinds(&p.rules),
            ms(w),
            ms(c),
            nodes
        );
        walls.push(w);
        cpus.push(c);
    }
    let count = walls.len();
    let (wall_median, cpu_median) = (median(&mut walls), median(&mut cpus));
    let (wall_max, cpu_max) = (walls[count - 1], cpus[count - 1]);
    println!(
        "| **{count} puzzles: median** | | {} | {} | |",
        ms(wall_median),
        ms(cpu_median)
    );
    println!("| **max** | | {} | {} | |", ms(wall_max), ms(cpu_max));
}

/// The rule kinds of a puzzle, as the API names them.
fn kinds(rules: &Rules) -> String {
    let mut names: Vec<&str> = rules.constraints.iter().map(|c| c.type_name()).collect();
    names.extend(rules.variants.iter().map(|v| v.name()));
    names.extend(rules.negative.iter().map(|n| n.name()));
    if !rules.cages.is_empty() {
        names.push("cages");
    }
    names.sort_unstable();
    names.dedup();
    names.join(", ")
}

/// Sorts `times` and answers the middle one.
fn median(times: &mut [Duration]) -> Duration {
    times.sort_unstable();
    times[times.len() / 2]
}

fn ms(d: Duration) -> String {
    format!("{:.2} ms", d.as_secs_f64() * 1e3)
}
