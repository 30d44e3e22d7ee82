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

/// The sheets with constraints: a 9x9 holding all twelve types (sixteen constraints, every one
/// true of Norvig's grid 1's solution, with seven of its values given) and a 6x6 holding them
/// too, its outside clues on all four sides.
pub const CONSTRAINED: [&str; 2] = ["constraints", "constraints-6x6"];

/// The rules, the solution and the given cells of a [`CONSTRAINED`] sample.
fn constrained_spec(name: &str) -> (Rules, &'static str, &'static [usize]) {
    let (rules, solution, givens): (_, &str, &[usize]) = match name {
        "constraints" => (
            serde_json::json!({"constraints": [
                {"type": "thermo", "cells": ["C3", "C2", "B2", "A2"]},
                {"type": "arrow", "circle": ["A7"], "cells": ["B8", "B9", "C9"]},
                {"type": "arrow", "circle": ["G8", "G9"], "cells": ["H8", "I8"]},
                {"type": "kropki", "color": "white", "cells": ["E4", "E5"]},
                {"type": "kropki", "color": "black", "cells": ["G3", "H3"]},
                {"type": "xv", "value": "X", "cells": ["C5", "D5"]},
                {"type": "xv", "value": "V", "cells": ["I4", "I5"]},
                {"type": "little_killer", "cells": ["A4", "B3", "C2", "D1"], "sum": 26},
                {"type": "sandwich", "row": "I", "sum": 9},
                {"type": "sandwich", "column": 1, "sum": 14},
                {"type": "renban", "cells": ["F7", "E7", "E8"]},
                {"type": "whisper", "cells": ["D7", "E6", "F5"]},
                {"type": "palindrome", "cells": ["F1", "G1", "H2"]},
                {"type": "odd", "cells": ["I3"]},
                {"type": "even", "cells": ["A1", "D9"]},
                {"type": "extra_region", "cells": ["D2", "D3", "D4", "E2", "E3", "E4", "F2", "F3", "F4"]}
            ]}),
            "483921657967345821251876493548132976729564138136798245372689514814253769695417382",
            &[6, 13, 20, 44, 57, 68, 72],
        ),
        "constraints-6x6" => (
            serde_json::json!({"size": 6, "constraints": [
                {"type": "thermo", "cells": ["A2", "B3", "C2"]},
                {"type": "arrow", "circle": ["C4"], "cells": ["D4", "E4"]},
                {"type": "kropki", "color": "white", "cells": ["A3", "A4"]},
                {"type": "kropki", "color": "black", "cells": ["F2", "F3"]},
                {"type": "xv", "value": "V", "cells": ["B4", "B5"]},
                {"type": "xv", "value": "X", "cells": ["D3", "D4"]},
                {"type": "sandwich", "row": "A", "sum": 11},
                {"type": "sandwich", "column": 6, "sum": 3},
                {"type": "little_killer", "cells": ["E6", "F5"], "sum": 10},
                {"type": "little_killer", "cells": ["F2", "E3", "D4", "C5", "B6"], "sum": 15},
                {"type": "odd", "cells": ["E5"]},
                {"type": "even", "cells": ["B1"]},
                {"type": "renban", "cells": ["C5", "C6", "D6"]},
                {"type": "whisper", "cells": ["A5", "A6", "B6"]},
                {"type": "palindrome", "cells": ["D1", "E2", "F3"]},
                {"type": "extra_region", "cells": ["A1", "A2", "B1", "B2", "C1", "C2"]}
            ]}),
            "314526652143245631136452563214421365",
            &[0, 14, 23, 34],
        ),
        other => panic!("no constrained sample {other}"),
    };
    (
        serde_json::from_value(rules).expect("rules"),
        solution,
        givens,
    )
}

/// A sheet of [`CONSTRAINED`], captioned.
pub fn constrained(name: &str) -> Sheet {
    let (rules, solution, givens) = constrained_spec(name);
    let shape = Shape::new(&rules).expect("the constraints fit");
    let solution = Cells::parse(&shape, solution).expect("a solution");
    let mut puzzle = Cells::empty(shape.cell_count());
    for &c in givens {
        puzzle.set(c, solution.get(c));
    }
    let mut sheet = Sheet::new(shape, puzzle);
    sheet.caption = Some(Caption {
        number: Some(1),
        level: None,
        seed: None,
        shape: true,
    });
    sheet
}

/// The solution every constraint of a [`CONSTRAINED`] sample is true of.
pub fn constrained_solution(name: &str) -> Cells {
    let (rules, solution, _) = constrained_spec(name);
    let shape = Shape::new(&rules).expect("the constraints fit");
    Cells::parse(&shape, solution).expect("a solution")
}
