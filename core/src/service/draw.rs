//! Slow drawing people ask for (a replay's GIF, up to seconds of CPU for a large set): held to
//! the person's own rate (`AdviceLimits::replays`), then done on a background thread
//! (`background`, below the presses' priority) with one of people's thinking permits, the
//! hints' and reviews' (`AdviceLimits::thinkers`), never the computer players'. So a burst of replays queues behind people's help and can neither take
//! the cores a table's computer moves and presses need nor hold any table's lock. What is drawn
//! is kept by the caller (`chat::league::replays`): only a drawing not kept comes here.

use super::fair::Ask;
use super::{Service, ServiceError};
use crate::session::{Rejection, UserId};
use crate::store::Store;
use std::sync::atomic::Ordering;

impl<S: Store> Service<S> {
    /// Runs `work` for `person`: refused with `Rejection::AdviceLater` (the seconds until they
    /// may ask again; nothing counted, nothing run) past their rate of replays, else counted,
    /// and run on a background thread once one of people's thinking permits is free.
    pub async fn draw_for<T: Send + 'static>(
        &self,
        person: &UserId,
        work: impl FnOnce() -> T + Send + 'static,
    ) -> Result<T, ServiceError> {
        let rate = self.options.advice_limits.replays;
        self.asked.take(person, Ask::Replay, rate, self.now())?;
        let permit = self.advise.clone().acquire_owned().await.map_err(|_| Rejection::NotDue)?;
        self.drawings.fetch_add(1, Ordering::SeqCst);
        self.background
            .run(move || {
                let _permit = permit;
                work()
            })
            .await
            .map_err(|e| {
                tracing::error!(error = %e, "a drawing failed");
                ServiceError::Rejected(Rejection::NotDue)
            })
    }

    /// Drawings started through [`Service::draw_for`] so far (those its callers kept are not
    /// drawn again, and not counted).
    pub fn drawings(&self) -> u64 {
        self.drawings.load(Ordering::SeqCst)
    }
}
