//! Human-style solving on any shape, classic 9x9 included: the techniques whose assumptions the
//! shape meets, tried simplest first, each step explained in the shape's own symbols and unit
//! names, and the grade of a puzzle from its path, on one scale (the technique ids, levels and base
//! scores of [`crate::technique`]; on classic 9x9 the paths, words and grades agree with HoDoKu's).
//!
//! It is the engine's one logic layer: on classic 9x9 it looks in a player's order (boxes, then
//! rows, then columns: [`Geometry::scan`]) and proves uniqueness with the band solver. Each technique declares what it assumes of the shape
//! ([`Assumes`]) and runs only where that holds: most need nothing but units; fish need rows and
//! columns; kites and empty rectangles need boxes or jigsaw regions (every shape has one or the
//! other); unique and hidden rectangles assume the one solution the service proves before any step,
//! and check each rectangle against the shape's units and cages before using it; BUG+1 needs every
//! constraint to be a unit, so it is not offered on killers. On shapes with constraints
//! (thermometers, dots, lines, sums, global rules), the `constraints` techniques read them. When
//! nothing applies, a guess checked against the unique solution (`brute_force`) keeps the path
//! going, so every unique puzzle finishes.
//!
//! - `step`: what one step places, removes and looks at.
//! - `position`: placed values and candidates, and the tables finders share on one position.
//! - `places`: each value's places unit by unit (and the fish's value lines), worked out once per
//!   position and read by the subsets, crossings, fish and single-value finders.
//! - `geometry`: crossings of units, rows and columns, worked out once per puzzle.
//! - `singles`, `intersections`, `subsets`, `fish`: the finders of single cells, crossings, subsets
//!   and fish.
//! - `finned_fish` (Finned and Sashimi X-Wing and Swordfish): fish whose fins share a box, region,
//!   window or diagonal.
//! - `single_digit` (Skyscraper, 2-String Kite, Empty Rectangle): conjugate pairs joined through a
//!   line, a box or a region.
//! - `uniqueness` (Unique Rectangle types 1, 2 and 4, Hidden Rectangle, BUG+1): deadly patterns
//!   avoided, each checked against the shape's own units and cages.
//! - `cell_bits`: sets of cells as bits (one `u128` up to 128 cells, wider beyond), for the
//!   finders that intersect many.
//! - `links`: strong and weak links between candidates, as cell sets.
//! - `chains` (X-Chain, XY-Chain, AIC with nice loops: HoDoKu's best chain, searched breadth
//!   first), `coloring` (Simple Coloring), `wings` (W-Wing, XY-Wing, XYZ-Wing), `als` (ALS-XZ):
//!   the finders that follow links; each assumes only units, so each runs on every shape, and
//!   each is bounded in chain length or set size, and past nine values in work per step, so that
//!   a 25x25 hint stays cheap.
//! - `forcing` (Forcing Chain): assume a value in a cell and follow singles; a contradiction, or a
//!   conclusion every candidate of a cell or every place of a value in a unit leads to, holds. It
//!   assumes only units (a killer's cages count as peers, their sums unread), so it runs on every
//!   shape, last before the guess, within a fixed count of work per step.
//! - `killer` (Cage Combination, Rule of 45, Cage Pointing, Cage Claiming, Innies and Outies, Cage
//!   Splitting): the techniques killer solvers use, offered only on shapes with cages; their levels
//!   and how they are calibrated are in that module's documentation.
//! - `constraints` (Odd and Even, Thermometer, Dot Pair, Line Sum, Renban, Sandwich): the
//!   techniques that read a variant's constraints, offered only on shapes with any; their words
//!   name the constraint as `rules.constraints` numbers it, and their levels are in that module's
//!   documentation.
//! - `clean_up`: before any of them on a player's own pencil marks, a placed value still marked in a
//!   peer leaves it (Clean-up), so no technique reads a stale mark as a place. The one
//!   implementation, on every shape classic 9x9 included: [`crate::Puzzle::hint`] asks it.
//! - `solver`: walking a puzzle, grading it, hinting a player.

pub(crate) mod als;
mod cell_bits;
pub(crate) mod chains;
mod clean_up;
pub(crate) mod coloring;
mod constraints;
pub(crate) mod finned_fish;
pub(crate) mod fish;
pub(crate) mod forcing;
mod geometry;
// The singles and intersections are crate-visible for the classic technique cases (test code).
pub(crate) mod intersections;
mod killer;
mod links;
mod places;
mod position;
pub(crate) mod single_digit;
pub(crate) mod singles;
mod solver;
mod step;
pub(crate) mod subsets;
pub(crate) mod uniqueness;
pub(crate) mod wings;
mod words;

pub use clean_up::clean_up;
pub use constraints::constraint_name;
pub use geometry::Geometry;
pub use position::ShapePosition;
pub use solver::{scaled_difficulty, ShapeExplanation, ShapeHint, ShapeLogic, ShapeLogicError};
pub use step::{Mark, Pattern, ShapeStep};

use crate::shape::{Cells, Shape, UnitKind};
use crate::technique::Technique;

