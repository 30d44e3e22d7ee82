//! Generation for every shape from one description, [`Order`]: the one place that picks the
//! generator. A plain classic 9x9 with no jigsaw, killer or symmetry takes the classic generators
//! (Norvig's random puzzles, minimal unique ones, to a level, showing a technique), whose seeds
//! have always given the same puzzles; every other order takes the general engine's (any shape,
//! symmetric givens, jigsaw regions drawn afresh, killer cages). The answer, [`Made`], is a
//! [`Puzzle`] like any other, so the layers above write, solve and grade it without asking which
//! generator made it.

use std::sync::Arc;

use crate::general::{
    self, generate_killer, generate_killer_leveled, generate_leveled, KillerRequest, LevelError,
    ShapeRequest, Symmetry,
};
use crate::generator::{generate, Request};
use crate::grade::{Difficulty, Grade};
use crate::graded::{Graded, LevelGenerator, LevelRequest};
use crate::interrupt::Interrupt;
use crate::outcome::{StopReason, Verdict};
use crate::puzzle::Puzzle;
use crate::shape::{Cells, Rules, Shape, ShapeError};
use crate::targeted::{TechniqueGenerator, TechniqueStop};
use crate::technique::Technique;

/// What to generate. The interfaces check which members combine (a technique is for classic 9x9,
/// `givens` and `unique` for classic and killer puzzles) and word their refusals; the order is
/// then made by the one generator it describes ([`Order::generator`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Order {
    /// The shape; for a jigsaw, the template whose boxes the drawn regions replace
    /// ([`general::jigsaw_template`]).
    pub rules: Rules,
    /// Draw jigsaw regions.
    pub jigsaw: bool,
    /// Draw killer cages.
    pub killer: bool,
    /// The pattern of the givens.
    pub symmetry: Symmetry,
    /// A level the puzzle must grade at.
    pub level: Option<Difficulty>,
    /// A technique the classic puzzle's path must use, with nothing harder.
    pub technique: Option<Technique>,
    /// Classic: at least this many givens; a killer: exactly this many; ignored elsewhere.
    pub givens: usize,
    /// Classic: unique, minimal puzzles, or Norvig's random ones (`false`).
    pub unique: bool,
}

/// The generator an [`Order`] takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Generator {
    /// Classic 9x9: Norvig's puzzles or minimal unique ones ([`crate::generate()`]).
    Classic,
    /// Classic 9x9 at a level ([`LevelGenerator`]).
    ClassicLevel,
    /// Classic 9x9 showing a technique ([`TechniqueGenerator`]): tries puzzle after puzzle.
    ClassicTechnique,
    /// Any other shape or a symmetry ([`general::generate()`], [`general::generate_leveled()`]).
    Shape,
    /// Killer cages ([`general::generate_killer()`], [`general::generate_killer_leveled()`]).
    Killer,
}

/// A generated puzzle, on its shape.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Made {
    /// The puzzle.
    pub puzzle: Puzzle,
    /// Its solution, when it is known to be unique.
    pub solution: Option<Puzzle>,
    /// Its grade: always for a level or a technique; otherwise when asked for ([`Made::grade`]).
    pub grade: Option<Grade>,
    /// Whether no given (or orbit of givens) can be removed without losing uniqueness.
    pub minimal: bool,
    /// The shape's description, for a puzzle of the general generators (with the regions drawn for
    /// a jigsaw and the cages of a killer); `None` for the classic ones.
    pub rules: Option<Rules>,
}

/// Why an order made no puzzle.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum OrderError {
    /// The rules make no shape to generate on.
    #[error(transparent)]
    Shape(#[from] ShapeError),
    /// The deadline passed or the flag was raised first.
    #[error("generation stopped ({0:?})")]
    Stopped(StopReason),
    /// The puzzles this seed draws for the shape did not reach the level.
    #[error("no puzzle graded {} within the attempts", .0.name())]
    NotReached(Difficulty),
    /// The technique's method spent its attempts without a puzzle showing it.
    #[error("no puzzle showing the technique was found within its attempts")]
    TechniqueExhausted,
    /// The technique is not one puzzles can be made to show.
    #[error("the technique is not offered")]
    TechniqueUnsupported,
}

impl Order {
    /// A classic order: `givens` and `unique` as given, nothing else asked.
    pub fn classic(givens: usize, unique: bool) -> Order {
        Order {
            rules: Rules::classic(),
            jigsaw: false,
            killer: false,
            symmetry: Symmetry::None,
            level: None,
            technique: None,
            givens,
            unique,
        }
    }

