//! `GET /random` on any shape: `size`, `box` (`2x3`), `variant` (`x`, `hyper`, `jigsaw`,
//! comma-separated) and `symmetry` choose the general generator, whose answer carries its `rules`
//! (with the regions it drew for jigsaw). Without them, or when they describe plain classic 9x9
//! with no symmetry, the classic generator answers as it always has, so every seed keeps its puzzle.

use std::sync::atomic::AtomicBool;
use std::time::Instant;

use axum::Json;

use crate::engine::general::{self, level_attempts, LevelError, ShapeRequest, Symmetry};
use crate::engine::logic::Difficulty;
use crate::engine::shape::{Rules, Shape, ShapeError, Variant};
use crate::engine::Interrupt;
use crate::engine::Stats;
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
        return super::killer::random(
            state,
            query,
            wanted.rules,
            wanted.jigsaw,
            wanted.symmetry,
            seed,
            format,
        )
        .await;
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
    let timeout_ms = state.solve_cap_ms();
    let started = Instant::now();
    let rules = wanted.rules.clone();
    let shape_name = wanted.name();
    let wanted_size = wanted.rules.size.unwrap_or(9);
    let light = wanted_size <= LIGHT_SIZE;
    // The generators stop at their flag as at their deadline, so a small shape starts light and, in
    // the rare case it runs past the light budget, is stopped and run again as heavy work.
    let job = move |deadline, cancel: &AtomicBool| {
        let request = ShapeRequest {
            symmetry: wanted.symmetry,
            jigsaw: wanted.jigsaw,
            seed,
            interrupt: Interrupt {
                deadline: Some(deadline),
                cancel: Some(cancel),
            },
        };
        match level {
            None => general::generate(&rules, &request)
                .map(|g| g.map(|g| (g, None)))
                .map_err(LevelError::Shape),
            Some(level) => match general::generate_leveled(&rules, &request, level) {
                Ok(leveled) => Ok(Some((leveled.generated, Some(leveled.grade)))),
                Err(LevelError::Stopped(_)) => Ok(None),
                Err(other) => Err(other),
            },
        }
    };
    let outcome = if light {
        state.run_job(timeout_ms, job).await?
    } else {
        state.run_heavy(timeout_ms, job).await?
    };
    let (generated, grade) = match outcome {
        Ok(Some(found)) => found,
        Ok(None) => {
            return Err(ApiError::DeadlineExceeded {
                timeout_ms,
                stats: Stats {
                    elapsed: started.elapsed(),
                    ..Stats::default()
                },
            })
        }
        Err(LevelError::Shape(e)) => return Err(query_fault(e)),
        Err(LevelError::NotReached(level)) => {
            return Err(ApiError::UnsupportedShape {
                shape: shape_name,
                what: format!("difficulty {}", level.name()),
                why: format!(
                    "none of the {} puzzles this seed draws grades {}; another seed may find one",
                    level_attempts(wanted_size),
                    level.name()
                ),
            })
        }
        Err(LevelError::Stopped(_)) => unreachable!("a stopped search answers None above"),
    };
    let shape = &generated.shape;
    Ok(Json(RandomResponse {
        difficulty: grade.as_ref().map(|g| g.difficulty.name()),
        givens: generated.puzzle.givens(),
        minimal: generated.minimal,
        puzzle: format.render_cells(shape, &generated.puzzle),
        rules: Some(shape.rules().clone()),
        score: grade.as_ref().map(|g| g.score),
        seed,
        solution: Some(format.render_cells(shape, &generated.solution)),
        unique: true,
    }))
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
