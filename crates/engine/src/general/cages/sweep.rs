//! The rule of 45's groups of units and runs of lines, worked out in a sweep instead of group by
//! group: what every solve's tables and every check of a grown killer need.
//!
//! A grown 16x16 killer is checked about a thousand times, each time with one more cell joined to
//! a cage, and every check needs the groups of every unit and every run of adjacent rows or columns
//! (286 of them, [`rule45::groups`]). Building each group from its cells, looking up which cages
//! it holds, took a fifth of the generation's time, and a million instructions of every 9x9 solve.
//! Here the runs starting at one row (or column) are swept together: the run of rows `a..=b + 1`
//! is the run `a..=b` and one row more, so each cage's count of cells inside the run, and with it
//! the sums of the cages inside and reaching in, is updated a row at a time. Cell lists are only
//! written for the groups that have a few innies or outies. The groups are those of
//! [`rule45::groups`], in the same order (a test holds them equal), so the checks and thus the
//! seeds' killers are unchanged.
//!
//! [`rule45::groups`]: super::rule45::groups

use super::rule45::Rule45Group;
use crate::shape::{Shape, UnitKind};

/// The rows and columns of the grid as unit indices, found once per grid.
pub(crate) struct LineUnits {
    rows: Vec<usize>,
    columns: Vec<usize>,
}

impl LineUnits {
    /// The rows and columns of `grid`.
    pub(crate) fn of(grid: &Shape) -> LineUnits {
        let n = grid.size();
        let (mut rows, mut columns) = (vec![0; n], vec![0; n]);
        for u in 0..grid.unit_count() {
            match grid.unit_kind(u) {
                UnitKind::Row(r) => rows[usize::from(r)] = u,
                UnitKind::Column(c) => columns[usize::from(c)] = u,
                _ => {}
            }
        }
        LineUnits { rows, columns }
    }

    /// What `rule45::groups(shape, &shape.cage_of(), max_cells)` answers, for the killer `shape`
    /// on this grid.
    pub(crate) fn groups(&self, shape: &Shape, max_cells: usize) -> Vec<Rule45Group> {
        let n = shape.size();
        let mut sweep = Sweep::new(shape, max_cells);
        let mut out: Vec<Rule45Group> = Vec::new();
        for u in 0..shape.unit_count() {
            sweep.clear();
            sweep.add(shape.unit(u).iter().map(|&c| usize::from(c)));
            out.extend(sweep.group(vec![u]));
        }
        // Runs as rule45 lists them: by length, then first line, a run of rows before one of
        // columns. The sweep gives them by first line, then length.
        let mut runs: Vec<Option<Rule45Group>> = Vec::new();
        runs.resize_with(2 * n * n, || None);
        let slot =
            |first: usize, len: usize, columns: bool| (len * n + first) * 2 + columns as usize;
        for columns in [false, true] {
            let lines = if columns { &self.columns } else { &self.rows };
            for first in 0..n {
                sweep.clear();
                for last in first..n {
                    let line = |i| if columns { i * n + last } else { last * n + i };
                    sweep.add((0..n).map(line));
                    let len = last - first + 1;
                    if (2..n).contains(&len) {
                        let units = lines[first..=last].to_vec();
                        runs[slot(first, len, columns)] = sweep.group(units);
                    }
                }
            }
        }
        for len in 2..n {
            for first in 0..=n - len {
                for columns in [false, true] {
                    out.extend(runs[slot(first, len, columns)].take());
                }
            }
        }
        out
    }
}

/// A group's cages being counted as its cells are added.
struct Sweep<'a> {
    shape: &'a Shape,
    cage_of: Vec<Option<usize>>,
    max_cells: usize,
    /// Per cage, how many of its cells the group holds.
    held: Vec<usize>,
    /// The cages reaching into the group.
    covering: Vec<usize>,
    /// The group's cells, by cell.
    member: Vec<bool>,
    /// The group's cells, in the order added.
    cells: Vec<usize>,
    uncaged: usize,
    covering_sum: u32,
    covering_cells: usize,
    inside: usize,
    inside_sum: u32,
    inside_cells: usize,
}

