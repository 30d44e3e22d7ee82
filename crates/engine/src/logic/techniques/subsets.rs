//! Subsets: `n` squares of a unit that hold only `n` digits between them (naked), or `n` digits of a
//! unit that can only go in the same `n` squares (hidden), for `n` of two to four. Either way those
//! digits fill those squares: a naked subset's digits leave the rest of every unit its squares share,
//! and a hidden subset's squares lose every other digit.
//!
//! The scope is HoDoKu's: boxes are scanned first, then rows, then columns, and subsets are chosen in
//! the order of their squares (naked) or digits (hidden). A naked pair or triple whose squares share a
//! box and a row or column and that clears both (outside the box for the line) is a locked pair or
//! triple, and only that; the naked finders skip it. Found by the general layer's subsets (the one
//! implementation, on every shape), borrowed here in their classic places.

use super::borrowed::borrow;
use super::Context;
use crate::general::logic::subsets;
use crate::logic::position::Position;
use crate::logic::step::Step;

/// A naked pair that shares a box and a row or column, clearing both.
pub fn locked_pair(position: &Position, _: &Context) -> Option<Step> {
    borrow(position, subsets::locked_pair)
}

/// A naked triple that shares a box and a row or column, clearing both.
pub fn locked_triple(position: &Position, _: &Context) -> Option<Step> {
    borrow(position, subsets::locked_triple)
}

/// Two squares of a unit holding only the same two digits.
pub fn naked_pair(position: &Position, _: &Context) -> Option<Step> {
    borrow(position, subsets::naked_pair)
}

/// Three squares of a unit holding only three digits between them.
pub fn naked_triple(position: &Position, _: &Context) -> Option<Step> {
    borrow(position, subsets::naked_triple)
}

/// Four squares of a unit holding only four digits between them.
pub fn naked_quad(position: &Position, _: &Context) -> Option<Step> {
    borrow(position, subsets::naked_quad)
}

/// Two digits of a unit that can only go in the same two squares.
pub fn hidden_pair(position: &Position, _: &Context) -> Option<Step> {
    borrow(position, subsets::hidden_pair)
}

/// Three digits of a unit that can only go in the same three squares.
pub fn hidden_triple(position: &Position, _: &Context) -> Option<Step> {
    borrow(position, subsets::hidden_triple)
}

/// Four digits of a unit that can only go in the same four squares.
pub fn hidden_quad(position: &Position, _: &Context) -> Option<Step> {
    borrow(position, subsets::hidden_quad)
}

#[cfg(test)]
mod tests;
