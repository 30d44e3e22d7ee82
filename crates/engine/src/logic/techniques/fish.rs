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
mod tests;
