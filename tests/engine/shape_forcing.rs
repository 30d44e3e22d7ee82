//! Forcing chains on every shape, as a specification: they fire on generated puzzles of other shapes
//! that no earlier technique finishes, every step they give is sound (no placement differs from the
//! unique solution, no elimination removes its value) at every position of explain paths on several
//! shapes, killers included, and they are offered where their one assumption (units, with a killer's
//! cages as peers) holds: last before the guess, on every shape.

use sudoku_service::engine::general::logic::{
    Assumes, Finder, Geometry, ShapeLogic, ShapePosition, FINDERS,
};
use sudoku_service::engine::logic::Technique;
use sudoku_service::engine::shape::{Rules, Shape, Variant};

use super::killer_logic::generated as killer;
use super::shape_logic::{check_step, generated, rules, walk_many};

fn forcing() -> &'static Finder {
    FINDERS
        .iter()
        .find(|f| f.technique == Technique::ForcingChain)
        .expect("forcing chains are a finder of the general layer")
}

/// Asks the forcing finder at every position of the explain path of `puzzle` (however simple the
/// step there), checking each step it gives; how many it gave.
fn ask_along_path(shape: &Shape, puzzle: &sudoku_service::engine::shape::Cells) -> usize {
    let explained = ShapeLogic::new().explain(shape, puzzle).unwrap();
    let geo = Geometry::new(shape);
    let mut position = ShapePosition::new(shape, puzzle);
    let mut found = 0;
    for step in &explained.steps {
        if let Some(forced) = (forcing().find)(&geo, &position, &explained.solution) {
            assert_eq!(forced.technique, Technique::ForcingChain);
            check_step(shape, &position, &explained.solution, &forced);
            found += 1;
        }
        position.apply(shape, step);
    }
    found
}

#[test]
fn forcing_chains_are_offered_on_every_shape_last_before_the_guess() {
    let f = forcing();
    assert_eq!(f.assumes, Assumes::UnitsOnSmallShapes);
    let order: Vec<Technique> = FINDERS.iter().map(|f| f.technique).collect();
    assert_eq!(
        order[order.len() - 2..],
        [Technique::ForcingChain, Technique::BruteForce]
    );
    let killer: Rules =
        serde_json::from_str(r#"{"size":4,"cages":[{"sum":3,"cells":["A1","A2"]}]}"#).unwrap();
    for rules in [
        rules(4, &[]),
        rules(9, &[Variant::X]),
        rules(9, &[Variant::Hyper]),
        rules(12, &[]),
        killer,
    ] {
        assert!(f.assumes.holds(&Shape::new(&rules).unwrap()), "{rules:?}");
    }
    // Past 12x12 the cost of following every candidate through the grid is not offered.
    for rules in [rules(16, &[]), rules(25, &[])] {
        assert!(!f.assumes.holds(&Shape::new(&rules).unwrap()), "{rules:?}");
    }
}

#[test]
fn forcing_chains_take_guesses_off_9x9_variant_paths() {
    // Seeds of 9x9 X and jigsaw whose paths needed a guess where a forcing chain now steps in.
    let x = walk_many(&rules(9, &[Variant::X]), 0..4, false);
    let jigsaw = walk_many(&rules(9, &[]), 0..4, true);
    for (name, walked) in [("X", &x), ("jigsaw", &jigsaw)] {
        assert!(
            walked.techniques.contains(&Technique::ForcingChain),
            "{name}: {:?}",
            walked.techniques
        );
    }
    assert!(
        x.mentions_in(Technique::ForcingChain, "the same follows")
            || x.mentions_in(Technique::ForcingChain, "can be removed from")
    );
}

#[test]
fn every_forcing_step_is_sound_anywhere_on_explain_paths() {
    let mut found = 0;
    for (rules, seeds, jigsaw) in [
        (rules(6, &[]), 0..20, false),
        (rules(8, &[]), 0..6, false),
        (rules(9, &[Variant::X]), 0..3, false),
        (rules(9, &[Variant::Hyper]), 0..3, false),
        (rules(9, &[]), 0..3, true),
    ] {
        for seed in seeds {
            let g = generated(&rules, seed, jigsaw);
            found += ask_along_path(&g.shape, &g.puzzle);
        }
    }
    assert!(found > 100, "forcing chains found {found} steps");
}

#[test]
fn every_forcing_step_is_sound_anywhere_on_killer_paths() {
    // Killers: the cages only make peers of their cells; their sums are never read.
    let mut found = 0;
    for seed in 0..8 {
        let k = killer(&rules(6, &[]), seed, 0, false);
        found += ask_along_path(&k.shape, &k.puzzle);
    }
    let k = killer(&rules(9, &[]), 0, 0, false);
    found += ask_along_path(&k.shape, &k.puzzle);
    assert!(found > 20, "forcing chains found {found} steps");
}
