//! Unique puzzles on any shape, seeded: a random solution (for jigsaw, on regions drawn first), then
//! givens taken away orbit by orbit of the requested symmetry while the puzzle stays unique.
//!
//! The digging and its budgets are in [`super::dig`]; a check that still runs out of nodes keeps
//! its givens (the puzzle stays unique, it just may not be minimal, and says so).
//!
//! Only node budgets shape the puzzle, never the clock: the same seed gives the same puzzle on an
//! idle machine and a loaded one. The deadline only abandons the work (`None`, a 504 on the wire);
//! it never cuts the digging short to answer a less minimal puzzle.

use super::dig::{dig, Dug, Policy};
use super::jigsaw::{banded, generation_regions, labels, rarely_fillable};
use super::pattern::stored_grid;
use super::propagate::initial;
use super::search::ShapeSolver;
use super::symmetry::Symmetry;
use super::tables::Tables;
use crate::interrupt::Interrupt;
use crate::rng::Rng;
use crate::shape::{Cells, Regions, Rules, Shape, ShapeError};

/// Fill attempts on one layout before a jigsaw layout is drawn again.
const FILLS_PER_LAYOUT: usize = 8;

/// Layouts (jigsaw regions drawn, or the one layout of boxes) tried before the shape is declared to
/// have no complete grid within budget: deterministic, so that a shape random regions rarely suit
/// is the same refusal on every machine, and never a deadline spent.
const MAX_LAYOUTS: usize = 64;

/// Grids (each on its own layout) that jigsaw X from 10x10 to 16x16 may dig before it keeps what the
/// last one gives: every one but the last is abandoned as soon as a check of its first pass runs
/// out of nodes ([`Policy::AbandonUndecided`]).
///
/// Measured with `examples/shape_speed.rs` on 13x13 to 16x16, seeds 0-9: the slow seeds (2 to 9 s,
/// one 16x16 not minimal) were exactly those whose first pass left a check undecided (1 to 22
/// of them); every seed with none took under 1 s. A third of the layouts are such, so the chance
/// that eight in a row are is about one in ten thousand.
const BANDED_DIGS: usize = 8;

/// What to generate on a shape.
#[derive(Clone, Copy, Debug)]
pub struct ShapeRequest<'a> {
    /// The pattern of givens.
    pub symmetry: Symmetry,
    /// Draw jigsaw regions (replacing the rules' boxes).
    pub jigsaw: bool,
    /// The seed: the same request always gives the same puzzle.
    pub seed: u64,
    /// Give up (answering `None`) once its deadline has passed or its flag is raised.
    pub interrupt: Interrupt<'a>,
}

/// A generated puzzle and where it lives.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GeneratedShape {
    /// The shape, with the regions drawn for jigsaw.
    pub shape: Shape,
    /// The puzzle: unique.
    pub puzzle: Cells,
    /// Its solution.
    pub solution: Cells,
    /// Whether no orbit of givens can be removed without losing uniqueness.
    pub minimal: bool,
}

/// A unique puzzle on the shape `rules` describe; `None` when the deadline passed first.
pub fn generate(
    rules: &Rules,
    request: &ShapeRequest,
) -> Result<Option<GeneratedShape>, ShapeError> {
    check_generable(rules, request.jigsaw)?;
    let mut rng = Rng::seeded(request.seed);
    let template = Shape::new(rules)?;
    let size = template.size();
    let digs = if request.jigsaw && banded(size, &rules.variants) {
        BANDED_DIGS
    } else {
        1
    };
    let mut dug = 0;
    loop {
        dug += 1;
        let Some((shape, solution)) = solved_grid(&template, rules, request, &mut rng)? else {
            return Ok(None);
        };
        let policy = if dug < digs {
            Policy::AbandonUndecided
        } else {
            Policy::Recheck
        };
        match dig(
            &shape,
            &solution,
            request.symmetry,
            request.interrupt,
            &mut rng,
            policy,
        ) {
            Dug::Puzzle(puzzle, minimal) => {
                return Ok(Some(GeneratedShape {
                    shape,
                    puzzle,
                    solution,
                    minimal,
                }))
            }
            Dug::Stopped => return Ok(None),
            Dug::Abandoned => {}
        }
    }
}

/// Refuses, before any work, jigsaw combinations whose random regions almost never admit a grid.
pub fn check_generable(rules: &Rules, jigsaw: bool) -> Result<(), ShapeError> {
    let size = rules.size.unwrap_or(9);
    match rarely_fillable(size, &rules.variants).filter(|_| jigsaw) {
        None => Ok(()),
        Some(why) => {
            let variants: String = rules
                .variants
                .iter()
                .map(|v| format!(" {}", v.name()))
                .collect();
            Err(ShapeError::NoGrid {
                what: format!("{size}x{size} jigsaw{variants}"),
                why,
            })
        }
    }
}

