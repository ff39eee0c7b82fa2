//! Seasons that run by themselves, in each store: the season of `play_season` made monthly,
//! turned by the timers at the chat's midnight on the 1st (Moscow time, the Russian chat's
//! clock) and announced through the door's feed with its story and chart.

use super::*;
use domino_core::chat::{Body, Door, Fed, Feed, Reply};
use domino_core::service::{ManualClock, Options, OsSeeds, Service};
use domino_core::session::Simple;
use domino_core::standings::{Cadence, Weekday};
use domino_core::store::{MemoryStore, SqliteStore};
use std::sync::Arc;
use std::time::Duration;

/// 2026-01-01 00:00 in Moscow (UTC+3): the first monthly turn after the season's matches.
const NEW_YEAR_MSK: Millis = 1_767_214_800_000;

/// The next post of the feed within `wait` (the season's lobbies expiring meanwhile are
/// changes, passed over).
async fn next_post(feed: &mut Feed, wait: Duration) -> Option<(ChatId, Reply)> {
    let until = tokio::time::Instant::now() + wait;
    loop {
        match tokio::time::timeout_at(until, feed.next()).await {
            Ok(Some(Fed::Post { chat, reply })) => return Some((chat, reply)),
            Ok(Some(_)) => continue,
            Ok(None) | Err(_) => return None,
        }
    }
}

async fn check_league<S: Store>(store: S) {
    play_season(&store).await;
    let a = chat();
    let options = Options { robot_pause: Duration::ZERO, ..Options::default() };
    let clock = Arc::new(ManualClock::new(T0 + 86_400_000));
    let svc = Service::start_with(store, Arc::new(Simple), clock, Arc::new(OsSeeds), options)
        .await
        .unwrap();
    let door = Door::new(svc.clone());
    let mut feed = door.feed(Platform::Telegram);

    let mut settings = svc.store().chat_settings(&a).await.unwrap();
    settings.seasons = Cadence::Monthly;
    let settings = settings.next();
    svc.plan_league(&a, &settings).await.unwrap();
    svc.store().set_chat_settings(&a, &settings).await.unwrap();

    // A minute before midnight in Moscow, nothing turns.
    let before = NEW_YEAR_MSK - 60_000 - svc.now();
    assert!(svc.advance_clock(before));
    svc.fire_due().await;
    assert_eq!(svc.store().season(&a).await.unwrap().number, 1);

    // At midnight the season turns, once, and the feed announces it.
    assert!(svc.advance_clock(60_000));
    svc.fire_due().await;
    svc.fire_due().await;
    let season = svc.store().season(&a).await.unwrap();
    assert_eq!((season.number, season.started_at), (2, NEW_YEAR_MSK));
    let (chat, reply) = next_post(&mut feed, Duration::from_secs(10)).await.expect("a post");
    assert_eq!(chat, a);
    assert!(!reply.private);
    let Body::Picture { text, picture } = reply.body else { panic!("a chart with its story") };
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], "🏁 Сезон 1 окончен! Матчей сыграно: 7.", "{text}");
    assert!(lines[1].starts_with("🏆 Домино: Gleb (рейтинг "), "{text}");
    assert!(lines[2].starts_with("🏆 Козёл: "), "{text}");
    // Boris, Vera and Gleb lost twice each: Gleb played fewest.
    assert!(text.contains("🐐 Козёл сезона: Gleb (2 раза)"), "{text}");
    assert!(text.contains("📅 Больше всех матчей: Anna (6)"), "{text}");
    assert!(text.contains("🔥 Самая длинная серия побед: Anna (4)"), "{text}");
    assert!(text.contains("🚀 Лучший рост рейтинга: "), "{text}");
    assert!(text.contains("📈 🔵 "), "the chart's caption says whose each line is: {text}");
    assert!(text.ends_with("Начался сезон 2: рейтинги с нуля, удачи!"), "{text}");
    let decoded = png::Decoder::new(std::io::Cursor::new(&picture.png)).read_info().unwrap();
    assert_eq!(decoded.info().width, picture.width);

    // The next turn is planned for February; nothing is due before it.
    assert!(svc.advance_clock(86_400_000));
    svc.fire_due().await;
    assert_eq!(svc.store().season(&a).await.unwrap().number, 2);
    let more = next_post(&mut feed, Duration::from_millis(200)).await;
    assert!(more.is_none(), "nothing more is announced: {more:?}");

    // Back to seasons by hand: February passes without a turn.
    let mut by_hand = svc.store().chat_settings(&a).await.unwrap();
    by_hand.seasons = Cadence::Manual;
    let by_hand = by_hand.next();
    svc.plan_league(&a, &by_hand).await.unwrap();
    svc.store().set_chat_settings(&a, &by_hand).await.unwrap();
    assert!(svc.advance_clock(40 * 86_400_000));
    svc.fire_due().await;
    assert_eq!(svc.store().season(&a).await.unwrap().number, 2);
}

