//! Random equivalent forms of a classic grid, for measuring how much a solve depends on how a puzzle
//! is written (`benches/solve.rs`, `examples/orientation_spread.rs`): the same `rng` gives the same
//! forms in both, so their figures speak of the same puzzles.
//!
//! Each includes this file with `#[path]`.

use sudoku_service::engine::{Grid, Rng};

/// `grid` with its digits relabelled, bands, stacks, rows within bands and columns within stacks
/// shuffled, and transposed or not, all drawn from `rng`.
pub fn random_form(rng: &mut Rng, grid: &Grid) -> Grid {
    let mut digits: [u8; 9] = std::array::from_fn(|d| d as u8 + 1);
    rng.shuffle(&mut digits);
    let (rows, cols) = (shuffled_lines(rng), shuffled_lines(rng));
    let transpose = rng.below(2) == 1;
    let mut out = [None; 81];
    for (i, &v) in grid.values().iter().enumerate() {
        let (r, c) = (rows[i / 9], cols[i % 9]);
        let (r, c) = if transpose { (c, r) } else { (r, c) };
        out[r * 9 + c] = (v != 0).then(|| i64::from(digits[usize::from(v) - 1]));
    }
    Grid::from_flat(&out).expect("a relabelled grid is still 81 digits")
}

/// A permutation of nine lines that keeps bands (or stacks) together: bands shuffled, lines within.
fn shuffled_lines(rng: &mut Rng) -> [usize; 9] {
    let mut bands = [0, 1, 2];
    rng.shuffle(&mut bands);
    let mut lines = [0; 9];
    for (b, &to) in bands.iter().enumerate() {
        let mut within = [0, 1, 2];
        rng.shuffle(&mut within);
        for (r, &w) in within.iter().enumerate() {
            lines[3 * b + r] = 3 * to + w;
        }
    }
    lines
}
