//! Chains and almost locked sets on every shape: over hundreds of generated puzzles of several
//! shapes every step stays sound (the checks of `shape_logic`), the chain techniques do fire and
//! take guesses off the paths, and each technique fires and explains itself on a position found by
//! searching generated puzzles and kept here as a fixture (the rules, the givens, the grid and the
//! pencil marks at that point: a `.` for a filled cell, else its candidates).

use std::collections::BTreeSet;

use sudoku_service::engine::general::logic::{
    next_step, Geometry, ShapeLogic, ShapePosition, FINDERS,
};
use sudoku_service::engine::logic::Technique;
use sudoku_service::engine::shape::{Cells, Rules, Shape, Variant};

use super::shape_logic::{check_step, rules, walk_many};

/// The techniques this layer gained with chains and ALS.
const CHAINS: [Technique; 8] = [
    Technique::TurbotFish,
    Technique::WWing,
    Technique::XYWing,
    Technique::SimpleColoring,
    Technique::XChain,
    Technique::XYChain,
    Technique::Aic,
    Technique::AlsXz,
];

fn chains_seen(techniques: &BTreeSet<Technique>) -> BTreeSet<Technique> {
    techniques
        .iter()
        .copied()
        .filter(|t| CHAINS.contains(t))
        .collect()
}

#[test]
fn chain_steps_are_sound_on_hundreds_of_6x6_and_8x8_puzzles() {
    let six = walk_many(&rules(6, &[]), 100..300, false);
    let eight = walk_many(&rules(8, &[]), 0..80, false);
    let seen: BTreeSet<Technique> = chains_seen(&six.techniques)
        .union(&chains_seen(&eight.techniques))
        .copied()
        .collect();
    for t in [Technique::TurbotFish, Technique::WWing, Technique::XYWing] {
        assert!(seen.contains(&t), "{t} never fired: {seen:?}");
    }
    // Skyscrapers, kites, rectangles and finned fish now take some positions chains took.
    assert!(seen.len() >= 5, "{seen:?}");
}

#[test]
fn chain_steps_are_sound_on_9x9_x_hyper_and_jigsaw() {
    let x = walk_many(&rules(9, &[Variant::X]), 40..70, false);
    let hyper = walk_many(&rules(9, &[Variant::Hyper]), 40..70, false);
    let jigsaw = walk_many(&rules(9, &[]), 12..28, true);
    for (name, walked) in [("X", &x), ("hyper", &hyper), ("jigsaw", &jigsaw)] {
        let seen = chains_seen(&walked.techniques);
        assert!(
            seen.contains(&Technique::Aic) && seen.contains(&Technique::AlsXz),
            "{name}: {seen:?}"
        );
    }
    assert!(x.mentions_in(Technique::XChain, "diagonal"));
    assert!(jigsaw.mentions_in(Technique::AlsXz, "region "));
}

#[test]
fn chain_steps_are_sound_on_12x12_and_sampled_16x16() {
    let twelve = walk_many(&rules(12, &[]), 6..12, false);
    let sixteen = walk_many(&rules(16, &[]), 0..2, false);
    assert!(chains_seen(&twelve.techniques).len() >= 3);
    assert!(!chains_seen(&sixteen.techniques).is_empty());
}

#[test]
fn chains_take_guesses_off_the_paths() {
    // With chains and ALS, fewer generated hyper puzzles need a guess than with singles to fish.
    let hyper = rules(9, &[Variant::Hyper]);
    let (mut guessing, mut fishless) = (0, 0);
    for seed in 0..20 {
        let g = super::shape_logic::generated(&hyper, seed, false);
        let grade = ShapeLogic::new().grade(&g.shape, &g.puzzle).unwrap();
        guessing += usize::from(!grade.solved_by_logic);
        fishless += usize::from(uses_guess_without_chains(&g.shape, &g.puzzle, &g.solution));
    }
    assert!(
        guessing < fishless,
        "{guessing} guessing with chains, {fishless} without"
    );
}

/// Whether the path with the finders up to jellyfish only needs a guess.
fn uses_guess_without_chains(shape: &Shape, puzzle: &Cells, solution: &Cells) -> bool {
    let geo = Geometry::new(shape);
    let mut position = ShapePosition::new(shape, puzzle);
    while !position.is_solved() {
        let step = sudoku_service::engine::general::logic::FINDERS
            .iter()
            .filter(|f| f.technique <= Technique::Jellyfish)
            .find_map(|f| (f.find)(&geo, &position, solution));
        match step {
            Some(step) => position.apply(shape, &step),
            None => return true,
        }
    }
    false
}

