//! Random jigsaw regions: N regions of N cells each, every one connected edge to edge.
//!
//! They start as a snake (the cells in boustrophedon order, cut into runs of N, so each run is a
//! path) and are shuffled by trades: a cell `a` of region A that touches region B moves to B, and a
//! cell `b` of B that touches A (other than through `a`) moves to A, kept only when both regions stay
//! connected. Sizes never change, and many trades wander far from the start. (Swapping two adjacent
//! cells alone never works from a straight border: the cell that crosses it touches its new region
//! only through the cell it replaced.) Not every layout has a solution; the generator draws again
//! when its fill finds none.
//!
//! From 13x13 to 16x16 the puzzle generator draws differently ([`generation_regions`]): regions that
//! wander from a snake make near-minimal puzzles whose uniqueness takes hundreds of thousands of
//! nodes to prove (16x16: about 8 s a puzzle, none minimal), so there the regions start as the
//! usual boxes and trade cells only with the box beside them, each pair of boxes reshaped into two
//! irregular regions within their block. Jigsaw X from 10x10 to 16x16 draws its regions in bands of two
//! rows (the last three when N is odd), every row pair reshaped into two irregular regions: on
//! wandering regions (and on pairs of boxes from 15x15 up) the sparse puzzles that the diagonals
//! allow took seconds to a minute to prove unique, and many were not minimal.

use crate::rng::Rng;
use crate::shape::{Regions, Rules, Variant, MAX_SIZE, MIN_SIZE};

/// `rules` made a valid template for jigsaw generation: its rows stand in as regions (and any box
/// goes), so that a size without a box shape (5, 7, 11, 13, ...) describes a shape too; the
/// generator replaces the regions with drawn ones. A size out of range is left for `Shape::new` to
/// refuse.
pub fn jigsaw_template(rules: &Rules) -> Rules {
    let size = rules.size.unwrap_or(9);
    if !(MIN_SIZE..=MAX_SIZE).contains(&size) {
        return rules.clone();
    }
    let rows = (0..size * size)
        .map(|i| char::from(b'A' + (i / size) as u8))
        .collect();
    Rules {
        box_shape: None,
        regions: Some(Regions::Text(rows)),
        ..rules.clone()
    }
}

/// Trade attempts per cell: enough that the snake no longer shows.
const SWAPS_PER_CELL: usize = 40;

/// A random partition of the N x N grid into N connected regions of N cells: each cell's region,
/// numbered by first appearance in row-major order.
pub fn random_regions(size: usize, rng: &mut Rng) -> Vec<u8> {
    let cells = size * size;
    let mut region = vec![0u8; cells];
    for (i, cell) in snake(size).enumerate() {
        region[cell] = (i / size) as u8;
    }
    let mut scratch = TradeBuffers::default();
    for _ in 0..cells * SWAPS_PER_CELL {
        trade(&mut region, size, rng, &mut scratch, |_, _| true);
    }
    renumber(&region)
}

/// The regions the puzzle generator draws on `size` with `variants`: [`random_regions`], except
/// from 13x13 to 16x16 (where a usual box exists) the usual boxes, side by side in pairs (three
/// together when a band has an odd number of boxes), each pair's two boxes reshaped by the same
/// trades into two irregular connected regions that stay within the pair's block; and with X from
/// 10x10 to 16x16, the rows in bands of two ([`banded_regions`]).
///
/// Measured with `examples/shape_speed.rs` on 16x16, seeds 0-9 (one thread's CPU time): regions
/// from the snake took about 8 s a puzzle and none came out minimal; regions kept to bands of four
/// rows, a median of 4 s and 6 of 10 minimal; regions kept to pairs of boxes, a median near 1 s,
/// all minimal. With pairs, every band of four rows and of eight columns is whole regions; our best
/// explanation is that wandering regions make the uniqueness of a sparse puzzle rest on counting
/// over such bands (the law of leftovers), which case splitting only finds by brute force.
///
/// Jigsaw X, measured the same way: on wandering regions a 12x12 took 18 to 97 s (seed 0: 28 s of
/// CPU, not minimal: checks of a million nodes still undecided at 28 givens, and the puzzle itself
/// took a second to solve), a 13x13 5-24 s; on pairs of boxes a 15x15 took 17-26 s of CPU and a
/// 16x16 21-67 s, none minimal. Bands of two rows gave every size from 10x10 to 16x16 minimal
/// puzzles on seeds 0-4, medians from 30 ms to 0.6 s, with more givens (12x12: about 40 of 144;
/// 16x16: about 96 of 256).
pub fn generation_regions(size: usize, variants: &[Variant], rng: &mut Rng) -> Vec<u8> {
    if banded(size, variants) {
        return banded_regions(size, rng);
    }
    match usual_box(size).filter(|_| (13..=16).contains(&size)) {
        Some((rows, cols)) => paired_box_regions(size, rows, cols, rng),
        None => random_regions(size, rng),
    }
}

