//! A found chain as a step: its pattern and its words.

use super::*;

/// Sorted eliminations as people read them: one digit from several squares (`7 from A2 and H2`),
/// else grouped by the digits each square loses (`5 and 9 from E6; 7 from F2 and F3`).
pub(super) fn by_square(eliminations: &[Candidate]) -> String {
    if eliminations
        .iter()
        .all(|c| c.digit == eliminations[0].digit)
    {
        return removals(eliminations);
    }
    let mut per_square: Vec<(Square, Vec<Digit>)> = Vec::new();
    for c in eliminations {
        match per_square.last_mut() {
            Some((square, digits)) if *square == c.square => digits.push(c.digit),
            _ => per_square.push((c.square, vec![c.digit])),
        }
    }
    let mut groups: Vec<(Vec<Digit>, Vec<Square>)> = Vec::new();
    for (square, digits) in per_square {
        match groups.iter_mut().find(|(ds, _)| *ds == digits) {
            Some((_, squares)) => squares.push(square),
            None => groups.push((digits, vec![square])),
        }
    }
    groups
        .into_iter()
        .map(|(digits, squares)| format!("{} from {}", and_list(digits), and_list(squares)))
        .collect::<Vec<_>>()
        .join("; ")
}

/// The chain as people write it: `(4)B2 = (4)B7 - (4)E7 = (4)E3`.
pub(super) fn chain_text(chain: &[Candidate]) -> String {
    let mut text = String::new();
    for (i, c) in chain.iter().enumerate() {
        if i > 0 {
            text.push_str(if i % 2 == 1 { " = " } else { " - " });
        }
        text.push_str(&format!("({}){}", c.digit, c.square));
    }
    text
}

pub(super) fn pattern(links: &Links, chain: &[Candidate]) -> Pattern {
    let mut squares: Vec<Square> = Vec::new();
    let mut units: Vec<Unit> = Vec::new();
    let mut digits: Vec<Digit> = Vec::new();
    for c in chain {
        if !squares.contains(&c.square) {
            squares.push(c.square);
        }
        if !digits.contains(&c.digit) {
            digits.push(c.digit);
        }
    }
    for (i, pair) in chain.windows(2).enumerate() {
        let (a, b) = (pair[0], pair[1]);
        if a.square == b.square {
            continue;
        }
        if let Some(unit) = links.link_unit(a.square, b.square, a.digit, i % 2 == 0) {
            if !units.contains(&unit) {
                units.push(unit);
            }
        }
    }
    digits.sort();
    Pattern {
        squares,
        units,
        digits,
    }
}

pub(super) fn build(position: &Position, technique: Technique, found: Found) -> Step {
    let links = Links::new(position);
    let chain = &found.chain;
    let (first, last) = (chain[0], chain[chain.len() - 1]);
    let text = chain_text(chain);
    let mut eliminations = found.eliminations.clone();
    eliminations.sort();
    eliminations.dedup();
    let squares = and_list(eliminations.iter().map(|c| c.square));
    let reason = match found.conclusion {
        Conclusion::SameDigitEnds => format!(
            "Either {} or {} is {}, so {} can be removed from squares that see both: {squares}.",
            first.square, last.square, first.digit, first.digit
        ),
        Conclusion::CrossedEnds => format!(
            "Either {} is {} or {} is {}, and the two squares see each other, so {} can be \
             removed.",
            first.square,
            first.digit,
            last.square,
            last.digit,
            by_square(&eliminations)
        ),
        Conclusion::StartIsDigit => format!(
            "If {} were not {}, the loop would make it {}, so {} is {}.",
            first.square, first.digit, first.digit, first.square, first.digit
        ),
        Conclusion::StartIsNot(d) => format!(
            "If {} were {d}, it would not be {}, and the loop would then rule {d} out of {}; so \
             {d} can be removed from {}.",
            first.square, first.digit, first.square, first.square
        ),
        Conclusion::ContinuousLoop => format!(
            "The chain closes into a loop, so every weak link in it is also strong: exactly one end \
             of each holds. So {} can be removed.",
            by_square(&eliminations)
        ),
    };
    let explanation = format!("{text}. {reason}");
    let pattern = pattern(&links, chain);
    if let Some(p) = found.placements.first() {
        return Step::placement(technique, p.square, p.digit, pattern, explanation);
    }
    Step::elimination(technique, eliminations, pattern, explanation)
}
