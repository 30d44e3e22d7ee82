//! Random puzzles from a seed: Norvig's `random_puzzle`, and unique, minimal puzzles.

use super::board::Board;
use super::candidates::assign;
use super::digit::{Digit, DigitSet};
use super::grid::Grid;
use super::rng::Rng;
use super::solver::Solver;
use super::square::Square;

/// Norvig's default number of filled squares, and the fewest a request may ask for (no puzzle with
/// fewer than 17 givens has a unique solution).
pub const DEFAULT_GIVENS: usize = 17;
/// The most givens a request may ask for: every square.
pub const MAX_GIVENS: usize = 81;

/// What to generate.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Request {
    /// At least this many givens (17-81).
    pub givens: usize,
    /// Exactly one solution and minimal (no given can be removed without losing uniqueness), unless
    /// `givens` asks for more than the minimal puzzle had.
    pub unique: bool,
    /// The seed; the same request always gives the same puzzle.
    pub seed: u64,
}

/// A generated puzzle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Generated {
    /// The puzzle.
    pub puzzle: Grid,
    /// Its solution, for unique puzzles.
    pub solution: Option<Grid>,
    /// Whether removing any given would allow a second solution.
    pub minimal: bool,
}

/// Generates the puzzle `request` describes.
pub fn generate(request: &Request) -> Generated {
    let mut rng = Rng::seeded(request.seed);
    if !request.unique {
        let puzzle = random_puzzle(&mut rng, request.givens);
        return Generated {
            puzzle,
            solution: None,
            minimal: false,
        };
    }
    let (mut puzzle, solution) = minimal_puzzle(&mut rng);
    let minimal = puzzle.givens() >= request.givens;
    add_givens(&mut rng, &mut puzzle, &solution, request.givens);
    Generated {
        puzzle,
        solution: Some(solution),
        minimal,
    }
}

/// Norvig's `random_puzzle(N)`: assign random candidates to shuffled squares, restarting on a
/// contradiction, until at least `n` squares are filled with at least 8 different digits. The puzzle
/// may have no solution or several.
pub fn random_puzzle(rng: &mut Rng, n: usize) -> Grid {
    loop {
        if let Some(grid) = try_random_puzzle(rng, n) {
            return grid;
        }
    }
}

fn try_random_puzzle(rng: &mut Rng, n: usize) -> Option<Grid> {
    let mut sets = [DigitSet::ALL; 81];
    let mut order: Vec<Square> = Square::all().collect();
    rng.shuffle(&mut order);
    for s in order {
        let choices: Vec<Digit> = sets[s.index()].iter().collect();
        let d = choices[rng.below(choices.len() as u64) as usize];
        assign(&mut sets, s, d)?;
        let filled: Vec<DigitSet> = sets.iter().copied().filter(|c| c.len() == 1).collect();
        let distinct = filled.iter().fold(0u16, |m, c| m | c.bits()).count_ones();
        if filled.len() >= n && distinct >= 8 {
            let mut grid = Grid::EMPTY;
            for s in Square::all() {
                grid.set(s, sets[s.index()].single_digit());
            }
            return Some(grid);
        }
    }
    None
}

/// A random complete grid, drawn from the seeded stream alone: the square with the fewest allowed
/// digits is filled next (the first such in row-major order), trying its digits in random order and
/// backtracking from dead ends. This is deliberately not the solver: the solver's search order may
/// change between releases for speed, and a seed must give the same puzzle in every release.
pub(crate) fn random_solution(rng: &mut Rng) -> Grid {
    let mut fill = Filling {
        values: [0; 81],
        used: [[0; 9]; 3],
    };
    assert!(fill.complete(rng), "an empty grid always has a completion");
    Grid::from_cells(&fill.values)
}

/// A grid being filled: its values and, per row, column and box, the digits used (bit `d - 1`).
struct Filling {
    values: [u8; 81],
    used: [[u16; 9]; 3],
}

impl Filling {
    fn allowed(&self, i: usize) -> u16 {
        let (r, c) = (i / 9, i % 9);
        !(self.used[0][r] | self.used[1][c] | self.used[2][r / 3 * 3 + c / 3]) & 0x1ff
    }

    fn toggle(&mut self, i: usize, d: u8) {
        let (r, c, bit) = (i / 9, i % 9, 1 << (d - 1));
        self.used[0][r] ^= bit;
        self.used[1][c] ^= bit;
        self.used[2][r / 3 * 3 + c / 3] ^= bit;
    }

    fn complete(&mut self, rng: &mut Rng) -> bool {
        let open = (0..81).filter(|&i| self.values[i] == 0);
        let Some(i) = open.min_by_key(|&i| self.allowed(i).count_ones()) else {
            return true;
        };
        let allowed = self.allowed(i);
        let mut digits: Vec<u8> = (1..=9).filter(|d| allowed >> (d - 1) & 1 == 1).collect();
        rng.shuffle(&mut digits);
        for d in digits {
            self.values[i] = d;
            self.toggle(i, d);
            if self.complete(rng) {
                return true;
            }
            self.toggle(i, d);
            self.values[i] = 0;
        }
        false
    }
}

