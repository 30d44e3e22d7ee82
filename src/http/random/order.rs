//! `GET /random` on any shape: `size`, `box` (`2x3`), `variant` (`x`, `hyper`, `jigsaw`, `killer`,
//! comma-separated) and `symmetry` read into the engine's [`Order`], which picks the generator
//! (the general one here: its answer carries its `rules`, with the regions it drew for jigsaw and
//! the cages of a killer). Without them, or when they describe plain classic 9x9 with no symmetry,
//! the classic generator answers as it always has, so every seed keeps its puzzle.

use std::sync::atomic::AtomicBool;
use std::time::Instant;

use axum::Json;

use crate::engine::general::{self, level_attempts, Symmetry};
use crate::engine::logic::Difficulty;
use crate::engine::shape::{Rules, Shape, ShapeError, Variant};
use crate::engine::{Interrupt, Order, OrderError, Stats};
use crate::http::error::ApiError;
use crate::http::extract::QueryParams;
use crate::http::random::query_fault;
use crate::http::AppState;
use crate::wire::grid::GridFormat;
use crate::wire::random::RandomResponse;

/// The shape and pattern a request asked for.
#[derive(Clone, Debug)]
pub(crate) struct Wanted {
    pub(crate) rules: Rules,
    pub(crate) jigsaw: bool,
    pub(crate) killer: bool,
    pub(crate) symmetry: Symmetry,
}

/// What the shape parameters ask for; `None` when they are absent or say plain classic 9x9 with no
/// symmetry (the classic generator's puzzles).
pub(crate) fn asked(query: &QueryParams) -> Result<Option<Wanted>, ApiError> {
    if ["size", "box", "variant", "symmetry"]
        .iter()
        .all(|p| query.get(p).is_none())
    {
        return Ok(None);
    }
    let size = query.integer("size", 9, 4, 25)? as usize;
    let box_shape = query.get("box").map(parse_box).transpose()?;
    let mut variants = Vec::new();
    let mut jigsaw = false;
    let mut killer = false;
    let names = query
        .get("variant")
        .map(|v| v.split(',').collect::<Vec<_>>());
    for name in names.unwrap_or_default() {
        // Exactly the spec's lowercase names: no aliases, no empty items.
        match name {
            "jigsaw" => jigsaw = true,
            "killer" => killer = true,
            "x" => variants.push(Variant::X),
            "hyper" => variants.push(Variant::Hyper),
            other => {
                return Err(ApiError::InvalidField {
                    field: "variant".into(),
                    detail: format!(
                        "unknown variant {other:?}; expected x, hyper, jigsaw or killer, comma-separated"
                    ),
                })
            }
        }
    }
    let symmetry = match query.get("symmetry") {
        None => Symmetry::None,
        Some(name) => Symmetry::from_name(name).ok_or_else(|| ApiError::InvalidField {
            field: "symmetry".into(),
            detail: format!(
                "unknown symmetry {name:?}; expected none, rotational, rotational90, mirror or diagonal"
            ),
        })?,
    };
    let rules = Rules {
        size: Some(size),
        box_shape,
        variants,
        ..Rules::default()
    };
    if jigsaw && box_shape.is_some() {
        return Err(query_fault(ShapeError::BoxAndRegions));
    }
    // The generator draws a jigsaw's regions; until then the rows stand in, so that a size with no
    // box shape (5, 7, 11, ...) is a shape too.
    let rules = if jigsaw {
        general::jigsaw_template(&rules)
    } else {
        rules
    };
    let shape = Shape::new(&rules).map_err(query_fault)?;
    general::check_generable(&rules, jigsaw).map_err(query_fault)?;
    if shape.is_classic() && !jigsaw && !killer && symmetry == Symmetry::None {
        return Ok(None);
    }
    Ok(Some(Wanted {
        rules,
        jigsaw,
        killer,
        symmetry,
    }))
}

/// The largest size whose generation starts as light work: a 4x4, 6x6 or 8x8 takes about a
/// millisecond (20 8x8 puzzles: 10 ms of CPU), while a 9x9 variant or jigsaw takes 17-43 ms on
/// average, about the light budget, and larger ones more: those are heavy from the start.
const LIGHT_SIZE: usize = 8;

/// A unique puzzle of the wanted shape (at the level asked for, if any), generated on the pool under
/// the server's deadline. Node and attempt budgets alone decide the puzzle, so a seed gives the same
/// puzzle on a loaded server as on an idle one; the deadline only turns into a 504.
pub(super) async fn random(
    state: &AppState,
    query: &QueryParams,
    wanted: Wanted,
    seed: u64,
    format: GridFormat,
) -> Result<Json<RandomResponse>, ApiError> {
    if wanted.killer {
        let (level, givens) = super::killer::asked(query, &wanted.rules)?;
        // A killer takes tens of milliseconds or more: heavy work from the start (it stops at
        // its flag).
        let order = wanted.order(level, givens);
        return made(state, &wanted, order, seed, format, false).await;
    }
    for param in ["givens", "unique"] {
        if query.get(param).is_some() {
            return Err(ApiError::InvalidField {
                field: param.into(),
                detail: format!(
                    "{param} is for classic 9x9 puzzles; puzzles of other shapes are always unique and minimal (up to 16x16)"
                ),
            });
        }
    }
    let level = super::difficulty(query)?;
    if let Some(level) = level {
        out_of_reach(&wanted, level)?;
    }
    let order = wanted.order(level, 0);
    // The generators stop at their flag as at their deadline, so a small shape starts light and, in
    // the rare case it runs past the light budget, is stopped and run again as heavy work.
    let light = wanted.rules.size.unwrap_or(9) <= LIGHT_SIZE;
    made(state, &wanted, order, seed, format, light).await
}

