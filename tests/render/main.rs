//! The drawing: puzzles of every shape to SVG (parsed as XML, elements counted) and PDF (checked
//! with poppler's tools), golden SVG bytes for a few shapes, and books.

mod book;
mod constraints;
mod golden;
mod pdf;
mod samples;
mod svg;
