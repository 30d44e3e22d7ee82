//! The drawing laid out as plain [items](super::items) in points, y growing downwards: what SVG and
//! PDF both write.
//!
//! A grid is cells (thin-edged squares, white or shaded), thick borders where regions meet, cage
//! outlines, and text. Text carries its baseline and anchor, so each writer places it the same way.

use std::collections::HashSet;

pub use super::items::{Anchor, Fill, Item, Page, Paper, Text, Tone, THIN};
use super::{marks, DrawnCage, Sheet};
use sudoku_engine::shape::UnitKind;

/// Region borders and the outer frame, for a grid of 36-point cells (scaled with the cell).
const THICK: f32 = 2.5;
/// The margin around a single drawing.
const MARGIN: f32 = 18.0;
/// Digits' height as a share of the cell.
const DIGIT: f32 = 0.62;
/// Where a capital's baseline sits under its centre, as a share of the font size (DejaVu Sans's
/// cap height is 0.73 em).
const BASELINE: f32 = 0.365;

/// One sheet on a page of its own, fitted around it, with the caption under the grid. Outside
/// clues (sandwiches, little killers) get a band on their sides, rules with no drawing a line
/// under the caption, and a sheet with constraints a page wide enough for its caption; a sheet
/// with none of them is laid out as it always was.
pub fn single(sheet: &Sheet) -> Page {
    let n = sheet.shape.size();
    let cell = match n {
        0..=9 => 36.0,
        10..=16 => 28.0,
        _ => 24.0,
    };
    let side = cell * n as f32;
    let bands = marks::bands(&sheet.shape);
    let (left, top) = (bands.left * cell, bands.top * cell);
    let width = side + left + bands.right * cell;
    let bottom = MARGIN + top + side + bands.bottom * cell;
    let caption = sheet.caption_text();
    let caption_height = if caption.is_some() { 22.0 } else { 0.0 };
    let rules = marks::rules_line(&sheet.shape);
    // A sheet with constraints is widened, its grid centred, to fit its caption (the shape's name
    // runs long with variants and constraints); others keep the size they always had.
    let drawn = rules.is_some() || !sheet.shape.constraints().is_empty();
    let caption_width = match &caption {
        Some(text) if drawn => super::fonts::regular().width(text, 11.0),
        _ => 0.0,
    };
    let content = width.max(caption_width);
    let gx = MARGIN + (content - width) / 2.0 + left;
    let mut items = Vec::new();
    grid(sheet, gx, MARGIN + top, side, &mut items);
    if let Some(text) = caption {
        // Under the grid's centre, unless that would push it off the page.
        let x = (gx + side / 2.0).clamp(
            MARGIN + caption_width / 2.0,
            MARGIN + content - caption_width / 2.0,
        );
        items.push(caption_item(x, bottom + 17.0, 11.0, text));
    }
    let mut height = bottom + MARGIN + caption_height;
    if let Some(rules) = rules {
        let size = 10.0;
        let lines = wrap(&rules, size, content);
        for (k, line) in lines.iter().enumerate() {
            items.push(Item::Text(Text {
                x: MARGIN + content / 2.0,
                y: bottom + caption_height + 15.0 + k as f32 * 13.0,
                size,
                text: line.clone(),
                bold: false,
                tone: Tone::Ink,
                anchor: Anchor::Middle,
                role: "rules",
            }));
        }
        height += 4.0 + 13.0 * lines.len() as f32;
    }
    Page {
        width: content + 2.0 * MARGIN,
        height,
        items,
    }
}

/// `text`'s parts (split at ` · `) gathered greedily into lines at most `width` wide in the
/// regular face at `size` (a part wider than that has a line of its own).
fn wrap(text: &str, size: f32, width: f32) -> Vec<String> {
    let face = super::fonts::regular();
    let mut lines: Vec<String> = Vec::new();
    for part in text.split(" · ") {
        match lines.last_mut() {
            Some(line) if face.width(&format!("{line} · {part}"), size) <= width => {
                line.push_str(" · ");
                line.push_str(part);
            }
            _ => lines.push(part.to_string()),
        }
    }
    lines
}

/// A caption centred at `x` on baseline `y`.
pub fn caption_item(x: f32, y: f32, size: f32, text: String) -> Item {
    Item::Text(Text {
        x,
        y,
        size,
        text,
        bold: false,
        tone: Tone::Ink,
        anchor: Anchor::Middle,
        role: "caption",
    })
}

