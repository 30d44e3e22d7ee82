//! Strong and weak links between candidates on any shape, the edges chains walk along.
//!
//! A candidate is a value in a cell (a node, `cell * N + value - 1`). Two candidates are strongly
//! linked when at least one is true: the only two places of a value in a unit that still lacks it
//! (a conjugate pair), or the two values of a bivalue cell. They are weakly linked when at most one
//! is true: the same value in two cells that see each other, or two values of one cell. Built once
//! per finder call from the shape's own units, sized by the shape (no fixed 9x9 tables).

use super::geometry::Geometry;
use super::position::{bit, ShapePosition};

/// The links of one position.
pub struct Links<'g, 's> {
    /// The geometry of the shape.
    pub geo: &'g Geometry<'s>,
    /// N.
    pub size: usize,
    cand: Vec<u32>,
    /// For each node, the cells it forms a conjugate pair with, ascending.
    conjugates: Vec<Vec<u16>>,
}

impl<'g, 's> Links<'g, 's> {
    /// The links of `pos`. A unit that already holds a value has no conjugate pair of it, whatever
    /// stale pencil marks say.
    pub fn new(geo: &'g Geometry<'s>, pos: &ShapePosition) -> Links<'g, 's> {
        let shape = geo.shape;
        let size = shape.size();
        let cells = shape.cell_count();
        let cand: Vec<u32> = (0..cells).map(|c| pos.candidates(c)).collect();
        let mut conjugates = vec![Vec::new(); cells * size];
        for unit in 0..shape.unit_count() {
            let missing = shape.all_values() & !pos.placed(shape, unit);
            for value in super::position::values_of(missing) {
                let mut places = shape
                    .unit(unit)
                    .iter()
                    .map(|&c| usize::from(c))
                    .filter(|&c| cand[c] & bit(value) != 0);
                let (Some(a), Some(b), None) = (places.next(), places.next(), places.next()) else {
                    continue;
                };
                for (x, y) in [(a, b), (b, a)] {
                    let list: &mut Vec<u16> = &mut conjugates[x * size + usize::from(value) - 1];
                    if !list.contains(&(y as u16)) {
                        list.push(y as u16);
                    }
                }
            }
        }
        for list in &mut conjugates {
            list.sort_unstable();
        }
        Links {
            geo,
            size,
            cand,
            conjugates,
        }
    }

    /// The number of nodes (cells times N).
    pub fn nodes(&self) -> usize {
        self.cand.len() * self.size
    }

    /// The candidates of `cell`.
    pub fn candidates(&self, cell: usize) -> u32 {
        self.cand[cell]
    }

    /// Whether `value` is a candidate of `cell`.
    pub fn has(&self, cell: usize, value: u8) -> bool {
        self.cand[cell] & bit(value) != 0
    }

    /// The cells forming a conjugate pair with `value` in `cell`.
    pub fn conjugates(&self, cell: usize, value: u8) -> &[u16] {
        &self.conjugates[cell * self.size + usize::from(value) - 1]
    }

    /// The other value of `cell` when it is bivalue and holds `value`.
    pub fn bivalue_partner(&self, cell: usize, value: u8) -> Option<u8> {
        let set = self.cand[cell];
        if set.count_ones() != 2 || set & bit(value) == 0 {
            return None;
        }
        Some((set & !bit(value)).trailing_zeros() as u8 + 1)
    }

    /// The cells seeing `cell` that hold `value` (weak links on one value).
    pub fn weak_peers(&self, cell: usize, value: u8) -> impl Iterator<Item = usize> + '_ {
        self.geo
            .shape
            .peers(cell)
            .iter()
            .map(|&p| usize::from(p))
            .filter(move |&p| self.has(p, value))
    }

    /// The cells holding `value` that see both `a` and `b` (neither of them).
    pub fn seeing_both(&self, a: usize, b: usize, value: u8) -> Vec<usize> {
        self.weak_peers(a, value)
            .filter(|&c| c != b && self.geo.sees(c, b))
            .collect()
    }

    /// The unit a link between two different cells runs through: for a strong link a unit where
    /// they are the value's only places, else the first unit they share.
    pub fn link_unit(&self, a: usize, b: usize, value: u8, strong: bool) -> Option<usize> {
        let shape = self.geo.shape;
        let shared = self.geo.common_units(&[a, b]);
        if strong {
            let only_pair = shared.iter().copied().find(|&u| {
                shape
                    .unit(u)
                    .iter()
                    .filter(|&&c| self.has(usize::from(c), value))
                    .count()
                    == 2
            });
            if only_pair.is_some() {
                return only_pair;
            }
        }
        shared.first().copied()
    }
}