/// What a technique assumes of the shape it runs on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Assumes {
    /// Only that every unit holds each value once: true of every shape.
    Units,
    /// That the rows and the columns are units (fish reason about them): true of every shape.
    RowsAndColumns,
    /// That the shape has killer cages.
    Cages,
    /// That the shape has rules beyond units and cages ([`Shape::has_constraints`]).
    Constraints,
    /// That every cell lies in a box or a jigsaw region (kites and empty rectangles reason about
    /// them): true of every shape.
    Regions,
    /// That the puzzle has one solution (the service proves it before any step) and that swapping
    /// two values in a rectangle's four cells would keep every unit and cage valid, which each
    /// rectangle checks for itself: true of every shape without constraints beyond units and
    /// cages ([`Shape::has_constraints`]), instance by instance.
    Unique,
    /// Only units, on a shape of at most [`FORCING_SIZE`]: a forcing chain follows every candidate
    /// of a cell through the whole grid, a cost that grows as N^3; on 16x16 a whole explanation
    /// took 1.2 s with them (0.3 s without) and on 25x25 3.4 s (0.6 s), past the service's deadline,
    /// so the large shapes keep the checked guess there.
    UnitsOnSmallShapes,
    /// That the puzzle has one solution and every constraint is a unit of N cells, so a bivalue
    /// grave has two solutions or none: true of every shape without cages or constraints.
    UniqueWithoutCages,
}

impl Assumes {
    /// Whether `shape` meets the assumption.
    pub fn holds(self, shape: &Shape) -> bool {
        match self {
            Assumes::Units => true,
            Assumes::UnitsOnSmallShapes => shape.size() <= FORCING_SIZE,
            Assumes::RowsAndColumns => {
                let lines = (0..shape.unit_count())
                    .filter(|&u| {
                        matches!(shape.unit_kind(u), UnitKind::Row(_) | UnitKind::Column(_))
                    })
                    .count();
                lines == 2 * shape.size()
            }
            Assumes::Cages => shape.is_killer(),
            Assumes::Constraints => shape.has_constraints(),
            Assumes::Regions => (0..shape.cell_count()).all(|c| {
                shape.units_of(c).iter().any(|&u| {
                    matches!(
                        shape.unit_kind(usize::from(u)),
                        UnitKind::Box(_) | UnitKind::Region(_)
                    )
                })
            }),
            // A swap checked against units and cages may still break a thermometer, a dot or an
            // anti-knight pair: with any such rule, uniqueness arguments are not offered.
            Assumes::Unique => !shape.has_constraints(),
            Assumes::UniqueWithoutCages => !shape.is_killer() && !shape.has_constraints(),
        }
    }
}

/// The largest shape forcing chains are tried on ([`Assumes::UnitsOnSmallShapes`]).
pub const FORCING_SIZE: usize = 12;

/// A finder: the first instance of its pattern that changes something, as a step.
pub type FindFn = fn(&Geometry, &ShapePosition, &Cells) -> Option<ShapeStep>;

/// A technique, what it assumes, and its finder.
#[derive(Clone, Copy, Debug)]
pub struct Finder {
    /// The technique found (for its id, level and score).
    pub technique: Technique,
    /// What it assumes of the shape.
    pub assumes: Assumes,
    /// The finder.
    pub find: FindFn,
}

const fn finder(technique: Technique, assumes: Assumes, find: FindFn) -> Finder {
    Finder {
        technique,
        assumes,
        find,
    }
}

