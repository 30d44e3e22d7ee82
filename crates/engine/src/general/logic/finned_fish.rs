//! Finned and sashimi fish on any shape: k base lines whose places of a value lie in k cover lines
//! except for a few fins, all in one unit. Either a fin holds the value, or the fish does and the
//! cover lines get their copies from the base; so a cover cell outside the base in the fins' unit
//! loses it.
//!
//! HoDoKu's fins share a box; here they share a unit other than a row or a column (a
//! box, a jigsaw region, a window or a diagonal). That assumes only that rows and columns are units,
//! so it is sound on every shape. As in HoDoKu's naming, a fish is sashimi when some
//! base line keeps at most one place inside the cover, and sizes 2 and 3 have names (a finned
//! jellyfish has no technique of its own on the classic scale, so none is offered).
//!
//! The search is bounded for a 25x25: a base line holds at most k + 5 places (five fins at most, as
//! HoDoKu allows), a choice of base lines is dropped as soon as no fin unit leaves its places
//! outside the unit within k cover lines, and every call stops after [`WORK`] choices.

use super::fish::lines as line_names;
use super::geometry::{units_in, Geometry};
use super::places::ValueLines;
use super::position::{live_candidates, values_of, ShapePosition};
use super::step::{Mark, Pattern, ShapeStep};
use super::words;
use crate::shape::Cells;
use crate::technique::Technique;
use scan::Scan;

mod scan;

/// The most fins a fish may have (HoDoKu's limit).
const MAX_FINS: u32 = 5;

/// The most choices of base lines and covers one call looks at, so a 25x25 hint stays cheap.
pub const WORK: usize = 20_000;

/// An X-wing with fins, every base line keeping two places in the cover.
pub fn finned_x_wing(geo: &Geometry, pos: &ShapePosition, _: &Cells) -> Option<ShapeStep> {
    finned(geo, pos, 2, false)
}

/// A finned X-wing with a base line that keeps one place or none in the cover.
pub fn sashimi_x_wing(geo: &Geometry, pos: &ShapePosition, _: &Cells) -> Option<ShapeStep> {
    finned(geo, pos, 2, true)
}

/// A swordfish with fins, every base line keeping two places or more in the cover.
pub fn finned_swordfish(geo: &Geometry, pos: &ShapePosition, _: &Cells) -> Option<ShapeStep> {
    finned(geo, pos, 3, false)
}

/// A finned swordfish with a base line that keeps one place or none in the cover.
pub fn sashimi_swordfish(geo: &Geometry, pos: &ShapePosition, _: &Cells) -> Option<ShapeStep> {
    finned(geo, pos, 3, true)
}

/// The indices of the set bits of `mask` (cover or base lines), ascending.
fn bits(mask: u32) -> impl Iterator<Item = usize> {
    values_of(mask).map(|v| usize::from(v) - 1)
}

/// A fish found: base lines, cover lines (bits), fins and targets.
struct FinnedFish {
    base: Vec<usize>,
    cover: u32,
    fins: Vec<usize>,
    fin_unit: usize,
    targets: Vec<usize>,
}

/// The first finned fish of size `k` that is sashimi or not, as asked. Both kinds come from one
/// search, kept with the position ([`ShapePosition::finned_memo`]): the finders ask for one and then
/// the other on the same position, and the search is the same but for which covers it keeps.
fn finned(geo: &Geometry, pos: &ShapePosition, k: usize, sashimi: bool) -> Option<ShapeStep> {
    pos.finned_memo(k).get_or_init(|| search(geo, pos, k))[usize::from(sashimi)].clone()
}

/// The first finned fish of size `k` that is not sashimi, and the first that is.
fn search(geo: &Geometry, pos: &ShapePosition, k: usize) -> [Option<ShapeStep>; 2] {
    let (lines, live) = (ValueLines::of(geo, pos), live_candidates(geo, pos));
    let mut work = WORK;
    let mut found: [Option<ShapeStep>; 2] = [None, None];
    for value in 1..=geo.shape.size() as u8 {
        for rows in [true, false] {
            let scan = Scan::new(geo, (&lines, live), value, rows);
            let want = [found[0].is_none(), found[1].is_none()];
            let fish = find_in(&scan, k, want, &mut work);
            for (kind, fish) in fish.into_iter().enumerate() {
                if let (true, Some(fish)) = (want[kind], fish) {
                    found[kind] = Some(step(&scan, k, kind == 1, fish));
                }
            }
            if work == 0 || found.iter().all(Option::is_some) {
                return found;
            }
        }
    }
    found
}

