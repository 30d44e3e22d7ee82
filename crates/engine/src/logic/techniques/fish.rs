//! Fish: one digit seen line by line. When the digit's places in N rows (the base) lie within N
//! columns (the cover), each of those columns gets its one copy of the digit from the base rows, so
//! the digit can be removed from the rest of the columns; the same holds with columns as base and
//! rows as cover. X-wing, swordfish and jellyfish are the sizes 2, 3 and 4.
//!
//! A finned fish has extra places of the digit in the base (fins) outside the cover, all in one box:
//! either a fin holds the digit, or the fish does, so a cover square that also sees every fin (one in
//! the fin's box) loses the digit. As HoDoKu does, a finned fish is called sashimi when a base line
//! keeps at most one place inside the cover, so that without its fin the fish would be degenerate.
//!
//! The search works on 9-bit masks: for each digit and orientation, the cover lines each base line
//! holds the digit in. Base lines are combined in lexicographic order (HoDoKu's scan order: digits
//! 1-9, rows as base before columns, so the same fish is found first) and a combination is dropped
//! as soon as its cover grows too large: beyond N lines for a basic fish, beyond N lines outside
//! every one stack for a finned one (its fins share a box, so they add lines of one stack only).
//! Nothing is allocated until a step is built.

use super::Context;
use crate::digit::Digit;
use crate::logic::position::Position;
use crate::logic::step::{Candidate, Pattern, Step};
use crate::logic::words::and_list;
use crate::square::{Square, Unit, ROW_NAMES};
use crate::technique::Technique;

/// The most fins HoDoKu accepts in a finned fish.
const MAX_FINS: u32 = 5;

/// A digit confined to two columns in two rows (or to two rows in two columns).
pub fn x_wing(position: &Position, _: &Context) -> Option<Step> {
    find_basic(position, 2).map(|fish| fish.step(position, Technique::XWing))
}

/// A digit confined to three columns in three rows (or the transpose).
pub fn swordfish(position: &Position, _: &Context) -> Option<Step> {
    find_basic(position, 3).map(|fish| fish.step(position, Technique::Swordfish))
}

/// A digit confined to four columns in four rows (or the transpose).
pub fn jellyfish(position: &Position, _: &Context) -> Option<Step> {
    find_basic(position, 4).map(|fish| fish.step(position, Technique::Jellyfish))
}

/// An X-wing with fins in one box, every base line keeping two places in the cover.
pub fn finned_x_wing(position: &Position, _: &Context) -> Option<Step> {
    find_finned(position, 2, false).map(|fish| fish.step(position, Technique::FinnedXWing))
}

/// A finned X-wing with a base line that keeps one place or none in the cover.
pub fn sashimi_x_wing(position: &Position, _: &Context) -> Option<Step> {
    find_finned(position, 2, true).map(|fish| fish.step(position, Technique::SashimiXWing))
}

/// A swordfish with fins in one box, every base line keeping two places or more in the cover.
pub fn finned_swordfish(position: &Position, _: &Context) -> Option<Step> {
    find_finned(position, 3, false).map(|fish| fish.step(position, Technique::FinnedSwordfish))
}

/// A finned swordfish with a base line that keeps one place or none in the cover.
pub fn sashimi_swordfish(position: &Position, _: &Context) -> Option<Step> {
    find_finned(position, 3, true).map(|fish| fish.step(position, Technique::SashimiSwordfish))
}

/// Which lines form the base: rows (with columns as cover) or columns (with rows as cover).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Orientation {
    Rows,
    Columns,
}

impl Orientation {
    /// The square where base line `line` crosses cover line `cross`.
    fn square(self, line: usize, cross: usize) -> Square {
        let (row, col) = match self {
            Orientation::Rows => (line, cross),
            Orientation::Columns => (cross, line),
        };
        Square::at(row, col).expect("lines are below 9")
    }

    fn base_unit(self, line: usize) -> Unit {
        match self {
            Orientation::Rows => Unit::Row(line as u8),
            Orientation::Columns => Unit::Column(line as u8),
        }
    }

    fn cover_unit(self, line: usize) -> Unit {
        match self {
            Orientation::Rows => Unit::Column(line as u8),
            Orientation::Columns => Unit::Row(line as u8),
        }
    }
}

/// For each line of one orientation, the 9-bit mask of the crossing lines where a digit can go.
type LineMasks = [u16; 9];

