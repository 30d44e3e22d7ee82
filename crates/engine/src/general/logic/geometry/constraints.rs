//! What the constraint finders need of a shape with constraints, worked out once per puzzle: the
//! relations between two cells.

use crate::shape::constraints::{pair_rules, PairRule, Relation};
use crate::shape::Shape;

/// What the constraint finders need of a shape, worked out once per puzzle.
#[derive(Clone, Debug)]
pub struct ConstraintGeometry {
    /// Every relation between two cells but a thermometer's steps (which `thermo` reads whole).
    pub(in crate::general::logic) pairs: Vec<PairRule>,
}

impl ConstraintGeometry {
    /// The constraint geometry of `shape`; `None` when it has no rule beyond units and peers.
    pub fn new(shape: &Shape) -> Option<ConstraintGeometry> {
        if !shape.has_constraints() {
            return None;
        }
        let pairs = pair_rules(shape)
            .into_iter()
            .filter(|p| p.relation != Relation::Less)
            .collect();
        Some(ConstraintGeometry { pairs })
    }
}