/// 2025-12-03 10:00 in Moscow, the first Wednesday digest after the season's matches.
const WEDNESDAY_MSK: Millis = 1_764_745_200_000;

async fn check_digest<S: Store>(store: S) {
    play_season(&store).await;
    let a = chat();
    let options = Options { robot_pause: Duration::ZERO, ..Options::default() };
    let clock = Arc::new(ManualClock::new(T0 + 86_400_000));
    let svc = Service::start_with(store, Arc::new(Simple), clock, Arc::new(OsSeeds), options)
        .await
        .unwrap();
    let door = Door::new(svc.clone());
    let mut feed = door.feed(Platform::Telegram);
    let mut settings = svc.store().chat_settings(&a).await.unwrap();
    settings.digest = Weekday::of(2);
    let settings = settings.next();
    svc.plan_league(&a, &settings).await.unwrap();
    svc.store().set_chat_settings(&a, &settings).await.unwrap();

    // A minute early, no digest.
    assert!(svc.advance_clock(WEDNESDAY_MSK - 60_000 - svc.now()));
    svc.fire_due().await;
    assert!(next_post(&mut feed, Duration::from_millis(200)).await.is_none());

    // At 10:00 on Wednesday the week is summed up, once, however many rounds look.
    assert!(svc.advance_clock(60_000));
    svc.fire_due().await;
    svc.fire_due().await;
    let (chat, reply) = next_post(&mut feed, Duration::from_secs(10)).await.expect("a digest");
    assert_eq!(chat, a);
    let Body::Long(text) = reply.body else { panic!("a digest is text: {:?}", reply.body) };
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], "📰 Неделя 26.11–03.12.2025: сыграно матчей: 7.", "{text}");
    assert!(text.contains("📅 Больше всех матчей: Anna (6)"), "{text}");
    assert!(text.contains("🐐 Козёл недели: Gleb (2 раза)"), "{text}");
    assert!(text.contains("🏆 Лидеры сезона 1:"), "{text}");
    assert!(text.contains("• Домино: Gleb (рейтинг "), "{text}");
    let again = next_post(&mut feed, Duration::from_millis(200)).await;
    assert!(again.is_none(), "one digest a week: {again:?}");

    // A week without a match is not summed up; a chat without a digest gets none.
    assert!(svc.advance_clock(7 * 86_400_000));
    svc.fire_due().await;
    assert!(next_post(&mut feed, Duration::from_millis(200)).await.is_none());
    let mut off = svc.store().chat_settings(&a).await.unwrap();
    off.digest = None;
    let off = off.next();
    svc.plan_league(&a, &off).await.unwrap();
    svc.store().set_chat_settings(&a, &off).await.unwrap();
    assert!(svc.store().meta_prefix("digest-due:").await.unwrap().is_empty());
}

#[tokio::test]
async fn a_weekly_digest_sums_up_the_week_once_in_memory() {
    check_digest(MemoryStore::new()).await;
}

#[tokio::test]
async fn a_weekly_digest_sums_up_the_week_once_in_sqlite() {
    let dir = tempfile::tempdir().unwrap();
    check_digest(SqliteStore::open_path(&dir.path().join("digest.db")).await.unwrap()).await;
}

#[tokio::test]
async fn a_monthly_season_turns_by_itself_and_is_announced_in_memory() {
    check_league(MemoryStore::new()).await;
}

#[tokio::test]
async fn a_monthly_season_turns_by_itself_and_is_announced_in_sqlite() {
    let dir = tempfile::tempdir().unwrap();
    check_league(SqliteStore::open_path(&dir.path().join("league.db")).await.unwrap()).await;
}
