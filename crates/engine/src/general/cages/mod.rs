//! The killer rule in propagation: a cage's open cells take only digits of some combination of
//! distinct values that reaches what is left of its sum, given the values already placed in it (in
//! `distinct`).
//!
//! Combinations come from a table built once per (N, cells, sum) for N up to 16 (every subset of
//! the values, grouped by size and sum: 65,536 masks at most); larger grids enumerate them by a
//! depth-first walk bounded by the smallest and largest sums still reachable ([`Combos`], in
//! `combos`).
//!
//! Besides the given cages, the rule of 45 (in `rule45`) yields more groups. How many depends on
//! the [`Inference`] asked for:
//! - basic: the innies of every unit (the cells not in a cage lying wholly inside it, summing to
//!   the unit's total minus those cages' sums). Cheap per node; generation's bounded uniqueness
//!   checks up to 9x9 run on it, so a seed's killer depends on it and stays what it was.
//! - groups: the groups of full below but the box rectangles, narrowed like basic's (no Hall's
//!   condition or pointing, which cost the many small checks of killers grown on larger grids more
//!   than they save).
//! - full: also the innies of every run of adjacent rows or columns and of every rectangle of two
//!   to four boxes (not a whole band or stack), and the outies of units, runs and rectangles (the
//!   cells outside it of the cages reaching into it, summing to those cages' sums minus its
//!   total), plus Hall's condition and pointing on cages; on grids up to 9x9, groups of up to four
//!   open cells are narrowed exactly (in `exact`: a cell keeps only what some completion gives
//!   it). A group whose cells all see each
//!   other holds distinct values and narrows like a cage; one whose cells may repeat a value (the
//!   innies of two rows) narrows by its sum alone (in `sums`). Solving runs on it: a hard published
//!   killer takes hundreds of times fewer nodes, and a generated one rarely needs a guess.
//!
//! What narrowing leaves a group's own cells is a pure function of their candidates, and narrowing
//! again finds nothing new, so a group is narrowed only when one of its cells changed since it was
//! last narrowed, by another group or another rule (the propagator marks the groups of every
//! changed cell; see [`CageTables::mark`]), or dropped to one value (a group narrows more strongly
//! with fewer open cells). Waiting groups are narrowed by tiers, small and cheap ones first (see
//! [`waiting`]). When solving, what a group's own cells keep is also remembered by their
//! candidates across groups, boards and solves (in `cache`): the lookahead tries literal after
//! literal from one board and meets the same small groups in the same states again and again.

mod cache;
mod combos;
mod distinct;
mod exact;
mod hall;
mod pointing;
pub(crate) mod rule45;
mod split;
mod subsets;
mod sums;
pub(crate) mod sweep;
mod waiting;
#[cfg(test)]
mod xorshift;

use std::sync::Arc;

pub(crate) use combos::Combos;
pub(crate) use split::CageSplit;
use waiting::Waiting;

use crate::shape::Shape;

/// A group of cells with a sum: a given cage, or the innies or outies of a rule-of-45 group.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Group {
    /// The sum of the group's values.
    pub(crate) sum: u32,
    /// Its cells, ascending.
    pub(crate) cells: Vec<u16>,
    /// Whether its cells are all peers, so its values are distinct.
    pub(crate) distinct: bool,
}

/// How much of the killer rule propagation applies (see the module documentation).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Inference {
    /// Cages and the innies of single units, by their combinations: what 9x9 generation checks with.
    Basic,
    /// Also runs' innies and outies, narrowed like basic's groups: what grown killers' checks
    /// run on (Hall's condition costs them more per node than it saves in nodes).
    Groups,
    /// Also runs' innies, outies, Hall's condition and pointing: what solving runs on.
    Full,
}

/// Non-distinct groups are narrowed on sets of reachable sums held in a `u128`: their cells times
/// N must stay under 128, and past this many cells a sum alone says little.
const MAX_REPEATING: usize = 8;

/// With full inference, distinct rule-of-45 groups are kept up to this many cells (on 9x9, all of
/// them): larger ones cost more per node on big grids than they save in nodes.
const MAX_DISTINCT: usize = 8;

/// Each cell's peers as a set of cells, on grids of up to 128 cells: the cells that see every
/// place of a value are then one AND away (the cages' pointing).
#[derive(Clone, Debug)]
pub(crate) struct PeerSets {
    of: Vec<u128>,
}

impl PeerSets {
    /// The peer sets of `shape`; `None` past 128 cells.
    pub(crate) fn new(shape: &Shape) -> Option<PeerSets> {
        (shape.cell_count() <= 128).then(|| PeerSets {
            of: (0..shape.cell_count())
                .map(|c| shape.peers(c).iter().fold(0, |s, &p| s | 1 << p))
                .collect(),
        })
    }