impl<'a> Sweep<'a> {
    fn new(shape: &'a Shape, max_cells: usize) -> Sweep<'a> {
        Sweep {
            shape,
            cage_of: shape.cage_of(),
            max_cells,
            held: vec![0; shape.cages().len()],
            covering: Vec::new(),
            member: vec![false; shape.cell_count()],
            cells: Vec::new(),
            uncaged: 0,
            covering_sum: 0,
            covering_cells: 0,
            inside: 0,
            inside_sum: 0,
            inside_cells: 0,
        }
    }

    /// Back to the empty group.
    fn clear(&mut self) {
        for k in self.covering.drain(..) {
            self.held[k] = 0;
        }
        for c in self.cells.drain(..) {
            self.member[c] = false;
        }
        self.uncaged = 0;
        self.covering_sum = 0;
        self.covering_cells = 0;
        self.inside = 0;
        self.inside_sum = 0;
        self.inside_cells = 0;
    }

    /// The group grown by `cells` (none of them in it yet).
    fn add(&mut self, cells: impl Iterator<Item = usize>) {
        let cages = self.shape.cages();
        for c in cells {
            self.member[c] = true;
            self.cells.push(c);
            let Some(k) = self.cage_of[c] else {
                self.uncaged += 1;
                continue;
            };
            let size = cages[k].cells.len();
            if self.held[k] == 0 {
                self.covering.push(k);
                self.covering_sum += cages[k].sum;
                self.covering_cells += size;
            }
            self.held[k] += 1;
            if self.held[k] == size {
                self.inside += 1;
                self.inside_sum += cages[k].sum;
                self.inside_cells += size;
            }
        }
    }

    /// The group of `units` (whose cells this sweep holds), if it has a few innies or outies: as
    /// `rule45`'s `group_of` decides.
    fn group(&self, units: Vec<usize>) -> Option<Rule45Group> {
        let n = self.shape.size() as u32;
        let total = units.len() as u32 * n * (n + 1) / 2;
        let few = |count: usize| (1..=self.max_cells).contains(&count);
        let innie_count = self.cells.len() - self.inside_cells;
        let innies = (self.inside > 0 && few(innie_count) && self.inside_sum < total).then(|| {
            let is_innie = |c: &&usize| {
                self.cage_of[**c].is_none_or(|k| self.held[k] < self.shape.cages()[k].cells.len())
            };
            let mut innies: Vec<usize> = self.cells.iter().filter(is_innie).copied().collect();
            innies.sort_unstable();
            innies
        });
        let outie_count = self.covering_cells - (self.cells.len() - self.uncaged);
        let outies =
            (self.uncaged == 0 && self.covering_sum > total && few(outie_count)).then(|| {
                let mut outies: Vec<usize> = (self.covering.iter())
                    .flat_map(|&k| self.shape.cages()[k].cells.iter().map(|&d| usize::from(d)))
                    .filter(|&d| !self.member[d])
                    .collect();
                outies.sort_unstable();
                outies
            });
        (innies.is_some() || outies.is_some()).then(|| Rule45Group {
            units,
            name: String::new(),
            total,
            inside_sum: self.inside_sum,
            innies,
            covering_sum: self.covering_sum,
            outies,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::super::rule45;
    use super::*;
    use crate::shape::{sum_range, CageRule, Regions, Rules, Variant};

    /// Every field of a group, for comparing lists of them.
    fn fields(groups: &[Rule45Group]) -> Vec<String> {
        groups
            .iter()
            .map(|g| {
                format!(
                    "{:?} {} {} {:?} {} {:?}",
                    g.units, g.total, g.inside_sum, g.innies, g.covering_sum, g.outies
                )
            })
            .collect()
    }

    /// Cages grown from random cells of an `n`x`n` grid, each up to `most` cells joined edge to
    /// edge, with the least sum their size allows (the groups do not ask whether a solution
    /// exists); every `skip`-th cell is left out of every cage.
    fn random_cages(n: usize, most: usize, skip: usize, seed: u64) -> Vec<CageRule> {
        let mut draw =
            super::super::xorshift::below_from(seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1);
        let mut next = |below: usize| draw(below as u64) as usize;
        let name = |c: usize| format!("{}{}", char::from(b'A' + (c / n) as u8), c % n + 1);
        let mut taken: Vec<bool> = (0..n * n).map(|c| skip > 0 && c % skip == 0).collect();
        let mut cages = Vec::new();
        for start in 0..n * n {
            if taken[start] {
                continue;
            }
            taken[start] = true;
            let mut cells = vec![start];
            let size = 1 + next(most);
            while cells.len() < size {
                let c = cells[next(cells.len())];
                let (r, col) = (c / n, c % n);
                let d = match next(4) {
                    0 if r > 0 => c - n,
                    1 if r + 1 < n => c + n,
                    2 if col > 0 => c - 1,
                    3 if col + 1 < n => c + 1,
                    _ => continue,
                };
                if taken[d] {
                    if next(8) == 0 {
                        break;
                    }
                    continue;
                }
                taken[d] = true;
                cells.push(d);
            }
            let sum = sum_range(n, cells.len()).0;
            cages.push(CageRule {
                sum,
                cells: cells.into_iter().map(name).collect(),
            });
        }
        cages
    }

    /// On random cages of grids of every kind (boxes, X, jigsaw regions), covering the grid or
    /// only part of it, the sweep answers exactly rule45's groups, in the same order, for every
    /// bound on innies and outies.
    #[test]
    fn the_sweep_gives_rule45s_groups() {
        // Jigsaw regions: on 9x9 the boxes with two cells swapped between the first two, on 12x12
        // halves of bands of two rows.
        let regions = |n: usize| -> String {
            (0..n * n)
                .map(|c| {
                    let (r, col) = (c / n, c % n);
                    let region = match (n, r, col) {
                        (9, 2, 2) => 1,
                        (9, 0, 3) => 0,
                        (9, ..) => r / 3 * 3 + col / 3,
                        _ => r / 2 * 2 + col / (n / 2),
                    };
                    char::from(b'A' + region as u8)
                })
                .collect()
        };
        let mut compared = 0;
        for (size, variants, jigsaw) in [
            (6, vec![], false),
            (9, vec![], false),
            (9, vec![], true),
            (9, vec![Variant::X], false),
            (12, vec![Variant::X], true),
            (16, vec![], false),
        ] {
            for seed in 0..4 {
                for (most, skip) in [(4, 0), (6, 0), (3, 7), (1, 0)] {
                    let rules = Rules {
                        size: Some(size),
                        variants: variants.clone(),
                        regions: jigsaw.then(|| Regions::Text(regions(size))),
                        cages: random_cages(size, most, skip, seed),
                        ..Rules::default()
                    };
                    let shape = Shape::new(&rules).unwrap();
                    let lines = LineUnits::of(&shape);
                    for max_cells in [1, 3, size - 1, size + 4] {
                        let expected = rule45::groups(&shape, &shape.cage_of(), max_cells);
                        let got = lines.groups(&shape, max_cells);
                        let what =
                            format!("{size}x{size} {variants:?} jigsaw {jigsaw} seed {seed}");
                        assert_eq!(fields(&got), fields(&expected), "{what} max {max_cells}");
                        compared += expected.len();
                    }
                }
            }
        }
        assert!(compared > 1000, "{compared} groups compared");
    }
}
