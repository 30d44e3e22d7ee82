//! Property tests: a sudoku symmetry (digits relabelled, rows permuted within a band, bands permuted,
//! columns within a stack, stacks, transposition, several composed) maps solutions to solutions,
//! Norvig's candidates to candidates, and keeps the verdict.

use proptest::prelude::*;
use proptest::sample::select;

use sudoku_service::engine::{
    candidates, random_puzzle, Digit, DigitSet, Grid, Rng, Solver, Square, Verdict,
};

use crate::data::{all_puzzle_files, dataset_sample, grid, Puzzle, HARD1, IMPOSSIBLE};

/// One symmetry of the sudoku rules.
#[derive(Clone, Debug)]
struct Symmetry {
    /// `digits[d - 1]` is the new label of digit `d`.
    digits: Vec<u8>,
    /// `rows[r]` is where row `r` goes; only bands and rows within a band move.
    rows: [usize; 9],
    /// `cols[c]` is where column `c` goes; only stacks and columns within a stack move.
    cols: [usize; 9],
    /// Whether rows and columns then swap.
    transpose: bool,
}

impl Symmetry {
    fn square(&self, s: Square) -> Square {
        let (r, c) = (self.rows[s.row()], self.cols[s.col()]);
        let (r, c) = if self.transpose { (c, r) } else { (r, c) };
        Square::at(r, c).expect("permutations of 0..9 stay on the board")
    }

    fn digit(&self, d: Digit) -> Digit {
        Digit::new(self.digits[d.index()]).expect("a relabelling of 1..=9")
    }

    fn grid(&self, g: &Grid) -> Grid {
        let mut out = Grid::EMPTY;
        for s in Square::all() {
            out.set(self.square(s), g.get(s).map(|d| self.digit(d)));
        }
        out
    }

    /// Moves candidate sets given row-major.
    fn sets(&self, sets: &[DigitSet]) -> Vec<DigitSet> {
        let mut out = vec![DigitSet::EMPTY; 81];
        for s in Square::all() {
            out[self.square(s).index()] = sets[s.index()].iter().map(|d| self.digit(d)).collect();
        }
        out
    }
}

/// Applies several symmetries in turn.
fn compose<T>(symmetries: &[Symmetry], start: T, step: impl Fn(&Symmetry, &T) -> T) -> T {
    symmetries.iter().fold(start, |x, t| step(t, &x))
}

fn permutation(n: usize) -> impl Strategy<Value = Vec<usize>> {
    Just((0..n).collect::<Vec<_>>()).prop_shuffle()
}

/// Bands (or stacks) permuted, then lines permuted within each.
fn lines() -> impl Strategy<Value = [usize; 9]> {
    (permutation(3), prop::collection::vec(permutation(3), 3)).prop_map(|(bands, within)| {
        std::array::from_fn(|r| 3 * bands[r / 3] + within[r / 3][r % 3])
    })
}

fn symmetry() -> impl Strategy<Value = Symmetry> {
    let digits = Just((1..=9).collect::<Vec<u8>>()).prop_shuffle();
    (digits, lines(), lines(), any::<bool>()).prop_map(|(digits, rows, cols, transpose)| Symmetry {
        digits,
        rows,
        cols,
        transpose,
    })
}

fn symmetries() -> impl Strategy<Value = Vec<Symmetry>> {
    prop::collection::vec(symmetry(), 1..4)
}

fn grids(puzzles: Vec<Puzzle>) -> Vec<Grid> {
    puzzles.into_iter().map(|p| p.grid).collect()
}

/// Puzzles with one solution: all of `puzzles/` and a few from the large sets.
fn unique_puzzles() -> Vec<Grid> {
    let mut pool = grids(all_puzzle_files());
    for name in ["puzzles2_17_clue", "puzzles5_forum_hardest_1905_11+"] {
        pool.extend(grids(dataset_sample(name, 1000).unwrap_or_default()));
    }
    pool
}

/// A unique puzzle with a wrong candidate written into the first square that has one: no solution, but
/// only search can tell.
fn wrong_guess(puzzle: &Grid) -> Option<Grid> {
    let solution = Solver::new()
        .solve(puzzle)
        .ok()?
        .solutions
        .first()
        .copied()?;
    let sets = candidates(puzzle)?;
    let (square, digit) = Square::all().find_map(|s| {
        let wrong = sets.get(s).iter().find(|&d| Some(d) != solution.get(s))?;
        Some((s, wrong))
    })?;
    let mut wrong = *puzzle;
    wrong.set(square, Some(digit));
    Some(wrong)
}

