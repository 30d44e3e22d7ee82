//! Generation's uniqueness checks: a settled partition's check (counting to two within a budget,
//! the known solution first) and a grown killer's cheaper check after each join, with the tables
//! every check on one grid shares.

use super::{KillerRequest, GROW_BUDGET, SETTLE_BUDGET};
use crate::general::cages::sweep::LineUnits;
use crate::general::cages::{CageTables, Inference};
use crate::general::propagate::initial;
use crate::general::search::ShapeSolver;
use crate::general::tables::Tables;
use crate::outcome::Outcome;
use crate::shape::{CageRule, Cells, Rules, Shape};

/// The killer of the partition `cage_of` and its check: counting to two within the budget, the
/// known solution first; `None` when out of budget or past the deadline.
pub(super) fn check(
    grid: &Shape,
    puzzle: &Cells,
    solution: &Cells,
    cage_of: &[usize],
    request: &KillerRequest,
) -> (Shape, Option<Outcome<Cells>>) {
    let shape = killer_shape(grid, solution, cage_of);
    let tables = Tables::for_generation(&shape);
    let cand = initial(&shape, puzzle.values());
    let out = solver(solution, request).within(&shape, &tables, cand, SETTLE_BUDGET, None);
    (shape, out)
}

/// Whether the killer of the partition `cage_of`, where the one-cell cage `cell` of a unique killer
/// has just joined a neighbouring cage, stays unique: `Some(true)` when proved,
/// `Some(false)` when a second solution was found, `None` when out of budget or past the deadline.
///
/// Before the join, the known solution was the only one. A solution of the joined killer that
/// gives `cell` its known value gives the rest of the joined cage its old sum, so it solved the
/// killer before the join too and is the known solution. Any other solution therefore differs at
/// `cell`: searching with that one value struck out finds one, or proves there is none, in a
/// fraction of the nodes of counting to two from scratch (which also walks every branch agreeing
/// at `cell`, the ones the last check already refuted).
pub(super) fn check_joined(
    grid: &GrownGrid,
    puzzle: &Cells,
    solution: &Cells,
    cage_of: &[usize],
    cell: usize,
    request: &KillerRequest,
) -> Option<bool> {
    if puzzle.get(cell) != 0 {
        // A given: no solution differs there.
        return Some(true);
    }
    let shape = killer_shape(grid.grid, solution, cage_of);
    let tables = grid.tables(&shape);
    let mut cand = initial(&shape, puzzle.values());
    cand[cell] &= !(1 << (solution.get(cell) - 1));
    let out = solver(solution, request)
        .limit(1)
        .within(&shape, &tables, cand, GROW_BUDGET, None);
    out.map(|o| o.solutions.is_empty())
}

/// What every check of the killers grown on one grid shares, built once: the search's tables of
/// the grid's units, and its lines for the rule of 45.
pub(super) struct GrownGrid<'a> {
    pub(super) grid: &'a Shape,
    units: Tables,
    lines: LineUnits,
}

impl<'a> GrownGrid<'a> {
    pub(super) fn new(grid: &'a Shape) -> GrownGrid<'a> {
        GrownGrid {
            grid,
            units: Tables::for_grown(grid),
            lines: LineUnits::of(grid),
        }
    }

    /// What `Tables::for_grown(shape)` builds for the killer `shape` on this grid, from the
    /// parts shared by every killer on it.
    fn tables(&self, shape: &Shape) -> Tables {
        let groups = self.lines.groups(shape, shape.size() - 1);
        let cages = CageTables::with_rule45(shape, Inference::Groups, groups);
        self.units.with_cages(Some(cages))
    }
}

/// The search of generation's checks: the known solution's values tried first, up to the deadline.
fn solver<'a>(solution: &'a Cells, request: &KillerRequest<'a>) -> ShapeSolver<'a> {
    ShapeSolver::new()
        .near(solution.values())
        .interrupt(request.interrupt)
}

/// The killer shape of the partition `cage_of` (a cage id per cell) on `grid`, sums from `solution`.
pub(super) fn killer_shape(grid: &Shape, solution: &Cells, cage_of: &[usize]) -> Shape {
    Shape::new(&Rules {
        cages: cage_rules(grid, solution, cage_of),
        ..grid.rules().clone()
    })
    .expect("cages drawn on the grid are valid")
}

/// The cages of a partition as rules: ordered by their first cell, cells in row-major order.
/// (Cage ids are below the cell count.)
fn cage_rules(shape: &Shape, solution: &Cells, cage_of: &[usize]) -> Vec<CageRule> {
    // Each id's place in the order of first cells, filled in one pass over the cells.
    let mut place = vec![usize::MAX; cage_of.len()];
    let mut cages: Vec<CageRule> = Vec::new();
    for (c, &id) in cage_of.iter().enumerate() {
        if place[id] == usize::MAX {
            place[id] = cages.len();
            cages.push(CageRule {
                sum: 0,
                cells: Vec::new(),
            });
        }
        let cage = &mut cages[place[id]];
        cage.sum += u32::from(solution.get(c));
        cage.cells.push(shape.cell_name(c));
    }
    cages
}
