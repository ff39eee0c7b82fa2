//! People pressing whatever they see: a group of five presses random buttons of the messages
//! they can see (the group's, their own private chat's), types random commands, a stranger
//! presses and opens join links, presses are forged or stale, faults come from Telegram and the
//! bot restarts mid-game on its SQLite file. Everything random comes from a fixed seed (the
//! bot's deals too); after every step the platform's limits and the tables' invariants are
//! checked.

use crate::fake::{Fake, Fault, Msg, User};
use crate::harness::{ALICE, BOB, CAROL, DAVE, GROUP, Running, chat, options, start_with};
use domino_core::chat::invariants::{self, PublicTiles};
use domino_core::service::{CountingSeeds, Options, Service, SystemClock};
use domino_core::session::{Phase, Simple, Table};
use domino_core::store::{SqliteStore, Store};
use domino_core::view::{ButtonAction, ButtonData};
use domino_telegram::{Pacing, RunOptions};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::{Duration, Instant};

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
    overall_per_sec: 1_000,
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
    presses: usize,
    /// What the step did, for failure messages.
    did: String,
    /// The slowest answer to a press, and the most sends in one group window.
    slowest: Duration,
    fullest: usize,
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

    /// The bot's messages with buttons that `user` sees: the group's and their private chat's.
    fn visible(&self, user: &User) -> Vec<Msg> {
        self.fake.with(|st| {
            let mine = |m: &&Msg| m.chat == GROUP || m.chat == user.id;
            st.messages
                .values()
                .filter(|m| m.from_bot && !m.deleted)
                .filter(mine)
                .cloned()
                .collect()
        })
    }

    /// A random button of a message `user` sees, pressed (or its link opened).
    fn press_something(&mut self, user: &User) -> Option<String> {
        let buttons: Vec<(Msg, crate::fake::Button)> = self
            .visible(user)
            .into_iter()
            .flat_map(|m| m.buttons().into_iter().map(move |b| (m.clone(), b)))
            .collect();
        let (msg, button) = self.pick(&buttons)?.clone();
        self.did = format!("{} presses {:?} on {:?}", user.name, button, msg.text);
        match (button.data, button.url) {
            (Some(data), _) => Some(self.fake.press(user, msg.chat, msg.id, &data)),
            (None, Some(url)) if url.contains("start=") => {
                self.fake.open_link(user, &url);
                None
            }
            _ => None,
        }
    }

    /// Whoever is to move at a random table presses a random button of their hand.
    async fn move_somewhere(&mut self) -> Option<String> {
        let tables: Vec<Table> = self.service().all_tables().await;
        let playing: Vec<&Table> = tables.iter().filter(|t| t.to_move().is_some()).collect();
        let t = *self.pick(&playing)?;
        let person = t.seats[t.to_move()?].as_ref()?.person()?.id.id.clone();
        let user = self.people.iter().find(|u| u.id.to_string() == person)?.clone();
        let hand =
            crate::harness::where_shown(self.service(), t.id, &crate::harness::hand(&user)).await?;
        let msg = self.fake.with(|st| st.message(hand.0, hand.1).cloned())?;
        let data: Vec<String> = msg.buttons().into_iter().filter_map(|b| b.data).collect();
        let data = self.pick(&data)?.clone();
        Some(self.fake.press(&user, msg.chat, msg.id, &data))
    }

    fn command(&mut self) -> String {
        let games = ["", "kozel", "козёл", "telefon", "osel", "морской", "classic", "шахматы"];
        let game = *self.pick(&games).unwrap();
        let n = self.rng.random_range(0..7);
        let t = self.rng.random_range(0..9);
        let garbage: String = (0..self.rng.random_range(1..12))
            .map(|_| char::from_u32(self.rng.random_range(0x20..0x450)).unwrap_or('?'))
            .collect();
        let all = [
            "/new".to_owned(),
            format!("/new {game} {n}"),
            format!("/new {game} {n} до 15"),
            "/new kozel 4 пары до 15".into(),
            "/new telefon 3 до 40".into(),
            "/new kozel deal=99".into(),
            "/duel bot до 15".into(),
            format!("/duel bot {game}"),
            "/duel @bob до 15".into(),
            "/duel @nobody".into(),
            "/stop".into(),
            format!("/stop {t}"),
            "/score".into(),
            format!("/score {t}"),
            "/top".into(),
            "/top kozel пары".into(),
            "/settings".into(),
            "/help".into(),
            format!("/rules {game}"),
            "/export".into(),
            "/review".into(),
            "/season".into(),
            "/season new".into(),
            format!("/{garbage}"),
            garbage,
        ];
        self.pick(&all).unwrap().clone()
    }

    /// Callback data nobody was shown: made up, of no table, or drawn for an older version.
    async fn forged(&mut self) -> String {
        let current = invariants::versions(self.service()).await;
        let stale: Vec<String> = self
            .drawn
            .iter()
            .filter(|d| match ButtonData::decode(d) {
                Ok(b) => current.get(&b.table).is_none_or(|&v| v > b.version),
                Err(_) => false,
            })
            .cloned()
            .collect();
        match self.rng.random_range(0..4) {
            0 if !stale.is_empty() => self.pick(&stale).unwrap().clone(),
            1 => {
                let action = *self.pick(&[ButtonAction::Start, ButtonAction::End]).unwrap();
                ButtonData::new(self.rng.random_range(10_000..20_000), 0, action).encode()
            }
            2 => format!("1:{}:0:m.P9l", self.rng.random_range(0..9)),
            _ => (0..self.rng.random_range(1..=64))
                .map(|_| char::from(self.rng.random_range(b'!'..=b'~')))
                .collect(),
        }
    }

    /// One random step; returns the callback queries it made and whether all of them must be
    /// refused (forged, stale, a stranger's).
    async fn act(&mut self, roll: u32) -> (Vec<String>, bool) {
        let user = self.pick(&self.people.clone()).unwrap().clone();
        self.did = String::from("nothing");
        match roll {
            0..30 => match self.press_something(&user) {
                Some(cb) => (vec![cb], false),
                None => {
                    let text = self.command();
                    self.did = format!("{} says {text:?}", user.name);
                    self.fake.say(GROUP, &user, &text);
                    (Vec::new(), false)
                }
            },
            30..55 => (self.move_somewhere().await.into_iter().collect(), false),
            55..70 => {
                let text = self.command();
                let at = if self.rng.random_bool(0.9) { GROUP } else { user.id };
                self.did = format!("{} says {text:?} in {at}", user.name);
                self.fake.say(at, &user, &text);
                (Vec::new(), false)
            }
            70..73 => {
                self.did = format!("{} opens the private chat", user.name);
                self.fake.say(user.id, &user, "/start");
                (Vec::new(), false)
            }
            73..74 => {
                // Everybody at once: more than the group may be sent in a window.
                let n = self.rng.random_range(10..22);
                self.did = format!("a burst of {n} commands");
                for _ in 0..n {
                    let who = self.pick(&self.people.clone()).unwrap().clone();
                    let text = *self.pick(&["/help", "/score", "/top", "/rules"]).unwrap();
                    self.fake.say(GROUP, &who, text);
                }
                (Vec::new(), false)
            }
            74..82 => {
                // A stranger presses a group button or opens a join link he was given.
                let cb = self.press_something(&EVE);
                (cb.into_iter().collect(), true)
            }
            82..92 => {
                let data = self.forged().await;
                let msgs = self.visible(&user);
                let Some(msg) = self.pick(&msgs).cloned() else { return (Vec::new(), false) };
                (vec![self.fake.press(&user, msg.chat, msg.id, &data)], true)
            }
            92..98 => {
                let methods =
                    ["sendMessage", "editMessageText", "answerCallbackQuery", "deleteMessage"];
                let method = *self.pick(&methods).unwrap();
                let fault = match self.rng.random_bool(0.5) {
                    true => Fault::TooMany { retry_after: 1 },
                    false => Fault::Unavailable,
                };
                let times = self.rng.random_range(1..3);
                self.fake.fail(method, self.rng.random_bool(0.5).then_some(GROUP), fault, times);
                (Vec::new(), false)
            }
            _ => {
                self.restart().await;
                (Vec::new(), false)
            }
        }
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

    /// Waits for the answers to `presses` and checks each came within 3 s of the press being
    /// handed to the bot.
    async fn answered(&mut self, presses: &[String]) {
        let end = Instant::now() + Duration::from_secs(5);
        for cb in presses {
            loop {
                let got = self.fake.with(|st| {
                    let handed = st.handed.get(cb).copied();
                    st.answers.get(cb).map(|a| (a.at, handed))
                });
                if let Some((at, handed)) = got {
                    let handed = handed.expect("a press answered was handed out");
                    let took = at.duration_since(handed);
                    assert!(
                        took <= Duration::from_secs(3),
                        "{}: {cb} answered after {took:?}",
                        self.at()
                    );
                    self.slowest = self.slowest.max(took);
                    break;
                }
                assert!(Instant::now() < end, "{}: {cb} never answered", self.at());
                tokio::time::sleep(Duration::from_millis(2)).await;
            }
        }
    }

    /// The sizes of everything sent since the last check, the group's sends per window, and
    /// no tile of a hand in a group message.
    async fn check_requests(&mut self) {
        let mut now = Vec::new();
        for id in self.tables.clone() {
            if let Ok(Some(t)) = self.service().table(id).await {
                now.push(t);
            }
        }
        let allowed = self.public.allowed(&now);
        let at = self.at();
        let requests = self.fake.with(|st| st.requests[self.checked..].to_vec());
        self.checked += requests.len();
        for r in &requests {
            let body = &r.body;
            for key in ["text", "caption"] {
                let Some(text) = body.get(key).and_then(|v| v.as_str()) else { continue };
                let max = if key == "text" { 4096 } else { 1024 };
                assert!(text.chars().count() <= max, "{at}: {} {key} too long: {text}", r.method);
                let named = invariants::tiles_named(text);
                if body["chat_id"].as_i64() == Some(GROUP) {
                    let hidden = named.difference(allowed);
                    assert!(
                        hidden.is_empty(),
                        "{at}: a group message names tiles not on a table ({:?}):\n{text}",
                        hidden.iter().collect::<Vec<_>>()
                    );
                }
            }
            if r.method == "answercallbackquery"
                && let Some(text) = body.get("text").and_then(|v| v.as_str())
            {
                assert!(text.chars().count() <= 200, "{at}: a popup too long: {text}");
            }
            let markup = match body.get("reply_markup") {
                Some(serde_json::Value::String(s)) => serde_json::from_str(s).unwrap_or_default(),
                Some(v) => v.clone(),
                None => serde_json::Value::Null,
            };
            for row in markup["inline_keyboard"].as_array().into_iter().flatten() {
                for b in row.as_array().into_iter().flatten() {
                    if let Some(d) = b["callback_data"].as_str() {
                        assert!((1..=64).contains(&d.len()), "{at}: callback data {d:?}");
                        self.drawn.insert(d.to_owned());
                    }
                }
            }
        }
        let sends: Vec<Instant> = self.fake.with(|st| {
            let send = |m: &str| m.starts_with("send") && m != "sendchataction";
            st.requests
                .iter()
                .filter(|r| send(&r.method) && r.status == 200 && r.body["chat_id"] == GROUP)
                .map(|r| r.at)
                .collect()
        });
        for (i, t) in sends.iter().enumerate() {
            let within = sends[i..].iter().filter(|u| u.duration_since(*t) < PACING.group_window);
            let n = within.count();
            self.fullest = self.fullest.max(n);
            assert!(n <= PACING.group_limit as usize, "{at}: {n} sends in the group in one window");
        }
    }

    /// Every table's version and the group's settings version.
    async fn state(&self) -> (BTreeMap<i64, u64>, u64) {
        let settings = self.service().store().chat_settings(&chat(GROUP)).await;
        (invariants::versions(self.service()).await, settings.expect("settings").version)
    }

    /// The state once it no longer changes.
    async fn still(&self) -> (BTreeMap<i64, u64>, u64) {
        let mut last = self.state().await;
        loop {
            tokio::time::sleep(Duration::from_millis(60)).await;
            self.fake.quiet().await;
            self.service().settled().await;
            let now = self.state().await;
            if now == last {
                return now;
            }
            last = now;
        }
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
        eprintln!(
            "monkey seed {}: {STEPS} steps, {} presses (slowest answer {:?}), {} restarts, {} tables, {finished} finished, at most {} sends in a group window",
            self.seed,
            self.presses,
            self.slowest,
            self.restarts,
            self.tables.len(),
            self.fullest,
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
            presses: 0,
            did: String::new(),
            slowest: Duration::ZERO,
            fullest: 0,
        };
        monkey.run().await;
    }
    eprintln!("monkey: {:?} for {} seeds", started.elapsed(), SEEDS.len());
}
