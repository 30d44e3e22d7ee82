//! Every jigsaw combination docs/shapes.md documents, table-driven: jigsaw on every size from 4 to 25
//! (prime sizes too, which have no boxes), with `x`, and with `hyper` where the size has boxes for
//! windows. Each either generates a unique puzzle from a seed (its solution checked, its uniqueness
//! proved by the solver) or is refused up front with the rule that fails, never a search that runs
//! out. The boxed combinations are `shape_generation`'s `every_*_combination_*` tests.

use sudoku_service::engine::general::{self, jigsaw_template, ShapeRequest, Symmetry};
use sudoku_service::engine::shape::{Rules, Shape, ShapeError, Variant};
use sudoku_service::engine::Interrupt;
use sudoku_service::engine::Verdict;

/// What a jigsaw combination does: generates, or is refused naming this rule.
#[derive(Debug, PartialEq)]
enum Expect {
    Generates,
    /// No complete grid is (almost ever) found on random regions: `NoGrid`, field `rules.variants`.
    NoGrid,
    /// Hyper windows need boxes, and the size has none: `HyperWithoutBoxes`.
    NoWindows,
}

fn expected(size: usize, variants: &[Variant]) -> Expect {
    let hyper = variants.contains(&Variant::Hyper);
    let boxed = (2..size).any(|r| size % r == 0 && size / r >= 2);
    // The refusal of rarely fillable combinations comes first, before the shape is built.
    if (size == 6 && variants.contains(&Variant::X)) || (size >= 10 && hyper) {
        Expect::NoGrid
    } else if hyper && !boxed {
        Expect::NoWindows
    } else {
        Expect::Generates
    }
}

/// Generates `size` jigsaw with `variants` from a seed, or checks the refusal.
fn check(size: usize, variants: &[Variant]) {
    let rules = jigsaw_template(&Rules {
        size: Some(size),
        variants: variants.to_vec(),
        ..Rules::default()
    });
    let request = ShapeRequest {
        symmetry: Symmetry::None,
        jigsaw: true,
        seed: 1,
        interrupt: Interrupt::NEVER,
    };
    let what = format!("{size}x{size} jigsaw {variants:?}");
    match (
        expected(size, variants),
        general::generate(&rules, &request),
    ) {
        (Expect::Generates, Ok(Some(g))) => {
            assert!(g.shape.is_jigsaw(), "{what}");
            assert!(g.solution.solves(&g.shape, &g.puzzle), "{what}");
            let out = general::ShapeSolver::new()
                .solve(&g.shape, &g.puzzle)
                .unwrap();
            assert_eq!(out.verdict, Verdict::Unique, "{what}");
        }
        (Expect::NoGrid, Err(e @ ShapeError::NoGrid { .. })) => {
            assert_eq!(e.field(), "rules.variants", "{what}");
            assert!(
                e.to_string().contains("has no complete grid"),
                "{what}: {e}"
            );
        }
        (Expect::NoWindows, Err(e @ ShapeError::HyperWithoutBoxes { .. })) => {
            assert_eq!(e.field(), "rules.variants", "{what}");
        }
        (expect, got) => panic!("{what}: expected {expect:?}, got {got:?}"),
    }
}

const VARIANTS: [&[Variant]; 4] = [
    &[],
    &[Variant::X],
    &[Variant::Hyper],
    &[Variant::X, Variant::Hyper],
];

#[test]
fn every_jigsaw_combination_up_to_nine_generates_or_is_refused_naming_the_rule() {
    for size in 4..=9 {
        for variants in VARIANTS {
            check(size, variants);
        }
    }
}

#[test]
fn jigsaw_on_sizes_from_ten_generates_or_is_refused_naming_the_rule() {
    // The cheap ones in a debug build: the refusals at every size, plain jigsaw up to 13.
    for size in 10..=25 {
        for variants in VARIANTS {
            if size <= 13 && variants.is_empty() || expected(size, variants) != Expect::Generates {
                check(size, variants);
            }
        }
    }
}

#[test]
#[ignore = "minutes in a debug build: cargo test --release --test engine jigsaw_combinations_from_ten -- --ignored"]
fn jigsaw_combinations_from_ten_to_twenty_five_generate() {
    for size in 10..=25 {
        for variants in VARIANTS {
            check(size, variants);
        }
    }
}

#[test]
fn a_prime_size_is_a_shape_only_with_regions() {
    let plain = Rules {
        size: Some(7),
        ..Rules::default()
    };
    assert_eq!(
        Shape::new(&plain).unwrap_err(),
        ShapeError::NoBoxShape { size: 7 }
    );
    assert!(Shape::new(&jigsaw_template(&plain)).is_ok());
}
