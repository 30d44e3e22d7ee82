//! Random constraints that a known solution keeps: lines walked through the grid and kept when the
//! solution's values fit them, dots and letters where its neighbours qualify, sums read off it.

use sudoku_service::engine::shape::constraints::{KropkiColor, XvValue};
use sudoku_service::engine::shape::ConstraintRule;

/// A xorshift generator: the tests draw from fixed seeds.
pub struct Rng(pub u64);

impl Rng {
    pub fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }

    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            items.swap(i, self.below(i + 1));
        }
    }
}

/// The name of cell `i` on an `n` x `n` grid.
pub fn name(i: usize, n: usize) -> String {
    format!("{}{}", char::from(b'A' + (i / n) as u8), i % n + 1)
}

fn names(cells: &[usize], n: usize) -> Vec<String> {
    cells.iter().map(|&c| name(c, n)).collect()
}

/// The cells touching `cell`, orthogonally only or diagonally too.
fn around(cell: usize, n: usize, diagonal: bool) -> Vec<usize> {
    let (r, c) = ((cell / n) as i64, (cell % n) as i64);
    let mut out = Vec::new();
    for dr in -1..=1i64 {
        for dc in -1..=1i64 {
            let (r2, c2) = (r + dr, c + dc);
            let ok = (dr, dc) != (0, 0) && (diagonal || dr == 0 || dc == 0);
            if ok && (0..n as i64).contains(&r2) && (0..n as i64).contains(&c2) {
                out.push((r2 * n as i64 + c2) as usize);
            }
        }
    }
    out
}

/// A random line of `len` distinct touching cells, each step passing `step(prev, next)`.
fn walk(
    rng: &mut Rng,
    n: usize,
    len: usize,
    step: &dyn Fn(&[usize], usize) -> bool,
) -> Option<Vec<usize>> {
    let mut line = vec![rng.below(n * n)];
    while line.len() < len {
        let last = *line.last().unwrap();
        let next: Vec<usize> = around(last, n, true)
            .into_iter()
            .filter(|c| !line.contains(c) && step(&line, *c))
            .collect();
        if next.is_empty() {
            return None;
        }
        line.push(next[rng.below(next.len())]);
    }
    Some(line)
}

/// Up to `count` constraints of `kind` that `grid` keeps (fewer when tries run out).
pub fn constraints(kind: &str, grid: &[u8], rng: &mut Rng, count: usize) -> Vec<ConstraintRule> {
    let n = (grid.len() as f64).sqrt() as usize;
    let mut out = Vec::new();
    for _ in 0..200 {
        if out.len() == count {
            break;
        }
        if let Some(rule) = one(kind, grid, n, rng) {
            if !out.contains(&rule) {
                out.push(rule);
            }
        }
    }
    out
}