/// A position where `technique` is the simplest step.
pub struct Fixture {
    pub technique: Technique,
    pub rules: &'static str,
    pub puzzle: &'static str,
    pub progress: &'static str,
    pub marks: &'static str,
    /// What it removes, as `4F2` (the symbol, then the cell).
    pub removes: &'static [&'static str],
    pub explanation: &'static str,
}

impl Fixture {
    /// The shape, the puzzle, the grid at that point and its pencil marks.
    pub fn parts(&self) -> (Shape, Cells, Cells, Vec<u32>) {
        let rules: Rules = serde_json::from_str(self.rules).unwrap();
        let shape = Shape::new(&rules).unwrap();
        let puzzle = Cells::parse(&shape, self.puzzle).unwrap();
        let progress = Cells::parse(&shape, self.progress).unwrap();
        let marks = marks_of(&shape, self.marks);
        (shape, puzzle, progress, marks)
    }
}

/// Pencil marks written as a fixture keeps them: a `.` for a filled cell, else its candidates.
fn marks_of(shape: &Shape, marks: &str) -> Vec<u32> {
    let marks: Vec<u32> = marks
        .split(' ')
        .map(|m| {
            m.chars()
                .filter(|&c| c != '.')
                .map(|c| 1 << shape.symbols().iter().position(|&s| s == c).unwrap())
                .sum()
        })
        .collect();
    assert_eq!(marks.len(), shape.cell_count());
    marks
}

/// The techniques the general layer gained later that assume boxes, regions or uniqueness: they
/// come before some chains in the classic order, so on a fixture recorded before them one of them
/// may now be the simplest step.
const LATER: [Technique; 12] = [
    Technique::BugPlusOne,
    Technique::Skyscraper,
    Technique::TwoStringKite,
    Technique::EmptyRectangle,
    Technique::UniqueRectangle1,
    Technique::UniqueRectangle2,
    Technique::UniqueRectangle4,
    Technique::HiddenRectangle,
    Technique::FinnedXWing,
    Technique::SashimiXWing,
    Technique::FinnedSwordfish,
    Technique::SashimiSwordfish,
];

/// Checks that the fixture's technique, tried after everything simpler than it that was there when
/// the fixture was recorded, removes what it says, stays sound against the puzzle's unique solution
/// and explains itself as recorded; and that the simplest step now offered is either it or, sound
/// too, one of the techniques gained later.
pub fn fires(f: Fixture) {
    let (shape, puzzle, progress, marks) = f.parts();
    let solution = ShapeLogic::new().solution(&shape, &puzzle).unwrap();
    let position = ShapePosition::with_marks(&shape, &progress, &marks);
    let geo = Geometry::new(&shape);
    let first = next_step(&geo, &position, &solution).unwrap();
    check_step(&shape, &position, &solution, &first);
    assert!(
        first.technique == f.technique
            || (LATER.contains(&first.technique) && first.technique < f.technique),
        "{}",
        first.explanation
    );
    let step = FINDERS
        .iter()
        .filter(|finder| finder.technique <= f.technique)
        .filter(|finder| finder.technique == f.technique || !LATER.contains(&finder.technique))
        .find_map(|finder| (finder.find)(&geo, &position, &solution))
        .unwrap();
    assert_eq!(step.technique, f.technique, "{}", step.explanation);
    let removed: Vec<String> = step
        .eliminations
        .iter()
        .map(|m| format!("{}{}", shape.symbol(m.value), shape.cell_name(m.cell)))
        .collect();
    assert_eq!(removed, f.removes);
    check_step(&shape, &position, &solution, &step);
    assert_eq!(step.explanation, f.explanation);
}

#[test]
fn turbot_fish_on_6x6_joins_two_conjugate_pairs() {
    fires(Fixture {
        technique: Technique::TurbotFish,
        rules: "{\"size\":6,\"box\":[2,3]}",
        puzzle: "...2....5...51.....6...1.....6..35..",
        progress: "1.62.5..516.5146..362451.513.66.351.",
        marks: ". 34 . . 34 . 24 234 . . . 34 . . . . 23 23 . . . . . . 24 . . . 24 . . 24 . . . 24",
        removes: &["4F2"],
        explanation: "4 is in row A only at A5 and A2, and in box 6 only at E5 and F6; A5 and E5 share column 5, so one of A2 or F6 is 4, and 4 can be removed from the squares that see both: F2.",
    });
}