/// Boxes of `rows` x `cols` grouped side by side in pairs (or a last three), reshaped by trades
/// within each group.
fn paired_box_regions(size: usize, rows: usize, cols: usize, rng: &mut Rng) -> Vec<u8> {
    let per_band = size / cols;
    // The group of each box column: pairs, the last three together when their number is odd.
    let group_of = |bc: usize| (bc / 2).min(per_band / 2 - 1);
    let cells = size * size;
    let region: Vec<u8> = (0..cells)
        .map(|cell| ((cell / size) / rows * per_band + (cell % size) / cols) as u8)
        .collect();
    let group = |g: u8| {
        let g = usize::from(g);
        (g / per_band, group_of(g % per_band))
    };
    let mut region = region;
    let mut scratch = TradeBuffers::default();
    for _ in 0..cells * SWAPS_PER_CELL {
        trade(&mut region, size, rng, &mut scratch, |from, to| {
            group(from) == group(to)
        });
    }
    renumber(&region)
}

/// Whether the generator draws jigsaw regions on `size` with `variants` in bands of two rows
/// ([`generation_regions`]): jigsaw X from 10x10 to 16x16, the sizes whose puzzles are to be
/// minimal. (Above, checks have small budgets and keep their givens when they run out, and the
/// wandering regions are left as they were.)
pub(super) fn banded(size: usize, variants: &[Variant]) -> bool {
    (10..=16).contains(&size) && variants.contains(&Variant::X)
}

/// Rows as regions, grouped in bands of two rows (the last three when N is odd), reshaped by trades
/// within each band: each band's rows become as many irregular connected regions.
fn banded_regions(size: usize, rng: &mut Rng) -> Vec<u8> {
    let band = |row: u8| (usize::from(row) / 2).min(size / 2 - 1);
    let cells = size * size;
    let mut region: Vec<u8> = (0..cells).map(|cell| (cell / size) as u8).collect();
    let mut scratch = TradeBuffers::default();
    for _ in 0..cells * SWAPS_PER_CELL {
        trade(&mut region, size, rng, &mut scratch, |from, to| {
            band(from) == band(to)
        });
    }
    renumber(&region)
}

/// The usual box for N, as the shape module infers it: the most nearly square rows x columns with
/// rows <= columns, both at least 2.
fn usual_box(size: usize) -> Option<(usize, usize)> {
    (2..=size)
        .filter(|r| size % r == 0 && r * r <= size && size / r >= 2)
        .max()
        .map(|r| (r, size / r))
}

/// Buffers reused by every trade (a 9x9 jigsaw makes 3,240 of them): drawing regions was a third of
/// a 9x9 jigsaw puzzle's time, much of it allocation.
#[derive(Default)]
struct TradeBuffers {
    movable: Vec<usize>,
    seen: Vec<bool>,
    stack: Vec<usize>,
}

