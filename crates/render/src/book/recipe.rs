//! What a book holds, generated: a [`Recipe`] (count, shape, level, seed) made into [`BookEntry`]s,
//! puzzle k from seed + k, by the generator each shape and variant has (classic, general, killer).

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

use super::BookEntry;
use sudoku_engine::general::{self, KillerRequest, LevelError, ShapeRequest, Symmetry};
use sudoku_engine::generator::DEFAULT_GIVENS;
use sudoku_engine::logic::Difficulty;
use sudoku_engine::shape::{Cells, Rules, Shape, ShapeError};
use sudoku_engine::{
    generate as classic, Interrupt, LevelGenerator, LevelRequest, Request, StopReason,
};

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
    let mut entries = Vec::with_capacity(recipe.count);
    for k in 0..recipe.count {
        let stop = if cancel.is_some_and(|c| c.load(Ordering::Relaxed)) {
            Some(StopReason::Cancelled)
        } else if deadline.is_some_and(|d| Instant::now() >= d) {
            Some(StopReason::Deadline)
        } else {
            None
        };
        if let Some(reason) = stop {
            return Err(BookError::Stopped(reason, k));
        }
        let seed = recipe.seed.wrapping_add(k as u64);
        let entry = if classic_shape && recipe.symmetry == Symmetry::None {
            classic_entry(recipe.difficulty, seed, deadline, cancel)
        } else {
            shaped_entry(recipe, seed, Interrupt { deadline, cancel }).map_err(|e| match e {
                BookError::LevelNotReached { shape, level, .. } => BookError::LevelNotReached {
                    shape,
                    level,
                    puzzle: k + 1,
                },
                other => other,
            })?
        };
        entries.push(entry.ok_or(BookError::Stopped(StopReason::Deadline, k))?);
        progress(k + 1);
    }
    Ok(entries)
}

/// A classic puzzle: graded at `difficulty`, or the unique minimal puzzle of the seed.
fn classic_entry(
    difficulty: Option<Difficulty>,
    seed: u64,
    deadline: Option<Instant>,
    cancel: Option<&AtomicBool>,
) -> Option<BookEntry> {
    let to_cells = |g: &sudoku_engine::Grid| Cells::from_values(g.values().to_vec());
    let shape = (*Shape::classic()).clone();
    match difficulty {
        Some(difficulty) => {
            let mut generator = LevelGenerator::new();
            if let Some(d) = deadline {
                generator = generator.deadline(d);
            }
            if let Some(c) = cancel {
                generator = generator.cancel_flag(c);
            }
            let request = LevelRequest {
                difficulty,
                givens: DEFAULT_GIVENS,
                seed,
            };
            let graded = generator.generate(&request).ok()?;
            Some(BookEntry {
                shape,
                puzzle: to_cells(&graded.puzzle),
                solution: to_cells(&graded.solution),
                level: Some(difficulty),
            })
        }
        None => {
            let made = classic(&Request {
                givens: DEFAULT_GIVENS,
                unique: true,
                seed,
            });
            Some(BookEntry {
                shape,
                puzzle: to_cells(&made.puzzle),
                solution: to_cells(made.solution.as_ref()?),
                level: None,
            })
        }
    }
}

/// A puzzle on the recipe's shape from the general generator, graded at the recipe's level when it
/// names one (as `/random` makes them).
fn shaped_entry(
    recipe: &Recipe,
    seed: u64,
    interrupt: Interrupt,
) -> Result<Option<BookEntry>, BookError> {
    if recipe.killer {
        return killer_entry(recipe, seed, interrupt);
    }
    let request = ShapeRequest {
        symmetry: recipe.symmetry,
        jigsaw: recipe.jigsaw,
        seed,
        interrupt,
    };
    if let Some(level) = recipe.difficulty {
        return match general::generate_leveled(&recipe.rules, &request, level) {
            Ok(leveled) => Ok(Some(BookEntry {
                shape: leveled.generated.shape,
                puzzle: leveled.generated.puzzle,
                solution: leveled.generated.solution,
                level: Some(leveled.grade.difficulty),
            })),
            Err(LevelError::Stopped(_)) => Ok(None),
            Err(LevelError::Shape(e)) => Err(BookError::Shape(e)),
            Err(LevelError::NotReached(level)) => Err(BookError::LevelNotReached {
                shape: Shape::new(&recipe.rules)?.to_string(),
                level,
                puzzle: 0,
            }),
        };
    }
    Ok(
        general::generate(&recipe.rules, &request)?.map(|made| BookEntry {
            shape: made.shape,
            puzzle: made.puzzle,
            solution: made.solution,
            level: None,
        }),
    )
}

/// A killer on the recipe's shape: its cages drawn fresh for the seed, graded at the recipe's level
/// when it names one (as `/random?variant=killer` makes them).
fn killer_entry(
    recipe: &Recipe,
    seed: u64,
    interrupt: Interrupt,
) -> Result<Option<BookEntry>, BookError> {
    let request = KillerRequest {
        seed,
        givens: 0,
        symmetry: recipe.symmetry,
        jigsaw: recipe.jigsaw,
        interrupt,
    };
    let entry = |made: general::GeneratedShape, level| BookEntry {
        shape: made.shape,
        puzzle: made.puzzle,
        solution: made.solution,
        level,
    };
    match recipe.difficulty {
        Some(level) => match general::generate_killer_leveled(&recipe.rules, &request, level) {
            Ok(leveled) => Ok(Some(entry(
                leveled.generated,
                Some(leveled.grade.difficulty),
            ))),
            Err(LevelError::Stopped(_)) => Ok(None),
            Err(LevelError::Shape(e)) => Err(BookError::Shape(e)),
            Err(LevelError::NotReached(level)) => Err(BookError::LevelNotReached {
                shape: format!("{} killer", Shape::new(&recipe.rules)?),
                level,
                puzzle: 0,
            }),
        },
        None => Ok(
            general::generate_killer(&recipe.rules, &request)?.map(|made| BookEntry {
                shape: made.shape,
                puzzle: made.puzzle,
                solution: made.solution,
                level: None,
            }),
        ),
    }
}
