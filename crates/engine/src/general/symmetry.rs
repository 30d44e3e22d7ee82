//! Symmetry of the pattern of givens: which cells must be given or blank together.

use serde::{Deserialize, Serialize};

/// How the givens' pattern maps onto itself.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Symmetry {
    /// No constraint (the default, so seeds without symmetry keep their puzzles).
    #[default]
    None,
    /// Unchanged by a half turn.
    Rotational,
    /// Unchanged by a quarter turn.
    Rotational90,
    /// Unchanged by a left-right mirror.
    Mirror,
    /// Unchanged by reflection in the main diagonal.
    Diagonal,
}

impl Symmetry {
    /// Every symmetry, in wire order.
    pub const ALL: [Symmetry; 5] = [
        Symmetry::None,
        Symmetry::Rotational,
        Symmetry::Rotational90,
        Symmetry::Mirror,
        Symmetry::Diagonal,
    ];

    /// The name on the wire.
    pub fn name(self) -> &'static str {
        match self {
            Symmetry::None => "none",
            Symmetry::Rotational => "rotational",
            Symmetry::Rotational90 => "rotational90",
            Symmetry::Mirror => "mirror",
            Symmetry::Diagonal => "diagonal",
        }
    }

    /// The symmetry named `name` (case-insensitive).
    pub fn from_name(name: &str) -> Option<Symmetry> {
        Symmetry::ALL
            .into_iter()
            .find(|s| s.name().eq_ignore_ascii_case(name))
    }

    /// The images of `cell` on an N x N grid, `cell` included, each once.
    pub fn orbit(self, cell: usize, size: usize) -> Vec<usize> {
        let (r, c) = (cell / size, cell % size);
        let at = |r: usize, c: usize| r * size + c;
        let last = size - 1;
        let mut orbit = match self {
            Symmetry::None => vec![cell],
            Symmetry::Rotational => vec![cell, at(last - r, last - c)],
            Symmetry::Rotational90 => vec![
                cell,
                at(c, last - r),
                at(last - r, last - c),
                at(last - c, r),
            ],
            Symmetry::Mirror => vec![cell, at(r, last - c)],
            Symmetry::Diagonal => vec![cell, at(c, r)],
        };
        orbit.sort_unstable();
        orbit.dedup();
        orbit
    }

    /// The grid's cells split into orbits, each listed once, in order of their first cell.
    pub fn orbits(self, size: usize) -> Vec<Vec<usize>> {
        let mut seen = vec![false; size * size];
        let mut orbits = Vec::new();
        for cell in 0..size * size {
            if seen[cell] {
                continue;
            }
            let orbit = self.orbit(cell, size);
            for &c in &orbit {
                seen[c] = true;
            }
            orbits.push(orbit);
        }
        orbits
    }
}
