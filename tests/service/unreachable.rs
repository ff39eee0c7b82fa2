//! A platform that never connects never holds a stop, and a second signal exits at once.

use crate::process::Domino;
use std::time::Duration;

/// A port nothing listens on.
fn nowhere() -> String {
    format!("http://127.0.0.1:{}", crate::process::free_port())
}

fn both_unreachable(dir: &std::path::Path) -> Domino {
    Domino::run(
        dir,
        &[
            ("DISCORD_TOKEN", "x".into()),
            ("DISCORD_PROXY_URL", nowhere()),
            ("TELOXIDE_TOKEN", "123:test".into()),
            ("TELOXIDE_API_URL", nowhere()),
            ("DATABASE_URL", "sqlite://domino.db".into()),
        ],
    )
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn platforms_that_never_connect_do_not_hold_the_stop() {
    let dir = tempfile::tempdir().unwrap();
    let mut bot = both_unreachable(dir.path());
    bot.line("store open", Duration::from_secs(30)).await;
    bot.line("getMe failed", Duration::from_secs(30)).await;
    bot.signal("INT");
    let (status, took) = bot.exit(Duration::from_secs(12)).await;
    assert_eq!(status.code(), Some(0), "{}", bot.log());
    assert!(took < Duration::from_secs(12), "{took:?}");
    assert!(bot.log().contains("stopping"), "{}", bot.log());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_second_signal_exits_at_once() {
    let dir = tempfile::tempdir().unwrap();
    let mut bot = both_unreachable(dir.path());
    bot.line("store open", Duration::from_secs(30)).await;
    bot.signal("TERM");
    bot.line("stopping", Duration::from_secs(5)).await;
    bot.signal("TERM");
    let (status, took) = bot.exit(Duration::from_secs(2)).await;
    assert_eq!(status.code(), Some(143), "{}", bot.log());
    assert!(took < Duration::from_secs(2), "{took:?}");
    assert!(bot.log().contains("SIGTERM again: exiting at once"), "{}", bot.log());
}
