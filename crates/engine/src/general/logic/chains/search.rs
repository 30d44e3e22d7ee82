//! The breadth-first search every chain finder shares, over candidates with a truth value (states):
//! a strong link leads from a false candidate to a true one, a weak link from a true one to a false
//! one, so a path from "the start is false" proves each state on it.
//!
//! The links are cell sets ([`CellBits`]): a value's places, a cell's peers, a candidate's
//! conjugates, so a step along weak links is one intersection, as in HoDoKu. Its tables are sized by
//! the shape and reused from start to start, and from search to search on a thread, without
//! clearing. On shapes of at most nine values the search runs to
//! the full length from every start, as HoDoKu's does (at most a few million links
//! on a 9x9); on larger ones one finder call examines at most [`WORK`] links, counted, not timed,
//! so the same position always gives the same step and a 25x25 hint costs milliseconds.

use std::cell::Cell;

use super::rank::Rank;
use crate::general::logic::cell_bits::CellBits;
use crate::general::logic::links::{Links, State};
use crate::general::logic::position::{bit, values_of};
use crate::general::logic::step::Mark;

/// The most links one finder call examines on a shape of more than nine values.
pub const WORK: usize = 1_000_000;

/// The longest chain searched, in links (HoDoKu caps chains at 20 candidates).
pub const MAX_LINKS: usize = 19;

/// Which links a chain may use.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Scope {
    /// Conjugate pairs and peers on one value.
    OneValue,
    /// Bivalue cells only: strong inside a cell, weak between cells on one value.
    Bivalue,
    /// Every link.
    All,
}

/// Whether a state says its candidate is true.
pub fn is_on(s: State) -> bool {
    s & 1 == 1
}

/// `from` reached `to` (the start itself when a loop closes) with `links` links in all.
pub struct Reached {
    /// The state before the last link.
    pub from: State,
    /// The state reached.
    pub to: State,
    /// The chain's length in links.
    pub links: usize,
}

/// The states one link away from a state: `cells` with `value`, then `cell` with `values`, all
/// true (`on`) or all false.
struct NextStates<S> {
    cells: S,
    value: u8,
    values: u32,
    cell: usize,
    on: bool,
}

/// The tables of a search, by state: reused from start to start, and from search to search on one
/// thread (a state counts as seen only when stamped with the current generation), so a finder
/// call neither allocates nor clears them.
#[derive(Default)]
struct StateTables {
    parent: Vec<State>,
    depth: Vec<u8>,
    seen: Vec<u32>,
    generation: u32,
    queue: Vec<State>,
}

impl StateTables {
    /// This thread's spare tables, grown to `states`.
    fn take(states: usize) -> StateTables {
        let mut t = SPARE.take();
        if t.seen.len() < states {
            t.parent.resize(states, 0);
            t.depth.resize(states, 0);
            t.seen.resize(states, 0);
            t.queue.resize(states, 0);
        }
        t
    }

    /// A new generation: every state unseen.
    fn next_generation(&mut self) -> u32 {
        if self.generation == u32::MAX {
            self.seen.fill(0);
            self.generation = 0;
        }
        self.generation += 1;
        self.generation
    }
}

thread_local! {
    static SPARE: Cell<StateTables> = Cell::default();
}

/// A breadth-first search, reused from start to start without clearing.
pub struct ChainSearch<'a, 'g, 's, S: CellBits> {
    /// The links walked.
    pub links: &'a Links<'g, 's, S>,
    scope: Scope,
    t: StateTables,
    work: usize,
    /// The rank of the best chain found so far: a chain that cannot beat it is not built.
    pub bar: Cell<Option<Rank>>,
}

impl<'a, 'g, 's, S: CellBits> ChainSearch<'a, 'g, 's, S> {
    /// A search over `links` in `scope`.
    pub fn new(links: &'a Links<'g, 's, S>, scope: Scope) -> Self {
        let states = links.cells() * links.size * 2;
        let work = if links.size <= 9 { usize::MAX } else { WORK };
        ChainSearch {
            links,
            scope,
            t: StateTables::take(states),
            work,
            bar: Cell::new(None),
        }
    }

    /// The start of the current search.
    pub fn start(&self) -> State {
        self.t.queue[0]
    }

    /// Whether the work budget is spent.
    pub fn exhausted(&self) -> bool {
        self.work == 0
    }

    /// The states one link away from `s`, as two sets: cells that take `s`'s value, and values
    /// that `s`'s cell takes, each in the truth value given. Strong links lead out of a false
    /// candidate (to its conjugates, and the other value of a bivalue cell), weak links out of a
    /// true one (to its value's other places in sight, and its cell's other values).
    fn neighbours(&self, s: State) -> NextStates<S> {
        let links = self.links;
        let (cell, value) = (links.cell_of(s), links.value_of(s));
        let cand = links.candidates(cell);
        let on = !is_on(s);
        let (mut cells, mut values) = (S::EMPTY, 0);
        if on {
            if self.scope != Scope::Bivalue {
                cells = links.conjugates(cell, value);
            }
            if self.scope != Scope::OneValue && cand.count_ones() == 2 && cand & bit(value) != 0 {
                values = cand & !bit(value);
            }
        } else {
            cells = links.weak_peers(cell, value);
            if self.scope == Scope::Bivalue {
                cells &= links.bivalue();
            }
            if self.scope == Scope::All {
                values = cand & !bit(value);
            }
        }
        NextStates {
            cells,
            value,
            values,
            cell,
            on,
        }
    }

