//! Fish: one digit seen line by line. When the digit's places in N rows (the base) lie within N
//! columns (the cover), each of those columns gets its one copy of the digit from the base rows, so
//! the digit can be removed from the rest of the columns; the same holds with columns as base and
//! rows as cover. X-wing, swordfish and jellyfish are the sizes 2, 3 and 4.
//!
//! A finned fish has extra places of the digit in the base (fins) outside the cover, all in one box:
//! either a fin holds the digit, or the fish does, so a cover square that also sees every fin (one in
//! the fin's box) loses the digit. As HoDoKu does, a finned fish is called sashimi when a base line
//! keeps at most one place inside the cover, so that without its fin the fish would be degenerate.
//!
//! The classic cases of the one logic layer's fish (on other shapes the fins share a box or any
//! other unit that is not a line).

#[cfg(test)]
mod tests;