/// The three bands (or stacks) of lines as 9-bit masks.
const STACKS: [u16; 3] = [0b111, 0b111 << 3, 0b111 << 6];

/// All nine lines.
const ALL_LINES: u16 = 0x1ff;

/// One digit's places seen from one orientation: for each base line, the cover lines it can take
/// (`masks`), and for each cover line, the base lines (`cross`).
#[derive(Clone, Copy, Debug)]
struct Lines {
    digit: Digit,
    orientation: Orientation,
    masks: LineMasks,
    cross: LineMasks,
}

/// A fish found: its base and cover lines, the cover lines its fins lie in (none for a basic fish),
/// and the region whose cover places it clears (base-orientation lines and cover lines).
#[derive(Clone, Copy, Debug)]
struct Fish {
    lines: Lines,
    base: u16,
    cover: u16,
    fin_lines: u16,
    reach: (u16, u16),
}

/// The digits and orientations in scan order (HoDoKu's: digits 1-9, rows as base before columns).
fn scans(position: &Position) -> impl Iterator<Item = Lines> + '_ {
    Digit::all().flat_map(move |digit| {
        let places = position.squares_with(digit);
        let rows: LineMasks = std::array::from_fn(|r| places.row_bits(r));
        let cols: LineMasks =
            std::array::from_fn(|c| (0..9).fold(0, |m, r| m | (rows[r] >> c & 1) << r));
        let seen = |orientation, masks, cross| Lines {
            digit,
            orientation,
            masks,
            cross,
        };
        [
            seen(Orientation::Rows, rows, cols),
            seen(Orientation::Columns, cols, rows),
        ]
    })
}

/// The lines whose masks have between `min` and `max` bits.
fn lines_with_counts(masks: &LineMasks, min: u32, max: u32) -> u16 {
    (0..9)
        .filter(|&l| (min..=max).contains(&masks[l].count_ones()))
        .fold(0, |pool, l| pool | 1 << l)
}

/// The indices of the set bits of a 9-bit mask, ascending.
fn bits(mask: u16) -> Bits {
    Bits(mask)
}

/// Iterator over the set bits of a mask, lowest first.
struct Bits(u16);

impl Iterator for Bits {
    type Item = usize;

    fn next(&mut self) -> Option<usize> {
        if self.0 == 0 {
            return None;
        }
        let index = self.0.trailing_zeros() as usize;
        self.0 &= self.0 - 1;
        Some(index)
    }
}

/// Whether `a` comes before `b` among subsets of one size listed in lexicographic order (the
/// smallest line where they differ is in `a`), the order HoDoKu tries covers in.
fn lexicographically_first(a: u16, b: u16) -> bool {
    let differ = a ^ b;
    a & differ & differ.wrapping_neg() != 0
}

/// Visits the sets of `k` more base lines from `pool` in lexicographic order, carrying the union
/// of their masks (the lines they reach), skips every partial choice whose union `keep` refuses
/// (and all its extensions), and returns the first answer `visit` gives for a base and its union.
fn first_base<R>(
    masks: &LineMasks,
    pool: u16,
    k: u32,
    (base, reach): (u16, u16),
    keep: &impl Fn(u16) -> bool,
    visit: &mut impl FnMut(u16, u16) -> Option<R>,
) -> Option<R> {
    if k == 0 {
        return visit(base, reach);
    }
    let mut rest = pool;
    while rest.count_ones() >= k {
        let line = rest.trailing_zeros() as usize;
        rest &= rest - 1;
        let next = (base | 1 << line, reach | masks[line]);
        if !keep(next.1) {
            continue;
        }
        if let Some(answer) = first_base(masks, rest, k - 1, next, keep, visit) {
            return Some(answer);
        }
    }
    None
}

/// The first basic fish of `size` that removes something.
fn find_basic(position: &Position, size: u32) -> Option<Fish> {
    scans(position).find_map(|lines| {
        // A line with one place is a hidden single, not part of a fish (as in HoDoKu).
        let pool = lines_with_counts(&lines.masks, 2, size);
        let keep = |reach: u16| reach.count_ones() <= size;
        first_base(
            &lines.masks,
            pool,
            size,
            (0, 0),
            &keep,
            &mut |base, cover| {
                if cover.count_ones() != size {
                    return None;
                }
                let fish = Fish {
                    lines,
                    base,
                    cover,
                    fin_lines: 0,
                    reach: (ALL_LINES, ALL_LINES),
                };
                fish.removes().then_some(fish)
            },
        )
    })
}

