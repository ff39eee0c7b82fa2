//! What an operator sees of the bot: a log line when a shard is ready ("Discord: shard 0/1,
//! 12 guilds"), loses its connection and regains it; [`Status`] for `domino run`'s `/readyz`;
//! the interactions in flight, which a stop lets finish; and the metrics (`metrics` facade, a
//! no-op unless the binary installs a recorder): interactions by kind, answer latency, rate
//! limits met.

use crate::bot::Bot;
use serenity::gateway::ConnectionStage;
use serenity::gateway::ShardStageUpdateEvent;
use serenity::model::gateway::Ready;
use std::collections::BTreeMap;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, Weak};
use std::time::{Duration, Instant};

/// The gateway shards of a running bot, connected or not, and whether it is idle. Cheap to
/// clone: clones share it.
#[derive(Clone, Default)]
pub struct Status(Arc<Inner>);

#[derive(Default)]
struct Inner {
    shards: Mutex<BTreeMap<u32, bool>>,
    /// The running bot (not kept alive by its status).
    bot: Mutex<Option<Weak<Bot>>>,
}

impl std::fmt::Debug for Status {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Status").field("connected", &self.connected()).finish()
    }
}

impl Status {
    fn shards(&self) -> std::sync::MutexGuard<'_, BTreeMap<u32, bool>> {
        self.0.shards.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// The bot has nothing left to do of its own accord: no interaction is being handled,
    /// nothing the service did by itself is being shown, no table message has an edit under
    /// way or wanted, and no computer is thinking (a deferred turn ping may wait for its
    /// time). A bot that is gone is idle; one not started yet is not. This is the bot's own
    /// state, not a guess from silence: the fake's `quiet` asks it.
    pub fn idle(&self) -> bool {
        let bot = self.0.bot.lock().unwrap_or_else(|e| e.into_inner()).clone();
        bot.is_some_and(|bot| bot.upgrade().is_none_or(|bot| bot.idle()))
    }

    pub(crate) fn watch(&self, bot: &Arc<Bot>) {
        *self.0.bot.lock().unwrap_or_else(|e| e.into_inner()) = Some(Arc::downgrade(bot));
    }

    /// Every shard of this process has been ready and is connected now.
    pub fn connected(&self) -> bool {
        let shards = self.shards();
        !shards.is_empty() && shards.values().all(|&up| up)
    }

    /// READY on a shard: connected, with the guilds it serves.
    pub(crate) fn ready(&self, ready: &Ready) {
        let (id, total) = ready.shard.map_or((0, 1), |s| (s.id.0, s.total));
        tracing::info!(
            user = %ready.user.name,
            "Discord: shard {id}/{total}, {} guilds",
            ready.guilds.len()
        );
        self.shards().insert(id, true);
    }

    /// A shard's connection moved: a line when it is lost, and when it is back.
    pub(crate) fn stage(&self, event: &ShardStageUpdateEvent) {
        let id = event.shard_id.0;
        let mut shards = self.shards();
        let Some(up) = shards.get_mut(&id) else { return };
        match (event.new == ConnectionStage::Connected, *up) {
            (true, false) => {
                *up = true;
                tracing::info!("Discord: shard {id} connected again");
            }
            (false, true) => {
                *up = false;
                tracing::warn!(stage = %event.new, "Discord: shard {id} lost its connection");
            }
            _ => {}
        }
    }
}

/// Counts each rate limit serenity's limiter meets (it waits them out itself).
pub(crate) fn count_rate_limits(http: &mut serenity::http::Http) {
    if let Some(limiter) = http.ratelimiter.as_mut() {
        limiter.set_ratelimit_callback(Box::new(|info| {
            metrics::counter!("domino_rate_limited_total", "platform" => "discord").increment(1);
            tracing::debug!(path = %info.path, wait = ?info.timeout, "Discord: rate limited");
        }));
    }
}

/// The interactions being handled, so that a stop lets them finish.
#[derive(Default)]
pub(crate) struct Inflight {
    running: AtomicUsize,
    done: tokio::sync::Notify,
}

/// One interaction being handled: counted, timed, and counted out when dropped.
pub(crate) struct Handling<'a> {
    inflight: &'a Inflight,
    kind: &'static str,
    started: Instant,
}

/// What the service did by itself being shown (the timers' follower), counted while it is.
#[derive(Default)]
pub(crate) struct Shows(AtomicUsize);

/// One show under way, counted out when dropped.
pub(crate) struct Showing(Arc<Bot>);

impl Shows {
    pub(crate) fn now(&self) -> usize {
        self.0.load(Ordering::SeqCst)
    }
}

impl Showing {
    pub(crate) fn new(bot: &Arc<Bot>) -> Showing {
        bot.shows.0.fetch_add(1, Ordering::SeqCst);
        Showing(bot.clone())
    }
}

impl Drop for Showing {
    fn drop(&mut self) {
        self.0.shows.0.fetch_sub(1, Ordering::SeqCst);
    }
}

impl Inflight {
    /// Interactions being handled now.
    pub(crate) fn running(&self) -> usize {
        self.running.load(Ordering::SeqCst)
    }

    /// An interaction of `kind` ("command", "press") comes in.
    pub(crate) fn enter(&self, kind: &'static str) -> Handling<'_> {
        metrics::counter!("domino_updates_total", "platform" => "discord", "kind" => kind)
            .increment(1);
        self.running.fetch_add(1, Ordering::SeqCst);
        Handling { inflight: self, kind, started: Instant::now() }
    }

    /// Waits until no interaction is being handled, `within` at most.
    pub(crate) async fn settle(&self, within: Duration) {
        let _ = tokio::time::timeout(within, async {
            loop {
                let done = self.done.notified();
                if self.running.load(Ordering::SeqCst) == 0 {
                    return;
                }
                done.await;
            }
        })
        .await;
    }
}

impl Drop for Handling<'_> {
    fn drop(&mut self) {
        let took = self.started.elapsed().as_secs_f64();
        metrics::histogram!("domino_answer_seconds", "platform" => "discord", "kind" => self.kind)
            .record(took);
        self.inflight.running.fetch_sub(1, Ordering::SeqCst);
        self.inflight.done.notify_waiters();
    }
}
