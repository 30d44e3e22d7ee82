//! Following an assumption on any shape: place a value in a cell and let singles do the rest, cell by
//! cell, until nothing more is forced or something breaks.
//!
//! Two rules only, both sound on every shape: a cell left with one candidate takes it (and a placed
//! value leaves the cell's peers, which on a killer include its cage, since a cage repeats no
//! value), and a unit with one place left for a value it lacks puts it there (units have N cells, so
//! each holds every value; a cage need not, so it gives no hidden single). Cage sums are never read.
//!
//! Every follow draws on one work budget (peers visited, unit cells scanned, cells copied), counted
//! rather than timed so that a position always gives the same step; a follow the budget cannot pay
//! for is abandoned whole, so no trail is ever a partial one.

use super::super::geometry::Geometry;
use super::super::position::{bit, live_candidates, values_of, ShapePosition};
use super::super::step::Mark;

/// Marks a placed cell in a trail's end state (values use bits 0..25).
pub const PLACED: u32 = 1 << 31;

/// Why an assumption cannot hold.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Contradiction {
    /// A cell would have no candidate left.
    NoCandidate(usize),
    /// A value would have no place left in a unit that lacks it: (unit, value).
    NoPlace(usize, u8),
}

/// Where a consistent assumption leads.
pub struct Consequences {
    /// The placements singles force, in order, the assumption first.
    pub placed: Vec<Mark>,
    /// Each cell at the end: `PLACED | bit(value)` where the trail placed a value, else the
    /// candidates left (nothing for a cell filled before the assumption).
    pub end: Vec<u32>,
}

impl Consequences {
    /// The value the trail placed in `cell`, if any.
    pub fn placed_value(&self, cell: usize) -> Option<u8> {
        let e = self.end[cell];
        (e & PLACED != 0).then(|| (e & !PLACED).trailing_zeros() as u8 + 1)
    }

    /// The values `cell` still has at the end: its candidates, or the value placed there.
    pub fn kept(&self, cell: usize) -> u32 {
        self.end[cell] & !PLACED
    }
}

/// What one follow found: a trail, or why the assumption breaks with the placements made before.
pub type Followed = Result<Consequences, (Contradiction, Vec<Mark>)>;

/// The board being followed, copied from the start before each assumption.
#[derive(Clone)]
struct Supposed {
    values: Vec<u8>,
    cand: Vec<u32>,
    /// Each unit's placed values, as a bit set.
    placed_in: Vec<u32>,
}

/// Follows assumptions from one position, reusing its tables, within one work budget.
pub struct Follower<'a, 'g> {
    geo: &'a Geometry<'g>,
    start: Supposed,
    board: Supposed,
    /// Units already holding a hidden single or a value without a place at the start: scanned in
    /// every follow (none, once the earlier finders have had their turn).
    pending: Vec<usize>,
    dirty: Vec<bool>,
    dirty_list: Vec<usize>,
    queue: Vec<Mark>,
    work: usize,
}

impl<'a, 'g> Follower<'a, 'g> {
    /// A follower of `pos`'s live candidates (stale pencil marks left out) with `work` to spend.
    pub fn new(geo: &'a Geometry<'g>, pos: &ShapePosition, work: usize) -> Self {
        let shape = geo.shape;
        let cells = shape.cell_count();
        let start = Supposed {
            values: (0..cells).map(|c| pos.value(c)).collect(),
            cand: live_candidates(geo, pos).to_vec(),
            placed_in: (0..shape.unit_count())
                .map(|u| pos.placed(shape, u))
                .collect(),
        };
        let mut follower = Follower {
            geo,
            board: start.clone(),
            start,
            pending: Vec::new(),
            dirty: vec![false; shape.unit_count()],
            dirty_list: Vec::new(),
            queue: Vec::new(),
            work,
        };
        follower.pending = (0..shape.unit_count())
            .filter(|&u| follower.unit_singles(u) != Ok(0))
            .collect();
        follower
    }

    /// The geometry followed.
    pub fn geo(&self) -> &'a Geometry<'g> {
        self.geo
    }

    /// The live candidates of `cell` at the start.
    pub fn candidates(&self, cell: usize) -> u32 {
        self.start.cand[cell]
    }

    /// Whether the budget is spent.
    pub fn exhausted(&self) -> bool {
        self.work == 0
    }

    /// Takes `cost` from the budget; false (and the budget spent) when it cannot pay.
    pub fn spend(&mut self, cost: usize) -> bool {
        if cost > self.work {
            self.work = 0;
            return false;
        }
        self.work -= cost;
        true
    }

