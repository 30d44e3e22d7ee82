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

/// What a chain proves.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Conclusion {
    /// Either end is the digit: squares seeing both ends lose it.
    SameDigitEnds,
    /// The ends, which see each other, hold different digits: each loses the other's digit.
    CrossedEnds,
    /// The chain from "the start is not d" ends in "the start is d": the start is d.
    StartIsDigit,
    /// The chain from "the start is not d" ends in "the start is not e": the start cannot be e.
    StartIsNot(Digit),
    /// The chain closes on itself: every weak link of the loop is also strong.
    ContinuousLoop,
}

/// A chain found and what it changes.
struct Found {
    /// Its length in links, the closing link of a loop not counted (a loop is no harder than the
    /// chain it closes).
    links: usize,
    chain: Vec<Candidate>,
    conclusion: Conclusion,
    placements: Vec<Candidate>,
    eliminations: Vec<Candidate>,
}

fn candidate(s: State) -> Candidate {
    Candidate::new(square_of(s), digit_of(s))
}

/// The candidates of `digit` in the squares that see both `a` and `b`.
fn seeing_both(links: &Links, a: Square, b: Square, digit: Digit) -> Vec<Candidate> {
    (links.places(digit) & SquareSet::peers(a) & SquareSet::peers(b))
        .iter()
        .map(|s| Candidate::new(s, digit))
        .collect()
}

/// A chain of at least `min` links from a false start to a true candidate of the start's digit in
/// another square; squares seeing both ends lose the digit.
fn same_digit_ends(search: &Search, reach: &Reach, min: usize) -> Option<Found> {
    let start = search.queue[0];
    if reach.links < min || !is_on(reach.to) || reach.to == start {
        return None;
    }
    let (from, to) = (square_of(start), square_of(reach.to));
    if from == to || digit_of(start) != digit_of(reach.to) {
        return None;
    }
    let digit = digit_of(start);
    let targets = search.links.places(digit) & SquareSet::peers(from) & SquareSet::peers(to);
    if targets.is_empty() || !search.could_beat(targets, digit, reach.links) {
        return None;
    }
    let eliminations = targets.iter().map(|s| Candidate::new(s, digit)).collect();
    let path = search.path(reach)?;
    Some(Found {
        links: reach.links,
        chain: path.into_iter().map(candidate).collect(),
        conclusion: Conclusion::SameDigitEnds,
        placements: Vec::new(),
        eliminations,
    })
}

/// What an alternating inference chain or nice loop from the search's start proves on reaching
/// `reach`, if anything.
fn judge_aic(search: &Search, reach: &Reach) -> Option<Found> {
    if reach.links < 3 {
        return None;
    }
    let start = search.queue[0];
    let (s0, d0) = (square_of(start), digit_of(start));
    let (end, digit) = (square_of(reach.to), digit_of(reach.to));
    if end != s0 {
        if !is_on(reach.to) {
            return None;
        }
        if digit == d0 {
            return same_digit_ends(search, reach, 3);
        }
        return crossed_ends(search, reach);
    }
    // Back in the start square: a nice loop, whose first link must leave the square.
    let path = search.path(reach)?;
    if square_of(path[1]) == s0 {
        return None;
    }
    let mut chain: Vec<Candidate> = path.iter().map(|&s| candidate(s)).collect();
    let closed = reach.to == start;
    let links = search.links;
    let (conclusion, placements, eliminations) = match (is_on(reach.to), digit == d0) {
        (true, true) => (
            Conclusion::StartIsDigit,
            vec![Candidate::new(s0, d0)],
            Vec::new(),
        ),
        (false, false) => (
            Conclusion::StartIsNot(digit),
            Vec::new(),
            vec![Candidate::new(s0, digit)],
        ),
        // Back onto the start itself, or a true other digit of the start square, which closes
        // the loop with a weak link inside the square.
        _ => {
            if !closed {
                chain.push(candidate(start));
            }
            (
                Conclusion::ContinuousLoop,
                Vec::new(),
                loop_eliminations(links, &chain),
            )
        }
    };
    if placements.is_empty() && eliminations.is_empty() {
        return None;
    }
    Some(Found {
        links: if closed { reach.links - 1 } else { reach.links },
        chain,
        conclusion,
        placements,
        eliminations,
    })
}

