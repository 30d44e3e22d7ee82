//! Books: pages counted and sized by poppler, numbers and levels as text, solutions at the back,
//! reproducible bytes, grids always whole on their page, and the errors a recipe can meet.

use std::time::Instant;

use super::pdf::{info, run, save, tools};
use super::samples;
use sudoku_service::engine::general::logic::ShapeLogic;
use sudoku_service::engine::general::Symmetry;
use sudoku_service::engine::logic::Difficulty;
use sudoku_service::engine::shape::Rules;
use sudoku_service::render::book::{self, BookEntry, BookError, BookOptions, Recipe};
use sudoku_service::render::layout::Item;
use sudoku_service::render::Paper;

fn recipe(count: usize, seed: u64) -> Recipe {
    Recipe {
        count,
        rules: Rules::classic(),
        jigsaw: false,
        killer: false,
        symmetry: Symmetry::None,
        difficulty: Some(Difficulty::Medium),
        seed,
    }
}

fn options(per_page: usize, paper: Paper) -> BookOptions {
    BookOptions {
        per_page,
        paper,
        solutions: true,
        title: None,
    }
}

fn entries(recipe: &Recipe) -> Vec<BookEntry> {
    book::generate(recipe, None, None, &mut |_| {}).unwrap()
}

#[test]
fn a_medium_book_has_its_pages_numbers_and_solutions() {
    let made = entries(&recipe(10, 1));
    assert!(made.iter().all(|e| e.level == Some(Difficulty::Medium)));
    let bytes = book::to_pdf(&made, &options(4, Paper::A4), "Sudoku book");
    if !tools() {
        return;
    }
    let file = save("book-a4.pdf", &bytes);
    // Ten puzzles four to a page: three pages; ten solutions twelve to a page: one.
    assert_eq!(info(&file, "Pages"), "4");
    assert!(info(&file, "Page size").starts_with("595.28 x 841.89 pts (A4)"));
    assert_eq!(info(&file, "Title"), "Sudoku book");
    let first = run(
        "pdftotext",
        &["-f", "1", "-l", "1", file.to_str().unwrap(), "-"],
    );
    for n in 1..=4 {
        assert!(first.contains(&format!("#{n} · medium")), "{first}");
    }
    assert!(!first.contains("#5"));
    let last = run(
        "pdftotext",
        &["-f", "4", "-l", "4", file.to_str().unwrap(), "-"],
    );
    assert!(last.contains("Solutions") && last.contains("#10"), "{last}");
    let stem = file.with_extension("");
    run(
        "pdftoppm",
        &[
            "-png",
            "-r",
            "30",
            "-f",
            "1",
            "-l",
            "1",
            "-singlefile",
            file.to_str().unwrap(),
            stem.to_str().unwrap(),
        ],
    );
}

#[test]
fn letter_paper_and_a_title_page() {
    let made = entries(&recipe(2, 9));
    let mut opts = options(1, Paper::Letter);
    opts.title = Some("Twelve Nights".into());
    opts.solutions = false;
    let pages = book::pages(&made, &opts);
    assert_eq!(pages.len(), 3, "a title page and one puzzle a page");
    if !tools() {
        return;
    }
    let file = save(
        "book-letter.pdf",
        &book::to_pdf(&made, &opts, "Twelve Nights"),
    );
    assert_eq!(info(&file, "Pages"), "3");
    assert!(info(&file, "Page size").starts_with("612 x 792 pts (letter)"));
    let title = run(
        "pdftotext",
        &["-f", "1", "-l", "1", file.to_str().unwrap(), "-"],
    );
    assert!(
        title.contains("Twelve Nights") && title.contains("2 puzzles"),
        "{title}"
    );
}

#[test]
fn grids_never_leave_their_page() {
    let made = entries(&recipe(7, 3));
    for per_page in book::PER_PAGE {
        for paper in [Paper::A4, Paper::Letter] {
            let pages = book::pages(&made, &options(per_page, paper));
            let puzzles = 7usize.div_ceil(per_page);
            assert_eq!(pages.len(), puzzles + 1, "{per_page} {paper:?}");
            for (i, page) in pages.iter().enumerate() {
                let cells = page
                    .items
                    .iter()
                    .filter(|it| matches!(it, Item::Cell { .. }))
                    .count();
                // Whole grids only: a multiple of 81 cells, at most per_page grids on puzzle pages.
                assert_eq!(cells % 81, 0);
                if i < puzzles {
                    assert!(cells <= per_page * 81);
                }
                for item in &page.items {
                    if let Item::Cell { x, y, size, .. } = item {
                        assert!(*x >= 42.0 && x + size <= page.width - 42.0, "{x}");
                        assert!(*y >= 42.0 && y + size <= page.height - 42.0, "{y}");
                    }
                }
            }
        }
    }
}

