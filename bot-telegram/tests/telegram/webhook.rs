//! Webhook mode: updates posted to the bot's endpoint, taken only with the secret token.

use crate::fake::Fake;
use crate::harness::*;
use std::time::Duration;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn webhook_mode() {
    let fake = Fake::start().await;
    let port = std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
    let hook = domino_telegram::Webhook {
        url: url::Url::parse(&format!("http://127.0.0.1:{port}/hook")).unwrap(),
        listen: format!("127.0.0.1:{port}").parse().unwrap(),
        secret: Some("s3cret".into()),
    };
    let options = domino_telegram::RunOptions {
        mode: domino_telegram::Mode::Webhook(hook.clone()),
        ..options()
    };
    let bot = start_with(&fake, memory_service().await, options).await;
    fake.until("the webhook", |st| st.webhook.clone().filter(|u| u == hook.url.as_str())).await;
    let update = serde_json::json!({"update_id": 1, "message": {
        "message_id": 1, "date": 1, "chat": {"id": GROUP, "type": "group", "title": "Office"},
        "from": {"id": ALICE.id, "is_bot": false, "first_name": "Alice"}, "text": "/help",
        "entities": [{"type": "bot_command", "offset": 0, "length": 5}]}});
    assert_eq!(post(port, "/hook", None, &update).await, 401);
    assert_eq!(post(port, "/hook", Some("s3cre"), &update).await, 401);
    assert_eq!(post(port, "/hook", Some("s3cret"), &update).await, 200);
    fake.until("the help", |st| st.bot_texts(GROUP).into_iter().find(|t| t.contains("/duel")))
        .await;
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_webhook_without_a_configured_secret_makes_one_and_refuses_forged_updates() {
    let fake = Fake::start().await;
    let port = std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
    let hook = domino_telegram::Webhook {
        url: url::Url::parse(&format!("http://127.0.0.1:{port}/hook")).unwrap(),
        listen: format!("127.0.0.1:{port}").parse().unwrap(),
        secret: None,
    };
    let options =
        domino_telegram::RunOptions { mode: domino_telegram::Mode::Webhook(hook), ..options() };
    let bot = start_with(&fake, memory_service().await, options).await;
    let set = fake
        .until("the webhook", |st| st.requests.iter().find(|r| r.method == "setwebhook").cloned())
        .await;
    let secret = set.body["secret_token"].as_str().expect("a secret was registered").to_owned();
    assert!(secret.len() >= 32 && secret.chars().all(|c| c.is_ascii_alphanumeric()), "{secret}");
    // A forged update (anyone can POST to the URL) is refused and does nothing.
    let forged = serde_json::json!({"update_id": 7, "message": {
        "message_id": 1, "date": 1, "chat": {"id": GROUP, "type": "group", "title": "Office"},
        "from": {"id": ALICE.id, "is_bot": false, "first_name": "Alice"}, "text": "/new",
        "entities": [{"type": "bot_command", "offset": 0, "length": 4}]}});
    assert_eq!(post(port, "/hook", None, &forged).await, 401);
    assert_eq!(post(port, "/hook", Some("guess"), &forged).await, 401);
    fake.quiet().await;
    assert!(bot.service.tables_in(&chat(GROUP)).await.is_empty(), "no table from a forged update");
    assert_eq!(post(port, "/hook", Some(&secret), &forged).await, 200);
    table_in(&bot.service, GROUP).await;
    bot.stop().await;
}

/// A bare HTTP/1.1 POST; returns the status.
pub(crate) async fn post(
    port: u16,
    path: &str,
    secret: Option<&str>,
    body: &serde_json::Value,
) -> u16 {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let body = body.to_string();
    let secret =
        secret.map(|s| format!("X-Telegram-Bot-Api-Secret-Token: {s}\r\n")).unwrap_or_default();
    let req = format!(
        "POST {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n{secret}Content-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    );
    let mut tcp = tokio::net::TcpStream::connect(("127.0.0.1", port)).await.unwrap();
    tcp.write_all(req.as_bytes()).await.unwrap();
    let mut out = String::new();
    tokio::time::timeout(Duration::from_secs(5), tcp.read_to_string(&mut out))
        .await
        .unwrap()
        .unwrap();
    out.split(' ').nth(1).and_then(|s| s.parse().ok()).unwrap_or(0)
}
