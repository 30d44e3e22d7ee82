//! A group's pointing: a value the group must hold, whose places in it are all seen by a cell
//! outside the group, leaves that cell.

use super::{Group, PeerSets};
use crate::shape::Shape;

/// Some of a group's cells, on the stack.
pub(super) struct GroupPlaces {
    cells: [u16; 32],
    len: usize,
}

impl GroupPlaces {
    /// The cells, in the group's order.
    pub(super) fn cells(&self) -> &[u16] {
        &self.cells[..self.len]
    }

    /// How many cells hold the value.
    pub(super) fn len(&self) -> usize {
        self.len
    }
}

/// The cells of `cells` (cell, candidates) holding `bit`.
pub(super) fn places_of(cells: impl Iterator<Item = (u16, u32)>, bit: u32) -> GroupPlaces {
    let mut places = GroupPlaces {
        cells: [0; 32],
        len: 0,
    };
    for (c, m) in cells {
        if m & bit != 0 {
            places.cells[places.len] = c;
            places.len += 1;
        }
    }
    places
}

/// Takes `bit` out of every cell outside `group` that sees all of `places` (the group's cells that
/// may hold it, two or more). With `peers` (grids of up to 128 cells), the cells seeing them all
/// are one AND of their peer sets; else the first place's peers are searched.
pub(super) fn pointing(
    shape: &Shape,
    peers: Option<&PeerSets>,
    group: &Group,
    places: &[u16],
    bit: u32,
    cand: &[u32],
    out: &mut Vec<(u16, u32)>,
) {
    if let Some(peers) = peers {
        // The group's cells all see each other, so its other cells are among those seeing the
        // places; they seldom hold `bit` (the places are every open cell of the group that may,
        // but for the ones exact narrowing takes it from), so they are told apart only then.
        let mut seeing = places.iter().fold(u128::MAX, |s, &c| s & peers.of(c));
        while seeing != 0 {
            let p = seeing.trailing_zeros() as usize;
            seeing &= seeing - 1;
            if cand[p] & bit != 0 && group.cells.binary_search(&(p as u16)).is_err() {
                out.push((p as u16, bit));
            }
        }
        return;
    }
    let first = places[0];
    for &p in shape.peers(usize::from(first)) {
        let m = cand[usize::from(p)];
        if m & bit != 0
            && group.cells.binary_search(&p).is_err()
            && places[1..]
                .iter()
                .all(|&c| shape.peers(usize::from(c)).binary_search(&p).is_ok())
        {
            out.push((p, bit));
        }
    }
}
