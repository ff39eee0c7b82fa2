//! Tournaments on every backend (`Store::create_tournament`, `save_tournament`,
//! `tournament`, `tournaments`): kept whole as they were saved, a save only on the stored
//! version plus one (of savers naming one version, from any process, exactly one is kept),
//! listed per chat and open or not, and moved with their chat.

use super::*;
use domino_core::standings::tournament::{Command, Format, NewTournament, Tournament};
use domino_core::store::TournamentDoc;
use rand::SeedableRng;

fn new_doc(chat: &ChatId) -> TournamentDoc {
    let new = NewTournament {
        id: 0,
        format: Format::RoundRobin { pairs: false },
        game: Variant::Classic,
        options: json!({"target": 25}),
        max_entrants: 8,
        deadline_days: Some(3),
    };
    let tournament = Tournament::new(new, T0).expect("a tournament");
    TournamentDoc { chat: chat.clone(), version: 0, creator: people()[0].id.clone(), tournament }
}

fn apply(doc: &mut TournamentDoc, cmd: Command) {
    let mut rng = rand::rngs::StdRng::seed_from_u64(7);
    doc.tournament.apply(&cmd, T0 + 1, &mut rng).expect("accepted");
    doc.version += 1;
}

async fn keeps_tournaments<S: Store>(stores: &[Arc<S>]) {
    let store = &stores[0];
    let (a, b) = (chat_a(), chat_b());
    let mut first = new_doc(&a);
    store.create_tournament(&mut first).await.unwrap();
    let mut second = new_doc(&b);
    store.create_tournament(&mut second).await.unwrap();
    assert!(first.tournament.id > 0 && second.tournament.id != first.tournament.id);
    assert_eq!(store.tournament(first.tournament.id).await.unwrap(), Some(first.clone()));
    assert_eq!(store.tournament(first.tournament.id + 100).await.unwrap(), None);
    // Saved on the next version: read back whole.
    let [alice, bob, carol, ..] = people();
    for p in [&alice, &bob, &carol] {
        apply(&mut first, Command::Enroll { person: p.clone(), partner: None });
        store.save_tournament(&first).await.unwrap();
    }
    assert_eq!(store.tournament(first.tournament.id).await.unwrap(), Some(first.clone()));
    // A save on any other version is refused and changes nothing.
    let mut stale = first.clone();
    stale.version -= 1;
    stale.tournament.max_entrants = 2;
    let refused = store.save_tournament(&stale).await;
    assert!(matches!(refused, Err(StoreError::TournamentConflict { stored: 3, expected: 2, .. })));
    assert_eq!(store.tournament(first.tournament.id).await.unwrap(), Some(first.clone()));
    // Of savers naming the same version, from any process, exactly one is kept.
    let mut next = first.clone();
    apply(&mut next, Command::Start);
    let tasks: Vec<_> = (0..4)
        .map(|i| {
            let (store, doc) = (stores[i % stores.len()].clone(), next.clone());
            tokio::spawn(async move { store.save_tournament(&doc).await.is_ok() })
        })
        .collect();
    let mut kept = 0;
    for t in tasks {
        kept += usize::from(t.await.unwrap());
    }
    assert_eq!(kept, 1);
    // Listed per chat or all, open ones or all, in id order.
    let ids = |docs: Vec<TournamentDoc>| docs.iter().map(|d| d.tournament.id).collect::<Vec<_>>();
    let (x, y) = (first.tournament.id, second.tournament.id);
    assert_eq!(ids(store.tournaments(Some(&a), false).await.unwrap()), [x]);
    assert_eq!(ids(store.tournaments(None, true).await.unwrap()), [x, y]);
    // A closed one is no longer open, but still the chat's.
    let mut closed = second.clone();
    apply(&mut closed, Command::Enroll { person: alice.clone(), partner: None });
    apply(&mut closed, Command::Withdraw { user: alice.id.clone() });
    closed.version = 1;
    closed.tournament.state =
        domino_core::standings::tournament::State::Closed { at: T0 + 2, winner: None };
    store.save_tournament(&closed).await.unwrap();
    assert_eq!(ids(store.tournaments(None, true).await.unwrap()), [x]);
    assert_eq!(ids(store.tournaments(Some(&b), false).await.unwrap()), [y]);
    assert_eq!(ids(store.tournaments(Some(&b), true).await.unwrap()), Vec::<i64>::new());
    // Moving a chat takes its tournaments along, and saving goes on from where it was.
    let moved = ChatId::new(Platform::Telegram, "-100777");
    store.move_chat(&a, &moved).await.unwrap();
    assert_eq!(ids(store.tournaments(Some(&a), false).await.unwrap()), Vec::<i64>::new());
    let now = store.tournament(x).await.unwrap().unwrap();
    assert_eq!((now.chat.clone(), now.version), (moved.clone(), 4));
    assert_eq!(now.tournament, next.tournament);
    let mut after = TournamentDoc { chat: moved.clone(), ..next };
    apply(&mut after, Command::Tick);
    store.save_tournament(&after).await.unwrap();
    assert_eq!(ids(store.tournaments(Some(&moved), true).await.unwrap()), [x]);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn memory_store_keeps_tournaments() {
    keeps_tournaments(&[Arc::new(MemoryStore::new())]).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sqlite_keeps_tournaments_across_processes() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("domino.db");
    let first = Arc::new(SqliteStore::open_path(&path).await.unwrap());
    let second = Arc::new(SqliteStore::open_path(&path).await.unwrap());
    keeps_tournaments(&[first, second]).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn postgres_keeps_tournaments_across_processes() {
    let url = domino_pg_harness::server().database("tournaments");
    let first = Arc::new(PgStore::open(&url).await.unwrap());
    let second = Arc::new(PgStore::open(&url).await.unwrap());
    keeps_tournaments(&[first, second]).await;
}