/// One attempted trade between a random cell's region and a neighbouring region, when `allowed`
/// lets those two regions trade.
fn trade(
    region: &mut [u8],
    size: usize,
    rng: &mut Rng,
    scratch: &mut TradeBuffers,
    allowed: impl Fn(u8, u8) -> bool,
) {
    let a = rng.below(region.len() as u64) as usize;
    let mut near = [0usize; 4];
    let mut count = 0;
    for n in neighbours(a, size).filter(|&n| region[n] != region[a]) {
        near[count] = n;
        count += 1;
    }
    if count == 0 {
        return;
    }
    let (from, to) = (region[a], region[near[rng.below(count as u64) as usize]]);
    if !allowed(from, to) {
        return;
    }
    region[a] = to;
    // The cells of `to` that touch what is left of `from`: any of them may cross the other way.
    let movable = &mut scratch.movable;
    movable.clear();
    movable.extend(
        (0..region.len())
            .filter(|&b| region[b] == to && b != a)
            .filter(|&b| neighbours(b, size).any(|n| region[n] == from)),
    );
    if movable.is_empty() {
        region[a] = from;
        return;
    }
    let b = movable[rng.below(movable.len() as u64) as usize];
    region[b] = from;
    if !(connected(region, from, size, scratch) && connected(region, to, size, scratch)) {
        region[a] = from;
        region[b] = to;
    }
}

fn snake(size: usize) -> impl Iterator<Item = usize> {
    (0..size).flat_map(move |r| {
        (0..size).map(move |i| {
            let c = if r % 2 == 0 { i } else { size - 1 - i };
            r * size + c
        })
    })
}

fn neighbours(cell: usize, size: usize) -> impl Iterator<Item = usize> {
    let (r, c) = (cell / size, cell % size);
    [
        (r > 0).then(|| cell - size),
        (r + 1 < size).then(|| cell + size),
        (c > 0).then(|| cell - 1),
        (c + 1 < size).then(|| cell + 1),
    ]
    .into_iter()
    .flatten()
}

/// Whether region `g`'s cells are joined edge to edge.
fn connected(region: &[u8], g: u8, size: usize, scratch: &mut TradeBuffers) -> bool {
    let Some(start) = region.iter().position(|&x| x == g) else {
        return true;
    };
    let TradeBuffers { seen, stack, .. } = scratch;
    seen.clear();
    seen.resize(region.len(), false);
    stack.clear();
    stack.push(start);
    seen[start] = true;
    let mut reached = 0;
    while let Some(cell) = stack.pop() {
        reached += 1;
        for next in neighbours(cell, size) {
            if !seen[next] && region[next] == g {
                seen[next] = true;
                stack.push(next);
            }
        }
    }
    reached == region.iter().filter(|&&x| x == g).count()
}

fn renumber(region: &[u8]) -> Vec<u8> {
    let mut map = [u8::MAX; 32];
    let mut next = 0;
    region
        .iter()
        .map(|&g| {
            if map[usize::from(g)] == u8::MAX {
                map[usize::from(g)] = next;
                next += 1;
            }
            map[usize::from(g)]
        })
        .collect()
}

/// The regions as text labels (`A`.. for regions 1..), the form `rules.regions` takes.
pub(crate) fn labels(region: &[u8]) -> String {
    region.iter().map(|&g| char::from(b'A' + g)).collect()
}

