//! The techniques a person uses, in the fixed order they are tried (simplest first), each with a
//! stable id, a display name, a difficulty level and a score.
//!
//! Levels and scores follow HoDoKu's public catalogue (its default configuration), so a puzzle's grade
//! here can be compared with HoDoKu's: Easy, Medium, Hard, Unfair (our `Expert`) and Extreme, and each
//! step's base score summed over the path.

use std::fmt;

use crate::difficulty::Difficulty;

/// A solving technique. The declaration order is the order in which they are tried (the killer ones
/// only on killer shapes, by the logic of every shape).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Technique {
    /// A placed value still pencilled in a peer: the tidying a hint asks for first, on a player's
    /// stale marks, before any technique runs on them. Never part of a path from the puzzle's own
    /// candidates, so no grade counts it and no puzzle can be asked to show it.
    CleanUp,
    /// The last empty square of a unit.
    FullHouse,
    /// A square with one candidate.
    NakedSingle,
    /// A digit with one place in a unit.
    HiddenSingle,
    /// Killer: a cage's cells keep only the digits of the combinations that reach its sum.
    CageCombination,
    /// Killer: the sum of a unit (or adjacent units) minus its cages fixes the one cell left over.
    RuleOf45,
    /// Killer: a digit every combination of a cage holds, confined within the cage to one unit.
    CagePointing,
    /// Killer: a digit whose places in a unit all lie in one cage, which then holds it there.
    CageClaiming,
    /// Killer: the cells left over by the rule of 45 form a virtual cage with a known sum.
    InniesOuties,
    /// Killer: a cage split by a unit's boundary, one part's sum known, the other's follows.
    CageSplitting,
    /// Killer: a group's innies less its outies make a known number, the crossing cages counted on
    /// either side.
    InnieOutieDifference,
    /// Killer: a cage's combination that leaves a cage or cell sharing its unit nothing is removed.
    CombinationConflict,
    /// Constraints: cells marked odd or even keep only such digits.
    OddEven,
    /// Constraints: digits rise along a thermometer, so each cell keeps the digits its place on the
    /// line and its neighbours' bounds allow.
    Thermometer,
    /// Constraints: a dot, a letter, a whisper's or a palindrome's two cells, or a global rule's
    /// neighbours: a digit with no partner left in the other cell goes.
    DotPair,
    /// Constraints: an arrow's (or pill's) or a little killer's sum: a digit no total can be made
    /// with goes.
    LineSum,
    /// Constraints: a renban line holds a run of consecutive digits, so its cells keep the digits
    /// of the runs that still fit.
    Renban,
    /// Constraints: the digits between the 1 and the N of a sandwich's line make its sum.
    Sandwich,
    /// A naked pair inside a box and a row or column: clears both.
    LockedPair,
    /// A naked triple inside a box and a row or column: clears both.
    LockedTriple,
    /// A digit confined to one row or column within a box.
    LockedCandidatesPointing,
    /// A digit confined to one box within a row or column.
    LockedCandidatesClaiming,
    /// Two squares of a unit holding only the same two digits.
    NakedPair,
    /// Three squares of a unit holding only three digits between them.
    NakedTriple,
    /// Two digits confined to the same two squares of a unit.
    HiddenPair,
    /// Three digits confined to the same three squares of a unit.
    HiddenTriple,
    /// Four squares of a unit holding only four digits between them.
    NakedQuad,
    /// Four digits confined to the same four squares of a unit.
    HiddenQuad,
    /// A digit confined to two columns in two rows (or the transpose).
    XWing,
    /// A digit confined to three columns in three rows (or the transpose).
    Swordfish,
    /// A digit confined to four columns in four rows (or the transpose).
    Jellyfish,
    /// Bivalue universal grave plus one: every square bivalue but one.
    BugPlusOne,
    /// Two conjugate pairs of a digit whose bases share a row or column.
    Skyscraper,
    /// A conjugate pair in a row and one in a column joined in a box.
    TwoStringKite,
    /// A short chain of strong and weak links on one digit.
    TurbotFish,
    /// A digit confined to one row and one column of a box, paired with a conjugate pair.
    EmptyRectangle,
    /// Two identical bivalue squares joined by a strong link on one of their digits.
    WWing,
    /// A bivalue pivot and two bivalue pincers.
    XYWing,
    /// A trivalue pivot and two bivalue pincers.
    XYZWing,
    /// A deadly rectangle with one square holding extra digits.
    UniqueRectangle1,
    /// A deadly rectangle whose two extra squares share one extra digit.
    UniqueRectangle2,
    /// A deadly rectangle with a strong link on one of its digits.
    UniqueRectangle4,
    /// Hidden Rectangle: a unique rectangle whose far corner is held by strong links.
    HiddenRectangle,
    /// An X-wing with extra candidates (a fin) in one base box.
    FinnedXWing,
    /// A finned X-wing missing a corner.
    SashimiXWing,
    /// A swordfish with a fin.
    FinnedSwordfish,
    /// A finned swordfish missing a corner.
    SashimiSwordfish,
    /// Two colours along a digit's conjugate pairs.
    SimpleColoring,
    /// A chain of strong and weak links on one digit.
    XChain,
    /// A chain of bivalue squares.
    XYChain,
    /// An alternating inference chain or nice loop over several digits.
    Aic,
    /// Two almost locked sets joined by a restricted common digit.
    AlsXz,
    /// Every way of a square or unit leads to the same conclusion.
    ForcingChain,
    /// The solution's digit in the most constrained square: a guess, honestly named.
    BruteForce,
}

