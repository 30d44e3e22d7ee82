//! Random jigsaw regions: N regions of N cells each, every one connected edge to edge.
//!
//! They start as a snake (the cells in boustrophedon order, cut into runs of N, so each run is a
//! path) and are shuffled by swapping the regions of two adjacent cells whenever both regions stay
//! connected: sizes never change, and many swaps wander far from the start. Not every layout has a
//! solution; the generator draws again when its fill finds none.

use crate::engine::rng::Rng;

/// Swap attempts per cell: enough that the snake no longer shows.
const SWAPS_PER_CELL: usize = 40;

/// A random partition of the N x N grid into N connected regions of N cells: each cell's region,
/// numbered by first appearance in row-major order.
pub fn random_regions(size: usize, rng: &mut Rng) -> Vec<u8> {
    let cells = size * size;
    let mut region = vec![0u8; cells];
    for (i, cell) in snake(size).enumerate() {
        region[cell] = (i / size) as u8;
    }
    for _ in 0..cells * SWAPS_PER_CELL {
        let a = rng.below(cells as u64) as usize;
        let near: Vec<usize> = neighbours(a, size)
            .filter(|&b| region[b] != region[a])
            .collect();
        if near.is_empty() {
            continue;
        }
        let b = near[rng.below(near.len() as u64) as usize];
        region.swap(a, b);
        if !(connected(&region, region[a], size) && connected(&region, region[b], size)) {
            region.swap(a, b);
        }
    }
    renumber(&region)
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
fn connected(region: &[u8], g: u8, size: usize) -> bool {
    let Some(start) = region.iter().position(|&x| x == g) else {
        return true;
    };
    let mut seen = vec![false; region.len()];
    let mut stack = vec![start];
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
