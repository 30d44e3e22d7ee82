//! `GET /book`: a printable PDF book of generated puzzles, `per_page` to an A4 or Letter page, the
//! solutions at the back unless `solutions=false`. The shape parameters are `/random`'s. The book
//! is bounded twice: `count` is at most [`BOOK_COUNT`]'s maximum (422 past it), and generation and
//! drawing run on the solver pool under the server's deadline (504 past it).

use axum::extract::State;
use axum::http::HeaderMap;
use axum::response::Response;
use axum::routing::get;
use axum::Router;

use super::accept::{bytes, negotiate, Media};
use super::error::ApiError;
use super::extract::QueryParams;
use super::random::order::asked;
use super::random::query_fault;
use super::AppState;
use crate::engine::general::Symmetry;
use crate::engine::logic::Difficulty;
use crate::engine::shape::{Rules, Shape};
use crate::engine::Stats;
use crate::limits::{fresh_seed, BOOK_COUNT, MAX_SEED};
use crate::render::book::{self, BookError, BookOptions, Recipe, PER_PAGE};
use crate::render::Paper;

/// Books are PDF only.
const BOOK: &[Media] = &[Media::Pdf];

/// The longest title.
const MAX_TITLE: usize = 80;

/// The routes of this resource.
pub fn router() -> Router<AppState> {
    Router::new().route("/book", get(make_book))
}

async fn make_book(
    State(state): State<AppState>,
    headers: HeaderMap,
    query: QueryParams,
) -> Result<Response, ApiError> {
    query.only(&[
        "count",
        "per_page",
        "page",
        "difficulty",
        "seed",
        "size",
        "box",
        "variant",
        "symmetry",
        "solutions",
        "title",
    ])?;
    negotiate(&headers, BOOK)?;
    let count = query.integer("count", 24, BOOK_COUNT.minimum, BOOK_COUNT.maximum)? as usize;
    let options = options(&query)?;
    let seed = match query.get("seed") {
        Some(_) => query.integer("seed", 0, 0, MAX_SEED)?,
        None => fresh_seed(),
    };
    let difficulty = query
        .get("difficulty")
        .map(|name| {
            name.parse::<Difficulty>()
                .map_err(|e| ApiError::InvalidField {
                    field: "difficulty".into(),
                    detail: e.to_string(),
                })
        })
        .transpose()?;
    let recipe = match asked(&query)? {
        Some(wanted) => Recipe {
            count,
            rules: wanted.rules,
            jigsaw: wanted.jigsaw,
            killer: wanted.killer,
            symmetry: wanted.symmetry,
            difficulty,
            seed,
        },
        None => Recipe {
            count,
            rules: Rules::classic(),
            jigsaw: false,
            killer: false,
            symmetry: Symmetry::None,
            difficulty,
            seed,
        },
    };
    let filename = filename(&recipe);
    let title = options
        .title
        .clone()
        .unwrap_or_else(|| format!("Sudoku: {count} puzzles, seed {seed}"));
    let timeout_ms = state.solve_cap_ms();
    let started = std::time::Instant::now();
    let pdf = state
        .run_heavy(timeout_ms, move |deadline, cancel| {
            let entries = book::generate(&recipe, Some(deadline), Some(cancel), &mut |_| {})?;
            Ok::<_, BookError>(book::to_pdf(&entries, &options, &title))
        })
        .await?
        .map_err(|e| match e {
            BookError::Stopped(..) => ApiError::DeadlineExceeded {
                timeout_ms,
                stats: Stats {
                    elapsed: started.elapsed(),
                    ..Stats::default()
                },
            },
            BookError::Shape(error) => query_fault(error),
            BookError::LevelOutOfReach { shape, level, why } => ApiError::UnsupportedShape {
                shape,
                what: format!("difficulty {}", level.name()),
                why: why.into(),
            },
            BookError::LevelNotReached {
                shape,
                level,
                puzzle,
            } => ApiError::UnsupportedShape {
                shape,
                what: format!("difficulty {}", level.name()),
                why: format!(
                    "none of the puzzles the seed of puzzle {puzzle} draws grades {}; another seed may find one",
                    level.name()
                ),
            },
        })?;
    Ok(bytes(Media::Pdf, pdf, Some(&filename)))
}

/// Layout parameters: `per_page`, `page`, `solutions`, `title`.
fn options(query: &QueryParams) -> Result<BookOptions, ApiError> {
    let per_page = query.integer("per_page", 4, 1, 6)? as usize;
    if !PER_PAGE.contains(&per_page) {
        return Err(ApiError::InvalidField {
            field: "per_page".into(),
            detail: format!("per_page must be 1, 2, 4 or 6, got {per_page}"),
        });
    }
    let paper = match query.get("page") {
        None => Paper::A4,
        Some(name) => Paper::from_name(name)
            .filter(|p| p.name() == name)
            .ok_or_else(|| ApiError::InvalidField {
                field: "page".into(),
                detail: format!("page must be a4 or letter, got {name:?}"),
            })?,
    };
    let title = query.get("title").map(str::to_string);
    if let Some(t) = &title {
        if t.chars().count() > MAX_TITLE || t.chars().any(char::is_control) {
            return Err(ApiError::InvalidField {
                field: "title".into(),
                detail: format!(
                    "title must be at most {MAX_TITLE} characters, none of them control characters"
                ),
            });
        }
    }
    Ok(BookOptions {
        per_page,
        paper,
        solutions: query.boolean("solutions", true)?,
        title,
    })
}

/// `sudoku-medium-24-seed1.pdf`, `sudoku-16x16-jigsaw-10-seed7.pdf`.
fn filename(recipe: &Recipe) -> String {
    let mut name = String::from("sudoku");
    if let Ok(shape) = Shape::new(&recipe.rules) {
        if !shape.is_classic() {
            name.push_str(&format!("-{}x{}", shape.size(), shape.size()));
        }
        for v in &recipe.rules.variants {
            name.push_str(&format!("-{}", v.name()));
        }
    }
    if recipe.jigsaw {
        name.push_str("-jigsaw");
    }
    if let Some(level) = recipe.difficulty {
        name.push_str(&format!("-{}", level.name()));
    }
    format!("{name}-{}-seed{}.pdf", recipe.count, recipe.seed)
}