impl Technique {
    /// Every technique in the order they are tried.
    pub const ALL: [Technique; 54] = [
        Technique::CleanUp,
        Technique::FullHouse,
        Technique::NakedSingle,
        Technique::HiddenSingle,
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
        Technique::LockedPair,
        Technique::LockedTriple,
        Technique::LockedCandidatesPointing,
        Technique::LockedCandidatesClaiming,
        Technique::NakedPair,
        Technique::NakedTriple,
        Technique::HiddenPair,
        Technique::HiddenTriple,
        Technique::NakedQuad,
        Technique::HiddenQuad,
        Technique::XWing,
        Technique::Swordfish,
        Technique::Jellyfish,
        Technique::BugPlusOne,
        Technique::Skyscraper,
        Technique::TwoStringKite,
        Technique::TurbotFish,
        Technique::EmptyRectangle,
        Technique::WWing,
        Technique::XYWing,
        Technique::XYZWing,
        Technique::UniqueRectangle1,
        Technique::UniqueRectangle2,
        Technique::UniqueRectangle4,
        Technique::HiddenRectangle,
        Technique::FinnedXWing,
        Technique::SashimiXWing,
        Technique::FinnedSwordfish,
        Technique::SashimiSwordfish,
        Technique::SimpleColoring,
        Technique::XChain,
        Technique::XYChain,
        Technique::Aic,
        Technique::AlsXz,
        Technique::ForcingChain,
        Technique::BruteForce,
    ];

    /// How many techniques there are.
    pub const COUNT: usize = Technique::ALL.len();

    /// Position in the order, 0-based.
    pub fn index(self) -> usize {
        self as usize
    }

