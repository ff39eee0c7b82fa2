//! Databases made by older versions of the bot keep their data when the store migrates them.

use domino_core::engine::rules::Variant;
use domino_core::session::UserId;
use domino_core::session::{BotLevel, ChatId, Lang, Platform};
use domino_core::store::{BoardMode, ChatSettings, Rated, Span, SqliteStore, Store};
use serde_json::json;
use sqlx::Connection;
use sqlx::migrate::Migrator;
use std::path::{Path, PathBuf};

/// The migrations of the repository, in order.
fn migrations() -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../migrations/sqlite");
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "sql"))
        .collect();
    files.sort();
    files
}

/// A database at the schema of the first `n` migrations.
async fn database_at(n: usize, dir: &Path) -> String {
    let old = dir.join("old-migrations");
    std::fs::create_dir(&old).unwrap();
    for f in &migrations()[..n] {
        std::fs::copy(f, old.join(f.file_name().unwrap())).unwrap();
    }
    let url = format!("sqlite://{}?mode=rwc", dir.join("old.db").display());
    let mut conn = sqlx::SqliteConnection::connect(&url).await.unwrap();
    Migrator::new(old.as_path()).await.unwrap().run(&mut conn).await.unwrap();
    url
}

#[tokio::test]
async fn chat_settings_of_the_first_schema_become_versioned_documents() {
    let dir = tempfile::tempdir().unwrap();
    let first = migrations().iter().position(|p| p.ends_with("0003_chat_settings_doc.sql"));
    let url = database_at(first.expect("the migration exists"), dir.path()).await;
    let mut conn = sqlx::SqliteConnection::connect(&url).await.unwrap();
    sqlx::query(
        "INSERT INTO chat_settings (chat_platform, chat_id, lang, turn_secs, bot_level, presets)
         VALUES ('telegram', '-5', 'en', 60, 'expert', '{\"osel\":{\"preset\":\"troshin\"}}'),
                ('discord', '77', 'ru', NULL, 'random', '{}')",
    )
    .execute(&mut conn)
    .await
    .unwrap();
    conn.close().await.unwrap();

    let store = SqliteStore::open(&url).await.unwrap();
    let tg = store.chat_settings(&ChatId::new(Platform::Telegram, "-5")).await.unwrap();
    let expected = ChatSettings {
        version: 1,
        lang: Lang::En,
        timer: domino_core::store::TurnTimer::Secs(60),
        bot_level: BotLevel::Expert,
        default_variant: Variant::Kozel,
        presets: json!({"osel": {"preset": "troshin"}}).as_object().unwrap().clone(),
        // Settings from before the board setting show boards as pictures.
        board: BoardMode::Picture,
        // ... and give no hints; their seasons start by hand, on the language's clock.
        hints: false,
        seasons: domino_core::standings::Cadence::Manual,
        zone: None,
        digest: None,
        // ... and a digest, once chosen, comes at 10:00.
        digest_hour: 10,
        standings_post: false,
        goat_tag: false,
        goat_roles: false,
        // ... and the bot's own words for the member tags; the person to move is pinged after
        // the default reminder delay.
        tag_words: Default::default(),
        ping_after: 20,
        // ... and their tables take the clock the preset gives.
        clock: domino_core::store::TableClock::Preset,
        // ... and the computer moves for a person out of time.
        time_up: domino_core::session::TimeUp::Computer,
    };
    assert_eq!(tg, expected);
    let dc = store.chat_settings(&ChatId::new(Platform::Discord, "77")).await.unwrap();
    assert_eq!(
        (dc.version, dc.lang, dc.timer, dc.bot_level),
        (1, Lang::Ru, domino_core::store::TurnTimer::Unset, BotLevel::Random)
    );
    // The next change is made on version 1.
    store.set_chat_settings(&ChatId::new(Platform::Discord, "77"), &dc.next()).await.unwrap();
    assert!(
        store.set_chat_settings(&ChatId::new(Platform::Discord, "77"), &dc.next()).await.is_err()
    );
}

#[tokio::test]
async fn ratings_from_before_their_history_keep_their_values_and_have_no_changes() {
    let dir = tempfile::tempdir().unwrap();
    let before = migrations().iter().position(|p| p.ends_with("0009_rating_history.sql"));
    let url = database_at(before.expect("the migration exists"), dir.path()).await;
    let mut conn = sqlx::SqliteConnection::connect(&url).await.unwrap();
    sqlx::query(
        "INSERT INTO ratings (chat_platform, chat_id, season, variant, user1_platform, user1_id,
            user2_platform, user2_id, mu, sigma, matches)
         VALUES ('telegram', '-5', 0, 'classic', 'telegram', '1', '', '', 27.5, 7.0, 3)",
    )
    .execute(&mut conn)
    .await
    .unwrap();
    conn.close().await.unwrap();

    let store = SqliteStore::open(&url).await.unwrap();
    let chat = ChatId::new(Platform::Telegram, "-5");
    let rated = store.ratings(&chat, Span::AllTime, None).await.unwrap();
    assert_eq!(rated.len(), 1);
    assert_eq!(rated[0].who, Rated::Player(UserId::new(Platform::Telegram, "1")));
    assert_eq!((rated[0].mu, rated[0].sigma, rated[0].matches), (27.5, 7.0, 3));
    assert!(store.rating_history(&chat, Span::AllTime, None).await.unwrap().is_empty());
}

