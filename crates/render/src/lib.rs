//! Puzzles drawn for the screen and for paper: one drawing, two formats.
//!
//! A [`Sheet`] (a puzzle on its shape, and what to show with it) is laid out once into a [`Page`] of
//! plain items (cells, lines, text with positions and weights) by [`layout`]; [`svg`] and [`pdf`]
//! only write those items down, so both formats show exactly the same drawing. [`book`] lays out
//! many puzzles on printed pages. Nothing here knows HTTP or the command line, and nothing reads a
//! clock or a random source: the same sheet always gives the same bytes.

pub mod book;
mod fonts;
pub mod items;
pub mod layout;
mod marks;
pub mod pdf;
pub mod svg;

use sudoku_engine::shape::{Cells, Shape};

pub use layout::{Page, Paper};

/// A killer cage: cells whose values sum to `sum`, drawn as a dashed outline inset from the cell
/// edges with the sum in its top-left cell.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DrawnCage {
    /// The sum of the cage's values.
    pub sum: u32,
    /// The cells, row-major indices (`r * N + c`); cells off the grid are not drawn.
    pub cells: Vec<usize>,
}

/// What a caption says under (or above) a grid; every part is optional.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Caption {
    /// The puzzle's number in a book or list.
    pub number: Option<usize>,
    /// Its level (`medium`).
    pub level: Option<String>,
    /// The seed that reproduces it.
    pub seed: Option<u64>,
    /// Whether to name the shape (`16x16 (4x4 boxes)`, `9x9 x`).
    pub shape: bool,
}

/// A puzzle and what to draw with it.
#[derive(Clone, Debug)]
pub struct Sheet {
    /// The grid's geometry: size, regions, variants, symbols.
    pub shape: Shape,
    /// The givens (0 for a blank), drawn bold.
    pub puzzle: Cells,
    /// The solution, when it is to be shown: the solved cells in a lighter face and colour.
    pub solution: Option<Cells>,
    /// Candidates (one bit per value) of the blank cells, drawn as a mini-grid in each.
    pub candidates: Option<Vec<u32>>,
    /// Cells to highlight (a hint's pattern).
    pub highlight: Vec<usize>,
    /// Killer cages; empty for other puzzles.
    pub cages: Vec<DrawnCage>,
    /// The caption, if any.
    pub caption: Option<Caption>,
}

impl Sheet {
    /// A bare puzzle: givens only (and a killer's cages, which come with its shape), no caption.
    pub fn new(shape: Shape, puzzle: Cells) -> Sheet {
        // A killer's cages come with its shape, so every drawing of it (render, /random, books,
        // the command line) outlines them.
        let cages = shape
            .cages()
            .iter()
            .map(|cage| DrawnCage {
                sum: cage.sum,
                cells: cage.cells.iter().map(|&c| usize::from(c)).collect(),
            })
            .collect();
        Sheet {
            shape,
            puzzle,
            solution: None,
            candidates: None,
            highlight: Vec::new(),
            cages,
            caption: None,
        }
    }

    /// The sheet's name for titles and descriptions: `Sudoku 9x9 #3 (medium)`.
    pub fn title(&self) -> String {
        let kind = if self.cages.is_empty() {
            "Sudoku"
        } else {
            "Killer Sudoku"
        };
        let mut title = format!("{kind} {}", self.shape);
        if let Some(caption) = &self.caption {
            if let Some(n) = caption.number {
                title.push_str(&format!(" #{n}"));
            }
            if let Some(level) = &caption.level {
                title.push_str(&format!(" ({level})"));
            }
        }
        title
    }

    /// A sentence describing the drawing for screen readers.
    pub fn description(&self) -> String {
        let n = self.shape.size();
        let mut text = format!("A {n} by {n} grid with {} givens", self.puzzle.givens());
        if !self.cages.is_empty() {
            text.push_str(&format!(" and {} cages", self.cages.len()));
        }
        let constraints = self.shape.constraints();
        if !constraints.is_empty() {
            // Named by type in the order given, each type once: `thermo, arrow and kropki`.
            let mut kinds: Vec<&str> = Vec::new();
            for c in constraints {
                if !kinds.contains(&c.type_name()) {
                    kinds.push(c.type_name());
                }
            }
            let last = kinds.pop().unwrap_or_default();
            let named = if kinds.is_empty() {
                last.to_string()
            } else {
                format!("{} and {last}", kinds.join(", "))
            };
            text.push_str(&format!(", {} constraints ({named})", constraints.len()));
        }
        if self.solution.is_some() {
            text.push_str(", solved");
        }
        if let Some(seed) = self.caption.as_ref().and_then(|c| c.seed) {
            text.push_str(&format!(", seed {seed}"));
        }
        text.push_str(": ");
        text.push_str(&self.puzzle.to_text(&self.shape));
        text
    }

    /// The caption's text (`#3 · medium · seed 7 · 9x9`), when there is a caption.
    pub fn caption_text(&self) -> Option<String> {
        let caption = self.caption.as_ref()?;
        let mut parts = Vec::new();
        if let Some(n) = caption.number {
            parts.push(format!("#{n}"));
        }
        if let Some(level) = &caption.level {
            parts.push(level.clone());
        }
        if let Some(seed) = caption.seed {
            parts.push(format!("seed {seed}"));
        }
        if caption.shape {
            parts.push(self.shape.to_string());
        }
        (!parts.is_empty()).then(|| parts.join(" · "))
    }
}

/// One sheet as an SVG document.
pub fn to_svg(sheet: &Sheet) -> String {
    svg::write(&layout::single(sheet), &sheet.title(), &sheet.description())
}

/// One sheet as a one-page PDF document.
pub fn to_pdf(sheet: &Sheet) -> Vec<u8> {
    pdf::write(&[layout::single(sheet)], &sheet.title())
}
