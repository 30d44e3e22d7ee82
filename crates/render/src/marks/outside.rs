//! The clues outside the grid: sandwich sums at a row's left or a column's top, little-killer
//! sums where their diagonal enters the grid with a small arrow along it, and the bands of margin
//! they need (only on the sides that have one).

use sudoku_engine::shape::{Constraint, Shape};

use super::{stroked, Frame, BLACK};
use crate::items::{Anchor, Figure, Item, Text, Tone};

/// The depth of a band of outside clues, as a share of the cell.
const BAND: f32 = 0.8;

/// Which sides of the grid carry outside clues: each side's band depth, in cells (0 or [`BAND`]).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Bands {
    /// Above the grid (column sandwiches, little killers entering at the top).
    pub top: f32,
    /// Left of it (row sandwiches, little killers entering at the left).
    pub left: f32,
    /// Right of it.
    pub right: f32,
    /// Below it.
    pub bottom: f32,
}

/// A clue outside the grid: its virtual cell (row and column in `-1..=N`, one of them outside) and
/// for a little killer the diagonal's direction (rows, columns).
struct Outside {
    at: (i64, i64),
    arrow: Option<(i64, i64)>,
    sum: u32,
    role: &'static str,
}

/// The outside clues of `shape`, in the order of its constraints.
fn outside(shape: &Shape) -> Vec<Outside> {
    let n = shape.size() as i64;
    let rc = |cell: u16| {
        let (r, c) = shape.row_col(usize::from(cell));
        (r as i64, c as i64)
    };
    let inside = |(r, c): (i64, i64)| (0..n).contains(&r) && (0..n).contains(&c);
    let mut out = Vec::new();
    for constraint in shape.constraints() {
        match constraint {
            Constraint::Sandwich { cells, sum } => {
                let (r, c) = rc(cells[0]);
                let row = cells.len() > 1 && rc(cells[1]).0 == r;
                out.push(Outside {
                    at: if row { (r, -1) } else { (-1, c) },
                    arrow: None,
                    sum: *sum,
                    role: "sandwich",
                });
            }
            Constraint::LittleKiller { cells, sum } => {
                let (r, c) = rc(cells[0]);
                let (dr, dc) = match cells.get(1) {
                    Some(&next) => {
                        let (r1, c1) = rc(next);
                        (r1 - r, c1 - c)
                    }
                    // One cell: the diagonal runs away from the nearer sides.
                    None => (
                        if 2 * r < n { 1 } else { -1 },
                        if 2 * c < n { 1 } else { -1 },
                    ),
                };
                // The clue sits where the diagonal enters the grid, even when its first cell is
                // not on the edge.
                let mut at = (r - dr, c - dc);
                while inside(at) {
                    at = (at.0 - dr, at.1 - dc);
                }
                out.push(Outside {
                    at,
                    arrow: Some((dr, dc)),
                    sum: *sum,
                    role: "little_killer",
                });
            }
            _ => {}
        }
    }
    out
}

/// The bands `shape`'s outside clues need (all zero without any).
pub fn bands(shape: &Shape) -> Bands {
    let n = shape.size() as i64;
    let mut bands = Bands::default();
    for clue in outside(shape) {
        let (r, c) = clue.at;
        if r < 0 {
            bands.top = BAND;
        }
        if r >= n {
            bands.bottom = BAND;
        }
        if c < 0 {
            bands.left = BAND;
        }
        if c >= n {
            bands.right = BAND;
        }
    }
    bands
}

impl Frame {
    /// The centre of a virtual cell outside the grid: along the grid as its cells, across it in
    /// the middle of the band.
    fn outside(&self, (r, c): (i64, i64)) -> (f32, f32) {
        let n = self.n as i64;
        let along = |i: i64, origin: f32| {
            let band = BAND * self.cell;
            if i < 0 {
                origin - band / 2.0
            } else if i >= n {
                origin + n as f32 * self.cell + band / 2.0
            } else {
                origin + (i as f32 + 0.5) * self.cell
            }
        };
        (along(c, self.x), along(r, self.y))
    }
}

/// Draws each outside clue of `shape` on `f`: its sum, and a little killer's arrow.
pub(super) fn clues(shape: &Shape, f: &Frame, items: &mut Vec<Item>) {
    let cell = f.cell;
    for clue in outside(shape) {
        let (cx, cy) = f.outside(clue.at);
        let text = clue.sum.to_string();
        match clue.arrow {
            None => {
                let size = 0.42 * cell;
                items.push(clue_text(cx, cy + size * 0.365, size, text, clue.role));
            }
            Some((dr, dc)) => {
                let (ux, uy) = (dc as f32, dr as f32);
                let size = 0.32 * cell;
                let shift = 0.14 * cell;
                items.push(clue_text(
                    cx - ux * shift,
                    cy - uy * shift + size * 0.365,
                    size,
                    text,
                    clue.role,
                ));
                let (from, to) = (0.16 * cell, 0.38 * cell);
                let tip = (cx + ux * to, cy + uy * to);
                let arm = 0.1 * cell;
                let width = (0.04 * cell).max(0.8);
                items.push(stroked(
                    Figure::Line(vec![(cx + ux * from, cy + uy * from), tip]),
                    BLACK,
                    width,
                    "little_killer",
                ));
                // The head's arms run back along each axis: the diagonal is at 45 degrees.
                items.push(stroked(
                    Figure::Line(vec![
                        (tip.0 - ux * arm, tip.1),
                        tip,
                        (tip.0, tip.1 - uy * arm),
                    ]),
                    BLACK,
                    width,
                    "little_killer",
                ));
            }
        }
    }
}

fn clue_text(x: f32, y: f32, size: f32, text: String, role: &'static str) -> Item {
    Item::Text(Text {
        x,
        y,
        size,
        text,
        bold: false,
        tone: Tone::Ink,
        anchor: Anchor::Middle,
        role,
    })
}
