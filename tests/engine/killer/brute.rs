//! The independent side of the killer cross-checks: a brute-force counter written from the rules
//! alone (rows, columns, boxes, cage sums, no repeats in a cage), and random solutions and cages.

use sudoku_service::engine::general::ShapeSolver;
use sudoku_service::engine::shape::{CageRule, Cells, Rules, Shape};
use sudoku_service::engine::Verdict;

use super::name;

/// Whether `values` obey rows, columns, boxes (`br` x `bc`), and every cage, recomputed here.
pub(super) fn obeys(n: usize, (br, bc): (usize, usize), cages: &[CageRule], values: &[u8]) -> bool {
    let distinct = |cells: &mut dyn Iterator<Item = usize>| {
        let mut seen = 0u64;
        let cells: Vec<usize> = cells.collect();
        cells.into_iter().all(|c| {
            let bit = 1u64 << values[c];
            let fresh = seen & bit == 0;
            seen |= bit;
            fresh
        })
    };
    let lines = (0..n).all(|i| {
        distinct(&mut (0..n).map(|j| i * n + j))
            && distinct(&mut (0..n).map(|j| j * n + i))
            && distinct(&mut (0..n).map(|j| {
                let (top, left) = ((i / (n / bc)) * br, (i % (n / bc)) * bc);
                (top + j / bc) * n + left + j % bc
            }))
    });
    lines
        && cages.iter().all(|cage| {
            let cells: Vec<usize> = cage.cells.iter().map(|c| index(n, c)).collect();
            distinct(&mut cells.iter().copied())
                && cells.iter().map(|&c| u32::from(values[c])).sum::<u32>() == cage.sum
        })
}

pub(super) fn index(n: usize, name: &str) -> usize {
    let r = usize::from(name.as_bytes()[0] - b'A');
    r * n + name[1..].parse::<usize>().unwrap() - 1
}

/// Solutions of a boxed killer, counted up to `limit` by plain backtracking in row-major order.
pub(super) fn brute_count(
    n: usize,
    b: (usize, usize),
    cages: &[CageRule],
    givens: &[u8],
    limit: usize,
) -> usize {
    let mut cage_of = vec![usize::MAX; n * n];
    for (k, cage) in cages.iter().enumerate() {
        for c in &cage.cells {
            cage_of[index(n, c)] = k;
        }
    }
    let mut values = givens.to_vec();
    let mut found = 0;
    fill(n, b, cages, &cage_of, &mut values, 0, limit, &mut found);
    found
}

#[allow(clippy::too_many_arguments)]
pub(super) fn fill(
    n: usize,
    (br, bc): (usize, usize),
    cages: &[CageRule],
    cage_of: &[usize],
    values: &mut Vec<u8>,
    at: usize,
    limit: usize,
    found: &mut usize,
) {
    if *found >= limit {
        return;
    }
    if at == n * n {
        *found += 1;
        return;
    }
    let given = values[at];
    for v in 1..=n as u8 {
        if given != 0 && v != given {
            continue;
        }
        // Cells before `at` are filled; cells after it hold their given or 0.
        let (r, c) = (at / n, at % n);
        let clash = (0..n).any(|j| {
            let (top, left) = (r / br * br, c / bc * bc);
            let boxed = (top + j / bc) * n + left + j % bc;
            [r * n + j, j * n + c, boxed]
                .iter()
                .any(|&p| p != at && values[p] == v)
        });
        if clash {
            continue;
        }
        if let Some(cage) = cages.get(cage_of[at]) {
            let others: Vec<u8> = cage
                .cells
                .iter()
                .map(|x| index(n, x))
                .filter(|&p| p != at && values[p] != 0)
                .map(|p| values[p])
                .collect();
            if others.contains(&v) {
                continue;
            }
            let sum = others.iter().map(|&x| u32::from(x)).sum::<u32>() + u32::from(v);
            let complete = others.len() + 1 == cage.cells.len();
            if sum > cage.sum || (complete && sum != cage.sum) {
                continue;
            }
        }
        values[at] = v;
        fill(n, (br, bc), cages, cage_of, values, at + 1, limit, found);
        values[at] = given;
    }
}

/// A tiny xorshift, so the random killers here owe nothing to the engine's generator.
pub(super) struct Xs(pub(super) u64);
impl Xs {
    pub(super) fn next(&mut self, below: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % below as u64) as usize
    }
}

/// Random connected cages of distinct `solution` values (sizes 1 to 4) with the solution's sums.
pub(super) fn random_cages(n: usize, solution: &[u8], rng: &mut Xs) -> Vec<CageRule> {
    let mut owner = vec![usize::MAX; n * n];
    let mut cages = Vec::new();
    for start in 0..n * n {
        if owner[start] != usize::MAX {
            continue;
        }
        let id = cages.len();
        owner[start] = id;
        let mut cells = vec![start];
        let target = 1 + rng.next(4);
        while cells.len() < target {
            let options: Vec<usize> = cells
                .iter()
                .flat_map(|&c| {
                    let (r, k) = (c / n, c % n);
                    [
                        (r > 0).then(|| c - n),
                        (r + 1 < n).then(|| c + n),
                        (k > 0).then(|| c - 1),
                        (k + 1 < n).then(|| c + 1),
                    ]
                })
                .flatten()
                .filter(|&c| {
                    owner[c] == usize::MAX && cells.iter().all(|&m| solution[m] != solution[c])
                })
                .collect();
            if options.is_empty() {
                break;
            }
            let pick = options[rng.next(options.len())];
            owner[pick] = id;
            cells.push(pick);
        }
        cages.push(CageRule {
            sum: cells.iter().map(|&c| u32::from(solution[c])).sum(),
            cells: cells.iter().map(|&c| name(n, c)).collect(),
        });
    }
    cages
}

/// A valid grid of the boxed shape: the engine's first solution of the empty grid, relabelled.
pub(super) fn some_solution(n: usize, rng: &mut Xs) -> Vec<u8> {
    let shape = Shape::new(&Rules {
        size: Some(n),
        ..Rules::default()
    })
    .unwrap();
    let grid = ShapeSolver::new()
        .limit(1)
        .solve(&shape, &Cells::empty(n * n))
        .unwrap()
        .solutions
        .remove(0);
    let mut relabel: Vec<u8> = (1..=n as u8).collect();
    for i in (1..n).rev() {
        relabel.swap(i, rng.next(i + 1));
    }
    grid.values()
        .iter()
        .map(|&v| relabel[usize::from(v) - 1])
        .collect()
}

pub(super) fn verdict_of(count: usize) -> Verdict {
    match count {
        0 => Verdict::None,
        1 => Verdict::Unique,
        _ => Verdict::Multiple,
    }
}
