//! Strangers' input: every subcommand of `/domino` with strange option values — integers at
//! and past every limit Discord would check (a forged interaction is not checked), numbers as
//! text where an integer belongs, strange words (`chat::strange`) in string options, unknown
//! users —, real presses now and then so that tables open and play, and presses with forged
//! but well-formed custom ids on real tables. Fixed seeds (the bot's deals too). After every
//! step: answered within 3 s, the bot alive, no request failed (no "something went wrong"),
//! the process's resident memory bounded.

use crate::fake::Fake;
use crate::harness::*;
use crate::payloads::{self, opt, resolved_user, user_opt};
use domino_core::chat::{ArgKind, COMMANDS, strange, texts};
use domino_core::engine::moves::Move as Played;
use domino_core::service::{CountingSeeds, Options, Service, Written};
use domino_core::session::{ChatId, Lang, Platform, Simple};
use domino_core::store::{MemoryStore, Store};
use domino_core::view::{ButtonAction, ButtonData};
use rand::rngs::StdRng;
use rand::seq::IndexedRandom;
use rand::{Rng, SeedableRng};
use serde_json::Value;
use std::sync::Arc;
use std::time::{Duration, Instant};

const SEEDS: [u64; 2] = [23, 3_031];
const STEPS: usize = 70;
const IN_TIME: Duration = Duration::from_secs(3);
/// First, what is known to have stopped bots: a match to 2³²−1 and its tally chart, a match
/// that never ends, counts past every bound.
fn known() -> Vec<(&'static str, Vec<Value>)> {
    vec![
        ("duel", vec![opt("computer", true), opt("target", 4_294_967_295i64)]),
        ("score", vec![]),
        ("new", vec![opt("game", "kozel"), opt("target", 999_999_999)]),
        ("score", vec![opt("table", 1)]),
        ("history", vec![opt("count", 4_294_967_295i64)]),
        ("season", vec![opt("season", 9_007_199_254_740_991i64)]),
        ("new", vec![opt("game", "telefon"), opt("options", "deal=4294967295")]),
    ]
}
/// Resident memory of the whole test process (the fake, the bot, tests running alongside):
/// a runaway (the issue saw 11 GB in 40 s) is far above it.
const MOST_RESIDENT: u64 = 1 << 30;
/// Integers a forged interaction may carry (Discord's own are within ±2⁵³).
const INTEGERS: [i64; 11] = [
    0,
    -1,
    1,
    4_294_967_295,
    4_294_967_296,
    999_999_999,
    -999_999_999,
    9_007_199_254_740_991,
    -9_007_199_254_740_991,
    65_536,
    255,
];

/// The process's resident memory, in bytes (`/proc/self/statm`, 4 KiB pages).
fn resident() -> u64 {
    let statm = std::fs::read_to_string("/proc/self/statm").unwrap_or_default();
    let pages: u64 = statm.split_whitespace().nth(1).and_then(|p| p.parse().ok()).unwrap_or(0);
    pages * 4096
}

fn channel() -> ChatId {
    ChatId::new(Platform::Discord, CHANNEL.to_string())
}

/// Forged actions: well formed, most of them meaningless here and now.
fn action(rng: &mut StdRng) -> ButtonAction {
    use ButtonAction::*;
    let all = [
        Join,
        Leave,
        AddBot,
        RemoveBot(rng.random()),
        Start,
        Hand,
        Hint,
        Move(Played::Draw),
        Move(Played::Pass),
        Resign,
        ResignYes,
        ResignNo,
        Pause,
        Resume,
        VoteEnd,
        End,
        Rematch,
        Back,
        Accept,
        Decline,
        Timer(Some(rng.random())),
        Size(rng.random()),
        Side(rng.random()),
        Swap(rng.random(), rng.random()),
        Shuffle,
    ];
    *all.choose(rng).expect("actions")
}

struct Stranger {
    seed: u64,
    step: usize,
    rng: StdRng,
    w: World<MemoryStore>,
    people: Vec<Player>,
    did: String,
    slowest: Duration,
    most_resident: u64,
}

