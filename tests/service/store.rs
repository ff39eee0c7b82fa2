//! What the store holds after a run, read as the core reads it.

use domino_core::session::Event;
use domino_core::store::{SqliteStore, Store};

/// The moves `user` made at the store's one open table; the table's log must replay to its
/// snapshot (the moves since the match started are the match's moves).
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
    store.close().await;
    moves.iter().filter(|(s, _)| usize::from(*s) == seat).count()
}
