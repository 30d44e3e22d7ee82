use std::time::Instant;
use sudoku_service::engine::*;
fn main() {
    for f in std::env::args().skip(1) {
        let text = std::fs::read_to_string(&f).unwrap();
        let grids: Vec<Grid> = text
            .lines()
            .filter(|l| !l.starts_with('#') && l.len() >= 81)
            .map(|l| Grid::parse(&l[..81]).unwrap())
            .collect();
        let t = Instant::now();
        let mut nodes = 0;
        let mut bad = 0;
        for g in &grids {
            let o = Solver::new().solve(g).unwrap();
            nodes += o.stats.nodes;
            if o.verdict != Verdict::Unique {
                bad += 1
            }
        }
        let el = t.elapsed();
        let t2 = Instant::now();
        for g in &grids {
            let s = sudoku::Sudoku::from_bytes(g.values()).unwrap();
            std::hint::black_box(s.solution());
        }
        let el2 = t2.elapsed();
        println!("{f}: {} puzzles, ours {:.2} us/puzzle, sudoku crate {:.2} us/puzzle, ratio {:.2}, nodes/puzzle {:.1}, non-unique {bad}", grids.len(), el.as_secs_f64()*1e6/grids.len() as f64, el2.as_secs_f64()*1e6/grids.len() as f64, el.as_secs_f64()/el2.as_secs_f64(), nodes as f64/grids.len() as f64);
    }
}
