//! The seeds the tests use for the rare techniques: those whose search finds a puzzle within a few
//! dozen draws, so the checks stay quick in a debug build. Run by hand in release:
//! `cargo test --release --lib engine::targeted::measure -- --ignored --nocapture`. The table of
//! frequencies and times in docs/logic.md comes from `examples/technique_table.rs`.
use super::*;

#[test]
#[ignore = "a measurement, not a check: prints a table"]
fn quick_near_miss_seeds() {
    // The seeds whose search succeeds within LIMIT draws: the tests' cheap cases.
    let limit: u32 = std::env::var("LIMIT")
        .ok()
        .and_then(|d| d.parse().ok())
        .unwrap_or(60);
    for t in supported_techniques().filter(|&t| method(t) == Some(Method::NearMiss)) {
        let quick: Vec<(u64, u32)> = (0..400)
            .filter_map(|seed| {
                let out = TechniqueGenerator::new().attempts(limit).generate(t, seed);
                out.ok().map(|g| (seed, g.attempts))
            })
            .collect();
        println!("{:<20} {quick:?}", t.id());
    }
}
