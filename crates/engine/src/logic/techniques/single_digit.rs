//! Single-digit patterns: short chains of conjugate pairs on one digit (skyscraper, 2-string kite,
//! turbot fish) and the empty rectangle, with the scope HoDoKu gives each.
//!
//! A conjugate pair (a strong link) is a unit where the digit has exactly two places: one of them
//! holds it. Two conjugate pairs whose inner ends see each other force one of the outer ends to hold
//! the digit, so any square that sees both outer ends loses it. Which shape earns which name follows
//! HoDoKu: a skyscraper joins two row (or two column) pairs through a column (row), a kite joins a row
//! pair and a column pair through a box, and the turbot fish is every other such chain of four squares.
//! The classic cases of the one logic layer's four.

#[cfg(test)]
mod tests;