impl Stranger {
    fn at(&self) -> String {
        format!("seed {} step {} ({})", self.seed, self.step, self.did)
    }

    /// An option of `kind` named `key`, with a strange value (now and then of the wrong type).
    fn option(&mut self, key: &str, kind: ArgKind) -> (Value, Value) {
        let rng = &mut self.rng;
        let wrong = rng.random_bool(0.15);
        let value = match kind {
            ArgKind::Players
            | ArgKind::Target
            | ArgKind::Table
            | ArgKind::Season
            | ArgKind::Count
            | ArgKind::Days
            | ArgKind::Minutes
            | ArgKind::Rounds
                if !wrong =>
            {
                opt(key, *INTEGERS.choose(rng).expect("integers"))
            }
            ArgKind::Pairs
            | ArgKind::Computer
            | ArgKind::PairsTable
            | ArgKind::AllTime
            | ArgKind::NewSeason
            | ArgKind::Thread
            | ArgKind::Streak
                if !wrong =>
            {
                opt(key, rng.random_bool(0.7))
            }
            ArgKind::Opponent => {
                let id = rng.random_range(1..u64::MAX);
                if rng.random_bool(0.5) {
                    let user = payloads::user(id, &strange::word(rng), false);
                    return (user_opt(key, id), resolved_user(user));
                }
                user_opt(key, id)
            }
            _ => {
                let n = rng.random_range(1..4);
                opt(key, (0..n).map(|_| strange::word(rng)).collect::<Vec<_>>().join(" "))
            }
        };
        (value, Value::Null)
    }

    /// A subcommand with strange options (`known` ones first).
    fn slash(&mut self, who: Player) -> String {
        let spec = COMMANDS.choose(&mut self.rng).expect("commands");
        let (mut sub, mut options) = (spec.key, Vec::new());
        let mut resolved = Value::Null;
        for arg in spec.args {
            if self.rng.random_bool(0.6) {
                let (o, r) = self.option(arg.key, arg.kind);
                options.push(o);
                if !r.is_null() {
                    resolved = r;
                }
            }
        }
        if let Some((known, given)) = known().into_iter().nth(self.step) {
            (sub, options, resolved) = (known, given, Value::Null);
        }
        let shown: String = format!("{options:?}").chars().take(300).collect();
        self.did = format!("{} sends /domino {sub} {shown}", who.name);
        let id = self.w.fake.id();
        let token = format!("token-{id}");
        let v = payloads::command(id, &token, CHANNEL, who.member(), sub, options, resolved);
        self.w.fake.push(v);
        token
    }

    fn press(&mut self, who: Player, on: u64, custom_id: &str) -> String {
        let msg = self.w.fake.message(on);
        let id = self.w.fake.id();
        let token = format!("token-{id}");
        let message = crate::fake::message_json(&msg);
        let v = payloads::button(id, &token, msg.channel, who.member(), custom_id, message);
        self.w.fake.push(v);
        token
    }

    /// A button of a channel message, pressed as it is.
    fn press_real(&mut self, who: Player) -> Option<String> {
        let seen: Vec<(u64, String)> = self
            .w
            .fake
            .messages()
            .into_iter()
            .filter(|m| m.channel == CHANNEL && !m.ephemeral() && !m.deleted)
            .flat_map(|m| m.buttons().into_iter().map(move |(_, id)| (m.id, id)))
            .collect();
        let (on, id) = seen.choose(&mut self.rng)?.clone();
        self.did = format!("{} presses {id:?}", who.name);
        Some(self.press(who, on, &id))
    }

