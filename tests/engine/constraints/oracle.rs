//! An independent reading of the constraints (and of X and killer cages): every rule checked directly on the values from the
//! wire form (cell names parsed here, units rebuilt here), and a plain backtracking counter that
//! checks each rule once its cells are filled. It never reads the shape's tables or the engine's
//! propagators, so it can judge them.

use sudoku_service::engine::shape::constraints::{KropkiColor, Negative, XvValue};
use sudoku_service::engine::shape::{ConstraintRule, Rules, Variant};

/// One rule on some cells, checked once they are all filled.
#[derive(Clone, Debug)]
enum Check {
    Thermo(Vec<usize>),
    Arrow(Vec<usize>, Vec<usize>),
    Pair(usize, usize, fn(u32, u32) -> bool),
    Whisper(Vec<usize>, u32),
    Sum(Vec<usize>, u32),
    Sandwich(Vec<usize>, u32),
    Renban(Vec<usize>),
    Palindrome(Vec<usize>),
    Parity(Vec<usize>, bool),
}

/// The rules of a boxed grid, read from its description.
pub struct Oracle {
    n: usize,
    units_of: Vec<Vec<Vec<usize>>>,
    /// Cells that must differ though they share no unit (anti-knight, anti-king).
    apart: Vec<Vec<usize>>,
    checks: Vec<Check>,
    checks_of: Vec<Vec<usize>>,
}

fn cell(name: &str, n: usize) -> usize {
    let r = usize::from(name.as_bytes()[0] - b'A');
    let c: usize = name[1..].parse().unwrap();
    r * n + c - 1
}

fn cells(names: &[String], n: usize) -> Vec<usize> {
    names.iter().map(|s| cell(s, n)).collect()
}

fn orthogonal(n: usize) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    for i in 0..n * n {
        if i % n + 1 < n {
            out.push((i, i + 1));
        }
        if i / n + 1 < n {
            out.push((i, i + n));
        }
    }
    out
}

