//! The techniques that assume boxes, regions or a unique solution (skyscraper, 2-string kite, empty
//! rectangle, unique and hidden rectangles, BUG+1, finned and sashimi fish) on shapes other than the
//! classic 9x9: each fires on a position found by walking generated puzzles and kept here as a
//! fixture (see `shape_chains`), with the technique's classic name, removing what it says and
//! explaining itself in the shape's own unit names; a hint on such a shape offers one; and a
//! rectangle that a diagonal or a killer cage meets in one cell is no deadly pattern.

use sudoku_service::engine::general::logic::{
    next_step, Geometry, ShapeHint, ShapeLogic, ShapePosition,
};
use sudoku_service::engine::logic::Technique;
use sudoku_service::engine::shape::{CageRule, Cells, Rules, Shape, Variant};

use super::shape_chains::{fires, Fixture};
use super::shape_logic::rules;

#[test]
fn skyscraper_on_6x6() {
    fires(Fixture {
        technique: Technique::Skyscraper,
        rules: "{\"size\":6,\"box\":[2,3]}",
        puzzle: ".532..6...5...416...........3..6...2",
        progress: ".532.66...5...416...6.2....63.36...2",
        marks: "14 . . . 14 . . 124 12 34 . 134 25 23 . . . 35 15 13 . 345 . 345 124 124 125 . . 15 . . 15 45 14 .",
        removes: &["1B3", "1E1"],
        explanation: "1 is in row A only at A5 and A1, and in row F only at F5 and F3; A5 and F5 share column 5, so one of A1 or F3 is 1, and 1 can be removed from the squares that see both: B3 and E1.",
    });
}

#[test]
fn two_string_kite_joins_a_row_and_a_column_in_a_box_on_6x6() {
    fires(Fixture {
        technique: Technique::TwoStringKite,
        rules: "{\"size\":6,\"box\":[2,3]}",
        puzzle: ".....5.532........1.5.6........14.5.",
        progress: "..1..5.532.....5..1.5.6.5..1...14.5.",
        marks: "246 246 . 346 34 . 46 . . . 14 146 346 346 26 . 1234 134 . 234 . 34 . 234 . 36 26 . 234 346 236 . . 36 . 236",
        removes: &["6F1"],
        explanation: "6 is in row B only at B6 and B1, and in column 4 only at A4 and F4; B6 and A4 share box 2, so one of B1 or F4 is 6, and 6 can be removed from the squares that see both: F1.",
    });
}

#[test]
fn empty_rectangle_on_9x9_x() {
    fires(Fixture {
        technique: Technique::EmptyRectangle,
        rules: "{\"size\":9,\"box\":[3,3],\"variants\":[\"x\"]}",
        puzzle: "......9.5...3..72.51.......8............85.36..4..........2.....6........9.6.....",
        progress: "......9.5648359721519......8.6......9...85.36..496.....8.52.6...6..9..5..956.....",
        marks: "237 237 237 48 14 1468 . 468 . . . . . . . . . . . . . 2478 47 24678 34 468 348 . 2357 . 127 347 347 1245 1479 2479 . 27 127 247 . . 124 . . 1237 2357 . . . 1237 1258 178 278 347 . 137 . . 1347 . 1479 3479 2347 . 237 1478 . 13478 1348 . 3478 1347 . . . 1347 13478 2348 1478 237",
        removes: &["1D8"],
        explanation: "In box 9, 1 can only go in row H or column 8 (G8, H7 and I8); in column 4, 1 is only at H4 and D4. If H4 is 1, the 1 of box 9 is in column 8; if not, D4 is 1. Either way D8 cannot be 1, so 1 can be removed from D8.",
    });
}

#[test]
fn unique_rectangle_1_on_8x8() {
    fires(Fixture {
        technique: Technique::UniqueRectangle1,
        rules: "{\"size\":8,\"box\":[2,4]}",
        puzzle: "..2..71....7....6...2.3...3........6.48.4....1...36.15..2.1.4..8",
        progress: "..2..71....7.25.6..1283...3..641...6.48.4....1..836415..27154368",
        marks: "35 4568 . 38 368 . . 346 13 1468 48 . 368 . . 346 . 45 457 . . . . 57 57 28 . 28 57 . . . 1357 125 57 . 37 . . 235 . 258 578 238 3567 . 27 23567 . . . . . . 27 27 . . . . . . . .",
        removes: &["2F8", "7F8"],
        explanation: "F7, F8, G7 and G8 would form a deadly pattern of 2 and 7, which two solutions could swap; since the puzzle has one solution, F8 cannot be 2 or 7.",
    });
}