/// A random complete grid, on fresh regions when jigsaw is asked for, or drawn from a stored one
/// where random fills do not find any ([`stored_grid`]).
fn solved_grid(
    template: &Shape,
    rules: &Rules,
    request: &ShapeRequest,
    rng: &mut Rng,
) -> Result<Option<(Shape, Cells)>, ShapeError> {
    if !request.jigsaw {
        if let Some(grid) = stored_grid(template, rng) {
            return Ok(Some((template.clone(), grid)));
        }
    }
    let size = template.size();
    for _ in 0..MAX_LAYOUTS {
        let shape = if request.jigsaw {
            let regions = generation_regions(size, &rules.variants, rng);
            Shape::new(&Rules {
                box_shape: None,
                regions: Some(Regions::Text(labels(&regions))),
                ..rules.clone()
            })?
        } else {
            template.clone()
        };
        let tables = Tables::for_generation(&shape);
        for _ in 0..FILLS_PER_LAYOUT {
            if request.interrupt.stopped().is_some() {
                return Ok(None);
            }
            match random_fill(&shape, &tables, request.interrupt, rng) {
                Filled::Grid(solution) => return Ok(Some((shape, solution))),
                // Only a jigsaw layout can have no grid at all: draw another.
                Filled::NoGrid => break,
                Filled::Unfinished => {}
            }
        }
        if !request.jigsaw && request.interrupt.stopped().is_some() {
            return Ok(None);
        }
    }
    let variants: String = rules
        .variants
        .iter()
        .map(|v| format!(" {}", v.name()))
        .collect();
    Err(ShapeError::NoGrid {
        what: format!(
            "{size}x{size}{}{variants}",
            if request.jigsaw { " jigsaw" } else { "" }
        ),
        why: if request.jigsaw {
            "no complete grid was found on 64 random jigsaw layouts"
        } else {
            "no complete grid was found within the fill budget"
        },
    })
}

/// What one random fill of an empty grid found.
pub(super) enum Filled {
    /// A complete grid.
    Grid(Cells),
    /// Proof that the shape has no complete grid.
    NoGrid,
    /// Neither, within the budget or before the interrupt.
    Unfinished,
}

/// One random complete grid of `shape`: a blind randomized search of at most 50 nodes a cell,
/// stopped by `interrupt`. The same draws from `rng` for the same shape, so seeds keep their grids.
pub(super) fn random_fill(
    shape: &Shape,
    tables: &Tables,
    interrupt: Interrupt,
    rng: &mut Rng,
) -> Filled {
    let cells = shape.cell_count();
    let empty = initial(shape, &vec![0; cells]);
    let solver = ShapeSolver::new().limit(1).blind().interrupt(interrupt);
    match solver.within(shape, tables, empty, 50 * cells as u64, Some(rng)) {
        Some(out) => out
            .solutions
            .into_iter()
            .next()
            .map_or(Filled::NoGrid, Filled::Grid),
        None => Filled::Unfinished,
    }
}

#[cfg(test)]
mod tests {
    use super::super::dig::still_unique;
    use super::super::swap::Swaps;
    use super::*;
    use crate::outcome::Verdict;
    use crate::shape::Variant;

    /// Digs like [`dig`] on random orders, asking at every step both [`still_unique`] and a search
    /// counting to two: they must agree, on removals that keep uniqueness and on those that break it.
    /// A two-value swap found ([`Swaps`]) must be a removal that breaks it.
    #[test]
    fn the_differs_from_the_solution_check_agrees_with_counting() {
        let sized = |size: usize, variants: &[Variant]| Rules {
            size: Some(size),
            variants: variants.to_vec(),
            ..Rules::default()
        };
        let cases = [
            (sized(4, &[]), false, Symmetry::None),
            (sized(6, &[]), false, Symmetry::Rotational),
            (sized(8, &[Variant::Hyper]), false, Symmetry::None),
            (sized(9, &[Variant::X]), false, Symmetry::Mirror),
            (sized(9, &[]), true, Symmetry::None),
        ];
        let (mut kept, mut broken, mut swapped) = (0, 0, 0);
        for (rules, jigsaw, symmetry) in cases {
            for seed in 0..2 {
                let request = ShapeRequest {
                    symmetry,
                    jigsaw,
                    seed,
                    interrupt: Interrupt::NEVER,
                };
                let mut rng = Rng::seeded(seed + 100);
                let template = Shape::new(&rules).unwrap();
                let (shape, solution) = solved_grid(&template, &rules, &request, &mut rng)
                    .unwrap()
                    .unwrap();
                let tables = Tables::for_generation(&shape);
                let mut swaps = Swaps::new(&shape, &solution);
                let mut puzzle = solution.clone();
                let mut orbits = symmetry.orbits(shape.size());
                rng.shuffle(&mut orbits);
                for orbit in orbits {
                    for &c in &orbit {
                        puzzle.set(c, 0);
                    }
                    let fast = still_unique(
                        &shape,
                        &tables,
                        &puzzle,
                        &solution,
                        &orbit,
                        ShapeSolver::new(),
                        u64::MAX,
                    );
                    let counted = ShapeSolver::new().solve(&shape, &puzzle).unwrap().verdict;
                    if orbit
                        .iter()
                        .any(|&c| swaps.any(&shape, &puzzle, &solution, c))
                    {
                        assert_eq!(counted, Verdict::Multiple, "{rules:?} seed {seed}");
                        swapped += 1;
                    }
                    assert_eq!(
                        fast,
                        Some(counted == Verdict::Unique),
                        "{rules:?} seed {seed}"
                    );
                    if counted == Verdict::Unique {
                        kept += 1;
                    } else {
                        broken += 1;
                        for &c in &orbit {
                            puzzle.set(c, solution.get(c));
                        }
                    }
                }
            }
        }
        assert!(
            kept > 100 && broken > 50 && swapped > 10,
            "{kept} kept, {broken} broken, {swapped} by a swap"
        );
    }
}
