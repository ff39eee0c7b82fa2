//! Two services on one PostgreSQL database, as two `domino run` processes: a table whose stored
//! snapshot no longer reads is set aside exactly once (one notice), the other tables go on
//! syncing on both; and processes whose clocks disagree by minutes still see each other's
//! changes and respect each other's leases (every time they compare is the database's). The
//! league's calendar work, exactly once on two processes and across kills:
//! `shared_store/league.rs`; turns timed alike by processes whose clocks disagree:
//! `shared_store/time.rs`; people, duels, watchers, tournaments and seasons at random on two
//! processes killed and restarted, checked after every step against what one process leaves:
//! `shared_store/mixed.rs`.

use domino_core::chat::Chat;
use domino_core::engine::game::Match;
use domino_core::engine::moves::Move;
use domino_core::engine::rules::{Rules, Variant};
use domino_core::service::{ManualClock, Options, OsSeeds, Service, TableSpec};
use domino_core::session::{
    Action, Actor, BotLevel, ChatId, Command, Event, MovedBy, Person, Phase, Platform, Robot,
    Simple, Table, UserId,
};
use domino_core::store::{PgStore, Store};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Condvar, Mutex};

#[path = "shared_store/dying.rs"]
mod dying;

#[path = "shared_store/league.rs"]
mod league;

#[path = "shared_store/mixed.rs"]
mod mixed;

#[path = "shared_store/time.rs"]
mod time;

const T0: i64 = 1_700_000_000_000;
const MINUTES: i64 = 60_000;

/// The zones the league's chats draw from: fixed offsets, and regions whose clocks move in
/// summer (seasons and digests then turn at their local hour either side of the change).
fn zones() -> Vec<domino_core::standings::Zone> {
    use domino_core::standings::Zone;
    let fixed = [-480, -180, 0, 180, 330, 720].into_iter().filter_map(Zone::of_minutes);
    let named = ["Europe/Berlin", "America/New_York", "Europe/London", "Australia/Sydney"];
    fixed.chain(named.into_iter().filter_map(Zone::named)).collect()
}

fn person(n: u32) -> Person {
    Person::new(UserId::new(Platform::Telegram, format!("u{n}")), format!("Player {n}"))
}

fn chat(n: u32) -> ChatId {
    ChatId::new(Platform::Telegram, format!("-{}", 100 + n))
}

fn spec(n: u32) -> TableSpec {
    TableSpec::plain(chat(n), Rules::new(Variant::Kozel), 2)
}

async fn service(
    store: PgStore,
    clock: Arc<ManualClock>,
    robot: Arc<dyn Robot>,
) -> Arc<Service<PgStore>> {
    let options =
        Options { robot_pause: std::time::Duration::ZERO, shared: true, ..Options::default() };
    Service::start_with(store, robot, clock, Arc::new(OsSeeds), options).await.unwrap()
}

/// A match between two people, opened by `x` and joined through `y`.
async fn match_of(x: &Service<PgStore>, y: &Service<PgStore>, n: u32) -> Table {
    let t = x.create(spec(n), person(2 * n)).await.unwrap().table;
    let join = Command {
        actor: Actor::person(person(2 * n + 1)),
        action: Action::Join { seat: None },
        version: None,
    };
    let t = y.handle(t.id, join).await.unwrap().table;
    assert_eq!(t.phase, Phase::Playing);
    t
}

/// The person to move plays their first move, through `svc` (as it sees the table once it
/// has looked at the store's changes).
async fn press(svc: &Service<PgStore>, id: i64) -> Table {
    svc.sync().await.unwrap();
    let t = svc.table(id).await.unwrap().unwrap();
    let seat =
        t.to_move().unwrap_or_else(|| panic!("someone to move: {:?} v{}", t.phase, t.version));
    let who = t.seats[seat].as_ref().unwrap().person().unwrap().clone();
    let mv = t.live().unwrap().legal_moves(seat)[0];
    let cmd = Command {
        actor: Actor::person(who),
        action: Action::Move { mv },
        version: Some(t.version),
    };
    svc.handle(id, cmd).await.unwrap().table
}

