//! The flow bench's Discord driver (`domino bench flow --scenario dc-pairs`): the real bot
//! (`crate::run_until` with its production settings) against the fake, which keeps Discord's
//! per-channel rate limit, people played by a seeded random source, in tokio's paused time
//! (call it in a current-thread runtime started paused). What a move costs is read from the
//! outside, from what the fake saw (`measure`), so it measures whatever the adapter does.
//!
//! People (`people`): the host opens a pairs Kozel table with `/domino new`, three sit down
//! with the table's buttons, the host starts it. A person's hand is the ephemeral answer to
//! their «My tiles», kept current by the bot through their last press's token; when it is
//! their turn each waits for their move buttons on that hand, thinks, and presses one; with no
//! move buttons 4 s after their turn began they press «My tiles» on the table message, and
//! again after another 4 s.

mod measure;
mod people;

use super::Fake;
use crate::DiscordConfig;
use domino_core::chat::flow::{FlowReport, START_MS};
use serenity::model::id::GuildId;
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::time::Instant;

/// The channel the table is in.
pub const CHANNEL: u64 = 930_000_000_000_000_001;

/// What to play.
#[derive(Clone, Debug)]
pub struct FlowSpec {
    pub scenario: String,
    pub seed: u64,
    /// How long a person thinks once their move buttons show (uniform in this range).
    pub think: (Duration, Duration),
    /// Points the match is played to.
    pub target: u32,
}

impl FlowSpec {
    /// One pairs Kozel match to 25, four people, in one channel.
    pub fn pairs() -> FlowSpec {
        FlowSpec {
            scenario: "dc-pairs".into(),
            seed: 1,
            think: (Duration::from_secs(2), Duration::from_secs(6)),
            target: 25,
        }
    }
}

/// A person of the flow.
#[derive(Clone, Debug)]
pub(crate) struct Person {
    pub id: u64,
    pub name: &'static str,
}

const NAMES: [&str; 4] = ["anna", "boris", "vera", "gleb"];

/// What the people did, gathered as they play.
#[derive(Debug, Default)]
pub(crate) struct Tally {
    /// (the press, the version it made).
    pub moves: Vec<(Instant, u64)>,
    pub waits: Vec<Duration>,
    pub taps: u64,
    pub my_tiles: u64,
    pub refused: u64,
    pub matches: u64,
    pub started: Option<Instant>,
    pub ended: Option<Instant>,
    pub problems: Vec<String>,
}

/// What the people share.
pub(crate) struct Ctx {
    pub fake: Fake,
    pub door: domino_core::chat::Door,
    pub spec: FlowSpec,
    pub tally: Mutex<Tally>,
    /// When the flow must end (a match that never ends is a problem, not a hang).
    pub deadline: Instant,
}

impl Ctx {
    pub(crate) fn tally(&self) -> std::sync::MutexGuard<'_, Tally> {
        self.tally.lock().unwrap_or_else(|e| e.into_inner())
    }
}

/// Plays `spec` and reports what a move cost.
pub async fn run(spec: FlowSpec) -> FlowReport {
    let door = domino_core::chat::flow::door(spec.seed).await;
    // The fake times tokens by a clock that reads as the service's.
    let clock = Arc::new(domino_core::service::TokioClock::new(START_MS));
    let fake = Fake::start_timed(clock).await;
    fake.keep_limits();
    let mut config = DiscordConfig::new("flow-token");
    config.proxy_url = Some(fake.url());
    config.guild_id = Some(GuildId::new(super::GUILD));
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    let task = tokio::spawn(crate::run_until(door.clone(), config, async {
        let _ = stopped.await;
    }));
    let registered = |f: &Fake| f.requests().iter().any(|r| r.path.ends_with("/commands"));
    fake.until("the commands registered", |f| registered(f).then_some(())).await;
    let ctx = Ctx {
        fake,
        door,
        spec: spec.clone(),
        tally: Mutex::default(),
        deadline: Instant::now() + Duration::from_secs(3 * 3600),
    };
    let people: Vec<Person> = NAMES
        .iter()
        .enumerate()
        .map(|(i, &name)| Person { id: 940_000_000_000_000_001 + i as u64, name })
        .collect();
    if !people::warm_up(&ctx, &people[0]).await {
        ctx.tally().problems.push("the bot never answered".into());
    }
    match people::open(&ctx, &people).await {
        Some(table) => people::play(&ctx, table, &people).await,
        None => ctx.tally().problems.push("the table never opened".into()),
    }
    let _ = stop.send(());
    if tokio::time::timeout(Duration::from_secs(60), task).await.is_err() {
        ctx.tally().problems.push("the bot did not stop".into());
    }
    let tally = std::mem::take(&mut *ctx.tally());
    measure::report(&spec, &ctx.fake, &tally)
}
