//! Norvig's two rules over any shape's units: a cell with one candidate leaves its peers, and a unit
//! with one place for a value puts it there; repeated until neither applies. The search adds a third,
//! locked candidates: when a unit's places for a value all lie where it meets another unit, the value
//! leaves the rest of that other unit (a box and a row, a window and a box, a region and a column).
//!
//! Candidates are one `u32` per cell (bit `v - 1` for value `v`), so N up to 25 fits. A cell is
//! queued the moment it is down to one candidate and removes that candidate from its peers when it
//! leaves the queue; each cell does that once per board, because candidates only shrink. Every change
//! marks the changed cell's units, and the other two rules look only at marked units: after a guess,
//! most of the board has not moved. On a killer, every change also marks the cell for the cage
//! groups holding it, which are narrowed only when marked (see [`super::cages`]); likewise for the
//! constraints' propagators (see [`super::constraints`]), narrowed after the killer groups.
//!
//! On a shape with constraints, a fourth rule runs last: naked pairs (two cells of a unit left with
//! the same two values take them from the unit's other cells). Constraints leave many cells with
//! two values, which Norvig's rules do not read together; it roughly halves the nodes of the
//! published arrow, pill and killer-arrow puzzles, and classic, jigsaw and killer boards never pay
//! for it.
//!
//! On grids where most cells reach beyond their units (anti-knight, anti-king, non-consecutive,
//! negative dots or letters), a fifth: a value's two or three places in a unit narrow the cells
//! they all see or are bound to (see `places`).
//!
//! The rules run cheapest first (singles, hidden singles, killer groups tier by tier, constraints, locked
//! candidates, naked pairs), each only when the cheaper ones have nothing left. Each rule only removes
//! candidates, removes more from fewer, and finds nothing new when run again at once, so the board
//! they settle on is the same in whatever order they run: order buys speed (and decides which rule
//! reports a contradiction first, which the search's conflict weights read), never a different
//! answer.
//!
//! The group tiers (killer groups, constraints) are in `groups`.

mod groups;
mod places;

pub(crate) use places::places_at_least;

use super::cages::Scratch;
use super::constraints::{Out, SumScratch};
use super::tables::{Tables, UnitSet};
use crate::shape::Shape;

/// What propagation left.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Settled {
    /// A cell with no candidate, or a unit without a place for some value.
    Contradiction,
    /// Every cell has one candidate.
    Solved,
    /// Some cells have several candidates; the search must branch.
    Open,
}

/// What a removal did to a cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Changed {
    /// Nothing: the values were gone already.
    No,
    /// Removed values and left several.
    Narrowed,
    /// Left one value.
    Placed,
}

/// The rule that found the last contradiction, for the search's conflict weights.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) enum ConflictSite {
    /// No contradiction found yet.
    #[default]
    Unknown,
    /// A cell lost its last candidate.
    Cell(u16),
    /// A unit has no place for some value.
    Unit(u16),
    /// A killer group (see [`super::cages::CageTables::group_cells`]) cannot reach its sum.
    Group(u16),
    /// A constraint's propagator (see [`super::constraints::ConstraintTables::cells`]) left a
    /// cell without candidates.
    Constraint(u16),
}