    /// Follows `value` in `cell`; `None` when the budget ran out first.
    pub fn follow(&mut self, cell: usize, value: u8) -> Option<Followed> {
        let cells = self.start.values.len();
        if !self.spend(cells) {
            return None;
        }
        self.board.clone_from(&self.start);
        self.dirty_list.clear();
        self.dirty.iter_mut().for_each(|d| *d = false);
        for &u in &self.pending {
            self.dirty[u] = true;
            self.dirty_list.push(u);
        }
        self.queue.clear();
        self.queue.push(Mark::new(cell, value));
        let mut placed = Vec::new();
        loop {
            while let Some(m) = self.queue.pop() {
                match self.place(m)? {
                    Ok(true) => placed.push(m),
                    Ok(false) => {}
                    Err(broken) => {
                        placed.push(m);
                        return Some(Err((broken, placed)));
                    }
                }
            }
            if let Err(broken) = self.hidden_singles()? {
                return Some(Err((broken, placed)));
            }
            if self.queue.is_empty() {
                break;
            }
        }
        Some(Ok(self.trail(placed)))
    }

    fn trail(&self, placed: Vec<Mark>) -> Consequences {
        let end = (0..self.start.values.len())
            .map(|c| match (self.start.values[c], self.board.values[c]) {
                (0, 0) => self.board.cand[c],
                (0, v) => PLACED | bit(v),
                _ => 0,
            })
            .collect();
        Consequences { placed, end }
    }

    fn mark_dirty(&mut self, unit: usize) {
        if !self.dirty[unit] {
            self.dirty[unit] = true;
            self.dirty_list.push(unit);
        }
    }

    /// Places `m` and queues the naked singles it leaves; whether it was new (a cell can be queued
    /// twice for the same value). `None` when the budget ran out.
    fn place(&mut self, m: Mark) -> Option<Result<bool, Contradiction>> {
        let shape = self.geo.shape;
        let (c, v) = (m.cell, m.value);
        if self.board.values[c] == v {
            return Some(Ok(false));
        }
        if self.board.cand[c] & bit(v) == 0 {
            return Some(Err(Contradiction::NoCandidate(c)));
        }
        let peers = shape.peers(c);
        if !self.spend(peers.len()) {
            return None;
        }
        self.board.values[c] = v;
        self.board.cand[c] = 0;
        for &u in shape.units_of(c) {
            self.board.placed_in[usize::from(u)] |= bit(v);
            self.mark_dirty(usize::from(u));
        }
        for &p in peers {
            let p = usize::from(p);
            if self.board.cand[p] & bit(v) == 0 {
                continue;
            }
            let left = self.board.cand[p] & !bit(v);
            self.board.cand[p] = left;
            for &u in shape.units_of(p) {
                self.mark_dirty(usize::from(u));
            }
            if left == 0 {
                return Some(Err(Contradiction::NoCandidate(p)));
            }
            if left.count_ones() == 1 {
                self.queue
                    .push(Mark::new(p, left.trailing_zeros() as u8 + 1));
            }
        }
        Some(Ok(true))
    }

    /// Queues the hidden singles of the units changed since the last scan; a value without a place
    /// in a unit that lacks it breaks the assumption. `None` when the budget ran out.
    fn hidden_singles(&mut self) -> Option<Result<(), Contradiction>> {
        let n = self.geo.shape.size();
        // In unit order, as a full scan would meet them: the queue is a stack, so the order
        // decides which single is placed first, and so the trail a step shows.
        self.dirty_list.sort_unstable_by(|a, b| b.cmp(a));
        while let Some(u) = self.dirty_list.pop() {
            self.dirty[u] = false;
            if !self.spend(n) {
                return None;
            }
            let singles = match self.unit_singles(u) {
                Ok(singles) => singles,
                Err(broken) => return Some(Err(broken)),
            };
            for v in values_of(singles) {
                let mut cells = self.geo.shape.unit(u).iter().map(|&c| usize::from(c));
                let home = cells.find(|&c| self.board.cand[c] & bit(v) != 0);
                self.queue.extend(home.map(|c| Mark::new(c, v)));
            }
        }
        Some(Ok(()))
    }

    /// The values with one place left in `unit`, or the first value with none.
    fn unit_singles(&self, unit: usize) -> Result<u32, Contradiction> {
        let shape = self.geo.shape;
        let (mut once, mut twice) = (0u32, 0u32);
        for &c in shape.unit(unit) {
            let k = self.board.cand[usize::from(c)];
            twice |= once & k;
            once |= k;
        }
        let missing = shape.all_values() & !self.board.placed_in[unit];
        let nowhere = missing & !once;
        if nowhere != 0 {
            return Err(Contradiction::NoPlace(
                unit,
                nowhere.trailing_zeros() as u8 + 1,
            ));
        }
        Ok(missing & once & !twice)
    }
}
