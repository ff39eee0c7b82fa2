//! Discord: SIGTERM with an interaction in flight, health and metrics while a match runs.

use crate::fake_discord::FakeDiscord;
use crate::process::{Domino, free_port, get};
use std::time::{Duration, Instant};

fn start(dir: &std::path::Path, fake: &FakeDiscord, http: u16) -> Domino {
    Domino::run(
        dir,
        &[
            ("DISCORD_TOKEN", "test-token".into()),
            ("DISCORD_PROXY_URL", fake.url()),
            ("DATABASE_URL", "sqlite://domino.db".into()),
            ("DOMINO_ROBOT_PAUSE_MS", "0".into()),
            ("DOMINO_HTTP_ADDR", format!("127.0.0.1:{http}")),
        ],
    )
}

/// Waits until the fake has had a call `method path…` starting so.
async fn called(fake: &FakeDiscord, method: &str, path: &str) {
    let end = Instant::now() + Duration::from_secs(20);
    while !fake.calls().iter().any(|(m, p)| m == method && p.starts_with(path)) {
        assert!(Instant::now() < end, "no {method} {path}: {:#?}", fake.calls());
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sigterm_with_an_interaction_in_flight_answers_it_stores_it_and_resumes() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("domino.db");
    let fake = FakeDiscord::start().await;
    let http = free_port();
    let mut bot = start(dir.path(), &fake, http);
    bot.line("Discord: shard 0/1, 1 guilds", Duration::from_secs(30)).await;
    let first = fake.duel_computer(1);
    called(&fake, "POST", &format!("/interactions/{first}/t1/callback")).await;

    // Scraped while the match runs.
    assert_eq!(get(http, "/readyz").await, (200, "ready\n".into()));
    let (_, metrics) = get(http, "/metrics").await;
    for line in [
        "domino_open_tables 1",
        "domino_platform_connected{platform=\"discord\"} 1",
        "domino_updates_total{platform=\"discord\",kind=\"command\"} 1",
    ] {
        assert!(metrics.contains(line), "no {line:?} in\n{metrics}");
    }

    // A second duel, signalled as soon as the gateway handed it over: it is in flight.
    let second = fake.duel_computer(2);
    let end = Instant::now() + Duration::from_secs(10);
    while fake.sent() < 2 {
        assert!(Instant::now() < end, "the gateway did not hand the interaction over");
        tokio::time::sleep(Duration::from_millis(2)).await;
    }
    bot.signal("TERM");
    let (status, took) = bot.exit(Duration::from_secs(12)).await;
    assert_eq!(status.code(), Some(0), "{}", bot.log());
    assert!(took < Duration::from_secs(12), "{took:?}");
    called(&fake, "POST", &format!("/interactions/{second}/t2/callback")).await;
    assert_eq!(crate::store::open_tables(&db).await, 2, "both duels are stored");

    // The next start resumes: both tables are shown again, and a new duel is answered.
    let before = fake.calls().len();
    let bot = start(dir.path(), &fake, free_port());
    bot.line("tables=2", Duration::from_secs(30)).await;
    bot.line("Discord: shard 0/1, 1 guilds", Duration::from_secs(30)).await;
    let end = Instant::now() + Duration::from_secs(20);
    let shown = |fake: &FakeDiscord| {
        let calls = fake.calls();
        let edits =
            calls[before..].iter().filter(|(m, p)| m == "PATCH" && p.contains("/messages/"));
        edits.count()
    };
    while shown(&fake) < 2 {
        assert!(Instant::now() < end, "the open tables were not shown again: {:#?}", fake.calls());
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    let third = fake.duel_computer(3);
    called(&fake, "POST", &format!("/interactions/{third}/t3/callback")).await;
}
