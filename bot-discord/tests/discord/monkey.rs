//! People pressing whatever they see: five people in a channel press random buttons and menu
//! choices of the messages they can see (the channel's, their own ephemeral hands), send random
//! slash commands, someone presses a table's button from another channel, custom ids are forged
//! or stale, time passes for the turn timers and the bot restarts mid-game on its SQLite file.
//! Everything random comes from a fixed seed (the bot's deals too); after every step Discord's
//! limits and the tables' invariants are checked.

use crate::fake::{Fake, Msg};
use crate::harness::*;
use crate::payloads::{self, opt, resolved_user, user_opt};
use domino_core::chat::invariants::{self, PublicTiles};
use domino_core::service::{CountingSeeds, ManualClock, Options, Service};
use domino_core::session::{ChatId, Phase, Platform, Simple};
use domino_core::store::{SqliteStore, Store};
use domino_core::view::{ButtonAction, ButtonData};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use serde_json::Value;
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

    /// The components `who` sees: the channel's messages and their own ephemeral ones.
    fn visible(&mut self, who: Player) -> Vec<Press> {
        let mut out = Vec::new();
        for m in self.fake.messages() {
            let seen = match m.ephemeral() {
                true => self.owner.get(&m.id) == Some(&who.id),
                false => m.channel == CHANNEL,
            };
            if !seen || m.deleted {
                continue;
            }
            for row in m.components.as_array().into_iter().flatten() {
                for c in row["components"].as_array().into_iter().flatten() {
                    let Some(id) = c["custom_id"].as_str() else { continue };
                    let values: Vec<String> = c["options"]
                        .as_array()
                        .into_iter()
                        .flatten()
                        .filter_map(|o| o["value"].as_str().map(str::to_owned))
                        .collect();
                    let chosen = (c["type"] == 3).then(|| {
                        let n = c["max_values"].as_u64().unwrap_or(1).max(1) as usize;
                        let n = self.rng.random_range(1..=n.min(values.len()).max(1));
                        values.iter().take(n).cloned().collect()
                    });
                    out.push((m.clone(), id.to_owned(), chosen));
                }
            }
        }
        out
    }

    fn push_press(&mut self, channel: u64, who: Player, p: &Press) -> String {
        self.did =
            format!("{} presses {:?} {:?} in {channel} on {:?}", who.name, p.1, p.2, p.0.text());
        let id = self.fake.id();
        let token = format!("token-{id}");
        let message = crate::fake::message_json(&p.0);
        let v = match &p.2 {
            Some(values) => {
                let values: Vec<&str> = values.iter().map(String::as_str).collect();
                payloads::choices(id, &token, channel, who.member(), &p.1, &values, message)
            }
            None => payloads::button(id, &token, channel, who.member(), &p.1, message),
        };
        self.fake.push(v);
        token
    }

    fn slash(&mut self, who: Player) -> String {
        let games = ["kozel", "telefon", "osel", "morskoy", "classic", "шахматы"];
        let game = *self.pick(&games).unwrap();
        let subs = [
            "new", "new", "new", "duel", "duel", "stop", "score", "top", "settings", "help",
            "rules", "export", "review", "season", "nonsense",
        ];
        let sub = *self.pick(&subs).unwrap();
        let mut options = Vec::new();
        let mut resolved = Value::Null;
        match sub {
            "new" => {
                options.push(opt("game", game));
                if self.rng.random_bool(0.6) {
                    options.push(opt("players", self.rng.random_range(1..6)));
                }
                if self.rng.random_bool(0.2) {
                    options.push(opt("pairs", true));
                }
                if self.rng.random_bool(0.7) {
                    options.push(opt("target", self.rng.random_range(10..30)));
                }
                if self.rng.random_bool(0.1) {
                    options.push(opt("options", "deal=99 яйца"));
                }
            }
            "duel" => match self.rng.random_bool(0.6) {
                true => {
                    options.push(opt("computer", true));
                    options.push(opt("target", 15));
                }
                false => {
                    let other = *self.pick(&self.people.clone()).unwrap();
                    options.push(user_opt("opponent", other.id));
                    resolved = resolved_user(other.user());
                }
            },
            "stop" | "score" if self.rng.random_bool(0.5) => {
                options.push(opt("table", self.rng.random_range(0..6)));
            }
            _ => {}
        }
        self.did = format!("{} sends /domino {sub} {options:?}", who.name);
        let id = self.fake.id();
        let token = format!("token-{id}");
        let v = payloads::command(id, &token, CHANNEL, who.member(), sub, options, resolved);
        self.fake.push(v);
        token
    }

    /// A custom id nobody was shown: made up, of no table, or drawn for an older version.
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
        match self.rng.random_range(0..3) {
            0 if !stale.is_empty() => self.pick(&stale).unwrap().clone(),
            1 => {
                let action = *self.pick(&[ButtonAction::Start, ButtonAction::Join]).unwrap();
                ButtonData::new(self.rng.random_range(10_000..20_000), 0, action).encode()
            }
            _ => (0..self.rng.random_range(1..=100))
                .map(|_| char::from(self.rng.random_range(b'!'..=b'~')))
                .collect(),
        }
    }

    /// One random step: the interactions it made (token, who) and whether they must all be
    /// refused.
    async fn act(&mut self) -> (Vec<(String, Player)>, bool) {
        let who = *self.pick(&self.people.clone()).unwrap();
        let mut roll = self.rng.random_range(0..100);
        if roll < 92 && self.visible(who).is_empty() {
            // Nothing to press yet: a command instead.
            roll = 52;
        }
        match roll {
            0..52 => {
                let seen = self.visible(who);
                let Some(p) = self.pick(&seen).cloned() else { return (Vec::new(), false) };
                (vec![(self.push_press(CHANNEL, who, &p), who)], false)
            }
            52..72 => (vec![(self.slash(who), who)], false),
            72..80 => {
                // A table's button pressed as seen from another channel.
                let seen = self.visible(who);
                let Some(p) = self.pick(&seen).cloned() else { return (Vec::new(), false) };
                let refused = p.2.is_none() && !p.0.ephemeral();
                (vec![(self.push_press(OTHER_CHANNEL, who, &p), who)], refused)
            }
            80..92 => {
                let id = self.forged().await;
                let seen = self.visible(who);
                let Some(p) = self.pick(&seen).cloned() else { return (Vec::new(), false) };
                (vec![(self.push_press(CHANNEL, who, &(p.0, id, None)), who)], true)
            }
            92..95 => {
                let status = *self.pick(&[429, 500, 502]).unwrap();
                let path = *self.pick(&["/channels", "/webhooks"]).unwrap();
                self.fake.fail(path, status, self.rng.random_range(1..3));
                (Vec::new(), false)
            }
            95..98 => {
                // Time passes: turn timers and waiting challenges run out.
                self.clock.advance(self.rng.random_range(1_000..120_000));
                self.service().fire_due().await;
                (Vec::new(), false)
            }
            _ => {
                self.restart().await;
                (Vec::new(), false)
            }
        }
    }

    async fn restart(&mut self) {
        let bot = self.bot.take().expect("a running bot");
        let service = bot.service.clone();
        bot.stop().await;
        // The client's tasks end a moment after `run_until` returns.
        let mut service = service;
        let end = Instant::now() + Duration::from_secs(3);
        let service = loop {
            match Arc::try_unwrap(service) {
                Ok(s) => break s,
                Err(s) if Instant::now() < end => service = s,
                Err(s) => panic!(
                    "{}: the bot holds the service ({} holders)",
                    self.at(),
                    Arc::strong_count(&s)
                ),
            }
            tokio::time::sleep(Duration::from_millis(10)).await;
        };
        let store = service.into_store();
        store.close().await;
        self.restarts += 1;
        let first = self.seed * 1_000 + self.restarts * 100;
        let service = seeded(&self.path, self.clock.clone(), first).await;
        self.bot = Some(Bot::start(&self.fake, service).await);
    }

    /// Every interaction answered within Discord's 3 s of being handed to the bot.
    async fn answered(&mut self, made: &[(String, Player)]) {
        let end = Instant::now() + Duration::from_secs(5);
        for (token, _) in made {
            loop {
                let a = self.fake.answered(token);
                if let (Some(handed), Some(at)) = (a.handed, a.answered) {
                    let took = at.duration_since(handed);
                    assert!(
                        took <= Duration::from_secs(3),
                        "{}: answered after {took:?}",
                        self.at()
                    );
                    break;
                }
                assert!(Instant::now() < end, "{}: {token} never answered", self.at());
                tokio::time::sleep(Duration::from_millis(2)).await;
            }
        }
    }

    /// Until the bot has sent nothing for a while.
    async fn quiet(&self) {
        let mut seen = usize::MAX;
        let mut still = 0;
        while still < 15 {
            tokio::time::sleep(Duration::from_millis(2)).await;
            let now = self.fake.requests().len();
            still = if now == seen { still + 1 } else { 0 };
            seen = now;
        }
    }

    /// The sizes of every message body sent since the last check, and no tile of a hand in a
    /// message the channel sees.
    async fn check_sent(&mut self, made: &[(String, Player)]) {
        let at = self.at();
        for (token, who) in made {
            let a = self.fake.answered(token);
            for m in a.original.into_iter().chain(a.followups) {
                self.owner.entry(m).or_insert(who.id);
            }
        }
        let requests = self.fake.requests();
        for r in &requests[self.checked..] {
            let body = if r.path.ends_with("/callback") { &r.body["data"] } else { &r.body };
            self.check_body(&at, body);
        }
        self.checked = requests.len();
        let mut now = Vec::new();
        for id in self.tables.clone() {
            if let Ok(Some(t)) = self.service().table(id).await {
                now.push(t);
            }
        }
        let allowed = self.public.allowed(&now);
        for m in self.fake.messages() {
            let from = self.states.insert(m.id, m.history.len()).unwrap_or(0);
            if m.ephemeral() || m.channel != CHANNEL {
                continue;
            }
            for state in &m.history[from..] {
                let mut text = state["content"].as_str().unwrap_or_default().to_owned();
                for e in state["embeds"].as_array().into_iter().flatten() {
                    text.push_str(e["description"].as_str().unwrap_or_default());
                }
                let hidden = invariants::tiles_named(&text).difference(allowed);
                assert!(
                    hidden.is_empty(),
                    "{at}: the channel sees tiles not on a table ({:?}):\n{text}",
                    hidden.iter().collect::<Vec<_>>()
                );
            }
        }
    }

    fn check_body(&mut self, at: &str, body: &Value) {
        if let Some(c) = body["content"].as_str() {
            assert!(c.chars().count() <= 2000, "{at}: content too long: {c}");
        }
        for e in body["embeds"].as_array().into_iter().flatten() {
            let d = e["description"].as_str().unwrap_or_default();
            assert!(d.chars().count() <= 4096, "{at}: an embed too long: {d}");
            let t = e["title"].as_str().unwrap_or_default();
            assert!(t.chars().count() <= 256, "{at}: a title too long: {t}");
        }
        let rows = body["components"].as_array().cloned().unwrap_or_default();
        assert!(rows.len() <= 5, "{at}: {} rows of components", rows.len());
        for row in &rows {
            let cs = row["components"].as_array().cloned().unwrap_or_default();
            assert!(cs.len() <= 5, "{at}: {} components in a row", cs.len());
            for c in &cs {
                if let Some(id) = c["custom_id"].as_str() {
                    assert!(id.chars().count() <= 100, "{at}: custom id {id:?}");
                    self.drawn.insert(id.to_owned());
                }
                for o in c["options"].as_array().into_iter().flatten() {
                    let v = o["value"].as_str().unwrap_or_default();
                    assert!(v.chars().count() <= 100, "{at}: a choice's value {v:?}");
                }
            }
        }
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
        eprintln!(
            "monkey seed {}: {STEPS} steps, {} interactions, {} restarts, {} tables, {finished} finished",
            self.seed,
            self.interactions,
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
        let clock = Arc::new(ManualClock::new(1_700_000_000_000));
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
            did: String::new(),
        };
        monkey.run().await;
    }
    eprintln!("monkey: {:?} for {} seeds", started.elapsed(), SEEDS.len());
}
