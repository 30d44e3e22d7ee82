//! Generation to a technique as a specification: puzzles unique, graded as generated, showing the
//! technique and nothing harder, the same for the same seed; the refusals with their reasons; and
//! the stops (deadline, cancel flag, budget).

use super::*;
use crate::interrupt::Interrupt;
use crate::outcome::Verdict;
use crate::puzzle::Puzzle;
use crate::solver::Solver;

/// Unique, graded as generated, its path using `technique` and nothing harder, and `minimal`
/// telling the truth.
fn assert_shows(out: &Graded, technique: Technique) {
    let search = Solver::new().solve(&out.puzzle).unwrap();
    assert_eq!(search.verdict, Verdict::Unique, "{technique}");
    assert_eq!(search.solutions[0], out.solution);
    let grade = Puzzle::Classic(out.puzzle).grade(Interrupt::NEVER).unwrap();
    assert_eq!(grade, out.grade, "{technique}");
    assert!(shows(&grade, technique), "{technique}: {grade:?}");
    assert_eq!(out.minimal, is_minimal(&out.puzzle), "{technique}");
}

#[test]
fn drawn_puzzles_are_unique_and_show_the_technique_and_nothing_harder() {
    let common = [
        Technique::LockedCandidatesPointing,
        Technique::NakedPair,
        Technique::XWing,
        Technique::XYWing,
        Technique::Skyscraper,
    ];
    for technique in common {
        assert_eq!(method(technique), Some(Method::Draw));
        for seed in [1, 2] {
            let out = TechniqueGenerator::new().generate(technique, seed).unwrap();
            assert_shows(&out, technique);
            assert!(out.minimal, "{technique}");
        }
    }
}

/// A seed per mended technique whose search succeeds within a draw or two
/// (`measure::quick_near_miss_seeds`), so the checks stay quick in a debug build.
const QUICK_NEAR_MISS_SEEDS: [(Technique, u64); 5] = [
    (Technique::NakedQuad, 286),
    (Technique::Jellyfish, 338),
    (Technique::UniqueRectangle2, 195),
    (Technique::HiddenRectangle, 341),
    (Technique::SimpleColoring, 87),
];

#[test]
fn mended_near_misses_are_unique_and_show_the_rare_technique_and_nothing_harder() {
    for (technique, seed) in QUICK_NEAR_MISS_SEEDS {
        assert_eq!(method(technique), Some(Method::NearMiss));
        let out = TechniqueGenerator::new().generate(technique, seed).unwrap();
        assert_shows(&out, technique);
    }
    let mended = Technique::ALL
        .into_iter()
        .filter(|&t| method(t) == Some(Method::NearMiss));
    assert!(mended.eq(QUICK_NEAR_MISS_SEEDS.map(|(t, _)| t)));
}

#[test]
fn every_technique_but_the_clean_up_guessing_the_hidden_quad_and_the_killer_and_constraint_ones_is_supported(
) {
    let refused = [
        Technique::CleanUp,
        Technique::BruteForce,
        Technique::HiddenQuad,
        Technique::CageCombination,
        Technique::RuleOf45,
        Technique::CagePointing,
        Technique::CageClaiming,
        Technique::InniesOuties,
        Technique::CageSplitting,
        Technique::InnieOutieDifference,
        Technique::CombinationConflict,
        Technique::OddEven,
        Technique::Thermometer,
        Technique::DotPair,
        Technique::LineSum,
        Technique::Renban,
        Technique::Sandwich,
    ];
    for technique in Technique::ALL {
        assert_eq!(
            supported(technique),
            !refused.contains(&technique),
            "{technique}"
        );
        assert_eq!(refusal(technique).is_some(), !supported(technique));
    }
    for technique in refused {
        assert_eq!(
            TechniqueGenerator::new().generate(technique, 1),
            Err(TechniqueStop::Unsupported)
        );
    }
}

#[test]
fn the_same_seed_gives_the_same_puzzle() {
    for (technique, seed, other) in [(Technique::XWing, 7, 8), (Technique::Jellyfish, 338, 263)] {
        let a = TechniqueGenerator::new().generate(technique, seed).unwrap();
        let b = TechniqueGenerator::new().generate(technique, seed).unwrap();
        assert_eq!(a, b);
        let c = TechniqueGenerator::new()
            .generate(technique, other)
            .unwrap();
        assert_ne!(a.puzzle, c.puzzle);
    }
}

#[test]
fn a_past_deadline_stops_the_search() {
    for technique in [Technique::XYWing, Technique::NakedQuad] {
        assert_eq!(
            TechniqueGenerator::new()
                .deadline(Instant::now())
                .generate(technique, 1),
            Err(TechniqueStop::Stopped(StopReason::Deadline))
        );
    }
}

#[test]
fn a_raised_cancel_flag_stops_the_search() {
    let flag = AtomicBool::new(true);
    assert_eq!(
        TechniqueGenerator::new()
            .cancel_flag(&flag)
            .generate(Technique::Jellyfish, 1),
        Err(TechniqueStop::Stopped(StopReason::Cancelled))
    );
}

#[test]
fn a_search_that_finds_nothing_within_its_attempts_says_so() {
    // Seed 1's first draws never show a finned X-Wing (1 in about 2,500 does).
    let out = TechniqueGenerator::new()
        .attempts(20)
        .generate(Technique::FinnedXWing, 1);
    assert_eq!(out, Err(TechniqueStop::Exhausted));
}
