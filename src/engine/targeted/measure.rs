//! How often each technique appears in random minimal puzzles, and how long a search for each
//! takes: the evidence behind [`method`] and the README's table. Run by hand in release:
//! `cargo test --release --lib engine::targeted::measure -- --ignored --nocapture`.
use super::*;
use crate::engine::generator::minimal_puzzle_unless;
use crate::engine::logic::LogicSolver;
use crate::engine::Rng;

#[test]
#[ignore = "a measurement, not a check: prints a table"]
fn technique_frequencies() {
    let draws: u64 = std::env::var("DRAWS")
        .ok()
        .and_then(|d| d.parse().ok())
        .unwrap_or(1000);
    let mut appears = [0u32; Technique::COUNT];
    let mut hardest = [0u32; Technique::COUNT];
    let mut rng = Rng::seeded(0);
    for _ in 0..draws {
        let (puzzle, _) = minimal_puzzle_unless(&mut rng, || false).unwrap();
        let grade = LogicSolver::new().grade(&puzzle).unwrap();
        for t in Technique::ALL {
            appears[t.index()] += u32::from(grade.counts.get(t) > 0);
            hardest[t.index()] += u32::from(shows(&grade, t));
        }
    }
    println!("technique appears shown-as-hardest (of {draws})");
    for t in Technique::ALL {
        println!(
            "{:<28} {:>6} {:>6}",
            t.id(),
            appears[t.index()],
            hardest[t.index()]
        );
    }
}

#[test]
#[ignore = "a measurement, not a check: prints a table"]
fn technique_search_times() {
    let seeds: u64 = std::env::var("SEEDS")
        .ok()
        .and_then(|d| d.parse().ok())
        .unwrap_or(11);
    // ONLY=naked_quad,jellyfish measures those alone.
    let only = std::env::var("ONLY").unwrap_or_default();
    let wanted = |t: &Technique| only.is_empty() || only.split(',').any(|id| id == t.id());
    println!("technique method median_ms max_ms median_attempts (of {seeds} seeds)");
    for t in supported_techniques().filter(wanted) {
        let mut times = Vec::new();
        let mut attempts = Vec::new();
        for seed in 0..seeds {
            let started = Instant::now();
            let out = TechniqueGenerator::new().generate(t, seed).unwrap();
            times.push(started.elapsed().as_secs_f64() * 1000.0);
            attempts.push(out.attempts);
        }
        times.sort_by(f64::total_cmp);
        attempts.sort_unstable();
        println!(
            "{:<28} {:?} {:>9.1} {:>7.1} {:>6}",
            t.id(),
            method(t).expect("supported"),
            times[times.len() / 2],
            times[times.len() - 1],
            attempts[attempts.len() / 2]
        );
    }
}

#[test]
#[ignore = "a measurement, not a check: prints a table"]
fn quick_dug_seeds() {
    // The seeds whose dig search succeeds within LIMIT digs: the tests' cheap cases.
    let limit: u32 = std::env::var("LIMIT")
        .ok()
        .and_then(|d| d.parse().ok())
        .unwrap_or(60);
    for t in supported_techniques().filter(|&t| method(t) == Some(Method::Dig)) {
        let quick: Vec<(u64, u32)> = (0..40)
            .filter_map(|seed| {
                let out = TechniqueGenerator::new().attempts(limit).generate(t, seed);
                out.ok().map(|g| (seed, g.attempts))
            })
            .collect();
        println!("{:<20} {quick:?}", t.id());
    }
}