/// Puzzles of every verdict: unique ones, `hard1`, Serg's multiple-solution puzzles, Norvig's random
/// puzzles (some with several solutions), wrong guesses and conflicting givens (no solution).
/// Norvig's impossible puzzle has a property of its own below.
fn mixed_puzzles() -> Vec<Grid> {
    let unique = unique_puzzles();
    let mut pool: Vec<Grid> = unique.iter().step_by(8).copied().collect();
    pool.push(grid(HARD1));
    pool.extend(grids(
        dataset_sample("puzzles7_serg_benchmark", 500).unwrap_or_default(),
    ));
    pool.extend((0..20).map(|seed| random_puzzle(&mut Rng::seeded(seed), 17)));
    pool.extend(unique.iter().skip(50).take(20).filter_map(wrong_guess));
    let mut conflicting = grid(HARD1);
    conflicting.set(Square::new(0).expect("A1"), Digit::new(3));
    pool.push(conflicting);
    pool
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn a_symmetry_maps_the_solution_to_the_solution(
        puzzle in select(unique_puzzles()),
        ts in symmetries(),
    ) {
        let solution = Solver::new().solve(&puzzle).expect("no deadline").solutions[0];
        let moved = compose(&ts, puzzle, Symmetry::grid);
        let out = Solver::new().solve(&moved).expect("no deadline");
        prop_assert_eq!(out.verdict, Verdict::Unique);
        prop_assert_eq!(out.solutions[0], compose(&ts, solution, Symmetry::grid));
        prop_assert!(out.solutions[0].solves(&moved));
    }

    #[test]
    fn a_symmetry_maps_candidates_to_candidates(
        puzzle in select(mixed_puzzles()),
        ts in symmetries(),
    ) {
        let moved = compose(&ts, puzzle, Symmetry::grid);
        let expected = candidates(&puzzle).map(|c| compose(&ts, c.sets().to_vec(), |t, sets| t.sets(sets)));
        prop_assert_eq!(candidates(&moved).map(|c| c.sets().to_vec()), expected);
    }

    #[test]
    fn a_symmetry_keeps_the_verdict(puzzle in select(mixed_puzzles()), ts in symmetries()) {
        let before = Solver::new().solve(&puzzle).expect("no deadline");
        let moved = compose(&ts, puzzle, Symmetry::grid);
        let after = Solver::new().solve(&moved).expect("no deadline");
        prop_assert_eq!(after.verdict, before.verdict);
        prop_assert_eq!(after.solutions.len(), before.solutions.len());
        prop_assert!(after.solutions.iter().all(|s| s.solves(&moved)));
    }

    #[test]
    fn a_symmetry_moves_every_square_somewhere_different(ts in symmetries()) {
        let mut seen: Vec<Square> = Square::all().map(|s| compose(&ts, s, |t, &s| t.square(s))).collect();
        seen.sort();
        seen.dedup();
        prop_assert_eq!(seen.len(), 81);
    }
}

proptest! {
    // Each case is a full proof of impossibility: few cases, but each in a random orientation, which
    // is what decides how large the search tree is.
    #![proptest_config(ProptestConfig::with_cases(12))]

    #[test]
    fn norvigs_impossible_puzzle_stays_impossible_under_any_symmetry(ts in symmetries()) {
        let moved = compose(&ts, grid(IMPOSSIBLE), Symmetry::grid);
        let out = Solver::new().solve(&moved).expect("no deadline");
        prop_assert_eq!(out.verdict, Verdict::None);
        prop_assert!(out.stats.nodes <= IMPOSSIBLE_NODE_BUDGET, "{:?}", out.stats);
    }
}

/// Nodes allowed to refute Norvig's impossible puzzle in any orientation. Locked triads refute it at
/// the root (one node); singles and locked candidates alone needed 50,000 to 4.6 million.
const IMPOSSIBLE_NODE_BUDGET: u64 = 8;

/// The lines in order, then `swap` applied: for a handful of fixed symmetries.
fn lines_with(swap: impl Fn(usize) -> usize) -> [usize; 9] {
    std::array::from_fn(swap)
}

#[test]
fn norvigs_impossible_puzzle_and_a_handful_of_its_forms_are_refuted_within_a_few_nodes() {
    let identity = |i| i;
    let forms = [
        // As printed in the essay.
        Symmetry {
            digits: (1..=9).collect(),
            rows: lines_with(identity),
            cols: lines_with(identity),
            transpose: false,
        },
        // Transposed: the column triad of the proof becomes a row triad.
        Symmetry {
            digits: (1..=9).collect(),
            rows: lines_with(identity),
            cols: lines_with(identity),
            transpose: true,
        },
        // Turned 180 degrees (bands, stacks and the lines within them reversed), digits reversed.
        Symmetry {
            digits: (1..=9).rev().collect(),
            rows: lines_with(|i| 8 - i),
            cols: lines_with(|i| 8 - i),
            transpose: false,
        },
        // Bands rotated, rows swapped within bands, stacks swapped, transposed, digits relabelled.
        Symmetry {
            digits: vec![4, 7, 1, 9, 2, 5, 8, 3, 6],
            rows: lines_with(|i| (3 * (i / 3) + 3) % 9 + (i + 1) % 3),
            cols: lines_with(|i| 3 * (2 - i / 3) + i % 3),
            transpose: true,
        },
        // Columns shuffled within each stack only.
        Symmetry {
            digits: (1..=9).collect(),
            rows: lines_with(identity),
            cols: lines_with(|i| 3 * (i / 3) + (i + 2) % 3),
            transpose: false,
        },
    ];
    for form in &forms {
        let moved = form.grid(&grid(IMPOSSIBLE));
        let out = Solver::new().solve(&moved).expect("no deadline");
        assert_eq!(out.verdict, Verdict::None, "{form:?}: {moved}");
        assert!(out.solutions.is_empty());
        assert!(
            out.stats.nodes <= IMPOSSIBLE_NODE_BUDGET,
            "{form:?}: {moved} took {:?}",
            out.stats
        );
    }
}

#[test]
fn the_mixed_pool_holds_every_verdict() {
    let verdicts: Vec<Verdict> = mixed_puzzles()
        .iter()
        .map(|p| Solver::new().solve(p).expect("no deadline").verdict)
        .collect();
    for v in [Verdict::Unique, Verdict::Multiple, Verdict::None] {
        assert!(verdicts.contains(&v), "no {v:?} puzzle in {verdicts:?}");
    }
}