/// The first finned fish of `size` that removes something, sashimi or not as asked.
fn find_finned(position: &Position, size: u32, sashimi: bool) -> Option<Fish> {
    scans(position).find_map(|lines| {
        // Fins lie in one box, so outside one stack of cover lines the base needs at most `size`.
        let keep = |reach: u16| {
            STACKS
                .iter()
                .any(|&stack| (reach & !stack).count_ones() <= size)
        };
        let pool = bits(lines_with_counts(&lines.masks, 1, 9))
            .filter(|&l| keep(lines.masks[l]))
            .fold(0, |pool, l| pool | 1 << l);
        first_base(&lines.masks, pool, size, (0, 0), &keep, &mut |base, all| {
            lines.first_finned(base, all, size, sashimi)
        })
    })
}

impl Lines {
    /// The first cover (in lexicographic order) that makes `base` a finned fish of the asked kind.
    /// The fins' lines must lie in one stack, so each stack gives the cover its lines outside the
    /// stack plus some of its own, leaving at least one for the fins.
    fn first_finned(&self, base: u16, all: u16, size: u32, sashimi: bool) -> Option<Fish> {
        let mut first: Option<Fish> = None;
        for stack in STACKS {
            let required = all & !stack;
            let optional = all & stack;
            let Some(need) = size.checked_sub(required.count_ones()) else {
                continue;
            };
            if need >= optional.count_ones() {
                continue;
            }
            let mut extra = optional;
            loop {
                if extra.count_ones() == need {
                    let fish = self
                        .finned(base, required | extra, optional & !extra)
                        .filter(|fish| fish.is_sashimi() == sashimi);
                    if let Some(fish) = fish {
                        if first.is_none_or(|f| lexicographically_first(fish.cover, f.cover)) {
                            first = Some(fish);
                        }
                    }
                }
                if extra == 0 {
                    break;
                }
                extra = (extra - 1) & optional;
            }
        }
        first
    }

    /// The finned fish with this base and cover, whose fins lie in `fin_lines` (of one stack), if
    /// they also lie in one band (one box), number at most HoDoKu's five, and the fish removes
    /// something.
    fn finned(&self, base: u16, cover: u16, fin_lines: u16) -> Option<Fish> {
        let stack = band_of(fin_lines)?;
        let fin_bases = bits(base)
            .filter(|&l| self.masks[l] & fin_lines != 0)
            .fold(0u16, |m, l| m | 1 << l);
        let band = band_of(fin_bases)?;
        let fins: u32 = bits(base)
            .map(|l| (self.masks[l] & fin_lines).count_ones())
            .sum();
        if fins > MAX_FINS {
            return None;
        }
        // Only the cover squares in the fins' box see every fin.
        let fish = Fish {
            lines: *self,
            base,
            cover,
            fin_lines,
            reach: (band, stack),
        };
        fish.removes().then_some(fish)
    }
}

/// The mask of the three lines of the band (or stack) holding every line of `lines`, if one does.
fn band_of(lines: u16) -> Option<u16> {
    let first = lines.trailing_zeros();
    if first >= 9 {
        return None;
    }
    let band = 0b111 << (first / 3 * 3);
    (lines & !band == 0).then_some(band)
}

impl Fish {
    /// HoDoKu's sashimi: some base line keeps at most one place inside the cover.
    fn is_sashimi(&self) -> bool {
        bits(self.base).any(|l| (self.lines.masks[l] & self.cover).count_ones() <= 1)
    }

    /// Whether some cover line has a place in the reach outside the base.
    fn removes(&self) -> bool {
        let (reach_lines, reach_cover) = self.reach;
        bits(self.cover & reach_cover).any(|c| self.lines.cross[c] & reach_lines & !self.base != 0)
    }

    /// For each base-orientation line, the cover lines where the fish removes the digit.
    fn eliminations(&self) -> LineMasks {
        let (reach_lines, reach_cover) = self.reach;
        std::array::from_fn(|l| {
            if reach_lines & !self.base & 1 << l == 0 {
                return 0;
            }
            self.lines.masks[l] & self.cover & reach_cover
        })
    }

