//! The sheets the tests draw: one per shape, generated from fixed seeds (so they never change),
//! and a hand-built killer whose cages are cut from a known solution.

use sudoku_service::engine::general::{self, ShapeRequest, Symmetry};
use sudoku_service::engine::shape::{Cells, Rules, Shape, Variant};
use sudoku_service::engine::Interrupt;
use sudoku_service::render::{Caption, DrawnCage, Sheet};

/// A generated puzzle on `rules` from `seed`, with its solution.
pub fn generated(rules: Rules, jigsaw: bool, seed: u64) -> (Shape, Cells, Cells) {
    let request = ShapeRequest {
        symmetry: Symmetry::None,
        jigsaw,
        seed,
        interrupt: Interrupt::NEVER,
    };
    let made = general::generate(&rules, &request)
        .expect("valid rules")
        .expect("no deadline");
    (made.shape, made.puzzle, made.solution)
}

/// A sheet with the caption every sample has.
pub fn sheet(name: &str) -> Sheet {
    let classic = Rules::classic();
    let (shape, puzzle, solution) = match name {
        "classic" => generated(classic, false, 7),
        "6x6" => generated(sized(6), false, 3),
        "16x16" => generated(sized(16), false, 5),
        "jigsaw" => generated(classic, true, 11),
        "x" => generated(variant(Variant::X), false, 2),
        "hyper" => generated(variant(Variant::Hyper), false, 4),
        "killer" => return killer(),
        other => panic!("no sample {other}"),
    };
    let mut sheet = Sheet::new(shape, puzzle);
    sheet.caption = Some(Caption {
        number: Some(1),
        level: None,
        seed: Some(7),
        shape: true,
    });
    let _ = solution;
    sheet
}

/// The solution of a sample.
pub fn solution(name: &str) -> Cells {
    let s = sheet(name);
    general::ShapeSolver::new()
        .solve(&s.shape, &s.puzzle)
        .expect("solves")
        .solutions
        .remove(0)
}

/// Every sample's name.
pub const NAMES: [&str; 7] = ["classic", "6x6", "16x16", "jigsaw", "x", "hyper", "killer"];

fn sized(size: usize) -> Rules {
    Rules {
        size: Some(size),
        ..Rules::default()
    }
}

fn variant(v: Variant) -> Rules {
    Rules {
        variants: vec![v],
        ..Rules::default()
    }
}

/// A killer drawing built by hand: each 3x3 box cut into two L-shaped cages and a row of three
/// (so outlines have convex and concave corners), sums taken from a generated solution, and four
/// givens.
pub fn killer() -> Sheet {
    let (shape, _, solution) = generated(Rules::classic(), false, 7);
    let mut cages = Vec::new();
    for b in 0..9 {
        let (r0, c0) = ((b / 3) * 3, (b % 3) * 3);
        let at = |r: usize, c: usize| (r0 + r) * 9 + c0 + c;
        for cells in [
            vec![at(0, 0), at(0, 1), at(1, 0)],
            vec![at(0, 2), at(1, 1), at(1, 2)],
            vec![at(2, 0), at(2, 1), at(2, 2)],
        ] {
            let sum = cells.iter().map(|&c| u32::from(solution.get(c))).sum();
            cages.push(DrawnCage { sum, cells });
        }
    }
    let mut puzzle = Cells::empty(81);
    for c in [4, 30, 50, 76] {
        puzzle.set(c, solution.get(c));
    }
    let mut sheet = Sheet::new(shape, puzzle);
    sheet.cages = cages;
    sheet.caption = Some(Caption {
        number: Some(1),
        level: None,
        seed: None,
        shape: true,
    });
    sheet
}
