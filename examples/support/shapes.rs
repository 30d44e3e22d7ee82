//! The shapes the shape examples measure (`shape_grades`, `shape_levels`, `shape_speed`), each
//! under the name the tables of docs/shapes.md and docs/performance.md give it, listed once so that
//! a name means the same rules in every table. Each example picks the shapes it measures, in its own order, by name.
//!
//! Each example includes this file with `#[path]`.

use sudoku_service::engine::general::{jigsaw_template, ShapeRequest, Symmetry};
use sudoku_service::engine::shape::{Rules, Variant};
use sudoku_service::engine::Interrupt;

/// Every shape measured: its name, side, variants, and whether jigsaw regions are drawn.
const SHAPES: [(&str, usize, &[Variant], bool); 25] = [
    ("4x4", 4, &[], false),
    ("4x4 jigsaw", 4, &[], true),
    ("4x4 X", 4, &[Variant::X], false),
    ("6x6", 6, &[], false),
    ("6x6 X", 6, &[Variant::X], false),
    ("6x6 jigsaw", 6, &[], true),
    ("7x7 jigsaw", 7, &[], true),
    ("8x8", 8, &[], false),
    ("9x9 X", 9, &[Variant::X], false),
    ("9x9 hyper", 9, &[Variant::Hyper], false),
    ("9x9 jigsaw", 9, &[], true),
    ("9x9 jigsaw X", 9, &[Variant::X], true),
    ("10x10", 10, &[], false),
    ("12x12", 12, &[], false),
    ("12x12 jigsaw", 12, &[], true),
    ("16x16", 16, &[], false),
    ("16x16 jigsaw", 16, &[], true),
    ("25x25", 25, &[], false),
    ("10x10 jigsaw X", 10, &[Variant::X], true),
    ("11x11 jigsaw X", 11, &[Variant::X], true),
    ("12x12 jigsaw X", 12, &[Variant::X], true),
    ("13x13 jigsaw X", 13, &[Variant::X], true),
    ("14x14 jigsaw X", 14, &[Variant::X], true),
    ("15x15 jigsaw X", 15, &[Variant::X], true),
    ("16x16 jigsaw X", 16, &[Variant::X], true),
];

/// A shape an example measures.
pub struct Measured {
    /// Its name in the tables, such as `9x9 jigsaw X`.
    pub name: &'static str,
    /// Its size and variants (regions are drawn by the generator when `jigsaw`).
    pub rules: Rules,
    /// Whether the generator draws jigsaw regions.
    pub jigsaw: bool,
}

impl Measured {
    /// The request the examples make for `seed`: no symmetry, no deadline.
    pub fn request(&self, seed: u64) -> ShapeRequest<'static> {
        ShapeRequest {
            symmetry: Symmetry::None,
            jigsaw: self.jigsaw,
            seed,
            interrupt: Interrupt::NEVER,
        }
    }
}

/// The shapes called `names`, in that order; a name not in the list is a mistake in the example.
pub fn named(names: &[&str]) -> Vec<Measured> {
    names
        .iter()
        .map(|wanted| {
            let &(name, size, variants, jigsaw) = SHAPES
                .iter()
                .find(|(name, ..)| name == wanted)
                .unwrap_or_else(|| panic!("no shape called {wanted:?}"));
            let rules = Rules {
                size: Some(size),
                variants: variants.to_vec(),
                ..Rules::default()
            };
            // A prime size has no boxes: its jigsaw template stands rows in for regions.
            let rules = if jigsaw {
                jigsaw_template(&rules)
            } else {
                rules
            };
            Measured {
                name,
                rules,
                jigsaw,
            }
        })
        .collect()
}