    fn squares(&self, lines: u16, crossing: impl Fn(usize) -> u16) -> Vec<Square> {
        let mut squares: Vec<Square> = bits(lines)
            .flat_map(|l| bits(crossing(l)).map(move |c| (l, c)))
            .map(|(l, c)| self.lines.orientation.square(l, c))
            .collect();
        squares.sort();
        squares
    }

    fn step(&self, position: &Position, technique: Technique) -> Step {
        let digit = self.lines.digit;
        let masks = self.lines.masks;
        let orientation = self.lines.orientation;
        let pattern_squares = self.squares(self.base, |l| masks[l]);
        let fins = self.squares(self.base, |l| masks[l] & self.fin_lines);
        let eliminations = self.eliminations();
        let removed = self.squares(ALL_LINES, |l| eliminations[l]);
        debug_assert!(removed.iter().all(|&s| position.has(s, digit)));
        let base_units = bits(self.base).map(|l| orientation.base_unit(l));
        let cover_units = bits(self.cover).map(|l| orientation.cover_unit(l));
        let mut units: Vec<Unit> = base_units.chain(cover_units).collect();
        units.extend(fins.first().map(|s| Unit::Box(s.box_index() as u8)));
        let explanation = self.explanation(&fins, &removed);
        let eliminations = removed.iter().map(|&s| Candidate::new(s, digit)).collect();
        Step::elimination(
            technique,
            eliminations,
            Pattern {
                squares: pattern_squares,
                units,
                digits: vec![digit],
            },
            explanation,
        )
    }

    /// The reasoning in words: the base, the cover, the fins and their box, and what goes.
    fn explanation(&self, fins: &[Square], removed: &[Square]) -> String {
        let digit = self.lines.digit;
        let base = self.lines_phrase(self.base, true);
        let cover = self.lines_phrase(self.cover, false);
        let Some(fin) = fins.first() else {
            return format!(
                "In {base}, {digit} can only go in {cover}, so {digit} can be removed from the \
                 rest of {cover}: {}.",
                and_list(removed)
            );
        };
        let fin_box = Unit::Box(fin.box_index() as u8);
        let noun = if fins.len() == 1 { "fin" } else { "fins" };
        format!(
            "In {base}, {digit} can only go in {cover}, or in the {noun} {} in {fin_box}. If \
             {digit} is in a fin, it is gone from the rest of {fin_box}; if not, it is gone from \
             the rest of {cover}. Either way, {digit} can be removed from {}.",
            and_list(fins),
            and_list(removed)
        )
    }

    /// `rows B and H`, `column 3`: the lines of a mask, named as base (`true`) or cover lines.
    fn lines_phrase(&self, lines: u16, as_base: bool) -> String {
        let rows = (self.lines.orientation == Orientation::Rows) == as_base;
        let names = bits(lines).map(|l| {
            if rows {
                (ROW_NAMES[l] as char).to_string()
            } else {
                (l + 1).to_string()
            }
        });
        let noun = match (rows, lines.count_ones() == 1) {
            (true, true) => "row",
            (true, false) => "rows",
            (false, true) => "column",
            (false, false) => "columns",
        };
        format!("{noun} {}", and_list(names))
    }
}

#[cfg(test)]
mod tests {
    use super::super::test_support::{d, sq};
    use super::*;

    fn squares(names: &[&str]) -> Vec<Square> {
        names.iter().map(|n| sq(n)).collect()
    }

    /// A blank board where `digit` is left, in the rows `rows` (letters) and the columns `cols`
    /// (numbers), only in the squares `keep`; everywhere else it stays a candidate.
    fn board(digit: u8, rows: &str, cols: &str, keep: &[&str]) -> Position {
        let mut units: Vec<Unit> = rows
            .bytes()
            .map(|r| Unit::Row(ROW_NAMES.iter().position(|&n| n == r).unwrap() as u8))
            .collect();
        units.extend(cols.bytes().map(|c| Unit::Column(c - b'1')));
        let keep = squares(keep);
        let mut p = Position::blank();
        for unit in units {
            for s in unit.squares() {
                if !keep.contains(&s) {
                    p.eliminate(s, d(digit));
                }
            }
        }
        p
    }

    fn removed(step: &Step) -> Vec<String> {
        step.eliminations
            .iter()
            .map(|c| format!("{}{}", c.square, c.digit))
            .collect()
    }