#[test]
fn unique_rectangle_2_on_8x8() {
    fires(Fixture {
        technique: Technique::UniqueRectangle2,
        rules: "{\"size\":8,\"box\":[2,4]}",
        puzzle: "..2..8..71.......73..6...5.13.....7....3....871.......42.3.4...6",
        progress: "..2..8..71.......732.65..5.13...1.7....3.2..871...17534223547186",
        marks: "35 46 . 356 146 . 367 17 . . 468 368 26 25 236 45 48 . . . 14 . . 18 468 . 68 . . 24 27 78 . 48 . 58 246 245 26 . 35 . 46 356 . . . 45 68 68 . . . . . . . . . . . . . .",
        removes: &["6B4"],
        explanation: "A1, A4, F1 and F4 would form a deadly pattern of 3 and 5, which two solutions could swap unless A4 or F4 is 6, their only other candidate; since the puzzle has one solution, one of them is 6, and 6 can be removed from the squares that see both: B4.",
    });
}

/// A unique rectangle of type 4 on an 8x8, linked through a box.
const UR4: Fixture = Fixture {
    technique: Technique::UniqueRectangle4,
    rules: "{\"size\":8,\"box\":[2,4]}",
    puzzle: ".2....14..3.8...63.84.7...4..1..5..3..2.........14..36...6.7....",
    progress: "82.6.314..3.8...63184.7...4.61..5..3.42.........14..36.736.72.41",
    marks: ". . 57 . 57 . . . 47 157 . 14 . 27 56 256 . . . . . 25 . 25 27 57 . 25 . . 38 38 . 178 67 . 17 . . 68 247 178 26 14 157 578 3568 3568 . . 258 25 . . 58 . . . 58 . . 58 . .",
    // B6, B8, C6 and C8 come first: B6 has lost its 5 as a mark, but no placed 5 rules it
    // out, so the four still form the pattern (HoDoKu's scope, as on the classic grid).
    removes: &["5B8"],
    explanation: "B6, B8, C6 and C8 would form a deadly pattern of 2 and 5, which two solutions could swap. In row B and box 2, 2 can only go in B6 or B8, so one of them is 2; since the puzzle has one solution, the other cannot be 5, so 5 can be removed from B8.",
};

#[test]
fn unique_rectangle_4_on_8x8_links_through_a_box() {
    fires(UR4);
}

#[test]
fn hidden_rectangle_on_6x6() {
    fires(Fixture {
        technique: Technique::HiddenRectangle,
        rules: "{\"size\":6,\"box\":[2,3]}",
        puzzle: ".....5.532........1.5.6........14.5.",
        progress: "..1..5.532.....5..1.5.6.5..1...14.5.",
        marks: "246 246 . 346 34 . 46 . . . 14 146 346 346 26 . 1234 134 . 234 . 34 . 234 . 36 26 . 234 34 23 . . 36 . 236",
        removes: &["4C6"],
        explanation: "B5, B6, C5 and C6 would form a deadly pattern of 1 and 4, which two solutions could swap. In row C and in column 6, 1 can only go in the rectangle; if C6 were 4, B6 and C5 would both be 1 and B5 4, completing it. Since the puzzle has one solution, 4 can be removed from C6.",
    });
}

#[test]
fn finned_x_wing_on_8x8() {
    fires(Fixture {
        technique: Technique::FinnedXWing,
        rules: "{\"size\":8,\"box\":[2,4]}",
        puzzle: "..........4...72...2..6.37..4.........8..38..2.4.43....52.1.86..",
        progress: "...5.43...435.724.52..6.376.452.5..4..8..38..254.43.271525178643",
        marks: "178 128 27 . 16 . . 168 168 168 . . . 18 . . . 18 . . 37 138 . 178 . . . 18 . . . 18 . 126 27 . 1367 13 . 167 167 . . 16 167 . . . 68 . . 68 . . . . . . . . . . . .",
        removes: &["8B1"],
        explanation: "In columns 2 and 6, 8 can only go in rows B and C, or in the fin A2 in box 1. If 8 is in a fin, it is gone from the rest of box 1; if not, it is gone from the rest of rows B and C. Either way, 8 can be removed from B1.",
    });
}

