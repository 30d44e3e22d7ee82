//! Strong and weak links between candidates on any shape, the edges chains and colouring walk
//! along.
//!
//! A candidate is a value in a cell (a node, `cell * N + value - 1`). Two candidates are strongly
//! linked when at least one is true: the only two places of a value in a unit that still lacks it
//! (a conjugate pair), or the two values of a bivalue cell. They are weakly linked when at most one
//! is true: the same value in two cells that see each other, or two values of one cell. Built once
//! per position (colouring and the three chain finders asked on one position share them) from the
//! shape's own units, as cell sets ([`CellBits`]): a value's places, a cell's peers, a candidate's
//! conjugates, so a step along weak links is one intersection.

use std::borrow::Cow;
use std::sync::Arc;

use super::cell_bits::CellBits;
use super::geometry::{units_in, Geometry};
use super::position::{bit, values_of, ShapePosition};
use super::step::Mark;

/// A candidate with a truth value: `node * 2 + 1` when the candidate is true ("on"), where a node
/// is `cell * N + value - 1`.
pub type State = u32;

/// The links of one position.
pub struct Links<'g, 's, S: CellBits> {
    /// The shape's geometry.
    pub geo: &'g Geometry<'s>,
    /// The shape's size (values per cell).
    pub size: usize,
    units: Cow<'g, [S]>,
    peers: Cow<'g, [S]>,
    data: Arc<LinkData<S>>,
}

/// What the links read of the position, worked out once per position.
struct LinkData<S> {
    cand: Vec<u32>,
    /// Each value's cells.
    places: Vec<S>,
    conjugates: Vec<S>,
    bivalue: S,
    node_cell: Vec<u16>,
    node_value: Vec<u8>,
}

impl<'g, 's, S: CellBits> Links<'g, 's, S> {
    /// The links of `pos`, worked out on the first call for this position. A unit that already
    /// holds a value has no conjugate pair of it, whatever stale pencil marks say.
    pub fn new(geo: &'g Geometry<'s>, pos: &ShapePosition) -> Links<'g, 's, S> {
        let (units, peers) = S::shape_sets(geo);
        let data = pos.shared(|| LinkData::new(geo, &units, pos));
        Links {
            geo,
            size: geo.shape.size(),
            units,
            peers,
            data,
        }
    }

    /// The number of cells.
    pub fn cells(&self) -> usize {
        self.data.cand.len()
    }

    /// The candidates of `cell`.
    pub fn candidates(&self, cell: usize) -> u32 {
        self.data.cand[cell]
    }

    /// Whether `value` is a candidate of `cell`.
    pub fn has(&self, cell: usize, value: u8) -> bool {
        self.data.cand[cell] & bit(value) != 0
    }

    /// The cells forming a conjugate pair with `value` in `cell`.
    pub fn conjugates(&self, cell: usize, value: u8) -> S {
        self.data.conjugates[cell * self.size + usize::from(value) - 1]
    }

    /// Whether `value` in `cell` has a strong link (a conjugate, or the other value of a bivalue
    /// cell): a chain can start from it.
    pub fn is_strong(&self, cell: usize, value: u8) -> bool {
        !self.conjugates(cell, value).is_empty() || self.data.cand[cell].count_ones() == 2
    }

    /// The cells holding `value` that see `cell` (weak links on one value).
    pub fn weak_peers(&self, cell: usize, value: u8) -> S {
        self.places(value) & self.peers[cell]
    }

    /// The bivalue cells.
    pub fn bivalue(&self) -> S {
        self.data.bivalue
    }

    /// The cells holding `value` that see both `a` and `b`.
    pub fn seeing_both(&self, a: usize, b: usize, value: u8) -> S {
        self.places(value) & self.peers[a] & self.peers[b]
    }

    /// The unit a link between two different cells runs through: for a strong link the first unit
    /// they share where they are the value's only places, else the first unit they share.
    pub fn link_unit(&self, a: usize, b: usize, value: u8, strong: bool) -> Option<usize> {
        let shared = self.geo.common_unit_set([a, b]);
        let first = units_in(shared).next();
        if !strong {
            return first;
        }
        let places = self.places(value);
        units_in(shared)
            .find(|&u| (places & self.units[u]).len() == 2)
            .or(first)
    }

    /// The state of `value` in `cell` being true (`on`) or false.
    pub fn state(&self, cell: usize, value: u8, on: bool) -> State {
        ((cell * self.size + usize::from(value) - 1) * 2 + usize::from(on)) as State
    }

    /// The cell of a state.
    pub fn cell_of(&self, s: State) -> usize {
        usize::from(self.data.node_cell[s as usize / 2])
    }

    /// The value of a state.
    pub fn value_of(&self, s: State) -> u8 {
        self.data.node_value[s as usize / 2]
    }

    /// The candidate of a state.
    pub fn mark(&self, s: State) -> Mark {
        Mark::new(self.cell_of(s), self.value_of(s))
    }
}

impl<S: CellBits> Links<'_, '_, S> {
    fn places(&self, value: u8) -> S {
        self.data.places[usize::from(value) - 1]
    }
}

impl<S: CellBits> LinkData<S> {
    fn new(geo: &Geometry, units: &[S], pos: &ShapePosition) -> LinkData<S> {
        let shape = geo.shape;
        let size = shape.size();
        let cand: Vec<u32> = (0..shape.cell_count()).map(|c| pos.candidates(c)).collect();
        let mut places = vec![S::EMPTY; size];
        for (cell, &values) in cand.iter().enumerate() {
            for value in values_of(values) {
                places[usize::from(value) - 1].insert(cell);
            }
        }
        let mut conjugates = vec![S::EMPTY; cand.len() * size];
        for (unit, &cells) in units.iter().enumerate() {
            let missing = shape.all_values() & !pos.placed(shape, unit);
            for value in values_of(missing) {
                let mut rest = places[usize::from(value) - 1] & cells;
                if rest.len() != 2 {
                    continue;
                }
                let (Some(a), Some(b)) = (rest.pop_first(), rest.pop_first()) else {
                    continue;
                };
                let node = |cell: usize| cell * size + usize::from(value) - 1;
                conjugates[node(a)].insert(b);
                conjugates[node(b)].insert(a);
            }
        }
        let bivalue = S::of((0..cand.len()).filter(|&c| cand[c].count_ones() == 2));
        let nodes = 0..cand.len() * size;
        let node_cell = nodes.clone().map(|n| (n / size) as u16).collect();
        let node_value = nodes.map(|n| (n % size) as u8 + 1).collect();
        LinkData {
            cand,
            places,
            conjugates,
            bivalue,
            node_cell,
            node_value,
        }
    }
}
