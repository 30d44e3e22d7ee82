//! Constraints as data (issue 33): each constraint type checked against an independent brute-force
//! reading of its rule, the errors that name a constraint, the logic layer's soundness on them, and
//! 9x9 puzzles that need them.

mod agree;
mod errors;
mod logic;
mod make;
mod nine;
mod oracle;
mod published;
