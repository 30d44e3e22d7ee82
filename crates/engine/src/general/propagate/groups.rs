//! The tiers of propagation that read groups of cells rather than units: the killer groups (see
//! [`super::super::cages`]) and then the constraints (see [`super::super::constraints`]), each
//! narrowed only when a cell of it changed since it last was.

use super::{Changed, ConflictSite, Propagator};
use crate::shape::Shape;

impl Propagator<'_> {
    /// Narrows killer groups to the combinations that reach their sums (see [`super::super::cages`]): of
    /// the groups holding a cell changed since they were last narrowed, one tier at a time (small
    /// groups before large ones, and of each size the given cages before the rule of 45's groups;
    /// see `cages/waiting.rs`). `Some(false)` when no group was waiting.
    fn cages(&mut self, shape: &Shape, cand: &mut [u32]) -> Option<bool> {
        let Some(cages) = &self.tables.cages else {
            return Some(false);
        };
        if !cages.take_first(&mut self.groups, &mut self.pass) {
            return Some(false);
        }
        let mut scratch = std::mem::take(&mut self.narrowed);
        let possible = cages.narrow(shape, cand, &self.pass, &mut scratch);
        let applied = possible
            && scratch
                .out
                .iter()
                .zip(&scratch.by)
                .all(|(&(c, bits), &by)| {
                    let (cell, by) = (usize::from(c), usize::from(by));
                    // A group that takes a cell's last candidates is the rule that failed.
                    if cand[cell] & !bits == 0 {
                        self.conflict = ConflictSite::Group(by as u16);
                        return false;
                    }
                    self.remove_unmarked(cand, cell, bits)
                        .is_some_and(|changed| {
                            if changed != Changed::No {
                                self.mark_constraints(cell);
                            }
                            match changed {
                                Changed::No => {}
                                // The group narrows more strongly with fewer open cells (exactly at
                                // four, by Hall's condition at six): it looks again.
                                Changed::Placed => cages.mark(cell, &mut self.groups),
                                Changed::Narrowed => cages.mark_but(cell, by, &mut self.groups),
                            }
                            true
                        })
                });
        if !possible {
            self.conflict = ConflictSite::Group(scratch.failed as u16);
        }
        self.narrowed = scratch;
        applied.then_some(true)
    }

    /// The killer groups, then the constraints, holding a cell changed since they were last
    /// narrowed: `Some(false)` when none was waiting (at once on shapes with neither).
    pub(super) fn groups(&mut self, shape: &Shape, cand: &mut [u32]) -> Option<bool> {
        // Allocated only where there are groups or constraints.
        if self.changed.is_empty() {
            return Some(false);
        }
        self.mark_changed();
        Some(self.cages(shape, cand)? || self.constraints(cand)?)
    }

    /// Marks the killer groups and the constraints holding each cell changed since the last call.
    fn mark_changed(&mut self) {
        let tables = self.tables;
        let cells = tables.units_of.len();
        for w in 0..self.changed.len() {
            let mut word = std::mem::take(&mut self.changed[w]);
            while word != 0 {
                let cell = w * 64 + word.trailing_zeros() as usize;
                word &= word - 1;
                if cell < cells {
                    if let Some(cages) = &tables.cages {
                        cages.mark(cell, &mut self.groups);
                    }
                    self.mark_constraints(cell);
                }
            }
        }
    }

    /// Marks the constraints reading `cell`, changed by a killer group (which marks the groups
    /// itself).
    #[inline]
    fn mark_constraints(&mut self, cell: usize) {
        if let Some(constraints) = &self.tables.constraints {
            constraints.mark(cell, &mut self.waiting);
        }
    }

    /// Narrows every waiting constraint once, in order; `Some(false)` when none was waiting,
    /// `None` when one leaves a cell without candidates. A removal marks its cell, so the
    /// constraints reading it (this one too) are narrowed again on the next pass.
    fn constraints(&mut self, cand: &mut [u32]) -> Option<bool> {
        let tables = self.tables;
        let Some(constraints) = &tables.constraints else {
            return Some(false);
        };
        if self.waiting.iter().all(|&w| w == 0) {
            return Some(false);
        }
        let mut removals = std::mem::take(&mut self.removals);
        let result = (|| {
            for w in 0..self.waiting.len() {
                let mut word = std::mem::take(&mut self.waiting[w]);
                while word != 0 {
                    let p = w * 64 + word.trailing_zeros() as usize;
                    word &= word - 1;
                    removals.clear();
                    constraints.narrow(p, cand, &mut self.sums, &mut removals);
                    for &(cell, bits) in &removals {
                        let cell = usize::from(cell);
                        // The constraint that takes a cell's last candidates is the rule that
                        // failed.
                        if cand[cell] & !bits == 0 {
                            self.conflict = ConflictSite::Constraint(p as u16);
                            return None;
                        }
                        self.remove(cand, cell, bits)?;
                    }
                }
            }
            Some(true)
        })();
        self.removals = removals;
        result
    }
}
