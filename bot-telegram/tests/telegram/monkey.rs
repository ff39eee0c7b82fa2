//! People pressing whatever they see: a group of five presses random buttons of the messages
//! they can see (the group's, their own private chat's), types random commands, a stranger
//! presses and opens join links, presses are forged or stale, faults come from Telegram and the
//! bot restarts mid-game on its SQLite file. Hands are ephemeral messages in the group (photos,
//! the group showing boards as pictures): deliveries are lost, apps restart, the clock jumps
//! past Telegram's 15 s, the bot loses and regains its rights, and after each «My tiles» must
//! bring the hand back (`hands`). Everything random comes from a fixed seed (the
//! bot's deals too); after every step the platform's limits and the tables' invariants are
//! checked.

use crate::fake::{Fake, User};
use crate::harness::{ALICE, BOB, CAROL, DAVE, GROUP, Running, chat, options, start_with};
use domino_core::chat::invariants::{self, PublicTiles};
use domino_core::service::{CountingSeeds, Options, Service, SystemClock};
use domino_core::session::{Phase, Simple};
use domino_core::store::{SqliteStore, Store};
use domino_telegram::{Pacing, RunOptions};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::{Duration, Instant};

mod acts;
mod checks;
mod hands;

const FRANK: User = User::new(106, "Frank");
/// Not in the group: his presses and join links must change nothing.
const EVE: User = User::new(105, "Eve");
const SEEDS: [u64; 3] = [7, 1_234, 99_991];
const STEPS: usize = 85;

/// Telegram's 20 messages a minute in a group, with the minute scaled to two seconds so that
/// the run stays short: the sends in a group are checked against this window, since it is what
/// these options make the bot promise.
const PACING: Pacing = Pacing {
    chat_gap: Duration::ZERO,
    group_limit: 20,
    group_window: Duration::from_secs(2),
    ephemeral_limit: 20,
    overall_per_sec: 1_000,
    ..Pacing::FAST
};

fn run_options(drain: Duration) -> RunOptions {
    RunOptions { pacing: PACING, call_timeout: Duration::from_millis(300), drain, ..options() }
}

async fn seeded(path: &Path, first_seed: u64) -> Arc<Service<SqliteStore>> {
    let store = SqliteStore::open_path(path).await.expect("the store opens");
    // Hints on in the group, so that people see (and press) the hint button.
    let settings = store.chat_settings(&chat(GROUP)).await.expect("settings");
    if !settings.hints {
        let on = domino_core::store::ChatSettings { hints: true, ..settings }.next();
        store.set_chat_settings(&chat(GROUP), &on).await.expect("hints on");
    }
    let options = Options {
        robot_pause: Duration::ZERO,
        advice: domino_core::chat::scenario::ADVICE,
        ..Options::default()
    };
    let seeds = Arc::new(CountingSeeds::new(first_seed));
    Service::start_with(store, Arc::new(Simple), Arc::new(SystemClock), seeds, options)
        .await
        .expect("a service")
}

struct Monkey {
    seed: u64,
    step: usize,
    rng: StdRng,
    fake: Fake,
    path: PathBuf,
    bot: Option<Running<SqliteStore>>,
    restarts: u64,
    people: Vec<User>,
    /// Every callback data the bot ever drew, for stale presses.
    drawn: BTreeSet<String>,
    /// Requests already checked.
    checked: usize,
    /// Every table of the group ever seen.
    tables: BTreeSet<i64>,
    public: PublicTiles,
    /// Each person's tiles in hand at the end of the last step (what their own ephemeral
    /// messages may name, with what they hold now).
    own: std::collections::BTreeMap<i64, domino_core::engine::tile::TileSet>,
    presses: usize,
    /// What the step did, for failure messages.
    did: String,
    /// The slowest answer to a press, and the most sends in one group window.
    slowest: Duration,
    fullest: usize,
    disrupted: hands::Disrupted,
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

