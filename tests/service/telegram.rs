//! Telegram: SIGTERM in the middle of a match, health and metrics scraped while it runs.

use crate::fake_telegram::FakeTelegram;
use crate::process::{Domino, free_port, get};
use crate::store;
use std::time::{Duration, Instant};

const ANN: i64 = 7;

fn start(dir: &std::path::Path, fake: &FakeTelegram, http: u16) -> Domino {
    Domino::run(
        dir,
        &[
            ("TELOXIDE_TOKEN", "123:test".into()),
            ("TELOXIDE_API_URL", fake.url()),
            ("DATABASE_URL", "sqlite://domino.db".into()),
            ("DOMINO_ROBOT_PAUSE_MS", "0".into()),
            ("DOMINO_HTTP_ADDR", format!("127.0.0.1:{http}")),
        ],
    )
}

/// The newest message offering Ann a move, with the move's button data: a hand she has not
/// seen yet (`seen`: the last one pressed on).
async fn a_move(fake: &FakeTelegram, newer_than: i64, seen: &mut String) -> (i64, String) {
    let end = Instant::now() + Duration::from_secs(20);
    loop {
        let offered = fake.messages().into_iter().rev().find_map(|(id, m)| {
            // Ann's turn, on the hand as it now is.
            let data = m.buttons().into_iter().find(|(_, d)| d.contains(":m."))?.1;
            let fresh = m.text.contains("Your move!") && m.text != *seen;
            (fresh && (id > newer_than || m.edits > 0)).then_some((id, data, m.text))
        });
        if let Some((id, data, text)) = offered {
            *seen = text;
            return (id, data);
        }
        assert!(Instant::now() < end, "no move offered: {:#?}", fake.messages());
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

/// Presses a move: the press's update and query ids.
async fn press(fake: &FakeTelegram, newer_than: i64, seen: &mut String) -> (i64, String) {
    let (id, data) = a_move(fake, newer_than, seen).await;
    (fake.press(ANN, id, &data), format!("q{id}-{data}"))
}

/// Waits for a press's answer (a refusal has a text).
async fn answer(fake: &FakeTelegram, query: &str) -> String {
    let end = Instant::now() + Duration::from_secs(20);
    loop {
        if let Some(answer) = fake.answer(query) {
            return answer;
        }
        assert!(Instant::now() < end, "the press {query} was not answered");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

/// Presses a move and waits for the press's answer.
async fn play(fake: &FakeTelegram, newer_than: i64, seen: &mut String) -> String {
    let (_, query) = press(fake, newer_than, seen).await;
    answer(fake, &query).await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sigterm_mid_match_delivers_the_queue_keeps_every_move_and_resumes() {
    let dir = tempfile::tempdir().unwrap();
    let fake = FakeTelegram::start().await;
    let http = free_port();
    let mut bot = start(dir.path(), &fake, http);
    bot.line("Telegram @domino_test_bot: polling", Duration::from_secs(30)).await;
    fake.say(ANN, "/duel bot");
    let mut seen = String::new();
    let first = play(&fake, 0, &mut seen).await;
    assert!(first.starts_with('✓'), "Ann's first move is taken: {first:?}");

    // Scraped while the match runs: alive, ready, and counting.
    assert_eq!(get(http, "/healthz").await, (200, "ok\n".into()));
    assert_eq!(get(http, "/readyz").await, (200, "ready\n".into()));
    let (status, metrics) = get(http, "/metrics").await;
    assert_eq!(status, 200);
    for line in [
        "domino_open_tables 1",
        "domino_platform_connected{platform=\"telegram\"} 1",
        "domino_updates_total{platform=\"telegram\",kind=\"message\"} 1",
        "domino_updates_total{platform=\"telegram\",kind=\"press\"} 1",
        "domino_thinkers ",
        "domino_outbox_queued{platform=\"telegram\"} ",
        "domino_store_commit_seconds_count ",
        "domino_answer_seconds_bucket{platform=\"telegram\",kind=\"press\",le=\"+Inf\"} 1",
    ] {
        assert!(metrics.contains(line), "no {line:?} in\n{metrics}");
    }

    // Four replies at once: paced at about one a second in a chat, most still queued when
    // the signal comes; and a move in flight.
    let (last, query) = press(&fake, 0, &mut seen).await;
    let before = fake.messages().keys().max().copied().unwrap_or(0);
    for _ in 0..4 {
        fake.say(ANN, "/help");
    }
    let end = Instant::now() + Duration::from_secs(10);
    while !fake.taken(last + 4) {
        assert!(Instant::now() < end, "the bot did not take the updates");
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    let replies = |fake: &FakeTelegram| {
        let made = fake.messages().into_iter().filter(|(id, _)| *id > before);
        made.filter(|(_, m)| m.text.contains("/new")).count()
    };
    let sent_before = replies(&fake);
    bot.signal("TERM");
    let answered = answer(&fake, &query).await;
    let (status, took) = bot.exit(Duration::from_secs(12)).await;
    assert_eq!(status.code(), Some(0), "{}", bot.log());
    assert!(took < Duration::from_secs(12), "{took:?}");
    let log = bot.log();
    assert!(log.contains("stopping") && log.contains("stopped"), "{log}");
    assert!(sent_before < 4, "the replies were still queued at the signal");
    assert_eq!(replies(&fake), 4, "the queued replies went out before the exit:\n{log}");

    // Every accepted move is in the store, its log replaying to its snapshot.
    let moves = store::person_moves(&dir.path().join("domino.db"), ANN).await;
    // A taken move is answered with a toast naming it («✓ [5|6] ▶»).
    let taken = if answered.starts_with('✓') { 2 } else { 1 };
    assert_eq!(moves, taken, "Ann's accepted moves in the store (second press: {answered:?})");

    // The next start resumes the match: Ann plays on.
    let http = free_port();
    let bot = start(dir.path(), &fake, http);
    bot.line("tables=1", Duration::from_secs(30)).await;
    bot.line("Telegram @domino_test_bot: polling", Duration::from_secs(30)).await;
    let newest = fake.messages().keys().max().copied().unwrap_or(0);
    fake.say(ANN, "/hand");
    let mut seen = String::new();
    let after = play(&fake, newest, &mut seen).await;
    assert!(after.starts_with('✓'), "a move after the restart is taken: {after:?}");
    let end = Instant::now() + Duration::from_secs(10);
    while store::person_moves(&dir.path().join("domino.db"), ANN).await <= taken {
        assert!(Instant::now() < end, "the move after the restart is not stored");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}
