//! What the bot has under way that no Bot API call shows: updates read and not yet handled
//! (from the moment they are read to the end of their handling, a lane's wait included), and
//! what the service did by itself being shown. With the outbox's own state ([`Outbox::idle`])
//! this is how [`crate::Status::idle`] knows the bot has nothing left to do: a clean stop and
//! the tests' fakes ask it, rather than guessing from a spell of silence.
//!
//! [`Outbox::idle`]: crate::outbox::Outbox::idle

use std::sync::Arc;
use std::sync::atomic::{AtomicI64, Ordering};

/// Counts of work under way; clones share them.
#[derive(Clone, Default)]
pub(crate) struct Work(Arc<Counts>);

#[derive(Default)]
struct Counts {
    updates: AtomicI64,
    shows: AtomicI64,
}

/// One piece of work under way, done when dropped.
pub(crate) struct Busy {
    work: Work,
    update: bool,
}

impl Work {
    /// An update was read (its handling is owed: [`Work::handling`] takes it over).
    pub(crate) fn read(&self) {
        self.0.updates.fetch_add(1, Ordering::SeqCst);
    }

    /// The handling of one update read: done when the guard is dropped, however it ends.
    pub(crate) fn handling(&self) -> Busy {
        Busy { work: self.clone(), update: true }
    }

    /// Showing what the service did by itself (a timer, a computer's move, the league).
    pub(crate) fn showing(&self) -> Busy {
        self.0.shows.fetch_add(1, Ordering::SeqCst);
        Busy { work: self.clone(), update: false }
    }

    /// Nothing read is unhandled and nothing is being shown.
    pub(crate) fn idle(&self) -> bool {
        self.0.updates.load(Ordering::SeqCst) <= 0 && self.0.shows.load(Ordering::SeqCst) <= 0
    }
}

impl Drop for Busy {
    fn drop(&mut self) {
        let count = if self.update { &self.work.0.updates } else { &self.work.0.shows };
        count.fetch_sub(1, Ordering::SeqCst);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn work_is_idle_once_every_update_read_is_handled_and_every_show_done() {
        let work = Work::default();
        assert!(work.idle());
        work.read();
        work.read();
        assert!(!work.idle(), "two updates read, none handled");
        let first = work.handling();
        drop(first);
        assert!(!work.idle(), "one left");
        let show = work.showing();
        drop(work.handling());
        assert!(!work.idle(), "a show under way");
        drop(show);
        assert!(work.idle());
    }
}
