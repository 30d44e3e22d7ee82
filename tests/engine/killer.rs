//! Killer sudoku through the engine's public API: cages are checked once (errors naming the cage
//! in `killer/errors.rs`), solutions obey every unit and every cage, and the search's verdicts
//! agree with a small brute-force counter written here from the rules alone (rows, columns, boxes,
//! cage sums and no repeats in a cage), on random 4x4, 6x6 and 9x9 killers, a published 9x9 one
//! and generated ones.

use sudoku_service::engine::general::{generate_killer, KillerRequest, ShapeSolver, Symmetry};
use sudoku_service::engine::shape::{CageRule, Cells, Regions, Rules, Shape, Variant};
use sudoku_service::engine::Interrupt;
use sudoku_service::engine::Verdict;

mod big;
mod brute;
mod errors;
mod series;
use crate::killer_logic::generated;
use brute::{brute_count, index, obeys, random_cages, some_solution, verdict_of, Xs};

/// The published 9x9 killer of Conceptis Puzzles' killer sudoku tutorial (also the example on
/// Wikipedia's "Killer sudoku" page): one cage id per cell, sums in order of each cage's first cell.
pub(super) const CONCEPTIS: (&str, &[u32]) = (
    "aabbccdde afbgchhde ifjgkkhle ifjjkmmln oppqqmrln oosqturvn wwsttuxvv wwyyyyxvv zzzzyAABB",
    &[
        15, 19, 16, 8, 19, 15, 4, 18, 7, 16, 16, 12, 17, 17, 17, 10, 20, 7, 6, 9, 7, 26, 23, 12,
        26, 21, 12, 10,
    ],
);
pub(super) const CONCEPTIS_SOLUTION: &str =
    "863975214127346958459182367385261749746859123912734685294513876571698432638427591";

/// Cages from the compact form: ids per cell (whitespace ignored), sums by first appearance.
pub(super) fn compact(n: usize, ids: &str, sums: &[u32]) -> Vec<CageRule> {
    let ids: Vec<char> = ids.chars().filter(|c| !c.is_whitespace()).collect();
    assert_eq!(ids.len(), n * n);
    let mut order: Vec<char> = Vec::new();
    for &id in &ids {
        if !order.contains(&id) {
            order.push(id);
        }
    }
    assert_eq!(order.len(), sums.len());
    order
        .iter()
        .zip(sums)
        .map(|(&id, &sum)| CageRule {
            sum,
            cells: (0..n * n)
                .filter(|&i| ids[i] == id)
                .map(|i| name(n, i))
                .collect(),
        })
        .collect()
}

pub(super) fn name(n: usize, i: usize) -> String {
    format!("{}{}", char::from(b'A' + (i / n) as u8), i % n + 1)
}

pub(super) fn killer(size: usize, cages: Vec<CageRule>) -> Rules {
    Rules {
        size: Some(size),
        cages,
        ..Rules::default()
    }
}

/// Random killers of size `n` (some with a cage sum nudged off the solution, so some have none),
/// `givens` of the solution given: the engine's verdict and solutions against brute force.
fn cross_check(n: usize, boxes: (usize, usize), samples: usize, givens: usize, seed: u64) {
    let mut rng = Xs(seed);
    let mut seen = [0usize; 3];
    for sample in 0..samples {
        let solution = some_solution(n, &mut rng);
        let mut cages = random_cages(n, &solution, &mut rng);
        if sample % 4 == 3 {
            // Off by one, within the sums the cage's size allows.
            let k = (0..cages.len())
                .find(|&i| cages[i].cells.len() < n && i >= rng.next(cages.len()))
                .unwrap_or(0);
            let (n_cells, sum) = (cages[k].cells.len() as u32, cages[k].sum);
            let max = n_cells * (2 * n as u32 + 1 - n_cells) / 2;
            cages[k].sum = if sum < max { sum + 1 } else { sum - 1 };
        }
        let mut puzzle = vec![0u8; n * n];
        for _ in 0..givens {
            let c = rng.next(n * n);
            puzzle[c] = solution[c];
        }
        let shape = Shape::new(&killer(n, cages.clone())).unwrap_or_else(|e| {
            panic!("sample {sample}: {e}");
        });
        let out = ShapeSolver::new()
            .solve(&shape, &Cells::from_values(puzzle.clone()))
            .unwrap();
        let count = brute_count(n, boxes, &cages, &puzzle, 2);
        assert_eq!(out.verdict, verdict_of(count), "sample {sample}: {cages:?}");
        for s in &out.solutions {
            assert!(obeys(n, boxes, &cages, s.values()), "sample {sample}");
            assert!(s.solves(&shape, &Cells::from_values(puzzle.clone())));
        }
        seen[count] += 1;
    }
    // The sample exercises every verdict.
    assert!(seen.iter().all(|&k| k > 0), "verdicts seen {seen:?}");
}

#[test]
fn four_by_four_killers_agree_with_brute_force() {
    cross_check(4, (2, 2), 120, 0, 0x4444);
}

#[test]
fn six_by_six_killers_agree_with_brute_force() {
    cross_check(6, (2, 3), 40, 0, 0x6666);
}