    /// The generator this order takes: the classic ones for plain classic 9x9 with no jigsaw,
    /// killer or symmetry, the general ones otherwise.
    pub fn generator(&self) -> Generator {
        let classic = Shape::new(&self.rules).is_ok_and(|shape| shape.is_classic())
            && !self.jigsaw
            && !self.killer
            && self.symmetry == Symmetry::None;
        match (classic, self.killer) {
            (true, _) if self.technique.is_some() => Generator::ClassicTechnique,
            (true, _) if self.level.is_some() => Generator::ClassicLevel,
            (true, _) => Generator::Classic,
            (false, true) => Generator::Killer,
            (false, false) => Generator::Shape,
        }
    }

    /// The puzzle of `seed`, stopped at `interrupt`. The same order and seed always give the same
    /// puzzle: node and attempt budgets decide it, the interrupt only stops the work.
    pub fn make(&self, seed: u64, interrupt: Interrupt<'_>) -> Result<Made, OrderError> {
        match self.generator() {
            Generator::Classic => Ok(self.classic_made(seed)),
            Generator::ClassicLevel => {
                let request = LevelRequest {
                    difficulty: self.level.expect("a level order"),
                    givens: self.givens,
                    seed,
                };
                let graded = LevelGenerator::new()
                    .interrupt(interrupt)
                    .generate(&request)
                    .map_err(OrderError::Stopped)?;
                Ok(graded_made(graded))
            }
            Generator::ClassicTechnique => {
                let technique = self.technique.expect("a technique order");
                let graded = TechniqueGenerator::new()
                    .interrupt(interrupt)
                    .generate(technique, seed)
                    .map_err(|stop| match stop {
                        TechniqueStop::Stopped(reason) => OrderError::Stopped(reason),
                        TechniqueStop::Exhausted => OrderError::TechniqueExhausted,
                        TechniqueStop::Unsupported => OrderError::TechniqueUnsupported,
                    })?;
                Ok(graded_made(graded))
            }
            Generator::Shape => self.shape_made(seed, interrupt),
            Generator::Killer => self.killer_made(seed, interrupt),
        }
    }

    fn classic_made(&self, seed: u64) -> Made {
        let generated = generate(&Request {
            givens: self.givens,
            unique: self.unique,
            seed,
        });
        Made {
            puzzle: Puzzle::Classic(generated.puzzle),
            solution: generated.solution.map(Puzzle::Classic),
            grade: None,
            minimal: generated.minimal,
            rules: None,
        }
    }

    fn shape_made(&self, seed: u64, interrupt: Interrupt<'_>) -> Result<Made, OrderError> {
        let request = ShapeRequest {
            symmetry: self.symmetry,
            jigsaw: self.jigsaw,
            seed,
            interrupt,
        };
        let (generated, grade) = match self.level {
            None => match general::generate(&self.rules, &request)? {
                Some(generated) => (generated, None),
                None => return Err(stopped(interrupt)),
            },
            Some(level) => {
                let leveled =
                    generate_leveled(&self.rules, &request, level).map_err(level_error)?;
                (leveled.generated, Some(leveled.grade))
            }
        };
        Ok(shaped_made(
            generated.shape,
            generated.puzzle,
            generated.solution,
            grade,
            generated.minimal,
        ))
    }

    /// A killer (graded when made to a level; [`Made::grade`] grades one that was not).
    fn killer_made(&self, seed: u64, interrupt: Interrupt<'_>) -> Result<Made, OrderError> {
        let request = KillerRequest {
            seed,
            givens: self.givens,
            symmetry: self.symmetry,
            jigsaw: self.jigsaw,
            interrupt,
        };
        if let Some(level) = self.level {
            let leveled =
                generate_killer_leveled(&self.rules, &request, level).map_err(level_error)?;
            let generated = leveled.generated;
            return Ok(shaped_made(
                generated.shape,
                generated.puzzle,
                generated.solution,
                Some(leveled.grade),
                generated.minimal,
            ));
        }
        let killer = generate_killer(&self.rules, &request)?.ok_or_else(|| stopped(interrupt))?;
        Ok(shaped_made(
            killer.shape,
            killer.puzzle,
            killer.solution,
            None,
            false,
        ))
    }
}

impl Made {
    /// Proves a puzzle not made unique (Norvig's) unique when a search within `interrupt` can,
    /// filling in its solution; a search cut short leaves it unknown.
    pub fn prove_unique(&mut self, interrupt: Interrupt<'_>) {
        if self.solution.is_some() {
            return;
        }
        let Ok(out) = self.puzzle.solve_first(interrupt, crate::Timing::Timed) else {
            return;
        };
        if out.verdict == Verdict::Unique {
            self.solution = out.solution;
        }
    }

