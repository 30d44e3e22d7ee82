//! The clean-up a hint asks for before any technique: a placed digit still pencilled in one of its
//! peers leaves them.
//!
//! Every technique reads the pencil marks as the places a digit can still take, so a stale mark (a
//! digit its row, column or box already holds) is a place that is not one: a hidden pair or a
//! pointing pair built on it can remove the solution's own digit. A player's marks go stale when
//! they place a digit and forget to cross it out around it, or when they pencil every digit
//! everywhere to begin with. So a hint on a player's marks tidies them first, one placed digit at a
//! time (the first in row-major order whose peers still hold it), and only then looks for a
//! technique. Positions the logic builds itself ([`Position::new`], and [`Position::place`] on every
//! step) are never stale, so explanations and grades never meet this step.

use crate::logic::position::Position;
use crate::logic::step::{Candidate, Pattern, Step};
use crate::logic::words::and_list;
use crate::square::{Square, Unit};
use crate::square_set::SquareSet;
use crate::technique::Technique;

/// The stale marks of the first placed digit (row-major) that one of its peers still holds, all
/// removed at once.
pub fn clean_up(position: &Position) -> Option<Step> {
    Square::all().find_map(|square| {
        let digit = position.value(square)?;
        let stale = position.squares_with(digit) & SquareSet::peers(square);
        if stale.is_empty() {
            return None;
        }
        // Only the units that hold a stale mark are named: row, column, box, as a player scans.
        let units: Vec<Unit> = square
            .units()
            .into_iter()
            .filter(|&u| !(stale & SquareSet::unit(u)).is_empty())
            .collect();
        let eliminations: Vec<Candidate> =
            stale.iter().map(|s| Candidate::new(s, digit)).collect();
        let kinds = and_list(units.iter().map(|u| unit_kind(*u)));
        let explanation = format!(
            "{digit} is placed in {square}, so it leaves {square}'s {kinds}: {digit} can be removed \
             from {}.",
            and_list(stale)
        );
        Some(Step::elimination(
            Technique::CleanUp,
            eliminations,
            Pattern {
                squares: vec![square],
                units,
                digits: vec![digit],
            },
            explanation,
        ))
    })
}

/// `row`, `column` or `box`: the unit as its square's own ("F2's row").
fn unit_kind(unit: Unit) -> &'static str {
    match unit {
        Unit::Row(_) => "row",
        Unit::Column(_) => "column",
        Unit::Box(_) => "box",
    }
}

#[cfg(test)]
mod tests {
    use super::super::test_support::{d, names, sq};
    use super::*;
    use crate::digit::DigitSet;
    use crate::grid::Grid;
    use crate::logic::techniques::next_step;
    use crate::logic::{Hint, LogicSolver};

    /// A grid with `placed` (square, digit) and every digit pencilled in every empty square.
    fn fully_marked(placed: &[(&str, u8)]) -> Position {
        let mut grid = Grid::EMPTY;
        for &(s, digit) in placed {
            grid.set(sq(s), Some(d(digit)));
        }
        Position::with_candidates(&grid, &[DigitSet::ALL; 81])
    }

    #[test]
    fn a_placed_digit_leaves_every_peer_that_still_holds_it() {
        let mut p = fully_marked(&[("F2", 4)]);
        // Crossed out already in part of its box: those are not named again.
        for s in ["D1", "D3", "E1", "E2", "E3", "F1", "F3"] {
            p.eliminate(sq(s), d(4));
        }
        let step = clean_up(&p).unwrap();
        assert_eq!(step.technique, Technique::CleanUp);
        assert_eq!(step.technique.id(), "clean_up");
        assert!(step.placements.is_empty());
        assert_eq!(
            names(&step),
            [
                "4A2", "4B2", "4C2", "4D2", "4F4", "4F5", "4F6", "4F7", "4F8", "4F9", "4G2", "4H2",
                "4I2"
            ]
        );
        assert_eq!(step.pattern.squares, [sq("F2")]);
        assert_eq!(
            step.pattern.units,
            [Unit::Row(5), Unit::Column(1), Unit::Box(3)]
        );
        assert_eq!(step.pattern.digits, [d(4)]);
        assert_eq!(
            step.explanation,
            "4 is placed in F2, so it leaves F2's row, column and box: 4 can be removed from A2, \
             B2, C2, D2, F4, F5, F6, F7, F8, F9, G2, H2 and I2."
        );
    }

