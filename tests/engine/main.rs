//! Integration tests of the engine through its public API: solutions checked by the rules, candidates
//! against an independent Norvig, symmetry properties, every error case, the solver's limits and
//! interruptions, and the generator's golden outputs.

mod brute;
mod constraints;
mod data;
mod errors;
mod general;
mod generator;
mod jigsaw_x;
mod killer;
mod killer_logic;
mod killer_steps;
mod logic;
mod norvig;
mod norvig_ref;
mod rules;
mod shape_chains;
mod shape_combos;
mod shape_fish;
mod shape_forcing;
mod shape_generation;
mod shape_logic;
mod shape_patterns;
mod shape_props;
mod shapes;
mod solver;
mod symmetry;
