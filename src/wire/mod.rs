//! The JSON the service writes that the command line prints too: grids in the requested format and
//! puzzles made from seeds. Below both the HTTP layer and the CLI, so that neither imports the other;
//! nothing here knows HTTP.

pub mod grid;
pub mod random;
