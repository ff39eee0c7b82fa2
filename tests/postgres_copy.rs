//! `domino migrate` on PostgreSQL, and `domino migrate --from sqlite://FILE` run as a user runs
//! it: a SQLite store with finished and open tables is copied into PostgreSQL (on a server the
//! test starts, see `domino-pg-harness`), copied again without change, copied again after the
//! SQLite store went on, and then the service goes on playing on PostgreSQL — where a copy
//! that would undo what PostgreSQL did is refused.

use domino_core::engine::rules::{Rules, Variant};
use domino_core::service::{ManualClock, Service, TableSpec};
use domino_core::session::{
    Action, Actor, BotLevel, ChatId, Command, Event, Lang, Millis, NewTable, Person, Phase,
    Platform, Simple, Table, UserId,
};
use domino_core::store::{ChatSettings, MatchSummary, PgStore, SqliteStore, Store, log_replays};
use serde_json::{Value, json};
use std::path::Path;
use std::process::{Command as Process, Output};
use std::sync::Arc;

const T0: Millis = 1_700_000_000_000;

fn domino(args: &[&str], database_url: &str) -> Output {
    Process::new(env!("CARGO_BIN_EXE_domino"))
        .args(args)
        .env("DATABASE_URL", database_url)
        .output()
        .expect("the binary runs")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

fn person(id: &str) -> Person {
    Person::new(UserId::new(Platform::Telegram, id), format!("P{id}"))
}

fn group() -> ChatId {
    ChatId::new(Platform::Telegram, "-100")
}

fn guild() -> ChatId {
    ChatId::new(Platform::Discord, "guild-1")
}

fn as_json<T: serde::Serialize>(v: &T) -> Value {
    serde_json::to_value(v).expect("serializable")
}

/// The next action of a person at a table: a move, or a rematch after the match.
fn next_action(t: &Table) -> Option<Command> {
    let (who, action) = match t.phase {
        Phase::Playing => {
            let seat = t.to_move()?;
            let who = t.seats[seat].as_ref()?.person()?.clone();
            let moves = t.live()?.legal_moves(seat);
            (who, Action::Move { mv: moves[(t.version as usize) % moves.len()] })
        }
        Phase::Finished => (t.humans().next()?.1.clone(), Action::Rematch),
        _ => return None,
    };
    Some(Command { actor: Actor::person(who), action, version: Some(t.version) })
}

/// Plays `n` actions at a table (or until it needs none); returns it.
async fn play<S: Store>(svc: &Service<S>, id: i64, n: usize) -> Table {
    let mut t = svc.table(id).await.unwrap().unwrap();
    for _ in 0..n {
        let Some(cmd) = next_action(&t) else { break };
        svc.handle(id, cmd).await.expect("an accepted action");
        // The computer players answer in the background.
        svc.settled().await;
        t = svc.table(id).await.unwrap().unwrap();
    }
    t
}

/// Plays a match to its end.
async fn finish<S: Store>(svc: &Service<S>, id: i64) -> Table {
    for _ in 0..10_000 {
        let t = play(svc, id, 1).await;
        if t.phase == Phase::Finished {
            return t;
        }
    }
    panic!("table {id} did not finish");
}

/// Applies and commits commands at tables as the service does, with seeds and times set here
/// (so the deals, and so the whole store, are the same on every run).
struct Driver<S> {
    store: S,
    now: Millis,
    seeds: u64,
}

impl<S: Store> Driver<S> {
    fn new_table(&mut self, chat: ChatId, rules: Rules, size: u8) -> NewTable {
        self.seeds += 1;
        NewTable {
            id: 0,
            chat,
            number: 0,
            rules,
            size,
            lang: Lang::Ru,
            turn_secs: None,
            bot_level: BotLevel::Greedy,
            seed: 77 + self.seeds,
            clock: None,
        }
    }

    async fn open(&mut self, chat: ChatId, variant: Variant, size: u8, host: &Person) -> Table {
        let new = self.new_table(chat, Rules::new(variant), size);
        let (mut t, events) = Table::create(new, host.clone(), self.now).unwrap();
        self.store.create(&mut t, &events).await.unwrap();
        t
    }

    async fn act(&mut self, t: &mut Table, cmd: Command) {
        self.now += 1000;
        let events = t.apply(&cmd, self.now).expect("an accepted command");
        self.commit(t, events).await;
        self.robots(t).await;
    }

    /// The computer moves that are due, each committed on its own, as the service makes them.
    async fn robots(&mut self, t: &mut Table) {
        while let Some(turn) =
            t.robot_turn(self.now).filter(|r| r.by == domino_core::session::MovedBy::Computer)
        {
            let mv = turn.choose(t.live().unwrap(), &Simple);
            let cmd =
                Command { actor: Actor::System, action: Action::RobotMove { mv }, version: None };
            let events = t.apply(&cmd, self.now).expect("a computer move");
            self.commit(t, events).await;
        }
    }

    async fn commit(&mut self, t: &Table, events: Vec<Event>) {
        let ended = events.iter().any(|e| matches!(e, Event::MatchEnded { .. }));
        let summary = ended.then(|| MatchSummary::of(t, self.now).expect("a finished match"));
        self.store.commit(t, &events, summary.as_ref()).await.unwrap();
    }

    async fn by(&mut self, t: &mut Table, who: &Person, action: Action) {
        let cmd = Command { actor: Actor::person(who.clone()), action, version: Some(t.version) };
        self.act(t, cmd).await;
    }

    async fn play(&mut self, t: &mut Table, n: usize) {
        for _ in 0..n {
            let Some(cmd) = next_action(t) else { break };
            self.act(t, cmd).await;
        }
    }

    async fn finish(&mut self, t: &mut Table) {
        for _ in 0..10_000 {
            self.play(t, 1).await;
            if t.phase == Phase::Finished {
                return;
            }
        }
        panic!("table {} did not finish", t.id);
    }
}

/// A SQLite store as a busy bot leaves it: finished matches (so scoreboards and records),
/// matches under way (one with a turn timer), a lobby, a closed table, chat settings, a second
/// season and message references. Returns every table id, and the time it ended at.
async fn busy_store(path: &Path) -> (Vec<i64>, Millis) {
    let store = SqliteStore::open_path(path).await.unwrap();
    let on_guild =
        ChatSettings { timer: domino_core::store::TurnTimer::Secs(30), ..ChatSettings::default() }
            .next();
    store.set_chat_settings(&guild(), &on_guild).await.unwrap();
    let mut d = Driver { store, now: T0, seeds: 0 };
    let [p1, p2, p3, p4] = ["1", "2", "3", "4"].map(person);
    let mut tables = Vec::new();

    let mut duel = d.open(group(), Variant::Classic, 2, &p1).await;
    d.by(&mut duel, &p2, Action::Join { seat: None }).await;
    d.finish(&mut duel).await;
    tables.push(duel);

    let pairs = Rules::from_options(Variant::Kozel, &json!({"teams": "pairs"}), None).unwrap();
    let new = d.new_table(group(), pairs, 4);
    let (mut four, events) = Table::create(new, p1.clone(), d.now).unwrap();
    d.store.create(&mut four, &events).await.unwrap();
    d.by(&mut four, &p2, Action::Join { seat: None }).await;
    d.by(&mut four, &p3, Action::Join { seat: None }).await;
    d.by(&mut four, &p1, Action::Start).await;
    d.finish(&mut four).await;
    d.play(&mut four, 7).await; // a rematch under way
    tables.push(four);

    d.store.new_season(&group(), T0 + 5).await.unwrap();
    let mut under_way = d.open(group(), Variant::Osel, 3, &p3).await;
    d.by(&mut under_way, &p4, Action::Join { seat: None }).await;
    d.by(&mut under_way, &p1, Action::Join { seat: None }).await;
    d.play(&mut under_way, 5).await;
    tables.push(under_way);

    tables.push(d.open(group(), Variant::Telefon, 4, &p4).await);
    let mut closed = d.open(group(), Variant::Classic, 2, &p2).await;
    d.by(&mut closed, &p2, Action::End).await;
    tables.push(closed);

    // A match against the computer with a 30-second turn timer.
    let new =
        NewTable { turn_secs: Some(30), ..d.new_table(guild(), Rules::new(Variant::Kozel), 2) };
    let (mut timed, events) = Table::duel(new, p1.clone(), None, d.now, d.now).unwrap();
    d.store.create(&mut timed, &events).await.unwrap();
    d.robots(&mut timed).await;
    assert!(timed.deadline.is_some(), "the person has a deadline");
    tables.push(timed);

    let ids: Vec<i64> = tables.iter().map(|t| t.id).collect();
    for &id in &ids {
        d.store.set_message_ref(id, "public", &format!("m{id}")).await.unwrap();
    }
    d.store.set_message_ref(ids[0], "hand:1", "h1").await.unwrap();
    d.store.close().await;
    (ids, d.now)
}

/// Everything a store answers about the tables and chats of [`busy_store`].
async fn dump<S: Store>(store: &S, ids: &[i64]) -> Value {
    let mut out = Vec::new();
    for &id in ids {
        let table = store.load(id).await.unwrap();
        out.push(json!({
            "table": as_json(&table),
            "events": as_json(&store.events(id).await.unwrap()),
            "refs": as_json(&store.message_refs(id).await.unwrap()),
        }));
    }
    let open: Vec<Table> =
        store.load_open().await.unwrap().into_iter().map(|t| t.unwrap()).collect();
    out.push(as_json(&open));
    for chat in [group(), guild()] {
        for season in [None, Some(1), Some(2)] {
            out.push(json!([
                as_json(&store.scoreboard(&chat, season, None).await.unwrap()),
                as_json(&store.pair_scoreboard(&chat, season, None).await.unwrap()),
            ]));
        }
        out.push(json!([
            as_json(&store.chat_settings(&chat).await.unwrap()),
            as_json(&store.season(&chat).await.unwrap()),
            store.last_record(&chat).await.unwrap(),
        ]));
    }
    Value::Array(out)
}

async fn sqlite_events(store: &SqliteStore, id: i64) -> u64 {
    store.events(id).await.unwrap().len() as u64
}

/// Runs the copy; returns its standard output.
fn copy(from: &str, to: &str) -> String {
    let out = domino(&["migrate", "--from", from], to);
    assert_eq!(out.status.code(), Some(0), "{}{}", text(&out.stdout), text(&out.stderr));
    let progress = text(&out.stderr);
    assert!(progress.contains("  tables: 6/6 rows"), "progress is shown: {progress}");
    // The finished duel rests in the store: four tables are active.
    assert!(progress.contains("  replayed: 4/4 open tables"), "{progress}");
    text(&out.stdout)
}

/// The copy's line for one table: (rows, copied, updated).
fn counts(report: &str, table: &str) -> (u64, u64, u64) {
    let line = report.lines().find(|l| l.split_whitespace().next() == Some(table)).unwrap();
    let n: Vec<u64> = line.split_whitespace().filter_map(|w| w.parse().ok()).collect();
    (n[0], n[1], n[2])
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_sqlite_store_copied_into_postgres_plays_on_there() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("domino.db");
    let (ids, now) = busy_store(&path).await;
    let from = format!("sqlite://{}", path.display());
    let server = domino_pg_harness::server();
    // The database does not exist yet: the copy creates and migrates it.
    let to = server.url(&server.unique_name("copy"));

    let first = copy(&from, &to);
    assert!(first.contains("rows written"), "{first}");
    let (rows, copied, updated) = counts(&first, "table_events");
    assert!(rows > 50 && copied == rows && updated == 0, "{first}");
    assert_eq!(counts(&first, "tables"), (6, 6, 0));
    assert_eq!(counts(&first, "chat_settings"), (1, 1, 0));
    assert!(counts(&first, "matches").0 >= 2 && counts(&first, "message_refs").0 == 7);
    assert!(first.contains("4 open tables replay to their snapshots"), "{first}");

    let again = copy(&from, &to);
    assert!(again.contains("nothing changed"), "{again}");
    assert!(["tables", "table_events", "player_stats"].iter().all(|t| counts(&again, t).1 == 0));
    let sqlite = SqliteStore::open_path(&path).await.unwrap();
    let pg = PgStore::open(&to).await.unwrap();
    assert_eq!(dump(&pg, &ids).await, dump(&sqlite, &ids).await);

    // The bot went on on SQLite meanwhile: a copy brings PostgreSQL up to date.
    let svc = Service::start(sqlite, Arc::new(Simple), Arc::new(ManualClock::new(now + 1000)))
        .await
        .unwrap();
    let logged = sqlite_events(svc.store(), ids[2]).await;
    play(&svc, ids[2], 3).await;
    let gained = sqlite_events(svc.store(), ids[2]).await - logged;
    let settings = svc.store().chat_settings(&group()).await.unwrap().next();
    svc.store().set_chat_settings(&group(), &settings).await.unwrap();
    svc.settled().await;
    let sqlite = Arc::into_inner(svc).expect("the service alone").into_store();
    let update = copy(&from, &to);
    assert_eq!(counts(&update, "tables"), (6, 0, 1), "{update}");
    assert_eq!(counts(&update, "chat_settings"), (2, 1, 0), "{update}");
    assert_eq!(counts(&update, "table_events").1, gained, "{update}");
    assert_eq!(dump(&pg, &ids).await, dump(&sqlite, &ids).await);
    sqlite.close().await;

    // The bot goes on on PostgreSQL: every open table, its timer, new tables.
    for &id in &ids {
        let log = pg.events(id).await.unwrap();
        log_replays(&pg.load(id).await.unwrap().unwrap(), &log).unwrap();
    }
    let clock = Arc::new(ManualClock::new(now + 2000));
    let svc = Service::start(pg, Arc::new(Simple), clock.clone()).await.unwrap();
    assert_eq!(svc.open_tables(), 4, "the active tables come back; the finished duel rests");
    let timed = svc.table(ids[5]).await.unwrap().unwrap();
    clock.advance(31_000);
    svc.fire_due().await;
    svc.settled().await;
    let after = svc.table(ids[5]).await.unwrap().unwrap();
    assert!(after.version > timed.version, "the guild table's timer fires: a computer moves");
    for &id in &ids[..3] {
        let before = svc.table(id).await.unwrap().unwrap();
        let after = play(&svc, id, 1).await;
        assert!(after.version > before.version, "table {id} goes on");
    }
    let records_before = svc.store().last_record(&group()).await.unwrap();
    finish(&svc, ids[2]).await;
    assert_ne!(svc.store().last_record(&group()).await.unwrap(), records_before);
    let season = svc.store().scoreboard(&group(), None, Some(Variant::Osel)).await.unwrap();
    assert_eq!(season.iter().map(|r| r.matches).sum::<u32>(), 3, "three people, one match");
    let spec = TableSpec::plain(group(), Rules::new(Variant::Classic), 2);
    let new = svc.create(spec, person("9")).await.unwrap().table;
    assert_eq!((new.id, new.number), (ids[5] + 1, 6), "ids and numbers go on after the copy");

    // Copying now would undo what PostgreSQL did: refused, nothing written.
    svc.settled().await;
    let pg = Arc::into_inner(svc).expect("the service alone").into_store();
    let mut all = ids.clone();
    all.push(new.id);
    let before = dump(&pg, &all).await;
    let refused = domino(&["migrate", "--from", &from], &to);
    assert_eq!(refused.status.code(), Some(1));
    let err = text(&refused.stderr);
    assert!(err.contains("nothing was written") && err.contains("PostgreSQL"), "{err}");
    assert_eq!(dump(&pg, &all).await, before);
}

#[test]
fn migrate_creates_a_postgres_database_and_says_what_it_did() {
    let server = domino_pg_harness::server();
    let url = server.url(&server.unique_name("migrate"));
    let out = domino(&["migrate"], &url);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let said = text(&out.stdout);
    let first = said.lines().next().unwrap_or_default().to_owned();
    assert!(first.starts_with(&format!("{url}: PostgreSQL store created, ")), "{said}");
    assert!(first.contains("migrations applied; schema version"), "{said}");
    assert!(said.contains("\n  applied 1 init"), "each migration named: {said}");
    let version = first.rsplit(' ').next().unwrap().to_owned();
    let again = domino(&["migrate"], &url);
    assert_eq!(
        text(&again.stdout).trim(),
        format!("{url}: PostgreSQL store up to date at schema version {version}; nothing applied"),
        "migrating again is harmless and says so"
    );
}

#[test]
fn migrate_from_needs_postgres_and_an_existing_file() {
    let dir = tempfile::tempdir().unwrap();
    let missing = format!("sqlite://{}", dir.path().join("nope.db").display());
    let server = domino_pg_harness::server();
    let url = server.url(&server.unique_name("refused"));
    let out = domino(&["migrate", "--from", &missing], &url);
    assert_eq!(out.status.code(), Some(1));
    assert!(text(&out.stderr).contains("no such SQLite file"), "{}", text(&out.stderr));
    assert!(!dir.path().join("nope.db").exists(), "nothing is created");
    let sqlite_url = format!("sqlite://{}", dir.path().join("other.db").display());
    let out = domino(&["migrate", "--from", &missing], &sqlite_url);
    assert_eq!(out.status.code(), Some(1));
    assert!(text(&out.stderr).contains("DATABASE_URL=postgres://"), "{}", text(&out.stderr));
}
