//! What people do in the fake: write, post as a channel, open deep links and press buttons.

use crate::fake::{Fake, St, User, bot_json, message_json};
use serde_json::{Value, json};
use tokio::time::Instant;

impl Fake {
    pub(crate) fn push(&self, st: &mut St, kind: &str, body: Value) {
        st.next_update += 1;
        let mut u = json!({"update_id": st.next_update});
        u[kind] = body;
        st.updates.push(u);
        self.shared.updates.notify_waiters();
    }

    /// The updates waiting for the bot, taken from the queue (webhook mode: the test posts them
    /// to the bot itself, as Telegram would).
    pub fn take_updates(&self) -> Vec<Value> {
        std::mem::take(&mut self.lock().updates)
    }

    /// A user writes in a chat (a private chat with the bot opens).
    pub fn say(&self, chat: i64, from: &User, text: &str) -> i32 {
        let mut st = self.lock();
        if chat > 0 {
            st.open.insert(from.id);
        }
        let entities = match text.starts_with('/') {
            true => {
                json!([{"type": "bot_command", "offset": 0, "length": text.split(' ').next().unwrap_or("").encode_utf16().count()}])
            }
            false => Value::Null,
        };
        let m = st.new_message(chat, false, text, Value::Null, entities);
        let body = message_json(&m, from.json());
        self.push(&mut st, "message", body);
        m.id
    }

    /// A message posted as a channel (or by an anonymous admin): `sender_chat` says so.
    pub fn say_as_channel(&self, chat: i64, from: &User, text: &str) {
        let mut st = self.lock();
        let entities = json!([{"type": "bot_command", "offset": 0, "length": text.split(' ').next().unwrap_or("").encode_utf16().count()}]);
        let m = st.new_message(chat, false, text, Value::Null, entities);
        let mut body = message_json(&m, from.json());
        body["sender_chat"] = json!({"id": -100777, "type": "channel", "title": "Anonymous"});
        self.push(&mut st, "message", body);
    }

    /// A user opens a deep link (a `t.me/<bot>?start=…` URL): `/start <payload>` in private.
    pub fn open_link(&self, from: &User, url: &str) {
        let payload = url.split("start=").nth(1).expect("a start link");
        self.say(from.id, from, &format!("/start {payload}"));
    }

    /// A user presses a button with `data` on a message; returns the callback id.
    pub fn press(&self, from: &User, chat: i64, message: i32, data: &str) -> String {
        let mut st = self.lock();
        st.next_callback += 1;
        let id = format!("cb{}", st.next_callback);
        let m = st.messages.get(&(chat, message)).cloned().expect("a message to press on");
        let at = st.now();
        st.actions.insert(id.clone(), crate::fake::ephemeral::Action { chat, user: from.id, at });
        st.pressed.insert(id.clone(), tokio::time::Instant::now());
        let body = json!({
            "id": id, "from": from.json(), "chat_instance": "ci",
            "message": message_json(&m, bot_json()), "data": data,
        });
        self.push(&mut st, "callback_query", body);
        id
    }
}

/// How the bot answered a press (`answerCallbackQuery`).
#[derive(Clone, Debug)]
pub struct Answer {
    pub text: Option<String>,
    pub alert: bool,
    /// When the answer arrived.
    pub at: Instant,
}

impl Answer {
    /// The press was taken: answered with nothing, or with a move's toast («✓ [5|6] ▶»),
    /// not with a refusal.
    pub fn taken(&self) -> bool {
        match &self.text {
            None => true,
            Some(t) => !self.alert && t.starts_with("✓ "),
        }
    }
}
