//! Generated variant puzzles, one JSON line each in the form of `puzzles/variants/published.jsonl`
//! (`name`, `puzzle`, `rules`, `solution`): for every constraint type, global variant and negative
//! rule, a random SIZE x SIZE solution grid, random constraints that grid keeps, and givens removed
//! in a random order while the engine still proves the puzzle unique. This is how the tests' 4x4 and
//! 6x6 brute-force agreement makes its puzzles (the code is theirs: `tests/engine/constraints/`).
//!
//! Two readers: `scripts/pencilmark_crosscheck.py --cases FILE` asks an independent solver whether
//! each is unique with that solution (CI does so on 9x9), and `examples/variant_speed` times them
//! (`variant_speed 5 "" "" FILE`, the "generated" row of docs/constraints.md).
//!
//! `cargo run --release --example variant_cases [PER_KIND] [SIZE] [FIRST_SEED] > FILE` (defaults
//! 3, 9 and 1).

// The tests' modules, at the root so that their `super::make` and `super::oracle` resolve here too.
#[allow(dead_code)]
#[path = "../tests/engine/constraints/agree.rs"]
mod agree;
#[allow(dead_code)]
#[path = "../tests/engine/constraints/make.rs"]
mod make;
#[allow(dead_code)]
#[path = "../tests/engine/constraints/oracle.rs"]
mod oracle;

use agree::{dug, Kind};
use sudoku_service::engine::shape::constraints::Negative;
use sudoku_service::engine::shape::Variant;

/// Every kind of rule a case adds, with the name its lines carry.
fn kinds() -> Vec<(&'static str, Kind)> {
    let mut out: Vec<(&'static str, Kind)> = [
        "thermo",
        "arrow",
        "kropki",
        "xv",
        "little_killer",
        "sandwich",
        "renban",
        "whisper",
        "palindrome",
        "odd",
        "even",
        "extra_region",
    ]
    .into_iter()
    .map(|name| (name, Kind::Constraint(name)))
    .collect();
    out.extend([
        ("anti_knight", Kind::Global(Variant::AntiKnight)),
        ("anti_king", Kind::Global(Variant::AntiKing)),
        ("non_consecutive", Kind::Global(Variant::NonConsecutive)),
        ("disjoint_groups", Kind::Global(Variant::DisjointGroups)),
        ("negative kropki", Kind::Negative(Negative::Kropki)),
        ("negative xv", Kind::Negative(Negative::Xv)),
    ]);
    out
}

fn main() {
    let arg = |i: usize, default: u64| {
        std::env::args()
            .nth(i)
            .map_or(default, |a| a.parse().expect("a number"))
    };
    let (per_kind, size, first) = (arg(1, 3), arg(2, 9) as usize, arg(3, 1));
    for (index, (name, kind)) in kinds().into_iter().enumerate() {
        for draw in first..first + per_kind {
            // A seed of its own per kind, so that the kinds are drawn on different grids.
            let seed = draw * 100 + index as u64;
            let Some(d) = dug(size, kind, seed) else {
                continue;
            };
            let line = serde_json::json!({
                "name": format!("{name} {size}x{size} seed {seed}"),
                "puzzle": text(&d.puzzle),
                "rules": d.rules,
                "solution": text(&d.grid),
            });
            println!("{line}");
        }
    }
}

/// A grid as a line of digits, `.` for an empty cell (sizes up to 9).
fn text(values: &[u8]) -> String {
    values
        .iter()
        .map(|&v| if v == 0 { '.' } else { char::from(b'0' + v) })
        .collect()
}
