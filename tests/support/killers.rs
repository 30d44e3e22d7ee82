//! Killers the live suites send, built from the files in `puzzles/killer/`. Each suite includes
//! this file with `#[path]`.

use serde_json::{json, Value};

/// Mathemagic's first killer (`puzzles/killer/mathemagic.txt`) as a `/solve` body: seconds of
/// search, so under a short deadline it takes the whole deadline, and far past the light budget.
pub fn mathemagic_first() -> Value {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/puzzles/killer/mathemagic.txt"
    ))
    .unwrap();
    let line = text.lines().find(|l| !l.starts_with('#')).unwrap();
    let fields: Vec<&str> = line.split(" | ").collect();
    let (ids, sums) = (fields[1].as_bytes(), fields[2]);
    let mut order: Vec<u8> = Vec::new();
    for &id in ids {
        if !order.contains(&id) {
            order.push(id);
        }
    }
    let cages: Vec<Value> = order
        .iter()
        .zip(sums.split(','))
        .map(|(&id, sum)| {
            let cells: Vec<String> = (0..81)
                .filter(|&k| ids[k] == id)
                .map(|k| format!("{}{}", (b'A' + (k / 9) as u8) as char, k % 9 + 1))
                .collect();
            json!({ "sum": sum.parse::<u32>().unwrap(), "cells": cells })
        })
        .collect();
    json!({ "puzzle": ".".repeat(81), "rules": { "cages": cages } })
}