/// Propagation's scratch space, reused across the boards of one search.
#[derive(Debug)]
pub(crate) struct Propagator<'t> {
    tables: &'t Tables,
    /// Whether locked candidates run too (Norvig's candidates are the two rules alone).
    locked: bool,
    queue: Vec<u16>,
    /// Units changed since hidden singles last looked at them.
    dirty: UnitSet,
    /// Units changed since locked candidates last looked at them.
    dirty_locked: UnitSet,
    /// Units changed since naked pairs last looked at them (shapes with constraints only).
    dirty_pairs: UnitSet,
    /// Units changed since their values' few places were last read (see `places`; shapes with
    /// relations or move peers only).
    dirty_places: UnitSet,
    /// Whether a cell changed since killer groups were last marked from the changed cells.
    dirty_cages: bool,
    /// The cells changed since killer groups and constraints were last marked, one bit each
    /// (shapes with cages or constraints only).
    changed: Vec<u64>,
    /// The constraints' propagators waiting to be narrowed, one bit each.
    waiting: Vec<u64>,
    /// The removals the last narrowed constraint asked for, reused.
    removals: Out,
    /// The sum propagators' tables, reused.
    sums: SumScratch,
    /// The killer groups waiting to be narrowed: those holding a cell changed since they were
    /// last narrowed.
    groups: Vec<u64>,
    /// The groups of the pass under way.
    pass: Vec<u64>,
    /// The cages' narrowing state (removals asked for, answers remembered), reused.
    narrowed: Scratch,
    /// The candidates of each unit pair's shared cells, reused by locked candidates.
    segment: Vec<u32>,
    /// What found the last contradiction.
    conflict: ConflictSite,
    /// A cell [`Propagator::touch`] found with no candidate left: the next settle's contradiction.
    emptied: Option<u16>,
}

impl<'t> Propagator<'t> {
    /// Whether the board is a puzzle of thermometers alone (see `ConstraintTables::weighted`).
    pub(crate) fn thermometers_alone(&self) -> bool {
        (self.tables.constraints.as_ref()).is_some_and(|c| !c.weighted())
    }

    /// A propagator applying Norvig's two rules, and locked candidates when `locked`.
    pub(crate) fn new(tables: &'t Tables, locked: bool) -> Self {
        let cells = tables.units_of.len();
        let groups = tables
            .cages
            .as_ref()
            .map_or(Vec::new(), |cages| vec![0; cages.words()]);
        let waiting = tables
            .constraints
            .as_ref()
            .map_or(Vec::new(), |constraints| vec![0; constraints.words()]);
        let changed = if groups.is_empty() && waiting.is_empty() {
            Vec::new()
        } else {
            vec![0; cells.div_ceil(64)]
        };
        let pass = groups.clone();
        Propagator {
            tables,
            locked,
            queue: Vec::new(),
            dirty: 0,
            dirty_locked: 0,
            dirty_pairs: 0,
            dirty_places: 0,
            dirty_cages: false,
            changed,
            waiting,
            removals: Vec::new(),
            sums: SumScratch::default(),
            groups,
            pass,
            narrowed: Scratch::default(),
            segment: Vec::new(),
            conflict: ConflictSite::Unknown,
            emptied: None,
        }
    }

    /// The rule that found the last contradiction [`Propagator::settle`] reported.
    pub(crate) fn conflict(&self) -> ConflictSite {
        self.conflict
    }

    /// Starts on a new board: queues every cell already down to one candidate (the givens) and
    /// marks every unit.
    pub(crate) fn start(&mut self, cand: &[u32]) {
        self.queue.clear();
        self.emptied = None;
        self.queue.extend(
            (0..cand.len())
                .filter(|&c| cand[c].count_ones() == 1)
                .map(|c| c as u16),
        );
        self.dirty = self.tables.all_units;
        self.dirty_locked = self.tables.all_units;
        self.dirty_pairs = self.tables.all_units;
        self.dirty_places = self.tables.all_units;
        self.dirty_cages = true;
        // A new board: every group is narrowed once.
        self.changed.fill(u64::MAX);
    }

    /// Puts `bit` alone in `cell` and queues it.
    pub(crate) fn assign(&mut self, cand: &mut [u32], cell: usize, bit: u32) {
        cand[cell] = bit;
        self.dirty |= self.tables.units_of[cell];
        self.mark(cell);
        self.queue.push(cell as u16);
    }

    /// Notes that `cell` changed, for the killer groups holding it.
    #[inline]
    fn mark(&mut self, cell: usize) {
        if let Some(word) = self.changed.get_mut(cell / 64) {
            *word |= 1 << (cell % 64);
        }
    }

