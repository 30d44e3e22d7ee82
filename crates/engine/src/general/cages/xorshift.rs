//! The cage tests' random cases: a xorshift generator, so every run draws the same cases with no
//! crate for it.

/// Numbers below each bound asked for, from the xorshift sequence that starts at `seed` (not 0).
pub(super) fn below_from(seed: u64) -> impl FnMut(u64) -> u64 {
    let mut state = seed;
    move |below| {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state % below
    }
}
