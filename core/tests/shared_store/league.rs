//! The league's calendar work exactly once: hundreds of chats due at once for a season turn and
//! a digest, served by two processes on one PostgreSQL database, each turned and announced
//! once; and a process killed at every commit boundary of the turns, then started again, still
//! turns and announces each once.

use super::dying::Dying;
use domino_core::service::{LeagueEvent, ManualClock, Options, OsSeeds, Service};
use domino_core::session::{ChatId, Millis, Platform, Simple};
use domino_core::standings::{Cadence, Weekday};
use domino_core::store::{ChatSettings, PgStore, Store};
use rand::{Rng, SeedableRng};
use std::collections::BTreeMap;
use std::sync::Arc;
use tokio::sync::broadcast::error::RecvError;
use tokio::task::JoinHandle;

const T0: Millis = 1_700_000_000_000;
const DAY: Millis = 86_400_000;
/// Far enough on for every chat's season turn (a quarterly one included) and digest to be due.
const AHEAD: Millis = 93 * DAY;

fn league_chat(n: u32) -> ChatId {
    ChatId::new(Platform::Telegram, format!("-77{n:04}"))
}

/// A chat's settings with seasons by the calendar and a digest, on a seeded draw.
fn calendar(rng: &mut impl Rng) -> ChatSettings {
    let zones = super::zones();
    let zone = zones[rng.random_range(0..zones.len())];
    let seasons = [Cadence::Monthly, Cadence::Quarterly][rng.random_range(0..2)];
    let digest = Weekday::ALL[rng.random_range(0..7)];
    ChatSettings {
        version: 1,
        seasons,
        zone: Some(zone),
        digest: Some(digest),
        ..ChatSettings::default()
    }
}

/// Every chat's settings written and its league planned by `svc`.
async fn plan<S: Store>(svc: &Service<S>, chats: &[ChatId], seed: u64) {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    for chat in chats {
        let settings = calendar(&mut rng);
        svc.store().set_chat_settings(chat, &settings).await.unwrap();
        svc.plan_league(chat, &settings).await.unwrap();
    }
}

/// What a service announces, collected until it is dropped; and whether it ever lagged.
type Heard = JoinHandle<(Vec<LeagueEvent>, u64)>;

fn listen<S: Store>(svc: &Service<S>) -> Heard {
    let mut rx = svc.league_events();
    tokio::spawn(async move {
        let (mut heard, mut lagged) = (Vec::new(), 0);
        loop {
            match rx.recv().await {
                Ok(e) => heard.push(e),
                Err(RecvError::Lagged(n)) => lagged += n,
                Err(RecvError::Closed) => return (heard, lagged),
            }
        }
    })
}

/// How many of each kind of announcement each chat got, from every service's `heard`.
#[derive(Debug, Default, PartialEq)]
struct Told {
    seasons: u32,
    digests: u32,
    standings: u32,
}

async fn told(heard: Vec<Heard>) -> BTreeMap<ChatId, Told> {
    let mut out: BTreeMap<ChatId, Told> = BTreeMap::new();
    for h in heard {
        let (events, lagged) = h.await.unwrap();
        assert_eq!(lagged, 0, "every announcement heard");
        for e in events {
            let t = out.entry(e.chat().clone()).or_default();
            match e {
                LeagueEvent::Season(turn) => {
                    assert_eq!((turn.ended.number, turn.started.number), (1, 2), "{turn:?}");
                    t.seasons += 1;
                }
                LeagueEvent::Digest { since, at, .. } => {
                    assert_eq!(at - since, 7 * DAY);
                    t.digests += 1;
                }
                LeagueEvent::Standings { .. } => t.standings += 1,
                LeagueEvent::Tournament(_) => panic!("no tournament here"),
                LeagueEvent::Offer { .. } => panic!("no offer: the chats run their league"),
            }
        }
    }
    out
}