    /// Grades a unique puzzle not graded yet, within `interrupt` (a grade cut short stays `None`).
    pub fn grade(&mut self, interrupt: Interrupt<'_>) {
        if self.grade.is_none() && self.solution.is_some() {
            self.grade = self.puzzle.grade(interrupt).ok();
        }
    }
}

fn graded_made(graded: Graded) -> Made {
    Made {
        puzzle: Puzzle::Classic(graded.puzzle),
        solution: Some(Puzzle::Classic(graded.solution)),
        grade: Some(graded.grade),
        minimal: graded.minimal,
        rules: None,
    }
}

/// A puzzle of the general generators, on its shape: plain classic 9x9 made with a symmetry is a
/// classic [`Puzzle`] like any other (solved and graded by the classic engine), its rules shown.
fn shaped_made(
    shape: Shape,
    puzzle: Cells,
    solution: Cells,
    grade: Option<Grade>,
    minimal: bool,
) -> Made {
    let rules = shape.rules().clone();
    let shape = Arc::new(shape);
    Made {
        puzzle: Puzzle::on_shape(shape.clone(), puzzle),
        solution: Some(Puzzle::on_shape(shape, solution)),
        grade,
        minimal,
        rules: Some(rules),
    }
}

fn level_error(error: LevelError) -> OrderError {
    match error {
        LevelError::Shape(e) => OrderError::Shape(e),
        LevelError::Stopped(reason) => OrderError::Stopped(reason),
        LevelError::NotReached(level) => OrderError::NotReached(level),
    }
}

/// The reason a generator that answered `None` stopped.
fn stopped(interrupt: Interrupt<'_>) -> OrderError {
    OrderError::Stopped(interrupt.reason())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::shape::Variant;

    #[test]
    fn plain_classic_orders_take_the_classic_generators_and_keep_their_puzzles() {
        let order = Order::classic(17, true);
        assert_eq!(order.generator(), Generator::Classic);
        // Rules that spell classic 9x9 out are classic too.
        let spelled = Order {
            rules: Rules {
                size: Some(9),
                box_shape: Some([3, 3]),
                ..Rules::default()
            },
            ..order.clone()
        };
        assert_eq!(spelled.generator(), Generator::Classic);
        let made = order.make(7, Interrupt::NEVER).unwrap();
        let classic = generate(&Request {
            givens: 17,
            unique: true,
            seed: 7,
        });
        assert_eq!(made.puzzle, Puzzle::Classic(classic.puzzle));
        assert_eq!(made.rules, None);
        assert!(made.solution.unwrap().solves(&made.puzzle));
        let leveled = Order {
            level: Some(Difficulty::Easy),
            ..Order::classic(17, true)
        };
        assert_eq!(leveled.generator(), Generator::ClassicLevel);
        let made = leveled.make(3, Interrupt::NEVER).unwrap();
        assert_eq!(made.grade.unwrap().difficulty, Difficulty::Easy);
    }

    #[test]
    fn a_symmetry_or_another_shape_takes_the_general_generator_and_shows_its_rules() {
        let symmetric = Order {
            symmetry: Symmetry::Rotational,
            ..Order::classic(17, true)
        };
        assert_eq!(symmetric.generator(), Generator::Shape);
        let made = symmetric.make(1, Interrupt::NEVER).unwrap();
        // Classic 9x9 all the same: solved by the band solver, its rules written out.
        assert!(made.puzzle.is_classic());
        assert_eq!(made.rules, Some(Shape::classic().rules().clone()));
        let x = Order {
            rules: Rules {
                variants: vec![Variant::X],
                ..Rules::default()
            },
            ..Order::classic(17, true)
        };
        let made = x.make(1, Interrupt::NEVER).unwrap();
        assert!(!made.puzzle.is_classic());
        assert!(made.solution.unwrap().solves(&made.puzzle));
    }

    #[test]
    fn a_killer_is_made_with_its_cages_and_norvigs_puzzles_can_be_proved_unique() {
        let killer = Order {
            rules: Rules {
                size: Some(4),
                ..Rules::default()
            },
            killer: true,
            givens: 0,
            ..Order::classic(0, true)
        };
        assert_eq!(killer.generator(), Generator::Killer);
        let mut made = killer.make(2, Interrupt::NEVER).unwrap();
        assert!(made.grade.is_none() && made.rules.as_ref().unwrap().cages.len() > 1);
        made.grade(Interrupt::NEVER);
        assert!(made.grade.is_some());
        let mut norvig = Order::classic(30, false).make(5, Interrupt::NEVER).unwrap();
        norvig.prove_unique(Interrupt::NEVER);
        norvig.grade(Interrupt::NEVER);
        assert_eq!(norvig.solution.is_some(), norvig.grade.is_some());
    }
}
