//! What the search reads besides the shape, built once per shape: each cell's units as one bitset
//! (so a change marks exactly the units to look at again), and every pair of units sharing two or
//! more cells (a box and a row, a window and a box, a jigsaw region and a column, a diagonal and a
//! box) for locked candidates.
//!
//! Locked candidates needs, for each pair, the candidates of the shared cells and of each unit's
//! remaining cells. Scanning every pair's cells on every pass read each cell many times over (a
//! 16x16 box is in eight pairs), so each unit's remaining cells are described, where they can be,
//! as other pairs' shared cells ("segments": the rest of a row beside a box is its other box
//! segments): a pass takes the union of every segment once and each pair ORs a few of them.

use super::cages::{CageTables, Inference};
use super::constraints::{ConstraintTables, PairTables, Reach};
use crate::shape::Shape;

/// A set of units, one bit each. Every shape up to 25x25 has at most 93 units (75 plus two
/// diagonals plus 16 windows), so one `u128` holds them.
pub(crate) type UnitSet = u128;

/// Two units that share two or more cells, with their cells split three ways in
/// [`Tables::split`]: the shared ones, those only in the first, those only in the second.
#[derive(Clone, Debug)]
pub(crate) struct Pair {
    /// Both units' bits: the pair is looked at again when either changed.
    pub(crate) units: UnitSet,
    start: u32,
    shared_end: u32,
    first_end: u32,
    end: u32,
    /// The cells only in the first unit, as segments and loose cells.
    first: Rest,
    /// The cells only in the second unit, likewise.
    second: Rest,
}

/// One unit's cells outside a pair's shared cells: the shared cells of other pairs (disjoint, listed
/// in [`Tables::segments`]) and the cells no such segment covers (in [`Tables::loose`]).
#[derive(Clone, Copy, Debug, Default)]
struct Rest {
    segments: (u32, u32),
    loose: (u32, u32),
}

/// The search's per-shape tables.
#[derive(Clone, Debug)]
pub(crate) struct Tables {
    /// The units of each cell.
    pub(crate) units_of: Vec<UnitSet>,
    /// Every unit.
    pub(crate) all_units: UnitSet,
    /// The unit pairs sharing two or more cells.
    pub(crate) pairs: Vec<Pair>,
    cells: Vec<u16>,
    /// Pair indices: the segments of every [`Rest`].
    segments: Vec<u32>,
    /// Cells: the loose cells of every [`Rest`].
    loose: Vec<u16>,
    /// The killer cages and innie groups with their sums, when the shape has cages.
    pub(crate) cages: Option<CageTables>,
    /// The propagators of the shape's constraints, when it has any.
    pub(crate) constraints: Option<ConstraintTables>,
    /// What cells see or are bound to beyond their units, when any does.
    pub(crate) reach: Option<Reach>,
}

impl Tables {
    /// The tables of `shape`, with the full killer inference: for solving.
    pub(crate) fn new(shape: &Shape) -> Tables {
        Tables::with(shape, Inference::Full)
    }

    /// The tables of `shape` for generation's bounded checks: the basic killer inference, cheaper
    /// per node, which a seed's killer depends on (see [`super::cages`]).
    pub(crate) fn for_generation(shape: &Shape) -> Tables {
        Tables::with(shape, Inference::Basic)
    }

    /// The tables of `shape` for the checks of killers grown a cell at a time: every rule-of-45
    /// group, without Hall's condition and pointing (see [`super::cages`]).
    pub(crate) fn for_grown(shape: &Shape) -> Tables {
        Tables::with(shape, Inference::Groups)
    }

    /// These tables (of a shape with the same units, a grid without its cages) with the killer
    /// groups `cages` instead of their own: what the units give is the same for every killer on
    /// the grid, so generation's many checks of one grid build it once.
    pub(crate) fn with_cages(&self, cages: Option<CageTables>) -> Tables {
        Tables {
            units_of: self.units_of.clone(),
            all_units: self.all_units,
            pairs: self.pairs.clone(),
            cells: self.cells.clone(),
            segments: self.segments.clone(),
            loose: self.loose.clone(),
            cages,
            constraints: self.constraints.clone(),
            reach: self.reach.clone(),
        }
    }