    /// Searches from `start` up to [`MAX_LINKS`] links, showing `judge` every state reached and
    /// every loop back to the start, until the budget is spent.
    pub fn run(&mut self, start: State, judge: &mut dyn FnMut(&ChainSearch<S>, Reached)) {
        let generation = self.t.next_generation();
        self.t.seen[start as usize] = generation;
        self.t.depth[start as usize] = 0;
        self.t.queue[0] = start;
        let (mut head, mut tail) = (0, 1);
        while head < tail {
            let s = self.t.queue[head];
            head += 1;
            let length = usize::from(self.t.depth[s as usize]) + 1;
            if length > MAX_LINKS {
                break;
            }
            let next = self.neighbours(s);
            if self.work != usize::MAX {
                let count = next.cells.len() + next.values.count_ones() as usize;
                if count >= self.work {
                    self.work = 0;
                    return;
                }
                self.work -= count;
            }
            let links = self.links;
            for t in next.cells.cells() {
                let t = links.state(t, next.value, next.on);
                self.visit(start, s, t, length, &mut tail, judge);
            }
            for v in values_of(next.values) {
                let t = links.state(next.cell, v, next.on);
                self.visit(start, s, t, length, &mut tail, judge);
            }
        }
    }

    /// Reaches `t` from `s`: queues it when it is new (the start is never queued again) and shows
    /// it to `judge`.
    fn visit(
        &mut self,
        start: State,
        s: State,
        t: State,
        links: usize,
        tail: &mut usize,
        judge: &mut dyn FnMut(&ChainSearch<S>, Reached),
    ) {
        if t != start {
            if self.t.seen[t as usize] == self.t.generation {
                return;
            }
            self.t.seen[t as usize] = self.t.generation;
            self.t.parent[t as usize] = s;
            self.t.depth[t as usize] = links as u8;
            self.t.queue[*tail] = t;
            *tail += 1;
        }
        judge(
            self,
            Reached {
                from: s,
                to: t,
                links,
            },
        );
    }

    /// Whether a chain of `links` links removing `value` from `targets` would rank above the best
    /// found so far (the same rank as the rank of the chain once found, without building the chain).
    pub fn could_beat(&self, targets: S, value: u8, links: usize) -> bool {
        let Some(bar) = self.bar.get() else {
            return true;
        };
        // One value: its candidates in cell order are already in (value, cell) order.
        let removed = targets.cells().map(|c| Mark::new(c, value));
        Rank::of(self.links.cells(), removed, targets.len(), links) < bar
    }

    /// The states from the start to `reach.to`, or nothing when a candidate repeats (the chain
    /// would not be a simple one; a loop back to the start's candidate is allowed).
    pub fn path(&self, reach: &Reached) -> Option<Vec<State>> {
        let mut path = Vec::with_capacity(MAX_LINKS + 2);
        path.extend([reach.to, reach.from]);
        let mut s = reach.from;
        while self.t.depth[s as usize] > 0 {
            s = self.t.parent[s as usize];
            path.push(s);
        }
        path.reverse();
        let closes = reach.to == path[0] && path.len() > 1;
        let nodes = if closes {
            &path[..path.len() - 1]
        } else {
            &path[..]
        };
        let mut seen: Vec<State> = nodes.iter().map(|&s| s / 2).collect();
        seen.sort_unstable();
        let before = seen.len();
        seen.dedup();
        (seen.len() == before).then_some(path)
    }
}

/// The tables go back to the thread's spare for the next search.
impl<S: CellBits> Drop for ChainSearch<'_, '_, '_, S> {
    fn drop(&mut self) {
        SPARE.set(std::mem::take(&mut self.t));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tables_left_by_one_search_are_taken_by_the_next_on_the_thread_grown_as_needed() {
        let mut t = StateTables::take(10);
        t.next_generation();
        let generation = t.generation;
        SPARE.set(t);
        let again = StateTables::take(4);
        assert_eq!(again.generation, generation);
        assert!(again.seen.len() >= 10);
        SPARE.set(again);
        assert!(StateTables::take(20).queue.len() >= 20);
    }

    #[test]
    fn the_generation_after_the_last_clears_every_stamp() {
        let mut t = StateTables::take(4);
        t.generation = u32::MAX;
        t.seen.fill(1);
        let generation = t.next_generation();
        assert_eq!(generation, 1);
        assert!(t.seen.iter().all(|&s| s == 0));
    }
}