fn one(kind: &str, grid: &[u8], n: usize, rng: &mut Rng) -> Option<ConstraintRule> {
    let v = |c: usize| u32::from(grid[c]);
    let len = 2 + rng.below(n - 1);
    Some(match kind {
        "thermo" => {
            let line = walk(rng, n, len.min(4), &|l, c| v(*l.last().unwrap()) < v(c))?;
            ConstraintRule::Thermo {
                cells: names(&line, n),
            }
        }
        "arrow" => {
            let pill = n >= 6 && rng.below(3) == 0;
            let circle = if pill {
                let a = rng.below(n * n);
                let next = around(a, n, false);
                vec![a, next[rng.below(next.len())]]
            } else {
                vec![rng.below(n * n)]
            };
            let mut reading = circle.clone();
            reading.sort_unstable();
            let target = reading.iter().fold(0, |acc, &c| acc * 10 + v(c));
            let near: Vec<usize> = around(*circle.last().unwrap(), n, true)
                .into_iter()
                .filter(|c| !circle.contains(c))
                .collect();
            let start = near[rng.below(near.len())];
            let mut line = vec![start];
            while line.iter().map(|&c| v(c)).sum::<u32>() < target && line.len() < n {
                let last = *line.last().unwrap();
                let next: Vec<usize> = around(last, n, true)
                    .into_iter()
                    .filter(|c| !line.contains(c) && !circle.contains(c))
                    .collect();
                if next.is_empty() {
                    return None;
                }
                line.push(next[rng.below(next.len())]);
            }
            (line.iter().map(|&c| v(c)).sum::<u32>() == target).then_some(())?;
            ConstraintRule::Arrow {
                circle: names(&circle, n),
                cells: names(&line, n),
            }
        }
        "kropki" => {
            let (a, b) = pair(rng, n);
            let (x, y) = (v(a), v(b));
            let color = if x.abs_diff(y) == 1 && (rng.below(2) == 0 || (x != 2 * y && y != 2 * x)) {
                KropkiColor::White
            } else if x == 2 * y || y == 2 * x {
                KropkiColor::Black
            } else {
                return None;
            };
            ConstraintRule::Kropki {
                color,
                cells: names(&[a, b], n),
            }
        }
        "xv" => {
            let (a, b) = pair(rng, n);
            let value = match v(a) + v(b) {
                10 => XvValue::X,
                5 => XvValue::V,
                _ => return None,
            };
            ConstraintRule::Xv {
                value,
                cells: names(&[a, b], n),
            }
        }
        "little_killer" => {
            let start = rng.below(n);
            let right = rng.below(2) == 0;
            let line: Vec<usize> = (0..n)
                .map_while(|k| {
                    let c = if right {
                        (start + k) as i64
                    } else {
                        start as i64 - k as i64
                    };
                    (0..n as i64).contains(&c).then(|| k * n + c as usize)
                })
                // Part of a diagonal on small grids (the API takes one); a whole one from 9x9,
                // as published puzzles and f-puzzles draw them (the pencilmark check reads those).
                .skip(if n < 9 { rng.below(2) } else { 0 })
                .collect();
            (!line.is_empty()).then_some(())?;
            let sum = line.iter().map(|&c| v(c)).sum();
            ConstraintRule::LittleKiller {
                cells: names(&line, n),
                sum,
            }
        }
        "sandwich" => {
            let k = rng.below(n);
            let row = rng.below(2) == 0;
            let line: Vec<usize> = (0..n)
                .map(|j| if row { k * n + j } else { j * n + k })
                .collect();
            let ends: Vec<usize> = (0..n)
                .filter(|&j| v(line[j]) == 1 || v(line[j]) == n as u32)
                .collect();
            let sum = line[ends[0] + 1..ends[1]].iter().map(|&c| v(c)).sum();
            ConstraintRule::Sandwich {
                row: row.then(|| char::from(b'A' + k as u8).to_string()),
                column: (!row).then_some(k + 1),
                sum,
            }
        }
        "renban" => {
            let line = walk(rng, n, len.min(4), &|l, c| {
                let mut vals: Vec<u32> = l.iter().chain([&c]).map(|&x| v(x)).collect();
                vals.sort_unstable();
                vals.dedup();
                vals.len() == l.len() + 1 && vals[vals.len() - 1] - vals[0] <= (len - 1) as u32
            })?;
            let mut vals: Vec<u32> = line.iter().map(|&c| v(c)).collect();
            vals.sort_unstable();
            (vals[vals.len() - 1] - vals[0] == (line.len() - 1) as u32).then_some(())?;
            ConstraintRule::Renban {
                cells: names(&line, n),
            }
        }
        "whisper" => {
            let d = n.div_ceil(2) as u32;
            let line = walk(rng, n, len, &|l, c| {
                v(*l.last().unwrap()).abs_diff(v(c)) >= d
            })?;
            ConstraintRule::Whisper {
                cells: names(&line, n),
                difference: None,
            }
        }
        "palindrome" => {
            let len = 2 + rng.below(3);
            let line = walk(rng, n, len, &|_, _| true)?;
            (0..line.len())
                .all(|k| v(line[k]) == v(line[line.len() - 1 - k]))
                .then_some(())?;
            ConstraintRule::Palindrome {
                cells: names(&line, n),
            }
        }
        "odd" | "even" => {
            let odd = kind == "odd";
            let mut cells: Vec<usize> = (0..n * n).filter(|&c| (v(c) % 2 == 1) == odd).collect();
            rng.shuffle(&mut cells);
            cells.truncate(2 + rng.below(4));
            let cells = names(&cells, n);
            if odd {
                ConstraintRule::Odd { cells }
            } else {
                ConstraintRule::Even { cells }
            }
        }
        "extra_region" => {
            let cells: Vec<usize> = (1..=n as u32)
                .map(|value| {
                    let at: Vec<usize> = (0..n * n).filter(|&c| v(c) == value).collect();
                    at[rng.below(at.len())]
                })
                .collect();
            ConstraintRule::ExtraRegion {
                cells: names(&cells, n),
            }
        }
        other => panic!("no maker for {other}"),
    })
}

/// Two random orthogonal neighbours.
fn pair(rng: &mut Rng, n: usize) -> (usize, usize) {
    let a = rng.below(n * n);
    let next = around(a, n, false);
    (a, next[rng.below(next.len())])
}

/// Every dot (or letter) the negative rule requires: each orthogonal pair that qualifies.
pub fn all_marks(kind: &str, grid: &[u8]) -> Vec<ConstraintRule> {
    let n = (grid.len() as f64).sqrt() as usize;
    let mut out = Vec::new();
    for a in 0..n * n {
        for b in around(a, n, false).into_iter().filter(|&b| b > a) {
            let (x, y) = (u32::from(grid[a]), u32::from(grid[b]));
            let cells = names(&[a, b], n);
            match kind {
                "kropki" if x.abs_diff(y) == 1 => out.push(ConstraintRule::Kropki {
                    color: KropkiColor::White,
                    cells,
                }),
                "kropki" if x == 2 * y || y == 2 * x => out.push(ConstraintRule::Kropki {
                    color: KropkiColor::Black,
                    cells,
                }),
                "xv" if x + y == 10 || x + y == 5 => out.push(ConstraintRule::Xv {
                    value: if x + y == 10 { XvValue::X } else { XvValue::V },
                    cells,
                }),
                _ => {}
            }
        }
    }
    out
}
