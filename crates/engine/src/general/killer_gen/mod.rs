//! Killer puzzles with no givens (or a few, when asked), seeded: a random solution, a random
//! partition of the grid into connected cages of distinct values (sizes drawn like published
//! killers: mostly 2 to 4 cells, in `partition`), then cages made unique: up to 9x9 by merging the
//! cages where a second solution differs (`settle`), on larger grids, where such killers are rarely
//! provable in a bounded search, by growing the drawn cages from one-cell cages while the killer
//! stays provably unique (`grow`).
//!
//! Every search has a node budget and the randomness is the seed's alone, so a request always gives
//! the same puzzle on any machine; the deadline only stops the work (the caller answers 504).

mod checks;
mod grow;
mod partition;
mod settle;

use super::generate::{random_fill, Filled};
use super::jigsaw::{generation_regions, labels, random_regions};
use super::symmetry::Symmetry;
use super::tables::Tables;
use crate::interrupt::Interrupt;
use crate::rng::Rng;
use crate::shape::{Cells, Regions, Rules, Shape, ShapeError, Variant};
use checks::{check, check_joined, killer_shape, GrownGrid};
use grow::grow;
use partition::partition;
use settle::settle;

/// What to generate.
#[derive(Clone, Copy, Debug)]
pub struct KillerRequest<'a> {
    /// The seed: the same request always gives the same puzzle.
    pub seed: u64,
    /// Givens to place besides the cages (0 for a classic killer).
    pub givens: usize,
    /// The pattern the givens are placed in.
    pub symmetry: Symmetry,
    /// Draw jigsaw regions (replacing the rules' boxes).
    pub jigsaw: bool,
    /// Give up (answering `None`) once its deadline has passed or its flag is raised.
    pub interrupt: Interrupt<'a>,
}

impl KillerRequest<'_> {
    /// A classic killer from `seed`: no givens (so no symmetry), the rules' own regions, no
    /// deadline.
    pub fn seeded(seed: u64) -> KillerRequest<'static> {
        KillerRequest {
            seed,
            givens: 0,
            symmetry: Symmetry::None,
            jigsaw: false,
            interrupt: Interrupt::NEVER,
        }
    }
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

/// The largest size whose drawn cages are merged until unique ([`settle`]); larger grids grow
/// their cages from one-cell cages ([`grow`]).
const MERGED_UP_TO: usize = 9;

/// Nodes allowed to one check of a merged killer ([`settle`]): a check that runs out counts as
/// "not proved unique".
const SETTLE_BUDGET: u64 = 20_000;

/// Nodes allowed to one check of a grown killer ([`check_joined`]), which runs once per join, near
/// the edge of what a bounded search proves: a larger budget buys few more joins for much more
/// time (on 16x16, 300 nodes left 2.9% of cages one cell against 4.1% with 100, for about the same
/// time; 500 nodes of the basic inference left 8%).
const GROW_BUDGET: u64 = 200;

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
            if grid.size() > MERGED_UP_TO {
                let shape = grow(&grid, &puzzle, &solution, &cage_of, request, &mut rng);
                return Ok(shape.map(|shape| Killer {
                    shape,
                    puzzle,
                    solution,
                }));
            }
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
    request.interrupt.stopped().is_some()
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
                regions: Some(Regions::Text(labels(&killer_regions(
                    size,
                    &base.variants,
                    rng,
                )))),
                ..base.clone()
            })?
        } else {
            Shape::new(base)?
        };
        let tables = Tables::for_generation(&shape);
        if let Filled::Grid(solution) = random_fill(&shape, &tables, request.interrupt, rng) {
            return Ok(Some((shape, solution)));
        }
    }
}