/// The grid of `sheet` with its top-left corner at (`x`, `y`), `side` points square.
pub fn grid(sheet: &Sheet, x: f32, y: f32, side: f32, items: &mut Vec<Item>) {
    let shape = &sheet.shape;
    let n = shape.size();
    let cell = side / n as f32;
    let (diagonal, windowed) = shaded_cells(sheet);
    let highlight: HashSet<usize> = sheet.highlight.iter().copied().collect();
    let region: HashSet<usize> = marks::region_cells(shape).into_iter().collect();
    for i in 0..n * n {
        let (r, c) = shape.row_col(i);
        let fill = match (
            highlight.contains(&i),
            diagonal.contains(&i),
            windowed.contains(&i),
        ) {
            (true, _, _) => Fill::Highlight,
            _ if region.contains(&i) => Fill::Region,
            (false, true, true) => Fill::DiagonalWindow,
            (false, true, false) => Fill::Shade,
            (false, false, true) => Fill::Window,
            (false, false, false) => Fill::White,
        };
        items.push(Item::Cell {
            x: x + c as f32 * cell,
            y: y + r as f32 * cell,
            size: cell,
            fill,
        });
    }
    marks::under(shape, x, y, cell, items);
    let thick = (THICK * cell / 36.0).clamp(1.2, THICK);
    region_borders(sheet, x, y, cell, thick, items);
    for cage in &sheet.cages {
        cage_outline(cage, n, x, y, cell, items);
    }
    marks::over(shape, x, y, cell, items);
    digits(sheet, x, y, cell, items);
}

/// The cells of the variants' extra units, shaded: the diagonals' and the windows', apart, so
/// that X + hyper shows which is which.
fn shaded_cells(sheet: &Sheet) -> (HashSet<usize>, HashSet<usize>) {
    let shape = &sheet.shape;
    let cells_of = |wanted: fn(UnitKind) -> bool| -> HashSet<usize> {
        (0..shape.unit_count())
            .filter(|&u| wanted(shape.unit_kind(u)))
            .flat_map(|u| shape.unit(u).iter().map(|&c| usize::from(c)))
            .collect()
    };
    (
        cells_of(|k| matches!(k, UnitKind::Diagonal | UnitKind::AntiDiagonal)),
        cells_of(|k| matches!(k, UnitKind::Window(_))),
    )
}

/// Thick lines where neighbouring cells lie in different regions (boxes or jigsaw regions alike),
/// joined into runs, and the frame.
fn region_borders(sheet: &Sheet, x: f32, y: f32, cell: f32, thick: f32, items: &mut Vec<Item>) {
    let shape = &sheet.shape;
    let n = shape.size();
    let at = |r: usize, c: usize| shape.region_of(r * n + c);
    let line = |from, to| Item::Line {
        from,
        to,
        width: thick,
        dashed: false,
    };
    // Horizontal borders between row r-1 and r, vertical ones between column c-1 and c.
    for r in 1..n {
        for (start, end) in runs(n, |c| at(r - 1, c) != at(r, c)) {
            let yy = y + r as f32 * cell;
            items.push(line(
                (x + start as f32 * cell, yy),
                (x + end as f32 * cell, yy),
            ));
        }
    }
    for c in 1..n {
        for (start, end) in runs(n, |r| at(r, c - 1) != at(r, c)) {
            let xx = x + c as f32 * cell;
            items.push(line(
                (xx, y + start as f32 * cell),
                (xx, y + end as f32 * cell),
            ));
        }
    }
    let side = cell * n as f32;
    let corners = [(x, y), (x + side, y), (x + side, y + side), (x, y + side)];
    for k in 0..4 {
        items.push(line(corners[k], corners[(k + 1) % 4]));
    }
}

/// The runs `[start, end)` of consecutive `i < n` where `on(i)` holds.
fn runs(n: usize, on: impl Fn(usize) -> bool) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    let mut start = None;
    for i in 0..=n {
        match (i < n && on(i), start) {
            (true, None) => start = Some(i),
            (false, Some(s)) => {
                out.push((s, i));
                start = None;
            }
            _ => {}
        }
    }
    out
}

