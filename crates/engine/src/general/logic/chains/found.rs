//! What a chain found by the search proves, judged by its ends, and which of the chains found a
//! finder offers: HoDoKu's best.

use super::rank::Rank;
use super::search::{is_on, ChainSearch, Reached, Scope};
use crate::general::logic::cell_bits::CellBits;
use crate::general::logic::links::{Links, State};
use crate::general::logic::position::{bit, values_of};
use crate::general::logic::step::Mark;

/// What a chain proves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Conclusion {
    /// Either end is the value: cells seeing both ends lose it.
    SameValueEnds,
    /// The ends, which see each other, hold different values: each loses the other's value.
    CrossedEnds,
    /// The chain from "the start is not v" ends in "the start is v": the start is v.
    StartIsValue,
    /// The chain from "the start is not v" ends in "the start is not w": the start cannot be w.
    StartIsNot(u8),
    /// The chain closes on itself: every weak link of the loop is also strong.
    ContinuousLoop,
}

/// A chain found and what it changes.
pub struct Found {
    /// Its length in links, the closing link of a loop not counted (a loop is no harder than the
    /// chain it closes).
    pub links: usize,
    pub chain: Vec<Mark>,
    pub conclusion: Conclusion,
    pub placements: Vec<Mark>,
    pub eliminations: Vec<Mark>,
}

/// A chain of at least `min` links from a false start to a true candidate of the start's value in
/// another cell; cells seeing both ends lose the value.
pub fn same_value_ends<S: CellBits>(
    search: &ChainSearch<S>,
    reach: &Reached,
    min: usize,
) -> Option<Found> {
    let links = search.links;
    let start = search.start();
    if reach.links < min || !is_on(reach.to) || reach.to == start {
        return None;
    }
    let (from, to) = (links.cell_of(start), links.cell_of(reach.to));
    let value = links.value_of(start);
    if from == to || value != links.value_of(reach.to) {
        return None;
    }
    let targets = links.seeing_both(from, to, value);
    if targets.is_empty() || !search.could_beat(targets, value, reach.links) {
        return None;
    }
    let eliminations = targets.cells().map(|c| Mark::new(c, value)).collect();
    Found::open(search, reach, Conclusion::SameValueEnds, eliminations)
}