/// A choice of base lines under way: the lines, and for each fin unit still possible (`alive`:
/// outside it, the places lie in at most k cover lines) the union of those places outside it.
struct Bases {
    lines: Vec<usize>,
    alive: u128,
    outside: Vec<u32>,
    /// The kinds still looked for: `[not sashimi, sashimi]`.
    want: [bool; 2],
}

/// The first finned fish of size `k` in `scan` of each kind wanted (`[not sashimi, sashimi]`), base
/// lines in lexicographic order. A choice of base lines is kept only while, for some fin unit, its
/// places outside that unit lie in at most `k` cover lines (the fins lie in one unit, everything
/// else in the cover).
fn find_in(scan: &Scan, k: usize, want: [bool; 2], work: &mut usize) -> [Option<FinnedFish>; 2] {
    let mut found = [None, None];
    if scan.fin_units.is_empty() {
        return found;
    }
    let most = k as u32 + MAX_FINS;
    let pool: Vec<(usize, u128)> = (0..scan.n)
        .filter(|&b| (1..=most).contains(&scan.masks[b].count_ones()))
        .map(|b| (b, scan.fitting(b, k)))
        .filter(|&(_, fits)| fits != 0)
        .collect();
    let mut bases = Bases {
        lines: Vec::with_capacity(k),
        alive: u128::MAX >> (128 - scan.fin_units.len()),
        outside: vec![0; scan.fin_units.len() * (k + 1)],
        want,
    };
    choose(scan, &pool, k, 0, &mut bases, work, &mut found);
    found
}

/// Visits the sets of `k` base lines from `pool[from..]` that some fin unit keeps, keeping the
/// first fish of each wanted kind a full set gives; true once every wanted kind is found.
fn choose(
    scan: &Scan,
    pool: &[(usize, u128)],
    k: usize,
    from: usize,
    bases: &mut Bases,
    work: &mut usize,
    found: &mut [Option<FinnedFish>; 2],
) -> bool {
    let depth = bases.lines.len();
    let f = scan.fin_units.len();
    if depth == k {
        let outside = &bases.outside[depth * f..(depth + 1) * f];
        let got = covers(scan, &bases.lines, outside, bases.alive, k, work);
        for (kind, fish) in got.into_iter().enumerate() {
            if bases.want[kind] && found[kind].is_none() {
                found[kind] = fish;
            }
        }
        return (0..2).all(|kind| !bases.want[kind] || found[kind].is_some());
    }
    for (i, &(line, fits)) in pool.iter().enumerate().skip(from) {
        if pool.len() - i < k - depth || *work == 0 {
            break;
        }
        *work -= 1;
        let mut alive = 0u128;
        for u in units_in(bases.alive & fits) {
            let union = bases.outside[depth * f + u] | scan.outside(line, u);
            bases.outside[(depth + 1) * f + u] = union;
            if union.count_ones() as usize <= k {
                alive |= 1 << u;
            }
        }
        if alive == 0 {
            continue;
        }
        let before = std::mem::replace(&mut bases.alive, alive);
        bases.lines.push(line);
        let done = choose(scan, pool, k, i + 1, bases, work, found);
        bases.lines.pop();
        bases.alive = before;
        if done {
            return true;
        }
    }
    false
}

