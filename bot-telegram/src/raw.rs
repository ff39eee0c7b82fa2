//! The Bot API calls teloxide 0.17 does not know (Bot API 10.2/10.3: ephemeral messages, their
//! edits and deletes, ephemeral commands, button styles), made as plain POSTs of JSON with the
//! bot's own HTTP client to `{api_url}/bot{token}/{method}` (or of a multipart form, when a
//! file goes with them: an ephemeral photo), and their failures classified as every other
//! call's are. Callers run them through the outbox like every other call.

use crate::failure::Failure;
use serde_json::{Value, json};
use std::time::Duration;
use teloxide::Bot;

/// What Telegram answers (400) to a send only an administrator may make: an ephemeral message
/// without a user's action of the last 15 seconds behind it.
const NOT_ADMIN: &str = "BOT_NOT_ADMIN";

/// The raw side of the bot: its client, address and token.
#[derive(Clone)]
pub(crate) struct Raw {
    client: reqwest::Client,
    url: reqwest::Url,
    token: String,
}

impl Raw {
    pub(crate) fn new(bot: &Bot) -> Raw {
        Raw { client: bot.client().clone(), url: bot.api_url(), token: bot.token().to_owned() }
    }

    fn method_url(&self, method: &str) -> reqwest::Url {
        let mut url = self.url.clone();
        if let Ok(mut path) = url.path_segments_mut() {
            path.pop_if_empty().push(&format!("bot{}", self.token)).push(method);
        }
        url
    }

    /// Calls `method` with `body`; its `result`, or the failure classified.
    pub(crate) async fn call(&self, method: &str, body: &Value) -> Result<Value, Failure> {
        let sent = self.client.post(self.method_url(method)).json(body).send().await;
        self.answer(method, sent).await
    }

    /// Calls `method` with the fields of `body` as a multipart form (text as it is, anything
    /// else as JSON) and `file` (its field, file name and bytes) as a file part, which the
    /// fields name as `attach://{field}` where they refer to it.
    pub(crate) async fn upload(
        &self,
        method: &str,
        body: &Value,
        (field, name, bytes): (&str, &str, Vec<u8>),
    ) -> Result<Value, Failure> {
        let mut form = reqwest::multipart::Form::new();
        for (key, value) in body.as_object().into_iter().flatten() {
            let text = match value {
                Value::String(s) => s.clone(),
                v => v.to_string(),
            };
            form = form.text(key.clone(), text);
        }
        let part = reqwest::multipart::Part::bytes(bytes).file_name(name.to_owned());
        let form = form.part(field.to_owned(), part);
        let sent = self.client.post(self.method_url(method)).multipart(form).send().await;
        self.answer(method, sent).await
    }

    async fn answer(
        &self,
        method: &str,
        sent: reqwest::Result<reqwest::Response>,
    ) -> Result<Value, Failure> {
        let response = sent.map_err(|_| Failure::Transient)?;
        let status = response.status().as_u16();
        let answer: Value = match response.json().await {
            Ok(v) => v,
            Err(_) if status >= 500 => return Err(Failure::Transient),
            Err(e) => return Err(Failure::Other(format!("{method}: {status}: {e}"))),
        };
        if answer["ok"].as_bool() == Some(true) {
            return Ok(answer["result"].clone());
        }
        Err(refusal(status, &answer))
    }
}

/// A refused call's answer as a failure.
pub(crate) fn refusal(status: u16, answer: &Value) -> Failure {
    let text = answer["description"].as_str().unwrap_or_default();
    if let Some(after) = answer["parameters"]["retry_after"].as_u64() {
        return Failure::RetryAfter(Duration::from_secs(after).max(Duration::from_millis(100)));
    }
    if status >= 500 {
        return Failure::Transient;
    }
    if text.contains(NOT_ADMIN) {
        return Failure::NotAdmin;
    }
    if text.contains("ephemeral message not found") || text.contains("EPHEMERAL_MESSAGE") {
        return Failure::Gone;
    }
    crate::failure::of_text(text).unwrap_or_else(|| Failure::Other(format!("{status}: {text}")))
}

/// `ephemeral_message_parameters` (Bot API 10.3) for a message only `user` sees, sent within 15
/// seconds of their press `callback` when there is one.
pub(crate) fn for_one(user: i64, callback: Option<&str>) -> Value {
    let mut p = json!({"receiver_user_id": user});
    if let Some(id) = callback {
        p["callback_query_id"] = json!(id);
    }
    p
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn refusals_are_classified() {
        let no = |code, text: &str| json!({"ok": false, "error_code": code, "description": text});
        assert_eq!(refusal(400, &no(400, "Bad Request: BOT_NOT_ADMIN")), Failure::NotAdmin);
        assert_eq!(
            refusal(400, &no(400, "Bad Request: ephemeral message not found")),
            Failure::Gone
        );
        assert_eq!(refusal(502, &no(502, "Bad Gateway")), Failure::Transient);
        let mut busy = no(429, "Too Many Requests: retry after 7");
        busy["parameters"] = json!({"retry_after": 7});
        assert_eq!(refusal(429, &busy), Failure::RetryAfter(Duration::from_secs(7)));
        let modified = no(400, "Bad Request: message is not modified: same");
        assert_eq!(refusal(400, &modified), Failure::NotModified);
        let kicked = no(403, "Forbidden: bot was kicked from the supergroup chat");
        assert_eq!(refusal(403, &kicked), Failure::Removed);
        assert!(matches!(refusal(400, &no(400, "Bad Request: odd")), Failure::Other(_)));
    }

    #[test]
    fn methods_are_posted_under_the_bot_token() {
        let bot = Bot::new("T:K").set_api_url(reqwest::Url::parse("http://127.0.0.1:9/").unwrap());
        let raw = Raw::new(&bot);
        assert_eq!(
            raw.method_url("editEphemeralMessageText").as_str(),
            "http://127.0.0.1:9/botT:K/editEphemeralMessageText"
        );
    }
}
