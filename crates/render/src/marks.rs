//! Constraints drawn as SudokuPad draws them, as plain [items](super::items): what lies under the
//! region borders (thermometers, arrows, renban, whisper and palindrome lines, odd circles and even
//! squares), what lies on the cell edges (kropki dots, X and V), and the clues outside the grid
//! (sandwich sums at a row's left or a column's top, little-killer sums where their diagonal
//! enters the grid, with a small arrow along it). Extra regions are a cell fill
//! ([`Fill::Region`](super::items::Fill::Region)); global rules with no drawing (anti-knight,
//! negative kropki, ...) are a line of text under the grid ([`rules_line`]).
//!
//! A grid without constraints gets no item from here and no margin, so its drawing is unchanged.

use sudoku_engine::shape::{Constraint, Shape, Variant};

use super::items::{Anchor, Figure, Item, Marking, Stroke, Text, Tone};

/// The thermometers' grey.
const THERMO: [f32; 3] = [0.78, 0.78, 0.78];
/// The arrows' grey (line, head and circle outline).
const ARROW: [f32; 3] = [0.55, 0.55, 0.55];
/// Renban's purple.
const RENBAN: [f32; 3] = [0.94, 0.4, 0.94];
/// Whispers' green.
const WHISPER: [f32; 3] = [0.4, 0.86, 0.4];
/// Palindromes' grey, a shade darker than a thermometer's.
const PALINDROME: [f32; 3] = [0.7, 0.7, 0.7];
/// Odd circles and even squares.
const PARITY: [f32; 3] = [0.84, 0.84, 0.84];
const WHITE: [f32; 3] = [1.0, 1.0, 1.0];
const BLACK: [f32; 3] = [0.0, 0.0, 0.0];

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

/// The cells of the extra regions, shaded.
pub fn region_cells(shape: &Shape) -> Vec<usize> {
    shape
        .constraints()
        .iter()
        .filter_map(|c| match c {
            Constraint::ExtraRegion { cells } => Some(cells),
            _ => None,
        })
        .flatten()
        .map(|&c| usize::from(c))
        .collect()
}

/// Where a grid is: its top-left corner and cell size, and N.
struct Frame {
    x: f32,
    y: f32,
    cell: f32,
    n: usize,
}

impl Frame {
    /// The centre of `cell`.
    fn centre(&self, cell: u16) -> (f32, f32) {
        let (r, c) = (usize::from(cell) / self.n, usize::from(cell) % self.n);
        (
            self.x + (c as f32 + 0.5) * self.cell,
            self.y + (r as f32 + 0.5) * self.cell,
        )
    }

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

    fn line(&self, cells: &[u16]) -> Figure {
        Figure::Line(cells.iter().map(|&c| self.centre(c)).collect())
    }
}

fn stroked(figure: Figure, rgb: [f32; 3], width: f32, role: &'static str) -> Item {
    Item::Marking(Marking {
        figure,
        fill: None,
        stroke: Some(Stroke { rgb, width }),
        role,
    })
}

fn filled(figure: Figure, rgb: [f32; 3], stroke: Option<Stroke>, role: &'static str) -> Item {
    Item::Marking(Marking {
        figure,
        fill: Some(rgb),
        stroke,
        role,
    })
}

fn circle(centre: (f32, f32), radius: f32) -> Figure {
    Figure::Circle { centre, radius }
}

/// What lies under the region borders and the digits: parity shapes, lines, thermometers and
/// arrows, in that order (each kind in the order the rules give them).
pub fn under(shape: &Shape, x: f32, y: f32, cell: f32, items: &mut Vec<Item>) {
    let f = Frame {
        x,
        y,
        cell,
        n: shape.size(),
    };
    let constraints = shape.constraints();
    for constraint in constraints {
        if let Constraint::Parity { odd, cells } = constraint {
            for &c in cells {
                let (cx, cy) = f.centre(c);
                let figure = if *odd {
                    circle((cx, cy), 0.38 * cell)
                } else {
                    let half = 0.36 * cell;
                    Figure::Rect {
                        x: cx - half,
                        y: cy - half,
                        w: 2.0 * half,
                        h: 2.0 * half,
                        round: 0.0,
                    }
                };
                items.push(filled(
                    figure,
                    PARITY,
                    None,
                    if *odd { "odd" } else { "even" },
                ));
            }
        }
    }
    let wide = 0.26 * cell;
    for constraint in constraints {
        let (cells, rgb, role) = match constraint {
            Constraint::Renban { cells } => (cells, RENBAN, "renban"),
            Constraint::Whisper { cells, .. } => (cells, WHISPER, "whisper"),
            Constraint::Palindrome { cells } => (cells, PALINDROME, "palindrome"),
            _ => continue,
        };
        items.push(stroked(f.line(cells), rgb, wide, role));
    }
    for constraint in constraints {
        if let Constraint::Thermo { cells } = constraint {
            items.push(stroked(f.line(cells), THERMO, 0.3 * cell, "thermo"));
            items.push(filled(
                circle(f.centre(cells[0]), 0.4 * cell),
                THERMO,
                None,
                "thermo",
            ));
        }
    }
    for constraint in constraints {
        if let Constraint::Arrow { circle, cells } = constraint {
            arrow(&f, circle, cells, items);
        }
    }
}