/// A unique, minimal puzzle and its solution: from a random solution, remove givens in random order,
/// keeping each one whose removal would let another solution in.
fn minimal_puzzle(rng: &mut Rng) -> (Grid, Grid) {
    minimal_puzzle_unless(rng, || false).expect("never stopped")
}

/// [`minimal_puzzle`], giving up (`None`) as soon as `stop` says so; it is asked before each given is
/// tried, so a deadline or a cancellation is noticed within one uniqueness check.
pub(crate) fn minimal_puzzle_unless(
    rng: &mut Rng,
    stop: impl Fn() -> bool,
) -> Option<(Grid, Grid)> {
    let solution = random_solution(rng);
    let mut puzzle = solution;
    let mut order: Vec<Square> = Square::all().collect();
    rng.shuffle(&mut order);
    for s in order {
        if stop() {
            return None;
        }
        let digit = puzzle.get(s).expect("the puzzle starts full");
        puzzle.set(s, None);
        if has_other_solution(&puzzle, s, digit) {
            puzzle.set(s, Some(digit));
        }
    }
    Some((puzzle, solution))
}

/// Whether `puzzle` has a solution with something other than `digit` at `square`.
pub(crate) fn has_other_solution(puzzle: &Grid, square: Square, digit: Digit) -> bool {
    let mut board = Board::from_grid(puzzle);
    board.remove(digit.index(), square.index());
    Solver::new()
        .limit(1)
        .run(board)
        .is_ok_and(|out| !out.solutions.is_empty())
}

/// Puts back givens from `solution` at random blank squares until `puzzle` has at least `givens`.
pub(crate) fn add_givens(rng: &mut Rng, puzzle: &mut Grid, solution: &Grid, givens: usize) {
    let mut blanks: Vec<Square> = Square::all().filter(|&s| puzzle.get(s).is_none()).collect();
    rng.shuffle(&mut blanks);
    let missing = givens.saturating_sub(puzzle.givens());
    for s in blanks.into_iter().take(missing) {
        puzzle.set(s, solution.get(s));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::outcome::Verdict;

    #[test]
    fn norvig_puzzles_have_enough_givens_and_digits() {
        let mut rng = Rng::seeded(7);
        for n in [17, 25, 40, 81] {
            let g = random_puzzle(&mut rng, n);
            assert!(g.givens() >= n, "{n}: {g}");
            let digits: DigitSet = Square::all().filter_map(|s| g.get(s)).collect();
            assert!(digits.len() >= 8);
            assert!(g.conflicts().is_empty());
        }
    }

    #[test]
    fn unique_puzzles_are_unique_and_minimal() {
        for seed in 0..20 {
            let out = generate(&Request {
                givens: DEFAULT_GIVENS,
                unique: true,
                seed,
            });
            let solution = out.solution.unwrap();
            let verdict = Solver::new().solve(&out.puzzle).unwrap();
            assert_eq!(verdict.verdict, Verdict::Unique, "seed {seed}");
            assert_eq!(verdict.solutions[0], solution);
            assert!(out.minimal);
            for s in Square::all().filter(|&s| out.puzzle.get(s).is_some()) {
                let mut fewer = out.puzzle;
                fewer.set(s, None);
                let v = Solver::new().solve(&fewer).unwrap().verdict;
                assert_eq!(
                    v,
                    Verdict::Multiple,
                    "seed {seed}: removing {s} keeps it unique"
                );
            }
        }
    }

    #[test]
    fn asking_for_more_givens_than_minimal_adds_them_from_the_solution() {
        let out = generate(&Request {
            givens: 40,
            unique: true,
            seed: 3,
        });
        assert_eq!(out.puzzle.givens(), 40);
        assert!(!out.minimal);
        assert!(out.solution.unwrap().solves(&out.puzzle));
    }

    #[test]
    fn random_solutions_are_complete_valid_grids() {
        let mut rng = Rng::seeded(5);
        for _ in 0..50 {
            assert!(random_solution(&mut rng).solves(&Grid::EMPTY));
        }
    }

    #[test]
    fn the_same_seed_gives_the_same_puzzle() {
        for unique in [true, false] {
            let r = Request {
                givens: 17,
                unique,
                seed: 99,
            };
            assert_eq!(generate(&r), generate(&r));
        }
        let a = generate(&Request {
            givens: 17,
            unique: true,
            seed: 1,
        });
        let b = generate(&Request {
            givens: 17,
            unique: true,
            seed: 2,
        });
        assert_ne!(a.puzzle, b.puzzle);
    }
}