    /// The stable snake_case id (`hidden_single`, `x_wing`).
    pub fn id(self) -> &'static str {
        self.info().0
    }

    /// The display name (`Hidden Single`, `X-Wing`).
    pub fn name(self) -> &'static str {
        self.info().1
    }

    /// The difficulty level of the technique.
    pub fn difficulty(self) -> Difficulty {
        self.info().2
    }

    /// The score one application adds to a puzzle's total (HoDoKu's base score).
    pub fn score(self) -> u32 {
        self.info().3
    }

    /// The technique with id `id`.
    pub fn from_id(id: &str) -> Option<Technique> {
        Technique::ALL.into_iter().find(|t| t.id() == id)
    }

    fn info(self) -> (&'static str, &'static str, Difficulty, u32) {
        use Difficulty::{Easy, Expert, Extreme, Hard, Medium};
        match self {
            // Scores nothing: it never arises on a path that is graded, and a grade must not change
            // with how tidy a player's marks were.
            Technique::CleanUp => ("clean_up", "Clean-up", Easy, 0),
            Technique::FullHouse => ("full_house", "Full House", Easy, 4),
            Technique::NakedSingle => ("naked_single", "Naked Single", Easy, 4),
            Technique::HiddenSingle => ("hidden_single", "Hidden Single", Easy, 14),
            // Killer levels (only killer shapes use these): see `general::logic::killer`.
            Technique::CageCombination => ("cage_combination", "Cage Combination", Easy, 4),
            Technique::RuleOf45 => ("rule_of_45", "Rule of 45", Easy, 20),
            Technique::CagePointing => ("cage_pointing", "Cage Pointing", Medium, 50),
            Technique::CageClaiming => ("cage_claiming", "Cage Claiming", Medium, 50),
            Technique::InniesOuties => ("innies_outies", "Innies and Outies", Medium, 60),
            Technique::CageSplitting => ("cage_splitting", "Cage Splitting", Medium, 70),
            Technique::InnieOutieDifference => (
                "innie_outie_difference",
                "Innie-Outie Difference",
                Medium,
                80,
            ),
            Technique::CombinationConflict => {
                ("combination_conflict", "Combination Conflict", Medium, 100)
            }
            // Constraint levels (only shapes with constraints use these): see
            // `general::logic::constraints`.
            Technique::OddEven => ("odd_even", "Odd and Even", Easy, 4),
            Technique::Thermometer => ("thermometer", "Thermometer", Easy, 10),
            Technique::DotPair => ("dot_pair", "Dot Pair", Easy, 14),
            Technique::LineSum => ("line_sum", "Line Sum", Medium, 40),
            Technique::Renban => ("renban", "Renban", Medium, 40),
            Technique::Sandwich => ("sandwich", "Sandwich", Medium, 60),
            Technique::LockedPair => ("locked_pair", "Locked Pair", Medium, 40),
            Technique::LockedTriple => ("locked_triple", "Locked Triple", Medium, 60),
            Technique::LockedCandidatesPointing => (
                "locked_candidates_pointing",
                "Locked Candidates (Pointing)",
                Medium,
                50,
            ),
            Technique::LockedCandidatesClaiming => (
                "locked_candidates_claiming",
                "Locked Candidates (Claiming)",
                Medium,
                50,
            ),
            Technique::NakedPair => ("naked_pair", "Naked Pair", Medium, 60),
            Technique::NakedTriple => ("naked_triple", "Naked Triple", Medium, 80),
            Technique::HiddenPair => ("hidden_pair", "Hidden Pair", Medium, 70),
            Technique::HiddenTriple => ("hidden_triple", "Hidden Triple", Medium, 100),
            Technique::NakedQuad => ("naked_quad", "Naked Quad", Hard, 120),
            Technique::HiddenQuad => ("hidden_quad", "Hidden Quad", Hard, 150),
            Technique::XWing => ("x_wing", "X-Wing", Hard, 140),
            Technique::Swordfish => ("swordfish", "Swordfish", Hard, 150),
            Technique::Jellyfish => ("jellyfish", "Jellyfish", Hard, 160),
            Technique::Skyscraper => ("skyscraper", "Skyscraper", Hard, 130),
            Technique::TwoStringKite => ("two_string_kite", "2-String Kite", Hard, 150),
            Technique::TurbotFish => ("turbot_fish", "Turbot Fish", Hard, 120),
            Technique::EmptyRectangle => ("empty_rectangle", "Empty Rectangle", Hard, 120),
            Technique::WWing => ("w_wing", "W-Wing", Hard, 150),
            Technique::XYWing => ("xy_wing", "XY-Wing", Hard, 160),
            Technique::XYZWing => ("xyz_wing", "XYZ-Wing", Hard, 180),
            Technique::UniqueRectangle1 => {
                ("unique_rectangle_1", "Unique Rectangle Type 1", Hard, 100)
            }
            Technique::UniqueRectangle2 => {
                ("unique_rectangle_2", "Unique Rectangle Type 2", Hard, 100)
            }
            Technique::UniqueRectangle4 => {
                ("unique_rectangle_4", "Unique Rectangle Type 4", Hard, 100)
            }
            Technique::HiddenRectangle => ("hidden_rectangle", "Hidden Rectangle", Hard, 100),
            Technique::BugPlusOne => ("bug_plus_1", "BUG+1", Hard, 100),
            Technique::FinnedXWing => ("finned_x_wing", "Finned X-Wing", Hard, 130),
            Technique::SashimiXWing => ("sashimi_x_wing", "Sashimi X-Wing", Hard, 150),
            Technique::FinnedSwordfish => ("finned_swordfish", "Finned Swordfish", Expert, 200),
            Technique::SashimiSwordfish => ("sashimi_swordfish", "Sashimi Swordfish", Expert, 240),
            Technique::SimpleColoring => ("simple_coloring", "Simple Coloring", Hard, 150),
            Technique::XChain => ("x_chain", "X-Chain", Expert, 260),
            Technique::XYChain => ("xy_chain", "XY-Chain", Expert, 260),
            Technique::Aic => ("aic", "Alternating Inference Chain", Expert, 280),
            Technique::AlsXz => ("als_xz", "ALS-XZ", Expert, 300),
            Technique::ForcingChain => ("forcing_chain", "Forcing Chain", Extreme, 500),
            Technique::BruteForce => ("brute_force", "Brute Force", Extreme, 10_000),
        }
    }
}

impl fmt::Display for Technique {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_order_of_all_is_the_declaration_order() {
        for (i, t) in Technique::ALL.into_iter().enumerate() {
            assert_eq!(t.index(), i, "{t}");
        }
    }

    #[test]
    fn ids_are_unique_snake_case_and_round_trip() {
        let mut ids: Vec<&str> = Technique::ALL.iter().map(|t| t.id()).collect();
        for id in &ids {
            assert!(id
                .bytes()
                .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'_'));
            assert_eq!(Technique::from_id(id).map(Technique::id), Some(*id));
        }
        ids.sort_unstable();
        ids.dedup();
        assert_eq!(ids.len(), Technique::COUNT);
    }

    #[test]
    fn singles_are_easy_and_guessing_is_extreme() {
        assert_eq!(Technique::CleanUp.difficulty(), Difficulty::Easy);
        assert_eq!(Technique::HiddenSingle.difficulty(), Difficulty::Easy);
        assert_eq!(
            Technique::LockedCandidatesPointing.difficulty(),
            Difficulty::Medium
        );
        assert_eq!(Technique::XWing.difficulty(), Difficulty::Hard);
        assert_eq!(Technique::AlsXz.difficulty(), Difficulty::Expert);
        assert_eq!(Technique::BruteForce.difficulty(), Difficulty::Extreme);
    }
}
