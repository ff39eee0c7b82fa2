//! Two processes on one PostgreSQL database, driven at random (a fixed seed): people move at
//! duels and at tournaments' tables through either process, open duels, watch tables and stop
//! watching, make, enter and start tournaments; the clock runs on by seconds or by days and
//! both processes' timer rounds run at once; and now and then a process is killed at a random
//! commit boundary (its store refuses every call from its next write on, `Dying`) and started
//! again. After every step the store is as one process would have left it:
//!
//! - every table's log replays to its snapshot, and every acknowledged move is in it;
//! - each fixture of a tournament is played by at most one open table, the one it records,
//!   and a chat has at most the allowed open tournaments;
//! - each table's watchers are the ones the answers said (either way where the process died
//!   while answering: what was written may not have been told);
//! - after the clock moved, each chat is in the season a single process on a memory store,
//!   given the same settings and time, is in (no turn twice, none missed).

use super::dying::Dying;
use domino_core::bounds;
use domino_core::chat::{Args, Asker, Body, Change, Chat, Cmd, MenuPress, Page, Request};
use domino_core::chat::{TourAct, TourKind};
use domino_core::engine::rules::{Rules, Variant};
use domino_core::service::{CountingSeeds, ManualClock, Options, OsSeeds, Service};
use domino_core::service::{ServiceError, TableSpec};
use domino_core::session::{Action, Actor, ChatId, Command, FixtureOf, Millis, Person, Phase};
use domino_core::session::{Platform, Simple, UserId};
use domino_core::standings::Cadence;
use domino_core::standings::tournament::FixtureState;
use domino_core::store::{ChatSettings, MemoryStore, PgStore, Store, log_replays};
use domino_core::view::Watching;
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use serde_json::json;
use std::collections::{BTreeMap, BTreeSet};
use std::sync::Arc;

const T0: Millis = 1_700_000_000_000;
const DAY: Millis = 86_400_000;
/// How many chats keep seasons; the first holds the tournaments.
const CHATS: u32 = 4;
const STEPS: u32 = 320;

type Process = Chat<Dying<PgStore>>;

fn chat(n: u32) -> ChatId {
    ChatId::new(Platform::Telegram, format!("-88{n}"))
}

fn tg(n: u32) -> Person {
    Person::new(UserId::new(Platform::Telegram, n.to_string()), format!("Player {n}"))
}

fn member(chat_no: u32, n: u32) -> Asker {
    Asker::member(chat(chat_no), tg(n))
}

fn admin(chat_no: u32, n: u32) -> Asker {
    Asker { admin: true, ..member(chat_no, n) }
}

/// Monthly seasons in a zone of a seeded draw, and matches of one round (target 1).
fn settings(rng: &mut SmallRng) -> ChatSettings {
    let zones = super::zones();
    let zone = zones[rng.random_range(0..zones.len())];
    let mut s = ChatSettings {
        version: 1,
        seasons: Cadence::Monthly,
        zone: Some(zone),
        ..ChatSettings::default()
    };
    s.presets.insert("kozel".into(), json!({ "target": 1 }));
    s
}

fn options(shared: bool) -> Options {
    Options { robot_pause: std::time::Duration::ZERO, shared, ..Options::default() }
}

/// One process and its own clock (a manual one, moved on with the others').
struct Proc {
    chat: Process,
    clock: Arc<ManualClock>,
}

impl Proc {
    /// A process started over `url`, its clock moved on by `advanced` (as far as the others').
    async fn start(url: &str, advanced: Millis) -> Proc {
        let clock = Arc::new(ManualClock::new(T0));
        let store = Dying::after(PgStore::open(url).await.unwrap(), u64::MAX);
        let (robot, seeds) = (Arc::new(Simple), Arc::new(CountingSeeds::new(advanced as u64)));
        let svc = Service::start_with(store, robot, clock.clone(), seeds, options(true));
        let chat = Chat::new(svc.await.unwrap());
        clock.advance(advanced);
        Proc { chat, clock }
    }

    fn svc(&self) -> &Service<Dying<PgStore>> {
        self.chat.service()
    }

    fn dead(&self) -> bool {
        self.svc().store().dead()
    }
}

