//! The classic layer's plain-English pieces: removals in classic squares and digits. The lists
//! every layer shares are in [`crate::prose`].

pub use crate::prose::{and_list, or_list, progress_mismatch};

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