/// Each chat in its second season, with its next turn and digest planned after `now`.
async fn each_turned_once<S: Store>(store: &S, chats: &[ChatId], now: Millis) {
    for chat in chats {
        assert_eq!(store.season(chat).await.unwrap().number, 2, "{chat}: one turn");
        for due in ["season-due", "digest-due"] {
            let planned = store.meta(&format!("{due}:{chat}")).await.unwrap();
            let at: Millis = planned.expect("planned").parse().unwrap();
            assert!(at > now, "{chat}: the next {due} is after now");
        }
    }
}

fn options(shared: bool) -> Options {
    Options { robot_pause: std::time::Duration::ZERO, shared, ..Options::default() }
}

async fn start<S: Store>(store: S, clock: &Arc<ManualClock>, shared: bool) -> Arc<Service<S>> {
    let (robot, seeds) = (Arc::new(Simple), Arc::new(OsSeeds));
    Service::start_with(store, robot, clock.clone(), seeds, options(shared)).await.unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_processes_turn_and_tell_each_of_300_chats_once() {
    let url = domino_pg_harness::server().database("league_once");
    let clock = Arc::new(ManualClock::new(T0));
    let a = start(PgStore::open(&url).await.unwrap(), &clock, true).await;
    let b = start(PgStore::open(&url).await.unwrap(), &clock, true).await;
    let chats: Vec<ChatId> = (0..300).map(league_chat).collect();
    plan(&a, &chats, 43).await;
    let heard = vec![listen(&a), listen(&b)];

    // A quarter on, every chat's season turn and digest are due on both at once.
    clock.advance(AHEAD);
    for _ in 0..3 {
        tokio::join!(a.fire_due(), b.fire_due());
    }
    let now = a.now().max(b.now());
    let check = PgStore::open(&url).await.unwrap();
    drop((a, b));
    let told = told(heard).await;
    let once = Told { seasons: 1, digests: 1, standings: 1 };
    for chat in &chats {
        assert_eq!(told.get(chat), Some(&once), "{chat}");
    }
    assert_eq!(told.len(), chats.len());
    each_turned_once(&check, &chats, now).await;
}

/// A process killed before its write number `writes + 1` (every write before it whole), then
/// started again: each chat turned and told once in all. Returns whether the kill came (else
/// the round needed fewer writes).
async fn killed_after(url: &str, writes: u64, chats: &[ChatId]) -> bool {
    let clock = Arc::new(ManualClock::new(T0));
    let first = start(Dying::after(PgStore::open(url).await.unwrap(), u64::MAX), &clock, false);
    let first = first.await;
    plan(&first, chats, writes).await;
    drop(first);

    let dying = start(Dying::after(PgStore::open(url).await.unwrap(), writes), &clock, false).await;
    let mut heard = vec![listen(&dying)];
    clock.advance(AHEAD);
    dying.fire_due().await;
    let died = dying.store().dead();
    drop(dying);

    let again = start(PgStore::open(url).await.unwrap(), &clock, false).await;
    heard.push(listen(&again));
    again.fire_due().await;
    again.fire_due().await;
    let now = again.now();
    let check = PgStore::open(url).await.unwrap();
    drop(again);
    let told = told(heard).await;
    let once = Told { seasons: 1, digests: 1, standings: 1 };
    for chat in chats {
        assert_eq!(told.get(chat), Some(&once), "killed after {writes} writes: {chat}");
    }
    each_turned_once(&check, chats, now).await;
    died
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_kill_at_every_commit_of_the_turns_then_a_restart_turns_and_tells_once() {
    let chats: Vec<ChatId> = (0..2).map(league_chat).collect();
    let mut writes = 0;
    loop {
        let url = domino_pg_harness::server().database(&format!("league_kill_{writes}"));
        if !killed_after(&url, writes, &chats).await {
            break;
        }
        writes += 1;
    }
    // Two chats: a turn and its plan, a digest's plan each (and nothing else written).
    assert_eq!(writes, 6, "every commit boundary was tried");
}
