//! Two services on one store, as two `domino run` processes on one PostgreSQL database (and on
//! one SQLite file, which takes the same care): presses split at random between them, tables
//! opened by one served by the other, timers fired once, and a computer player thinking in
//! one process only.

use domino_core::engine::game::Match;
use domino_core::engine::moves::Move;
use domino_core::engine::rules::{Rules, Variant};
use domino_core::service::{ManualClock, Options, OsSeeds, Service, ServiceError, TableSpec};
use domino_core::session::{
    Action, Actor, BotLevel, ChatId, Command, Event, MovedBy, Person, Phase, Platform, Rejection,
    Robot, Simple, Table, UserId,
};
use domino_core::store::{ChatSettings, PgStore, SqliteStore, Store, TurnTimer, log_replays};
use rand::{Rng, SeedableRng};
use std::collections::BTreeSet;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Condvar, Mutex};

const T0: i64 = 1_700_000_000_000;

fn person(n: u32) -> Person {
    Person::new(UserId::new(Platform::Telegram, format!("u{n}")), format!("Player {n}"))
}

fn chat(n: u32) -> ChatId {
    ChatId::new(Platform::Telegram, format!("-{}", 100 + n))
}

fn spec(n: u32, size: u8) -> TableSpec {
    TableSpec::plain(chat(n), Rules::new(Variant::Kozel), size)
}

async fn service<S: Store>(
    store: S,
    clock: Arc<ManualClock>,
    robot: Arc<dyn Robot>,
) -> Arc<Service<S>> {
    let options =
        Options { robot_pause: std::time::Duration::ZERO, shared: true, ..Options::default() };
    Service::start_with(store, robot, clock, Arc::new(OsSeeds), options).await.unwrap()
}

