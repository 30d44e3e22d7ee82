//! How HoDoKu ranks the chains it finds, which the search also reads to skip a chain that cannot
//! beat the best so far.

use std::cmp::Reverse;

use crate::general::logic::step::Mark;

/// How HoDoKu ranks the chains it finds, best first: the most candidates removed (a placement
/// counts as removing the cell's other candidates), then the lowest weighted sum of the removed
/// candidates (its tie-break, which favours the top of the grid), then the fewest links.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Rank {
    removals: Reverse<usize>,
    index_sum: usize,
    links: usize,
}

impl Rank {
    /// The rank of a chain of `links` links removing `removed` (`count` candidates, given in
    /// (value, cell) order) on a grid of `cells` cells.
    pub fn of(
        cells: usize,
        removed: impl Iterator<Item = Mark>,
        count: usize,
        links: usize,
    ) -> Rank {
        let index_sum = removed
            .enumerate()
            .map(|(i, m)| m.cell * (1 + (cells - 1) * i) + usize::from(m.value))
            .sum();
        Rank {
            removals: Reverse(count),
            index_sum,
            links,
        }
    }
}
