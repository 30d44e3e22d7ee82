//! Plain-English lists, joined the way people write them ("A2, B2 and H2", "D2 or F2"), and the
//! words every layer uses for a player's grid that changes a given. Shared by the logic of every
//! shape and the layers above.

use std::fmt::Display;

/// `a`, `a and b`, `a, b and c`.
pub fn and_list<T: Display>(items: impl IntoIterator<Item = T>) -> String {
    join(items, "and")
}

/// `a`, `a or b`, `a, b or c`.
pub fn or_list<T: Display>(items: impl IntoIterator<Item = T>) -> String {
    join(items, "or")
}

/// Why a player's grid is refused: it changes one of the puzzle's givens. The API's
/// `progress_mismatch` problem and the command line say it in these words.
pub fn progress_mismatch(given: impl Display, square: impl Display, found: impl Display) -> String {
    format!(
        "progress changes the given {given} at {square} to {found}; progress must keep every given"
    )
}

fn join<T: Display>(items: impl IntoIterator<Item = T>, last: &str) -> String {
    let items: Vec<String> = items.into_iter().map(|i| i.to_string()).collect();
    match items.as_slice() {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., final_item] => format!("{} {last} {final_item}", rest.join(", ")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lists_read_like_english() {
        assert_eq!(and_list(["A2"]), "A2");
        assert_eq!(or_list(["D2", "F2"]), "D2 or F2");
        assert_eq!(and_list(["A2", "B2", "H2"]), "A2, B2 and H2");
        assert_eq!(and_list(Vec::<String>::new()), "");
    }
}