    fn context() -> Context {
        Context::unknown()
    }

    const X_WING_ROWS: &[&str] = &["B3", "B7", "H3", "H7", "E3", "F7"];

    #[test]
    fn x_wing_in_two_rows_removes_the_digit_from_the_rest_of_both_columns() {
        let p = board(4, "BH", "37", X_WING_ROWS);
        let step = x_wing(&p, &context()).unwrap();
        assert_eq!(step.technique, Technique::XWing);
        assert_eq!(removed(&step), ["E34", "F74"]);
        assert_eq!(step.pattern.squares, squares(&["B3", "B7", "H3", "H7"]));
        assert_eq!(
            step.pattern.units,
            [Unit::Row(1), Unit::Row(7), Unit::Column(2), Unit::Column(6)]
        );
        assert_eq!(step.pattern.digits, [d(4)]);
        assert_eq!(
            step.explanation,
            "In rows B and H, 4 can only go in columns 3 and 7, so 4 can be removed from the rest \
             of columns 3 and 7: E3 and F7."
        );
    }

    #[test]
    fn x_wing_in_two_columns_removes_the_digit_from_the_rest_of_both_rows() {
        let p = board(5, "CF", "28", &["C2", "C8", "F2", "F8", "C4", "F6"]);
        let step = x_wing(&p, &context()).unwrap();
        assert_eq!(removed(&step), ["C45", "F65"]);
        assert_eq!(step.pattern.squares, squares(&["C2", "C8", "F2", "F8"]));
        assert_eq!(
            step.pattern.units,
            [Unit::Column(1), Unit::Column(7), Unit::Row(2), Unit::Row(5)]
        );
        assert_eq!(
            step.explanation,
            "In columns 2 and 8, 5 can only go in rows C and F, so 5 can be removed from the rest \
             of rows C and F: C4 and F6."
        );
    }

    #[test]
    fn no_x_wing_when_the_columns_hold_nothing_else_or_a_row_spills_over() {
        let bare = board(4, "BH", "37", &["B3", "B7", "H3", "H7"]);
        assert_eq!(x_wing(&bare, &context()), None);
        let spilled = board(4, "BH", "37", &["B3", "B7", "H3", "H7", "H5", "E3"]);
        assert_eq!(x_wing(&spilled, &context()), None);
        assert_eq!(x_wing(&Position::blank(), &context()), None);
    }

    const SWORDFISH: &[&str] = &["A1", "A5", "E5", "E9", "I1", "I9", "C1", "G9"];

    #[test]
    fn swordfish_in_three_rows_removes_the_digit_from_the_rest_of_three_columns() {
        let p = board(7, "AEI", "159", SWORDFISH);
        assert_eq!(x_wing(&p, &context()), None, "no smaller fish shadows it");
        let step = swordfish(&p, &context()).unwrap();
        assert_eq!(step.technique, Technique::Swordfish);
        assert_eq!(removed(&step), ["C17", "G97"]);
        assert_eq!(
            step.pattern.squares,
            squares(&["A1", "A5", "E5", "E9", "I1", "I9"])
        );
        assert_eq!(step.pattern.units.len(), 6);
        assert_eq!(
            step.explanation,
            "In rows A, E and I, 7 can only go in columns 1, 5 and 9, so 7 can be removed from \
             the rest of columns 1, 5 and 9: C1 and G9."
        );
    }

    #[test]
    fn no_swordfish_when_three_rows_reach_four_columns() {
        let p = board(
            7,
            "AEI",
            "1579",
            &["A1", "A5", "E5", "E7", "I1", "I9", "C1"],
        );
        assert_eq!(swordfish(&p, &context()), None);
        assert_eq!(swordfish(&Position::blank(), &context()), None);
    }

    const JELLYFISH: &[&str] = &["B2", "B4", "D4", "D6", "F6", "F8", "H2", "H8", "A2", "E8"];

