//! What narrowing a group found, remembered by the group's open cells' candidates and the sum left
//! to them: with values up to 9, a distinct group of up to six open cells fits one `u64`, and a
//! repeating group of up to eight a `u128`. The search meets the same groups in the same states
//! again and again (each lookahead trial starts from the same board). The answer is a pure function
//! of the key, so a hit is exactly what narrowing again would find; the cache is direct-mapped,
//! and a collision only overwrites.

/// Log2 of the slots: 16,384 of them (zeroed pages, touched as used).
const SLOT_BITS: u32 = 14;

/// The most open cells a key holds (nine bits each).
pub(super) const MAX_OPEN: usize = 6;

/// A propagator's cache of narrowings, empty until first used: keys and answers of type `T`.
#[derive(Debug, Default)]
pub(super) struct Cache<T> {
    /// `(key, answer)`; key 0 is an empty slot (a key always holds its cell count, at least 1).
    slots: Vec<(T, T)>,
}

/// A key or an answer: `u64` or `u128`.
pub(super) trait Word: Copy + Default + Eq {
    /// Its slot among `1 << SLOT_BITS`: Fibonacci hashing of its halves.
    fn slot(self) -> usize;
}

impl Word for u64 {
    fn slot(self) -> usize {
        (self.wrapping_mul(0x9e37_79b9_7f4a_7c15) >> (64 - SLOT_BITS)) as usize
    }
}

impl Word for u128 {
    fn slot(self) -> usize {
        (self as u64 ^ (self >> 64) as u64).slot()
    }
}

/// The key of distinct `open` cells (candidates `cand` within `allowed`), narrowed exactly when
/// `exact`, with `rest` left of the sum; `None` when they do not fit one (over [`MAX_OPEN`] cells,
/// values past 9).
pub(super) fn distinct_key(
    open: &[u16],
    cand: &[u32],
    allowed: u32,
    rest: u32,
    exact: bool,
) -> Option<u64> {
    if open.is_empty() || open.len() > MAX_OPEN || allowed >= 1 << 9 || rest >= 64 {
        return None;
    }
    let mut key = u64::from(exact) << 63 | (open.len() as u64) << 60 | u64::from(rest) << 54;
    for (i, &c) in open.iter().enumerate() {
        key |= u64::from(cand[usize::from(c)] & allowed) << (9 * i);
    }
    Some(key)
}

/// The most open cells of a repeating group's key.
pub(super) const MAX_REPEATING_OPEN: usize = 8;

/// The key of a repeating group's `open` cells (candidates `cand`, values up to 9) whose values
/// less one make `rest`; `None` when they do not fit one.
pub(super) fn sums_key(open: &[u16], cand: &[u32], rest: u32) -> Option<u128> {
    if open.is_empty() || open.len() > MAX_REPEATING_OPEN || rest >= 128 {
        return None;
    }
    let mut key = (open.len() as u128) << 80 | u128::from(rest) << 72;
    for (i, &c) in open.iter().enumerate() {
        let m = cand[usize::from(c)];
        if m >= 1 << 9 {
            return None;
        }
        key |= u128::from(m) << (9 * i);
    }
    Some(key)
}

impl<T: Word> Cache<T> {
    /// The answer remembered for `key`.
    #[inline]
    pub(super) fn get(&self, key: T) -> Option<T> {
        let &(k, answer) = self.slots.get(key.slot())?;
        (k == key).then_some(answer)
    }

    /// Remembers `answer` for `key`, in place of whatever held its slot.
    pub(super) fn put(&mut self, key: T, answer: T) {
        if self.slots.is_empty() {
            self.slots = vec![(T::default(), T::default()); 1 << SLOT_BITS];
        }
        self.slots[key.slot()] = (key, answer);
    }
}
