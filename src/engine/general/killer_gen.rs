//! Killer puzzles with no givens (or a few, when asked), seeded: a random solution, a random
//! partition of the grid into connected cages of distinct values (sizes drawn like published
//! killers: mostly 2 to 4 cells), then, while the cages admit a second solution, the cage of a cell
//! where the two solutions differ is merged with a neighbouring cage (or, when no merge keeps values
//! distinct, the partition is drawn again).
//!
//! Every search has a node budget and the randomness is the seed's alone, so a request always gives
//! the same puzzle on any machine; the deadline only stops the work (the caller answers 504).

use std::time::Instant;

use super::jigsaw::{labels, random_regions};
use super::propagate::initial;
use super::search::Solver;
use super::symmetry::Symmetry;
use super::tables::Tables;
use crate::engine::rng::Rng;
use crate::engine::shape::{CageRule, Cells, Regions, Rules, Shape, ShapeError};
use crate::engine::solver::Verdict;

/// What to generate.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct KillerRequest {
    /// The seed: the same request always gives the same puzzle.
    pub seed: u64,
    /// Givens to place besides the cages (0 for a classic killer).
    pub givens: usize,
    /// The pattern the givens are placed in.
    pub symmetry: Symmetry,
    /// Draw jigsaw regions (replacing the rules' boxes).
    pub jigsaw: bool,
    /// Give up (answering `None`) once this has passed.
    pub deadline: Option<Instant>,
}

/// A generated killer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Killer {
    /// The shape, cages (and drawn regions) included.
    pub shape: Shape,
    /// The givens (all blank unless some were asked for).
    pub puzzle: Cells,
    /// The unique solution.
    pub solution: Cells,
}

/// Partitions drawn before the search starts over from a fresh solution.
const PARTITIONS_PER_SOLUTION: usize = 4;
/// Merges tried on one partition before it is drawn again.
const MERGES_PER_PARTITION: usize = 60;

/// Nodes allowed to one uniqueness check: a check that runs out counts as "not proved unique".
fn check_budget(size: usize) -> u64 {
    match size {
        0..=9 => 20_000,
        10..=16 => 50_000,
        _ => 100_000,
    }
}

/// A unique killer on the shape `rules` describe (its own cages, if any, are replaced); `None`
/// when the deadline passed first.
pub fn generate_killer(
    rules: &Rules,
    request: &KillerRequest,
) -> Result<Option<Killer>, ShapeError> {
    let mut rng = Rng::seeded(request.seed);
    let base = Rules {
        cages: Vec::new(),
        ..rules.clone()
    };
    Shape::new(&base)?;
    loop {
        let Some((grid, solution)) = solved_grid(&base, request, &mut rng)? else {
            return Ok(None);
        };
        let puzzle = givens(&grid, &solution, request, &mut rng);
        for _ in 0..PARTITIONS_PER_SOLUTION {
            if past(request) {
                return Ok(None);
            }
            let mut cage_of = partition(&grid, &solution, &mut rng);
            if let Some(shape) = settle(&grid, &puzzle, &solution, &mut cage_of, request, &mut rng)
            {
                return Ok(Some(Killer {
                    shape,
                    puzzle,
                    solution,
                }));
            }
        }
    }
}

fn past(request: &KillerRequest) -> bool {
    request.deadline.is_some_and(|d| Instant::now() >= d)
}

/// A random complete grid on `base` (on fresh regions for jigsaw), with its shape.
fn solved_grid(
    base: &Rules,
    request: &KillerRequest,
    rng: &mut Rng,
) -> Result<Option<(Shape, Cells)>, ShapeError> {
    loop {
        if past(request) {
            return Ok(None);
        }
        let shape = if request.jigsaw {
            let size = Shape::new(base)?.size();
            Shape::new(&Rules {
                box_shape: None,
                regions: Some(Regions::Text(labels(&random_regions(size, rng)))),
                ..base.clone()
            })?
        } else {
            Shape::new(base)?
        };
        let n = shape.size();
        let tables = Tables::new(&shape);
        let empty = initial(&shape, &vec![0; n * n]);
        let out = Solver::new().limit(1).blind().within(
            &shape,
            &tables,
            empty,
            50 * (n * n) as u64,
            Some(rng),
        );
        if let Some(solution) = out.and_then(|o| o.solutions.into_iter().next()) {
            return Ok(Some((shape, solution)));
        }
    }
}

