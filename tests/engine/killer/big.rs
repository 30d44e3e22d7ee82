//! Generated killers on grids over 9x9 (12x12 and 16x16, also killer X and jigsaw killer), whose
//! cages are grown from one-cell cages: each is unique with no givens (the general solver counting
//! to two, and the brute-force counter of `brute.rs` agreeing from two thirds of the solution),
//! its cages are connected and obeyed, few have one cell, and a seed always gives the same killer.
//!
//! Jigsaw killers draw the puzzle generator's regions where that was measured faster: bands of two
//! rows for 12x12 jigsaw killer X, pairs of boxes for 16x16 jigsaw killers.
//!
//! 16x16 ones take seconds each on a debug build: those tests are opt-in,
//! `cargo test --release --test engine killer::big -- --include-ignored`.

use sudoku_service::engine::general::{Killer, ShapeSolver};
use sudoku_service::engine::shape::{Cells, Rules, Variant};
use sudoku_service::engine::Verdict;

use super::brute::{brute_count, index, obeys};

fn generated(rules: &Rules, jigsaw: bool, seed: u64) -> Killer {
    crate::killer_logic::generated(rules, seed, 0, jigsaw)
}

fn sized(n: usize) -> Rules {
    Rules {
        size: Some(n),
        ..Rules::default()
    }
}

/// Every cage's cells joined edge to edge.
fn connected(n: usize, cells: &[usize]) -> bool {
    let mut seen = vec![cells[0]];
    let mut next = 0;
    while next < seen.len() {
        let c = seen[next];
        for &m in cells {
            let adjacent = (c / n == m / n && c.abs_diff(m) == 1) || c.abs_diff(m) == n;
            if adjacent && !seen.contains(&m) {
                seen.push(m);
            }
        }
        next += 1;
    }
    seen.len() == cells.len()
}

/// The checks every generated killer passes; `brute` also counts with the independent counter
/// (standard boxes only) from two thirds of the solution.
fn check(k: &Killer, brute: bool, what: &str) {
    let n = k.shape.size();
    let cages = &k.shape.rules().cages;
    assert_eq!(k.puzzle.givens(), 0, "{what}");
    assert!(k.solution.solves(&k.shape, &k.puzzle), "{what}");
    let out = ShapeSolver::new().solve(&k.shape, &k.puzzle).unwrap();
    assert_eq!(out.verdict, Verdict::Unique, "{what}");
    assert_eq!(out.solutions[0], k.solution, "{what}");
    let mut covered = vec![0; n * n];
    for cage in cages {
        let cells: Vec<usize> = cage.cells.iter().map(|c| index(n, c)).collect();
        assert!(connected(n, &cells), "{what}: {cage:?}");
        assert!(cells.len() <= 7, "{what}: {cage:?}");
        cells.iter().for_each(|&c| covered[c] += 1);
    }
    assert!(
        covered.iter().all(|&k| k == 1),
        "{what}: cages cover the grid once"
    );
    // A killer, not givens in disguise: few one-cell cages (see `few_one_cell_cages`).
    let lone = lone(k);
    assert!(
        lone * 5 < cages.len(),
        "{what}: {lone} of {} cages have one cell",
        cages.len()
    );
    if let Some(boxes) = k.shape.box_shape().filter(|_| brute) {
        assert!(obeys(n, boxes, cages, k.solution.values()), "{what}");
        let mut givens = k.solution.values().to_vec();
        for c in (0..n * n).step_by(3) {
            givens[c] = 0;
        }
        assert_eq!(brute_count(n, boxes, cages, &givens, 2), 1, "{what}");
    }
}

/// The one-cell cages of `k`.
fn lone(k: &Killer) -> usize {
    let cages = &k.shape.rules().cages;
    cages.iter().filter(|c| c.cells.len() == 1).count()
}

/// Like published killers, under a tenth of the cages of `killers` (together) have one cell. (When
/// target cages grew one after another, 12x12 killers kept 4 to 14 one-cell cages of about 50 and
/// 16x16 ones 19 to 39 of about 100.)
fn few_one_cell_cages(killers: &[Killer], what: &str) {
    let lone: usize = killers.iter().map(lone).sum();
    let cages: usize = killers.iter().map(|k| k.shape.rules().cages.len()).sum();
    assert!(
        lone * 10 < cages,
        "{what}: {lone} of {cages} cages have one cell"
    );
}

#[test]
fn generated_12x12_killers_are_unique_with_no_givens() {
    let mut made = Vec::new();
    for seed in 0..2 {
        let k = generated(&sized(12), false, seed);
        check(&k, true, &format!("12x12 seed {seed}"));
        assert_eq!(k, generated(&sized(12), false, seed), "seed {seed} again");
        made.push(k);
    }
    few_one_cell_cages(&made, "12x12 seeds 0-1");
}