/// An arrow: a line from the circle's centre through the cells' centres, an open head at the last
/// cell, and the circle (or pill) drawn white over the line's start.
fn arrow(f: &Frame, round: &[u16], cells: &[u16], items: &mut Vec<Item>) {
    let cell = f.cell;
    let width = (0.05 * cell).max(1.0);
    let first = f.centre(cells[0]);
    let distance = |c: u16| {
        let (x, y) = f.centre(c);
        (x - first.0).powi(2) + (y - first.1).powi(2)
    };
    // The line leaves from the circle's cell nearest the arrow (a pill may touch with both).
    let start = round
        .iter()
        .copied()
        .min_by(|&a, &b| distance(a).total_cmp(&distance(b)))
        .expect("a circle has a cell");
    let mut points = vec![f.centre(start)];
    points.extend(cells.iter().map(|&c| f.centre(c)));
    let end = points[points.len() - 1];
    let before = points[points.len() - 2];
    items.push(stroked(Figure::Line(points), ARROW, width, "arrow"));
    let (dx, dy) = (end.0 - before.0, end.1 - before.1);
    let length = (dx * dx + dy * dy).sqrt();
    let (ux, uy) = (dx / length, dy / length);
    // The head's arms, each at 45 degrees back from the tip.
    let arm = 0.24 * cell;
    let k = std::f32::consts::FRAC_1_SQRT_2 * arm;
    let left = (end.0 - k * (ux - uy), end.1 - k * (uy + ux));
    let right = (end.0 - k * (ux + uy), end.1 - k * (uy - ux));
    items.push(stroked(
        Figure::Line(vec![left, end, right]),
        ARROW,
        width,
        "arrow-head",
    ));
    let radius = 0.4 * cell;
    let centres: Vec<(f32, f32)> = round.iter().map(|&c| f.centre(c)).collect();
    let (x0, y0) = centres
        .iter()
        .fold((f32::MAX, f32::MAX), |(a, b), &(x, y)| (a.min(x), b.min(y)));
    let (x1, y1) = centres
        .iter()
        .fold((f32::MIN, f32::MIN), |(a, b), &(x, y)| (a.max(x), b.max(y)));
    let figure = if centres.len() == 1 {
        circle(centres[0], radius)
    } else {
        Figure::Rect {
            x: x0 - radius,
            y: y0 - radius,
            w: x1 - x0 + 2.0 * radius,
            h: y1 - y0 + 2.0 * radius,
            round: radius,
        }
    };
    items.push(filled(
        figure,
        WHITE,
        Some(Stroke { rgb: ARROW, width }),
        "arrow-circle",
    ));
}

/// What lies on the cell edges and outside the grid, over the borders and under the digits:
/// kropki dots, X and V, and the outside clues.
pub fn over(shape: &Shape, x: f32, y: f32, cell: f32, items: &mut Vec<Item>) {
    let f = Frame {
        x,
        y,
        cell,
        n: shape.size(),
    };
    let midpoint = |[a, b]: [u16; 2]| {
        let ((xa, ya), (xb, yb)) = (f.centre(a), f.centre(b));
        ((xa + xb) / 2.0, (ya + yb) / 2.0)
    };
    for constraint in shape.constraints() {
        match constraint {
            Constraint::Kropki { black, cells } => {
                let rgb = if *black { BLACK } else { WHITE };
                let width = (cell / 36.0).clamp(0.6, 1.0);
                items.push(filled(
                    circle(midpoint(*cells), 0.13 * cell),
                    rgb,
                    Some(Stroke { rgb: BLACK, width }),
                    "kropki",
                ));
            }
            Constraint::Xv { sum, cells } => {
                let (cx, cy) = midpoint(*cells);
                items.push(filled(circle((cx, cy), 0.2 * cell), WHITE, None, "xv"));
                let size = 0.4 * cell;
                items.push(Item::Text(Text {
                    x: cx,
                    y: cy + size * 0.365,
                    size,
                    text: if *sum == 10 { "X" } else { "V" }.to_string(),
                    bold: true,
                    tone: Tone::Ink,
                    anchor: Anchor::Middle,
                    role: "xv",
                }));
            }
            _ => {}
        }
    }
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

/// The rules the drawing cannot show, in words (`anti-knight · every kropki dot given`), when
/// there are any: the global variants beyond the shaded x and hyper, the negative constraints, and
/// whispers whose difference is not the usual one.
pub fn rules_line(shape: &Shape) -> Option<String> {
    let mut parts: Vec<String> = Vec::new();
    for variant in &shape.rules().variants {
        let words = match variant {
            Variant::AntiKnight => "anti-knight",
            Variant::AntiKing => "anti-king",
            Variant::NonConsecutive => "non-consecutive",
            Variant::DisjointGroups => "disjoint groups",
            _ => continue,
        };
        parts.push(words.to_string());
    }
    for negative in &shape.rules().negative {
        parts.push(format!("negative {}", negative.name()));
    }
    let usual = shape.size().div_ceil(2) as u8;
    let mut differences: Vec<u8> = shape
        .constraints()
        .iter()
        .filter_map(|c| match c {
            Constraint::Whisper { difference, .. } if *difference != usual => Some(*difference),
            _ => None,
        })
        .collect();
    differences.sort_unstable();
    differences.dedup();
    for d in differences {
        parts.push(format!("whispers differ by {d} or more"));
    }
    (!parts.is_empty()).then(|| parts.join(" · "))
}