/// The asked-for givens of `solution`, orbit by orbit of the symmetry in a random order.
fn givens(shape: &Shape, solution: &Cells, request: &KillerRequest, rng: &mut Rng) -> Cells {
    let mut puzzle = Cells::empty(shape.cell_count());
    let mut orbits = request.symmetry.orbits(shape.size());
    rng.shuffle(&mut orbits);
    for orbit in orbits {
        if puzzle.givens() >= request.givens {
            break;
        }
        for &c in &orbit {
            puzzle.set(c, solution.get(c));
        }
    }
    puzzle
}

/// A cage size as published killers have them: mostly 2 to 4, a few 1, 5 or 6.
fn cage_size(rng: &mut Rng) -> usize {
    match rng.below(100) {
        0..=4 => 1,
        5..=34 => 2,
        35..=69 => 3,
        70..=89 => 4,
        90..=96 => 5,
        _ => 6,
    }
}

/// A random partition of the grid into connected cages whose `solution` values are distinct: each
/// cage id per cell.
fn partition(shape: &Shape, solution: &Cells, rng: &mut Rng) -> Vec<usize> {
    let cells = shape.cell_count();
    let n = shape.size();
    let mut cage_of = vec![usize::MAX; cells];
    let mut order: Vec<usize> = (0..cells).collect();
    rng.shuffle(&mut order);
    let mut next = 0;
    for &start in &order {
        if cage_of[start] != usize::MAX {
            continue;
        }
        let id = next;
        next += 1;
        cage_of[start] = id;
        let mut members = vec![start];
        let mut values = 1u32 << solution.get(start);
        let target = cage_size(rng).min(n);
        while members.len() < target {
            let mut frontier: Vec<usize> = members
                .iter()
                .flat_map(|&c| neighbours(c, n))
                .filter(|&c| cage_of[c] == usize::MAX && values & 1 << solution.get(c) == 0)
                .collect();
            frontier.sort_unstable();
            frontier.dedup();
            if frontier.is_empty() {
                break;
            }
            let pick = frontier[rng.below(frontier.len() as u64) as usize];
            cage_of[pick] = id;
            values |= 1 << solution.get(pick);
            members.push(pick);
        }
    }
    absorb_singles(n, solution, &mut cage_of, rng);
    cage_of
}

/// Growth that ran into taken cells leaves more one-cell cages than published killers have: each
/// joins the smallest neighbouring cage it keeps distinct, up to four cells, unless the draw kept it.
fn absorb_singles(n: usize, solution: &Cells, cage_of: &mut [usize], rng: &mut Rng) {
    let cells = cage_of.len();
    let members = |id: usize, cage_of: &[usize]| -> Vec<usize> {
        (0..cells).filter(|&c| cage_of[c] == id).collect()
    };
    for cell in 0..cells {
        let id = cage_of[cell];
        if members(id, cage_of).len() != 1 || rng.below(100) < 5 {
            continue;
        }
        let mut best: Option<(usize, usize)> = None;
        for next in neighbours(cell, n) {
            let other = members(cage_of[next], cage_of);
            let distinct = other.iter().all(|&c| solution.get(c) != solution.get(cell));
            if distinct && other.len() < 4 && best.is_none_or(|(size, _)| other.len() < size) {
                best = Some((other.len(), cage_of[next]));
            }
        }
        if let Some((_, target)) = best {
            cage_of[cell] = target;
        }
    }
}