#[test]
fn w_wing_on_6x6() {
    fires(Fixture {
        technique: Technique::WWing,
        rules: "{\"size\":6,\"box\":[2,3]}",
        puzzle: ".6..323......1...6..5......1.4..6...",
        progress: ".61.323..6...1...66.5......164146...",
        marks: "45 . . 45 . . . 25 24 . 14 15 24 . 234 235 25 . . 23 . 234 14 13 25 235 23 . . . . . . 235 25 35",
        removes: &["3C3", "3E2"],
        explanation: "D2 and E3 both hold only 2 and 3, and 2 is in row B only at B2 and B3, which see D2 and E3. One of B2 or B3 is 2, so D2 and E3 cannot both be 2: one of them is 3, and 3 can be removed from the squares that see both: C3 and E2.",
    });
}

#[test]
fn xy_wing_on_6x6() {
    fires(Fixture {
        technique: Technique::XYWing,
        rules: "{\"size\":6,\"box\":[2,3]}",
        puzzle: "......5..2.3.6.4...4...5......3...1.",
        progress: ".32...51.2.3.6543..43..5..13..3...1.",
        marks: "46 . . 156 456 16 . . 46 . 46 . 12 . . . . 12 12 . . 16 26 . 46 25 . . 25 46 . 25 46 56 . 246",
        removes: &["6A5", "6B5"],
        explanation: "C6 holds only 1 and 2, and it sees A6 (1 or 6) and D5 (2 or 6). If C6 is 1, A6 is 6; if it is 2, D5 is 6. Either way one of A6 or D5 is 6, so 6 can be removed from the squares that see both: A5 and B5.",
    });
}

#[test]
fn simple_coloring_trap_on_hyper() {
    fires(Fixture {
        technique: Technique::SimpleColoring,
        rules: "{\"size\":9,\"box\":[3,3],\"variants\":[\"hyper\"]}",
        puzzle: "....9....3.15...7.......3..............2..1..........4.6..7.8......3..4...4.2..6.",
        progress: "....9....3.15...7.......3..............2..1..........4.6.47.8......36.4...4.2..6.",
        marks: "245678 2578 25678 13678 . 123478 245 1258 12568 . 2489 . . 468 248 2469 . 2689 2456789 24789 26789 678 1468 1248 . 12589 125689 12456789 234789 236789 36789 14568 1489 2569 2589 256789 456789 35789 356789 . 4568 34789 . 3589 356789 1256789 1235789 235789 13789 1568 1379 2579 2359 . 1259 . 2359 . . 159 . 12359 12359 125789 125789 25789 189 . . 2579 . 12579 15789 135789 . 189 . 1589 579 . 13579",
        removes: &["3F2"],
        explanation: "3 has only two places in each of row I and box 7; following these pairs, G3 and I9 take one colour and I2 the other, and exactly one colour is 3. 3 can be removed from the squares that see both colours: F2.",
    });
}

#[test]
fn simple_coloring_wrap_on_8x8() {
    fires(Fixture {
        technique: Technique::SimpleColoring,
        rules: "{\"size\":8,\"box\":[2,4]}",
        puzzle: ".7.53.........1...8.7.5..6...3....6.5.....74.8.67.18......5.....",
        progress: "17.53.68.83..715..8.765.56.783.18.6.5.7..57418.67.1865....5..187",
        marks: ". . 24 . . 24 . . 246 . . 26 24 . . . 34 134 . 123 . . . 24 . . 24 . . . 24 . . 13 . 123 . 24 . 234 23 . . . . . 23 . . 24 . . . . 234 34 346 234 . 36 24 . . .",
        removes: &["2A3", "2B5", "2C4", "2D7", "2E6", "2E8", "2G7", "2H2"],
        explanation: "2 has only two places in each of row A, row C, row D, row G, row H, column 2, column 3, column 5, column 6, column 8, box 2, box 3, box 4, box 7 and box 8; following these pairs, A3, B5, C4, D7, E6, E8, G7 and H2 take one colour and A6, C8, D3, G2 and H5 the other, and exactly one colour is 2. D7 and G7, both of the first colour, share column 7, so the first colour cannot be 2 and the second colour is: 2 can be removed from A3, B5, C4, D7, E6, E8, G7 and H2.",
    });
}

