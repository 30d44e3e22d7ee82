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

mod outside;

pub use outside::bands;

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
pub(super) struct Frame {
    x: f32,
    y: f32,
    cell: f32,
    n: usize,
}

impl Frame {
    /// The centre of `cell`.
    pub(super) fn centre(&self, cell: u16) -> (f32, f32) {
        let (r, c) = (usize::from(cell) / self.n, usize::from(cell) % self.n);
        (
            self.x + (c as f32 + 0.5) * self.cell,
            self.y + (r as f32 + 0.5) * self.cell,
        )
    }

    fn line(&self, cells: &[u16]) -> Figure {
        Figure::Line(cells.iter().map(|&c| self.centre(c)).collect())
    }
}

pub(super) fn stroked(figure: Figure, rgb: [f32; 3], width: f32, role: &'static str) -> Item {
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
    outside::clues(shape, &f, items);
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
