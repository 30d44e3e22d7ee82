//! The killer puzzles that `benches/killer.rs` and `examples/killer_speed.rs` time, built one way
//! for both (the example includes this file with `#[path]`): generated killers on fixed seeds and
//! the published ones of `puzzles/killer/` (`published.txt`, the hard series of `tarek.txt` and
//! `mathemagic.txt`, and the two solver-defeating ones of `hard.txt`).

use sudoku_service::cli::killer::compact_cages;
use sudoku_service::engine::general::{generate_killer, Killer, KillerRequest};
use sudoku_service::engine::shape::{Rules, Shape};

/// The rules of an `size`x`size` grid with standard boxes.
pub fn sized(size: usize) -> Rules {
    Rules {
        size: Some(size),
        ..Rules::default()
    }
}

/// The killer the generator makes on `rules` (on drawn jigsaw regions when `jigsaw`) from `seed`,
/// with no givens and no deadline.
pub fn generated_on(rules: &Rules, jigsaw: bool, seed: u64) -> Killer {
    let request = KillerRequest {
        jigsaw,
        ..KillerRequest::seeded(seed)
    };
    generate_killer(rules, &request)
        .expect("valid rules")
        .expect("no deadline")
}

/// A published killer of `puzzles/killer/published.txt`.
pub struct Published {
    /// Its name in the file.
    pub name: String,
    /// The 9x9 shape with its cages.
    pub shape: Shape,
    /// The published solution, row by row.
    pub solution: String,
}

/// Every published killer, in the file's order.
pub fn published() -> Vec<Published> {
    read(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/puzzles/killer/published.txt"
    ))
}

/// The killers built to defeat solvers of `puzzles/killer/hard.txt`: seconds each to prove, so the
/// example times them and the bench leaves them out.
#[allow(dead_code)]
pub fn hard() -> Vec<Published> {
    read(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/puzzles/killer/hard.txt"
    ))
}

/// tarek's series of hard published killers (`puzzles/killer/tarek.txt`): milliseconds each.
#[allow(dead_code)]
pub fn tarek() -> Vec<Published> {
    read(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/puzzles/killer/tarek.txt"
    ))
}

/// Mathemagic's hardest killers (`puzzles/killer/mathemagic.txt`): seconds each, so only the
/// example times them, and only when asked.
#[allow(dead_code)]
pub fn mathemagic() -> Vec<Published> {
    read(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/puzzles/killer/mathemagic.txt"
    ))
}

/// The killers of a file in `puzzles/killer/`'s form.
fn read(path: &str) -> Vec<Published> {
    std::fs::read_to_string(path)
        .expect("a file of killers")
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|line| {
            let f: Vec<&str> = line.split('|').map(str::trim).collect();
            let rules = Rules {
                cages: compact_cages(9, f[1], f[2]).expect("valid compact cages"),
                ..Rules::default()
            };
            Published {
                name: f[0].to_string(),
                shape: Shape::new(&rules).expect("valid cages"),
                solution: f.get(3).map_or(String::new(), |s| s.to_string()),
            }
        })
        .collect()
}