    #[test]
    fn jellyfish_in_four_rows_removes_the_digit_from_the_rest_of_four_columns() {
        let p = board(2, "BDFH", "2468", JELLYFISH);
        assert_eq!(x_wing(&p, &context()), None);
        assert_eq!(swordfish(&p, &context()), None);
        let step = jellyfish(&p, &context()).unwrap();
        assert_eq!(step.technique, Technique::Jellyfish);
        assert_eq!(removed(&step), ["A22", "E82"]);
        assert_eq!(step.pattern.squares.len(), 8);
        assert_eq!(
            step.explanation,
            "In rows B, D, F and H, 2 can only go in columns 2, 4, 6 and 8, so 2 can be removed \
             from the rest of columns 2, 4, 6 and 8: A2 and E8."
        );
    }

    #[test]
    fn no_jellyfish_when_four_rows_reach_five_columns() {
        let mut keep = JELLYFISH.to_vec();
        keep.push("H5");
        let p = board(2, "BDFH", "24568", &keep);
        assert_eq!(jellyfish(&p, &context()), None);
        assert_eq!(jellyfish(&Position::blank(), &context()), None);
    }

    const FINNED_X_WING: &[&str] = &["B3", "B7", "H3", "H7", "H8", "H9", "E3", "G7"];

    #[test]
    fn finned_x_wing_removes_the_cover_candidates_in_the_fins_box() {
        let p = board(4, "BH", "37", FINNED_X_WING);
        assert_eq!(x_wing(&p, &context()), None);
        assert_eq!(sashimi_x_wing(&p, &context()), None);
        let step = finned_x_wing(&p, &context()).unwrap();
        assert_eq!(step.technique, Technique::FinnedXWing);
        assert_eq!(removed(&step), ["G74"]);
        assert_eq!(
            step.pattern.squares,
            squares(&["B3", "B7", "H3", "H7", "H8", "H9"])
        );
        assert_eq!(
            step.pattern.units,
            [
                Unit::Row(1),
                Unit::Row(7),
                Unit::Column(2),
                Unit::Column(6),
                Unit::Box(8)
            ]
        );
        assert_eq!(
            step.explanation,
            "In rows B and H, 4 can only go in columns 3 and 7, or in the fins H8 and H9 in box 9. \
             If 4 is in a fin, it is gone from the rest of box 9; if not, it is gone from the rest \
             of columns 3 and 7. Either way, 4 can be removed from G7."
        );
    }

    #[test]
    fn finned_x_wing_works_with_columns_as_base() {
        let keep = ["C2", "G2", "C8", "G8", "H8", "I8", "C5", "G7"];
        let p = board(4, "CG", "28", &keep);
        let step = finned_x_wing(&p, &context()).unwrap();
        assert_eq!(removed(&step), ["G74"]);
        assert_eq!(
            step.explanation,
            "In columns 2 and 8, 4 can only go in rows C and G, or in the fins H8 and I8 in box 9. \
             If 4 is in a fin, it is gone from the rest of box 9; if not, it is gone from the rest \
             of rows C and G. Either way, 4 can be removed from G7."
        );
    }

    #[test]
    fn a_finned_x_wing_whose_fins_see_no_cover_candidate_does_not_fire() {
        // As above without G7: E3 is in a cover column but outside the fins' box.
        let p = board(4, "BH", "37", &["B3", "B7", "H3", "H7", "H8", "H9", "E3"]);
        assert_eq!(finned_x_wing(&p, &context()), None);
        assert_eq!(sashimi_x_wing(&p, &context()), None);
    }

    #[test]
    fn fins_in_two_boxes_make_no_finned_x_wing() {
        let keep = ["B3", "B7", "H3", "H7", "H5", "H8", "E3", "G7", "G5"];
        let p = board(4, "BH", "357", &keep);
        assert_eq!(finned_x_wing(&p, &context()), None);
        assert_eq!(sashimi_x_wing(&p, &context()), None);
    }

    #[test]
    fn sashimi_x_wing_is_a_finned_x_wing_missing_a_corner() {
        let keep = ["B3", "B7", "H7", "H8", "H9", "E3", "G7"];
        let p = board(4, "BH", "37", &keep);
        assert_eq!(finned_x_wing(&p, &context()), None);
        let step = sashimi_x_wing(&p, &context()).unwrap();
        assert_eq!(step.technique, Technique::SashimiXWing);
        assert_eq!(removed(&step), ["G74"]);
        assert_eq!(
            step.pattern.squares,
            squares(&["B3", "B7", "H7", "H8", "H9"])
        );
        assert!(step.explanation.starts_with(
            "In rows B and H, 4 can only go in columns 3 and 7, or in the fins H8 and H9 in box 9."
        ));
    }