#[test]
fn nine_by_nine_killers_with_some_givens_agree_with_brute_force() {
    cross_check(9, (3, 3), 16, 30, 0x9999);
}

#[test]
fn the_published_conceptis_killer_is_unique_with_its_published_solution() {
    let (ids, sums) = CONCEPTIS;
    let cages = compact(9, ids, sums);
    let shape = Shape::new(&killer(9, cages.clone())).unwrap();
    let out = ShapeSolver::new().solve(&shape, &Cells::empty(81)).unwrap();
    assert_eq!(out.verdict, Verdict::Unique);
    let expected: Vec<u8> = CONCEPTIS_SOLUTION.bytes().map(|b| b - b'0').collect();
    assert_eq!(out.solutions[0].values(), &expected[..]);
    assert!(obeys(9, (3, 3), &cages, &expected));
    // Brute force from a third of the solution agrees (from nothing it would take minutes).
    let mut givens = vec![0u8; 81];
    for c in (0..81).step_by(3) {
        givens[c] = expected[c];
    }
    assert_eq!(brute_count(9, (3, 3), &cages, &givens, 2), 1);
}

/// The killers of `puzzles/killer/published.txt`: name, cages, published solution.
fn published() -> Vec<(String, Vec<CageRule>, Vec<u8>)> {
    read_killers(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/puzzles/killer/published.txt"
    ))
}

/// The killers of a file in `puzzles/killer/`'s form: name, cages, solution.
pub(super) fn read_killers(path: &str) -> Vec<(String, Vec<CageRule>, Vec<u8>)> {
    std::fs::read_to_string(path)
        .unwrap()
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|line| {
            let f: Vec<&str> = line.split('|').map(str::trim).collect();
            let sums: Vec<u32> = f[2].split(',').map(|s| s.parse().unwrap()).collect();
            let solution = f[3].bytes().map(|b| b - b'0').collect();
            (f[0].to_string(), compact(9, f[1], &sums), solution)
        })
        .collect()
}

#[test]
fn every_published_killer_is_unique_with_its_published_solution() {
    let all = published();
    assert!(all.len() >= 3, "{} published killers", all.len());
    for (name, cages, expected) in all {
        assert!(obeys(9, (3, 3), &cages, &expected), "{name}");
        let shape = Shape::new(&killer(9, cages.clone())).unwrap();
        let out = ShapeSolver::new().solve(&shape, &Cells::empty(81)).unwrap();
        assert_eq!(out.verdict, Verdict::Unique, "{name}");
        assert_eq!(out.solutions[0].values(), &expected[..], "{name}");
        // Brute force from a third of the solution agrees that nothing else completes it.
        let mut givens = vec![0u8; 81];
        for c in (0..81).step_by(3) {
            givens[c] = expected[c];
        }
        assert_eq!(brute_count(9, (3, 3), &cages, &givens, 2), 1, "{name}");
    }
}

/// Solving narrows the rule of 45's groups over runs of lines, their outies and Hall's condition on
/// cages: the published killers and generated ones are proved with a handful of nodes (before,
/// Conceptis' took 149 and one generated 9x9 killer 1,543). Counting nodes, not time, keeps this
/// exact on a busy machine.
#[test]
fn full_inference_proves_published_and_generated_killers_in_a_few_nodes() {
    for (name, cages, _) in published() {
        let shape = Shape::new(&killer(9, cages)).unwrap();
        let out = ShapeSolver::new().solve(&shape, &Cells::empty(81)).unwrap();
        assert_eq!(out.verdict, Verdict::Unique, "{name}");
        assert!(out.stats.nodes <= 5, "{name}: {} nodes", out.stats.nodes);
    }
    let mut nodes = Vec::new();
    for seed in 0..20 {
        let k = generated(&Rules::default(), seed, 0, false);
        let out = ShapeSolver::new().solve(&k.shape, &k.puzzle).unwrap();
        assert_eq!(out.verdict, Verdict::Unique, "seed {seed}");
        nodes.push(out.stats.nodes);
    }
    nodes.sort_unstable();
    assert!(
        nodes[10] <= 3 && nodes[19] <= 50,
        "nodes per generated killer: {nodes:?}"
    );
}

