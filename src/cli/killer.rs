//! The compact killer form on the command line: `--cages` gives one cage id per cell (N*N
//! non-whitespace characters, row-major; whitespace is ignored, so rows may be spaced), `--sums`
//! the cages' sums, comma-separated, in the order each cage's first cell appears in row-major order.
//! Cells with the same id form one cage; every cell belongs to some cage.

use crate::engine::shape::CageRule;

/// The cages of the compact form on an N x N grid (`size`), or why the flags make none.
pub fn compact_cages(size: usize, ids: &str, sums: &str) -> Result<Vec<CageRule>, String> {
    let ids: Vec<char> = ids.chars().filter(|c| !c.is_whitespace()).collect();
    if ids.len() != size * size {
        return Err(format!(
            "--cages: expected {} cage ids (one per cell of a {size}x{size} grid), found {}",
            size * size,
            ids.len()
        ));
    }
    let mut order: Vec<char> = Vec::new();
    for &id in &ids {
        if !order.contains(&id) {
            order.push(id);
        }
    }
    let sums: Vec<u32> = sums
        .split(',')
        .map(|s| {
            s.trim().parse().map_err(|_| {
                format!("--sums: {s:?} is not a sum; expected whole numbers, comma-separated")
            })
        })
        .collect::<Result<_, _>>()?;
    if sums.len() != order.len() {
        return Err(format!(
            "--sums: expected {} sums (one per cage id, in order of first appearance: {}), found {}",
            order.len(),
            order.iter().collect::<String>(),
            sums.len()
        ));
    }
    let name = |i: usize| format!("{}{}", char::from(b'A' + (i / size) as u8), i % size + 1);
    Ok(order
        .iter()
        .zip(sums)
        .map(|(&id, sum)| CageRule {
            sum,
            cells: (0..ids.len()).filter(|&i| ids[i] == id).map(name).collect(),
        })
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_make_cages_in_order_of_first_appearance() {
        let err = compact_cages(4, "aabb cdde cffg hiig", "3,7,5,5,2,5,4,4").unwrap_err();
        assert!(err.starts_with("--sums: expected 9 sums"), "{err}");
        let cages = compact_cages(4, "aabb cdde cffg hiig", "3,7,5,5,2,5,4,4,5").unwrap();
        assert_eq!(cages.len(), 9);
        assert_eq!(cages[0].cells, ["A1", "A2"]);
        assert_eq!(cages[2].cells, ["B1", "C1"]);
        assert_eq!(cages[6].cells, ["C4", "D4"]);
        assert_eq!(cages[6].sum, 4);
        assert!(compact_cages(4, "aabb", "3")
            .unwrap_err()
            .contains("expected 16 cage ids"));
        assert!(compact_cages(4, &"a".repeat(16), "x")
            .unwrap_err()
            .contains("not a sum"));
    }
}
