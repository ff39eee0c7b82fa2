//! What the store holds after a run, read as the core reads it.

use domino_core::engine::moves::Move;
use domino_core::session::Event;
use domino_core::store::{SqliteStore, Store};

/// The open tables; each one's log must replay to its snapshot.
pub async fn open_tables(db: &std::path::Path) -> usize {
    let store = SqliteStore::open_path(db).await.unwrap();
    let open = store.load_open().await.unwrap();
    for table in &open {
        let table = table.as_ref().expect("the table reads");
        replayed(&store, table).await;
    }
    store.close().await;
    open.len()
}

/// The table's moves from its log, checked against its snapshot: (seat, move).
async fn replayed(store: &SqliteStore, table: &domino_core::session::Table) -> Vec<(u8, Move)> {
    let events = store.events(table.id).await.unwrap();
    let mut moves = Vec::new();
    for (_, e) in &events {
        match e {
            Event::Started { .. } => moves.clear(),
            Event::Moved { seat, mv, .. } => moves.push((*seat, *mv)),
            _ => {}
        }
    }
    let game = table.game.as_ref().expect("a match");
    let in_snapshot: Vec<_> = game.rounds.iter().flatten().copied().collect();
    assert_eq!(moves, in_snapshot, "the log and the snapshot agree");
    assert_eq!(events.last().map(|(v, _)| *v), Some(table.version), "the log reaches the snapshot");
    moves
}

/// The moves `user` pressed (leads and plays) at the store's one open table (its log replaying to its snapshot).
pub async fn person_moves(db: &std::path::Path, user: i64) -> usize {
    let store = SqliteStore::open_path(db).await.unwrap();
    let open = store.load_open().await.unwrap();
    assert_eq!(open.len(), 1, "one open table");
    let table = open.into_iter().next().unwrap().expect("the table reads");
    let seat = (0..table.seats.len())
        .find(|&s| {
            let person = table.seats[s].as_ref().and_then(|s| s.person());
            person.is_some_and(|p| p.id.id == user.to_string())
        })
        .expect("the person is seated");
    let moves = replayed(&store, &table).await;
    store.close().await;
    // Draws and passes follow from a press; the presses are the leads and plays.
    let pressed = |mv: &Move| matches!(mv, Move::Lead { .. } | Move::Play(_));
    moves.iter().filter(|(s, mv)| usize::from(*s) == seat && pressed(mv)).count()
}