    /// The peers of `cell`.
    #[inline]
    fn of(&self, cell: u16) -> u128 {
        self.of[usize::from(cell)]
    }
}

/// The groups of a killer shape and the combination table of its N.
#[derive(Clone, Debug)]
pub(crate) struct CageTables {
    inference: Inference,
    groups: Vec<Group>,
    /// Which groups a changed cell sends back to narrowing, and in what order.
    waiting: Waiting,
    combos: Arc<Combos>,
    /// Peer sets for the pointing of full inference, on grids of up to 128 cells.
    peers: Option<PeerSets>,
}

/// A propagator's own narrowing state, kept across calls and boards.
#[derive(Debug, Default)]
pub(crate) struct Scratch {
    /// The removals asked for by the last call: `(cell, bits to remove)`.
    pub(crate) out: Vec<(u16, u32)>,
    /// The group that asked for each of them (`by[i]` for `out[i]`).
    pub(crate) by: Vec<u16>,
    /// What narrowing small distinct groups found, by their open cells' candidates (solving only).
    cache: cache::Cache<u64>,
    /// What narrowing small repeating groups found, likewise.
    sums_cache: cache::Cache<u128>,
    /// The group that could not be completed, when the last call found one.
    pub(crate) failed: usize,
}

impl CageTables {
    /// The tables of `shape` for `inference`; `None` when it has no cages.
    pub(crate) fn new(shape: &Shape, inference: Inference) -> Option<CageTables> {
        if !shape.is_killer() {
            return None;
        }
        Some(CageTables::with_rule45(
            shape,
            inference,
            rule45_of(shape, inference),
        ))
    }

    /// The tables of the killer `shape` for `inference`, from its rule-of-45 groups worked out by
    /// the caller: `all` must be what `rule45` builds for that inference (as [`CageTables::new`]
    /// does). Generation's grown killers build them cheaper, check after check.
    pub(crate) fn with_rule45(
        shape: &Shape,
        inference: Inference,
        all: Vec<rule45::Rule45Group>,
    ) -> CageTables {
        let mut groups: Vec<Group> = shape
            .cages()
            .iter()
            .map(|c| Group {
                sum: c.sum,
                cells: c.cells.clone(),
                distinct: true,
            })
            .collect();
        for group in rule45_groups(shape, inference, all) {
            if !groups.iter().any(|g| g.cells == group.cells) {
                groups.push(group);
            }
        }
        let peers = PeerSets::new(shape).filter(|_| inference == Inference::Full);
        CageTables {
            inference,
            waiting: Waiting::of(shape, &groups),
            groups,
            combos: Combos::of(shape.size()),
            peers,
        }
    }

    /// The cells of group `g` (the given cages first, in order, then rule-of-45 groups).
    pub(crate) fn group_cells(&self, g: usize) -> &[u16] {
        &self.groups[g].cells
    }

    /// Narrows every group of the set `dirty` (those with a cell changed since they were last
    /// narrowed) on `cand`, in order, filling `scratch.out` with `(cell, bits to remove)`; `false`
    /// when a group cannot be completed at all (the board is a contradiction).
    pub(crate) fn narrow(
        &self,
        shape: &Shape,
        cand: &[u32],
        dirty: &[u64],
        scratch: &mut Scratch,
    ) -> bool {
        scratch.out.clear();
        scratch.by.clear();
        for (w, &word) in dirty.iter().enumerate() {
            let mut word = word;
            while word != 0 {
                let g = w * 64 + word.trailing_zeros() as usize;
                word &= word - 1;
                if !self.narrow_group(shape, cand, g, scratch) {
                    scratch.failed = g;
                    return false;
                }
                scratch.by.resize(scratch.out.len(), g as u16);
            }
        }
        true
    }

    /// Narrows group `g`, pushing its removals to `scratch.out`; `false` when it cannot be
    /// completed.
    fn narrow_group(&self, shape: &Shape, cand: &[u32], g: usize, scratch: &mut Scratch) -> bool {
        let group = &self.groups[g];
        let full = self.inference == Inference::Full;
        if group.distinct {
            let peers = self.peers.as_ref();
            let (combos, cache) = (&self.combos, &mut scratch.cache);
            distinct::narrow(
                shape,
                peers,
                full,
                combos,
                cache,
                group,
                cand,
                &mut scratch.out,
            )
        } else {
            let cache = full.then_some(&mut scratch.sums_cache);
            sums::narrow(group, cand, cache, &mut scratch.out)
        }
    }
}

