//! The SQLite → PostgreSQL copy refuses, writing nothing, whatever would make PostgreSQL lose
//! or contradict what it holds, and whatever does not replay; it reports its progress, and
//! moves the finished rounds kept apart from the snapshots.

use domino_core::engine::rules::{Rules, Variant};
use domino_core::session::{
    Action, Actor, BotLevel, ChatId, Command, Event, Lang, NewTable, Person, Platform, Table,
    UserId,
};
use domino_core::store::{
    CopyError, CopyProgress, CopyReport, MatchSummary, PgStore, Span, SqliteStore, Store,
    copy_sqlite_to_postgres,
};
use sqlx::Connection;

const T0: i64 = 1_700_000_000_000;

fn person(id: &str) -> Person {
    Person::new(UserId::new(Platform::Telegram, id), format!("P{id}"))
}

/// A SQLite store with one match under way; returns the table.
async fn with_a_match(store: &SqliteStore) -> Table {
    let new = NewTable {
        id: 0,
        chat: ChatId::new(Platform::Telegram, "-1"),
        number: 0,
        rules: Rules::new(Variant::Kozel),
        size: 2,
        lang: Lang::Ru,
        turn_secs: None,
        bot_level: BotLevel::Greedy,
        seed: 42,
        clock: None,
    };
    let (mut t, events) = Table::create(new, person("1"), T0).unwrap();
    store.create(&mut t, &events).await.unwrap();
    let join = Command {
        actor: Actor::person(person("2")),
        action: Action::Join { seat: None },
        version: Some(0),
    };
    let events = t.apply(&join, T0 + 1).unwrap();
    store.commit(&t, &events, None).await.unwrap();
    for i in 0..4 {
        advance(store, &mut t, T0 + 2 + i).await;
    }
    t
}

/// The person to move plays their first legal move.
async fn advance<S: Store>(store: &S, t: &mut Table, now: i64) {
    let seat = t.to_move().expect("a person to move");
    let who = t.seats[seat].as_ref().unwrap().person().unwrap().clone();
    let mv = t.live().unwrap().legal_moves(seat)[0];
    let cmd = Command { actor: Actor::person(who), action: Action::Move { mv }, version: None };
    let events = t.apply(&cmd, now).unwrap();
    store.commit(t, &events, None).await.unwrap();
}

async fn copy(from: &SqliteStore, to: &PgStore) -> Result<CopyReport, CopyError> {
    copy_sqlite_to_postgres(from, to, &mut |_| {}).await
}

/// Row counts of every table of a PostgreSQL store, and its tables' versions.
async fn picture(url: &str) -> Vec<i64> {
    let mut conn = sqlx::PgConnection::connect(url).await.unwrap();
    let mut out = Vec::new();
    let tables = ["tables", "table_events", "chat_settings", "matches", "rating_changes"];
    for table in tables.into_iter().chain(["message_refs"]) {
        let sql = format!("SELECT COUNT(*) FROM {table}");
        out.push(sqlx::query_scalar(sqlx::AssertSqlSafe(sql)).fetch_one(&mut conn).await.unwrap());
    }
    let versions: Vec<i64> = sqlx::query_scalar("SELECT version FROM tables ORDER BY id")
        .fetch_all(&mut conn)
        .await
        .unwrap();
    out.extend(versions);
    out
}

#[tokio::test]
async fn the_copy_reports_progress_to_the_last_row() {
    let dir = tempfile::tempdir().unwrap();
    let sqlite = SqliteStore::open_path(&dir.path().join("a.db")).await.unwrap();
    with_a_match(&sqlite).await;
    let pg = PgStore::open(&domino_pg_harness::server().database("progress")).await.unwrap();
    let mut seen = Vec::new();
    let report =
        copy_sqlite_to_postgres(&sqlite, &pg, &mut |p| seen.push(p.clone())).await.unwrap();
    let events = report.tables.iter().find(|t| t.name == "table_events").unwrap();
    assert!(seen.contains(&CopyProgress::Rows {
        table: "table_events",
        done: events.rows,
        total: events.rows
    }));
    assert_eq!(seen.last(), Some(&CopyProgress::Replayed { done: 1, total: 1 }));
    assert!(report.changed());
    assert!(!copy(&sqlite, &pg).await.unwrap().changed(), "a second copy changes nothing");
}

#[tokio::test]
async fn a_table_that_went_on_in_postgres_is_not_copied_over() {
    let dir = tempfile::tempdir().unwrap();
    let sqlite = SqliteStore::open_path(&dir.path().join("a.db")).await.unwrap();
    let mut t = with_a_match(&sqlite).await;
    let url = domino_pg_harness::server().database("went_on");
    let pg = PgStore::open(&url).await.unwrap();
    copy(&sqlite, &pg).await.unwrap();
    advance(&pg, &mut t, T0 + 100).await;
    let before = picture(&url).await;
    let refused = copy(&sqlite, &pg).await;
    assert!(
        matches!(refused, Err(CopyError::Diverged { table: "tables", rows: 1 })),
        "{refused:?}"
    );
    assert_eq!(picture(&url).await, before, "nothing was written");
}