    /// Marks `cell`'s units as changed, and queues it when it is down to one candidate: for cells
    /// changed behind the propagator's back.
    /// An emptied cell is kept for [`Propagator::settle`] to report: queued, its peers would lose
    /// nothing, and the fixpoint could pass it by.
    pub(crate) fn touch(&mut self, cand: &[u32], cell: usize) {
        self.dirty |= self.tables.units_of[cell];
        self.mark(cell);
        match cand[cell] {
            0 => self.emptied = Some(cell as u16),
            c if c & (c - 1) == 0 => self.queue.push(cell as u16),
            _ => {}
        }
    }

    /// Applies the rules to a fixpoint.
    pub(crate) fn settle(&mut self, shape: &Shape, cand: &mut [u32]) -> Settled {
        let emptied = self.emptied.take();
        if let Some(cell) = emptied {
            self.conflict = ConflictSite::Cell(cell);
        }
        if emptied.is_some() || self.fixpoint(shape, cand).is_none() {
            self.queue.clear();
            self.dirty = 0;
            self.dirty_locked = 0;
            self.dirty_pairs = 0;
            self.dirty_places = 0;
            self.dirty_cages = false;
            self.changed.fill(0);
            self.groups.fill(0);
            self.waiting.fill(0);
            return Settled::Contradiction;
        }
        if cand.iter().all(|&c| c & (c - 1) == 0) {
            Settled::Solved
        } else {
            Settled::Open
        }
    }

    /// The rules, cheapest first, until none changes anything; `None` at a contradiction.
    fn fixpoint(&mut self, shape: &Shape, cand: &mut [u32]) -> Option<()> {
        loop {
            while let Some(cell) = self.queue.pop() {
                let cell = usize::from(cell);
                let bit = cand[cell];
                for &p in shape.peers(cell) {
                    self.remove(cand, usize::from(p), bit)?;
                }
            }
            if self.dirty != 0 {
                self.dirty_cages = true;
                self.hidden_singles(shape, cand)?;
            } else if self.dirty_cages {
                self.dirty_cages = self.groups(shape, cand)?;
            } else if self.locked && self.dirty_locked != 0 {
                self.locked_candidates(cand)?;
            } else if self.locked && self.dirty_pairs != 0 && self.tables.constraints.is_some() {
                self.naked_pairs(shape, cand)?;
            } else if self.locked && self.dirty_places != 0 && self.tables.reach.is_some() {
                self.places(shape, cand)?;
            } else {
                return Some(());
            }
        }
    }

    /// [`Propagator::remove`] without noting the change for the killer groups (the caller
    /// does): how `cell` changed, `None` when it has no candidate left.
    #[inline]
    fn remove_unmarked(&mut self, cand: &mut [u32], cell: usize, bits: u32) -> Option<Changed> {
        let before = cand[cell];
        if before & bits == 0 {
            return Some(Changed::No);
        }
        let after = before & !bits;
        if after == 0 {
            self.conflict = ConflictSite::Cell(cell as u16);
            return None;
        }
        cand[cell] = after;
        self.dirty |= self.tables.units_of[cell];
        if after & (after - 1) == 0 {
            self.queue.push(cell as u16);
            return Some(Changed::Placed);
        }
        Some(Changed::Narrowed)
    }

    /// Takes `bits` out of `cell`, queueing it when one candidate is left; `None` when none is.
    // Written out rather than as `remove_unmarked` and a mark: that cost 0.2-0.6% more
    // instructions on generating a 9x9 killer and a 16x16 (callgrind), this being the hottest call.
    #[inline]
    fn remove(&mut self, cand: &mut [u32], cell: usize, bits: u32) -> Option<()> {
        let before = cand[cell];
        if before & bits == 0 {
            return Some(());
        }
        let after = before & !bits;
        if after == 0 {
            self.conflict = ConflictSite::Cell(cell as u16);
            return None;
        }
        cand[cell] = after;
        self.dirty |= self.tables.units_of[cell];
        self.mark(cell);
        if after & (after - 1) == 0 {
            self.queue.push(cell as u16);
        }
        Some(())
    }