    /// Stops the bot (sometimes without waiting for its queue, as a kill would lose it) and
    /// starts a new one on the same SQLite file.
    async fn restart(&mut self) {
        let bot = self.bot.take().expect("a running bot");
        let mut service = bot.stop().await;
        // A call the outbox had under way when `run` returned ends within its timeout.
        let end = Instant::now() + Duration::from_secs(3);
        let service = loop {
            match Arc::try_unwrap(service) {
                Ok(s) => break s,
                Err(s) if Instant::now() < end => service = s,
                Err(_) => panic!("{}: the stopped bot holds on to the service", self.at()),
            }
            tokio::time::sleep(Duration::from_millis(10)).await;
        };
        let store = service.into_store();
        store.close().await;
        self.restarts += 1;
        let first = self.seed * 1_000 + self.restarts * 100;
        let service = seeded(&self.path, first).await;
        let drain =
            if self.rng.random_bool(0.5) { Duration::ZERO } else { Duration::from_millis(300) };
        self.bot = Some(start_with(&self.fake, service, run_options(drain)).await);
    }

    async fn run(mut self) -> usize {
        for u in &self.people[..4] {
            self.fake.say(u.id, u, "/start");
        }
        for step in 0..STEPS {
            self.step = step;
            let roll = self.rng.random_range(0..100);
            // What came before a refused press must be done (an earlier command in another
            // chat may still be on its way): the tables as they are once nothing moves.
            let before = match (74..92).contains(&roll) {
                true => self.still().await,
                false => self.state().await,
            };
            let (presses, refused) = self.act(roll).await;
            self.presses += presses.len();
            self.answered(&presses).await;
            self.service().settled().await;
            self.fake.quiet().await;
            self.service().settled().await;
            let bot = self.bot.as_ref().unwrap();
            assert!(bot.alive(), "{}: the bot stopped", self.at());
            for t in self.service().tables_in(&chat(GROUP)).await {
                self.tables.insert(t.id);
            }
            if refused {
                let after = self.state().await;
                assert_eq!(before, after, "{}: a refused press changed something", self.at());
            }
            self.check_requests().await;
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
        let finished = {
            let mut n = 0;
            for &id in &self.tables {
                let t = self.service().table(id).await.unwrap();
                n += usize::from(
                    t.is_some_and(|t| t.phase == Phase::Finished || t.matches_played > 0),
                );
            }
            n
        };
        let (pending, photos, media) = self.fake.with(|st| {
            let ok = |r: &&crate::fake::Req, m: &str| r.method == m && r.status == 200;
            let all = || st.requests.iter();
            let photos = all().filter(|r| {
                ok(r, "sendphoto") && r.body["ephemeral_message_parameters"].is_object()
            });
            let media = all().filter(|r| ok(r, "editephemeralmessagemedia"));
            (st.lose_ephemerals, photos.count(), media.count())
        });
        self.disrupted.lost_for_real = self.disrupted.lost - pending;
        eprintln!(
            "monkey seed {}: {STEPS} steps, {} presses (slowest answer {:?}), {} restarts, {} tables, {finished} finished, at most {} sends in a group window; ephemeral hands: {photos} photos sent, {media} media edits, {:?}",
            self.seed,
            self.presses,
            self.slowest,
            self.restarts,
            self.tables.len(),
            self.fullest,
            self.disrupted,
        );
        self.bot.take().unwrap().stop().await;
        finished
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn people_pressing_whatever_they_see() {
    let started = Instant::now();
    for seed in SEEDS {
        let dir = tempfile::tempdir().expect("a temporary folder");
        let path = dir.path().join("domino.db");
        let fake = Fake::start().await;
        fake.outsider(GROUP, &EVE);
        fake.admin(GROUP, &CAROL);
        let bot =
            start_with(&fake, seeded(&path, seed * 1_000).await, run_options(Duration::ZERO)).await;
        let monkey = Monkey {
            seed,
            step: 0,
            rng: StdRng::seed_from_u64(seed),
            fake,
            path,
            bot: Some(bot),
            restarts: 0,
            people: vec![ALICE, BOB, CAROL, DAVE, FRANK],
            drawn: BTreeSet::new(),
            checked: 0,
            tables: BTreeSet::new(),
            public: PublicTiles::default(),
            own: Default::default(),
            presses: 0,
            did: String::new(),
            slowest: Duration::ZERO,
            fullest: 0,
            disrupted: Default::default(),
        };
        monkey.run().await;
    }
    eprintln!("monkey: {:?} for {} seeds", started.elapsed(), SEEDS.len());
}