#[test]
fn sashimi_x_wing_on_9x9_x_has_its_fins_on_a_diagonal() {
    fires(Fixture {
        technique: Technique::SashimiXWing,
        rules: "{\"size\":9,\"box\":[3,3],\"variants\":[\"x\"]}",
        puzzle: "....9....3.25..6......487............7.1.....8..........5..............721.83..45",
        progress: "7...9.4.13425176......487......8..7..7.1653..8...7......572.8..6...5.2.7217836945",
        marks: ". 568 68 236 . 23 . 235 . . . . . . . . 89 89 15 569 19 236 . . . 235 23 15 236 36 239 . 349 15 . 469 49 . 49 . . . . 28 28 . 2356 136 349 . 239 15 69 469 49 39 . . . 149 . 136 36 . 389 3489 49 . 149 . 13 . . . . . . . . . .",
        removes: &["9F4"],
        explanation: "In rows B and D, 9 can only go in columns 4 and 9, or in the fins B8 and D6 in diagonal A9-I1. If 9 is in a fin, it is gone from the rest of diagonal A9-I1; if not, it is gone from the rest of columns 4 and 9. Either way, 9 can be removed from F4.",
    });
}

#[test]
fn finned_swordfish_on_9x9_x() {
    fires(Fixture {
        technique: Technique::FinnedSwordfish,
        rules: "{\"size\":9,\"box\":[3,3],\"variants\":[\"x\"]}",
        puzzle: "3.948....6..........1........5.........5961...7.......9..3...2......7..9...6...7.",
        progress: "3.948.7..6...7....7.1.6.....957........5961.7.76......9.73...21.....7..9...6.9.7.",
        marks: ". 25 . . . 125 . 156 256 . 2458 248 129 . 1235 24589 13458 23458 . 2458 . 29 . 235 2458 34589 23458 148 . . . 1234 1248 2468 348 23468 248 2348 2348 . . . . 48 . 148 . . 128 1234 248 24589 34589 23458 . 468 . . 45 48 4568 . . 2458 123468 2348 128 1245 . 3458 4568 . 2458 12348 2348 . 1245 . 3458 . 458",
        removes: &["1H2"],
        explanation: "In rows D, F and I, 1 can only go in columns 1, 2 and 5, or in the fins D6 and F4 in diagonal A9-I1. If 1 is in a fin, it is gone from the rest of diagonal A9-I1; if not, it is gone from the rest of columns 1, 2 and 5. Either way, 1 can be removed from H2.",
    });
}

#[test]
fn sashimi_swordfish_on_8x8() {
    fires(Fixture {
        technique: Technique::SashimiSwordfish,
        rules: "{\"size\":8,\"box\":[2,4]}",
        puzzle: ".2....14..3.8...63.84.7...4..1..5..3..2.........14..36...6.7....",
        progress: "82.6.314..3.8...63184.7...4.61..5..3.42.........14..36.736.72.41",
        marks: ". . 57 . 57 . . . 47 157 . 14 . 27 56 256 . . . . . 25 . 25 27 57 . 25 . . 38 38 . 178 67 . 17 . . 68 247 178 26 14 157 578 356 356 . . 258 25 . . 58 . . . 58 . . 58 . .",
        removes: &["5B8"],
        explanation: "In rows A, C and H, 5 can only go in columns 3, 6 and 8, or in the fin A5 in box 2. If 5 is in a fin, it is gone from the rest of box 2; if not, it is gone from the rest of columns 3, 6 and 8. Either way, 5 can be removed from B8.",
    });
}

