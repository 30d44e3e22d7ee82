//! The shape flags every puzzle command takes: `--size`, `--box`, `--variant`, `--regions`,
//! `--symbols`, made into the API's [`Rules`] and checked once, before any input is read.
//!
//! Without them (or with flags that describe plain classic 9x9) a command is exactly what it was
//! before shapes: classic parsing, the band solver, the classic logic's
//! answers.

use std::sync::Arc;

use super::killer::compact_cages;
use crate::engine::shape::{CageRule, Regions, Rules, Shape, ShapeError, Variant};

/// A name `--variant` takes: a variant of the rules, or `jigsaw` (regions drawn by `random`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum VariantName {
    /// `x` or `hyper`.
    Rule(Variant),
    /// Irregular regions instead of boxes.
    Jigsaw,
    /// Killer cages (`--cages` and `--sums`; drawn by `random`).
    Killer,
}

// The shape of the puzzles read or made.
// Not a doc comment: with deferred subcommands clap would make it the subcommand's help.
#[allow(missing_docs)]
#[derive(Clone, Debug, Default, clap::Args)]
pub struct ShapeArgs {
    /// N: the grid is N x N, 4 to 25 [default: from --box, --regions or --symbols, else 9].
    #[arg(long, value_name = "N")]
    pub size: Option<usize>,
    /// The box as ROWSxCOLUMNS, such as 2x3 [default: the usual box for N].
    #[arg(long = "box", value_name = "ROWSxCOLUMNS", value_parser = parse_box)]
    pub box_shape: Option<[usize; 2]>,
    /// Comma-separated: x (both long diagonals are units), hyper (the windows), jigsaw (irregular
    /// regions: drawn fresh by `random` and `book`, given with --regions elsewhere), killer (cages
    /// with sums: drawn fresh by `random` and `book`, given with --cages and --sums or in JSON
    /// lines' rules.cages elsewhere).
    #[arg(long, value_name = "NAMES", value_delimiter = ',', value_parser = parse_variant)]
    pub variant: Vec<VariantName>,
    /// Jigsaw regions replacing the boxes: N*N labels, one character per cell, row-major.
    #[arg(long, value_name = "LABELS")]
    pub regions: Option<String>,
    /// The N symbols of the text form [default: 123456789ABCDEFGHIJKLMNOP cut to N].
    #[arg(long)]
    pub symbols: Option<String>,
    /// Killer cages in compact form: one cage id per cell (N*N non-whitespace characters,
    /// row-major, whitespace ignored); cells with the same id form one connected cage.
    #[arg(long, value_name = "IDS", requires = "sums")]
    pub cages: Option<String>,
    /// The sums of the --cages, comma-separated, in the order each cage id first appears
    /// (row-major): `--cages "aab abb ccc" --sums 7,9,12` style.
    #[arg(long, value_name = "LIST", requires = "cages")]
    pub sums: Option<String>,
}

fn parse_box(text: &str) -> Result<[usize; 2], String> {
    let bad = || format!("expected ROWSxCOLUMNS, such as 2x3; got {text:?}");
    let (rows, cols) = text.split_once(['x', 'X']).ok_or_else(bad)?;
    let number = |t: &str| t.trim().parse::<usize>().map_err(|_| bad());
    Ok([number(rows)?, number(cols)?])
}

fn parse_variant(text: &str) -> Result<VariantName, String> {
    if text.eq_ignore_ascii_case("jigsaw") || text.eq_ignore_ascii_case("irregular") {
        return Ok(VariantName::Jigsaw);
    }
    if text.eq_ignore_ascii_case("killer") {
        return Ok(VariantName::Killer);
    }
    Variant::from_name(text)
        .map(VariantName::Rule)
        .ok_or_else(|| format!("unknown variant {text:?}; expected x, hyper, jigsaw or killer"))
}

/// The flag that sets the member of the rules a [`ShapeError`] names.
fn flag(error: &ShapeError) -> &'static str {
    match error.field() {
        "rules.size" => "--size",
        "rules.box" => "--box",
        "rules.regions" => "--regions",
        "rules.symbols" => "--symbols",
        "rules.cages" => "--cages",
        _ => "--variant",
    }
}

/// A shape error worded for the command line: `--box: box 2x4 does not tile a 6x6 grid; …`.
pub fn flag_error(error: &ShapeError) -> String {
    format!("{}: {error}", flag(error))
}

impl ShapeArgs {
    /// Whether any shape flag was given.
    pub fn is_given(&self) -> bool {
        self.size.is_some()
            || self.cages.is_some()
            || self.box_shape.is_some()
            || !self.variant.is_empty()
            || self.regions.is_some()
            || self.symbols.is_some()
    }

    /// Whether `--variant killer` asks for cages.
    pub fn killer(&self) -> bool {
        self.variant.contains(&VariantName::Killer) || self.cages.is_some()
    }

    /// The cages of `--cages` and `--sums` on a grid of `size`, or why they make none.
    pub fn cage_rules(&self, size: usize) -> Result<Vec<CageRule>, String> {
        match (&self.cages, &self.sums) {
            (Some(ids), Some(sums)) => compact_cages(size, ids, sums),
            _ => Ok(Vec::new()),
        }
    }