    fn with(shape: &Shape, inference: Inference) -> Tables {
        let count = shape.unit_count();
        assert!(
            count <= UnitSet::BITS as usize,
            "{count} units do not fit a unit set"
        );
        let units_of = (0..shape.cell_count())
            .map(|cell| shape.units_of(cell).iter().fold(0, |set, &u| set | 1 << u))
            .collect();
        // Read by the constraints' propagators and by the reach: built once for both.
        let pairs = PairTables::new(shape);
        let mut tables = Tables {
            units_of,
            all_units: if count == 128 {
                UnitSet::MAX
            } else {
                (1 << count) - 1
            },
            pairs: Vec::new(),
            cells: Vec::new(),
            segments: Vec::new(),
            loose: Vec::new(),
            cages: CageTables::new(shape, inference),
            constraints: ConstraintTables::new(shape, &pairs),
            reach: Reach::new(shape, &pairs),
        };
        let mut member = vec![false; shape.cell_count()];
        for u in 0..count {
            for &c in shape.unit(u) {
                member[usize::from(c)] = true;
            }
            for w in u + 1..count {
                let shared = shape
                    .unit(w)
                    .iter()
                    .filter(|&&c| member[usize::from(c)])
                    .count();
                if shared >= 2 {
                    tables.add_pair(shape, u, w, &member);
                }
            }
            for &c in shape.unit(u) {
                member[usize::from(c)] = false;
            }
        }
        tables.describe_rests(shape);
        tables
    }

    /// Describes each pair's two remaining sides by segments of other pairs.
    fn describe_rests(&mut self, shape: &Shape) {
        let mut pairs_of = vec![Vec::new(); shape.unit_count()];
        for (i, pair) in self.pairs.iter().enumerate() {
            let mut units = pair.units;
            while units != 0 {
                pairs_of[units.trailing_zeros() as usize].push(i);
                units &= units - 1;
            }
        }
        let mut mark = vec![0u8; shape.cell_count()];
        for p in 0..self.pairs.len() {
            let (first, second) = {
                let (_, first, second) = self.split(&self.pairs[p]);
                (first.to_vec(), second.to_vec())
            };
            let (u, w) = self.units_of_pair(p);
            let first = self.rest(shape, p, u, w, &first, &pairs_of[u], &mut mark);
            let second = self.rest(shape, p, w, u, &second, &pairs_of[w], &mut mark);
            self.pairs[p].first = first;
            self.pairs[p].second = second;
        }
    }

    /// The two units of pair `p`, lower first.
    fn units_of_pair(&self, p: usize) -> (usize, usize) {
        let units = self.pairs[p].units;
        let u = units.trailing_zeros() as usize;
        let w = (units & (units - 1)).trailing_zeros() as usize;
        (u, w)
    }

    /// Covers `cells` (unit `u`'s cells outside its pair `p` with `w`) by disjoint segments of `u`'s
    /// other pairs, those whose other unit is of `w`'s kind first (rows partition a box, so a box's
    /// rest beside a row is its other row segments), and loose cells for what is left. `mark` is
    /// scratch, all zero on entry and on return.
    #[allow(clippy::too_many_arguments)]
    fn rest(
        &mut self,
        shape: &Shape,
        p: usize,
        u: usize,
        w: usize,
        cells: &[u16],
        pairs_of_u: &[usize],
        mark: &mut [u8],
    ) -> Rest {
        let kind = |unit: usize| std::mem::discriminant(&shape.unit_kind(unit));
        let partner = |q: usize| {
            let (a, b) = self.units_of_pair(q);
            if a == u {
                b
            } else {
                a
            }
        };
        // 0: not in `cells`; 1: in `cells`, not yet covered; 2: covered by a segment taken.
        for &c in cells {
            mark[usize::from(c)] = 1;
        }
        let start = self.segments.len() as u32;
        let mut order: Vec<usize> = pairs_of_u.iter().copied().filter(|&q| q != p).collect();
        order.sort_by_key(|&q| kind(partner(q)) != kind(w));
        for q in order {
            let (shared, _, _) = self.split(&self.pairs[q]);
            if shared.iter().all(|&c| mark[usize::from(c)] == 1) {
                for &c in shared {
                    mark[usize::from(c)] = 2;
                }
                self.segments.push(q as u32);
            }
        }
        let segments = (start, self.segments.len() as u32);
        let start = self.loose.len() as u32;
        self.loose
            .extend(cells.iter().filter(|&&c| mark[usize::from(c)] == 1));
        for &c in cells {
            mark[usize::from(c)] = 0;
        }
        Rest {
            segments,
            loose: (start, self.loose.len() as u32),
        }
    }

    /// Records units `u` and `w` (`in_u` marks `u`'s cells) as a pair.
    fn add_pair(&mut self, shape: &Shape, u: usize, w: usize, in_u: &[bool]) {
        let in_w = |c: &&u16| shape.unit(w).contains(c);
        let start = self.cells.len() as u32;
        self.cells
            .extend(shape.unit(w).iter().filter(|&&c| in_u[usize::from(c)]));
        let shared_end = self.cells.len() as u32;
        self.cells.extend(shape.unit(u).iter().filter(|c| !in_w(c)));
        let first_end = self.cells.len() as u32;
        self.cells
            .extend(shape.unit(w).iter().filter(|&&c| !in_u[usize::from(c)]));
        self.pairs.push(Pair {
            units: 1 << u | 1 << w,
            start,
            shared_end,
            first_end,
            end: self.cells.len() as u32,
            first: Rest::default(),
            second: Rest::default(),
        });
    }

