//! What may stop work before it finishes: a deadline and a cancellation flag, checked the same way
//! by every search, logic walk and generator of the engine.

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

use crate::outcome::StopReason;

/// A deadline and a cancellation flag, either optional. Cheap to copy; checking it reads the flag
/// and, with a deadline, the clock, so hot loops check it every so many steps.
#[derive(Clone, Copy, Debug, Default)]
pub struct Interrupt<'a> {
    /// Stop once this instant has passed.
    pub deadline: Option<Instant>,
    /// Stop once this flag is raised.
    pub cancel: Option<&'a AtomicBool>,
}

impl<'a> Interrupt<'a> {
    /// Nothing stops the work.
    pub const NEVER: Interrupt<'static> = Interrupt {
        deadline: None,
        cancel: None,
    };

    /// Stop at `deadline` or once `cancel` is raised, whichever comes first: the work a server
    /// runs for a request.
    pub fn at(deadline: Instant, cancel: &'a AtomicBool) -> Interrupt<'a> {
        Interrupt {
            deadline: Some(deadline),
            cancel: Some(cancel),
        }
    }

    /// Why the work must stop now, if it must: a raised flag first, then a passed deadline.
    pub fn stopped(&self) -> Option<StopReason> {
        if self.cancel.is_some_and(|f| f.load(Ordering::Relaxed)) {
            return Some(StopReason::Cancelled);
        }
        if self.deadline.is_some_and(|d| Instant::now() >= d) {
            return Some(StopReason::Deadline);
        }
        None
    }

    /// Why work that has stopped stopped. A deadline once passed stays passed, so when nothing
    /// stops the work now, a flag raised then has been lowered since: the work was cancelled.
    pub fn reason(&self) -> StopReason {
        self.stopped().unwrap_or(StopReason::Cancelled)
    }

    /// `Err` with the reason once the work must stop.
    pub fn check(&self) -> Result<(), StopReason> {
        self.stopped().map_or(Ok(()), Err)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[test]
    fn a_raised_flag_stops_before_the_deadline_is_read() {
        let flag = AtomicBool::new(true);
        let past = Instant::now() - Duration::from_secs(1);
        let both = Interrupt {
            deadline: Some(past),
            cancel: Some(&flag),
        };
        assert_eq!(both.stopped(), Some(StopReason::Cancelled));
        flag.store(false, Ordering::Relaxed);
        assert_eq!(both.check(), Err(StopReason::Deadline));
    }

    #[test]
    fn work_stopped_by_a_flag_lowered_since_was_cancelled() {
        let flag = AtomicBool::new(true);
        let raised = Interrupt {
            deadline: None,
            cancel: Some(&flag),
        };
        assert_eq!(raised.reason(), StopReason::Cancelled);
        flag.store(false, Ordering::Relaxed);
        assert_eq!(raised.reason(), StopReason::Cancelled);
        let past = Instant::now() - Duration::from_secs(1);
        let timed = Interrupt {
            deadline: Some(past),
            cancel: Some(&flag),
        };
        assert_eq!(timed.reason(), StopReason::Deadline);
    }

    #[test]
    fn nothing_stops_work_with_no_deadline_and_no_flag_or_a_lowered_one() {
        let flag = AtomicBool::new(false);
        let later = Instant::now() + Duration::from_secs(60);
        assert_eq!(Interrupt::NEVER.check(), Ok(()));
        let set = Interrupt {
            deadline: Some(later),
            cancel: Some(&flag),
        };
        assert_eq!(set.stopped(), None);
    }
}
