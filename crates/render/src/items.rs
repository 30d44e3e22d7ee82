//! What a drawing is made of: pages of cells, rectangles, lines and text, in points with y growing
//! downwards, and the paper sizes books are laid out on.

/// Thin cell edges.
pub const THIN: f32 = 0.5;

/// A page: its size in points and what is on it, in drawing order.
#[derive(Clone, Debug, PartialEq)]
pub struct Page {
    /// Width in points.
    pub width: f32,
    /// Height in points.
    pub height: f32,
    /// The items, back to front.
    pub items: Vec<Item>,
}

/// Paper sizes for print.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Paper {
    /// ISO A4, 210 x 297 mm.
    A4,
    /// US Letter, 8.5 x 11 in.
    Letter,
}

impl Paper {
    /// (width, height) in points.
    pub fn size(self) -> (f32, f32) {
        match self {
            Paper::A4 => (595.28, 841.89),
            Paper::Letter => (612.0, 792.0),
        }
    }

    /// The name on the wire and command line.
    pub fn name(self) -> &'static str {
        match self {
            Paper::A4 => "a4",
            Paper::Letter => "letter",
        }
    }

    /// The paper named `name` (case-insensitive).
    pub fn from_name(name: &str) -> Option<Paper> {
        match name.to_ascii_lowercase().as_str() {
            "a4" => Some(Paper::A4),
            "letter" => Some(Paper::Letter),
            _ => None,
        }
    }
}

/// One thing drawn.
#[derive(Clone, Debug, PartialEq)]
pub enum Item {
    /// A cell: a square with a thin edge.
    Cell {
        /// Left.
        x: f32,
        /// Top.
        y: f32,
        /// Side.
        size: f32,
        /// Its background.
        fill: Fill,
    },
    /// A filled rectangle with no edge.
    Rect {
        /// Left.
        x: f32,
        /// Top.
        y: f32,
        /// Width.
        w: f32,
        /// Height.
        h: f32,
        /// Its colour.
        fill: Fill,
    },
    /// A straight line.
    Line {
        /// Start.
        from: (f32, f32),
        /// End.
        to: (f32, f32),
        /// Width in points.
        width: f32,
        /// Solid (borders) or dashed (cages).
        dashed: bool,
    },
    /// A run of text on one baseline.
    Text(Text),
    /// A constraint's figure: a circle, a rectangle or a line through points, filled and/or
    /// stroked in any colour.
    Marking(Marking),
}

/// A figure of a constraint (a thermometer's bulb and line, an arrow, a dot, a parity square).
#[derive(Clone, Debug, PartialEq)]
pub struct Marking {
    /// Its geometry.
    pub figure: Figure,
    /// The inside's colour (RGB in 0..=1), if filled; a line is never filled.
    pub fill: Option<[f32; 3]>,
    /// The outline (or the line): colour and width.
    pub stroke: Option<Stroke>,
    /// What the mark draws, for styling and tests (`thermo`, `arrow`, `kropki`, ...).
    pub role: &'static str,
}

/// A stroke's colour (RGB in 0..=1) and width in points; its ends and joins are round.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Stroke {
    /// The colour.
    pub rgb: [f32; 3],
    /// The width.
    pub width: f32,
}

/// The geometry of a [`Marking`].
#[derive(Clone, Debug, PartialEq)]
pub enum Figure {
    /// A circle.
    Circle {
        /// Its centre.
        centre: (f32, f32),
        /// Its radius.
        radius: f32,
    },
    /// An axis-aligned rectangle, its corners rounded by `round` (a pill when that is half its
    /// height).
    Rect {
        /// Left.
        x: f32,
        /// Top.
        y: f32,
        /// Width.
        w: f32,
        /// Height.
        h: f32,
        /// The corners' radius (0 for square corners).
        round: f32,
    },
    /// An open line through the points, with round ends and joins (two points and a wide stroke
    /// make a pill).
    Line(Vec<(f32, f32)>),
}

/// Text placed on a baseline.
#[derive(Clone, Debug, PartialEq)]
pub struct Text {
    /// The anchor's x.
    pub x: f32,
    /// The baseline's y.
    pub y: f32,
    /// Font size in points.
    pub size: f32,
    /// The words.
    pub text: String,
    /// Bold or regular.
    pub bold: bool,
    /// Its colour.
    pub tone: Tone,
    /// Which point of the text `x` is.
    pub anchor: Anchor,
    /// What the text is, for styling and tests (`given`, `solved`, `candidate`, `sum`, `caption`).
    pub role: &'static str,
}

/// Backgrounds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Fill {
    /// Plain paper.
    White,
    /// A cell of a diagonal (the X variant's extra units).
    Shade,
    /// A cell of a hyper window: a green tint, told apart from the diagonals' grey (the
    /// playground's windows are green too).
    Window,
    /// A cell on a diagonal and in a window.
    DiagonalWindow,
    /// A highlighted cell.
    Highlight,
    /// A cell of an extra region (a constraint): a light blue-grey.
    Region,
}

impl Fill {
    /// The colour as RGB in 0..=1.
    pub fn rgb(self) -> [f32; 3] {
        match self {
            Fill::White => [1.0, 1.0, 1.0],
            Fill::Shade => [0.87, 0.87, 0.87],
            Fill::Window => [0.84, 0.93, 0.88],
            Fill::DiagonalWindow => [0.74, 0.83, 0.78],
            Fill::Highlight => [1.0, 0.9, 0.5],
            Fill::Region => [0.8, 0.85, 0.92],
        }
    }
}

/// Text colours.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tone {
    /// Black: givens, sums, captions.
    Ink,
    /// Blue: digits the solution filled in.
    Solved,
    /// Grey: candidates.
    Faint,
}

impl Tone {
    /// The colour as RGB in 0..=1.
    pub fn rgb(self) -> [f32; 3] {
        match self {
            Tone::Ink => [0.0, 0.0, 0.0],
            Tone::Solved => [0.12, 0.3, 0.62],
            Tone::Faint => [0.35, 0.35, 0.35],
        }
    }
}

/// Horizontal anchoring of text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Anchor {
    /// `x` is where the text starts.
    Start,
    /// `x` is the text's centre.
    Middle,
}