    /// Well-formed data for a real table, pressed on its message.
    async fn press_forged(&mut self, who: Player) -> Option<String> {
        let tables = self.w.service().tables_in(&channel()).await;
        let table = tables.choose(&mut self.rng)?.clone();
        let refs = self.w.service().store().message_refs(table.id).await.ok()?;
        let (_, r) = refs.into_iter().find(|(a, _)| a == "public")?;
        let on: u64 = r.split_once(':')?.1.parse().ok()?;
        let v = table.version;
        let versions = [v, v + 1, v.saturating_sub(1), 0, u64::MAX, u64::from(u32::MAX)];
        let version = *versions.choose(&mut self.rng).expect("versions");
        let data = ButtonData::new(table.id, version, action(&mut self.rng)).encode();
        self.did = format!("{} presses forged {data:?}", who.name);
        Some(self.press(who, on, &data))
    }

    async fn answered(&mut self, token: &str) {
        let end = Instant::now() + Duration::from_secs(6);
        loop {
            let a = self.w.fake.answered(token);
            if let (Some(handed), Some(at)) = (a.handed, a.answered) {
                let took = at.duration_since(handed);
                assert!(took <= IN_TIME, "{}: answered after {took:?}", self.at());
                self.slowest = self.slowest.max(took);
                return;
            }
            assert!(Instant::now() < end, "{}: never answered", self.at());
            tokio::time::sleep(Duration::from_millis(3)).await;
        }
    }

    async fn quiet(&self) {
        let mut seen = usize::MAX;
        let mut still = 0;
        while still < 15 {
            tokio::time::sleep(Duration::from_millis(2)).await;
            let now = self.w.fake.requests().len();
            still = if now == seen { still + 1 } else { 0 };
            seen = now;
        }
    }

    async fn run(mut self) {
        let failed: Vec<&str> = [Written::Nothing, Written::InDoubt, Written::Committed]
            .into_iter()
            .flat_map(|w| [texts::contained(Lang::Ru, w), texts::contained(Lang::En, w)])
            .collect();
        for step in 0..STEPS {
            self.step = step;
            let who = *self.people.choose(&mut self.rng).expect("people");
            let roll = if step < known().len() { 0 } else { self.rng.random_range(0..10) };
            let token = match roll {
                0..6 => Some(self.slash(who)),
                6..8 => self.press_forged(who).await,
                _ => self.press_real(who),
            };
            if let Some(token) = token {
                self.answered(&token).await;
            }
            self.w.service().settled().await;
            self.quiet().await;
            assert!(self.w.bot.alive(), "{}: the bot stopped", self.at());
            let resident = resident();
            self.most_resident = self.most_resident.max(resident);
            assert!(resident <= MOST_RESIDENT, "{}: {} MiB resident", self.at(), resident >> 20);
            let broke = self
                .w
                .fake
                .messages()
                .into_iter()
                .map(|m| m.text())
                .find(|t| failed.iter().any(|f| t.contains(f)));
            assert!(broke.is_none(), "{}: a request failed: {broke:?}", self.at());
        }
        eprintln!(
            "strange input, seed {}: {STEPS} steps, slowest answer {:?}, at most {} MiB resident",
            self.seed,
            self.slowest,
            self.most_resident >> 20
        );
        self.w.bot.stop().await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn strange_options_and_forged_presses_are_answered_in_time() {
    for seed in SEEDS {
        let fake = Fake::start().await;
        let clock = fake.clock();
        let options = Options {
            robot_pause: Duration::ZERO,
            advice: domino_core::chat::scenario::ADVICE,
            ..Options::default()
        };
        let seeds = Arc::new(CountingSeeds::new(seed * 1_000));
        let service = Service::start_with(
            MemoryStore::new(),
            Arc::new(Simple),
            clock.clone(),
            seeds,
            options,
        )
        .await
        .expect("a service");
        let bot = Bot::start(&fake, service).await;
        let stranger = Stranger {
            seed,
            step: 0,
            rng: StdRng::seed_from_u64(seed),
            w: World { fake, bot, clock },
            people: vec![ANNA, BORIS, VERA, GLEB, ADMIN],
            did: String::new(),
            slowest: Duration::ZERO,
            most_resident: 0,
        };
        stranger.run().await;
    }
}
