//! Uniqueness: deductions that hold only because the puzzle has one solution. Unique rectangles (types
//! 1, 2 and 4) and hidden rectangles avoid a deadly pattern, four unsolved squares in two rows, two columns and two boxes
//! that could only hold the same two digits, which two solutions would swap; BUG+1 avoids a grid where
//! every unsolved square is bivalue and every digit has two places in each unit. The classic
//! cases of the one logic layer's finders.
//!
//! Every finder asked here stays off unless the context says the puzzle is unique. The scope follows
//! HoDoKu's: a rectangle starts from a bivalue square and takes four unsolved squares (never a given
//! or a placed digit, so swapping the two digits would give another valid grid), and a square belongs
//! to it when both digits are still allowed there by the placed digits, even if a step removed one of
//! them as a pencil mark.

#[cfg(test)]
mod tests;