    /// Whether `--variant jigsaw` asks for drawn regions.
    pub fn jigsaw(&self) -> bool {
        self.variant.contains(&VariantName::Jigsaw)
    }

    /// The rules the flags describe. N, when not given, is read from the box (rows x columns), the
    /// regions (N*N labels) or the symbols (N of them), in that order.
    pub fn rules(&self) -> Rules {
        let labels = self
            .regions
            .as_deref()
            .map(|r| r.chars().filter(|c| !c.is_whitespace()).count());
        let square_root = |n: usize| (1..=n).find(|r| r * r >= n).filter(|r| r * r == n);
        let size = self
            .size
            .or_else(|| self.box_shape.map(|[r, c]| r * c))
            .or_else(|| labels.and_then(square_root))
            .or_else(|| self.symbols.as_ref().map(|s| s.chars().count()))
            .or_else(|| {
                let ids = self.cages.as_deref()?;
                square_root(ids.chars().filter(|c| !c.is_whitespace()).count())
            });
        let mut variants: Vec<Variant> = self
            .variant
            .iter()
            .filter_map(|v| match v {
                VariantName::Rule(v) => Some(*v),
                VariantName::Jigsaw | VariantName::Killer => None,
            })
            .collect();
        variants.sort();
        variants.dedup();
        Rules {
            size,
            box_shape: self.box_shape,
            variants,
            regions: self.regions.clone().map(Regions::Text),
            symbols: self.symbols.clone(),
            // Faults in the compact form are reported by `reading_shape`, before this is used.
            cages: self.cage_rules(size.unwrap_or(9)).unwrap_or_default(),
            // Constraints are read from JSON rules only.
            ..Rules::default()
        }
    }

    /// The shape puzzles are read on: `None` without flags or for plain classic 9x9 (read as
    /// ever), else the shape, or why the flags make none.
    pub fn reading_shape(&self) -> Result<Option<Arc<Shape>>, String> {
        if !self.is_given() {
            return Ok(None);
        }
        if self.jigsaw() && self.regions.is_none() {
            return Err(
                "--variant jigsaw: give the puzzles' regions with --regions LABELS \
                        (N*N labels, one per cell); only `random` draws regions"
                    .to_string(),
            );
        }
        if self.killer() && self.cages.is_none() {
            return Err(
                "--variant killer: give the puzzles' cages with --cages IDS --sums LIST, \
                        or read JSON lines whose rules carry cages (no flags needed); only \
                        `random` draws cages"
                    .to_string(),
            );
        }
        let rules = self.rules();
        self.cage_rules(rules.size.unwrap_or(9))?;
        let shape = Shape::new(&rules).map_err(|e| flag_error(&e))?;
        Ok((!shape.is_classic()).then(|| Arc::new(shape)))
    }
}

/// The refusal of `random --difficulty` on a shape other than classic 9x9, in the API's words.
pub fn no_levels_yet(shape: &Shape) -> String {
    format!(
        "difficulty levels for generated puzzles are available for classic 9x9 only so far; the \
         shape asked for is {shape}"
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(size: Option<usize>, box_shape: Option<&str>) -> ShapeArgs {
        ShapeArgs {
            size,
            box_shape: box_shape.map(|b| parse_box(b).unwrap()),
            ..ShapeArgs::default()
        }
    }

    #[test]
    fn the_size_is_read_from_the_box_the_regions_or_the_symbols() {
        assert_eq!(args(None, Some("2x3")).rules().size, Some(6));
        let regions = ShapeArgs {
            regions: Some("AABB AABB CCDD CCDD".to_string()),
            ..ShapeArgs::default()
        };
        assert_eq!(regions.rules().size, Some(4));
        let symbols = ShapeArgs {
            symbols: Some("0123456789ABCDEF".to_string()),
            ..ShapeArgs::default()
        };
        assert_eq!(symbols.rules().size, Some(16));
        assert_eq!(args(Some(12), Some("3x4")).rules().size, Some(12));
    }

    #[test]
    fn classic_flags_read_as_classic_and_others_as_their_shape() {
        assert_eq!(ShapeArgs::default().reading_shape(), Ok(None));
        assert_eq!(args(Some(9), Some("3x3")).reading_shape(), Ok(None));
        let six = args(Some(6), None).reading_shape().unwrap().unwrap();
        assert_eq!(six.box_shape(), Some((2, 3)));
    }

    #[test]
    fn bad_flags_are_named() {
        assert_eq!(
            args(Some(6), Some("2x4")).reading_shape().unwrap_err(),
            "--box: box 2x4 does not tile a 6x6 grid; expected rows x columns = 6, each at least 2"
        );
        assert!(parse_box("2by3").unwrap_err().contains("ROWSxCOLUMNS"));
        assert!(parse_variant("sandwich")
            .unwrap_err()
            .contains("x, hyper, jigsaw or killer"));
        let jigsaw = ShapeArgs {
            variant: vec![VariantName::Jigsaw],
            ..ShapeArgs::default()
        };
        assert!(jigsaw.reading_shape().unwrap_err().contains("--regions"));
    }
}