/// `order` made on the pool under the server's deadline (as light work first when `light`), in
/// the API's shape, or the problem of having none: a 504 past the deadline, a 422 for a level the
/// seed's puzzles do not reach.
pub(super) async fn made(
    state: &AppState,
    wanted: &Wanted,
    order: Order,
    seed: u64,
    format: GridFormat,
    light: bool,
) -> Result<Json<RandomResponse>, ApiError> {
    let timeout_ms = state.solve_cap_ms();
    let started = Instant::now();
    let killer = order.killer;
    let job = move |deadline, cancel: &AtomicBool| {
        let interrupt = Interrupt::at(deadline, cancel);
        let mut made = order.make(seed, interrupt)?;
        if order.killer {
            // A killer is answered graded: its level is what its cages make it.
            made.grade(interrupt);
        }
        Ok(made)
    };
    let outcome = if light {
        state.run_job(timeout_ms, job).await?
    } else {
        state.run_heavy(timeout_ms, job).await?
    };
    let late = || ApiError::DeadlineExceeded {
        timeout_ms,
        stats: Stats {
            elapsed: started.elapsed(),
            ..Stats::default()
        },
    };
    let made = match outcome {
        Ok(made) => made,
        Err(OrderError::Stopped(_)) => return Err(late()),
        Err(OrderError::Shape(e)) => return Err(query_fault(e)),
        Err(OrderError::NotReached(level)) => return Err(wanted.not_reached(level)),
        Err(OrderError::TechniqueExhausted | OrderError::TechniqueUnsupported) => {
            return Err(ApiError::Internal)
        }
    };
    // A killer is answered graded: a grade cut short by the deadline is a 504 too.
    if killer && made.grade.is_none() {
        return Err(late());
    }
    Ok(Json(RandomResponse::of(&made, seed, format)))
}

/// A 422 for levels measured out of the shape's reach ([`general::out_of_reach`]), before any work.
fn out_of_reach(wanted: &Wanted, level: Difficulty) -> Result<(), ApiError> {
    match general::out_of_reach(wanted.rules.size.unwrap_or(9), wanted.jigsaw, level) {
        None => Ok(()),
        Some(why) => Err(ApiError::UnsupportedShape {
            shape: wanted.name(),
            what: format!("difficulty {}", level.name()),
            why: why.into(),
        }),
    }
}

impl Wanted {
    /// The engine's order for this shape, at `level`, with `givens` (a killer's; none elsewhere).
    pub(super) fn order(&self, level: Option<Difficulty>, givens: usize) -> Order {
        Order {
            rules: self.rules.clone(),
            jigsaw: self.jigsaw,
            killer: self.killer,
            symmetry: self.symmetry,
            level,
            technique: None,
            givens,
            unique: true,
        }
    }

    /// The 422 for a level none of the puzzles this seed draws reaches.
    fn not_reached(&self, level: Difficulty) -> ApiError {
        let size = self.rules.size.unwrap_or(9);
        let (shape, why) = if self.killer {
            (
                format!("{} killer", self.shape_name()),
                format!(
                    "none of the {} killers this seed draws grades {}, even with givens added back; another seed may find one",
                    level_attempts(size),
                    level.name()
                ),
            )
        } else {
            (
                self.name(),
                format!(
                    "none of the {} puzzles this seed draws grades {}; another seed may find one",
                    level_attempts(size),
                    level.name()
                ),
            )
        };
        ApiError::UnsupportedShape {
            shape,
            what: format!("difficulty {}", level.name()),
            why,
        }
    }

    /// The shape in words as the shape itself writes it (`6x6`, `9x9 x`), for a killer's messages.
    fn shape_name(&self) -> String {
        Shape::new(&self.rules).map_or_else(|_| self.name(), |shape| shape.to_string())
    }

    /// The shape in words (`6x6`, `9x9 jigsaw x`), for messages.
    fn name(&self) -> String {
        let size = self.rules.size.unwrap_or(9);
        let mut name = format!("{size}x{size}");
        if let Some([r, c]) = self.rules.box_shape {
            name.push_str(&format!(" ({r}x{c} boxes)"));
        }
        if self.jigsaw {
            name.push_str(" jigsaw");
        }
        for v in &self.rules.variants {
            name.push(' ');
            name.push_str(v.name());
        }
        name
    }
}

/// `2x3` as `[2, 3]`.
fn parse_box(text: &str) -> Result<[usize; 2], ApiError> {
    let parsed = text
        .split_once(['x', 'X'])
        .and_then(|(r, c)| Some([r.parse().ok()?, c.parse().ok()?]));
    parsed.ok_or_else(|| ApiError::InvalidField {
        field: "box".into(),
        detail: format!("box must be ROWSxCOLUMNS, such as 2x3, got {text:?}"),
    })
}