/// What the test knows the store must hold.
#[derive(Default)]
struct Model {
    /// Moves acknowledged: (table, version).
    acked: BTreeSet<(i64, u64)>,
    /// Tables seen, to check their logs.
    tables: BTreeSet<i64>,
    /// Each table's watchers as the answers said.
    watchers: BTreeMap<i64, BTreeSet<String>>,
}

/// The person to move at a random playing table of the store moves, through `p`.
async fn a_move(p: &Proc, check: &PgStore, m: &mut Model, rng: &mut SmallRng) {
    let open: Vec<_> = check.load_open().await.unwrap().into_iter().flatten().collect();
    let mut playing: Vec<_> = open.iter().filter(|t| t.phase == Phase::Playing).collect();
    // Mostly at the tournaments' tables, so that their fixtures are played out.
    if rng.random_bool(0.7) && playing.iter().any(|t| t.fixture.is_some()) {
        playing.retain(|t| t.fixture.is_some());
    }
    if playing.is_empty() {
        return;
    }
    let t = playing[rng.random_range(0..playing.len())];
    let Some(seat) = t.to_move() else { return };
    let Some(who) = t.seats[seat].as_ref().and_then(|s| s.person()).cloned() else { return };
    let moves = t.live().unwrap().legal_moves(seat);
    let mv = moves[rng.random_range(0..moves.len())];
    let cmd = Command {
        actor: Actor::person(who),
        action: Action::Move { mv },
        version: Some(t.version),
    };
    match p.svc().handle(t.id, cmd).await {
        Ok(done) => assert!(m.acked.insert((t.id, done.table.version)), "acknowledged twice"),
        Err(ServiceError::Rejected(_)) => {}
        Err(e) => assert!(p.dead(), "only a killed process fails: {e}"),
    }
}

/// A duel in chat `c`: opened through `p`, joined through `q`.
async fn a_duel(p: &Proc, q: &Proc, c: u32, rng: &mut SmallRng, m: &mut Model) {
    let (x, y) = (rng.random_range(10..20), rng.random_range(20..30));
    let rules = Rules::from_options(Variant::Kozel, &json!({ "target": 1 }), None).unwrap();
    let t = match p.svc().create(TableSpec::plain(chat(c), rules, 2), tg(x)).await {
        Ok(t) => t,
        // Refused (a limit of the chat's or the person's tables), or the process was killed.
        Err(ServiceError::Rejected(_)) => return,
        Err(e) => return assert!(p.dead(), "a duel opened: {e}"),
    };
    m.tables.insert(t.table.id);
    let join =
        Command { actor: Actor::person(tg(y)), action: Action::Join { seat: None }, version: None };
    if let Err(e) = q.svc().handle(t.table.id, join).await {
        assert!(q.dead() || matches!(e, ServiceError::Rejected(_)), "{e}");
    }
}

/// Somebody (of people 40–43) asks to watch a table of chat `c` by its number, or to stop.
async fn a_watch(p: &Proc, check: &PgStore, c: u32, m: &mut Model, rng: &mut SmallRng) {
    let open = check.load_open().await.unwrap().into_iter().flatten();
    let tables: Vec<_> = open.filter(|t| t.chat == chat(c)).collect();
    if tables.is_empty() {
        return;
    }
    let t = &tables[rng.random_range(0..tables.len())];
    let who = rng.random_range(40..44);
    let ask = Request::Command(Cmd::Watch, Args { table: Some(t.number), ..Args::default() });
    let before = m.watchers.get(&t.id).cloned().unwrap_or_default();
    let answer = p.chat.handle(&member(c, who), ask).await;
    let said = match answer.reply.as_ref().map(|r| &r.body) {
        Some(Body::Watch(view)) => Some(view.watching),
        _ => None,
    };
    let mut after = before.clone();
    match said {
        Some(Watching::On) => after.insert(who.to_string()),
        Some(Watching::Stopped) => after.remove(&who.to_string()),
        _ => false,
    };
    let stored = watchers(check, t.id).await;
    if p.dead() {
        // Killed while answering: what it wrote may not have been told; either is whole.
        let toggled = before.symmetric_difference(&[who.to_string()].into()).cloned().collect();
        assert!(stored == before || stored == toggled, "watchers {stored:?} of {before:?}");
        m.watchers.insert(t.id, stored);
    } else {
        assert_eq!(stored, after, "watchers as told");
        m.watchers.insert(t.id, after);
    }
}

