//! Checked constraints: cells as indices, every fact the wire form left open settled (a pill's
//! order, a sandwich's line, a whisper's difference). A constraint that exists fits its grid.

/// A constraint on a shape, its cells row-major indices.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Constraint {
    /// Strictly increasing from the bulb, `cells[0]`.
    Thermo {
        /// The bulb, then the line.
        cells: Vec<u16>,
    },
    /// The arrow's values sum to the circle's value (a pill: `10 * circle[0] + circle[1]`,
    /// its cells in reading order).
    Arrow {
        /// One or two cells.
        circle: Vec<u16>,
        /// The arrow.
        cells: Vec<u16>,
    },
    /// Consecutive values (white) or one double the other (black).
    Kropki {
        /// Whether the dot is black.
        black: bool,
        /// The two cells.
        cells: [u16; 2],
    },
    /// Two values summing to 10 (X) or 5 (V).
    Xv {
        /// 10 or 5.
        sum: u8,
        /// The two cells.
        cells: [u16; 2],
    },
    /// A sum along a diagonal, repeats allowed.
    LittleKiller {
        /// The diagonal's cells.
        cells: Vec<u16>,
        /// Their sum.
        sum: u32,
    },
    /// The values strictly between the 1 and the N of a line sum to `sum`.
    Sandwich {
        /// The row or column, in order.
        cells: Vec<u16>,
        /// The sum.
        sum: u32,
    },
    /// Distinct consecutive values in any order.
    Renban {
        /// The line.
        cells: Vec<u16>,
    },
    /// Neighbours on the line differ by at least `difference`.
    Whisper {
        /// The line.
        cells: Vec<u16>,
        /// The least difference.
        difference: u8,
    },
    /// The line reads the same both ways.
    Palindrome {
        /// The line.
        cells: Vec<u16>,
    },
    /// Odd (or even) values only.
    Parity {
        /// Whether the values are odd.
        odd: bool,
        /// The cells.
        cells: Vec<u16>,
    },
    /// N cells, every value once (also one of the shape's units).
    ExtraRegion {
        /// The cells, ascending.
        cells: Vec<u16>,
    },
}

impl Constraint {
    /// The `type` on the wire.
    pub fn type_name(&self) -> &'static str {
        match self {
            Constraint::Thermo { .. } => "thermo",
            Constraint::Arrow { .. } => "arrow",
            Constraint::Kropki { .. } => "kropki",
            Constraint::Xv { .. } => "xv",
            Constraint::LittleKiller { .. } => "little_killer",
            Constraint::Sandwich { .. } => "sandwich",
            Constraint::Renban { .. } => "renban",
            Constraint::Whisper { .. } => "whisper",
            Constraint::Palindrome { .. } => "palindrome",
            Constraint::Parity { odd: true, .. } => "odd",
            Constraint::Parity { odd: false, .. } => "even",
            Constraint::ExtraRegion { .. } => "extra_region",
        }
    }

    /// Every cell the constraint reads, circle first for an arrow.
    pub fn cells(&self) -> Vec<u16> {
        match self {
            Constraint::Arrow { circle, cells } => circle.iter().chain(cells).copied().collect(),
            Constraint::Kropki { cells, .. } | Constraint::Xv { cells, .. } => cells.to_vec(),
            Constraint::Thermo { cells }
            | Constraint::LittleKiller { cells, .. }
            | Constraint::Sandwich { cells, .. }
            | Constraint::Renban { cells }
            | Constraint::Whisper { cells, .. }
            | Constraint::Palindrome { cells }
            | Constraint::Parity { cells, .. }
            | Constraint::ExtraRegion { cells } => cells.clone(),
        }
    }
}
