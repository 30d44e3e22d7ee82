//! The `sudoku` command.

fn main() {}
