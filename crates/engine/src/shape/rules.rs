//! The wire description of a shape: the `rules` member that requests carry beside `puzzle`.
//!
//! It is only a description; [`Shape::new`](super::Shape::new) checks it once and builds the units and
//! peers every algorithm reads. Absent members take the classic values, so `{}` is classic 9x9.

use serde::{Deserialize, Serialize};

use super::cages::CageRule;
use super::constraints::{ConstraintRule, Negative};

/// What a puzzle's grid looks like: its size, its boxes or jigsaw regions, the extra units of the
/// variants, and the symbols of its text form.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Rules {
    /// N: the grid is N x N and holds the symbols 1..N (default 9).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub size: Option<usize>,
    /// A box as `[rows, columns]` (default: the usual shape for N); absent when `regions` is given.
    #[serde(default, rename = "box", skip_serializing_if = "Option::is_none")]
    pub box_shape: Option<[usize; 2]>,
    /// Global rules: `x` (both long diagonals), `hyper` (the windows), `disjoint_groups` (units),
    /// `anti_knight`, `anti_king` (peers), `non_consecutive` (orthogonal neighbours).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub variants: Vec<Variant>,
    /// Jigsaw regions replacing the boxes: one label per cell, row-major.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub regions: Option<Regions>,
    /// The N symbols of the text form (default `123456789ABCDEFGHIJKLMNOP` cut to N).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub symbols: Option<String>,
    /// Killer cages: groups of connected cells with a sum and no repeated value.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub cages: Vec<CageRule>,
    /// Constraints drawn on the grid (thermometers, arrows, dots, lines, ...), tagged by `type`.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub constraints: Vec<ConstraintRule>,
    /// Constraints whose every qualifying pair is marked (`kropki`, `xv`): an unmarked orthogonal
    /// pair does not qualify.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub negative: Vec<Negative>,
}

/// A global rule: extra units, extra peers, or a relation between every pair of neighbours.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Variant {
    /// Both long diagonals are units.
    X,
    /// The windows (box-sized squares one cell in from the boxes' edges) are units.
    Hyper,
    /// The cells at one position in every box are a unit.
    DisjointGroups,
    /// Cells a knight's move apart are peers.
    AntiKnight,
    /// Cells a king's move apart (diagonally touching) are peers.
    AntiKing,
    /// Orthogonal neighbours never hold consecutive values.
    NonConsecutive,
}

impl Variant {
    /// The variant's name on the wire.
    pub fn name(self) -> &'static str {
        match self {
            Variant::X => "x",
            Variant::Hyper => "hyper",
            Variant::DisjointGroups => "disjoint_groups",
            Variant::AntiKnight => "anti_knight",
            Variant::AntiKing => "anti_king",
            Variant::NonConsecutive => "non_consecutive",
        }
    }

    /// The unit variant named `name` (case-insensitive), as the CLI's `--variant` takes them: the
    /// constraint variants are read from JSON rules only.
    pub fn from_name(name: &str) -> Option<Variant> {
        match name.to_ascii_lowercase().as_str() {
            "x" | "diagonal" => Some(Variant::X),
            "hyper" | "windoku" => Some(Variant::Hyper),
            _ => None,
        }
    }
}

/// Jigsaw regions: N*N labels, one per cell in row-major order.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum Regions {
    /// One character per cell (`"AAABBB..."`); whitespace is ignored.
    Text(String),
    /// One integer per cell.
    Labels(Vec<i64>),
}

impl Regions {
    /// The labels as integers in a canonical numbering: the region of the first cell is 0, the next
    /// new label 1, and so on, so equal partitions compare equal however they were labelled.
    pub(crate) fn labels(&self) -> Vec<i64> {
        match self {
            Regions::Text(text) => text
                .chars()
                .filter(|c| !c.is_whitespace())
                .map(|c| i64::from(u32::from(c)))
                .collect(),
            Regions::Labels(labels) => labels.clone(),
        }
    }
}

impl Rules {
    /// The classic rules: 9x9 with 3x3 boxes and nothing else.
    pub fn classic() -> Rules {
        Rules::default()
    }
}