async fn watchers(check: &PgStore, table: i64) -> BTreeSet<String> {
    let value = check.meta(&format!("watch:{table}")).await.unwrap();
    value.unwrap_or_default().lines().filter(|l| !l.is_empty()).map(str::to_owned).collect()
}

/// The tournament chat's admin makes a round robin, two or three people enter, it starts.
async fn a_tournament(p: &Proc, q: &Proc, check: &PgStore, rng: &mut SmallRng) {
    let mut args =
        Args { game: Some(Variant::Kozel), tour: Some(TourKind::RoundRobin), ..Args::default() };
    args.set_target(1);
    p.chat.handle(&admin(0, 1), Request::Command(Cmd::Tournament, args)).await;
    let open = check.tournaments(Some(&chat(0)), true).await.unwrap();
    let Some(doc) = open.iter().max_by_key(|d| d.tournament.id) else { return };
    let id = doc.tournament.id;
    let people = rng.random_range(2..=3);
    for n in 1..=people {
        tour_press(
            if rng.random_bool(0.5) { p } else { q },
            check,
            member(0, n),
            id,
            TourAct::Join,
        )
        .await;
    }
    tour_press(q, check, admin(0, 1), id, TourAct::Start).await;
}

async fn tour_press(p: &Proc, check: &PgStore, from: Asker, id: i64, act: TourAct) {
    let Some(doc) = check.tournament(id).await.unwrap() else { return };
    let press =
        MenuPress { version: doc.version, page: Page::Tournament(id), change: Change::Tour(act) };
    p.chat.handle(&from, Request::press(press.encode())).await;
}

/// Every table's log replays to its snapshot and holds the moves acknowledged; each fixture is
/// played by the one table it records at most; no chat over its open tournaments.
async fn consistent(check: &PgStore, m: &mut Model, step: u32) {
    let open: Vec<_> = check.load_open().await.unwrap().into_iter().flatten().collect();
    m.tables.extend(open.iter().map(|t| t.id));
    for &id in &m.tables {
        let stored = check.load(id).await.unwrap().expect("a table never goes");
        let log = check.events(id).await.unwrap();
        log_replays(&stored, &log).unwrap_or_else(|e| panic!("step {step}: table {id}: {e:?}"));
        for (_, v) in m.acked.range((id, 0)..=(id, u64::MAX)) {
            assert!(log.iter().any(|(lv, _)| lv == v), "step {step}: {id} v{v} acknowledged");
        }
    }
    let mut playing: BTreeMap<(i64, usize), Vec<i64>> = BTreeMap::new();
    for t in &open {
        if let Some(of) = t.fixture {
            playing.entry((of.tournament, of.fixture)).or_default().push(t.id);
        }
    }
    let tours = check.tournaments(Some(&chat(0)), false).await.unwrap();
    let open_tours = check.tournaments(Some(&chat(0)), true).await.unwrap().len();
    assert!(open_tours <= bounds::OPEN_TOURNAMENTS, "step {step}: {open_tours} open");
    for d in &tours {
        for (i, f) in d.tournament.fixtures.iter().enumerate() {
            let of = FixtureOf { tournament: d.tournament.id, fixture: i };
            let tables = playing.remove(&(of.tournament, i)).unwrap_or_default();
            assert!(tables.len() <= 1, "step {step}: {of:?} played at {tables:?}");
            if let FixtureState::Playing { table } | FixtureState::Played { table, .. } = f.state {
                let t = check.load(table).await.unwrap().expect("a fixture's table");
                assert_eq!(t.fixture, Some(of), "step {step}: the table plays its fixture");
            }
        }
    }
}

/// Each chat's season is the reference's (unless a turn falls within a minute of now, where
/// the processes' clocks, a few seconds apart, may disagree).
async fn seasons_as_one(check: &PgStore, reference: &Service<MemoryStore>, step: u32) {
    let now = reference.now();
    for c in 0..CHATS {
        let due = reference.store().meta(&format!("season-due:{}", chat(c))).await.unwrap();
        let due: Millis = due.expect("planned").parse().unwrap();
        if (due - now).abs() < 60_000 {
            continue;
        }
        let want = reference.store().season(&chat(c)).await.unwrap().number;
        let got = check.season(&chat(c)).await.unwrap().number;
        assert_eq!(got, want, "step {step}: {} in season {got}, one process: {want}", chat(c));
    }
}

