//! People pressing whatever they see: five people in a channel press random buttons and menu
//! choices of the messages they can see (the channel's, their own ephemeral hands), send random
//! slash commands, someone presses a table's button from another channel, custom ids are forged
//! or stale, time passes for the turn timers (and past the 15 minutes of the tokens that keep
//! hands current) and the bot restarts mid-game on its SQLite file. Hands are pressed as the
//! bot kept them, or as they were left behind.
//! Everything random comes from a fixed seed (the bot's deals too); after every step Discord's
//! limits and the tables' invariants are checked.

mod act;
mod checks;

use crate::fake::{Fake, Msg};
use crate::harness::*;
use domino_core::chat::invariants::{self, PublicTiles};
use domino_core::service::{CountingSeeds, ManualClock, Options, Service};
use domino_core::session::{ChatId, Phase, Platform, Simple};
use domino_core::store::{SqliteStore, Store};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::{Duration, Instant};

const SEEDS: [u64; 3] = [5, 4_242, 77_001];
const STEPS: usize = 90;

async fn seeded(path: &Path, clock: Arc<ManualClock>, first: u64) -> Arc<Service<SqliteStore>> {
    let store = SqliteStore::open_path(path).await.expect("the store opens");
    // Hints on in the channel, so that people see (and press) the hint button.
    let settings = store.chat_settings(&channel()).await.expect("settings");
    if !settings.hints {
        let on = domino_core::store::ChatSettings { hints: true, ..settings }.next();
        store.set_chat_settings(&channel(), &on).await.expect("hints on");
    }
    let options = Options {
        robot_pause: Duration::ZERO,
        advice: domino_core::chat::scenario::ADVICE,
        ..Options::default()
    };
    let seeds = Arc::new(CountingSeeds::new(first));
    Service::start_with(store, Arc::new(Simple), clock, seeds, options).await.expect("a service")
}

fn channel() -> ChatId {
    ChatId::new(Platform::Discord, CHANNEL.to_string())
}

/// A press: the message, and the component's custom id with the values chosen (a select).
type Press = (Msg, String, Option<Vec<String>>);

struct Monkey {
    seed: u64,
    step: usize,
    rng: StdRng,
    fake: Fake,
    path: PathBuf,
    clock: Arc<ManualClock>,
    bot: Option<Bot<SqliteStore>>,
    restarts: u64,
    people: Vec<Player>,
    /// Ephemeral messages and whom they were for.
    owner: BTreeMap<u64, u64>,
    /// Every custom id the bot ever drew, for stale presses.
    drawn: BTreeSet<String>,
    checked: usize,
    /// Per message: the states already checked.
    states: BTreeMap<u64, usize>,
    tables: BTreeSet<i64>,
    public: PublicTiles,
    interactions: usize,
    /// Presses on ephemeral messages, and of them on ones the bot had edited since.
    hand_presses: (usize, usize),
    /// What the step did, for failure messages.
    did: String,
}

impl Monkey {
    fn at(&self) -> String {
        format!("seed {} step {} ({})", self.seed, self.step, self.did)
    }

    fn service(&self) -> &Arc<Service<SqliteStore>> {
        &self.bot.as_ref().expect("a running bot").service
    }

    fn pick<'a, T>(&mut self, items: &'a [T]) -> Option<&'a T> {
        (!items.is_empty()).then(|| &items[self.rng.random_range(0..items.len())])
    }

    async fn run(mut self) {
        for step in 0..STEPS {
            self.step = step;
            let settings = self.service().store().chat_settings(&channel()).await;
            let before = (invariants::versions(self.service()).await, settings.unwrap().version);
            self.did = String::from("nothing");
            let (made, refused) = self.act().await;
            self.interactions += made.len();
            self.answered(&made).await;
            self.service().settled().await;
            self.quiet().await;
            self.service().settled().await;
            assert!(self.bot.as_ref().unwrap().alive(), "{}: the bot stopped", self.at());
            let settings = self.service().store().chat_settings(&channel()).await;
            if refused {
                let after = (invariants::versions(self.service()).await, settings.unwrap().version);
                assert_eq!(before, after, "{}: a refused press changed something", self.at());
            }
            for t in self.service().tables_in(&channel()).await {
                self.tables.insert(t.id);
            }
            self.check_sent(&made).await;
            if std::env::var_os("MONKEY_TRACE").is_some() {
                let told: Vec<String> = made
                    .iter()
                    .map(|(t, _)| self.fake.answered(t))
                    .flat_map(|a| a.original.into_iter().chain(a.followups))
                    .map(|m| self.fake.message(m).text())
                    .collect();
                eprintln!("{}: {told:?}", self.at());
            }
            let at = self.at();
            invariants::check_tables(self.service()).await.unwrap_or_else(|e| panic!("{at}: {e}"));
            if step % 10 == 9 {
                invariants::check_store(self.service())
                    .await
                    .unwrap_or_else(|e| panic!("{at}: {e}"));
            }
        }
        let at = self.at();
        invariants::check_store(self.service()).await.unwrap_or_else(|e| panic!("{at}: {e}"));
        let mut finished = 0;
        for &id in &self.tables {
            let t = self.service().table(id).await.unwrap();
            finished +=
                usize::from(t.is_some_and(|t| t.phase == Phase::Finished || t.matches_played > 0));
        }
        // Edits through the token of an interaction answered at once: hands kept current.
        let kept = self
            .fake
            .requests()
            .iter()
            .filter(|r| r.method == "PATCH" && r.path.starts_with("/webhooks/"))
            .filter(|r| {
                let token = r.path.split('/').nth(3).unwrap_or_default();
                matches!(self.fake.answered(token).callbacks.first(), Some(4 | 7))
            })
            .count();
        eprintln!(
            "monkey seed {}: {STEPS} steps, {} interactions ({} on ephemeral messages, {} updated \
             since sent; {kept} hand edits through kept tokens), {} restarts, {} tables, \
             {finished} finished",
            self.seed,
            self.interactions,
            self.hand_presses.0,
            self.hand_presses.1,
            self.restarts,
            self.tables.len()
        );
        self.bot.take().unwrap().stop().await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn people_pressing_whatever_they_see() {
    let started = Instant::now();
    for seed in SEEDS {
        let dir = tempfile::tempdir().expect("a temporary folder");
        let path = dir.path().join("domino.db");
        let fake = Fake::start().await;
        let clock = fake.clock();
        let bot = Bot::start(&fake, seeded(&path, clock.clone(), seed * 1_000).await).await;
        let monkey = Monkey {
            seed,
            step: 0,
            rng: StdRng::seed_from_u64(seed),
            fake,
            path,
            clock,
            bot: Some(bot),
            restarts: 0,
            people: vec![ANNA, BORIS, VERA, GLEB, ADMIN],
            owner: BTreeMap::new(),
            drawn: BTreeSet::new(),
            checked: 0,
            states: BTreeMap::new(),
            tables: BTreeSet::new(),
            public: PublicTiles::default(),
            interactions: 0,
            hand_presses: (0, 0),
            did: String::new(),
        };
        monkey.run().await;
    }
    eprintln!("monkey: {:?} for {} seeds", started.elapsed(), SEEDS.len());
}
