//! The grade of a solving path: the hardest technique needed and how much work
//! was done, on HoDoKu's scale so the two graders can be compared.
//!
//! A path's score is the sum of its steps' scores. Its level is the level of its hardest technique,
//! raised while the score exceeds that level's ceiling (a long medium path is hard work), exactly as
//! HoDoKu rates.

pub use crate::difficulty::{Difficulty, UnknownDifficulty};
use crate::technique::Technique;

/// How many times each technique was applied, indexed by [`Technique::index`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TechniqueCounts([u32; Technique::COUNT]);

impl Default for TechniqueCounts {
    fn default() -> Self {
        TechniqueCounts([0; Technique::COUNT])
    }
}

impl TechniqueCounts {
    /// How many times `technique` was applied.
    pub fn get(&self, technique: Technique) -> u32 {
        self.0[technique.index()]
    }

    /// The techniques applied at least once, in technique order, with their counts.
    pub fn iter(&self) -> impl Iterator<Item = (Technique, u32)> + '_ {
        Technique::ALL
            .into_iter()
            .map(|t| (t, self.get(t)))
            .filter(|&(_, n)| n > 0)
    }
}

/// The grade of a puzzle: its level, score and what its path needed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Grade {
    /// The level.
    pub difficulty: Difficulty,
    /// The sum of the steps' scores.
    pub score: u32,
    /// Whether the path needed no guess (no `brute_force` step).
    pub solved_by_logic: bool,
    /// The hardest technique used (by level, then score), if any step was needed.
    pub hardest: Option<Technique>,
    /// How often each technique was used.
    pub counts: TechniqueCounts,
    /// How many steps the path has.
    pub steps: u32,
}

/// Accumulates a path's grade one step at a time, so grading need not keep the steps.
#[derive(Clone, Copy, Debug, Default)]
pub struct GradeBuilder {
    score: u32,
    hardest: Option<Technique>,
    counts: TechniqueCounts,
    steps: u32,
}

impl GradeBuilder {
    /// Counts one application of `technique`.
    pub fn add_technique(&mut self, technique: Technique) {
        self.score = self.score.saturating_add(technique.score());
        self.counts.0[technique.index()] += 1;
        self.steps += 1;
        let harder = self.hardest.is_none_or(|h| {
            (technique.difficulty(), technique.score()) > (h.difficulty(), h.score())
        });
        if harder {
            self.hardest = Some(technique);
        }
    }

    /// The grade of the steps counted so far.
    pub fn finish(&self) -> Grade {
        let mut difficulty = self.hardest.map_or(Difficulty::Easy, Technique::difficulty);
        while self.score > difficulty.max_score() {
            difficulty = difficulty.next();
        }
        Grade {
            difficulty,
            score: self.score,
            solved_by_logic: self.counts.get(Technique::BruteForce) == 0,
            hardest: self.hardest,
            counts: self.counts,
            steps: self.steps,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn grade_of(techniques: &[(Technique, u32)]) -> Grade {
        let mut builder = GradeBuilder::default();
        for &(t, n) in techniques {
            for _ in 0..n {
                builder.add_technique(t);
            }
        }
        builder.finish()
    }

    #[test]
    fn a_path_of_singles_is_easy() {
        let g = grade_of(&[(Technique::HiddenSingle, 30), (Technique::NakedSingle, 20)]);
        assert_eq!(g.difficulty, Difficulty::Easy);
        assert_eq!(g.score, 30 * 14 + 20 * 4);
        assert_eq!(g.hardest, Some(Technique::HiddenSingle));
        assert!(g.solved_by_logic);
        assert_eq!(g.steps, 50);
    }

    #[test]
    fn the_hardest_technique_sets_the_level() {
        let g = grade_of(&[(Technique::HiddenSingle, 40), (Technique::XWing, 1)]);
        assert_eq!(g.difficulty, Difficulty::Hard);
        assert_eq!(g.hardest, Some(Technique::XWing));
    }

    #[test]
    fn much_work_raises_the_level_past_the_ceiling() {
        // 60 hidden singles (840) exceed easy's ceiling of 800.
        let g = grade_of(&[(Technique::HiddenSingle, 60)]);
        assert_eq!(g.difficulty, Difficulty::Medium);
    }

    #[test]
    fn a_guess_makes_the_puzzle_extreme_and_not_solved_by_logic() {
        let g = grade_of(&[(Technique::NakedSingle, 10), (Technique::BruteForce, 1)]);
        assert_eq!(g.difficulty, Difficulty::Extreme);
        assert!(!g.solved_by_logic);
    }

    #[test]
    fn difficulty_names_round_trip() {
        for d in Difficulty::ALL {
            assert_eq!(d.name().parse::<Difficulty>(), Ok(d));
        }
        assert!("unfair".parse::<Difficulty>().is_err());
    }
}