/// The regions of a jigsaw killer on `size` with `variants`: the puzzle generator's
/// ([`generation_regions`]: pairs of boxes from 13x13 to 16x16, bands of two rows with X from
/// 10x10), except with X over 12x12, where the snake's ([`random_regions`]) stay. Up to 9x9 both are
/// the snake's, so seeds give the killers they gave.
///
/// Measured with `examples/killer_speed.rs` (seeds 0-9, one thread's CPU time, loaded machine):
/// a 16x16 jigsaw killer took a median of 0.80 s (slowest 1.4 s) on pairs of boxes against 1.05 s
/// (1.6 s) on the snake's regions, a 12x12 jigsaw killer X 0.10 s (0.16 s) on bands against
/// 0.18 s (0.28 s), with as few one-cell cages. A 16x16 jigsaw killer X took as long on bands as on
/// the snake's regions (0.9-1.0 s, slowest about 2 s) and kept twice the one-cell cages (9% of
/// cages against 3.9%), and 6.6% on pairs of boxes, so it keeps the snake's.
fn killer_regions(size: usize, variants: &[Variant], rng: &mut Rng) -> Vec<u8> {
    if size > 12 && variants.contains(&Variant::X) {
        random_regions(size, rng)
    } else {
        generation_regions(size, variants, rng)
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

/// The killer [`generate_killer`] makes on a `size` grid from `seed` (on drawn regions when
/// `jigsaw`), with no givens and no deadline: how the engine's tests get one.
#[cfg(test)]
pub(crate) fn generated(size: usize, seed: u64, jigsaw: bool) -> Killer {
    let rules = Rules {
        size: Some(size),
        ..Rules::default()
    };
    let request = KillerRequest {
        jigsaw,
        ..KillerRequest::seeded(seed)
    };
    generate_killer(&rules, &request)
        .expect("valid rules")
        .expect("no deadline")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::general::search::ShapeSolver;
    use crate::outcome::Verdict;

    fn request(seed: u64) -> KillerRequest<'static> {
        KillerRequest {
            seed,
            givens: 0,
            symmetry: Symmetry::None,
            jigsaw: false,
            interrupt: Interrupt::NEVER,
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
        let out = ShapeSolver::new().solve(&a.shape, &a.puzzle).unwrap();
        assert_eq!(out.verdict, Verdict::Unique);
        assert_eq!(out.solutions[0], a.solution);
    }

    /// Joins one-cell cages of 6x6 killers to random neighbouring cages, a join at a time from
    /// all one-cell cages, and holds every verdict of [`check_joined`] against counting to two
    /// with no budget: a join said unique is, and one said not unique has a second solution.
    #[test]
    fn a_joined_check_agrees_with_counting_to_two() {
        let rules = Rules {
            size: Some(6),
            ..Rules::default()
        };
        let (mut unique, mut multiple) = (0, 0);
        for seed in 0..4 {
            let mut rng = Rng::seeded(seed);
            let (grid, solution) = solved_grid(&rules, &request(seed), &mut rng)
                .unwrap()
                .unwrap();
            let puzzle = Cells::empty(grid.cell_count());
            let mut cage_of: Vec<usize> = (0..grid.cell_count()).collect();
            for _ in 0..200 {
                let cell = rng.below(cage_of.len() as u64) as usize;
                let alone = cage_of.iter().filter(|&&id| id == cage_of[cell]).count() == 1;
                let next = partition::neighbours(cell, 6)
                    .nth(rng.below(2) as usize)
                    .unwrap();
                let id = cage_of[next];
                let distinct = (0..cage_of.len())
                    .all(|c| cage_of[c] != id || solution.get(c) != solution.get(cell));
                if !alone || !distinct {
                    continue;
                }
                let before = cage_of[cell];
                cage_of[cell] = id;
                let said = check_joined(
                    &GrownGrid::new(&grid),
                    &puzzle,
                    &solution,
                    &cage_of,
                    cell,
                    &request(seed),
                );
                let shape = killer_shape(&grid, &solution, &cage_of);
                let out = ShapeSolver::new().solve(&shape, &puzzle).unwrap();
                match said {
                    Some(true) => {
                        assert_eq!(out.verdict, Verdict::Unique, "seed {seed}");
                        unique += 1;
                    }
                    Some(false) => {
                        assert_eq!(out.verdict, Verdict::Multiple, "seed {seed}");
                        multiple += 1;
                        cage_of[cell] = before;
                    }
                    None => cage_of[cell] = before,
                }
            }
        }
        assert!(
            unique > 0 && multiple > 0,
            "{unique} unique, {multiple} not"
        );
    }
}