/// The killed processes started again: how many there were.
async fn restart_dead(procs: &mut [Proc; 2], url: &str, advanced: Millis) -> u32 {
    let mut killed = 0;
    for p in procs.iter_mut() {
        if p.dead() {
            killed += 1;
            *p = Proc::start(url, advanced).await;
        }
    }
    killed
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_processes_with_kills_leave_what_one_would() {
    let url = domino_pg_harness::server().database("mixed_two");
    let mut procs = [Proc::start(&url, 0).await, Proc::start(&url, 0).await];
    let check = PgStore::open(&url).await.unwrap();
    let ref_clock = Arc::new(ManualClock::new(procs[0].svc().now()));
    let reference = Service::start_with(
        MemoryStore::new(),
        Arc::new(Simple),
        ref_clock.clone(),
        Arc::new(OsSeeds),
        options(false),
    )
    .await
    .unwrap();
    let mut rng = SmallRng::seed_from_u64(43);
    for c in 0..CHATS {
        let s = settings(&mut rng);
        procs[0].svc().store().set_chat_settings(&chat(c), &s).await.unwrap();
        procs[0].svc().plan_league(&chat(c), &s).await.unwrap();
        reference.store().set_chat_settings(&chat(c), &s).await.unwrap();
        reference.plan_league(&chat(c), &s).await.unwrap();
    }
    let (mut model, mut advanced, mut kills) = (Model::default(), 0, 0);
    for step in 0..STEPS {
        let i = rng.random_range(0..2);
        let (p, q) = (&procs[i], &procs[1 - i]);
        let mut clock_moved = false;
        match rng.random_range(0..100) {
            0..45 => {
                for _ in 0..rng.random_range(1..4) {
                    a_move(p, &check, &mut model, &mut rng).await;
                }
            }
            45..55 => a_duel(p, q, rng.random_range(0..CHATS), &mut rng, &mut model).await,
            55..67 => a_watch(p, &check, rng.random_range(0..CHATS), &mut model, &mut rng).await,
            67..72 => a_tournament(p, q, &check, &mut rng).await,
            72..92 => {
                // Seconds (a tournament's pace, the turns) or days (seasons, enrolments).
                let by = if rng.random_bool(0.8) { 11_000 } else { rng.random_range(1..12) * DAY };
                advanced += by;
                for p in &procs {
                    p.clock.advance(by);
                }
                ref_clock.advance(by);
                tokio::join!(procs[0].svc().fire_due(), procs[1].svc().fire_due());
                reference.fire_due().await;
                clock_moved = true;
            }
            _ => {
                // Killed at its next few commit boundaries, whatever it is doing then.
                p.svc().store().die_after(rng.random_range(0..6));
            }
        }
        kills += restart_dead(&mut procs, &url, advanced).await;
        if clock_moved {
            // The due work done: rounds until one where neither process died.
            for _ in 0..8 {
                tokio::join!(procs[0].svc().fire_due(), procs[1].svc().fire_due());
                if !procs[0].dead() && !procs[1].dead() {
                    break;
                }
                kills += restart_dead(&mut procs, &url, advanced).await;
            }
            seasons_as_one(&check, &reference, step).await;
        }
        consistent(&check, &mut model, step).await;
    }
    let turned = reference.store().season(&chat(0)).await.unwrap().number;
    eprintln!(
        "mixed: {kills} kills, {} moves, {} tables watched, season {turned}",
        model.acked.len(),
        model.watchers.len()
    );
    assert!(kills >= 3, "kills: {kills}");
    assert!(model.acked.len() >= 20, "moves: {}", model.acked.len());
    assert!(model.watchers.len() >= 2, "watched tables: {}", model.watchers.len());
    assert!(turned >= 2, "the seasons turned: {turned}");
    let tours = check.tournaments(Some(&chat(0)), false).await.unwrap();
    let played = tours.iter().flat_map(|d| &d.tournament.fixtures);
    let played = played.filter(|f| matches!(f.state, FixtureState::Played { .. })).count();
    assert!(played >= 1, "fixtures played: {played} of {} tournaments", tours.len());
}
