//! Finned and sashimi fish on any shape: k base lines whose places of a value lie in k cover lines
//! except for a few fins, all in one unit. Either a fin holds the value, or the fish does and the
//! cover lines get their copies from the base; so a cover cell outside the base in the fins' unit
//! loses it.
//!
//! The classic layer's fins share a box; here they share a unit other than a row or a column (a
//! box, a jigsaw region, a window or a diagonal). That assumes only that rows and columns are units,
//! so it is sound on every shape. As in the classic layer (HoDoKu's naming) a fish is sashimi when some
//! base line keeps at most one place inside the cover, and sizes 2 and 3 have names (a finned
//! jellyfish has no technique of its own on the classic scale, so none is offered).
//!
//! The search is bounded for a 25x25: a base line holds at most k + 5 places (five fins at most, as
//! HoDoKu allows), a choice of base lines is dropped as soon as no fin unit leaves its places
//! outside the unit within k cover lines, and every call stops after [`WORK`] choices.

use super::fish::lines as line_names;
use super::geometry::{is_line, Geometry};
use super::position::{bit, live_candidates, ShapePosition};
use super::step::{Mark, Pattern, ShapeStep};
use super::words;
use crate::shape::Cells;
use crate::technique::Technique;

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

/// One value seen from one orientation: each base line's places as bits over the cover lines, and
/// for each unit that could hold the fins (every unit but the rows and columns), the places of each
/// base line outside it.
struct Scan<'g, 's> {
    geo: &'g Geometry<'s>,
    value: u8,
    rows: bool,
    n: usize,
    masks: Vec<u32>,
    live: Vec<bool>,
    /// The units that may hold the fins.
    fin_units: &'g [usize],
    /// `outside[b][i]`: base line `b`'s places outside `fin_units[i]`.
    outside: Vec<Vec<u32>>,
}

impl<'g, 's> Scan<'g, 's> {
    #[allow(clippy::too_many_arguments)]
    fn new(
        geo: &'g Geometry<'s>,
        fin_units: &'g [usize],
        live: &[u32],
        value: u8,
        rows: bool,
        most: u32,
    ) -> Self {
        let n = geo.shape.size();
        let mut scan = Scan {
            geo,
            value,
            rows,
            n,
            masks: Vec::new(),
            live: live.iter().map(|&c| c & bit(value) != 0).collect(),
            fin_units,
            outside: Vec::new(),
        };
        scan.masks = (0..n)
            .map(|b| {
                (0..n)
                    .filter(|&c| scan.live[scan.cell(b, c)])
                    .fold(0u32, |acc, c| acc | 1 << c)
            })
            .collect();
        // Only a line with at most k + 5 places can be a base line: the others need no work.
        scan.outside = (0..n)
            .map(|b| {
                if scan.masks[b].count_ones() > most {
                    return Vec::new();
                }
                fin_units
                    .iter()
                    .map(|&u| {
                        bits(scan.masks[b])
                            .filter(|&c| !geo.contains(u, scan.cell(b, c)))
                            .fold(0u32, |acc, c| acc | 1 << c)
                    })
                    .collect()
            })
            .collect();
        scan
    }

    fn cell(&self, base: usize, cover: usize) -> usize {
        let n = self.n;
        if self.rows {
            base * n + cover
        } else {
            cover * n + base
        }
    }
}

/// The indices of the set bits of `mask`, ascending.
fn bits(mask: u32) -> impl Iterator<Item = usize> {
    (0..32).filter(move |&c| mask & 1 << c != 0)
}

/// A fish found: base lines, cover lines (bits), fins and targets.
struct FinnedFish {
    base: Vec<usize>,
    cover: u32,
    fins: Vec<usize>,
    fin_unit: usize,
    targets: Vec<usize>,
}

fn finned(geo: &Geometry, pos: &ShapePosition, k: usize, sashimi: bool) -> Option<ShapeStep> {
    let shape = geo.shape;
    let live = live_candidates(geo, pos);
    let fin_units: Vec<usize> = (0..shape.unit_count())
        .filter(|&u| !is_line(shape.unit_kind(u)))
        .collect();
    let mut work = WORK;
    for value in 1..=shape.size() as u8 {
        for rows in [true, false] {
            let scan = Scan::new(geo, &fin_units, live, value, rows, k as u32 + MAX_FINS);
            if let Some(fish) = find_in(&scan, k, sashimi, &mut work) {
                return Some(step(&scan, k, sashimi, fish));
            }
            if work == 0 {
                return None;
            }
        }
    }
    None
}

