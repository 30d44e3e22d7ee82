//! Jigsaw X from 10x10 to 16x16: every seed's puzzle is unique and minimal, on drawn regions that
//! are N connected regions of N cells, with a solution whose rows, columns, regions and both long
//! diagonals hold distinct symbols, all checked here from the rules' labels rather than from the
//! shape's own tables.
//!
//! Opt-in (20 s in a release build, far more in a debug one):
//! `cargo test --release --test engine jigsaw_x -- --ignored`.

use sudoku_service::engine::general::{
    self, jigsaw_template, GeneratedShape, ShapeRequest, Symmetry,
};
use sudoku_service::engine::shape::{Cells, Regions, Rules, Variant};
use sudoku_service::engine::Interrupt;
use sudoku_service::engine::Verdict;

fn generated(size: usize, seed: u64) -> GeneratedShape {
    let rules = jigsaw_template(&Rules {
        size: Some(size),
        variants: vec![Variant::X],
        ..Rules::default()
    });
    let request = ShapeRequest {
        symmetry: Symmetry::None,
        jigsaw: true,
        seed,
        interrupt: Interrupt::NEVER,
    };
    general::generate(&rules, &request)
        .unwrap_or_else(|e| panic!("{size}x{size} seed {seed}: {e}"))
        .expect("no deadline")
}

/// The drawn regions' labels, one per cell.
fn labels(g: &GeneratedShape) -> Vec<char> {
    match &g.shape.rules().regions {
        Some(Regions::Text(text)) => text.chars().collect(),
        other => panic!("jigsaw regions expected, got {other:?}"),
    }
}

/// Every cell of each label's region reaches every other edge to edge, and each has N cells.
fn assert_regions(size: usize, labels: &[char], what: &str) {
    assert_eq!(labels.len(), size * size, "{what}");
    let mut distinct = labels.to_vec();
    distinct.sort_unstable();
    distinct.dedup();
    assert_eq!(distinct.len(), size, "{what}: {distinct:?}");
    for label in distinct {
        let cells: Vec<usize> = (0..size * size).filter(|&c| labels[c] == label).collect();
        assert_eq!(cells.len(), size, "{what}: region {label}");
        let mut reached = vec![cells[0]];
        let mut i = 0;
        while i < reached.len() {
            let c = reached[i];
            let (r, col) = (c / size, c % size);
            let near = [
                (r > 0).then(|| c - size),
                (r + 1 < size).then(|| c + size),
                (col > 0).then(|| c - 1),
                (col + 1 < size).then(|| c + 1),
            ];
            for n in near.into_iter().flatten() {
                if labels[n] == label && !reached.contains(&n) {
                    reached.push(n);
                }
            }
            i += 1;
        }
        assert_eq!(
            reached.len(),
            size,
            "{what}: region {label} is not connected"
        );
    }
}

/// Rows, columns, both long diagonals and every region of `solution` hold N distinct symbols, and
/// it keeps the puzzle's givens.
fn assert_solution(size: usize, labels: &[char], puzzle: &Cells, solution: &Cells, what: &str) {
    let mut units: Vec<Vec<usize>> = Vec::new();
    for i in 0..size {
        units.push((0..size).map(|j| i * size + j).collect());
        units.push((0..size).map(|j| j * size + i).collect());
    }
    units.push((0..size).map(|i| i * size + i).collect());
    units.push((0..size).map(|i| i * size + size - 1 - i).collect());
    for label in labels
        .iter()
        .copied()
        .collect::<std::collections::BTreeSet<_>>()
    {
        units.push((0..size * size).filter(|&c| labels[c] == label).collect());
    }
    for unit in &units {
        let mut values: Vec<u8> = unit.iter().map(|&c| solution.get(c)).collect();
        values.sort_unstable();
        assert_eq!(
            values,
            (1..=size as u8).collect::<Vec<_>>(),
            "{what}: unit {unit:?}"
        );
    }
    for c in 0..size * size {
        let given = puzzle.get(c);
        assert!(given == 0 || given == solution.get(c), "{what}: cell {c}");
    }
}

#[test]
#[ignore = "20 s in a release build: cargo test --release --test engine jigsaw_x -- --ignored"]
fn jigsaw_x_from_ten_to_sixteen_is_unique_and_minimal_on_connected_regions() {
    for size in 10..=16 {
        for seed in 0..5 {
            let what = format!("{size}x{size} jigsaw X seed {seed}");
            let g = generated(size, seed);
            let labels = labels(&g);
            assert_regions(size, &labels, &what);
            assert_solution(size, &labels, &g.puzzle, &g.solution, &what);
            // The solver counts to two: exactly one solution, the generator's.
            let out = general::ShapeSolver::new()
                .solve(&g.shape, &g.puzzle)
                .unwrap();
            assert_eq!(out.verdict, Verdict::Unique, "{what}");
            assert_eq!(out.solutions, vec![g.solution.clone()], "{what}");
            assert!(g.minimal, "{what}: not minimal");
            if seed == 0 {
                assert_exactly_minimal(&g, &what);
            }
        }
    }
}

/// Every given's removal, searched without a budget, leaves a second solution.
fn assert_exactly_minimal(g: &GeneratedShape, what: &str) {
    for c in (0..g.shape.cell_count()).filter(|&c| g.puzzle.get(c) != 0) {
        let mut fewer = g.puzzle.clone();
        fewer.set(c, 0);
        let out = general::ShapeSolver::new().solve(&g.shape, &fewer).unwrap();
        assert_eq!(
            out.verdict,
            Verdict::Multiple,
            "{what}: given {c} removable"
        );
    }
}
