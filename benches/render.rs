//! Drawing's speed: the book (100 classic puzzles at `medium`, four to an A4 page, with the
//! solutions at the back), generation included, and one puzzle drawn as SVG and as PDF.
//! Before the criterion groups the book is timed once end to end and its size printed.
//! Run: `cargo bench --bench render`.

use std::hint::black_box;
use std::time::{Duration, Instant};

use criterion::{criterion_main, Criterion};
use sudoku_service::engine::general::Symmetry;
use sudoku_service::engine::logic::Difficulty;
use sudoku_service::engine::shape::Rules;
use sudoku_service::render::book::{self, BookOptions, Recipe};
use sudoku_service::render::{self, Paper, Sheet};

fn recipe(seed: u64) -> Recipe {
    Recipe {
        count: 100,
        rules: Rules::classic(),
        jigsaw: false,
        killer: false,
        symmetry: Symmetry::None,
        difficulty: Some(Difficulty::Medium),
        seed,
    }
}

fn options() -> BookOptions {
    BookOptions {
        per_page: 4,
        paper: Paper::A4,
        solutions: true,
        title: Some("Sudoku".into()),
    }
}

/// The whole book from its seed: generation, layout and PDF.
fn make_book(seed: u64) -> Vec<u8> {
    let entries = book::generate(&recipe(seed), None, None, &mut |_| {}).expect("a book");
    book::to_pdf(&entries, &options(), "Sudoku")
}

fn benches() {
    let started = Instant::now();
    let bytes = make_book(1);
    println!(
        "book: 100 medium 9x9 puzzles with solutions, {} pages' worth, {} KiB, {:.0} ms end to end",
        100 / 4 + 100usize.div_ceil(12) + 1,
        bytes.len() / 1024,
        started.elapsed().as_secs_f64() * 1000.0
    );
    let mut c = Criterion::default()
        .configure_from_args()
        .sample_size(10)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(5));
    let mut group = c.benchmark_group("book");
    let mut seed = 0;
    group.bench_function("100 medium with solutions", |b| {
        b.iter(|| {
            seed += 1;
            black_box(make_book(seed))
        })
    });
    let entries = book::generate(&recipe(1), None, None, &mut |_| {}).expect("a book");
    group.bench_function("layout and PDF only", |b| {
        b.iter(|| black_box(book::to_pdf(&entries, &options(), "Sudoku")))
    });
    group.finish();
    let sheet = Sheet::new(entries[0].shape.clone(), entries[0].puzzle.clone());
    let mut group = c.benchmark_group("one puzzle");
    group.bench_function("svg", |b| b.iter(|| black_box(render::to_svg(&sheet))));
    group.bench_function("pdf", |b| b.iter(|| black_box(render::to_pdf(&sheet))));
    group.finish();
}

criterion_main!(benches);