/// Killers built to defeat solvers (`puzzles/killer/hard.txt`), checked unique outside the
/// repository by a CP-SAT model: the engine finds the same one solution, which obeys every cage
/// and unit, within a node budget (before exact narrowing of small groups and the box rectangles'
/// rule of 45 they took 361,835 and 405,564 nodes; before the lookahead tried groups with two
/// combinations left both ways, 54,378 and 247,026; before guesses followed conflict weights,
/// 50,546 and 196,961, all over both budgets; with conflict weights, 8,450 and 13,220, then
/// 5,124 and 27,237 once killer groups were narrowed in tiers, small ones first, which changed
/// which rule reports a contradiction first, until a group that takes a cell's last candidates
/// was counted as the rule that failed). A fraction of a second in a release build, so opt-in:
/// `cargo test --release --test engine hard_killers -- --ignored`.
#[test]
#[ignore = "seconds in release, minutes in debug"]
fn the_hard_killers_are_unique_with_their_checked_solutions() {
    let hard = read_killers(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/puzzles/killer/hard.txt"
    ));
    assert!(hard.len() >= 2);
    for (name, cages, expected) in hard {
        assert!(obeys(9, (3, 3), &cages, &expected), "{name}");
        let shape = Shape::new(&killer(9, cages)).unwrap();
        let out = ShapeSolver::new().solve(&shape, &Cells::empty(81)).unwrap();
        assert_eq!(out.verdict, Verdict::Unique, "{name}");
        assert_eq!(out.solutions[0].values(), &expected[..], "{name}");
        let budget = match name.as_str() {
            "tarek41" => 6_800,
            "wecoc1a" => 13_200,
            _ => u64::MAX,
        };
        assert!(
            out.stats.nodes <= budget,
            "{name}: {} nodes",
            out.stats.nodes
        );
    }
}

#[test]
fn generated_killers_are_unique_with_no_givens_and_obey_their_cages() {
    for seed in 0..6 {
        let k = generated(&Rules::default(), seed, 0, false);
        let cages = &k.shape.rules().cages;
        assert_eq!(k.puzzle.givens(), 0);
        assert!(obeys(9, (3, 3), cages, k.solution.values()), "seed {seed}");
        let out = ShapeSolver::new().solve(&k.shape, &k.puzzle).unwrap();
        assert_eq!(out.verdict, Verdict::Unique, "seed {seed}");
        assert_eq!(out.solutions[0], k.solution);
        // Sizes like published killers: no cage over 7 cells, most of 2 to 4.
        assert!(cages.iter().all(|c| c.cells.len() <= 7));
        let typical = cages
            .iter()
            .filter(|c| (2..=4).contains(&c.cells.len()))
            .count();
        assert!(typical * 2 > cages.len(), "seed {seed}: {cages:?}");
    }
}

#[test]
fn generated_small_killers_are_unique_by_brute_force() {
    for (n, boxes) in [(4, (2, 2)), (6, (2, 3))] {
        for seed in 0..5 {
            let rules = Rules {
                size: Some(n),
                ..Rules::default()
            };
            let k = generated(&rules, seed, 0, false);
            let cages = &k.shape.rules().cages;
            assert_eq!(brute_count(n, boxes, cages, &vec![0; n * n], 2), 1);
        }
    }
}

#[test]
fn killers_combine_with_x_hyper_and_jigsaw() {
    let shapes = [
        Rules {
            variants: vec![Variant::X],
            ..Rules::default()
        },
        Rules {
            size: Some(6),
            variants: vec![Variant::Hyper],
            ..Rules::default()
        },
    ];
    for rules in shapes {
        let k = generated(&rules, 3, 0, false);
        assert_eq!(k.shape.rules().variants, rules.variants);
        let out = ShapeSolver::new().solve(&k.shape, &k.puzzle).unwrap();
        assert_eq!(out.verdict, Verdict::Unique);
        assert!(k.solution.solves(&k.shape, &k.puzzle));
    }
    let k = generated(&killer(6, Vec::new()), 5, 0, true);
    assert!(matches!(k.shape.rules().regions, Some(Regions::Text(_))));
    assert!(k.shape.is_jigsaw() && k.shape.is_killer());
    let out = ShapeSolver::new().solve(&k.shape, &k.puzzle).unwrap();
    assert_eq!(out.verdict, Verdict::Unique);
}

#[test]
fn asked_for_givens_are_the_solutions_and_keep_the_puzzle_unique() {
    let request = KillerRequest {
        seed: 11,
        givens: 6,
        symmetry: Symmetry::Rotational,
        jigsaw: false,
        interrupt: Interrupt::NEVER,
    };
    let k = generate_killer(&Rules::default(), &request)
        .unwrap()
        .unwrap();
    assert!(k.puzzle.givens() >= 6);
    for c in 0..81 {
        let v = k.puzzle.get(c);
        assert!(v == 0 || v == k.solution.get(c));
        assert_eq!(v == 0, k.puzzle.get(80 - c) == 0, "rotational pattern");
    }
    let out = ShapeSolver::new().solve(&k.shape, &k.puzzle).unwrap();
    assert_eq!(out.verdict, Verdict::Unique);
}

#[test]
fn a_killer_with_no_givens_is_a_valid_puzzle_and_a_classic_grid_is_not_killer() {
    let (ids, sums) = CONCEPTIS;
    let shape = Shape::new(&killer(9, compact(9, ids, sums))).unwrap();
    assert!(!shape.is_classic() && shape.is_killer());
    assert_eq!(shape.to_string(), "9x9 (3x3 boxes) killer");
    assert!(Cells::empty(81).conflicts(&shape).is_empty());
    // Cage mates are peers: A1's cage holds A2 and B1 (already peers) only.
    assert!(shape
        .peers(index(9, "B2"))
        .contains(&(index(9, "C2") as u16)));
    assert!(shape
        .peers(index(9, "D2"))
        .contains(&(index(9, "B2") as u16)));
}