/// Every technique of this layer, simplest first (the order of [`Technique`]).
pub const FINDERS: &[Finder] = &[
    finder(Technique::FullHouse, Assumes::Units, singles::full_house),
    finder(
        Technique::NakedSingle,
        Assumes::Units,
        singles::naked_single,
    ),
    finder(
        Technique::HiddenSingle,
        Assumes::Units,
        singles::hidden_single,
    ),
    finder(
        Technique::CageCombination,
        Assumes::Cages,
        killer::cage_combination,
    ),
    finder(Technique::RuleOf45, Assumes::Cages, killer::rule_of_45),
    finder(
        Technique::OddEven,
        Assumes::Constraints,
        constraints::odd_even,
    ),
    finder(
        Technique::Thermometer,
        Assumes::Constraints,
        constraints::thermometer,
    ),
    finder(
        Technique::DotPair,
        Assumes::Constraints,
        constraints::dot_pair,
    ),
    finder(
        Technique::LineSum,
        Assumes::Constraints,
        constraints::line_sum,
    ),
    finder(Technique::Renban, Assumes::Constraints, constraints::renban),
    finder(
        Technique::Sandwich,
        Assumes::Constraints,
        constraints::sandwich,
    ),
    finder(Technique::LockedPair, Assumes::Units, subsets::locked_pair),
    finder(
        Technique::LockedTriple,
        Assumes::Units,
        subsets::locked_triple,
    ),
    finder(
        Technique::LockedCandidatesPointing,
        Assumes::Units,
        intersections::pointing,
    ),
    finder(
        Technique::LockedCandidatesClaiming,
        Assumes::Units,
        intersections::claiming,
    ),
    finder(
        Technique::CagePointing,
        Assumes::Cages,
        killer::cage_pointing,
    ),
    finder(
        Technique::CageClaiming,
        Assumes::Cages,
        killer::cage_claiming,
    ),
    finder(
        Technique::InniesOuties,
        Assumes::Cages,
        killer::innies_outies,
    ),
    finder(
        Technique::CageSplitting,
        Assumes::Cages,
        killer::cage_splitting,
    ),
    finder(Technique::NakedPair, Assumes::Units, subsets::naked_pair),
    finder(
        Technique::NakedTriple,
        Assumes::Units,
        subsets::naked_triple,
    ),
    finder(
        Technique::InnieOutieDifference,
        Assumes::Cages,
        killer::innie_outie_difference,
    ),
    finder(Technique::HiddenPair, Assumes::Units, subsets::hidden_pair),
    finder(
        Technique::HiddenTriple,
        Assumes::Units,
        subsets::hidden_triple,
    ),
    finder(
        Technique::CombinationConflict,
        Assumes::Cages,
        killer::combination_conflict,
    ),
    finder(Technique::NakedQuad, Assumes::Units, subsets::naked_quad),
    finder(Technique::HiddenQuad, Assumes::Units, subsets::hidden_quad),
    finder(Technique::XWing, Assumes::RowsAndColumns, fish::x_wing),
    finder(
        Technique::Swordfish,
        Assumes::RowsAndColumns,
        fish::swordfish,
    ),
    finder(
        Technique::Jellyfish,
        Assumes::RowsAndColumns,
        fish::jellyfish,
    ),
    finder(
        Technique::BugPlusOne,
        Assumes::UniqueWithoutCages,
        uniqueness::bug_plus_one,
    ),
    finder(
        Technique::Skyscraper,
        Assumes::RowsAndColumns,
        single_digit::skyscraper,
    ),
    finder(
        Technique::TwoStringKite,
        Assumes::Regions,
        single_digit::two_string_kite,
    ),
    finder(
        Technique::TurbotFish,
        Assumes::Units,
        single_digit::turbot_fish,
    ),
    finder(
        Technique::EmptyRectangle,
        Assumes::Regions,
        single_digit::empty_rectangle,
    ),
    finder(Technique::WWing, Assumes::Units, wings::w_wing),
    finder(Technique::XYWing, Assumes::Units, wings::xy_wing),
    finder(Technique::XYZWing, Assumes::Units, wings::xyz_wing),
    finder(
        Technique::UniqueRectangle1,
        Assumes::Unique,
        uniqueness::unique_rectangle_1,
    ),
    finder(
        Technique::UniqueRectangle2,
        Assumes::Unique,
        uniqueness::unique_rectangle_2,
    ),
    finder(
        Technique::UniqueRectangle4,
        Assumes::Unique,
        uniqueness::unique_rectangle_4,
    ),
    finder(
        Technique::HiddenRectangle,
        Assumes::Unique,
        uniqueness::hidden_rectangle,
    ),
    finder(
        Technique::FinnedXWing,
        Assumes::RowsAndColumns,
        finned_fish::finned_x_wing,
    ),
    finder(
        Technique::SashimiXWing,
        Assumes::RowsAndColumns,
        finned_fish::sashimi_x_wing,
    ),
    finder(
        Technique::FinnedSwordfish,
        Assumes::RowsAndColumns,
        finned_fish::finned_swordfish,
    ),
    finder(
        Technique::SashimiSwordfish,
        Assumes::RowsAndColumns,
        finned_fish::sashimi_swordfish,
    ),
    finder(
        Technique::SimpleColoring,
        Assumes::Units,
        coloring::simple_coloring,
    ),
    finder(Technique::XChain, Assumes::Units, chains::x_chain),
    finder(Technique::XYChain, Assumes::Units, chains::xy_chain),
    finder(Technique::Aic, Assumes::Units, chains::aic),
    finder(Technique::AlsXz, Assumes::Units, als::als_xz),
    finder(
        Technique::ForcingChain,
        Assumes::UnitsOnSmallShapes,
        forcing::forcing_chain,
    ),
    finder(Technique::BruteForce, Assumes::Units, singles::brute_force),
];

/// The simplest step available in `position`, among the techniques whose assumptions `geo`'s shape
/// meets; `None` only when the grid is full, or when no technique applies and no `solution` is
/// given for the guess to check against.
pub fn next_step(geo: &Geometry, position: &ShapePosition, solution: &Cells) -> Option<ShapeStep> {
    first_step(&finders_for(geo.shape), geo, position, solution)
}

/// The finders whose assumptions `shape` meets, simplest first: a walk works them out once.
pub(crate) fn finders_for(shape: &Shape) -> Vec<&'static Finder> {
    FINDERS.iter().filter(|f| f.assumes.holds(shape)).collect()
}

/// The first step one of `finders` finds, in their order.
pub(crate) fn first_step(
    finders: &[&Finder],
    geo: &Geometry,
    position: &ShapePosition,
    solution: &Cells,
) -> Option<ShapeStep> {
    finders
        .iter()
        .find_map(|f| (f.find)(geo, position, solution))
}