    /// Places every value that has one place left in a changed unit; `None` when a value has none.
    fn hidden_singles(&mut self, shape: &Shape, cand: &mut [u32]) -> Option<()> {
        let all = shape.all_values();
        let mut todo = std::mem::take(&mut self.dirty);
        self.dirty_locked |= todo;
        while todo != 0 {
            let u = todo.trailing_zeros() as usize;
            todo &= todo - 1;
            let unit = shape.unit(u);
            let (mut once, mut twice, mut fixed) = (0u32, 0u32, 0u32);
            for &c in unit {
                let m = cand[usize::from(c)];
                twice |= once & m;
                once |= m;
                if m & (m - 1) == 0 {
                    fixed |= m;
                }
            }
            if once != all {
                self.conflict = ConflictSite::Unit(u as u16);
                return None;
            }
            let mut hidden = once & !twice & !fixed;
            while hidden != 0 {
                let bit = hidden & hidden.wrapping_neg();
                hidden &= hidden - 1;
                // A cell that was the one place of two values has just taken the first.
                let Some(cell) = unit
                    .iter()
                    .map(|&c| usize::from(c))
                    .find(|&c| cand[c] & bit != 0)
                else {
                    self.conflict = ConflictSite::Unit(u as u16);
                    return None;
                };
                self.assign(cand, cell, bit);
            }
        }
        Some(())
    }

    /// For each pair of changed units sharing cells: a value one unit keeps to the shared cells
    /// leaves the other unit's remaining cells. `None` when that empties a cell.
    ///
    /// The unions of the pairs' shared cells are taken once, before any removal: removals made in
    /// the pass leave them larger than the board, which only costs eliminations this pass (each
    /// removal marks its units, so the pass runs again) or makes one where the board already lacks
    /// a value in a unit, a contradiction hidden singles reports. The fixpoint is the same.
    fn locked_candidates(&mut self, cand: &mut [u32]) -> Option<()> {
        let tables = self.tables;
        let todo = std::mem::take(&mut self.dirty_locked);
        self.dirty_pairs |= todo;
        self.dirty_places |= todo;
        let mut segment = std::mem::take(&mut self.segment);
        tables.segment_unions(cand, &mut segment);
        let result = (|| {
            for (p, pair) in tables.pairs.iter().enumerate() {
                if pair.units & todo == 0 {
                    continue;
                }
                let (s, a, b) = tables.unions(p, &segment, cand);
                let from_second = s & !a & b;
                let from_first = s & !b & a;
                if from_second | from_first == 0 {
                    continue;
                }
                let (_, first, second) = tables.split(pair);
                for (cells, bits) in [(second, from_second), (first, from_first)] {
                    if bits != 0 {
                        for &c in cells {
                            self.remove(cand, usize::from(c), bits)?;
                        }
                    }
                }
            }
            Some(())
        })();
        self.segment = segment;
        result
    }
}

impl Propagator<'_> {
    /// Two cells of a changed unit left with the same two values take them from the unit's other
    /// cells. `None` when that empties a cell.
    fn naked_pairs(&mut self, shape: &Shape, cand: &mut [u32]) -> Option<()> {
        let mut todo = std::mem::take(&mut self.dirty_pairs);
        while todo != 0 {
            let u = todo.trailing_zeros() as usize;
            todo &= todo - 1;
            let unit = shape.unit(u);
            let mut seen = [0u32; 8];
            let mut count = 0;
            for &c in unit {
                let m = cand[usize::from(c)];
                if m.count_ones() != 2 {
                    continue;
                }
                if seen[..count].contains(&m) {
                    for &o in unit {
                        if cand[usize::from(o)] != m {
                            self.remove(cand, usize::from(o), m)?;
                        }
                    }
                } else if count < seen.len() {
                    seen[count] = m;
                    count += 1;
                }
            }
        }
        Some(())
    }
}

/// The board of a new search: a given's one value, every value elsewhere.
pub(crate) fn initial(shape: &Shape, values: &[u8]) -> Vec<u32> {
    let all = shape.all_values();
    values
        .iter()
        .map(|&v| if v == 0 { all } else { 1 << (v - 1) })
        .collect()
}

#[cfg(test)]
mod tests;
