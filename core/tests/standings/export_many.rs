//! `/export` of a chat with many matches (memory and SQLite): the records, read a page at a
//! time, are those the export read before it streamed (the newest 1,001 at once, then cut):
//! the newest that fit (at most 1,000), oldest first, and the caption says when some were left
//! out, whether by the count or by the size.

use super::*;
use domino_core::chat::{Args, Asker, Body, Chat, Cmd, Request};
use domino_core::service::{ManualClock, Options, OsSeeds, Service};
use domino_core::session::Simple;
use domino_core::store::{MemoryStore, Span, SqliteStore};
use std::sync::Arc;

/// The byte budget of one export (`chat/league/export.rs`).
const EXPORT_BYTES: usize = 7_500_000;

/// Finishes `n` duels of Anna and Boris, each record padded to `pad` bytes.
async fn play_many<S: Store>(store: &S, n: usize, pad: usize) {
    let p = Played {
        variant: Variant::Kozel,
        pairs: false,
        seats: vec![S("Anna", 0, true, false, 12), S("Boris", 1, false, true, 104)],
    };
    for i in 0..n {
        let new = NewTable {
            id: 0,
            chat: chat(),
            number: 0,
            rules: Rules::new(Variant::Kozel),
            size: 2,
            lang: Lang::Ru,
            turn_secs: None,
            bot_level: BotLevel::Greedy,
            seed: i as u64,
            clock: None,
        };
        let (mut table, events): (Table, _) =
            Table::create(new, Person::new(user("Anna"), "Anna"), T0).unwrap();
        store.create(&mut table, &events).await.unwrap();
        table.version += 1;
        let mut m = summary(i, &p, table.id);
        m.record["pad"] = "x".repeat(pad).into();
        store.commit(&table, &[], Some(&m)).await.unwrap();
    }
}

/// What the export sent as records before it streamed them: the newest 1,001 read at once,
/// the newest 1,000 of them kept as far as `budget` bytes go; the lines, and whether the
/// caption's "✂️" was due.
async fn as_before<S: Store>(store: &S, budget: usize) -> (String, bool) {
    let records = store.season_records(&chat(), Span::Season(1), 1_001).await.unwrap();
    let lines: Vec<String> = records
        .iter()
        .skip(records.len().saturating_sub(1_000))
        .map(|r| serde_json::to_string(r).unwrap() + "\n")
        .collect();
    let mut size = 0;
    let kept = lines
        .iter()
        .rev()
        .take_while(|l| {
            size += l.len();
            size <= budget
        })
        .count();
    (lines[lines.len() - kept..].concat(), kept < records.len())
}

async fn check_many<S: Store>(store: S, n: usize, pad: usize) {
    play_many(&store, n, pad).await;
    let options = Options { robot_pause: std::time::Duration::ZERO, ..Options::default() };
    let clock = Arc::new(ManualClock::new(T0 + 86_400_000));
    let svc = Service::start_with(store, Arc::new(Simple), clock, Arc::new(OsSeeds), options)
        .await
        .unwrap();
    let door = Chat::new(svc);
    let anna =
        Asker { member_of: None, ..Asker::member(chat(), Person::new(user("Anna"), "Anna")) };
    let answer = door.handle(&anna, Request::Command(Cmd::Export, Args::default())).await;
    let Some(Body::Files { caption, files }) = answer.reply.map(|r| r.body) else {
        panic!("files")
    };
    let jsonl = files.iter().find(|f| f.name == "season-1-matches.jsonl").expect("the records");
    // The records take what the other files leave.
    let others: usize = files.iter().filter(|f| f.name != jsonl.name).map(|f| f.bytes.len()).sum();
    let (want, cut) = as_before(door.service().store(), EXPORT_BYTES - others).await;
    assert_eq!(std::str::from_utf8(&jsonl.bytes).unwrap(), want, "{n} records of {pad} bytes");
    assert_eq!(caption.contains('✂'), cut, "{caption}");
    let kept = want.lines().count();
    assert!(caption.contains(&format!("записи {kept} матчей")), "{caption}");
}

#[tokio::test]
async fn export_of_many_matches_keeps_the_newest_thousand_in_memory() {
    check_many(MemoryStore::new(), 1_060, 10).await;
}

#[tokio::test]
async fn export_of_many_matches_keeps_the_newest_thousand_in_sqlite() {
    let dir = tempfile::tempdir().unwrap();
    check_many(SqliteStore::open_path(&dir.path().join("many.db")).await.unwrap(), 1_001, 10).await;
}

#[tokio::test]
async fn export_of_large_records_keeps_those_that_fit() {
    check_many(MemoryStore::new(), 700, 12_000).await;
    let dir = tempfile::tempdir().unwrap();
    check_many(SqliteStore::open_path(&dir.path().join("large.db")).await.unwrap(), 700, 12_000)
        .await;
}

#[tokio::test]
async fn export_of_exactly_a_thousand_cuts_nothing() {
    check_many(MemoryStore::new(), 1_000, 10).await;
}
