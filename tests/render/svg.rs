//! SVGs parse as XML and hold what the drawing promises.