#[test]
#[ignore = "seconds per killer in debug: cargo test --release --test engine killer::big -- --include-ignored"]
fn generated_16x16_killers_are_unique_with_no_givens() {
    let mut made = Vec::new();
    for seed in 0..3 {
        let k = generated(&sized(16), false, seed);
        check(&k, true, &format!("16x16 seed {seed}"));
        made.push(k);
    }
    few_one_cell_cages(&made, "16x16 seeds 0-2");
    let k = generated(&sized(16), false, 1);
    assert_eq!(
        k,
        generated(&sized(16), false, 1),
        "a seed gives one killer"
    );
}

#[test]
#[ignore = "seconds per killer in debug: cargo test --release --test engine killer::big -- --include-ignored"]
fn generated_16x16_killer_x_and_jigsaw_killers_are_unique() {
    let x = Rules {
        variants: vec![Variant::X],
        ..sized(16)
    };
    let k = generated(&x, false, 2);
    assert_eq!(k.shape.rules().variants, vec![Variant::X]);
    check(&k, false, "16x16 killer X");
    let k = generated(&sized(16), true, 2);
    assert!(k.shape.is_jigsaw() && k.shape.is_killer());
    check(&k, false, "16x16 jigsaw killer");
    assert!(Cells::empty(256).conflicts(&k.shape).is_empty());
}

/// A jigsaw killer's regions: N regions of N cells each, connected, and the solution holds every
/// value once in each; no cage repeats a value. `block` names the part of the grid a region must
/// stay in (its band or pair of boxes), given its first cell.
fn check_regions(k: &Killer, what: &str, block: impl Fn(usize) -> usize) {
    let n = k.shape.size();
    assert!(k.shape.is_jigsaw() && k.shape.is_killer(), "{what}");
    let mut regions = vec![Vec::new(); n];
    for c in 0..n * n {
        regions[k.shape.region_of(c)].push(c);
    }
    for (g, cells) in regions.iter().enumerate() {
        assert_eq!(cells.len(), n, "{what}: region {g}");
        assert!(connected(n, cells), "{what}: region {g} is not connected");
        let mut values: Vec<u8> = cells.iter().map(|&c| k.solution.get(c)).collect();
        values.sort_unstable();
        values.dedup();
        assert_eq!(values.len(), n, "{what}: region {g} repeats a value");
        assert!(
            cells.iter().all(|&c| block(c) == block(cells[0])),
            "{what}: region {g} leaves its block"
        );
    }
    let irregular = regions.iter().filter(|cells| {
        let rows = cells.iter().all(|&c| c / n == cells[0] / n);
        let columns = cells.iter().all(|&c| c % n == cells[0] % n);
        !rows && !columns
    });
    assert!(irregular.count() > n / 2, "{what}: regions are irregular");
    for cage in &k.shape.rules().cages {
        let mut values: Vec<u8> = (cage.cells.iter())
            .map(|c| k.solution.get(index(n, c)))
            .collect();
        values.sort_unstable();
        values.dedup();
        assert_eq!(values.len(), cage.cells.len(), "{what}: {cage:?} repeats");
    }
}

/// 12x12 jigsaw killers, with X on bands of two rows (as the generator's jigsaw X): unique with no
/// givens, regions and cages sound, the same killer for the same seed.
#[test]
fn generated_12x12_jigsaw_killers_are_unique_on_sound_regions() {
    let x = Rules {
        variants: vec![Variant::X],
        ..sized(12)
    };
    let k = generated(&sized(12), true, 1);
    check(&k, false, "12x12 jigsaw killer");
    check_regions(&k, "12x12 jigsaw killer", |_| 0);
    let k = generated(&x, true, 1);
    check(&k, false, "12x12 jigsaw killer X");
    // Every region lies within its band of two rows: the snake's regions wander across bands.
    check_regions(&k, "12x12 jigsaw killer X", |c| c / 12 / 2);
    assert_eq!(k, generated(&x, true, 1), "a seed gives one killer");
}

/// 16x16 jigsaw killers draw the generator's pairs of boxes (each region within the block of two
/// 4x4 boxes side by side it started from); jigsaw killer X the snake's regions, which measured
/// as fast as bands with fewer one-cell cages.
#[test]
#[ignore = "seconds per killer in debug: cargo test --release --test engine killer::big -- --include-ignored"]
fn generated_16x16_jigsaw_killers_are_unique_on_pairs_of_boxes() {
    for seed in [0, 3] {
        let k = generated(&sized(16), true, seed);
        let what = format!("16x16 jigsaw killer seed {seed}");
        check(&k, false, &what);
        check_regions(&k, &what, |c| (c / 16 / 4) * 2 + c % 16 / 8);
        assert_eq!(k, generated(&sized(16), true, seed), "{what} again");
    }
    let x = Rules {
        variants: vec![Variant::X],
        ..sized(16)
    };
    let k = generated(&x, true, 0);
    check(&k, false, "16x16 jigsaw killer X");
    check_regions(&k, "16x16 jigsaw killer X", |_| 0);
}
