//! The chat's page as a Telegram Mini App (issue 42): `GET /app`, a tiny page Telegram opens
//! from the direct link `https://t.me/<bot>/<app>?startapp=<chat id>` (what a group may hold;
//! a `web_app` button is for private chats only), posts the launch's `initData` to
//! `POST /app/open`, which lets in only what Telegram signed for a member of that chat:
//!
//! 1. the `initData` reads as a query string, each field once, with a `hash`;
//! 2. its `hash` is the hex HMAC-SHA256, with the key HMAC-SHA256("WebAppData", bot token), of
//!    every other field as `key=value`, sorted by key, joined by `\n` (Telegram's
//!    data-check-string), compared in constant time;
//! 3. its `auth_date` is at most [`INIT_DATA_MAX_AGE`] old (and not from the future);
//! 4. its `start_param` names a chat (a group's id, or the person's own private chat) and
//!    Telegram says its `user` is in it (`getChatMember`, as every membership question; an
//!    answer is kept for [`MEMBERS_KEPT`]).
//!
//! Then, and only then, the answer is the address of the chat's page (`/screen/<token>`);
//! anything else gets 403 and a word of why, never the chat's name. Nothing here writes: the
//! page can change no game.

use axum::Router;
use axum::body::Bytes;
use axum::extract::State;
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use domino_core::chat::{Answer, Body, Door, Reply, screen_url};
use domino_core::ids::{ChatId, Platform};
use hmac::{Hmac, Mac};
use sha2::Sha256;
use std::collections::{BTreeMap, HashMap};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// The oldest launch let in: older `initData` may have been copied.
pub const INIT_DATA_MAX_AGE: Duration = Duration::from_secs(3600);
/// How far ahead of the bot's clock an `auth_date` may be (clocks differ a little).
const AHEAD: Duration = Duration::from_secs(60);
/// How long Telegram's answer on a person's membership is kept.
pub const MEMBERS_KEPT: Duration = Duration::from_secs(60);
/// The longest `initData` read (Telegram's are well under 4 KB).
const LONGEST: usize = 8192;
/// How long Telegram may take to say whether someone is a member.
const ASK_WITHIN: Duration = Duration::from_millis(1500);

/// What a good `initData` says: who opened the Mini App, for which chat.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Launch {
    pub user: i64,
    pub chat: i64,
}

/// Why an `initData` is refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Refused {
    /// Not a query string with a hash, a field twice, no user or chat.
    Malformed,
    /// Not signed with this bot's token.
    Forged,
    /// Older than [`INIT_DATA_MAX_AGE`], or from the future.
    Expired,
    /// The person is not in the chat (or Telegram could not say).
    NotMember,
}

impl Refused {
    /// The short reason given with the 403.
    pub fn reason(self) -> &'static str {
        match self {
            Refused::Malformed => "malformed",
            Refused::Forged => "forged",
            Refused::Expired => "expired",
            Refused::NotMember => "not a member",
        }
    }
}

/// The key an `initData` hash is made with: HMAC-SHA256 of the bot token, keyed "WebAppData".
fn secret_key(bot_token: &str) -> Vec<u8> {
    let mut mac = Hmac::<Sha256>::new_from_slice(b"WebAppData").expect("HMAC takes any key");
    mac.update(bot_token.as_bytes());
    mac.finalize().into_bytes().to_vec()
}

/// A SHA-256 hash in hex (64 digits).
fn unhex(s: &str) -> Option<Vec<u8>> {
    if s.len() != 64 || !s.bytes().all(|b| b.is_ascii_hexdigit()) {
        return None;
    }
    (0..s.len()).step_by(2).map(|i| u8::from_str_radix(&s[i..i + 2], 16).ok()).collect()
}

/// Checks an `initData` as Telegram documents it, at `now` (Unix seconds): who opened the
/// Mini App for which chat, when Telegram signed it lately; why not, otherwise. Membership is
/// the caller's to ask.
pub fn check_init_data(init_data: &str, key: &[u8], now: i64) -> Result<Launch, Refused> {
    if init_data.len() > LONGEST {
        return Err(Refused::Malformed);
    }
    let mut fields = BTreeMap::new();
    for (k, v) in url::form_urlencoded::parse(init_data.as_bytes()) {
        if fields.insert(k.into_owned(), v.into_owned()).is_some() {
            return Err(Refused::Malformed);
        }
    }
    let hash = fields.remove("hash").and_then(|h| unhex(&h)).ok_or(Refused::Malformed)?;
    let check: Vec<String> = fields.iter().map(|(k, v)| format!("{k}={v}")).collect();
    let mut mac = Hmac::<Sha256>::new_from_slice(key).expect("HMAC takes any key");
    mac.update(check.join("\n").as_bytes());
    // Compared in constant time.
    mac.verify_slice(&hash).map_err(|_| Refused::Forged)?;
    let signed: i64 =
        fields.get("auth_date").and_then(|d| d.parse().ok()).ok_or(Refused::Malformed)?;
    let age = now.saturating_sub(signed);
    if age > INIT_DATA_MAX_AGE.as_secs() as i64 || -age > AHEAD.as_secs() as i64 {
        return Err(Refused::Expired);
    }
    let user = fields
        .get("user")
        .and_then(|u| serde_json::from_str::<serde_json::Value>(u).ok())
        .and_then(|u| u["id"].as_i64())
        .ok_or(Refused::Malformed)?;
    let chat = fields
        .get("start_param")
        .and_then(|c| c.parse::<i64>().ok())
        .filter(|&c| c < 0 || c == user)
        .ok_or(Refused::Malformed)?;
    Ok(Launch { user, chat })
}

