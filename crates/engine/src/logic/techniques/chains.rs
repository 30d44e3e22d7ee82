//! Chains: alternating strong and weak links between candidates. If the first candidate of a chain
//! is false, its strong link makes the next true, whose weak link makes the next false, and so on,
//! so either the first or the last candidate is true.
//!
//! - [`x_chain`]: one digit, links between squares only (longer than a turbot fish);
//! - [`xy_chain`]: bivalue squares joined by a shared digit;
//! - [`aic`]: any digits, any links, with nice loops: a chain that returns to its start square.
//!
//! Each finder searches breadth first from every start (so each chain is the shortest between its
//! ends), capped at [`MAX_LINKS`] links, and offers the chain HoDoKu would: the one that removes the
//! most, the shortest among equals.

use std::cell::Cell;
use std::cmp::Reverse;

use super::links::{node, Links};
use super::Context;
use crate::digit::Digit;
use crate::logic::position::Position;
use crate::logic::step::{Candidate, Pattern, Step};
use crate::logic::words::{and_list, removals};
use crate::square::{Square, Unit};
use crate::square_set::SquareSet;
use crate::technique::Technique;

/// The longest chain searched, in links (HoDoKu caps chains at 20 candidates).
pub const MAX_LINKS: usize = 19;

/// The fewest links of an X-chain or XY-chain: shorter ones are turbot fish and XY-wings.
const MIN_LONG_CHAIN: usize = 5;

/// A candidate with a truth value: `node * 2 + 1` when the candidate is true ("on").
type State = u16;

const STATES: usize = 729 * 2;

fn state(square: Square, digit: Digit, on: bool) -> State {
    (node(square, digit) * 2 + usize::from(on)) as State
}

fn square_of(s: State) -> Square {
    Square::new(s as usize / 18).expect("a state names a square")
}

fn digit_of(s: State) -> Digit {
    Digit::from_index(s as usize / 2 % 9)
}

fn is_on(s: State) -> bool {
    s & 1 == 1
}

/// Which links a chain may use.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Scope {
    /// Conjugate pairs and peers on one digit.
    OneDigit,
    /// Bivalue squares only: strong inside a square, weak between squares on one digit.
    Bivalue,
    /// Every link.
    All,
}

/// A breadth-first search over states, reused from start to start without clearing.
struct Search<'a> {
    links: &'a Links,
    scope: Scope,
    bivalue: SquareSet,
    parent: [State; STATES],
    depth: [u8; STATES],
    seen: [u32; STATES],
    generation: u32,
    queue: [State; STATES],
    /// The rank of the best chain found so far: a chain that cannot beat it is not built.
    bar: Cell<Option<Rank>>,
}

/// What reaching a state means to a finder: `from` reached `to` (the start itself when a loop
/// closes) with `links` links in all.
struct Reach {
    from: State,
    to: State,
    links: usize,
}