/// Ends in two squares that see each other with different digits: at least one end holds, so the
/// end square holding the start's digit loses it, and the start square loses the end's digit.
fn crossed_ends(search: &Search, reach: &Reach) -> Option<Found> {
    let start = search.queue[0];
    let (s0, d0) = (square_of(start), digit_of(start));
    let (end, digit) = (square_of(reach.to), digit_of(reach.to));
    if !SquareSet::peers(s0).contains(end) {
        return None;
    }
    let links = search.links;
    let mut eliminations = Vec::new();
    if links.candidates(end).contains(d0) {
        eliminations.push(Candidate::new(end, d0));
    }
    if links.candidates(s0).contains(digit) {
        eliminations.push(Candidate::new(s0, digit));
    }
    if eliminations.is_empty() {
        return None;
    }
    let path = search.path(reach)?;
    Some(Found {
        links: reach.links,
        chain: path.into_iter().map(candidate).collect(),
        conclusion: Conclusion::CrossedEnds,
        placements: Vec::new(),
        eliminations,
    })
}

/// What a continuous loop removes: each weak link holds exactly one true end, so a weak link
/// between squares clears its digit from the squares seeing both ends (outside the loop), and a
/// weak link inside a square leaves that square only its two digits.
fn loop_eliminations(links: &Links, chain: &[Candidate]) -> Vec<Candidate> {
    let on_loop: SquareSet = chain.iter().map(|c| c.square).collect();
    let mut out = Vec::new();
    // Links alternate strong, weak from the start; the closing link (last) is weak.
    for (i, pair) in chain.windows(2).enumerate() {
        if i % 2 == 0 {
            continue;
        }
        let (a, b) = (pair[0], pair[1]);
        if a.square == b.square {
            let others = links.candidates(a.square).without(a.digit).without(b.digit);
            out.extend(others.iter().map(|d| Candidate::new(a.square, d)));
        } else {
            out.extend(
                seeing_both(links, a.square, b.square, a.digit)
                    .into_iter()
                    .filter(|c| !on_loop.contains(c.square)),
            );
        }
    }
    out
}

/// How HoDoKu ranks the chains it finds, best first: the most candidates removed (a placement
/// counts as removing the square's other candidates), then the lowest weighted sum of the removed
/// candidates (its tie-break, which favours the top of the grid), then the fewest links.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
struct Rank {
    removals: Reverse<usize>,
    index_sum: usize,
    links: usize,
}

impl Found {
    fn rank(&self, links: &Links) -> Rank {
        let mut removed: Vec<Candidate> = match self.placements.first() {
            Some(p) => links
                .candidates(p.square)
                .without(p.digit)
                .iter()
                .map(|d| Candidate::new(p.square, d))
                .collect(),
            None => self.eliminations.clone(),
        };
        removed.sort_by_key(|c| (c.digit, c.square));
        removed.dedup();
        Rank::of(removed.into_iter(), self.links)
    }
}

impl Rank {
    /// The rank of a chain of `links` links removing `removed`, given in (digit, square) order.
    fn of(removed: impl ExactSizeIterator<Item = Candidate>, links: usize) -> Rank {
        let removals = removed.len();
        let index_sum = removed
            .enumerate()
            .map(|(i, c)| c.square.index() * (1 + 80 * i) + usize::from(c.digit.get()))
            .sum();
        Rank {
            removals: Reverse(removals),
            index_sum,
            links,
        }
    }
}