/// The rule-of-45 groups `rule45` builds for `inference`, with innies or outies of up to N - 1 cells.
fn rule45_of(shape: &Shape, inference: Inference) -> Vec<rule45::Rule45Group> {
    let n = shape.size();
    let cage_of = shape.cage_of();
    // Generation's `Groups` level leaves out the box rectangles, which solving alone was
    // measured on: its grown killers were tuned (and their seeds fixed) without them.
    // The groups of units and runs come from one sweep per first line (`sweep`): the same groups
    // as `rule45::groups`, for a fraction of the work.
    match inference {
        Inference::Basic => rule45::unit_groups(shape, &cage_of, n - 1),
        Inference::Groups => sweep::LineUnits::of(shape).groups(shape, n - 1),
        Inference::Full => {
            let mut all = sweep::LineUnits::of(shape).groups(shape, n - 1);
            all.extend(rule45::box_rectangle_groups(shape, &cage_of, n - 1));
            all
        }
    }
}

/// Of `all`, the rule-of-45 groups of `shape` that propagation narrows with `inference`: with basic, the
/// innies of single units; with full, every innie and outie group, distinct ones up to
/// [`MAX_DISTINCT`] cells, repeating ones up to [`MAX_REPEATING`] cells and under 128 in all.
fn rule45_groups(shape: &Shape, inference: Inference, all: Vec<rule45::Rule45Group>) -> Vec<Group> {
    let n = shape.size();
    let repeating = MAX_REPEATING.min(127 / n);
    let mut groups = Vec::new();
    let full = inference != Inference::Basic;
    for g in all {
        let innies = g.innies.map(|cells| (g.total - g.inside_sum, cells));
        let outies = g.outies.filter(|_| full);
        let outies = outies.map(|cells| (g.covering_sum - g.total, cells));
        for (sum, cells) in innies.into_iter().chain(outies) {
            let cells: Vec<u16> = cells.into_iter().map(|c| c as u16).collect();
            let distinct = cells.iter().enumerate().all(|(i, &a)| {
                let peers = shape.peers(usize::from(a));
                cells[i + 1..]
                    .iter()
                    .all(|b| peers.binary_search(b).is_ok())
            });
            let fits = if distinct {
                !full || cells.len() <= MAX_DISTINCT
            } else {
                cells.len() <= repeating
            };
            if fits && !groups.iter().any(|h: &Group| h.cells == cells) {
                groups.push(Group {
                    sum,
                    cells,
                    distinct,
                });
            }
        }
    }
    groups
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::general::generated_killer as killer;
    use crate::shape::UnitKind;

    #[test]
    fn every_group_solving_narrows_holds_its_sum_in_the_solution() {
        let mut boxed_groups = 0;
        for (size, seed, jigsaw) in [(9, 0, false), (9, 1, false), (9, 2, true), (6, 3, false)] {
            let k = killer(size, seed, jigsaw);
            let basic = CageTables::new(&k.shape, Inference::Basic).unwrap();
            let full = CageTables::new(&k.shape, Inference::Full).unwrap();
            assert!(
                full.groups.len() > basic.groups.len(),
                "size {size} seed {seed}"
            );
            for group in &full.groups {
                let values = group
                    .cells
                    .iter()
                    .map(|&c| k.solution.values()[usize::from(c)]);
                let sum: u32 = values.clone().map(u32::from).sum();
                assert_eq!(sum, group.sum, "size {size} seed {seed}: {group:?}");
                if group.distinct {
                    let mut seen: Vec<u8> = values.collect();
                    seen.sort_unstable();
                    seen.dedup();
                    assert_eq!(seen.len(), group.cells.len(), "{group:?}");
                }
            }
            boxed_groups += full.groups.len();
        }
        assert!(boxed_groups > 100, "{boxed_groups} groups in all");
    }

    #[test]
    fn box_rectangles_of_two_to_four_boxes_join_the_rule_of_45_when_solving() {
        let k = killer(9, 4, false);
        let cage_of = k.shape.cage_of();
        let lines = rule45::groups(&k.shape, &cage_of, 8);
        let solving = rule45::solving_groups(&k.shape, &cage_of, 8);
        let boxes = |g: &rule45::Rule45Group| {
            g.units
                .iter()
                .all(|&u| matches!(k.shape.unit_kind(u), UnitKind::Box(_)))
        };
        let added: Vec<_> = solving[lines.len()..].iter().collect();
        assert!(!added.is_empty());
        for g in &added {
            assert!(
                boxes(g) && (2..=4).contains(&g.units.len()),
                "{:?}",
                g.units
            );
            // Two boxes side by side, one above the other, or a 2x2 block: never a band.
            assert_eq!(g.total, g.units.len() as u32 * 45);
        }
        // Jigsaw killers have no boxes: the groups are those of lines and units alone.
        let j = killer(9, 2, true);
        let cage_of = j.shape.cage_of();
        assert_eq!(
            rule45::solving_groups(&j.shape, &cage_of, 8).len(),
            rule45::groups(&j.shape, &cage_of, 8).len()
        );
    }
}
