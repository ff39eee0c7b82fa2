//! Live across processes: two services on one PostgreSQL database, as two `domino run`
//! processes. A page served by one shows the moves made through the other within 2 s: each
//! timer round (every second, as `domino run` runs them) reads the tables others moved on
//! into memory, where the page's events look every `POLL`.

mod common;

use axum::body::Body;
use axum::http::Request;
use common::{League, TOKEN, version_in};
use domino_core::service::{ManualClock, Options, OsSeeds, Service};
use domino_core::session::Simple;
use domino_core::store::PgStore;
use futures_util::StreamExt;
use std::sync::Arc;
use std::time::{Duration, Instant};
use tower::ServiceExt;

async fn process(url: &str, clock: Arc<ManualClock>) -> Arc<Service<PgStore>> {
    let options = Options { robot_pause: Duration::ZERO, shared: true, ..Options::default() };
    let store = PgStore::open(url).await.expect("the database");
    Service::start_with(store, Arc::new(Simple), clock, Arc::new(OsSeeds), options).await.unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_move_made_by_another_process_reaches_the_page_within_two_seconds() {
    let url = domino_pg_harness::server().database("screen_live");
    let clock = Arc::new(ManualClock::new(1_700_000_000_000));
    let (serving, playing) = (process(&url, clock.clone()).await, process(&url, clock).await);
    // The serving process's timer rounds, as `domino run` runs them.
    tokio::spawn(serving.clone().run_timers(Duration::from_secs(1)));
    let (page, play) = (League::over(serving), League::over(playing));
    let router = page.router(domino_web::POLL);
    let id = play.open(13).await;
    let path = format!("/screen/{TOKEN}/events");
    let response = router.oneshot(Request::get(path).body(Body::empty()).unwrap()).await.unwrap();
    let mut events = response.into_body().into_data_stream();
    let mut buffer = String::new();
    for pick in 0..4 {
        if pick > 0 {
            play.step(id, pick).await;
        }
        let version = play.table(id).await.version;
        let moved = Instant::now();
        'shown: loop {
            while let Some(end) = buffer.find("\n\n") {
                let frame: String = buffer.drain(..end + 2).collect();
                if frame.contains("event: tables") && version_in(&frame) == Some(version) {
                    break 'shown;
                }
            }
            let left = Duration::from_secs(2).saturating_sub(moved.elapsed());
            let chunk = tokio::time::timeout(left, events.next()).await;
            let chunk = chunk.unwrap_or_else(|_| panic!("version {version} not shown within 2 s"));
            buffer.push_str(std::str::from_utf8(&chunk.unwrap().unwrap()).unwrap());
        }
        eprintln!("version {version} shown by the other process after {:?}", moved.elapsed());
    }
}