/// What the routes hold.
struct MiniApp {
    door: Door,
    bot: teloxide::Bot,
    key: Vec<u8>,
    public_url: String,
    /// Telegram's answers on (chat, user), and when they came.
    members: Mutex<HashMap<(i64, i64), (Instant, bool)>>,
}

/// The Mini App's routes, `GET /app` and `POST /app/open`, for `domino run` to serve next to
/// the webhook and the health routes; `public_url` is where the pages are (`DOMINO_PUBLIC_URL`).
pub fn mini_app_routes(door: Door, bot: teloxide::Bot, public_url: String) -> Router {
    let key = secret_key(bot.token());
    let app = MiniApp { door, bot, key, public_url, members: Mutex::default() };
    Router::new().route("/app", get(page)).route("/app/open", post(open)).with_state(Arc::new(app))
}

impl MiniApp {
    /// Whether Telegram says `user` is in `chat` (their own private chat: yes).
    async fn is_member(&self, chat: i64, user: i64) -> bool {
        if chat == user {
            return true;
        }
        let lock = || self.members.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(&(at, member)) = lock().get(&(chat, user))
            && at.elapsed() < MEMBERS_KEPT
        {
            return member;
        }
        let asked = teloxide::prelude::Requester::get_chat_member(
            &self.bot,
            teloxide::types::ChatId(chat),
            teloxide::types::UserId(user as u64),
        );
        let member = match tokio::time::timeout(ASK_WITHIN, asked).await {
            Ok(Ok(m)) => m.is_present(),
            Ok(Err(teloxide::RequestError::Api(teloxide::ApiError::UserNotFound))) => false,
            Ok(Err(e)) => {
                tracing::warn!(chat, error = %e, "Mini App: getChatMember failed");
                return false;
            }
            Err(_) => {
                tracing::warn!(chat, "Mini App: getChatMember took too long");
                return false;
            }
        };
        let mut members = lock();
        if members.len() > 10_000 {
            members.retain(|_, (at, _)| at.elapsed() < MEMBERS_KEPT);
        }
        members.insert((chat, user), (Instant::now(), member));
        member
    }
}

fn refused(why: Refused) -> Response {
    (StatusCode::FORBIDDEN, [(header::CACHE_CONTROL, "no-store")], format!("{}\n", why.reason()))
        .into_response()
}

async fn open(State(app): State<Arc<MiniApp>>, body: Bytes) -> Response {
    let Ok(init_data) = std::str::from_utf8(&body) else { return refused(Refused::Malformed) };
    let now = app.door.now() / 1000;
    let launch = match check_init_data(init_data.trim(), &app.key, now) {
        Ok(l) => l,
        Err(why) => return refused(why),
    };
    if !app.is_member(launch.chat, launch.user).await {
        return refused(Refused::NotMember);
    }
    let chat = ChatId::new(Platform::Telegram, launch.chat.to_string());
    match app.door.screen_token(&chat).await {
        Ok(token) => {
            let url = screen_url(&app.public_url, &token);
            let body = serde_json::json!({ "url": url }).to_string();
            let headers =
                [(header::CONTENT_TYPE, "application/json"), (header::CACHE_CONTROL, "no-store")];
            (headers, body).into_response()
        }
        Err(e) => {
            tracing::warn!(error = %e, "Mini App: the store is unavailable");
            (StatusCode::SERVICE_UNAVAILABLE, "unavailable\n").into_response()
        }
    }
}

/// `/screen`'s answer to an admin (the page's link, to them alone) with the Mini App's direct
/// link too, when the operator made one: it names the chat but holds no token, so it may be
/// shared in the group, and opens the page for its members only.
pub(crate) async fn link_in(
    app: &crate::app::App,
    chat: teloxide::types::ChatId,
    answer: &mut Answer,
) {
    let Some(name) = app.mini_app.get() else { return };
    let Some(Reply { body: Body::Long(text), private: true, .. }) = answer.reply.as_mut() else {
        return;
    };
    let link = format!("https://t.me/{}/{name}?startapp={}", app.username, chat.0);
    let lang = app.lang_of(chat).await;
    text.push_str("\n\n");
    text.push_str(&domino_core::chat::texts::screen_mini_app(lang, &link));
}

