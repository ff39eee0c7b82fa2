//! Where messages are, in the fake Bot API: forum topics (a send names a topic that exists, or
//! lands in General; a person's message in a topic replies to the topic's first message, as
//! Telegram has it) and groups upgraded to supergroups (the old chat's last update names the new
//! id, the new chat's first the old one, and the old chat refuses everything from then on), and
//! groups the bot was removed from (a 403 for every call naming them, and maybe the
//! `my_chat_member` update that says so).

use crate::fake::{Fake, St, User, err, int, message_json};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use serde_json::{Value, json};

/// Chats at or below this id are forum supergroups.
pub const SUPERGROUPS: i64 = -1_000_000;

/// Why Telegram refuses a call before doing it: the bot was removed from the chat (403), the
/// chat was upgraded (400 naming the new id), or the topic named is none of the chat's.
pub(crate) fn refused(st: &St, _method: &str, body: &Value) -> Option<Response> {
    let chat = body.get("chat_id").and_then(int)?;
    if st.kicked.contains(&chat) {
        return Some(err(403, "Forbidden: bot was kicked from the group chat", None));
    }
    if let Some(to) = st.migrated.get(&chat) {
        let body = json!({
            "ok": false, "error_code": 400,
            "description": "Bad Request: group chat was upgraded to a supergroup chat",
            "parameters": {"migrate_to_chat_id": to},
        });
        return Some((StatusCode::BAD_REQUEST, axum::Json(body)).into_response());
    }
    let topic = body.get("message_thread_id").and_then(int)?;
    let known = st.topics.contains(&(chat, topic as i32));
    (!known).then(|| err(400, "Bad Request: message thread not found", None))
}

/// The message a send made (if it made one) is in the topic the send named.
pub(crate) fn placed(st: &mut St, before: i32, body: &Value) {
    let (Some(chat), Some(topic)) =
        (body.get("chat_id").and_then(int), body.get("message_thread_id").and_then(int))
    else {
        return;
    };
    if st.next_message != before
        && let Some(m) = st.messages.get_mut(&(chat, st.next_message))
    {
        m.thread = Some(topic as i32);
    }
}

fn command_entities(text: &str) -> Value {
    match text.starts_with('/') {
        true => {
            let len = text.split(' ').next().unwrap_or("").encode_utf16().count();
            json!([{"type": "bot_command", "offset": 0, "length": len}])
        }
        false => Value::Null,
    }
}

impl Fake {
    /// Someone opens a forum topic in `chat`; returns its id (its first message's).
    pub fn topic(&self, chat: i64) -> i32 {
        let mut st = self.lock();
        let mut m = st.new_message(chat, false, "", Value::Null, Value::Null);
        m.thread = Some(m.id);
        st.messages.insert((chat, m.id), m.clone());
        st.topics.insert((chat, m.id));
        m.id
    }

    /// A user writes in a topic: the message is in it and replies to its first message.
    pub fn say_in(&self, chat: i64, topic: i32, from: &User, text: &str) -> i32 {
        let mut st = self.lock();
        let mut m = st.new_message(chat, false, text, Value::Null, command_entities(text));
        m.thread = Some(topic);
        m.reply_to = Some(topic);
        st.messages.insert((chat, m.id), m.clone());
        let mut body = message_json(&m, from.json());
        let root = st.messages.get(&(chat, topic)).cloned().expect("the topic's first message");
        let mut root =
            message_json(&root, json!({"id": 1, "is_bot": false, "first_name": "Creator"}));
        let root_fields = root.as_object_mut().expect("an object");
        root_fields.remove("text");
        root_fields
            .insert("forum_topic_created".into(), json!({"name": "Домино", "icon_color": 7322096}));
        body["reply_to_message"] = root;
        self.push(&mut st, "message", body);
        m.id
    }

    /// `who` removes the bot from the group `chat`: every call naming it is refused from now
    /// on; with `tell`, Telegram sends the bot the `my_chat_member` update that says so.
    pub fn kick_bot(&self, chat: i64, who: &User, tell: bool) {
        let mut st = self.lock();
        st.kicked.insert(chat);
        if tell {
            let body = json!({
                "chat": crate::fake::chat_json(chat), "from": who.json(), "date": 1_700_000_100,
                "old_chat_member": {"status": "member", "user": crate::fake::bot_json()},
                "new_chat_member": {"status": "kicked", "user": crate::fake::bot_json(), "until_date": 0},
            });
            self.push(&mut st, "my_chat_member", body);
        }
    }

    /// The group `from` is upgraded to the supergroup `to` (by `who`).
    pub fn migrate(&self, from: i64, to: i64, who: &User) {
        let mut st = self.lock();
        st.migrated.insert(from, to);
        for (chat, field, other) in
            [(from, "migrate_to_chat_id", to), (to, "migrate_from_chat_id", from)]
        {
            let m = st.new_message(chat, false, "", Value::Null, Value::Null);
            let mut body = message_json(&m, who.json());
            body.as_object_mut().expect("an object").remove("text");
            body[field] = json!(other);
            self.push(&mut st, "message", body);
        }
    }
}
