//! The four orientations a search may restart in (see the solver's module docs).

use crate::grid::Grid;

/// An orientation of the board. Each is its own inverse, so applying it again maps solutions back.
#[derive(Clone, Copy, Debug)]
pub(super) enum View {
    AsGiven,
    Transposed,
    Turned,
    AntiTransposed,
}

impl View {
    pub(super) const ALL: [View; 4] = [
        View::AsGiven,
        View::Turned,
        View::Transposed,
        View::AntiTransposed,
    ];

    pub(super) fn apply(self, grid: &Grid) -> Grid {
        // Nearly every solve ends in the first orientation: it costs nothing.
        if let View::AsGiven = self {
            return *grid;
        }
        let v = grid.values();
        let at = |i: usize| {
            let (r, c) = (i / 9, i % 9);
            match self {
                View::AsGiven => i,
                View::Transposed => c * 9 + r,
                View::Turned => 80 - i,
                View::AntiTransposed => (8 - c) * 9 + (8 - r),
            }
        };
        Grid::from_cells(&std::array::from_fn(|i| v[at(i)]))
    }
}
