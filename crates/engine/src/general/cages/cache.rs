//! What narrowing a group found, remembered by the group's open cells' candidates and the sum left
//! to them: with values up to 9, a distinct group of up to six open cells fits one `u64`, and a
//! repeating group of up to eight a `u128`. The search meets the same groups in the same states
//! again and again (each lookahead trial starts from the same board). The answer is a pure function
//! of the key, so a hit is exactly what narrowing again would find; the cache is direct-mapped,
//! and a collision only overwrites.
//!
//! The key says nothing of the puzzle, so an answer holds for every puzzle: a dropped cache leaves
//! its table to the next one made on the same thread, which saves a short solve from allocating
//! and faulting in a table of its own (that cost the published killers' one-node proofs about a
//! sixth of their time) and starts it warm.

use std::cell::RefCell;
use std::thread::LocalKey;

/// Log2 of the slots: 16,384 of them (zeroed pages, touched as used).
const SLOT_BITS: u32 = 14;

/// The most open cells a key holds (nine bits each).
pub(super) const MAX_OPEN: usize = 6;

/// A propagator's cache of narrowings, empty until first used: keys and answers of type `T`.
#[derive(Debug)]
pub(super) struct Cache<T: Word> {
    /// `(key, answer)`; key 0 is an empty slot (a key always holds its cell count, at least 1).
    slots: Vec<(T, T)>,
}

/// A table of slots: `(key, answer)`.
type Slots<T> = Vec<(T, T)>;

/// A key or an answer: `u64` or `u128`.
pub(super) trait Word: Copy + Default + Eq + 'static {
    /// Its slot among `1 << SLOT_BITS`: Fibonacci hashing of its halves.
    fn slot(self) -> usize;

    /// The table a dropped cache of this type left on this thread.
    fn spare() -> &'static LocalKey<RefCell<Option<Slots<Self>>>>;
}

thread_local! {
    static SPARE_U64: RefCell<Option<Slots<u64>>> = const { RefCell::new(None) };
    static SPARE_U128: RefCell<Option<Slots<u128>>> = const { RefCell::new(None) };
}

impl Word for u64 {
    fn slot(self) -> usize {
        (self.wrapping_mul(0x9e37_79b9_7f4a_7c15) >> (64 - SLOT_BITS)) as usize
    }

    fn spare() -> &'static LocalKey<RefCell<Option<Slots<u64>>>> {
        &SPARE_U64
    }
}

impl Word for u128 {
    fn slot(self) -> usize {
        (self as u64 ^ (self >> 64) as u64).slot()
    }

    fn spare() -> &'static LocalKey<RefCell<Option<Slots<u128>>>> {
        &SPARE_U128
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

impl<T: Word> Default for Cache<T> {
    fn default() -> Self {
        Cache { slots: Vec::new() }
    }
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
            let spare = T::spare().try_with(|s| s.borrow_mut().take());
            self.slots = spare
                .ok()
                .flatten()
                .unwrap_or_else(|| vec![(T::default(), T::default()); 1 << SLOT_BITS]);
        }
        self.slots[key.slot()] = (key, answer);
    }
}

impl<T: Word> Drop for Cache<T> {
    fn drop(&mut self) {
        if !self.slots.is_empty() {
            let slots = std::mem::take(&mut self.slots);
            // During the thread's own teardown the table is simply freed.
            let _ = T::spare().try_with(|s| *s.borrow_mut() = Some(slots));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_dropped_caches_answers_serve_the_next_one_on_the_thread() {
        let (key, answer) = (sums_key(&[0, 1], &[0b11, 0b101], 3).unwrap(), 7u128);
        let mut first = Cache::default();
        assert_eq!(first.get(key), None);
        first.put(key, answer);
        assert_eq!(first.get(key), Some(answer));
        drop(first);
        let mut second = Cache::<u128>::default();
        // Nothing is taken before the first answer is stored; then the left table comes back.
        assert_eq!(second.get(key), None);
        second.put(sums_key(&[0], &[0b11], 1).unwrap(), 1);
        assert_eq!(second.get(key), Some(answer));
        // Another thread starts with a table of its own.
        std::thread::spawn(move || {
            let mut other = Cache::<u128>::default();
            other.put(sums_key(&[0], &[0b11], 1).unwrap(), 1);
            assert_eq!(other.get(key), None);
        })
        .join()
        .unwrap();
        // Keys of distinct groups tell exact narrowing from combinations, and fit values to 9.
        let open = [0, 1];
        let exact = distinct_key(&open, &[0b11, 0b110], 0b111, 4, true);
        assert_ne!(exact, distinct_key(&open, &[0b11, 0b110], 0b111, 4, false));
        assert_eq!(
            distinct_key(&open, &[0b11, 1 << 9], 0b11 | 1 << 9, 4, true),
            None
        );
    }
}
