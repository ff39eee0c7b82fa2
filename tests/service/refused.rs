//! A token the platform refuses ends the start with one plain line.

use crate::process::Domino;
use axum::response::IntoResponse;
use std::time::Duration;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_refused_telegram_token_is_said_once() {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    let refuse = || async {
        let body =
            serde_json::json!({"ok": false, "error_code": 401, "description": "Unauthorized"});
        (axum::http::StatusCode::UNAUTHORIZED, axum::Json(body)).into_response()
    };
    let app = axum::Router::new().fallback(refuse);
    tokio::spawn(async move { axum::serve(listener, app).await.unwrap() });
    let dir = tempfile::tempdir().unwrap();
    let mut bot = Domino::run(
        dir.path(),
        &[
            ("TELOXIDE_TOKEN", "123:wrong".into()),
            ("TELOXIDE_API_URL", format!("http://{addr}")),
            ("DATABASE_URL", "sqlite://domino.db".into()),
        ],
    );
    let (status, _) = bot.exit(Duration::from_secs(15)).await;
    assert_eq!(status.code(), Some(1), "{}", bot.log());
    let said = "TELOXIDE_TOKEN was refused by Telegram (401)";
    assert_eq!(bot.log().matches(said).count(), 1, "{}", bot.log());
    assert!(!bot.log().contains("Invalid bot token"), "{}", bot.log());
}