/// A cage as dashed segments inset from the cell edges: each cell edge on the cage's boundary is
/// drawn `inset` inside the cell, stretched to meet its neighbours' segments at the corners, and
/// the sum sits on a white patch in the top-left cell.
fn cage_outline(cage: &DrawnCage, n: usize, x: f32, y: f32, cell: f32, items: &mut Vec<Item>) {
    let cells: HashSet<(i64, i64)> = cage
        .cells
        .iter()
        .filter(|&&i| i < n * n)
        .map(|&i| ((i / n) as i64, (i % n) as i64))
        .collect();
    let Some(&first) = cells.iter().min() else {
        return;
    };
    let inset = cell * 0.08;
    let has = |r: i64, c: i64| cells.contains(&(r, c));
    let width = (cell / 36.0).clamp(0.5, 1.0);
    let mut sorted: Vec<_> = cells.iter().copied().collect();
    sorted.sort_unstable();
    for &(r, c) in &sorted {
        let (left, top) = (x + c as f32 * cell, y + r as f32 * cell);
        let (right, bottom) = (left + cell, top + cell);
        // For each side: the neighbour across it, and the two ends' along-neighbours and diagonals.
        // An end reaches the cell edge when the along-neighbour is in the cage, past it (to meet
        // a concave corner) when the diagonal is too, and stops at the inset otherwise.
        let reach = |along: bool, diagonal: bool, edge: f32, dir: f32| match (along, diagonal) {
            (true, true) => edge + dir * inset,
            (true, false) => edge,
            (false, _) => edge - dir * inset,
        };
        let mut segment = |from: (f32, f32), to: (f32, f32)| {
            items.push(Item::Line {
                from,
                to,
                width,
                dashed: true,
            })
        };
        if !has(r - 1, c) {
            let yy = top + inset;
            let x0 = reach(has(r, c - 1), has(r - 1, c - 1), left, -1.0);
            let x1 = reach(has(r, c + 1), has(r - 1, c + 1), right, 1.0);
            segment((x0, yy), (x1, yy));
        }
        if !has(r + 1, c) {
            let yy = bottom - inset;
            let x0 = reach(has(r, c - 1), has(r + 1, c - 1), left, -1.0);
            let x1 = reach(has(r, c + 1), has(r + 1, c + 1), right, 1.0);
            segment((x0, yy), (x1, yy));
        }
        if !has(r, c - 1) {
            let xx = left + inset;
            let y0 = reach(has(r - 1, c), has(r - 1, c - 1), top, -1.0);
            let y1 = reach(has(r + 1, c), has(r + 1, c - 1), bottom, 1.0);
            segment((xx, y0), (xx, y1));
        }
        if !has(r, c + 1) {
            let xx = right - inset;
            let y0 = reach(has(r - 1, c), has(r - 1, c + 1), top, -1.0);
            let y1 = reach(has(r + 1, c), has(r + 1, c + 1), bottom, 1.0);
            segment((xx, y0), (xx, y1));
        }
    }
    let size = cell * 0.24;
    let (left, top) = (x + first.1 as f32 * cell, y + first.0 as f32 * cell);
    let text = cage.sum.to_string();
    items.push(Item::Rect {
        x: left + inset * 0.5,
        y: top + inset * 0.5,
        w: size * 0.62 * text.len() as f32 + inset,
        h: size + inset * 0.5,
        fill: Fill::White,
    });
    items.push(Item::Text(Text {
        x: left + inset + 0.5,
        y: top + inset + size * 0.8,
        size,
        text,
        bold: false,
        tone: Tone::Ink,
        anchor: Anchor::Start,
        role: "sum",
    }));
}

/// Givens (bold), solved values and candidates, row by row so text reads in order.
fn digits(sheet: &Sheet, x: f32, y: f32, cell: f32, items: &mut Vec<Item>) {
    let shape = &sheet.shape;
    let n = shape.size();
    // With cages the sum takes the top-left corner: digits sit a little lower.
    let drop = if sheet.cages.is_empty() { 0.0 } else { 0.06 };
    let size = cell * if sheet.cages.is_empty() { DIGIT } else { 0.52 };
    for i in 0..n * n {
        let (r, c) = shape.row_col(i);
        let (cx, cy) = (
            x + (c as f32 + 0.5) * cell,
            y + (r as f32 + 0.5 + drop) * cell,
        );
        let given = sheet.puzzle.get(i);
        let solved = sheet.solution.as_ref().map_or(0, |s| s.get(i));
        let (value, bold, tone, role) = match (given, solved) {
            (0, 0) => {
                if let Some(cand) = sheet.candidates.as_ref().and_then(|c| c.get(i)) {
                    candidates(
                        sheet,
                        *cand,
                        x + c as f32 * cell,
                        y + r as f32 * cell,
                        cell,
                        items,
                    );
                }
                continue;
            }
            (0, v) => (v, false, Tone::Solved, "solved"),
            (v, _) => (v, true, Tone::Ink, "given"),
        };
        items.push(Item::Text(Text {
            x: cx,
            y: cy + size * BASELINE,
            size,
            text: shape.symbol(value).to_string(),
            bold,
            tone,
            anchor: Anchor::Middle,
            role,
        }));
    }
}

/// A blank cell's candidates in a k x k mini-grid (k = ceil(sqrt N)), value v in slot v-1.
fn candidates(sheet: &Sheet, bits: u32, left: f32, top: f32, cell: f32, items: &mut Vec<Item>) {
    let n = sheet.shape.size();
    let k = (1..=n).find(|k| k * k >= n).unwrap_or(n);
    let slot = cell / k as f32;
    let size = slot * 0.72;
    for v in 1..=n as u8 {
        if bits & (1 << (v - 1)) == 0 {
            continue;
        }
        let i = usize::from(v - 1);
        let (r, c) = (i / k, i % k);
        items.push(Item::Text(Text {
            x: left + (c as f32 + 0.5) * slot,
            y: top + (r as f32 + 0.5) * slot + size * BASELINE,
            size,
            text: sheet.shape.symbol(v).to_string(),
            bold: false,
            tone: Tone::Faint,
            anchor: Anchor::Middle,
            role: "candidate",
        }));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn runs_join_consecutive_marks() {
        assert_eq!(runs(5, |i| i != 2), vec![(0, 2), (3, 5)]);
        assert_eq!(runs(3, |_| false), vec![]);
    }
}
