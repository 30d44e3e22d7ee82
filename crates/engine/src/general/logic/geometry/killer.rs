//! What the killer finders need of a shape with cages, worked out once per puzzle: each cell's
//! cage, the rule of 45's groups (units, runs of lines, rectangles of boxes) with their innies and
//! outies, and each group's boundary with the cages that cross it.

use std::sync::Arc;

use crate::general::cages::rule45::{self, Rule45Group};
use crate::general::cages::Combos;
use crate::prose::and_list;
use crate::shape::{Shape, UnitKind};

/// Innies or outies a player is shown only up to this many cells: players count a few cells, not a
/// dozen.
pub(in crate::general::logic) const MAX_CELLS: usize = 6;

/// What the killer finders need of a shape with cages, worked out once per puzzle.
#[derive(Clone, Debug)]
pub struct KillerGeometry {
    /// The cage of each cell, if any.
    pub(in crate::general::logic) cage_of: Vec<Option<usize>>,
    /// The rule of 45's groups of units with at most [`MAX_CELLS`] innies or outies.
    pub(in crate::general::logic) groups: Vec<Rule45Group>,
    /// Every group with innies or outies: those left with at most [`MAX_CELLS`] open cells are
    /// shown as the cells fill.
    pub(in crate::general::logic) wide: Vec<Rule45Group>,
    /// The combinations of distinct values of the shape's N.
    pub(in crate::general::logic) combos: Arc<Combos>,
    /// Every group with the cages crossing its boundary, for the innie-outie difference.
    pub(in crate::general::logic) boundaries: Vec<Boundary>,
}

impl KillerGeometry {
    /// The killer geometry of `shape`; `None` when it has no cages.
    pub fn new(shape: &Shape) -> Option<KillerGeometry> {
        if !shape.is_killer() {
            return None;
        }
        let cage_of = shape.cage_of();
        let groups = rule45::named_groups(shape, &cage_of, MAX_CELLS);
        let mut wide = rule45::named_groups(shape, &cage_of, shape.cell_count());
        wide.extend(box_rectangles(shape, &cage_of));
        let boundaries = boundaries(shape, &cage_of, wide.clone());
        Some(KillerGeometry {
            cage_of,
            groups,
            wide,
            boundaries,
            combos: Combos::of(shape.size()),
        })
    }
}

/// The rectangles of two to four boxes (not whole bands or stacks: those are runs of lines) with
/// innies or outies, named `boxes 1 and 2`, `boxes 1, 2, 4 and 5`.
fn box_rectangles(shape: &Shape, cage_of: &[Option<usize>]) -> Vec<Rule45Group> {
    let is_box = |u: &usize| matches!(shape.unit_kind(*u), UnitKind::Box(_));
    rule45::solving_groups(shape, cage_of, shape.cell_count())
        .into_iter()
        .filter(|g| g.units.len() > 1 && g.units.iter().all(is_box))
        .map(|mut g| {
            let numbers = g.units.iter().map(|&u| {
                let name = shape.unit_name(u);
                name.trim_start_matches("box ").to_string()
            });
            g.name = format!("boxes {}", and_list(numbers));
            g
        })
        .collect()
}

/// A cage crossing a group's boundary: its cells inside and outside.
#[derive(Clone, Debug)]
pub struct Crossing {
    pub(in crate::general::logic) cage: usize,
    pub(in crate::general::logic) inside: Vec<usize>,
    pub(in crate::general::logic) outside: Vec<usize>,
}

/// A group with its crossing cages, worked out once per puzzle.
#[derive(Clone, Debug)]
pub struct Boundary {
    pub(in crate::general::logic) group: Rule45Group,
    /// The group's cells in no cage.
    pub(in crate::general::logic) uncaged: Vec<usize>,
    pub(in crate::general::logic) crossing: Vec<Crossing>,
}

/// The boundaries of `groups` (each a unit or a run of lines) with at least one crossing cage.
pub fn boundaries(
    shape: &Shape,
    cage_of: &[Option<usize>],
    groups: Vec<Rule45Group>,
) -> Vec<Boundary> {
    let mut member = vec![false; shape.cell_count()];
    groups
        .into_iter()
        .filter_map(|group| {
            let mut cells: Vec<usize> = group
                .units
                .iter()
                .flat_map(|&u| shape.unit(u).iter().map(|&c| usize::from(c)))
                .collect();
            cells.sort_unstable();
            cells.dedup();
            for &c in &cells {
                member[c] = true;
            }
            let mut uncaged = Vec::new();
            let mut crossing: Vec<Crossing> = Vec::new();
            for &c in &cells {
                let Some(k) = cage_of[c] else {
                    uncaged.push(c);
                    continue;
                };
                if crossing.iter().any(|x| x.cage == k) {
                    continue;
                }
                let (inside, outside): (Vec<usize>, Vec<usize>) = shape.cages()[k]
                    .cells
                    .iter()
                    .map(|&d| usize::from(d))
                    .partition(|&d| member[d]);
                if !outside.is_empty() {
                    crossing.push(Crossing {
                        cage: k,
                        inside,
                        outside,
                    });
                }
            }
            for &c in &cells {
                member[c] = false;
            }
            (!crossing.is_empty()).then_some(Boundary {
                group,
                uncaged,
                crossing,
            })
        })
        .collect()
}
