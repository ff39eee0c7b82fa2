//! Fair thinking for people's help (hints and reviews) and other slow work people ask for (a
//! replay's GIF): how often one person may ask, a memo of what was worked out so that the same
//! question costs nothing the second time, and the limits in one place ([`AdviceLimits`], in
//! `Options`). People's help thinks on permits of its own (`AdviceLimits::thinkers`), apart
//! from the computer players': a queue of hints or replays never holds a computer move back,
//! and the queue itself is first come, first served.

use crate::session::{Millis, Rejection, UserId};
use std::collections::{HashMap, VecDeque};
use std::hash::Hash;
use std::sync::{Arc, Mutex};
use tokio::sync::OnceCell;

/// At most `most` in any `per_ms` milliseconds.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Rate {
    pub most: u32,
    pub per_ms: Millis,
}

/// Everything that bounds people's help from the expert.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AdviceLimits {
    /// Hints and reviews worked out at once, on permits apart from the computer players'
    /// (`Options::thinkers`).
    pub thinkers: usize,
    /// Hints one person may have worked out (a hint answered from the memo is free).
    pub hints: Rate,
    /// Reviews one person may have worked out.
    pub reviews: Rate,
    /// Replays one person may have drawn (`/replay`; one answered from the chat's kept GIFs is
    /// free).
    pub replays: Rate,
    /// The most one hint or one review thinks, on the service's clock, once it has a permit.
    pub cap_ms: Millis,
    /// Answers kept in each memo (hints, reviews), the oldest forgotten first.
    pub kept: usize,
}

impl Default for AdviceLimits {
    fn default() -> Self {
        let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
        AdviceLimits {
            thinkers: cores.saturating_sub(1).div_ceil(2).max(1),
            hints: Rate { most: 12, per_ms: 60_000 },
            reviews: Rate { most: 3, per_ms: 60_000 },
            replays: Rate { most: 3, per_ms: 60_000 },
            cap_ms: 2_000,
            kept: 1024,
        }
    }
}

/// Which kind of help a person asked for (each has its own rate).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub(super) enum Ask {
    Hint,
    Review,
    Replay,
}

/// When each person last had help worked out, per kind: a sliding window per person.
#[derive(Default)]
pub(super) struct Asked(Mutex<HashMap<(UserId, Ask), VecDeque<Millis>>>);

/// People remembered before the forgotten are swept out.
const ASKERS_KEPT: usize = 4096;

impl Asked {
    /// Counts one ask by `who` at `now` within `rate`, or refuses it with the seconds until
    /// the oldest ask in the window leaves it (nothing counted then).
    pub(super) fn take(
        &self,
        who: &UserId,
        ask: Ask,
        rate: Rate,
        now: Millis,
    ) -> Result<(), Rejection> {
        let mut all = self.0.lock().unwrap_or_else(|e| e.into_inner());
        let from = now.saturating_sub(rate.per_ms);
        if all.len() >= ASKERS_KEPT {
            all.retain(|_, times| times.back().is_some_and(|&t| t > from));
        }
        let times = all.entry((who.clone(), ask)).or_default();
        while times.front().is_some_and(|&t| t <= from) {
            times.pop_front();
        }
        if times.len() >= rate.most as usize {
            let free_at = times.front().map_or(now, |&t| t + rate.per_ms);
            let ms = (free_at - now).max(1);
            return Err(Rejection::AdviceLater { secs: (ms as u64).div_ceil(1000) as u32 });
        }
        times.push_back(now);
        Ok(())
    }
}

/// Answers worked out, by key: the second asker of a question being worked out waits for the
/// first's answer instead of thinking again. At most `kept` are kept, the oldest forgotten.
pub(super) struct Memo<K, V> {
    cells: Mutex<Cells<K, V>>,
    kept: usize,
}

/// Each key's cell, and the keys oldest first.
type Cells<K, V> = (HashMap<K, Arc<OnceCell<V>>>, VecDeque<K>);

impl<K: Clone + Eq + Hash, V> Memo<K, V> {
    pub(super) fn new(kept: usize) -> Memo<K, V> {
        Memo { cells: Mutex::default(), kept: kept.max(1) }
    }

    /// The cell of `key`: already filled, being filled, or new.
    pub(super) fn cell(&self, key: K) -> Arc<OnceCell<V>> {
        let mut guard = self.cells.lock().unwrap_or_else(|e| e.into_inner());
        let (map, order) = &mut *guard;
        if let Some(cell) = map.get(&key) {
            return cell.clone();
        }
        while map.len() >= self.kept {
            let Some(old) = order.pop_front() else { break };
            map.remove(&old);
        }
        let cell = Arc::new(OnceCell::new());
        map.insert(key.clone(), cell.clone());
        order.push_back(key);
        cell
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::session::Platform;

    #[test]
    fn a_rate_refuses_with_the_seconds_left_and_counts_nothing_refused() {
        let asked = Asked::default();
        let ann = UserId::new(Platform::Terminal, "ann");
        let bob = UserId::new(Platform::Terminal, "bob");
        let rate = Rate { most: 2, per_ms: 10_000 };
        assert!(asked.take(&ann, Ask::Hint, rate, 1_000).is_ok());
        assert!(asked.take(&ann, Ask::Hint, rate, 2_000).is_ok());
        // The first leaves the window at 11,000: 9.5 s from 1,500 is 10 s rounded up.
        assert_eq!(
            asked.take(&ann, Ask::Hint, rate, 1_500),
            Err(Rejection::AdviceLater { secs: 10 })
        );
        assert_eq!(
            asked.take(&ann, Ask::Hint, rate, 10_999),
            Err(Rejection::AdviceLater { secs: 1 })
        );
        // Another person, and another kind, have windows of their own.
        assert!(asked.take(&bob, Ask::Hint, rate, 3_000).is_ok());
        assert!(asked.take(&ann, Ask::Review, rate, 3_000).is_ok());
        // Refusals were not counted: once the first leaves, one more fits, then none.
        assert!(asked.take(&ann, Ask::Hint, rate, 11_000).is_ok());
        assert_eq!(
            asked.take(&ann, Ask::Hint, rate, 11_000),
            Err(Rejection::AdviceLater { secs: 1 })
        );
    }

    #[test]
    fn a_memo_gives_the_same_cell_and_forgets_the_oldest() {
        let memo: Memo<u32, u32> = Memo::new(2);
        let a = memo.cell(1);
        assert!(a.set(10).is_ok());
        assert_eq!(memo.cell(1).get(), Some(&10));
        memo.cell(2);
        memo.cell(3);
        assert_eq!(memo.cell(1).get(), None, "the oldest was forgotten");
    }
}
