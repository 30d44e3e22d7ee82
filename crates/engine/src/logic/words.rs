//! Plain-English pieces the explanations share: lists of squares and digits joined the way people
//! write them ("A2, B2 and H2", "D2 or F2").

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

/// The eliminations as people read them: `7 from A2 and H2` when one digit goes, else `7 from A2, 5
/// from H2`.
pub fn removals(eliminations: &[super::step::Candidate]) -> String {
    let first = match eliminations.first() {
        Some(c) => c.digit,
        None => return String::new(),
    };
    if eliminations.iter().all(|c| c.digit == first) {
        return format!(
            "{first} from {}",
            and_list(eliminations.iter().map(|c| c.square))
        );
    }
    and_list(
        eliminations
            .iter()
            .map(|c| format!("{} from {}", c.digit, c.square)),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::logic::step::Candidate;
    use crate::Digit;

    #[test]
    fn lists_read_like_english() {
        assert_eq!(and_list(["A2"]), "A2");
        assert_eq!(or_list(["D2", "F2"]), "D2 or F2");
        assert_eq!(and_list(["A2", "B2", "H2"]), "A2, B2 and H2");
        assert_eq!(and_list(Vec::<String>::new()), "");
    }

    #[test]
    fn removals_group_one_digit_and_name_each_otherwise() {
        let seven = Digit::new(7).unwrap();
        let five = Digit::new(5).unwrap();
        let a2 = "A2".parse().unwrap();
        let h2 = "H2".parse().unwrap();
        let same = [Candidate::new(a2, seven), Candidate::new(h2, seven)];
        assert_eq!(removals(&same), "7 from A2 and H2");
        let mixed = [Candidate::new(a2, seven), Candidate::new(h2, five)];
        assert_eq!(removals(&mixed), "7 from A2 and 5 from H2");
    }
}
