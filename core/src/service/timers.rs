//! Timers: what is due on each active table — a challenge or a lobby that expires, a match
//! left waiting too long, a person out of time (a computer moves for them) — fired every
//! second by a supervised task that a panic cannot end; the chats' seasons and digests
//! that are due (`league`); and the tournaments' results, time and tables (`tournaments`).

use super::{Applied, Service, ServiceError};
use crate::session::{Action, Actor, Command};
use crate::store::Store;
use std::sync::Arc;
use std::time::Duration;

impl<S: Store> Service<S> {
    /// Runs everything that is due now; returns what the lifetimes closed (computer moves for
    /// people out of time are made by their tables' computer tasks, started here).
    pub async fn fire_due(&self) -> Vec<Applied> {
        if self.is_shared()
            && let Err(e) = self.sync().await
        {
            tracing::warn!(error = %e, "other processes' changes not read this round");
        }
        self.retry_aside().await;
        let lives = self.options.lives;
        let (robots, due) = self.due_work(self.tables_now());
        // With other processes on the store, only the work this one holds the lease of.
        let ids = robots.iter().map(|t| t.id).chain(due.iter().copied()).collect();
        let mine = self.claim(ids).await;
        for t in robots.iter().filter(|t| mine.contains(&t.id)) {
            self.kick(t);
        }
        let due: Vec<i64> = due.into_iter().filter(|id| mine.contains(id)).collect();
        let mut replies = Vec::new();
        for &id in &due {
            let cmd =
                Command { actor: Actor::System, action: Action::Tick { lives }, version: None };
            match self.handle(id, cmd).await {
                Ok(reply) => {
                    let _ = self.updates.send(reply.clone());
                    replies.push(reply);
                }
                Err(ServiceError::Rejected(_)) => {}
                Err(e) => tracing::warn!(table = id, error = %e, "timer failed"),
            }
        }
        self.release(&due).await;
        self.run_league().await;
        self.run_tournaments().await;
        replies
    }

    /// Fires the timers every `every` until the service is dropped. Each round runs in a task
    /// of its own: a panic in one is logged and the next round runs.
    pub async fn run_timers(self: Arc<Self>, every: Duration) {
        let me = Arc::downgrade(&self);
        drop(self);
        let mut tick = tokio::time::interval(every);
        tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        loop {
            tick.tick().await;
            let Some(s) = me.upgrade() else { return };
            if let Err(e) = tokio::spawn(async move { s.fire_due().await }).await {
                tracing::error!(error = %e, "timers failed this round; they go on");
            }
        }
    }
}
