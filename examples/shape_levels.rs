//! Which levels `GET /random?difficulty=` reaches on each shape: for each shape and level, asks
//! `generate_leveled` for seeds 0..K and reports how many seeds found a puzzle at the level within
//! the attempts (`level_attempts`), the mean attempts a found one took, and the mean time of a seed
//! (found or not). The table of levels by shape in docs/shapes.md, and `out_of_reach`, come from
//! this.
//!
//! `cargo run --release --example shape_levels [K] [SHAPES]` (default 10 seeds; SHAPES a
//! comma-separated subset of the names printed, such as `9x9 X,16x16`; `25x25` only when named).

use std::time::Instant;

use sudoku_service::engine::general::{self, jigsaw_template};
use sudoku_service::engine::logic::Difficulty;

#[path = "support/shapes.rs"]
mod shapes;

fn main() {
    let mut args = std::env::args().skip(1);
    let k: u64 = args.next().and_then(|a| a.parse().ok()).unwrap_or(10);
    let only: Option<Vec<String>> = args
        .next()
        .map(|a| a.split(',').map(str::to_string).collect());
    let shapes = shapes::named(&[
        "4x4",
        "4x4 jigsaw",
        "4x4 X",
        "6x6",
        "6x6 X",
        "6x6 jigsaw",
        "7x7 jigsaw",
        "8x8",
        "9x9 X",
        "9x9 hyper",
        "9x9 jigsaw",
        "9x9 jigsaw X",
        "10x10",
        "12x12",
        "16x16",
        "25x25",
    ]);
    println!("| shape | level | reached | mean attempts when reached | mean time per seed |");
    println!("|---|---|---|---|---|");
    for shape in shapes {
        let name = shape.name;
        // Fewer seeds where a leveled search takes seconds.
        let seeds = match name {
            "12x12" => k.min(5),
            "16x16" => k.min(3),
            "25x25" => k.min(1),
            _ => k,
        };
        let wanted = match &only {
            Some(names) => names.iter().any(|n| n == name),
            None => name != "25x25",
        };
        if !wanted {
            continue;
        }
        // A jigsaw's rows stand in for its regions until they are drawn (sizes without boxes).
        let rules = if shape.jigsaw {
            jigsaw_template(&shape.rules)
        } else {
            shape.rules.clone()
        };
        for level in Difficulty::ALL {
            let began = Instant::now();
            let (mut reached, mut attempts) = (0, 0);
            for seed in 0..seeds {
                if let Ok(made) = general::generate_leveled(&rules, &shape.request(seed), level) {
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
