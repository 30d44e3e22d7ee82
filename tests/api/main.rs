//! The API's integration suite: the real router driven with `oneshot`, one file per resource, and a
//! few tests against a real server on a loopback port (`live`).

mod batch;
mod batch_clients;
mod before_router;
mod candidates;
mod connections;
mod constraints;
mod contract;
mod errors;
mod fairness;
mod fuzz_props;
mod golden;
mod golden_logic;
#[path = "../support/http.rs"]
mod harness;
mod health;
mod helpers;
mod hint_walks;
mod interchange;
mod killer;
mod killer_logic;
#[path = "../support/killers.rs"]
mod killers;
mod live;
mod logic;
mod overload;
mod playground;
mod puzzles;
mod random;
mod random_technique;
mod render;
mod schema_agreement;
mod shape_logic;
mod shape_random;
mod shapes;
mod solve;
mod validate;
mod wire;
