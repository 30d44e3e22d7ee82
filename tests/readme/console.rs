//! The command-line examples: every `$ sudoku` line of a `console` block, run as a process.

use super::*;

/// Every `$ sudoku …` line in the `console` blocks of every page in `PAGES`, with the output shown
/// under it (lines without trailing spaces, trailing blank lines dropped).
fn console_examples() -> Vec<(String, Vec<String>)> {
    PAGES
        .iter()
        .flat_map(|page| console_examples_of(&read(page)))
        .collect()
}

/// The `$ sudoku …` lines of one page's `console` blocks, with the output shown under each.
pub(crate) fn console_examples_of(text: &str) -> Vec<(String, Vec<String>)> {
    let mut examples: Vec<(String, Vec<String>)> = Vec::new();
    let mut in_console = false;
    for line in text.lines() {
        match (in_console, line.trim_end()) {
            (false, "```console") => in_console = true,
            (false, _) => {}
            (true, "```") => in_console = false,
            (true, text) => match text.strip_prefix("$ ") {
                Some(command) => examples.push((command.to_string(), Vec::new())),
                None => examples
                    .last_mut()
                    .expect("a console block starts with a command")
                    .1
                    .push(text.to_string()),
            },
        }
    }
    for (_, shown) in &mut examples {
        trim_trailing_blank_lines(shown);
    }
    examples
}

fn trim_trailing_blank_lines(lines: &mut Vec<String>) {
    while lines.last().is_some_and(|l| l.is_empty()) {
        lines.pop();
    }
}

#[test]
fn command_line_examples_print_what_the_pages_show() {
    let examples = console_examples();
    assert!(examples.len() >= 9, "found only {examples:?}");
    for (command, shown) in examples {
        let words: Vec<&str> = command.split_whitespace().collect();
        assert_eq!(words[0], "sudoku", "{command}");
        let (args, stdin) = match words.iter().position(|&w| w == "<") {
            Some(at) => {
                let file = format!("{}/{}", env!("CARGO_MANIFEST_DIR"), words[at + 1]);
                (&words[1..at], std::fs::read_to_string(file).unwrap())
            }
            None => (&words[1..], String::new()),
        };
        let out = sudoku(args, &stdin);
        // 2 is bad input: only an example showing error lines (or records) may exit with it.
        let shows_errors = stdout(&out)
            .iter()
            .any(|l| l.starts_with("error: ") || l.contains("\"error\":{"));
        assert!(
            matches!(out.status.code(), Some(0 | 1))
                || (shows_errors && out.status.code() == Some(2)),
            "{command}: {}",
            stderr(&out)
        );
        let mut printed: Vec<String> = stdout(&out)
            .iter()
            .map(|l| l.trim_end().to_string())
            .collect();
        trim_trailing_blank_lines(&mut printed);
        assert_eq!(printed, shown, "{command}");
    }
}
