//! Puzzles in other tools' forms: f-puzzles JSON, f-puzzles and SudokuPad links (read and written)
//! and ipuz (written). Shared by the HTTP API and the command line, below both: it knows the
//! engine's [`Rules`] and nothing of HTTP.
//!
//! Reading is exact or refused: every f-puzzles feature either maps to a rule the engine has, with
//! the same meaning, or is refused naming it ([`InterchangeError::Unsupported`]); a puzzle solved
//! without one of its rules would be a wrong answer. Only keys that carry no rule (title, author,
//! rules text, pencil marks, colours, the setter's solution) are passed over; see docs/interchange.md.

pub mod fpuzzles;
pub mod ipuz;
pub mod link;
pub mod lzstring;
#[cfg(test)]
mod tests;

use serde::Serialize;

use crate::engine::shape::Rules;

/// A puzzle read from another tool: the API's `puzzle` text (`.` blanks, the default symbols) and
/// `rules` (absent for classic 9x9), with the title and author when the source names them.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Imported {
    /// The setter's name, when given.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub author: Option<String>,
    /// The givens, N*N symbols, `.` for a blank.
    pub puzzle: String,
    /// The shape and constraints; absent for classic 9x9.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rules: Option<Rules>,
    /// The puzzle's title, when given.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub title: Option<String>,
}

/// Reads an f-puzzles or SudokuPad link.
pub fn import_link(link: &str) -> Result<Imported, InterchangeError> {
    let data = link::read_link(link)?;
    fpuzzles::import(&data)
}

/// The formats a puzzle is written in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ExportFormat {
    /// An f-puzzles link.
    Fpuzzles,
    /// A SudokuPad link carrying f-puzzles data.
    Sudokupad,
    /// An ipuz document.
    Ipuz,
}

impl ExportFormat {
    /// The names on the wire, in documented order.
    pub const NAMES: [&'static str; 3] = ["fpuzzles", "sudokupad", "ipuz"];

    /// The format named `name`.
    pub fn from_name(name: &str) -> Option<ExportFormat> {
        match name {
            "fpuzzles" => Some(ExportFormat::Fpuzzles),
            "sudokupad" => Some(ExportFormat::Sudokupad),
            "ipuz" => Some(ExportFormat::Ipuz),
            _ => None,
        }
    }

    /// The name on the wire.
    pub fn name(self) -> &'static str {
        match self {
            ExportFormat::Fpuzzles => "fpuzzles",
            ExportFormat::Sudokupad => "sudokupad",
            ExportFormat::Ipuz => "ipuz",
        }
    }
}

/// Why a link or an f-puzzles document cannot be read, or a puzzle cannot be written in a format.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum InterchangeError {
    /// The link is longer than any real puzzle's.
    #[error("the link is {length} bytes long; links of up to {limit} bytes are read")]
    LinkTooLong {
        /// Its length in bytes.
        length: usize,
        /// The most read.
        limit: usize,
    },
    /// The link's data decodes to more than the cap (a decompression bomb, or no puzzle).
    #[error("the link's data decodes to more than {limit} characters; no puzzle is that large")]
    DecodedTooLarge {
        /// The cap, in UTF-16 units.
        limit: usize,
    },
    /// Not a link of a form read.
    #[error("{received:?} is not a puzzle link read here: {why}")]
    NotALink {
        /// The start of what was sent.
        received: String,
        /// Why.
        why: String,
    },
    /// The link's data is not lz-string data or not JSON, or the f-puzzles document is not shaped
    /// as f-puzzles writes it.
    #[error("{0}")]
    BadData(String),
    /// A feature of the puzzle no rule of ours carries with the same meaning.
    #[error("{detail}")]
    Unsupported {
        /// The f-puzzles key (`minimum`, `grid.givenPencilMarks`, `negative.ratio`).
        feature: String,
        /// Why, in words.
        detail: String,
    },
    /// A value the format defines but outside what the puzzle's grid allows (a size, a cell name
    /// off the grid, a sum that is no number).
    #[error("{detail}")]
    BadValue {
        /// Where (`size`, `thermometer[0].lines[0][2]`).
        field: String,
        /// What was sent.
        received: String,
        /// Why, in words.
        detail: String,
    },
    /// A rule of ours the target format cannot carry.
    #[error("{format} cannot carry {feature}: {detail}")]
    CannotExport {
        /// The target format's name.
        format: &'static str,
        /// Our rule (`thermo`, `size 25`, `anti_knight`).
        feature: String,
        /// Why.
        detail: String,
    },
}

impl InterchangeError {
    /// The refusal's `expected`: the f-puzzles features read, for an unsupported one.
    pub fn expected(&self) -> Vec<&'static str> {
        match self {
            InterchangeError::Unsupported { .. } => fpuzzles::READ_KEYS.to_vec(),
            InterchangeError::NotALink { .. } => link::LINK_FORMS.to_vec(),
            _ => Vec::new(),
        }
    }
}