impl Oracle {
    /// The rules of `rules` on a grid with boxes of `br` x `bc`.
    pub fn new(rules: &Rules, (br, bc): (usize, usize)) -> Oracle {
        let n = rules.size.unwrap_or(9);
        let mut units: Vec<Vec<usize>> = Vec::new();
        for i in 0..n {
            units.push((0..n).map(|j| i * n + j).collect());
            units.push((0..n).map(|j| j * n + i).collect());
        }
        let boxes: Vec<Vec<usize>> = (0..n)
            .map(|b| {
                let (top, left) = ((b / (n / bc)) * br, (b % (n / bc)) * bc);
                (0..n).map(|k| (top + k / bc) * n + left + k % bc).collect()
            })
            .collect();
        units.extend(boxes.iter().cloned());
        let has = |v: Variant| rules.variants.contains(&v);
        if has(Variant::X) {
            units.push((0..n).map(|i| i * n + i).collect());
            units.push((0..n).map(|i| i * n + n - 1 - i).collect());
        }
        // A cage repeats no value: as a unit does, though it need not hold every value.
        units.extend(rules.cages.iter().map(|cage| cells(&cage.cells, n)));
        if has(Variant::DisjointGroups) {
            for k in 0..n {
                units.push(boxes.iter().map(|b| b[k]).collect());
            }
        }
        let mut apart = vec![Vec::new(); n * n];
        let mut steps: Vec<(i64, i64)> = Vec::new();
        if has(Variant::AntiKnight) {
            steps.extend([
                (1, 2),
                (2, 1),
                (-1, 2),
                (-2, 1),
                (1, -2),
                (2, -1),
                (-1, -2),
                (-2, -1),
            ]);
        }
        if has(Variant::AntiKing) {
            steps.extend([(1, 1), (1, -1), (-1, 1), (-1, -1)]);
        }
        for (i, others) in apart.iter_mut().enumerate() {
            let (r, c) = ((i / n) as i64, (i % n) as i64);
            for &(dr, dc) in &steps {
                let (r2, c2) = (r + dr, c + dc);
                if (0..n as i64).contains(&r2) && (0..n as i64).contains(&c2) {
                    others.push((r2 * n as i64 + c2) as usize);
                }
            }
        }
        let mut checks = Vec::new();
        let mut marked_kropki = Vec::new();
        let mut marked_xv = Vec::new();
        for cage in &rules.cages {
            checks.push(Check::Sum(cells(&cage.cells, n), cage.sum));
        }
        for rule in &rules.constraints {
            match rule {
                ConstraintRule::Thermo { cells: c } => checks.push(Check::Thermo(cells(c, n))),
                ConstraintRule::Arrow { circle, cells: c } => {
                    // A pill reads left to right or top to bottom, whatever its cells' order.
                    let mut circle = cells(circle, n);
                    circle.sort_unstable();
                    checks.push(Check::Arrow(circle, cells(c, n)))
                }
                ConstraintRule::Kropki { color, cells: c } => {
                    let (a, b) = (cell(&c[0], n), cell(&c[1], n));
                    marked_kropki.push((a.min(b), a.max(b)));
                    let f: fn(u32, u32) -> bool = match color {
                        KropkiColor::White => |a, b| a.abs_diff(b) == 1,
                        KropkiColor::Black => |a, b| a == 2 * b || b == 2 * a,
                    };
                    checks.push(Check::Pair(a, b, f));
                }
                ConstraintRule::Xv { value, cells: c } => {
                    let (a, b) = (cell(&c[0], n), cell(&c[1], n));
                    marked_xv.push((a.min(b), a.max(b)));
                    let f: fn(u32, u32) -> bool = match value {
                        XvValue::X => |a, b| a + b == 10,
                        XvValue::V => |a, b| a + b == 5,
                    };
                    checks.push(Check::Pair(a, b, f));
                }
                ConstraintRule::LittleKiller { cells: c, sum } => {
                    checks.push(Check::Sum(cells(c, n), *sum))
                }
                ConstraintRule::Sandwich { row, column, sum } => {
                    let line: Vec<usize> = match (row, column) {
                        (Some(r), None) => {
                            let r = usize::from(r.as_bytes()[0] - b'A');
                            (0..n).map(|c| r * n + c).collect()
                        }
                        (None, Some(c)) => (0..n).map(|r| r * n + c - 1).collect(),
                        _ => panic!("a sandwich names a row or a column"),
                    };
                    checks.push(Check::Sandwich(line, *sum));
                }
                ConstraintRule::Renban { cells: c } => checks.push(Check::Renban(cells(c, n))),
                ConstraintRule::Whisper {
                    cells: c,
                    difference,
                } => {
                    let d = difference.map_or(n.div_ceil(2) as u32, u32::from);
                    checks.push(Check::Whisper(cells(c, n), d));
                }
                ConstraintRule::Palindrome { cells: c } => {
                    checks.push(Check::Palindrome(cells(c, n)))
                }
                ConstraintRule::Odd { cells: c } => checks.push(Check::Parity(cells(c, n), true)),
                ConstraintRule::Even { cells: c } => checks.push(Check::Parity(cells(c, n), false)),
                ConstraintRule::ExtraRegion { cells: c } => units.push(cells(c, n)),
            }
        }
        for (a, b) in orthogonal(n) {
            if has(Variant::NonConsecutive) {
                checks.push(Check::Pair(a, b, |a, b| a.abs_diff(b) != 1));
            }
            if rules.negative.contains(&Negative::Kropki) && !marked_kropki.contains(&(a, b)) {
                checks.push(Check::Pair(a, b, |a, b| {
                    a.abs_diff(b) != 1 && a != 2 * b && b != 2 * a
                }));
            }
            if rules.negative.contains(&Negative::Xv) && !marked_xv.contains(&(a, b)) {
                checks.push(Check::Pair(a, b, |a, b| a + b != 10 && a + b != 5));
            }
        }
        let mut units_of = vec![Vec::new(); n * n];
        for unit in &units {
            for &c in unit {
                units_of[c].push(unit.clone());
            }
        }
        let mut checks_of = vec![Vec::new(); n * n];
        for (k, check) in checks.iter().enumerate() {
            for c in check.cells() {
                checks_of[c].push(k);
            }
        }
        Oracle {
            n,
            units_of,
            apart,
            checks,
            checks_of,
        }
    }

    /// Whether `v` may go in `cell` beside the placed values of its units and apart cells.
    fn legal(&self, grid: &[u8], cell: usize, v: u8) -> bool {
        self.units_of[cell]
            .iter()
            .all(|unit| unit.iter().all(|&c| c == cell || grid[c] != v))
            && self.apart[cell].iter().all(|&c| grid[c] != v)
    }

    /// Whether every rule reading `cell` whose cells are all filled holds.
    fn checks_hold(&self, grid: &[u8], cell: usize) -> bool {
        self.checks_of[cell].iter().all(|&k| {
            let check = &self.checks[k];
            check.cells().iter().any(|&c| grid[c] == 0) || check.holds(grid, self.n)
        })
    }

