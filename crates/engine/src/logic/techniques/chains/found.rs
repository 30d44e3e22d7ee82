//! What a chain found by the search proves, judged by its ends, and which of the chains found a
//! finder offers.

use super::*;

/// What a chain proves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum Conclusion {
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
pub(super) struct Found {
    /// Its length in links, the closing link of a loop not counted (a loop is no harder than the
    /// chain it closes).
    pub(super) links: usize,
    pub(super) chain: Vec<Candidate>,
    pub(super) conclusion: Conclusion,
    pub(super) placements: Vec<Candidate>,
    pub(super) eliminations: Vec<Candidate>,
}

pub(super) fn candidate(s: State) -> Candidate {
    Candidate::new(square_of(s), digit_of(s))
}

/// The candidates of `digit` in the squares that see both `a` and `b`.
pub(super) fn seeing_both(links: &Links, a: Square, b: Square, digit: Digit) -> Vec<Candidate> {
    (links.places(digit) & SquareSet::peers(a) & SquareSet::peers(b))
        .iter()
        .map(|s| Candidate::new(s, digit))
        .collect()
}

/// A chain of at least `min` links from a false start to a true candidate of the start's digit in
/// another square; squares seeing both ends lose the digit.
pub(super) fn same_digit_ends(search: &Search, reach: &Reach, min: usize) -> Option<Found> {
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
pub(super) fn judge_aic(search: &Search, reach: &Reach) -> Option<Found> {
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
pub(super) fn crossed_ends(search: &Search, reach: &Reach) -> Option<Found> {
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
pub(super) fn loop_eliminations(links: &Links, chain: &[Candidate]) -> Vec<Candidate> {
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
pub(super) struct Rank {
    pub(super) removals: Reverse<usize>,
    pub(super) index_sum: usize,
    pub(super) links: usize,
}

impl Found {
    pub(super) fn rank(&self, links: &Links) -> Rank {
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
    pub(super) fn of(removed: impl ExactSizeIterator<Item = Candidate>, links: usize) -> Rank {
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
pub(super) fn best(
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
