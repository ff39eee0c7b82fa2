//! Never a hidden tile: through whole matches of seeded deals and moves, every page that shows
//! the tables (the tables page, the TV mode) and every event a live page is sent names exactly
//! the tiles on the table at the version it shows, as core's `views/hidden.rs` reads the
//! chat's public text: no hand and no bazaar tile, ever. (The pictures are the chat's own
//! table picture, checked in core's `tests/pictures/`.)

mod common;

use axum::body::Body;
use axum::http::Request;
use common::{League, TOKEN, on_table, tiles_in, version_in};
use domino_core::engine::tile::TileSet;
use futures_util::StreamExt;
use proptest::prelude::*;
use std::collections::HashMap;
use std::time::Duration;
use tower::ServiceExt;

const WITHIN: Duration = Duration::from_secs(2);

async fn text(router: &axum::Router, path: &str) -> String {
    let response = router.clone().oneshot(Request::get(path).body(Body::empty()).unwrap());
    let body = response.await.unwrap().into_body();
    String::from_utf8(axum::body::to_bytes(body, usize::MAX).await.unwrap().to_vec()).unwrap()
}

/// The tiles `html` names, checked: none loose (a pair of pips outside a tile).
fn named(html: &str, what: &str) -> TileSet {
    let (tiles, loose) = tiles_in(html);
    assert_eq!(loose, 0, "{what}: a pair of pips outside a tile:\n{html}");
    tiles.into_iter().collect()
}

/// Reads the events' frames in `buffer` (topped up from `events`) up to the first `tables`
/// event showing `version` (`None`: no table), checking each `tables` event on the way
/// against the tiles on the table at the version it shows.
async fn events_until(
    events: &mut axum::body::BodyDataStream,
    buffer: &mut String,
    seen: &HashMap<u64, TileSet>,
    version: Option<u64>,
) {
    loop {
        while let Some(end) = buffer.find("\n\n") {
            let frame: String = buffer.drain(..end + 2).collect();
            if !frame.lines().any(|l| l == "event: tables") {
                continue;
            }
            let data: Vec<&str> = frame.lines().filter_map(|l| l.strip_prefix("data: ")).collect();
            let data = data.join("\n");
            let shown = version_in(&data);
            let tiles = named(&data, "an event");
            let expected = shown.map_or(TileSet::EMPTY, |v| seen[&v]);
            assert_eq!(tiles, expected, "an event at version {shown:?} names other tiles:\n{data}");
            if shown == version {
                return;
            }
        }
        let chunk = tokio::time::timeout(WITHIN, events.next()).await;
        let chunk = chunk.expect("an event within 2 s").expect("the events go on").unwrap();
        buffer.push_str(std::str::from_utf8(&chunk).unwrap());
    }
}

async fn whole_match(seed: u64, picks: Vec<usize>) {
    let league = League::new(seed).await;
    let router = league.router(Duration::from_millis(2));
    let base = format!("/screen/{TOKEN}");
    let id = league.open(13).await;
    let response = router
        .clone()
        .oneshot(Request::get(format!("{base}/events")).body(Body::empty()).unwrap())
        .await
        .unwrap();
    let mut events = response.into_body().into_data_stream();
    let mut buffer = String::new();
    let mut seen = HashMap::new();
    let mut n = 0;
    loop {
        let t = league.table(id).await;
        seen.insert(t.version, on_table(&t));
        let held = !league.svc.tables_in(&league.chat).await.is_empty();
        for page in ["tables", "tv"] {
            let html = text(&router, &format!("{base}/{page}")).await;
            let at = html.find("id=\"tables\"").expect("the tables' section");
            let tiles = named(&html[at..], page);
            let expected = if held { on_table(&t) } else { TileSet::EMPTY };
            assert_eq!(tiles, expected, "{page} at version {} names other tiles", t.version);
        }
        events_until(&mut events, &mut buffer, &seen, held.then_some(t.version)).await;
        if !league.step(id, picks[n % picks.len()]).await {
            assert!(n > 10, "a whole match was played: {n} moves");
            break;
        }
        n += 1;
        assert!(n < 5_000, "the match ends");
    }
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: 12,
        rng_seed: proptest::test_runner::RngSeed::Fixed(0x5EED),
        failure_persistence: None,
        ..ProptestConfig::default()
    })]

    #[test]
    fn no_page_and_no_event_of_a_whole_match_holds_a_hidden_tile(
        seed in 1u64..1_000_000,
        picks in proptest::collection::vec(0usize..8, 1..32),
    ) {
        let runtime = tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap();
        runtime.block_on(whole_match(seed, picks));
    }
}