#[tokio::test]
async fn a_log_entry_that_differs_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let sqlite = SqliteStore::open_path(&dir.path().join("a.db")).await.unwrap();
    with_a_match(&sqlite).await;
    let url = domino_pg_harness::server().database("differs");
    let pg = PgStore::open(&url).await.unwrap();
    copy(&sqlite, &pg).await.unwrap();
    let mut conn = sqlx::PgConnection::connect(&url).await.unwrap();
    sqlx::query(
        "UPDATE table_events SET event = '{\"configured\":null}' WHERE version = 1 AND seq = 0",
    )
    .execute(&mut conn)
    .await
    .unwrap();
    let refused = copy(&sqlite, &pg).await;
    assert!(
        matches!(refused, Err(CopyError::Diverged { table: "table_events", rows: 1 })),
        "{refused:?}"
    );
}

#[tokio::test]
async fn a_log_that_does_not_replay_to_its_snapshot_is_not_copied() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("a.db");
    let sqlite = SqliteStore::open_path(&path).await.unwrap();
    let t = with_a_match(&sqlite).await;
    // The last move's events vanish from the log (the snapshot keeps the move).
    let mut conn =
        sqlx::SqliteConnection::connect(&format!("sqlite://{}", path.display())).await.unwrap();
    sqlx::query("DELETE FROM table_events WHERE version = ?1")
        .bind(t.version as i64)
        .execute(&mut conn)
        .await
        .unwrap();
    let url = domino_pg_harness::server().database("replay");
    let pg = PgStore::open(&url).await.unwrap();
    let refused = copy(&sqlite, &pg).await;
    assert!(
        matches!(&refused, Err(CopyError::Replay { table, .. }) if *table == t.id),
        "{refused:?}"
    );
    assert_eq!(picture(&url).await, [0; 6], "nothing was written");
}

#[tokio::test]
async fn finished_rounds_kept_apart_are_copied_and_never_rewritten() {
    let dir = tempfile::tempdir().unwrap();
    let sqlite = SqliteStore::open_path(&dir.path().join("a.db")).await.unwrap();
    let mut t = with_a_match(&sqlite).await;
    let mut now = T0 + 10;
    while t.game.as_ref().unwrap().rounds.len() < 4 {
        now += 1;
        advance(&sqlite, &mut t, now).await;
    }
    let url = domino_pg_harness::server().database("rounds");
    let pg = PgStore::open(&url).await.unwrap();
    let report = copy(&sqlite, &pg).await.unwrap();
    let rounds = report.tables.iter().find(|c| c.name == "table_rounds").unwrap();
    assert_eq!((rounds.rows, rounds.inserted), (3, 3), "the three finished rounds");
    let json = |t: &Table| serde_json::to_value(t).unwrap();
    let copied = pg.load(t.id).await.unwrap().unwrap();
    assert_eq!(json(&copied), json(&t), "PostgreSQL reads back the table SQLite holds");
    assert!(!copy(&sqlite, &pg).await.unwrap().changed(), "a second copy changes nothing");
    // A finished round is written once: other moves under its key are a divergence.
    let mut conn = sqlx::PgConnection::connect(&url).await.unwrap();
    sqlx::query("UPDATE table_rounds SET moves = '[]' WHERE round = 1")
        .execute(&mut conn)
        .await
        .unwrap();
    let refused = copy(&sqlite, &pg).await;
    assert!(
        matches!(refused, Err(CopyError::Diverged { table: "table_rounds", rows: 1 })),
        "{refused:?}"
    );
}

#[tokio::test]
async fn rating_changes_are_copied() {
    let dir = tempfile::tempdir().unwrap();
    let sqlite = SqliteStore::open_path(&dir.path().join("a.db")).await.unwrap();
    let mut t = with_a_match(&sqlite).await;
    // Played to the end, the finishing commit rating both players.
    let mut now = T0 + 10;
    while let Some(seat) = t.to_move() {
        now += 1;
        let who = t.seats[seat].as_ref().unwrap().person().unwrap().clone();
        let mv = t.live().unwrap().legal_moves(seat)[0];
        let cmd = Command { actor: Actor::person(who), action: Action::Move { mv }, version: None };
        let events = t.apply(&cmd, now).unwrap();
        let ended = events.iter().any(|e| matches!(e, Event::MatchEnded { .. }));
        let summary = ended.then(|| MatchSummary::of(&t, now).unwrap());
        sqlite.commit(&t, &events, summary.as_ref()).await.unwrap();
        if ended {
            break;
        }
    }
    let chat = ChatId::new(Platform::Telegram, "-1");
    let url = domino_pg_harness::server().database("rating_changes");
    let pg = PgStore::open(&url).await.unwrap();
    let report = copy(&sqlite, &pg).await.unwrap();
    let copied = report.tables.iter().find(|c| c.name == "rating_changes").unwrap();
    assert_eq!((copied.rows, copied.inserted), (4, 4), "two players, the season and all time");
    for span in [Span::Season(1), Span::AllTime] {
        let kept = sqlite.rating_history(&chat, span, None).await.unwrap();
        assert_eq!(kept.len(), 2);
        assert_eq!(pg.rating_history(&chat, span, None).await.unwrap(), kept);
    }
    // The tallies `/me` and `/vs` read come along.
    for who in ["1", "2"] {
        let who = UserId::new(Platform::Telegram, who);
        let kept = sqlite.person_tally(&chat, &who).await.unwrap();
        assert_eq!(kept.card().total.matches, 1);
        assert_eq!(pg.person_tally(&chat, &who).await.unwrap(), kept);
    }
    assert!(!copy(&sqlite, &pg).await.unwrap().changed(), "a second copy changes nothing");
}