/// The version `svc` holds in memory after a timer round (a table it does not hold: none).
async fn held_after_round(svc: &Service<PgStore>, id: i64) -> Option<u64> {
    svc.fire_due().await;
    svc.all_tables().await.into_iter().find(|t| t.id == id).map(|t| t.version)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_snapshot_that_no_longer_reads_is_set_aside_once_and_the_rest_sync_on() {
    let url = domino_pg_harness::server().database("set_aside_once");
    let clock = Arc::new(ManualClock::new(T0));
    let a = service(PgStore::open(&url).await.unwrap(), clock.clone(), Arc::new(Simple)).await;
    let b = service(PgStore::open(&url).await.unwrap(), clock.clone(), Arc::new(Simple)).await;
    let (mut told_a, mut told_b) = (a.subscribe_set_aside(), b.subscribe_set_aside());
    let tables = [match_of(&a, &b, 1).await, match_of(&b, &a, 2).await, match_of(&a, &b, 3).await];
    for svc in [&a, &b] {
        svc.fire_due().await;
        assert_eq!(svc.open_tables(), 3, "each holds the three tables");
    }

    // Another process wrote table 2 in a form no process reads (a newer build, a fault).
    let broken = tables[1].id;
    let db = sqlx::PgPool::connect(&url).await.unwrap();
    sqlx::query(
        "UPDATE tables SET snapshot = (snapshot::jsonb || '{\"seats\": 7}')::text, version = version + 1,
         updated_at = (EXTRACT(EPOCH FROM clock_timestamp()) * 1000)::BIGINT WHERE id = $1",
    )
    .bind(broken)
    .execute(&db)
    .await
    .unwrap();

    // Several timer rounds on both at once, and moves on the other tables through either.
    for round in 0..4 {
        tokio::join!(a.fire_due(), b.fire_due());
        let (x, y) = if round % 2 == 0 { (&a, &b) } else { (&b, &a) };
        for t in [&tables[0], &tables[2]] {
            let moved = press(x, t.id).await;
            assert_eq!(held_after_round(y, t.id).await, Some(moved.version), "the other sees it");
        }
    }
    let aside: Vec<_> = a.set_aside().into_iter().chain(b.set_aside()).collect();
    assert_eq!(aside.len(), 1, "set aside once: {aside:?}");
    assert_eq!(
        (aside[0].id, aside[0].number, &aside[0].chat),
        (broken, tables[1].number, &chat(2))
    );
    let broadcast = [told_a.try_recv().ok(), told_b.try_recv().ok()];
    assert_eq!(broadcast.iter().flatten().count(), 1, "told once: {broadcast:?}");
    assert!(told_a.try_recv().is_err() && told_b.try_recv().is_err());
    let mut notices = Chat::new(a.clone()).set_aside_notices(Platform::Telegram).await;
    notices.extend(Chat::new(b.clone()).set_aside_notices(Platform::Telegram).await);
    assert_eq!(notices.len(), 1);
    assert_eq!(notices[0].0, chat(2));
    assert!(notices[0].1.contains(&format!("№{}", tables[1].number)), "{}", notices[0].1);
    for svc in [&a, &b] {
        assert_eq!(svc.open_tables(), 2, "the broken table left memory");
        assert!(svc.all_tables().await.iter().all(|t| t.id != broken));
    }
    let (open,): (bool,) = sqlx::query_as("SELECT open FROM tables WHERE id = $1")
        .bind(broken)
        .fetch_one(&db)
        .await
        .unwrap();
    assert!(!open, "closed in the store");

    // A process started afterwards neither loads it nor tells the chat again.
    let c = service(PgStore::open(&url).await.unwrap(), clock.clone(), Arc::new(Simple)).await;
    assert!(c.set_aside().is_empty());
    assert_eq!(c.open_tables(), 2);
}

/// A computer player that counts its thinking and, until let go, holds it.
#[derive(Default)]
struct Held {
    thoughts: AtomicUsize,
    open: Mutex<bool>,
    opened: Condvar,
    entered: tokio::sync::Notify,
}

impl Held {
    fn let_go(&self) {
        *self.open.lock().unwrap() = true;
        self.opened.notify_all();
    }
}

impl Robot for Held {
    fn choose(&self, game: &Match, seat: usize, level: BotLevel, seed: u64) -> Move {
        self.thoughts.fetch_add(1, Ordering::SeqCst);
        self.entered.notify_one();
        let mut open = self.open.lock().unwrap();
        while !*open {
            open = self.opened.wait(open).unwrap();
        }
        Simple.choose(game, seat, level, seed)
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn processes_whose_clocks_disagree_see_each_other_and_keep_to_leases() {
    let url = domino_pg_harness::server().database("clocks_disagree");
    // `b`'s clock runs ten minutes ahead of `a`'s, `c`'s ten behind.
    let (ca, cb, cc) = (
        Arc::new(ManualClock::new(T0)),
        Arc::new(ManualClock::new(T0 + 10 * MINUTES)),
        Arc::new(ManualClock::new(T0 - 10 * MINUTES)),
    );
    let held = Arc::new(Held::default());
    let a = service(PgStore::open(&url).await.unwrap(), ca.clone(), held.clone()).await;
    let b = service(PgStore::open(&url).await.unwrap(), cb.clone(), held.clone()).await;
    let c = service(PgStore::open(&url).await.unwrap(), cc.clone(), held.clone()).await;

    // Changes made by each are seen by the others at their next timer round.
    let t = match_of(&a, &b, 1).await;
    for (x, others) in [(&a, [&b, &c]), (&b, [&a, &c]), (&c, [&a, &b])] {
        let moved = press(x, t.id).await;
        for y in others {
            assert_eq!(held_after_round(y, t.id).await, Some(moved.version));
        }
    }
    let lobby = c.create(spec(2), person(9)).await.unwrap().table;
    assert_eq!(held_after_round(&b, lobby.id).await, Some(lobby.version), "a new table is seen");

    // A computer thinking in `a` holds the table's lease: neither a process whose clock is
    // ahead nor one behind takes it over.
    let duel = a.duel(spec(3), person(30), None, 60_000).await.unwrap().table;
    let mut d = duel;
    if d.to_move() == Some(0) {
        d = press(&a, d.id).await;
    }
    assert!(d.robot_turn(a.now()).is_some(), "the computer's move is due");
    held.entered.notified().await;
    tokio::join!(b.fire_due(), c.fire_due());
    tokio::join!(b.fire_due(), c.fire_due());
    assert_eq!(held.thoughts.load(Ordering::SeqCst), 1, "one process thinks");
    held.let_go();
    a.settled().await;
    b.settled().await;
    c.settled().await;
    let log = a.store().events(d.id).await.unwrap();
    let by_computer =
        log.iter().filter(|(_, e)| matches!(e, Event::Moved { by: MovedBy::Computer, .. })).count();
    assert_eq!(by_computer, held.thoughts.load(Ordering::SeqCst), "each move thought once");
}
