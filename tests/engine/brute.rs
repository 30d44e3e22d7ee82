//! An independent solution counter for the generator's tests: it builds its own units from the
//! rules (it never reads the shape's tables) and backtracks without propagation, so it shares no
//! code with the general solver whose verdicts it checks. Fast enough for grids up to 9x9.

use sudoku_service::engine::shape::{Regions, Rules, Shape, Variant};

use crate::shapes::expected_units;

/// An independent solution counter: units rebuilt from the rules (not read from the shape), plain
/// backtracking on the blank cell with the fewest legal values, no propagation. Counts up to `limit`.
pub struct BruteForce {
    size: usize,
    unit_count: usize,
    /// The units (indices into the counter's own list) of each cell.
    units_of: Vec<Vec<usize>>,
}

impl BruteForce {
    pub fn new(rules: &Rules, shape: &Shape) -> BruteForce {
        let size = shape.size();
        let units: Vec<Vec<usize>> = match &rules.regions {
            None => expected_units(size, shape.box_shape().unwrap(), &rules.variants)
                .into_iter()
                .collect(),
            Some(Regions::Text(text)) => {
                let labels: Vec<char> = text.chars().filter(|c| !c.is_whitespace()).collect();
                let mut units: Vec<Vec<usize>> = Vec::new();
                for i in 0..size {
                    units.push((0..size).map(|j| i * size + j).collect());
                    units.push((0..size).map(|j| j * size + i).collect());
                }
                if rules.variants.contains(&Variant::X) {
                    units.push((0..size).map(|i| i * size + i).collect());
                    units.push((0..size).map(|i| i * size + size - 1 - i).collect());
                }
                let mut distinct = labels.clone();
                distinct.sort_unstable();
                distinct.dedup();
                for l in distinct {
                    units.push((0..size * size).filter(|&i| labels[i] == l).collect());
                }
                units
            }
            Some(Regions::Labels(_)) => unreachable!("generated regions are text"),
        };
        let mut units_of = vec![Vec::new(); size * size];
        for (u, unit) in units.iter().enumerate() {
            for &c in unit {
                units_of[c].push(u);
            }
        }
        BruteForce {
            size,
            unit_count: units.len(),
            units_of,
        }
    }

    pub fn count(&self, puzzle: &[u8], limit: usize) -> usize {
        let mut grid = puzzle.to_vec();
        // Each unit's values so far, one bit per value.
        let mut used = vec![0u32; self.unit_count];
        for (cell, &v) in grid.iter().enumerate() {
            if v != 0 {
                for &u in &self.units_of[cell] {
                    if used[u] & (1 << v) != 0 {
                        return 0;
                    }
                    used[u] |= 1 << v;
                }
            }
        }
        let mut found = 0;
        self.search(&mut grid, &mut used, limit, &mut found);
        found
    }

    fn legal(&self, used: &[u32], cell: usize) -> u32 {
        let taken = self.units_of[cell].iter().fold(0, |acc, &u| acc | used[u]);
        !taken & (((1u32 << self.size) - 1) << 1)
    }

    fn search(&self, grid: &mut [u8], used: &mut [u32], limit: usize, found: &mut usize) {
        let blank = (0..grid.len())
            .filter(|&c| grid[c] == 0)
            .map(|c| (self.legal(used, c), c))
            .min_by_key(|(values, _)| values.count_ones());
        let Some((values, cell)) = blank else {
            *found += 1;
            return;
        };
        for v in (1..=self.size as u8).filter(|v| values & (1 << v) != 0) {
            grid[cell] = v;
            for &u in &self.units_of[cell] {
                used[u] |= 1 << v;
            }
            self.search(grid, used, limit, found);
            for &u in &self.units_of[cell] {
                used[u] &= !(1 << v);
            }
            grid[cell] = 0;
            if *found >= limit {
                return;
            }
        }
    }
}