/// Why regions drawn at random on `size` with `variants` almost never admit a complete grid, for
/// the combinations measured so (tests/engine/shape_generation.rs holds the measurement's cases):
/// the generator would spend its layout budget, so the request is refused before any work.
pub fn rarely_fillable(size: usize, variants: &[Variant]) -> Option<&'static str> {
    match size {
        6 if variants.contains(&Variant::X) => Some(
            "random jigsaw regions on 6x6 almost never admit both diagonals as units (none of 5 layouts searched had a complete grid, and one seed in three found none in 64 layouts)",
        ),
        10.. if variants.contains(&Variant::Hyper) => Some(
            "random jigsaw regions with hyper windows from 10x10 up almost never admit a grid found in time (searches of the empty grid on 5 layouts each of 10x10 gave up after 20 s in a release build)",
        ),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The cells of each region, by region.
    fn members(region: &[u8], size: usize) -> Vec<Vec<usize>> {
        let mut out = vec![Vec::new(); size];
        for (cell, &g) in region.iter().enumerate() {
            out[usize::from(g)].push(cell);
        }
        out
    }

    /// From 13x13 to 16x16 the generator's regions are N connected regions of N cells, each within
    /// the block of the pair (or three) of usual boxes it started from, and irregular: some region
    /// is no box.
    #[test]
    fn generation_regions_from_thirteen_to_sixteen_stay_within_pairs_of_boxes() {
        for (size, rows, cols, group_cols) in [(14, 2, 7, 14), (15, 3, 5, 15), (16, 4, 4, 8)] {
            for seed in 0..3 {
                let region = generation_regions(size, &[], &mut Rng::seeded(seed));
                let mut scratch = TradeBuffers::default();
                let regions = members(&region, size);
                let mut irregular = 0;
                for (g, cells) in regions.iter().enumerate() {
                    assert_eq!(cells.len(), size, "{size}x{size} seed {seed} region {g}");
                    assert!(connected(&region, g as u8, size, &mut scratch));
                    let block = |c: usize| (c / size / rows, c % size / group_cols);
                    assert!(
                        cells.iter().all(|&c| block(c) == block(cells[0])),
                        "{size}x{size} seed {seed}: region {g} leaves its block"
                    );
                    let boxed = |c: usize| (c / size / rows, c % size / cols);
                    irregular += usize::from(cells.iter().any(|&c| boxed(c) != boxed(cells[0])));
                }
                assert!(
                    irregular >= size / 2,
                    "{size}x{size} seed {seed}: {irregular}"
                );
            }
        }
    }

    /// Jigsaw X from 10x10 to 16x16: N connected regions of N cells, each within its band of two rows
    /// (three for the last band of an odd N), and irregular: most regions are no row.
    #[test]
    fn jigsaw_x_regions_from_ten_stay_within_bands_of_two_rows() {
        for size in 10..=16 {
            for seed in 0..3 {
                let region = generation_regions(size, &[Variant::X], &mut Rng::seeded(seed));
                let mut scratch = TradeBuffers::default();
                let band = |c: usize| (c / size / 2).min(size / 2 - 1);
                let mut irregular = 0;
                for (g, cells) in members(&region, size).iter().enumerate() {
                    assert_eq!(cells.len(), size, "{size}x{size} seed {seed} region {g}");
                    assert!(connected(&region, g as u8, size, &mut scratch));
                    assert!(
                        cells.iter().all(|&c| band(c) == band(cells[0])),
                        "{size}x{size} seed {seed}: region {g} leaves its band"
                    );
                    irregular += usize::from(cells.iter().any(|&c| c / size != cells[0] / size));
                }
                assert!(
                    irregular > size / 2,
                    "{size}x{size} seed {seed}: {irregular}"
                );
            }
        }
        // Below 10x10, above 16x16, and without X, nothing changes.
        for (size, variants) in [
            (9, &[Variant::X][..]),
            (12, &[]),
            (16, &[Variant::Hyper]),
            (17, &[Variant::X]),
        ] {
            assert_eq!(
                generation_regions(size, variants, &mut Rng::seeded(1)),
                generation_regions(size, &[], &mut Rng::seeded(1)),
            );
        }
    }

    /// Below 13x13, and where no usual box exists, the generator draws as it always has.
    #[test]
    fn generation_regions_elsewhere_are_the_snake_drawing() {
        for size in [6, 9, 12, 13, 17] {
            for seed in 0..3 {
                assert_eq!(
                    generation_regions(size, &[], &mut Rng::seeded(seed)),
                    random_regions(size, &mut Rng::seeded(seed)),
                    "{size}x{size} seed {seed}"
                );
            }
        }
    }
}
