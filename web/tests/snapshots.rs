//! The pages as HTML, snapshot: an empty chat's home page (the frame, the menu, the live
//! script) and the tables page with a table in play, in Russian and English.

mod common;

use axum::body::Body;
use axum::http::Request;
use common::{League, TOKEN};
use std::time::Duration;
use tower::ServiceExt;

async fn html(router: &axum::Router, path: &str) -> String {
    let response = router.clone().oneshot(Request::get(path).body(Body::empty()).unwrap());
    let body = response.await.unwrap().into_body();
    let html = String::from_utf8(axum::body::to_bytes(body, usize::MAX).await.unwrap().to_vec());
    // One element a line, to read the snapshot; the league's stamp (a hash) left out.
    let html = html.unwrap().replace("><", ">\n<");
    match html.split_once("var LEAGUE=") {
        Some((head, tail)) => {
            let rest = tail.trim_start_matches(|c: char| c.is_ascii_digit());
            format!("{head}var LEAGUE=…{rest}")
        }
        None => html,
    }
}

#[tokio::test]
async fn the_pages_as_html() {
    use domino_core::store::{ChatSettings, Store};
    let league = League::new(11).await;
    let router = league.router(Duration::from_millis(5));
    let base = format!("/screen/{TOKEN}");
    insta::assert_snapshot!("home_empty_ru", html(&router, &base).await);
    let id = league.open(13).await;
    league.step(id, 0).await;
    insta::assert_snapshot!("tables_ru", html(&router, &format!("{base}/tables")).await);
    let store = league.svc.store();
    let s = store.chat_settings(&league.chat).await.unwrap();
    let next = ChatSettings { lang: domino_core::session::Lang::En, ..s }.next();
    store.set_chat_settings(&league.chat, &next).await.unwrap();
    insta::assert_snapshot!("tables_en", html(&router, &format!("{base}/tables")).await);
}