/// The page Telegram opens: it posts its `initData` and goes where it is sent.
const PAGE: &str = r#"<!doctype html>
<html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Domino</title></head>
<body style="font-family:sans-serif;text-align:center;padding-top:30vh">
<p id="m">…</p>
<script>
(function () {
  var tg = window.Telegram && window.Telegram.WebApp;
  var data = (tg && tg.initData) || new URLSearchParams(location.hash.slice(1)).get("tgWebAppData") || "";
  fetch("app/open", { method: "POST", headers: { "content-type": "text/plain" }, body: data })
    .then(function (r) { if (!r.ok) { throw r.status; } return r.json(); })
    .then(function (j) { location.replace(j.url); })
    .catch(function () { document.getElementById("m").textContent = "Нет доступа · No access"; });
})();
</script>
</body></html>
"#;

async fn page() -> Response {
    let headers =
        [(header::CONTENT_TYPE, "text/html; charset=utf-8"), (header::CACHE_CONTROL, "no-store")];
    (headers, PAGE).into_response()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Signs `fields` as Telegram does, written out again here rather than through the code
    /// under test.
    fn signed(fields: &[(&str, &str)], token: &str) -> String {
        let mut sorted: Vec<_> = fields.to_vec();
        sorted.sort();
        let check: Vec<String> = sorted.iter().map(|(k, v)| format!("{k}={v}")).collect();
        let mut secret = Hmac::<Sha256>::new_from_slice(b"WebAppData").unwrap();
        secret.update(token.as_bytes());
        let secret = secret.finalize().into_bytes();
        let mut mac = Hmac::<Sha256>::new_from_slice(&secret).unwrap();
        mac.update(check.join("\n").as_bytes());
        let hash: String = mac.finalize().into_bytes().iter().map(|b| format!("{b:02x}")).collect();
        let mut out = url::form_urlencoded::Serializer::new(String::new());
        for (k, v) in fields {
            out.append_pair(k, v);
        }
        out.append_pair("hash", &hash);
        out.finish()
    }

    const NOW: i64 = 1_800_000_000;

    #[test]
    fn init_data_is_let_in_only_as_telegram_signs_it() {
        let key = secret_key("1:TOKEN");
        let user = r#"{"id":101,"first_name":"Alice"}"#;
        let at = NOW.to_string();
        let good = [("auth_date", at.as_str()), ("user", user), ("start_param", "-1001")];
        let data = signed(&good, "1:TOKEN");
        assert_eq!(check_init_data(&data, &key, NOW), Ok(Launch { user: 101, chat: -1001 }));
        // Another bot's token, a changed field, a hash cut or doubled: forged or malformed.
        assert_eq!(check_init_data(&signed(&good, "2:OTHER"), &key, NOW), Err(Refused::Forged));
        let other_chat = data.replace("-1001", "-1002");
        assert_eq!(check_init_data(&other_chat, &key, NOW), Err(Refused::Forged));
        let cut = &data[..data.len() - 1];
        assert_eq!(check_init_data(cut, &key, NOW), Err(Refused::Malformed));
        assert_eq!(check_init_data(&format!("{data}&hash=00"), &key, NOW), Err(Refused::Malformed));
        for bad in ["", "hash=", "auth_date=1", "&&&", "hash=zz"] {
            assert_eq!(check_init_data(bad, &key, NOW), Err(Refused::Malformed), "{bad:?}");
        }
        // Too old, or from the future.
        let old = (NOW - INIT_DATA_MAX_AGE.as_secs() as i64 - 1).to_string();
        let stale =
            signed(&[("auth_date", &old), ("user", user), ("start_param", "-1001")], "1:TOKEN");
        assert_eq!(check_init_data(&stale, &key, NOW), Err(Refused::Expired));
        let ahead = (NOW + 3600).to_string();
        let future =
            signed(&[("auth_date", &ahead), ("user", user), ("start_param", "-1001")], "1:TOKEN");
        assert_eq!(check_init_data(&future, &key, NOW), Err(Refused::Expired));
        // Signed, but naming no chat, or another person's private chat.
        for chat in [None, Some("x"), Some("102")] {
            let mut fields = vec![("auth_date", at.as_str()), ("user", user)];
            fields.extend(chat.map(|c| ("start_param", c)));
            assert_eq!(
                check_init_data(&signed(&fields, "1:TOKEN"), &key, NOW),
                Err(Refused::Malformed)
            );
        }
        let own = signed(&[("auth_date", &at), ("user", user), ("start_param", "101")], "1:TOKEN");
        assert_eq!(check_init_data(&own, &key, NOW), Ok(Launch { user: 101, chat: 101 }));
    }
}
