//! The breadth-first search every chain finder shares, over candidates with a truth value (states):
//! a strong link leads from a false candidate to a true one, a weak link from a true one to a false
//! one, so a path from "the start is false" proves each state on it.
//!
//! Sized by the shape (tables of cells times N states, reused from start to start) and bounded
//! twice: no chain is longer than its finder's cap in links, and one finder call examines at most
//! [`WORK`] links in all, so a step on a 25x25 grid costs milliseconds, not seconds. The bound is
//! counted, not timed, so the same position always gives the same step.

use super::links::Links;

/// The most links one finder call examines, over all its starts.
pub const WORK: usize = 400_000;

/// A candidate with a truth value: `node * 2 + 1` when the candidate is true ("on").
pub type State = u32;

/// The state of `value` in `cell` being true (`on`) or false.
pub fn state(links: &Links, cell: usize, value: u8, on: bool) -> State {
    ((cell * links.size + usize::from(value) - 1) * 2 + usize::from(on)) as State
}

/// The cell of a state.
pub fn cell_of(links: &Links, s: State) -> usize {
    s as usize / 2 / links.size
}

/// The value of a state.
pub fn value_of(links: &Links, s: State) -> u8 {
    (s as usize / 2 % links.size) as u8 + 1
}

/// Whether a state says its candidate is true.
pub fn is_on(s: State) -> bool {
    s & 1 == 1
}

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

/// `from` reached `to` (the start itself when a loop closes) with `links` links in all.
pub struct Reach {
    /// The state before the last link.
    pub from: State,
    /// The state reached.
    pub to: State,
    /// The chain's length in links.
    pub links: usize,
}

/// A breadth-first search, reused from start to start without clearing.
pub struct Search<'l, 'g, 's> {
    /// The links walked.
    pub links: &'l Links<'g, 's>,
    scope: Scope,
    max_links: usize,
    parent: Vec<State>,
    depth: Vec<u8>,
    seen: Vec<u32>,
    generation: u32,
    queue: Vec<State>,
    work: usize,
}

impl<'l, 'g, 's> Search<'l, 'g, 's> {
    /// A search over `links` in `scope`, chains of at most `max_links` links.
    pub fn new(links: &'l Links<'g, 's>, scope: Scope, max_links: usize) -> Self {
        let states = links.nodes() * 2;
        Search {
            links,
            scope,
            max_links,
            parent: vec![0; states],
            depth: vec![0; states],
            seen: vec![0; states],
            generation: 0,
            queue: Vec::with_capacity(states),
            work: WORK,
        }
    }

    /// The start of the current search.
    pub fn start(&self) -> State {
        self.queue[0]
    }

    /// Whether the work budget is spent.
    pub fn exhausted(&self) -> bool {
        self.work == 0
    }

    /// The states one link away from `s`: strong links out of a false candidate, weak links out of
    /// a true one.
    fn neighbours(&self, s: State, out: &mut Vec<State>) {
        out.clear();
        let links = self.links;
        let (cell, value) = (cell_of(links, s), value_of(links, s));
        if !is_on(s) {
            if self.scope != Scope::Bivalue {
                out.extend(
                    links
                        .conjugates(cell, value)
                        .iter()
                        .map(|&t| state(links, usize::from(t), value, true)),
                );
            }
            if self.scope != Scope::OneValue {
                if let Some(other) = links.bivalue_partner(cell, value) {
                    out.push(state(links, cell, other, true));
                }
            }
            return;
        }
        let bivalue_only = self.scope == Scope::Bivalue;
        out.extend(
            links
                .weak_peers(cell, value)
                .filter(|&p| !bivalue_only || links.candidates(p).count_ones() == 2)
                .map(|p| state(links, p, value, false)),
        );
        if self.scope == Scope::All {
            let others = links.candidates(cell) & !super::position::bit(value);
            out.extend(super::position::values_of(others).map(|v| state(links, cell, v, false)));
        }
    }

    /// Searches from `start`, showing `judge` every state reached (and every return to the start)
    /// until it answers, the chains reach the cap, or the budget is spent.
    pub fn run<T>(
        &mut self,
        start: State,
        judge: &mut dyn FnMut(&Search, &Reach) -> Option<T>,
    ) -> Option<T> {
        self.generation += 1;
        let generation = self.generation;
        self.seen[start as usize] = generation;
        self.depth[start as usize] = 0;
        self.queue.clear();
        self.queue.push(start);
        let mut head = 0;
        let mut next = Vec::new();
        while head < self.queue.len() {
            let s = self.queue[head];
            head += 1;
            let links = usize::from(self.depth[s as usize]) + 1;
            if links > self.max_links {
                break;
            }
            self.neighbours(s, &mut next);
            if next.len() >= self.work {
                self.work = 0;
                return None;
            }
            self.work -= next.len();
            for &t in &next {
                let reach = Reach {
                    from: s,
                    to: t,
                    links,
                };
                if t != start {
                    if self.seen[t as usize] == generation {
                        continue;
                    }
                    self.seen[t as usize] = generation;
                    self.parent[t as usize] = s;
                    self.depth[t as usize] = links as u8;
                    self.queue.push(t);
                }
                if let Some(found) = judge(self, &reach) {
                    return Some(found);
                }
            }
        }
        None
    }

    /// The states from the start to `reach.to`, or nothing when a candidate repeats (the chain
    /// would not be a simple one; a loop back to the start's candidate, true or false, is allowed).
    pub fn path(&self, reach: &Reach) -> Option<Vec<State>> {
        let mut path = vec![reach.to, reach.from];
        let mut s = reach.from;
        while self.depth[s as usize] > 0 {
            s = self.parent[s as usize];
            path.push(s);
        }
        path.reverse();
        let closes = path.len() > 1 && reach.to / 2 == path[0] / 2;
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

/// Runs `judge` over a search from each of `starts` in turn; the first chain it accepts.
pub fn first<T>(
    links: &Links,
    scope: Scope,
    max_links: usize,
    starts: impl Iterator<Item = State>,
    judge: &mut dyn FnMut(&Search, &Reach) -> Option<T>,
) -> Option<T> {
    let mut search = Search::new(links, scope, max_links);
    for start in starts {
        if let Some(found) = search.run(start, judge) {
            return Some(found);
        }
        if search.exhausted() {
            break;
        }
    }
    None
}
