//! Who may see a page: only a token `/screen` gave, until it is renewed (the door's signed
//! tokens, as `domino run` serves them). A forged, malformed, another chat's
//! altered, or revoked token gets 403 and nothing else on every page; the current one gets
//! the page.

mod common;

use axum::body::Body;
use axum::http::{Request, StatusCode};
use common::League;
use domino_web::Screens;
use std::sync::Arc;
use tower::ServiceExt;

const PAGES: [&str; 10] = [
    "",
    "/all",
    "/tables",
    "/table/1.png",
    "/league",
    "/replay/1.gif",
    "/me/501",
    "/vs/501/502",
    "/tv",
    "/events",
];

async fn get(router: &axum::Router, path: &str) -> (StatusCode, Vec<u8>) {
    let request = Request::get(path).body(Body::empty()).unwrap();
    let response = router.clone().oneshot(request).await.unwrap();
    let status = response.status();
    // An open page of events never ends: only its status is read.
    if path.ends_with("/events") && status == StatusCode::OK {
        return (status, Vec::new());
    }
    let body = axum::body::to_bytes(response.into_body(), usize::MAX).await.unwrap();
    (status, body.to_vec())
}

async fn refused_everywhere(router: &axum::Router, token: &str) {
    for page in PAGES {
        let path = format!("/screen/{token}{page}");
        let (status, body) = get(router, &path).await;
        assert_eq!(status, StatusCode::FORBIDDEN, "{path}");
        assert!(body.is_empty(), "{path}: {}", String::from_utf8_lossy(&body));
    }
}

#[tokio::test]
async fn only_the_current_signed_token_opens_the_pages() {
    let league = League::new(3).await;
    let tokens = Arc::new(league.door.clone());
    let router = domino_web::router(Screens::new(league.door.clone(), tokens, "test-1"));
    let first = league.door.screen_token(&league.chat).await.unwrap();
    let (status, _) = get(&router, &format!("/screen/{first}")).await;
    assert_eq!(status, StatusCode::OK, "the current token");

    // Forged: another chat's id under this chat's mac, a changed mac, malformed, a guess.
    let (body, mac) = first.rsplit_once('.').unwrap();
    let other = league
        .door
        .screen_token(&domino_core::ids::ChatId::new(domino_core::ids::Platform::Telegram, "-1006"))
        .await
        .unwrap();
    let (other_body, _) = other.rsplit_once('.').unwrap();
    let flipped =
        if mac.starts_with('A') { mac.replacen('A', "B", 1) } else { format!("A{}", &mac[1..]) };
    for forged in [
        format!("{other_body}.{mac}"),
        format!("{body}.{flipped}"),
        body.to_owned(),
        format!("{first}x"),
        "forged".to_owned(),
        "x".repeat(300),
    ] {
        refused_everywhere(&router, &forged).await;
    }

    // Renewed (`/screen new`): the old token is refused on every page, the new one opens.
    let second = league.door.renew_screen(&league.chat).await.unwrap();
    refused_everywhere(&router, &first).await;
    let (status, _) = get(&router, &format!("/screen/{second}")).await;
    assert_eq!(status, StatusCode::OK, "the renewed token");
}