/// Searches every start to the full length and keeps the best chain by HoDoKu's [`Rank`] (the
/// first found among equals), so a step removes what HoDoKu's would and a path takes as many
/// chain steps as HoDoKu's.
fn best(
    position: &Position,
    scope: Scope,
    starts: impl Iterator<Item = State>,
    judge: &mut dyn FnMut(&Search, Reach) -> Option<Found>,
) -> Option<Found> {
    let links = Links::new(position);
    let mut search = Search::new(&links, scope);
    // The best chain's rank is the search's bar: it is set with `best` and nowhere else.
    let mut best: Option<Found> = None;
    for start in starts {
        search.run(start, &mut |search, reach| {
            let Some(found) = judge(search, reach) else {
                return;
            };
            let rank = found.rank(&links);
            if search.bar.get().is_none_or(|top| rank < top) {
                search.bar.set(Some(rank));
                best = Some(found);
            }
        });
    }
    best
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

/// Sorted eliminations as people read them: one digit from several squares (`7 from A2 and H2`),
/// else grouped by the digits each square loses (`5 and 9 from E6; 7 from F2 and F3`).
fn by_square(eliminations: &[Candidate]) -> String {
    if eliminations
        .iter()
        .all(|c| c.digit == eliminations[0].digit)
    {
        return removals(eliminations);
    }
    let mut per_square: Vec<(Square, Vec<Digit>)> = Vec::new();
    for c in eliminations {
        match per_square.last_mut() {
            Some((square, digits)) if *square == c.square => digits.push(c.digit),
            _ => per_square.push((c.square, vec![c.digit])),
        }
    }
    let mut groups: Vec<(Vec<Digit>, Vec<Square>)> = Vec::new();
    for (square, digits) in per_square {
        match groups.iter_mut().find(|(ds, _)| *ds == digits) {
            Some((_, squares)) => squares.push(square),
            None => groups.push((digits, vec![square])),
        }
    }
    groups
        .into_iter()
        .map(|(digits, squares)| format!("{} from {}", and_list(digits), and_list(squares)))
        .collect::<Vec<_>>()
        .join("; ")
}

/// The chain as people write it: `(4)B2 = (4)B7 - (4)E7 = (4)E3`.
fn chain_text(chain: &[Candidate]) -> String {
    let mut text = String::new();
    for (i, c) in chain.iter().enumerate() {
        if i > 0 {
            text.push_str(if i % 2 == 1 { " = " } else { " - " });
        }
        text.push_str(&format!("({}){}", c.digit, c.square));
    }
    text
}

fn pattern(links: &Links, chain: &[Candidate]) -> Pattern {
    let mut squares: Vec<Square> = Vec::new();
    let mut units: Vec<Unit> = Vec::new();
    let mut digits: Vec<Digit> = Vec::new();
    for c in chain {
        if !squares.contains(&c.square) {
            squares.push(c.square);
        }
        if !digits.contains(&c.digit) {
            digits.push(c.digit);
        }
    }
    for (i, pair) in chain.windows(2).enumerate() {
        let (a, b) = (pair[0], pair[1]);
        if a.square == b.square {
            continue;
        }
        if let Some(unit) = links.link_unit(a.square, b.square, a.digit, i % 2 == 0) {
            if !units.contains(&unit) {
                units.push(unit);
            }
        }
    }
    digits.sort();
    Pattern {
        squares,
        units,
        digits,
    }
}

fn build(position: &Position, technique: Technique, found: Found) -> Step {
    let links = Links::new(position);
    let chain = &found.chain;
    let (first, last) = (chain[0], chain[chain.len() - 1]);
    let text = chain_text(chain);
    let mut eliminations = found.eliminations.clone();
    eliminations.sort();
    eliminations.dedup();
    let squares = and_list(eliminations.iter().map(|c| c.square));
    let reason = match found.conclusion {
        Conclusion::SameDigitEnds => format!(
            "Either {} or {} is {}, so {} can be removed from squares that see both: {squares}.",
            first.square, last.square, first.digit, first.digit
        ),
        Conclusion::CrossedEnds => format!(
            "Either {} is {} or {} is {}, and the two squares see each other, so {} can be \
             removed.",
            first.square,
            first.digit,
            last.square,
            last.digit,
            by_square(&eliminations)
        ),
        Conclusion::StartIsDigit => format!(
            "If {} were not {}, the loop would make it {}, so {} is {}.",
            first.square, first.digit, first.digit, first.square, first.digit
        ),
        Conclusion::StartIsNot(d) => format!(
            "If {} were {d}, it would not be {}, and the loop would then rule {d} out of {}; so \
             {d} can be removed from {}.",
            first.square, first.digit, first.square, first.square
        ),
        Conclusion::ContinuousLoop => format!(
            "The chain closes into a loop, so every weak link in it is also strong: exactly one end \
             of each holds. So {} can be removed.",
            by_square(&eliminations)
        ),
    };
    let explanation = format!("{text}. {reason}");
    let pattern = pattern(&links, chain);
    if let Some(p) = found.placements.first() {
        return Step::placement(technique, p.square, p.digit, pattern, explanation);
    }
    Step::elimination(technique, eliminations, pattern, explanation)
}

#[cfg(test)]
mod tests;