#[test]
fn x_chain_on_9x9_x_runs_through_a_diagonal() {
    fires(Fixture {
        technique: Technique::XChain,
        rules: "{\"size\":9,\"box\":[3,3],\"variants\":[\"x\"]}",
        puzzle: "....7.6.....3....7............53....93......2.......4.4...8..5.7...93.1.1.......9",
        progress: "3...7.6.....3...87............53....93......2.......4.493.8..567...93.1.1.......9",
        marks: ". 1248 124589 1248 . 124589 . 29 45 256 24 269 . 12456 124569 124 . . 2568 15678 24678 124689 12456 124569 24 239 1345 268 1248 124678 . . 79 189 67 18 . . 15678 148 46 1468 58 67 . 568 1567 1567 79 126 268 13589 . 138 . . . 127 . 127 27 . . . 256 256 26 . . 48 . 48 . 268 268 2467 2456 24567 237 23 .",
        removes: &["7G6"],
        explanation: "(7)D6 = (7)F4 - (7)F2 = (7)C2 - (7)C3 = (7)G7. Either D6 or G7 is 7, so 7 can be removed from squares that see both: G6. Its links run through box 5, row F, column 2, row C and diagonal A1-I9.",
    });
}

#[test]
fn xy_chain_on_8x8() {
    fires(Fixture {
        technique: Technique::XYChain,
        rules: "{\"size\":8,\"box\":[2,4]}",
        puzzle: ".5.......3..2...187.3.2.4....8..8.6.7..5.....68....56........47.",
        progress: ".5..8.4..3842.5.187635244253186784627..55.3.4682..4562.8.6.8547.",
        marks: "267 . 12 17 . 37 . 36 67 . . . . 17 . 16 . . . . . . . . . . . . . . . . . . . . . 13 13 . . 17 . 17 . . . . 37 17 . . . . 13 . 23 . 12 . . . . 13",
        removes: &["7A6", "7B1"],
        explanation: "(7)A4 = (1)A4 - (1)A3 = (2)A3 - (2)H3 = (1)H3 - (1)H8 = (3)H8 - (3)A8 = (6)A8 - (6)B8 = (1)B8 - (1)B6 = (7)B6. Either A4 or B6 is 7, so 7 can be removed from squares that see both: A6 and B1.",
    });
}

#[test]
fn aic_on_jigsaw_runs_through_a_region() {
    fires(Fixture {
        technique: Technique::Aic,
        rules: "{\"size\":9,\"regions\":\"ABBBBBCDDABBBBCCDDAAAEECCDFAGAEECDDFAGGEECDDFAGEECCHHFGGEHHHHFFGIIIIIHFFGGIIIIHHF\"}",
        puzzle: "...3.........5......4..7....3...1..9...4..6...2.....6.9......8.............71....",
        progress: "...3.8.......56..8.94..7....3...1..9...4..6...25.8..6.9..5...8.............71....",
        marks: "1257 1467 12679 . 24679 . 245 12579 1257 1237 147 1279 129 . . 234 12379 . 123568 . . 1268 236 . 235 1235 256 25678 . 678 268 267 . 247 2457 . 123578 1578 178 . 2379 239 . 12357 257 137 . . 19 . 349 147 . 47 . 167 1267 . 247 234 12347 . 2467 467 468 23689 269 2469 245 89 1257 1234567 468 568 23689 . . 245 89 24 23456",
        removes: &["3E6"],
        explanation: "(9)E6 = (9)E5 - (9)F4 = (1)F4 - (1)F7 = (1)G7 - (3)G7 = (3)G6. Either E6 is 9 or G6 is 3, and the two squares see each other, so 3 from E6 can be removed. Its links run through row E, region 5, row F, column 7 and row G.",
    });
}

#[test]
fn als_xz_on_8x8() {
    fires(Fixture {
        technique: Technique::AlsXz,
        rules: "{\"size\":8,\"box\":[2,4]}",
        puzzle: ".8.5..21.....75.82..5..43....2........1....4.8.253.....8..4..3..",
        progress: ".8.5.4214...875.82..5.34345..287..8.451..5.4.8.253....48..48.3.5",
        marks: "67 . 367 . 36 . . . . 16 126 123 . . . 36 . . 167 167 . 16 . . . . . 16 16 . . . 26 67 . 2367 . . . 36 16 . 136 . 367 . 67 . . . 1267 27 1267 16 . . 1267 167 . . 1267 . 67 .",
        removes: &["7H1"],
        explanation: "Two almost locked sets hold one digit more than they have squares: H2 and H7 in row H (1, 6 and 7); A1 and B2 in box 1 (1, 6 and 7). Every 1 in one sees every 1 in the other, so at most one of them holds 1 and the other is locked to its remaining digits; either way, one of the sets holds 7, so no square that sees every 7 in both can be 7: remove 7 from H1.",
    });
}