/// Merges cages until the killer is unique; the shape, or `None` when no merge helps (or the
/// deadline passed).
fn settle(
    grid: &Shape,
    puzzle: &Cells,
    solution: &Cells,
    cage_of: &mut [usize],
    request: &KillerRequest,
    rng: &mut Rng,
) -> Option<Shape> {
    let n = grid.size();
    for _ in 0..MERGES_PER_PARTITION {
        if past(request) {
            return None;
        }
        let shape = Shape::new(&Rules {
            cages: cage_rules(grid, solution, cage_of),
            ..grid.rules().clone()
        })
        .expect("cages drawn on the grid are valid");
        let tables = Tables::new(&shape);
        let out = Solver::new().near(solution.values()).within(
            &shape,
            &tables,
            initial(&shape, puzzle.values()),
            check_budget(n),
            None,
        );
        // Out of budget: merge where the search had no proof either, at a random cell.
        let differs: Vec<usize> = match out {
            Some(o) if o.verdict == Verdict::Unique => return Some(shape),
            Some(o) if o.verdict == Verdict::Multiple => (0..grid.cell_count())
                .filter(|&c| o.solutions[0].get(c) != o.solutions[1].get(c))
                .collect(),
            Some(_) => return None,
            None => (0..grid.cell_count()).collect(),
        };
        if !merge(n, solution, cage_of, &differs, rng) {
            return None;
        }
    }
    None
}

/// Merges the cage of one of `differs` with a neighbouring cage whose values are distinct from its
/// own and whose size keeps the union small; `false` when none can be.
fn merge(
    n: usize,
    solution: &Cells,
    cage_of: &mut [usize],
    differs: &[usize],
    rng: &mut Rng,
) -> bool {
    let values = |id: usize, cage_of: &[usize]| {
        (0..cage_of.len())
            .filter(|&c| cage_of[c] == id)
            .fold((0u32, 0usize), |(m, k), c| {
                (m | 1 << solution.get(c), k + 1)
            })
    };
    let mut starts = differs.to_vec();
    rng.shuffle(&mut starts);
    for &cell in &starts {
        let id = cage_of[cell];
        let (mine, size) = values(id, cage_of);
        let mut others: Vec<usize> = (0..cage_of.len())
            .filter(|&c| cage_of[c] == id)
            .flat_map(|c| neighbours(c, n))
            .map(|c| cage_of[c])
            .filter(|&o| o != id)
            .collect();
        others.sort_unstable();
        others.dedup();
        rng.shuffle(&mut others);
        // Prefer the smallest union: published cages rarely pass six cells.
        others.sort_by_key(|&o| values(o, cage_of).1);
        for other in others {
            let (theirs, count) = values(other, cage_of);
            if mine & theirs == 0 && size + count <= n.min(7) {
                for c in cage_of.iter_mut().filter(|c| **c == other) {
                    *c = id;
                }
                return true;
            }
        }
    }
    false
}

/// The cages of a partition as rules: ordered by their first cell, cells in row-major order.
fn cage_rules(shape: &Shape, solution: &Cells, cage_of: &[usize]) -> Vec<CageRule> {
    let mut order: Vec<usize> = Vec::new();
    for &id in cage_of {
        if !order.contains(&id) {
            order.push(id);
        }
    }
    order
        .into_iter()
        .map(|id| {
            let cells: Vec<usize> = (0..cage_of.len()).filter(|&c| cage_of[c] == id).collect();
            CageRule {
                sum: cells.iter().map(|&c| u32::from(solution.get(c))).sum(),
                cells: cells.into_iter().map(|c| shape.cell_name(c)).collect(),
            }
        })
        .collect()
}

fn neighbours(cell: usize, n: usize) -> impl Iterator<Item = usize> {
    let (r, c) = (cell / n, cell % n);
    [
        (r > 0).then(|| cell - n),
        (r + 1 < n).then(|| cell + n),
        (c > 0).then(|| cell - 1),
        (c + 1 < n).then(|| cell + 1),
    ]
    .into_iter()
    .flatten()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn request(seed: u64) -> KillerRequest {
        KillerRequest {
            seed,
            givens: 0,
            symmetry: Symmetry::None,
            jigsaw: false,
            deadline: None,
        }
    }

    #[test]
    fn a_seed_gives_one_unique_killer_with_no_givens() {
        let rules = Rules::default();
        let a = generate_killer(&rules, &request(7)).unwrap().unwrap();
        let b = generate_killer(&rules, &request(7)).unwrap().unwrap();
        assert_eq!(a, b);
        assert_eq!(a.puzzle.givens(), 0);
        assert!(a.solution.solves(&a.shape, &a.puzzle));
        let out = Solver::new().solve(&a.shape, &a.puzzle).unwrap();
        assert_eq!(out.verdict, Verdict::Unique);
        assert_eq!(out.solutions[0], a.solution);
    }
}