/// What an alternating inference chain or nice loop from the search's start proves on reaching
/// `reach`, if anything.
pub fn judge_aic<S: CellBits>(search: &ChainSearch<S>, reach: &Reached) -> Option<Found> {
    if reach.links < 3 {
        return None;
    }
    let links = search.links;
    let start = search.start();
    let (c0, v0) = (links.cell_of(start), links.value_of(start));
    let (end, value) = (links.cell_of(reach.to), links.value_of(reach.to));
    if end != c0 {
        if !is_on(reach.to) {
            return None;
        }
        if value == v0 {
            return same_value_ends(search, reach, 3);
        }
        return crossed_ends(search, reach);
    }
    // Back in the start cell: a nice loop, whose first link must leave the cell.
    let path = search.path(reach)?;
    if links.cell_of(path[1]) == c0 {
        return None;
    }
    let mut chain: Vec<Mark> = path.iter().map(|&s| links.mark(s)).collect();
    let closed = reach.to == start;
    let (conclusion, placements, eliminations) = match (is_on(reach.to), value == v0) {
        (true, true) => (
            Conclusion::StartIsValue,
            vec![Mark::new(c0, v0)],
            Vec::new(),
        ),
        (false, false) => (
            Conclusion::StartIsNot(value),
            Vec::new(),
            vec![Mark::new(c0, value)],
        ),
        // Back onto the start itself, or a true other value of the start cell, which closes the
        // loop with a weak link inside the cell.
        _ => {
            if !closed {
                chain.push(links.mark(start));
            }
            let eliminations = loop_eliminations(links, &chain);
            (Conclusion::ContinuousLoop, Vec::new(), eliminations)
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

/// Ends in two cells that see each other with different values: at least one end holds, so the
/// end cell holding the start's value loses it, and the start cell loses the end's value.
fn crossed_ends<S: CellBits>(search: &ChainSearch<S>, reach: &Reached) -> Option<Found> {
    let links = search.links;
    let start = search.start();
    let (c0, v0) = (links.cell_of(start), links.value_of(start));
    let (end, value) = (links.cell_of(reach.to), links.value_of(reach.to));
    if !links.geo.sees(c0, end) {
        return None;
    }
    let mut eliminations = Vec::new();
    if links.has(end, v0) {
        eliminations.push(Mark::new(end, v0));
    }
    if links.has(c0, value) {
        eliminations.push(Mark::new(c0, value));
    }
    if eliminations.is_empty() {
        return None;
    }
    Found::open(search, reach, Conclusion::CrossedEnds, eliminations)
}

/// What a continuous loop removes: each weak link holds exactly one true end, so a weak link
/// between cells clears its value from the cells seeing both ends (outside the loop), and a weak
/// link inside a cell leaves that cell only its two values.
fn loop_eliminations<S: CellBits>(links: &Links<S>, chain: &[Mark]) -> Vec<Mark> {
    let on_loop = S::of(chain.iter().map(|m| m.cell));
    let mut out = Vec::new();
    // Links alternate strong, weak from the start; the closing link (last) is weak.
    for pair in chain.windows(2).skip(1).step_by(2) {
        let (a, b) = (pair[0], pair[1]);
        if a.cell == b.cell {
            let others = links.candidates(a.cell) & !bit(a.value) & !bit(b.value);
            out.extend(values_of(others).map(|v| Mark::new(a.cell, v)));
        } else {
            let seeing = links.seeing_both(a.cell, b.cell, a.value) & !on_loop;
            out.extend(seeing.cells().map(|c| Mark::new(c, a.value)));
        }
    }
    out
}

impl Found {
    /// A chain that is not a loop, along `reach`'s path, removing `eliminations`; nothing when a
    /// candidate repeats on the path.
    fn open<S: CellBits>(
        search: &ChainSearch<S>,
        reach: &Reached,
        conclusion: Conclusion,
        eliminations: Vec<Mark>,
    ) -> Option<Found> {
        let path = search.path(reach)?;
        Some(Found {
            links: reach.links,
            chain: path.into_iter().map(|s| search.links.mark(s)).collect(),
            conclusion,
            placements: Vec::new(),
            eliminations,
        })
    }

    fn rank<S: CellBits>(&self, links: &Links<S>) -> Rank {
        let mut removed: Vec<Mark> = match self.placements.first() {
            Some(p) => values_of(links.candidates(p.cell) & !bit(p.value))
                .map(|v| Mark::new(p.cell, v))
                .collect(),
            None => self.eliminations.clone(),
        };
        removed.sort_by_key(|m| (m.value, m.cell));
        removed.dedup();
        let count = removed.len();
        Rank::of(links.cells(), removed.into_iter(), count, self.links)
    }
}

/// Searches every start to the full length (or the budget) and keeps the best chain by HoDoKu's
/// [`Rank`] (the first found among equals), so a step removes what HoDoKu's would and a path takes
/// as many chain steps as HoDoKu's.
pub fn best<S: CellBits>(
    links: &Links<S>,
    scope: Scope,
    starts: impl Iterator<Item = State>,
    judge: &mut dyn FnMut(&ChainSearch<S>, &Reached) -> Option<Found>,
) -> Option<Found> {
    let mut search = ChainSearch::new(links, scope);
    // The best chain's rank is the search's bar: it is set with `best` and nowhere else.
    let mut best: Option<Found> = None;
    for start in starts {
        search.run(start, &mut |search, reach| {
            let Some(found) = judge(search, &reach) else {
                return;
            };
            let rank = found.rank(links);
            if search.bar.get().is_none_or(|top| rank < top) {
                search.bar.set(Some(rank));
                best = Some(found);
            }
        });
        if search.exhausted() {
            break;
        }
    }
    best
}