    #[test]
    fn only_the_units_with_a_stale_mark_are_named() {
        let mut p = Position::new(&Grid::EMPTY);
        p.place(sq("A1"), d(7));
        // The player writes 7 back in A9 only: the row is the one unit to clean.
        let mut marks = [DigitSet::EMPTY; 81];
        for s in Square::all() {
            marks[s.index()] = p.candidates(s);
        }
        let a9 = &mut marks[sq("A9").index()];
        *a9 = a9.iter().chain([d(7)]).collect();
        let p = Position::with_candidates(&p.grid(), &marks);
        let step = clean_up(&p).unwrap();
        assert_eq!(names(&step), ["7A9"]);
        assert_eq!(step.pattern.units, [Unit::Row(0)]);
        assert_eq!(
            step.explanation,
            "7 is placed in A1, so it leaves A1's row: 7 can be removed from A9."
        );
    }

    #[test]
    fn the_first_placed_digit_in_row_major_order_is_cleaned_first() {
        let p = fully_marked(&[("E5", 3), ("B7", 9), ("I1", 1)]);
        let step = clean_up(&p).unwrap();
        assert_eq!(step.pattern.squares, [sq("B7")]);
        assert!(step.eliminations.iter().all(|c| c.digit == d(9)));
        assert_eq!(step.eliminations.len(), 20);
    }

    const EASY: &str =
        "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";

    #[test]
    fn a_hint_on_stale_marks_cleans_up_one_digit_at_a_time_before_any_technique() {
        let puzzle: Grid = EASY.parse().unwrap();
        let solver = LogicSolver::new();
        let mut marks = [DigitSet::ALL; 81];
        let mut cleaned = Vec::new();
        let step = loop {
            let Hint::Step(step) = solver.hint(&puzzle, &puzzle, Some(&marks)).unwrap() else {
                panic!("a fresh puzzle has a step");
            };
            if step.technique != Technique::CleanUp {
                break step;
            }
            cleaned.push(step.pattern.squares[0]);
            for c in &step.eliminations {
                let set = &mut marks[c.square.index()];
                *set = set.without(c.digit);
            }
        };
        // Every given, one at a time, in row-major order.
        let givens: Vec<Square> = Square::all().filter(|&s| puzzle.get(s).is_some()).collect();
        assert_eq!(cleaned, givens);
        // Then the marks are the ones the digits leave, and the hint is the one without marks.
        assert_eq!(
            Hint::Step(step),
            solver.hint(&puzzle, &puzzle, None).unwrap()
        );
    }

    #[test]
    fn a_path_from_the_puzzles_own_candidates_never_needs_a_clean_up() {
        // docs/logic.md's hard puzzle: pointing, claiming and an empty rectangle on its path.
        let puzzle: Grid =
            "...2.3..527.5........6.7...1......4.9.3...7...8....56...9........49...313....52.."
                .parse()
                .unwrap();
        let context = LogicSolver::new().context(&puzzle).unwrap();
        let mut position = Position::new(&puzzle);
        while let Some(step) = next_step(&position, &context) {
            assert_eq!(clean_up(&position), None, "{position:?}");
            position.apply(&step);
        }
        assert!(position.is_solved());
    }

    #[test]
    fn clean_marks_need_no_clean_up() {
        let grid: Grid =
            "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
                .parse()
                .unwrap();
        assert_eq!(clean_up(&Position::new(&grid)), None);
        assert_eq!(clean_up(&Position::blank()), None);
    }
}
