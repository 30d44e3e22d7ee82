//! Books.
