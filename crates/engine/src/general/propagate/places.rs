//! A value's few places in a unit, read against the cells they all reach: when every place a
//! unit has left for a value sees a cell or is bound to it by a relation, the cell keeps only the
//! values one of those places allows beside that value, since the value goes in one of them.
//! "5 in box 1 is in A2 or B1, both orthogonal neighbours of A1 in a non-consecutive puzzle, so A1
//! is neither 4 nor 6"; "every place of 3 in row A is a knight's move from C2, so C2 is not 3".
//! Locked candidates is its case for plain units; this rule runs after it and after naked pairs,
//! only on grids where most cells reach beyond their units (anti-knight, anti-king,
//! non-consecutive, negative dots or letters: see [`crate::general::constraints::Reach`]), and
//! reads values with two or three places.

use super::Propagator;
use crate::shape::{Shape, MAX_SIZE};

/// The most places a value may have in a unit for the rule to read it.
const MOST_PLACES: usize = 3;

/// Words of a set of cells on the largest grid (25x25, 625 cells).
const MAX_WORDS: usize = (MAX_SIZE * MAX_SIZE).div_ceil(64);

impl Propagator<'_> {
    /// For each changed unit and each value with two or three places in it, narrows the cells all
    /// those places reach. `None` when that empties a cell.
    pub(super) fn places(&mut self, shape: &Shape, cand: &mut [u32]) -> Option<()> {
        let tables = self.tables;
        let reach = tables.reach.as_ref().expect("called with a reach");
        let mut todo = std::mem::take(&mut self.dirty_places);
        // A set of cells, on the stack: this runs at every node of the search.
        let mut common = [0u64; MAX_WORDS];
        let common = &mut common[..reach.words()];
        while todo != 0 {
            let u = todo.trailing_zeros() as usize;
            todo &= todo - 1;
            let unit = shape.unit(u);
            let [_, two, _, four] = places_at_least(unit, cand);
            let mut few = two & !four;
            while few != 0 {
                let bit = few & few.wrapping_neg();
                few &= few - 1;
                let mut places = [0usize; MOST_PLACES];
                let mut count = 0;
                for &c in unit {
                    let c = usize::from(c);
                    if cand[c] & bit != 0 && count < MOST_PLACES {
                        places[count] = c;
                        count += 1;
                    }
                }
                let places = &places[..count];
                // The board may have moved since the unit was counted.
                if count < 2 {
                    continue;
                }
                common.copy_from_slice(reach.near(places[0]));
                for &p in &places[1..] {
                    for (w, &near) in common.iter_mut().zip(reach.near(p)) {
                        *w &= near;
                    }
                }
                for (w, word) in common.iter().enumerate() {
                    let mut word = *word;
                    while word != 0 {
                        let cell = w * 64 + word.trailing_zeros() as usize;
                        word &= word - 1;
                        let allowed = places
                            .iter()
                            .fold(0, |acc, &p| acc | reach.allowed(p, cell, bit));
                        let gone = cand[cell] & !allowed;
                        if gone != 0 {
                            self.remove(cand, cell, gone)?;
                        }
                    }
                }
            }
        }
        Some(())
    }
}

/// The values of `unit` by how many places they have on `cand`: `[k - 1]` holds, one bit per
/// value, those with at least `k` places, for `k` from 1 to 4.
pub(crate) fn places_at_least(unit: &[u16], cand: &[u32]) -> [u32; 4] {
    let (mut one, mut two, mut three, mut four) = (0u32, 0u32, 0u32, 0u32);
    for &c in unit {
        let m = cand[usize::from(c)];
        four |= three & m;
        three |= two & m;
        two |= one & m;
        one |= m;
    }
    [one, two, three, four]
}