/// The BUG+1 position: a 6x6 where every empty cell but C4 is bivalue.
const BUG: Fixture = Fixture {
    technique: Technique::BugPlusOne,
    rules: "{\"size\":6,\"box\":[2,3]}",
    puzzle: "21...54......3....1....3..4.1....56.",
    progress: "21...54......3....14..53..4312321564",
    marks: ". . 36 46 34 . . 56 35 12 23 16 56 . 25 124 24 16 . . 26 26 . . 56 56 . . . . . . . . . .",
    removes: &[],
    explanation: "Every unsolved square but C4 has two candidates, and every digit has two places in each unit except 2, which has three in row C, column 4 and box 4. If C4 were not 2, the grid would be a deadly pattern (a bivalue universal grave) with two solutions or none; since the puzzle has one solution, C4 is 2.",
};

#[test]
fn bug_plus_1_places_the_one_symbol_a_grave_would_lack_on_6x6() {
    fires(BUG);
    let (shape, puzzle, progress, marks) = BUG.parts();
    let solution = ShapeLogic::new().solution(&shape, &puzzle).unwrap();
    let position = ShapePosition::with_marks(&shape, &progress, &marks);
    let step = next_step(&Geometry::new(&shape), &position, &solution).unwrap();
    let placed: Vec<String> = step
        .placements
        .iter()
        .map(|m| format!("{}{}", shape.symbol(m.value), shape.cell_name(m.cell)))
        .collect();
    assert_eq!(placed, &["2C4"]);
}

#[test]
fn a_hint_on_an_8x8_offers_a_unique_rectangle_named_by_its_box() {
    let (shape, puzzle, progress, marks) = UR4.parts();
    let hint = ShapeLogic::new()
        .hint(&shape, &puzzle, &progress, Some(&marks))
        .unwrap();
    let ShapeHint::Step(step) = hint else {
        panic!("{hint:?}");
    };
    assert_eq!(step.technique, Technique::UniqueRectangle4);
    assert_eq!(step.technique.id(), "unique_rectangle_4");
    assert!(step.explanation.contains("box 2"), "{}", step.explanation);
}

/// A 9x9 with every value pencilled everywhere except A1, A2 and D1 (only 1 and 2) and D2 (1, 2
/// and 3): a unique rectangle of type 1 over boxes 1 and 4, unless something else meets it.
fn rectangle_on(rules: &Rules) -> Option<Vec<String>> {
    let shape = Shape::new(rules).unwrap();
    let mut marks = vec![0b1_1111_1111u32; 81];
    for name in ["A1", "A2", "D1"] {
        marks[shape.cell_named(name).unwrap()] = 0b11;
    }
    marks[shape.cell_named("D2").unwrap()] = 0b111;
    let position = ShapePosition::with_marks(&shape, &Cells::from_values(vec![0; 81]), &marks);
    let finder = sudoku_service::engine::general::logic::FINDERS
        .iter()
        .find(|f| f.technique == Technique::UniqueRectangle1)
        .unwrap();
    let step = (finder.find)(
        &Geometry::new(&shape),
        &position,
        &Cells::from_values(vec![0; 81]),
    )?;
    Some(
        step.eliminations
            .iter()
            .map(|m| format!("{}{}", m.value, shape.cell_name(m.cell)))
            .collect(),
    )
}

#[test]
fn a_rectangle_a_diagonal_meets_in_one_cell_is_no_deadly_pattern() {
    // Without diagonals, swapping 1 and 2 in A1, A2, D1 and D2 keeps every unit valid.
    assert_eq!(
        rectangle_on(&rules(9, &[])),
        Some(vec!["1D2".to_string(), "2D2".to_string()])
    );
    // On an X sudoku the diagonal A1-I9 holds A1 alone: the swap would break it.
    assert_eq!(rectangle_on(&rules(9, &[Variant::X])), None);
}

#[test]
fn a_rectangle_a_cage_meets_in_one_cell_is_no_deadly_pattern() {
    let caged = |cells: [&str; 2]| Rules {
        cages: vec![CageRule {
            sum: 3,
            cells: cells.iter().map(|c| c.to_string()).collect(),
        }],
        ..rules(9, &[])
    };
    // A cage holding A1 and A2 keeps its sum when their symbols swap.
    assert_eq!(
        rectangle_on(&caged(["A1", "A2"])),
        Some(vec!["1D2".to_string(), "2D2".to_string()])
    );
    // One holding D2 and E2 would not: D2 would change and E2 stay.
    assert_eq!(rectangle_on(&caged(["D2", "E2"])), None);
}