    #[test]
    fn no_sashimi_x_wing_when_the_fins_see_no_cover_candidate() {
        let p = board(4, "BH", "37", &["B3", "B7", "H7", "H8", "H9", "E3"]);
        assert_eq!(sashimi_x_wing(&p, &context()), None);
    }

    #[test]
    fn of_several_covers_for_one_base_the_first_in_hodokus_order_is_taken() {
        // Rows B and C fit columns 1 and 2 with the fin C3, columns 1 and 3 with the fins B2 and
        // C2 (sashimi: row B keeps only B1), or columns 2 and 3 (sashimi too), all in box 1.
        let p = board(6, "BC", "", &["B1", "B2", "C1", "C2", "C3"]);
        let finned = finned_x_wing(&p, &context()).unwrap();
        assert_eq!(removed(&finned), ["A16", "A26"]);
        let sashimi = sashimi_x_wing(&p, &context()).unwrap();
        assert_eq!(removed(&sashimi), ["A16", "A36"]);
        assert_eq!(
            sashimi.explanation,
            "In rows B and C, 6 can only go in columns 1 and 3, or in the fins B2 and C2 in box 1. \
             If 6 is in a fin, it is gone from the rest of box 1; if not, it is gone from the rest \
             of columns 1 and 3. Either way, 6 can be removed from A1 and A3."
        );
    }

    const FINNED_SWORDFISH: &[&str] = &["A1", "A5", "E5", "E9", "I1", "I7", "I9", "C1", "G9"];

    #[test]
    fn finned_swordfish_removes_the_cover_candidates_in_the_fins_box() {
        let p = board(7, "AEI", "159", FINNED_SWORDFISH);
        assert_eq!(swordfish(&p, &context()), None);
        assert_eq!(sashimi_swordfish(&p, &context()), None);
        let step = finned_swordfish(&p, &context()).unwrap();
        assert_eq!(step.technique, Technique::FinnedSwordfish);
        assert_eq!(removed(&step), ["G97"]);
        assert_eq!(
            step.pattern.squares,
            squares(&["A1", "A5", "E5", "E9", "I1", "I7", "I9"])
        );
        assert_eq!(step.pattern.units.last(), Some(&Unit::Box(8)));
        assert_eq!(
            step.explanation,
            "In rows A, E and I, 7 can only go in columns 1, 5 and 9, or in the fin I7 in box 9. \
             If 7 is in a fin, it is gone from the rest of box 9; if not, it is gone from the rest \
             of columns 1, 5 and 9. Either way, 7 can be removed from G9."
        );
    }

    #[test]
    fn a_finned_swordfish_whose_fin_sees_no_cover_candidate_does_not_fire() {
        let keep = ["A1", "A5", "E5", "E9", "I1", "I7", "I9", "C1"];
        let p = board(7, "AEI", "159", &keep);
        assert_eq!(finned_swordfish(&p, &context()), None);
        assert_eq!(sashimi_swordfish(&p, &context()), None);
    }

    #[test]
    fn sashimi_swordfish_is_a_finned_swordfish_with_a_base_row_down_to_one_cover_place() {
        let keep = ["A1", "A5", "E5", "E9", "I7", "I9", "C1", "G9"];
        let p = board(7, "AEI", "159", &keep);
        assert_eq!(finned_swordfish(&p, &context()), None);
        let step = sashimi_swordfish(&p, &context()).unwrap();
        assert_eq!(step.technique, Technique::SashimiSwordfish);
        assert_eq!(removed(&step), ["G97"]);
        assert_eq!(
            step.pattern.squares,
            squares(&["A1", "A5", "E5", "E9", "I7", "I9"])
        );
    }

    #[test]
    fn no_sashimi_swordfish_when_the_fin_sees_no_cover_candidate() {
        let p = board(7, "AEI", "159", &["A1", "A5", "E5", "E9", "I7", "I9", "C1"]);
        assert_eq!(sashimi_swordfish(&p, &context()), None);
    }

    #[test]
    fn fish_finders_leave_a_blank_board_alone() {
        let p = Position::blank();
        for find in [
            finned_x_wing,
            sashimi_x_wing,
            finned_swordfish,
            sashimi_swordfish,
        ] {
            assert_eq!(find(&p, &context()), None);
        }
    }
}