impl<'a> Search<'a> {
    fn new(links: &'a Links, scope: Scope) -> Search<'a> {
        let bivalue = Square::all()
            .filter(|&s| links.candidates(s).len() == 2)
            .collect();
        Search {
            links,
            scope,
            bivalue,
            parent: [0; STATES],
            depth: [0; STATES],
            seen: [0; STATES],
            generation: 0,
            queue: [0; STATES],
            bar: Cell::new(None),
        }
    }

    /// The states one link away from `s`: strong links out of a false candidate, weak links out of
    /// a true one.
    fn neighbours(&self, s: State, out: &mut [State; 32]) -> usize {
        let (square, digit) = (square_of(s), digit_of(s));
        let mut n = 0;
        let mut push = |t: State| {
            out[n] = t;
            n += 1;
        };
        if !is_on(s) {
            if self.scope != Scope::Bivalue {
                for t in self.links.conjugates(square, digit) {
                    push(state(t, digit, true));
                }
            }
            if self.scope != Scope::OneDigit {
                if let Some(other) = self.links.bivalue_partner(square, digit) {
                    push(state(square, other, true));
                }
            }
            return n;
        }
        let mut peers = self.links.weak_peers(square, digit);
        if self.scope == Scope::Bivalue {
            peers &= self.bivalue;
        }
        for t in peers {
            push(state(t, digit, false));
        }
        if self.scope == Scope::All {
            for other in self.links.candidates(square).without(digit).iter() {
                push(state(square, other, false));
            }
        }
        n
    }

    /// Searches from `start` up to [`MAX_LINKS`] links, showing `judge` every state reached and
    /// every loop back to the start.
    fn run(&mut self, start: State, judge: &mut dyn FnMut(&Search, Reach)) {
        self.generation += 1;
        let generation = self.generation;
        self.seen[start as usize] = generation;
        self.depth[start as usize] = 0;
        self.queue[0] = start;
        let (mut head, mut tail) = (0, 1);
        let mut buf = [0; 32];
        while head < tail {
            let s = self.queue[head];
            head += 1;
            let links = self.depth[s as usize] as usize + 1;
            if links > MAX_LINKS {
                break;
            }
            let count = self.neighbours(s, &mut buf);
            for &t in &buf[..count] {
                if t == start {
                    judge(
                        self,
                        Reach {
                            from: s,
                            to: t,
                            links,
                        },
                    );
                    continue;
                }
                if self.seen[t as usize] == generation {
                    continue;
                }
                self.seen[t as usize] = generation;
                self.parent[t as usize] = s;
                self.depth[t as usize] = links as u8;
                self.queue[tail] = t;
                tail += 1;
                judge(
                    self,
                    Reach {
                        from: s,
                        to: t,
                        links,
                    },
                );
            }
        }
    }

    /// Whether a chain of `links` links removing `digit` from `targets` would rank above the best
    /// found so far (the same rank as [`Found::rank`], without building the chain).
    fn could_beat(&self, targets: SquareSet, digit: Digit, links: usize) -> bool {
        let Some(bar) = self.bar.get() else {
            return true;
        };
        // One digit: its candidates in square order are already in (digit, square) order.
        Rank::of(targets.iter().map(|s| Candidate::new(s, digit)), links) < bar
    }

    /// The states from the start to `reach.to`, or nothing when a candidate repeats (the chain
    /// would not be a simple one).
    fn path(&self, reach: &Reach) -> Option<Vec<State>> {
        let mut path = vec![reach.to, reach.from];
        let mut s = reach.from;
        while self.depth[s as usize] > 0 {
            s = self.parent[s as usize];
            path.push(s);
        }
        path.reverse();
        let closes = reach.to == path[0] && path.len() > 1;
        let nodes = if closes {
            &path[..path.len() - 1]
        } else {
            &path[..]
        };
        let mut seen = [false; 729];
        for &s in nodes {
            let n = s as usize / 2;
            if seen[n] {
                return None;
            }
            seen[n] = true;
        }
        Some(path)
    }
}

/// An X-chain: on one digit, a chain of at least five links from one square to another, both ends
/// holding the digit; one of them does, so squares seeing both lose it.
pub fn x_chain(position: &Position, _: &Context) -> Option<Step> {
    let starts = Digit::all().flat_map(|d| {
        position
            .squares_with(d)
            .iter()
            .map(move |s| state(s, d, false))
    });
    let found = best(position, Scope::OneDigit, starts, &mut |search, reach| {
        same_digit_ends(search, &reach, MIN_LONG_CHAIN)
    })?;
    Some(build(position, Technique::XChain, found))
}

/// An XY-chain: bivalue squares, each joined to the next by a shared digit, starting and ending on
/// the same digit; one end holds it, so squares seeing both ends lose it.
pub fn xy_chain(position: &Position, _: &Context) -> Option<Step> {
    let starts = Square::all()
        .filter(|&s| position.candidates(s).len() == 2)
        .flat_map(|s| {
            position
                .candidates(s)
                .iter()
                .map(move |d| state(s, d, false))
        });
    let found = best(position, Scope::Bivalue, starts, &mut |search, reach| {
        same_digit_ends(search, &reach, MIN_LONG_CHAIN)
    })?;
    Some(build(position, Technique::XYChain, found))
}

/// An alternating inference chain over any digits and links, or a nice loop returning to its start
/// square (continuous: every weak link becomes strong; discontinuous: the start is fixed or loses a
/// digit).
pub fn aic(position: &Position, _: &Context) -> Option<Step> {
    let starts = Square::all().flat_map(|s| {
        position
            .candidates(s)
            .iter()
            .map(move |d| state(s, d, false))
    });
    let found = best(position, Scope::All, starts, &mut |search, reach| {
        judge_aic(search, &reach)
    })?;
    Some(build(position, Technique::Aic, found))
}

mod found;
mod step;
use found::*;
use step::build;

#[cfg(test)]
mod tests;