#[test]
fn als_xz_on_jigsaw_joins_two_regions() {
    fires(Fixture {
        technique: Technique::AlsXz,
        rules: "{\"size\":9,\"regions\":\"ABBBBBCDDABBBBCCDDAAAEECCDFAGAEECDDFAGGEECDDFAGEECCHHFGGEHHHHFFGIIIIIHFFGGIIIIHHF\"}",
        puzzle: "...3.........5......4..7....3...1..9...4..6...2.....6.9......8.............71....",
        progress: "...3.........56....94..7....3...1..9...4..6...25....6.9..5...8.............71....",
        marks: "12578 14678 126789 . 246789 248 245 12579 12578 12378 1478 12789 1289 . . 234 12379 12378 123568 . . 1268 2368 . 235 1235 12356 25678 . 678 268 2678 . 247 2457 . 123578 1578 178 . 23789 2389 . 12357 12357 1378 . . 189 348 3489 13478 . 1347 . 167 12367 . 2347 234 12347 . 123467 4678 468 23689 2689 234689 23458 1234789 12357 1234567 468 568 23689 . . 23458 23489 234 23456",
        removes: &["2H7", "2I7"],
        explanation: "Two almost locked sets hold one digit more than they have squares: A7, B7, C7 and F5 in region 3 (2, 3, 4, 5 and 8); F7, G5, G6, G7 and I8 in region 8 (1, 2, 3, 4, 7 and 8). Every 8 in one sees every 8 in the other, so at most one of them holds 8 and the other is locked to its remaining digits; either way, one of the sets holds 2, so no square that sees every 2 in both can be 2: remove 2 from H7 and I7.",
    });
}

#[test]
fn a_continuous_nice_loop_on_hyper_clears_what_its_weak_links_see() {
    fires(Fixture {
        technique: Technique::Aic,
        rules: "{\"size\":9,\"box\":[3,3],\"variants\":[\"hyper\"]}",
        puzzle: "...6......75.............849....4...........6.....5....1.5.69...4.....3.5.....2..",
        progress: "..46....9.754.9.......5..849....4....5....4964....58...1.5.6948.4...2.355...4.26.",
        marks: "1238 238 . . 1238 1378 57 157 . 168 . . . 18 . 36 12 23 126 2369 2369 23 . 17 167 . . . 268 128 128 267 . 35 25 237 2378 . 12378 12378 12378 138 . . . . 236 2367 2379 23679 . . 17 127 237 . 237 . 37 . . . . 67 . 6789 789 19 . 17 . . . 389 3789 13789 . 138 . . 17",
        removes: &["2D5", "2F5", "3F5", "7F5", "7F9"],
        explanation: "(6)D5 = (6)F5 - (9)F5 = (9)H5 - (1)H5 = (1)H7 - (1)F8 = (7)F8 - (7)D9 = (7)D5 - (6)D5. The chain closes into a loop, so every weak link in it is also strong: exactly one end of each holds. So 2 from D5; 2, 3 and 7 from F5; 7 from F9 can be removed. Its links run through column 5, row H, window 4, box 6 and row D.",
    });
}

/// XYZ-wing, which the general layer gained from the classic one, fires on 9x9 variants (about one
/// generated X or hyper puzzle in five needs it) and every step of those paths is sound.
#[test]
fn xyz_wing_fires_on_9x9_variants_and_is_sound() {
    let x = walk_many(&rules(9, &[Variant::X]), 0..6, false);
    let hyper = walk_many(&rules(9, &[Variant::Hyper]), 0..3, false);
    assert!(
        x.techniques.contains(&Technique::XYZWing),
        "X seeds 2 and 5 need one"
    );
    assert!(
        hyper.techniques.contains(&Technique::XYZWing),
        "hyper seeds 0 and 2 need one"
    );
    let explained = x
        .explanations
        .iter()
        .find(|e| e.contains("Whichever digit"))
        .expect("an XYZ-wing's words");
    assert!(
        explained.contains("can be removed from the squares that see all three"),
        "{explained}"
    );
}
