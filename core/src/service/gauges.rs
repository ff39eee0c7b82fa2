//! What the service measures for an operator, through the `metrics` facade (a no-op unless the
//! binary installs a recorder): store commit latency, matches finished, and what `domino run`'s
//! `/metrics` samples (thinking permits in use). The engine and the sessions measure nothing.

use super::Service;
use crate::store::Store;
use std::future::Future;
use std::time::Instant;

/// A commit, timed (`domino_store_commit_seconds`).
pub(super) async fn commit<T>(commit: impl Future<Output = T>) -> T {
    let started = Instant::now();
    let done = commit.await;
    metrics::histogram!("domino_store_commit_seconds").record(started.elapsed().as_secs_f64());
    done
}

/// A match was finished and scored (`domino_matches_finished_total`).
pub(super) fn match_finished() {
    metrics::counter!("domino_matches_finished_total").increment(1);
}

impl<S: Store> Service<S> {
    /// Computer players thinking now, and at most at once (`Options::thinkers`).
    pub fn thinking_permits(&self) -> (usize, usize) {
        let most = self.options.thinkers.max(1);
        (most.saturating_sub(self.think.available_permits()), most)
    }
}