#[test]
fn a_book_is_reproducible_from_its_seed() {
    let opts = options(6, Paper::A4);
    let a = book::to_pdf(&entries(&recipe(6, 42)), &opts, "t");
    let b = book::to_pdf(&entries(&recipe(6, 42)), &opts, "t");
    let c = book::to_pdf(&entries(&recipe(6, 43)), &opts, "t");
    assert_eq!(a, b);
    assert_ne!(a, c);
}

#[test]
fn shaped_books_and_books_from_a_list() {
    let recipe = Recipe {
        count: 2,
        rules: Rules {
            size: Some(6),
            ..Rules::default()
        },
        jigsaw: true,
        killer: false,
        symmetry: Symmetry::Rotational,
        difficulty: None,
        seed: 5,
    };
    let made = entries(&recipe);
    assert!(made
        .iter()
        .all(|e| e.shape.is_jigsaw() && e.shape.size() == 6));
    // A list: entries from anywhere, here the killer sample's shape and givens.
    let killer = samples::killer();
    let listed = vec![BookEntry {
        shape: killer.shape.clone(),
        puzzle: killer.puzzle.clone(),
        solution: samples::solution("classic"),
        level: None,
    }];
    assert_eq!(book::pages(&listed, &options(2, Paper::A4)).len(), 2);
}

#[test]
fn books_of_other_shapes_are_made_at_the_level_asked_for() {
    let mut shaped = recipe(2, 1);
    shaped.rules = Rules {
        size: Some(6),
        ..Rules::default()
    };
    shaped.difficulty = Some(Difficulty::Easy);
    let entries = book::generate(&shaped, None, None, &mut |_| {}).unwrap();
    assert_eq!(entries.len(), 2);
    for entry in &entries {
        assert_eq!(entry.level, Some(Difficulty::Easy));
        let grade = ShapeLogic::new()
            .grade(&entry.shape, &entry.puzzle)
            .unwrap();
        assert_eq!(grade.difficulty, Difficulty::Easy);
        assert!(entry.solution.solves(&entry.shape, &entry.puzzle));
    }
    let again = book::generate(&shaped, None, None, &mut |_| {}).unwrap();
    assert_eq!(
        again[1].puzzle, entries[1].puzzle,
        "reproducible from its seed"
    );
}

#[test]
fn recipes_that_cannot_be_made_say_why() {
    let mut shaped = recipe(2, 1);
    shaped.rules = Rules {
        size: Some(4),
        ..Rules::default()
    };
    shaped.difficulty = Some(Difficulty::Hard);
    let refused = book::generate(&shaped, None, None, &mut |_| {});
    assert!(
        matches!(
            refused,
            Err(BookError::LevelOutOfReach {
                level: Difficulty::Hard,
                ..
            })
        ),
        "{refused:?}"
    );
    let mut bad = recipe(2, 1);
    bad.rules = Rules {
        size: Some(7),
        box_shape: Some([2, 3]),
        ..Rules::default()
    };
    assert!(matches!(
        book::generate(&bad, None, None, &mut |_| {}),
        Err(BookError::Shape(_))
    ));
    let late = book::generate(&recipe(3, 1), Some(Instant::now()), None, &mut |_| {});
    assert!(matches!(late, Err(BookError::Stopped(_, 0))));
}

#[test]
fn progress_counts_every_puzzle() {
    let mut seen = Vec::new();
    book::generate(&recipe(3, 1), None, None, &mut |k| seen.push(k)).unwrap();
    assert_eq!(seen, vec![1, 2, 3]);
}

/// `sudoku book --variant killer` and `GET /book?variant=killer` used to make classic puzzles with no
/// cages: a killer book's puzzles have cages, covering the grid, that their solutions obey.
#[test]
fn a_killer_book_is_made_of_killers_whose_solutions_obey_their_cages() {
    let killers = Recipe {
        killer: true,
        difficulty: None,
        ..recipe(2, 5)
    };
    let made = entries(&killers);
    let bytes = book::to_pdf(&made, &options(4, Paper::A4), "Killers");
    if tools() {
        let file = save("book-killer.pdf", &bytes);
        let text = run(
            "pdftotext",
            &["-f", "1", "-l", "1", file.to_str().unwrap(), "-"],
        );
        assert!(
            text.contains("#1 · 9x9 (3x3 boxes) killer"),
            "each caption names the variant: {text}"
        );
    }
    for entry in made {
        let cages = entry.shape.cages();
        assert!(!cages.is_empty(), "a killer has cages");
        let covered: usize = cages.iter().map(|c| c.cells.len()).sum();
        assert_eq!(covered, 81, "the cages cover the grid");
        for cage in cages {
            let values: Vec<u8> = cage
                .cells
                .iter()
                .map(|&c| entry.solution.get(usize::from(c)))
                .collect();
            let sum: u32 = values.iter().map(|&v| u32::from(v)).sum();
            assert_eq!(sum, cage.sum, "{cage:?}");
            let mut distinct = values.clone();
            distinct.sort_unstable();
            distinct.dedup();
            assert_eq!(distinct.len(), values.len(), "no repeat in {cage:?}");
        }
    }
}