/// The next press at a table as this service sees it: the person to move plays one of their
/// moves, pinned to the version seen (a stale view is refused as stale, never applied).
fn press(t: &Table, pick: usize) -> Option<Command> {
    let seat = t.to_move()?;
    let who = t.seats[seat].as_ref()?.person()?.clone();
    let moves = t.live()?.legal_moves(seat);
    let mv = moves[pick % moves.len()];
    Some(Command {
        actor: Actor::person(who),
        action: Action::Move { mv },
        version: Some(t.version),
    })
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

/// Lets the computer go when dropped, so that a failed assertion does not leave it held.
struct LetGo(Arc<Held>);

impl Drop for LetGo {
    fn drop(&mut self) {
        self.0.let_go();
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

async fn two_services_serve_one_store<S: Store>(first: S, second: S) {
    let clock = Arc::new(ManualClock::new(T0));
    let held = Arc::new(Held::default());
    let _let_go = LetGo(held.clone());
    let a = service(first, clock.clone(), held.clone()).await;
    let b = service(second, clock.clone(), held.clone()).await;
    assert!(a.is_shared() && b.is_shared());
    // No turn timer here (a group's default): the clock jumps a day below, and this is about
    // two processes, not about the timer.
    for n in 0..=6 {
        let off = ChatSettings { timer: TurnTimer::Off, ..ChatSettings::default() }.next();
        a.store().set_chat_settings(&chat(n), &off).await.unwrap();
    }

    // A computer's move: thought of by one process only. `a` opens a duel against the
    // computer; `b`, looking at its due work while `a`'s computer thinks, leaves it alone.
    let duel = a.duel(spec(0, 2), person(0), None, 60_000).await.unwrap().table;
    let mut t = duel.clone();
    if t.robot_turn(a.now()).is_none() {
        let cmd = press(&t, 0).expect("the person moves first");
        t = a.handle(t.id, cmd).await.unwrap().table;
    }
    if t.robot_turn(a.now()).is_some() {
        held.entered.notified().await;
        b.fire_due().await;
        a.fire_due().await;
        assert_eq!(held.thoughts.load(Ordering::SeqCst), 1, "one process thinks");
    }
    held.let_go();
    a.settled().await;
    b.settled().await;

    // Tables opened by one, joined through the other (read from the store on first use).
    let mut ids = Vec::new();
    for n in 1..=6 {
        let t = a.create(spec(n, 2), person(2 * n)).await.unwrap().table;
        let join = Command {
            actor: Actor::person(person(2 * n + 1)),
            action: Action::Join { seat: None },
            version: None,
        };
        let joined = b.handle(t.id, join).await.unwrap().table;
        assert_eq!(joined.phase, Phase::Playing, "two seats: the match starts");
        ids.push(t.id);
    }

    // Presses split at random between the two, some at once on one table: every accepted
    // version is acknowledged once, whatever each service held in memory.
    let mut rng = rand::rngs::SmallRng::seed_from_u64(13);
    let mut acked = BTreeSet::new();
    for i in 0..300 {
        if i % 25 == 0 {
            // The timer rounds of each process read what the other changed.
            a.sync().await.unwrap();
            b.sync().await.unwrap();
        }
        let id = ids[rng.random_range(0..ids.len())];
        let pick = rng.random_range(0..8);
        let (x, y) = if rng.random_bool(0.5) { (&a, &b) } else { (&b, &a) };
        let (tx, ty) = (x.table(id).await.unwrap().unwrap(), y.table(id).await.unwrap().unwrap());
        let (cx, cy) = (press(&tx, pick), press(&ty, pick + 1));
        let (rx, ry) = tokio::join!(
            async {
                match cx {
                    Some(c) => Some(x.handle(id, c).await),
                    None => None,
                }
            },
            async {
                match cy {
                    Some(c) if rng_both(pick) => Some(y.handle(id, c).await),
                    _ => None,
                }
            },
        );
        for r in [rx, ry].into_iter().flatten() {
            match r {
                Ok(reply) => assert!(acked.insert((id, reply.table.version)), "acknowledged twice"),
                Err(ServiceError::Rejected(Rejection::Stale | Rejection::NotYourTurn)) => {}
                Err(e) => panic!("{e:?}"),
            }
        }
    }
    assert!(acked.len() > 100, "too few presses went through: {}", acked.len());
    for &id in &ids {
        let stored = a.store().load(id).await.unwrap().unwrap();
        let log = a.store().events(id).await.unwrap();
        log_replays(&stored, &log).expect("the log replays to the snapshot");
        for (_, v) in acked.iter().filter(|(t, _)| *t == id) {
            assert!(log.iter().any(|(lv, _)| lv == v), "acknowledged version {v} is stored");
        }
        // Each service, once it looks, holds what the store has.
        a.sync().await.unwrap();
        b.sync().await.unwrap();
        assert_eq!(a.table(id).await.unwrap().unwrap().version, stored.version);
        assert_eq!(b.table(id).await.unwrap().unwrap().version, stored.version);
    }

    // Timers: lobbies opened by one expire once, whichever fires first.
    let lobbies: Vec<i64> = open_lobbies(&b, 4).await;
    clock.advance(a.options().lives.lobby_ms + 1);
    let (fa, fb) = tokio::join!(a.fire_due(), b.fire_due());
    let mut fired: Vec<i64> = fa.iter().chain(&fb).map(|r| r.table.id).collect();
    fired.sort();
    assert_eq!(fired, lobbies, "each lobby closed by one process, once");
    for id in lobbies {
        let log = a.store().events(id).await.unwrap();
        let closed = log.iter().filter(|(_, e)| matches!(e, Event::Closed { .. })).count();
        assert_eq!(closed, 1);
    }
    // Every computer move was thought of once.
    let robot_moves = a
        .store()
        .events(duel.id)
        .await
        .unwrap()
        .iter()
        .filter(|(_, e)| matches!(e, Event::Moved { by: MovedBy::Computer, .. }))
        .count();
    assert_eq!(held.thoughts.load(Ordering::SeqCst), robot_moves);

    // A chat moved by one process (a Telegram group become a supergroup): the other's copy of
    // its table, from before the move, never writes the old chat back.
    let id = a.create(spec(30, 2), person(60)).await.unwrap().table.id;
    let join = Command {
        actor: Actor::person(person(61)),
        action: Action::Join { seat: None },
        version: None,
    };
    let before = a.handle(id, join).await.unwrap().table;
    let moved_to = ChatId::new(Platform::Telegram, "-1009999");
    b.sync().await.unwrap();
    assert_eq!(b.move_chat(&chat(30), &moved_to).await.unwrap().len(), 1);
    let mut cmd = press(&before, 0).expect("the match is on");
    cmd.version = None;
    a.handle(id, cmd).await.unwrap();
    let stored = a.store().load(id).await.unwrap().unwrap();
    assert_eq!(stored.chat, moved_to, "the table stays in the chat it moved to");
    assert_eq!(a.table(id).await.unwrap().unwrap().chat, moved_to);
}

/// Whether the second service presses too this time (about two times in three).
fn rng_both(pick: usize) -> bool {
    !pick.is_multiple_of(3)
}

/// `n` three-seat lobbies opened through `svc`, their ids in order.
async fn open_lobbies<S: Store>(svc: &Service<S>, n: u32) -> Vec<i64> {
    let mut ids = Vec::new();
    for i in 0..n {
        ids.push(svc.create(spec(20 + i, 3), person(100 + i)).await.unwrap().table.id);
    }
    ids
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_processes_on_one_sqlite_file() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("domino.db");
    let first = SqliteStore::open_path(&path).await.unwrap();
    let second = SqliteStore::open_path(&path).await.unwrap();
    two_services_serve_one_store(first, second).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_processes_on_one_postgres_database() {
    let url = domino_pg_harness::server().database("instances");
    let first = PgStore::open(&url).await.unwrap();
    let second = PgStore::open(&url).await.unwrap();
    two_services_serve_one_store(first, second).await;
}
