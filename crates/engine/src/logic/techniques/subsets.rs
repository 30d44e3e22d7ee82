//! Subsets: `n` squares of a unit that hold only `n` digits between them (naked), or `n` digits of a
//! unit that can only go in the same `n` squares (hidden), for `n` of two to four. Either way those
//! digits fill those squares: a naked subset's digits leave the rest of every unit its squares share,
//! and a hidden subset's squares lose every other digit.
//!
//! The scope is HoDoKu's: boxes are scanned first, then rows, then columns, and subsets are chosen in
//! the order of their squares (naked) or digits (hidden). A naked pair or triple whose squares share a
//! box and a row or column and that clears both (outside the box for the line) is a locked pair or
//! triple, and only that; the naked finders skip it. The classic cases of
//! the one logic layer's subsets.

#[cfg(test)]
mod tests;