#[tokio::test]
async fn chats_with_history_get_their_tallies_when_the_store_opens() {
    use domino_core::standings::{Card, ChatTally, HeadToHead, SummaryPlayer};
    let dir = tempfile::tempdir().unwrap();
    let before = migrations().iter().position(|p| p.ends_with("0012_tallies.sql"));
    let url = database_at(before.expect("the migration exists"), dir.path()).await;
    let mut conn = sqlx::SqliteConnection::connect(&url).await.unwrap();
    sqlx::query(
        "INSERT INTO tables (id, chat_platform, chat_id, number, version, open, snapshot, updated_at)
         VALUES (1, 'telegram', '-5', 1, 9, 0, '{}', 0)",
    )
    .execute(&mut conn)
    .await
    .unwrap();
    let seat = |who: &str, side: u8, won: bool, goat: bool| SummaryPlayer {
        user: (who != "bot").then(|| UserId::new(Platform::Telegram, who)),
        name: who.to_uppercase(),
        seat: 0,
        side,
        won,
        goat,
        points_for: 0,
        points_against: 0,
        relieved: false,
    };
    // Two chats' matches: duels, three alone, pairs, a computer, one kept without its seats.
    let played: Vec<(&str, &str, bool, Vec<SummaryPlayer>)> = vec![
        ("-5", "kozel", false, vec![seat("ann", 0, true, false), seat("bob", 1, false, true)]),
        ("-5", "classic", false, vec![seat("bob", 0, true, false), seat("ann", 1, false, false)]),
        ("-6", "kozel", false, vec![seat("ann", 0, false, true), seat("cat", 1, true, false)]),
        (
            "-5",
            "kozel",
            true,
            vec![
                seat("ann", 0, true, false),
                seat("bob", 1, false, true),
                seat("cat", 0, true, false),
                seat("dan", 1, false, true),
            ],
        ),
        ("-5", "kozel", false, vec![seat("ann", 0, true, false), seat("bot", 1, false, true)]),
        ("-5", "kozel", false, Vec::new()),
        (
            "-5",
            "osel",
            false,
            vec![
                seat("cat", 0, true, false),
                seat("ann", 1, true, false),
                seat("bob", 2, false, true),
            ],
        ),
    ];
    for (chat, variant, pairs, players) in &played {
        let players = if players.is_empty() {
            String::new()
        } else {
            serde_json::to_string(players).unwrap()
        };
        sqlx::query(
            "INSERT INTO matches (chat_platform, chat_id, season, table_id, variant, pairs, rounds,
                finished_at, record, players)
             VALUES ('telegram', ?1, 1, 1, ?2, ?3, 3, 0, '{}', ?4)",
        )
        .bind(chat)
        .bind(variant)
        .bind(pairs)
        .bind(players)
        .execute(&mut conn)
        .await
        .unwrap();
    }
    conn.close().await.unwrap();

    for _ in 0..2 {
        // Worked out when the store opens; opened again, the same (nothing is due twice).
        let store = SqliteStore::open(&url).await.unwrap();
        for chat in ["-5", "-6"] {
            let chat = ChatId::new(Platform::Telegram, chat);
            let all = store.history(&chat, None, 100).await.unwrap();
            let recomputed = ChatTally::of(&all);
            for who in ["ann", "bob", "cat", "dan"] {
                let me = UserId::new(Platform::Telegram, who);
                let kept = store.person_tally(&chat, &me).await.unwrap();
                assert_eq!(kept.card(), Card::of(&all, &me), "{chat} {who}");
                assert_eq!(kept.card(), recomputed.person(&me).card(), "{chat} {who}");
                for other in ["ann", "bob", "cat", "dan"].into_iter().filter(|o| *o != who) {
                    let other = UserId::new(Platform::Telegram, other);
                    assert_eq!(kept.versus(&other, None), HeadToHead::of(&all, &me, &other));
                }
            }
        }
        let ann = store
            .person_tally(
                &ChatId::new(Platform::Telegram, "-5"),
                &UserId::new(Platform::Telegram, "ann"),
            )
            .await
            .unwrap()
            .card();
        assert_eq!((ann.total.matches, ann.total.wins, ann.streak, ann.best_streak), (5, 4, 3, 3));
    }
}