    /// Whether `grid` is complete and keeps every rule.
    pub fn solved(&self, grid: &[u8]) -> bool {
        (0..self.n * self.n)
            .all(|c| grid[c] != 0 && self.legal(grid, c, grid[c]) && self.checks_hold(grid, c))
    }

    /// Counts the completions of `puzzle` up to `limit`.
    pub fn count(&self, puzzle: &[u8], limit: usize) -> usize {
        let mut grid = puzzle.to_vec();
        let n = self.n;
        if (0..n * n).any(|c| {
            grid[c] != 0 && (!self.legal(&grid, c, grid[c]) || !self.checks_hold(&grid, c))
        }) {
            return 0;
        }
        let mut found = 0;
        self.search(&mut grid, limit, &mut found, &mut |_| {});
        found
    }

    /// A complete grid keeping every rule, values tried in the order `order` gives each cell.
    pub fn fill(&self, order: &mut dyn FnMut(usize) -> Vec<u8>) -> Option<Vec<u8>> {
        let mut grid = vec![0; self.n * self.n];
        let mut found = 0;
        let mut first = None;
        self.search_ordered(
            &mut grid,
            1,
            &mut found,
            &mut |g| first = Some(g.to_vec()),
            order,
        );
        first
    }

    fn search(
        &self,
        grid: &mut [u8],
        limit: usize,
        found: &mut usize,
        keep: &mut dyn FnMut(&[u8]),
    ) {
        let n = self.n as u8;
        self.search_ordered(grid, limit, found, keep, &mut |_| (1..=n).collect());
    }

    fn search_ordered(
        &self,
        grid: &mut [u8],
        limit: usize,
        found: &mut usize,
        keep: &mut dyn FnMut(&[u8]),
        order: &mut dyn FnMut(usize) -> Vec<u8>,
    ) {
        let n = self.n as u8;
        let best = (0..grid.len())
            .filter(|&c| grid[c] == 0)
            .min_by_key(|&c| (1..=n).filter(|&v| self.legal(grid, c, v)).count());
        let Some(cell) = best else {
            *found += 1;
            keep(grid);
            return;
        };
        for v in order(cell) {
            if self.legal(grid, cell, v) {
                grid[cell] = v;
                if self.checks_hold(grid, cell) {
                    self.search_ordered(grid, limit, found, keep, order);
                }
                grid[cell] = 0;
                if *found >= limit {
                    return;
                }
            }
        }
    }
}

impl Check {
    fn cells(&self) -> Vec<usize> {
        match self {
            Check::Pair(a, b, _) => vec![*a, *b],
            Check::Arrow(circle, arrow) => circle.iter().chain(arrow).copied().collect(),
            Check::Thermo(c)
            | Check::Whisper(c, _)
            | Check::Sum(c, _)
            | Check::Sandwich(c, _)
            | Check::Renban(c)
            | Check::Palindrome(c)
            | Check::Parity(c, _) => c.clone(),
        }
    }

    /// Whether the rule holds, all its cells filled.
    fn holds(&self, grid: &[u8], n: usize) -> bool {
        let v = |c: &usize| u32::from(grid[*c]);
        match self {
            Check::Thermo(c) => c.windows(2).all(|w| v(&w[0]) < v(&w[1])),
            Check::Arrow(circle, arrow) => {
                circle.iter().fold(0, |acc, c| acc * 10 + v(c)) == arrow.iter().map(v).sum::<u32>()
            }
            Check::Pair(a, b, f) => f(v(a), v(b)),
            Check::Whisper(c, d) => c.windows(2).all(|w| v(&w[0]).abs_diff(v(&w[1])) >= *d),
            Check::Sum(c, s) => c.iter().map(v).sum::<u32>() == *s,
            Check::Sandwich(line, s) => {
                let ends: Vec<usize> = (0..line.len())
                    .filter(|&k| v(&line[k]) == 1 || v(&line[k]) == n as u32)
                    .collect();
                ends.len() == 2 && line[ends[0] + 1..ends[1]].iter().map(v).sum::<u32>() == *s
            }
            Check::Renban(c) => {
                let mut values: Vec<u32> = c.iter().map(v).collect();
                values.sort_unstable();
                values.windows(2).all(|w| w[1] == w[0] + 1)
            }
            Check::Palindrome(c) => (0..c.len()).all(|k| v(&c[k]) == v(&c[c.len() - 1 - k])),
            Check::Parity(c, odd) => c.iter().all(|x| (v(x) % 2 == 1) == *odd),
        }
    }
}