    /// `pair`'s cells: shared by both units, only in the first, only in the second.
    pub(crate) fn split(&self, pair: &Pair) -> (&[u16], &[u16], &[u16]) {
        let at = |a: u32, b: u32| &self.cells[a as usize..b as usize];
        (
            at(pair.start, pair.shared_end),
            at(pair.shared_end, pair.first_end),
            at(pair.first_end, pair.end),
        )
    }

    /// The candidates of `pair`'s shared cells, and of the cells only in its first and only in its
    /// second unit, given `segment`, the candidates of every pair's shared cells.
    #[inline]
    pub(crate) fn unions(&self, p: usize, segment: &[u32], cand: &[u32]) -> (u32, u32, u32) {
        let pair = &self.pairs[p];
        let union = |rest: Rest| {
            let (a, b) = rest.segments;
            let from_segments = self.segments[a as usize..b as usize]
                .iter()
                .fold(0, |m, &q| m | segment[q as usize]);
            let (a, b) = rest.loose;
            self.loose[a as usize..b as usize]
                .iter()
                .fold(from_segments, |m, &c| m | cand[usize::from(c)])
        };
        (segment[p], union(pair.first), union(pair.second))
    }

    /// Writes into `out` the candidates of every pair's shared cells, pair by pair.
    pub(crate) fn segment_unions(&self, cand: &[u32], out: &mut Vec<u32>) {
        out.clear();
        out.extend(self.pairs.iter().map(|pair| {
            self.cells[pair.start as usize..pair.shared_end as usize]
                .iter()
                .fold(0, |m, &c| m | cand[usize::from(c)])
        }));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::Rng;
    use crate::shape::{Regions, Rules, Variant};

    fn shapes() -> Vec<Shape> {
        let sized = |size: usize, variants: &[Variant]| Rules {
            size: Some(size),
            variants: variants.to_vec(),
            ..Rules::default()
        };
        let mut rules = vec![
            sized(4, &[]),
            sized(6, &[Variant::Hyper]),
            sized(9, &[Variant::X, Variant::Hyper]),
            sized(12, &[]),
            sized(16, &[Variant::X]),
            sized(25, &[]),
        ];
        let regions = super::super::jigsaw::random_regions(9, &mut Rng::seeded(7));
        rules.push(Rules {
            regions: Some(Regions::Text(super::super::jigsaw::labels(&regions))),
            variants: vec![Variant::X],
            ..sized(9, &[])
        });
        rules.iter().map(|r| Shape::new(r).unwrap()).collect()
    }

    #[test]
    fn a_pairs_unions_by_segments_are_the_unions_of_its_cells() {
        let mut rng = Rng::seeded(1);
        for shape in shapes() {
            let tables = Tables::new(&shape);
            assert!(!tables.pairs.is_empty());
            for _ in 0..20 {
                let cand: Vec<u32> = (0..shape.cell_count())
                    .map(|_| rng.below(u64::from(shape.all_values())) as u32)
                    .collect();
                let mut segment = Vec::new();
                tables.segment_unions(&cand, &mut segment);
                for (p, pair) in tables.pairs.iter().enumerate() {
                    let (shared, first, second) = tables.split(pair);
                    let union =
                        |cells: &[u16]| cells.iter().fold(0, |m, &c| m | cand[usize::from(c)]);
                    assert_eq!(
                        tables.unions(p, &segment, &cand),
                        (union(shared), union(first), union(second)),
                        "{:?} pair {p}",
                        shape.rules()
                    );
                }
            }
        }
    }

    #[test]
    fn a_units_rest_is_mostly_segments_on_boxed_shapes() {
        // A 16x16 row beside a box is three box segments, a box beside a row three row segments.
        let shape = &shapes()[4];
        let tables = Tables::new(shape);
        let loose: usize = tables
            .pairs
            .iter()
            .map(|p| (p.first.loose.1 - p.first.loose.0) as usize)
            .sum();
        let boxed = tables
            .pairs
            .iter()
            .filter(|p| p.first.segments.1 - p.first.segments.0 == 3)
            .count();
        assert!(boxed >= 128, "{boxed} pairs");
        // Only the diagonals' rests have loose cells (a diagonal meets a box off its own band).
        assert!(loose < tables.cells.len() / 4, "{loose} loose cells");
    }
}
