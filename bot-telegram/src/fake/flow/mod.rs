//! The flow bench's Telegram driver (`domino bench flow`): the real bot (`crate::run` with
//! `Pacing::TELEGRAM`) against the fake, which keeps Telegram's limits, people played by a
//! seeded random source, in tokio's paused time (an hour of play takes seconds; call it in a
//! current-thread runtime started paused). What a move costs is read from the outside, from
//! what the fake saw (`measure`), so it measures whatever the adapter does.
//!
//! People (`people`): when it is their turn, each waits for their move buttons (on their hand
//! in the group), thinks, and presses one; with no move buttons 4 s after their turn began they
//! press «My tiles» on the table message, and again after another 4 s.

mod measure;
mod people;
mod table;

use super::{Fake, User};
use crate::{Pacing, RunOptions, Stop};
use domino_core::chat::flow::FlowReport;
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::time::Instant;

/// The group the tables are in.
pub const GROUP: i64 = -4242;

/// What to play.
#[derive(Clone, Debug)]
pub struct FlowSpec {
    pub scenario: String,
    pub seed: u64,
    /// How long a person thinks once their move buttons show (uniform in this range).
    pub think: (Duration, Duration),
    /// The bot is an administrator of the group (it may push hands), or a plain member.
    pub admin: bool,
    /// Tables in the group at once, four people each.
    pub tables: usize,
    /// People watching the first table (`/watch 1`, their views in the group).
    pub watchers: usize,
    /// An office hour of this long: six people, a queue «на вылет», rematches until it ends.
    pub office: Option<Duration>,
    /// Points a match is played to.
    pub target: u32,
}

impl FlowSpec {
    /// One pairs Kozel match to 25, four people.
    pub fn pairs(admin: bool) -> FlowSpec {
        FlowSpec {
            scenario: if admin { "tg-admin" } else { "tg-member" }.into(),
            seed: 1,
            think: (Duration::from_secs(2), Duration::from_secs(6)),
            admin,
            tables: 1,
            watchers: 0,
            office: None,
            target: 25,
        }
    }

    /// Two tables in one group at once.
    pub fn two_tables() -> FlowSpec {
        FlowSpec { scenario: "tg-two-tables".into(), tables: 2, ..FlowSpec::pairs(true) }
    }

    /// One table with ten people watching.
    pub fn watched() -> FlowSpec {
        FlowSpec { scenario: "tg-watchers".into(), watchers: 10, ..FlowSpec::pairs(true) }
    }

    /// A 30-minute office hour with a queue «на вылет»: six people, two in line.
    pub fn office_hour() -> FlowSpec {
        let office = Some(Duration::from_secs(30 * 60));
        FlowSpec { scenario: "tg-office-hour".into(), office, ..FlowSpec::pairs(true) }
    }
}

/// The people of the flow: players (four a table, six in an office hour), then watchers.
const NAMES: [&str; 18] = [
    "Anna", "Boris", "Vera", "Gleb", "Dasha", "Egor", "Zhenya", "Ivan", "Kira", "Lev", "Masha",
    "Nina", "Oleg", "Pavel", "Rita", "Sasha", "Taras", "Uma",
];

/// What the people did, gathered as they play.
#[derive(Debug, Default)]
pub(crate) struct Tally {
    /// (table, the press, the version it made).
    pub moves: Vec<(i64, Instant, u64)>,
    pub waits: Vec<Duration>,
    pub taps: u64,
    pub my_tiles: u64,
    pub refused: u64,
    pub matches: u64,
    pub started: Option<Instant>,
    pub ended: Option<Instant>,
    pub problems: Vec<String>,
}

/// What every table's people share.
#[derive(Clone)]
pub(crate) struct Ctx {
    pub fake: Fake,
    pub door: domino_core::chat::Door,
    pub spec: Arc<FlowSpec>,
    pub tally: Arc<Mutex<Tally>>,
    /// When the whole flow must end (a match that never ends is a problem, not a hang).
    pub deadline: Instant,
}

impl Ctx {
    pub(crate) fn tally(&self) -> std::sync::MutexGuard<'_, Tally> {
        self.tally.lock().unwrap_or_else(|e| e.into_inner())
    }
}

/// Plays `spec` and reports what a move cost.
pub async fn run(spec: FlowSpec) -> FlowReport {
    let fake = Fake::start().await;
    fake.keep_limits();
    fake.bot_admin(GROUP, spec.admin, false);
    let door = domino_core::chat::flow::door(spec.seed).await;
    let stop = Stop::new();
    // Telegram's budgets, or those an operator set (`DOMINO_TG_*`, as `domino run` reads them).
    let pacing = Pacing::from_env().unwrap_or_else(|e| panic!("{e}"));
    let options = RunOptions { pacing, ctrlc: false, stop: stop.clone(), ..RunOptions::default() };
    let url = url::Url::parse(&fake.url).expect("the fake's URL");
    let bot = teloxide::Bot::new("TOKEN").set_api_url(url);
    let task = tokio::spawn(crate::run(door.clone(), bot, options));
    fake.until("the bot to start", |st| (st.count("setMyCommands") >= 2).then_some(())).await;
    let limit = spec.office.unwrap_or(Duration::from_secs(3 * 3600)) + Duration::from_secs(600);
    let ctx = Ctx {
        fake: fake.clone(),
        door,
        spec: Arc::new(spec.clone()),
        tally: Arc::default(),
        deadline: Instant::now() + limit,
    };
    let per_table = if spec.office.is_some() { 6 } else { 4 };
    let mut people = (0..).map(|i| User::new(201 + i as i64, NAMES[i % NAMES.len()]));
    let mut tables = Vec::new();
    for number in 1..=spec.tables {
        let players: Vec<User> = people.by_ref().take(per_table).collect();
        tables.push(table::Table::open(&ctx, number, players).await);
    }
    let watchers: Vec<User> = people.take(spec.watchers).collect();
    let games = tables.iter().map(|t| t.play(&ctx));
    let watching = people::watch(&ctx, &watchers, 1);
    let ((), _) = tokio::join!(watching, futures::future::join_all(games));
    stop.stop();
    if tokio::time::timeout(Duration::from_secs(60), task).await.is_err() {
        ctx.tally().problems.push("the bot did not stop".into());
    }
    let tally = std::mem::take(&mut *ctx.tally());
    let players: Vec<i64> = tables.iter().flat_map(|t| t.players.iter().map(|u| u.id)).collect();
    let ids: Vec<i64> = tables.iter().map(|t| t.id).collect();
    fake.with(|st| measure::report(&spec, st, &tally, &players, &ids))
}