/// The first cover (in lexicographic order, as HoDoKu tries them) that makes `base` a finned fish
/// removing something, of each kind (`[not sashimi, sashimi]`): for each fin unit still possible,
/// the cover lines of the places outside it, plus some of those inside it, leaving at least one
/// for the fins.
fn covers(
    scan: &Scan,
    base: &[usize],
    outside: &[u32],
    alive: u128,
    k: usize,
    work: &mut usize,
) -> [Option<FinnedFish>; 2] {
    let union = base.iter().fold(0u32, |acc, &b| acc | scan.masks[b]);
    let mut first: [Option<FinnedFish>; 2] = [None, None];
    for i in units_in(alive) {
        let required = outside[i];
        let need = k - required.count_ones() as usize;
        let optional = union & !required;
        if need >= optional.count_ones() as usize {
            continue;
        }
        let mut extra = optional;
        loop {
            if extra.count_ones() as usize == need {
                if *work == 0 {
                    return first;
                }
                *work -= 1;
                let cover = required | extra;
                let kind = usize::from(
                    base.iter()
                        .any(|&b| (scan.masks[b] & cover).count_ones() <= 1),
                );
                let earlier = first[kind].as_ref().is_none_or(|f| {
                    let differ = cover ^ f.cover;
                    cover & differ & differ.wrapping_neg() != 0
                });
                if earlier {
                    if let Some(fish) = fish_with(scan, base, cover, i) {
                        first[kind] = Some(fish);
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

/// The fish with this base and cover, its fins (all in `fin_unit`) at most five, if some cover cell
/// outside the base sees them all.
fn fish_with(scan: &Scan, base: &[usize], cover: u32, i: usize) -> Option<FinnedFish> {
    let fin_count: u32 = base
        .iter()
        .map(|&b| (scan.masks[b] & !cover).count_ones())
        .sum();
    let base_bits = base.iter().fold(0u32, |acc, &b| acc | 1 << b);
    let f = scan.fin_units.len();
    let removes =
        bits(cover).any(|c| scan.cross[c] & !base_bits & scan.cross_inside[c * f + i] != 0);
    if fin_count == 0 || fin_count > MAX_FINS || !removes {
        return None;
    }
    let fin_unit = scan.fin_units[i];
    let fins: Vec<usize> = base
        .iter()
        .flat_map(|&b| bits(scan.masks[b] & !cover).map(move |c| scan.cell(b, c)))
        .collect();
    debug_assert!(fins.iter().all(|&f| scan.geo.contains(fin_unit, f)));
    let mut targets: Vec<usize> = bits(cover)
        .flat_map(|c| {
            (0..scan.n)
                .filter(|b| !base.contains(b))
                .map(move |b| (b, c))
        })
        .map(|(b, c)| scan.cell(b, c))
        .filter(|&cell| scan.is_live(cell) && scan.geo.contains(fin_unit, cell))
        .collect();
    targets.sort_unstable();
    Some(FinnedFish {
        base: base.to_vec(),
        cover,
        fins,
        fin_unit,
        targets,
    })
}

fn step(scan: &Scan, k: usize, sashimi: bool, fish: FinnedFish) -> ShapeStep {
    let geo = scan.geo;
    let shape = geo.shape;
    let n = scan.masks.len();
    let (base_units, cover_units) = if scan.rows {
        (&geo.rows, &geo.columns)
    } else {
        (&geo.columns, &geo.rows)
    };
    let base_u: Vec<usize> = fish.base.iter().map(|&b| base_units[b]).collect();
    let cover_u: Vec<usize> = (0..n)
        .filter(|&c| fish.cover & 1 << c != 0)
        .map(|c| cover_units[c])
        .collect();
    let mut cells: Vec<usize> = fish
        .base
        .iter()
        .flat_map(|&b| (0..n).map(move |c| (b, c)))
        .filter(|&(b, c)| scan.masks[b] & 1 << c != 0)
        .map(|(b, c)| scan.cell(b, c))
        .collect();
    cells.sort_unstable();
    let technique = match (k, sashimi) {
        (2, false) => Technique::FinnedXWing,
        (2, true) => Technique::SashimiXWing,
        (_, false) => Technique::FinnedSwordfish,
        (_, true) => Technique::SashimiSwordfish,
    };
    let v = shape.symbol(scan.value);
    let (base_phrase, cover_phrase) = (line_names(shape, &base_u), line_names(shape, &cover_u));
    let noun = if fish.fins.len() == 1 { "fin" } else { "fins" };
    let fin_unit = shape.unit_name(fish.fin_unit);
    let explanation = format!(
        "In {base_phrase}, {v} can only go in {cover_phrase}, or in the {noun} {} in {fin_unit}. \
         If {v} is in a fin, it is gone from the rest of {fin_unit}; if not, it is gone from the \
         rest of {cover_phrase}. Either way, {v} can be removed from {}.",
        words::cells(shape, fish.fins.iter().copied()),
        words::cells(shape, fish.targets.iter().copied()),
    );
    let mut units = base_u;
    units.extend(cover_u);
    units.push(fish.fin_unit);
    ShapeStep::elimination(
        technique,
        fish.targets
            .into_iter()
            .map(|c| Mark::new(c, scan.value))
            .collect(),
        Pattern {
            cells,
            units,
            values: vec![scan.value],
        },
        explanation,
    )
}
