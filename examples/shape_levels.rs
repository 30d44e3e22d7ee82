//! Which levels `GET /random?difficulty=` reaches on each shape: for each shape and level, asks
//! `generate_leveled` for seeds 0..K and reports how many seeds found a puzzle at the level within
//! the attempts (`level_attempts`), the mean attempts a found one took, and the mean time of a seed
//! (found or not). The README's table of levels by shape, and `out_of_reach`, come from this.
//!
//! `cargo run --release --example shape_levels [K] [SHAPES]` (default 10 seeds; SHAPES a
//! comma-separated subset of the names printed, such as `9x9 X,16x16`; `25x25` only when named).

use std::time::Instant;

use sudoku_service::engine::general::{self, jigsaw_template, ShapeRequest, Symmetry};
use sudoku_service::engine::logic::Difficulty;
use sudoku_service::engine::shape::{Rules, Variant};

fn sized(size: usize, variants: &[Variant]) -> Rules {
    Rules {
        size: Some(size),
        variants: variants.to_vec(),
        ..Rules::default()
    }
}

fn main() {
    let mut args = std::env::args().skip(1);
    let k: u64 = args.next().and_then(|a| a.parse().ok()).unwrap_or(10);
    let only: Option<Vec<String>> = args
        .next()
        .map(|a| a.split(',').map(str::to_string).collect());
    let shapes: Vec<(&str, Rules, bool, u64)> = vec![
        ("4x4", sized(4, &[]), false, k),
        ("4x4 jigsaw", sized(4, &[]), true, k),
        ("4x4 X", sized(4, &[Variant::X]), false, k),
        ("6x6", sized(6, &[]), false, k),
        ("6x6 X", sized(6, &[Variant::X]), false, k),
        ("6x6 jigsaw", sized(6, &[]), true, k),
        ("7x7 jigsaw", sized(7, &[]), true, k),
        ("8x8", sized(8, &[]), false, k),
        ("9x9 X", sized(9, &[Variant::X]), false, k),
        ("9x9 hyper", sized(9, &[Variant::Hyper]), false, k),
        ("9x9 jigsaw", sized(9, &[]), true, k),
        ("9x9 jigsaw X", sized(9, &[Variant::X]), true, k),
        ("10x10", sized(10, &[]), false, k),
        ("12x12", sized(12, &[]), false, k.min(5)),
        ("16x16", sized(16, &[]), false, k.min(3)),
        ("25x25", sized(25, &[]), false, k.min(1)),
    ];
    println!("| shape | level | reached | mean attempts when reached | mean time per seed |");
    println!("|---|---|---|---|---|");
    for (name, rules, jigsaw, seeds) in shapes {
        let wanted = match &only {
            Some(names) => names.iter().any(|n| n == name),
            None => name != "25x25",
        };
        if !wanted {
            continue;
        }
        // A jigsaw's rows stand in for its regions until they are drawn (sizes without boxes).
        let rules = if jigsaw {
            jigsaw_template(&rules)
        } else {
            rules
        };
        for level in Difficulty::ALL {
            let began = Instant::now();
            let (mut reached, mut attempts) = (0, 0);
            for seed in 0..seeds {
                let request = ShapeRequest {
                    symmetry: Symmetry::None,
                    jigsaw,
                    seed,
                    deadline: None,
                };
                if let Ok(made) = general::generate_leveled(&rules, &request, level) {
                    reached += 1;
                    attempts += made.attempts;
                }
            }
            println!(
                "| {name} | {} | {reached}/{seeds} | {} | {:.2} s |",
                level.name(),
                if reached == 0 {
                    "-".to_string()
                } else {
                    format!("{:.1}", attempts as f64 / f64::from(reached))
                },
                began.elapsed().as_secs_f64() / seeds as f64,
            );
        }
    }
}
