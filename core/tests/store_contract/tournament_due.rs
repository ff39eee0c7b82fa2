//! When tournaments are due, on every backend (`Store::due_tournaments`,
//! `set_tournament_due`): every save sets it from `Tournament::due_at` (an enrolling round
//! robin when its enrolment runs out, an arena when its window opens, a running one at once,
//! a closed one never), the service may set it anew, and a timer round reads only those due,
//! the most overdue first, at most as many as it asks for, from any process.

use super::*;
use domino_core::bounds::ENROLMENT_DAYS;
use domino_core::standings::tournament::{Command, DAY, Format, NewTournament, State, Tournament};
use domino_core::store::TournamentDoc;
use rand::SeedableRng;

fn doc(format: Format, at: Millis) -> TournamentDoc {
    let new = NewTournament {
        id: 0,
        format,
        game: Variant::Classic,
        options: json!({"target": 25}),
        max_entrants: 8,
        deadline_days: None,
    };
    let tournament = Tournament::new(new, at).expect("a tournament");
    TournamentDoc { chat: chat_a(), version: 0, creator: people()[0].id.clone(), tournament }
}

fn apply(doc: &mut TournamentDoc, cmd: Command, now: Millis) {
    let mut rng = rand::rngs::StdRng::seed_from_u64(7);
    doc.tournament.apply(&cmd, now, &mut rng).expect("accepted");
    doc.version += 1;
}

async fn keeps_when_tournaments_are_due<S: Store>(stores: &[Arc<S>]) {
    let (one, other) = (&stores[0], &stores[stores.len() - 1]);
    let expires = T0 + Millis::from(ENROLMENT_DAYS) * DAY;
    let round = Format::RoundRobin { pairs: false };
    let mut robin = doc(round.clone(), T0);
    one.create_tournament(&mut robin).await.unwrap();
    let window_end = T0 + 50 + 60 * 60_000;
    let window = Format::Arena { window_start: T0 + 50, window_end, streak_bonus: false };
    let mut arena = doc(window, T0);
    one.create_tournament(&mut arena).await.unwrap();
    let mut later = doc(round.clone(), T0 + 10);
    one.create_tournament(&mut later).await.unwrap();
    let (r, a, l) = (robin.tournament.id, arena.tournament.id, later.tournament.id);
    // Enrolling: nothing due until the arena's window, then the enrolments' ends, in order.
    assert_eq!(other.due_tournaments(T0 + 49, 10).await.unwrap(), Vec::<i64>::new());
    assert_eq!(other.due_tournaments(T0 + 50, 10).await.unwrap(), [a]);
    assert_eq!(other.due_tournaments(expires - 1, 10).await.unwrap(), [a]);
    assert_eq!(other.due_tournaments(expires + 10, 10).await.unwrap(), [a, r, l]);
    assert_eq!(other.due_tournaments(expires + 10, 2).await.unwrap(), [a, r], "at most 2");
    // Started: due at once; the service then paces it, from any process.
    let [alice, bob, ..] = people();
    for p in [&alice, &bob] {
        apply(&mut robin, Command::Enroll { person: p.clone(), partner: None }, T0 + 1);
        one.save_tournament(&robin).await.unwrap();
    }
    assert_eq!(other.due_tournaments(T0 + 20, 10).await.unwrap(), Vec::<i64>::new());
    apply(&mut robin, Command::Start, T0 + 20);
    assert!(matches!(robin.tournament.state, State::Running { .. }));
    one.save_tournament(&robin).await.unwrap();
    assert_eq!(other.due_tournaments(T0 + 20, 10).await.unwrap(), [r]);
    other.set_tournament_due(r, Some(T0 + 100)).await.unwrap();
    assert_eq!(one.due_tournaments(T0 + 99, 10).await.unwrap(), [a]);
    assert_eq!(one.due_tournaments(T0 + 100, 10).await.unwrap(), [a, r]);
    other.set_tournament_due(r, None).await.unwrap();
    assert_eq!(one.due_tournaments(Millis::MAX - 1, 10).await.unwrap(), [a, l]);
    // Closed: never due, whatever the service asks.
    let mut closed = later.clone();
    closed.version += 1;
    closed.tournament.state = State::Closed { at: T0 + 30, winner: None };
    one.save_tournament(&closed).await.unwrap();
    other.set_tournament_due(l, Some(T0)).await.unwrap();
    assert_eq!(one.due_tournaments(Millis::MAX - 1, 10).await.unwrap(), [a]);
    // An unknown tournament is not found, and nothing changes.
    let missing = other.set_tournament_due(l + 100, Some(T0)).await;
    assert!(matches!(missing, Err(StoreError::NotFound(_))), "{missing:?}");
    assert_eq!(one.due_tournaments(Millis::MAX - 1, 10).await.unwrap(), [a]);
    // The documents themselves are as saved.
    assert_eq!(one.tournament(r).await.unwrap(), Some(robin));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn memory_store_keeps_when_tournaments_are_due() {
    keeps_when_tournaments_are_due(&[Arc::new(MemoryStore::new())]).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sqlite_keeps_when_tournaments_are_due_across_processes() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("domino.db");
    let first = Arc::new(SqliteStore::open_path(&path).await.unwrap());
    let second = Arc::new(SqliteStore::open_path(&path).await.unwrap());
    keeps_when_tournaments_are_due(&[first, second]).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn postgres_keeps_when_tournaments_are_due_across_processes() {
    let url = domino_pg_harness::server().database("tournament_due");
    let first = Arc::new(PgStore::open(&url).await.unwrap());
    let second = Arc::new(PgStore::open(&url).await.unwrap());
    keeps_when_tournaments_are_due(&[first, second]).await;
}