/// The first finned fish of size `k` in `scan`, base lines in lexicographic order. A choice of base
/// lines is kept only while, for some fin unit, its places outside that unit lie in at most `k`
/// cover lines (the fins lie in one unit, everything else in the cover).
fn find_in(scan: &Scan, k: usize, sashimi: bool, work: &mut usize) -> Option<FinnedFish> {
    let most = k as u32 + MAX_FINS;
    let fits = |outside: &[u32]| outside.iter().any(|o| o.count_ones() as usize <= k);
    let pool: Vec<usize> = (0..scan.n)
        .filter(|&b| (1..=most).contains(&scan.masks[b].count_ones()))
        .filter(|&b| fits(&scan.outside[b]))
        .collect();
    let start = vec![0u32; scan.fin_units.len()];
    let mut base = Vec::with_capacity(k);
    bases(
        scan,
        &pool,
        k,
        0,
        &start,
        &mut base,
        work,
        &mut |base, outside, work| covers(scan, base, outside, k, sashimi, work),
    )
}

/// Visits the sets of `k` base lines from `pool[from..]` that some fin unit keeps, with the union
/// of their places outside each fin unit.
#[allow(clippy::too_many_arguments)]
fn bases<T>(
    scan: &Scan,
    pool: &[usize],
    k: usize,
    from: usize,
    outside: &[u32],
    base: &mut Vec<usize>,
    work: &mut usize,
    visit: &mut impl FnMut(&[usize], &[u32], &mut usize) -> Option<T>,
) -> Option<T> {
    if base.len() == k {
        return visit(base, outside, work);
    }
    for i in from..pool.len() {
        if pool.len() - i < k - base.len() || *work == 0 {
            break;
        }
        *work -= 1;
        let line = &scan.outside[pool[i]];
        let next: Vec<u32> = outside.iter().zip(line).map(|(a, b)| a | b).collect();
        if !next.iter().any(|o| o.count_ones() as usize <= k) {
            continue;
        }
        base.push(pool[i]);
        let found = bases(scan, pool, k, i + 1, &next, base, work, visit);
        base.pop();
        if found.is_some() {
            return found;
        }
    }
    None
}

/// The first cover (in lexicographic order, as HoDoKu tries them) that makes `base` a finned fish
/// of the asked kind removing something: for each fin unit, the cover lines of the places outside
/// it, plus some of those inside it, leaving at least one for the fins.
fn covers(
    scan: &Scan,
    base: &[usize],
    outside: &[u32],
    k: usize,
    sashimi: bool,
    work: &mut usize,
) -> Option<FinnedFish> {
    let union = base.iter().fold(0u32, |acc, &b| acc | scan.masks[b]);
    let mut first: Option<FinnedFish> = None;
    for (i, &required) in outside.iter().enumerate() {
        let Some(need) = k.checked_sub(required.count_ones() as usize) else {
            continue;
        };
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
                let is_sashimi = base
                    .iter()
                    .any(|&b| (scan.masks[b] & cover).count_ones() <= 1);
                let earlier = first.as_ref().is_none_or(|f| {
                    let differ = cover ^ f.cover;
                    cover & differ & differ.wrapping_neg() != 0
                });
                if is_sashimi == sashimi && earlier {
                    if let Some(fish) = fish_with(scan, base, cover, scan.fin_units[i]) {
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

/// The fish with this base and cover, its fins (all in `fin_unit`) at most five, if some cover cell
/// outside the base sees them all.
fn fish_with(scan: &Scan, base: &[usize], cover: u32, fin_unit: usize) -> Option<FinnedFish> {
    let fins: Vec<usize> = base
        .iter()
        .flat_map(|&b| bits(scan.masks[b] & !cover).map(move |c| scan.cell(b, c)))
        .collect();
    if fins.is_empty() || fins.len() > MAX_FINS as usize {
        return None;
    }
    debug_assert!(fins.iter().all(|&f| scan.geo.contains(fin_unit, f)));
    let mut targets: Vec<usize> = bits(cover)
        .flat_map(|c| {
            (0..scan.n)
                .filter(|b| !base.contains(b))
                .map(move |b| (b, c))
        })
        .map(|(b, c)| scan.cell(b, c))
        .filter(|&cell| scan.live[cell] && scan.geo.contains(fin_unit, cell))
        .collect();
    targets.sort_unstable();
    if targets.is_empty() {
        return None;
    }
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
