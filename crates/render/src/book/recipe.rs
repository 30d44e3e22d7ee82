//! What a book holds, generated: a [`Recipe`] (count, shape, level, seed) made into [`BookEntry`]s,
//! puzzle k from seed + k, each made by the engine's [`Order`] (which picks the generator).

use std::sync::atomic::AtomicBool;
use std::time::Instant;

use super::BookEntry;
use sudoku_engine::general::{self, Symmetry};
use sudoku_engine::generator::DEFAULT_GIVENS;
use sudoku_engine::logic::Difficulty;
use sudoku_engine::shape::{Rules, Shape, ShapeError};
use sudoku_engine::{Interrupt, Order, OrderError, StopReason};

/// What to generate: `count` puzzles of one shape and level from consecutive seeds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Recipe {
    /// How many puzzles.
    pub count: usize,
    /// The shape (boxes and variants; jigsaw regions are drawn per puzzle when `jigsaw`).
    pub rules: Rules,
    /// Fresh jigsaw regions for each puzzle.
    pub jigsaw: bool,
    /// Killer puzzles: fresh cages for each puzzle (with the generator's givens, none at most
    /// levels), made as `/random?variant=killer` makes them.
    pub killer: bool,
    /// The pattern of givens (shaped puzzles only; classic levels are not symmetric).
    pub symmetry: Symmetry,
    /// The level, for classic 9x9 only.
    pub difficulty: Option<Difficulty>,
    /// The first puzzle's seed.
    pub seed: u64,
}

/// Why a book could not be generated.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum BookError {
    /// The deadline passed or the work was cancelled.
    #[error("book generation stopped ({0:?}) after {1} puzzles")]
    Stopped(StopReason, usize),
    /// The rules describe no valid shape.
    #[error(transparent)]
    Shape(#[from] ShapeError),
    /// A level the shape's puzzles are measured never to reach (no attempt is spent on it).
    #[error("difficulty {}: not available for {shape}: {why}", .level.name())]
    LevelOutOfReach {
        /// The shape, in words.
        shape: String,
        /// The level asked for.
        level: Difficulty,
        /// Why, as measured.
        why: &'static str,
    },
    /// None of the puzzles a seed draws grades at the level (the same every time for that seed).
    #[error(
        "difficulty {}: none of the puzzles the seed of puzzle {puzzle} draws grades {} on {shape}; another seed may find one",
        .level.name(),
        .level.name()
    )]
    LevelNotReached {
        /// The shape, in words.
        shape: String,
        /// The level asked for.
        level: Difficulty,
        /// The puzzle's number in the book, 1-based.
        puzzle: usize,
    },
}

/// Generates the recipe's puzzles in order, calling `progress` with the count made so far.
pub fn generate(
    recipe: &Recipe,
    deadline: Option<Instant>,
    cancel: Option<&AtomicBool>,
    progress: &mut dyn FnMut(usize),
) -> Result<Vec<BookEntry>, BookError> {
    let template = Shape::new(&recipe.rules)?;
    let classic_shape = template.is_classic() && !recipe.jigsaw && !recipe.killer;
    if let Some(level) = recipe.difficulty.filter(|_| !classic_shape) {
        if let Some(why) = general::out_of_reach(
            template.size(),
            recipe.jigsaw || template.is_jigsaw(),
            level,
        ) {
            let shape = template.to_string();
            return Err(BookError::LevelOutOfReach { shape, level, why });
        }
    }
    let order = Order {
        rules: recipe.rules.clone(),
        jigsaw: recipe.jigsaw,
        killer: recipe.killer,
        symmetry: recipe.symmetry,
        level: recipe.difficulty,
        technique: None,
        givens: if recipe.killer { 0 } else { DEFAULT_GIVENS },
        unique: true,
    };
    let mut entries = Vec::with_capacity(recipe.count);
    for k in 0..recipe.count {
        let interrupt = Interrupt { deadline, cancel };
        if let Some(reason) = interrupt.stopped() {
            return Err(BookError::Stopped(reason, k));
        }
        let seed = recipe.seed.wrapping_add(k as u64);
        let made = match order.make(seed, interrupt) {
            Ok(made) => made,
            Err(OrderError::Stopped(_)) => return Err(BookError::Stopped(StopReason::Deadline, k)),
            Err(OrderError::Shape(e)) => return Err(BookError::Shape(e)),
            Err(OrderError::NotReached(level)) => {
                let killer = if recipe.killer { " killer" } else { "" };
                return Err(BookError::LevelNotReached {
                    shape: format!("{template}{killer}"),
                    level,
                    puzzle: k + 1,
                });
            }
            Err(OrderError::TechniqueExhausted | OrderError::TechniqueUnsupported) => {
                unreachable!("a book asks for no technique")
            }
        };
        let Some(solution) = made.solution else {
            return Err(BookError::Stopped(StopReason::Deadline, k));
        };
        entries.push(BookEntry {
            shape: made.puzzle.shape().clone(),
            puzzle: made.puzzle.cells(),
            solution: solution.cells(),
            level: recipe.difficulty.and(made.grade.map(|g| g.difficulty)),
        });
        progress(k + 1);
    }
    Ok(entries)
}
