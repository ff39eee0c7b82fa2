//! Ephemeral messages in the fake (Bot API 10.2/10.3, as ../shared/PLATFORM.md describes them):
//! a message in a group that one member alone sees. An administrator bot may send one at any
//! time; any other only within 15 s of that member's own press (`callback_query_id`) or
//! ephemeral command (`reply_parameters.ephemeral_message_id`), else `400 BOT_NOT_ADMIN`. What
//! comes back has `message_id` 0 and an `ephemeral_message_id`. A photo (`sendPhoto`, its
//! caption kept as the text) is one too; its media is replaced by `editEphemeralMessageMedia`
//! (a new upload), and its text cannot be edited as a text message's. They are edited and
//! deleted by `…Ephemeral…` methods (an unknown or deleted one: 400 "ephemeral message not found"), pressed
//! as callback queries whose message has `message_id` 0, and may never arrive or vanish when
//! the person's app restarts (edits of a vanished one still succeed, unseen).

use crate::fake::{Button, Fake, St, User, bot_json, chat_json, err, int, ok, same_markup};
use axum::response::Response;
use serde_json::{Value, json};
use std::time::Duration;
use tokio::time::Instant;

/// Ephemeral ids start here (large, as Telegram's are).
const FIRST_ID: i64 = 9_000_000_000;
/// How long after a person's action any bot may send them an ephemeral message.
const WINDOW: Duration = Duration::from_secs(15);

/// One ephemeral message.
#[derive(Clone, Debug)]
pub struct Eph {
    pub id: i64,
    pub chat: i64,
    /// The one member who sees it.
    pub user: i64,
    pub text: String,
    pub markup: Value,
    /// Deleted by the bot.
    pub deleted: bool,
    /// On the person's screen (false: never arrived, or gone with an app restart).
    pub visible: bool,
    pub edits: u32,
    pub thread: Option<i32>,
    /// A photo's PNG (its caption is `text`).
    pub photo: Option<Vec<u8>>,
    /// When it was sent or last changed.
    pub changed: Instant,
}

impl Eph {
    /// Every button, disabled ones included.
    pub fn buttons(&self) -> Vec<(Button, bool)> {
        let rows = self.markup["inline_keyboard"].as_array().cloned().unwrap_or_default();
        rows.iter()
            .flat_map(|r| r.as_array().cloned().unwrap_or_default())
            .map(|b| {
                let button = Button {
                    text: b["text"].as_str().unwrap_or_default().to_owned(),
                    data: b.get("callback_data").and_then(Value::as_str).map(str::to_owned),
                    url: b.get("url").and_then(Value::as_str).map(str::to_owned),
                };
                (button, b.get("disabled").is_some())
            })
            .collect()
    }

    /// The buttons that can be pressed.
    pub fn pressable(&self) -> Vec<Button> {
        self.buttons().into_iter().filter(|(_, off)| !off).map(|(b, _)| b).collect()
    }

    /// Seen now by its person.
    pub fn seen(&self) -> bool {
        self.visible && !self.deleted
    }

    /// As a message of the chat (`id` 0), for what reads messages.
    pub fn msg(&self) -> crate::fake::Msg {
        crate::fake::Msg {
            chat: self.chat,
            id: 0,
            from_bot: true,
            text: self.text.clone(),
            markup: self.markup.clone(),
            entities: Value::Null,
            deleted: !self.seen(),
            edits: self.edits,
            reply_to: None,
            photo: self.photo.clone(),
            thread: self.thread,
            ephemeral: Some(self.id),
        }
    }

    fn json(&self) -> Value {
        let mut v = json!({"message_id": 0, "ephemeral_message_id": self.id, "date": 1_700_000_000,
            "chat": chat_json(self.chat), "from": bot_json(), "text": self.text,
            "receiver_user": {"id": self.user, "is_bot": false, "first_name": "Member"}});
        if self.markup.get("inline_keyboard").is_some() {
            v["reply_markup"] = self.markup.clone();
        }
        if let Some(t) = self.thread {
            v["message_thread_id"] = json!(t);
            v["is_topic_message"] = json!(true);
        }
        if let Some(png) = &self.photo {
            crate::fake::media::as_photo(&mut v, png);
        }
        v
    }
}

/// A person's action that lets any bot write to them ephemerally for 15 s.
#[derive(Clone, Debug)]
pub(crate) struct Action {
    pub chat: i64,
    pub user: i64,
    pub at: Instant,
}

fn parsed(v: Option<&Value>) -> Value {
    match v {
        Some(Value::String(s)) => serde_json::from_str(s).unwrap_or(Value::Null),
        Some(v) => v.clone(),
        None => Value::Null,
    }
}

/// A form field or JSON value as text (a multipart field that read as JSON was parsed).
fn text_of(v: Option<&Value>) -> Option<String> {
    match v? {
        Value::String(s) => Some(s.clone()),
        Value::Null => None,
        v => Some(v.to_string()),
    }
}

/// A send with `ephemeral_message_parameters`; `None` when the send is not ephemeral. A photo
/// comes as `file`, its caption the message's text.
pub(crate) fn send(
    st: &mut St,
    method: &str,
    chat: i64,
    body: &Value,
    file: Option<&(String, Vec<u8>)>,
) -> Option<Response> {
    let params = parsed(body.get("ephemeral_message_parameters"));
    if params.is_null() {
        return None;
    }
    let user = params.get("receiver_user_id").and_then(int).unwrap_or(0);
    if chat >= 0 || user == 0 {
        return Some(err(400, "Bad Request: ephemeral messages are for group members", None));
    }
    let now = st.now();
    let fresh = |a: Option<&Action>| {
        a.is_some_and(|a| a.chat == chat && a.user == user && now.duration_since(a.at) < WINDOW)
    };
    let press = params.get("callback_query_id").and_then(Value::as_str);
    let command = parsed(body.get("reply_parameters")).get("ephemeral_message_id").and_then(int);
    let allowed = !st.member_only.contains(&chat)
        || fresh(press.and_then(|id| st.actions.get(id)))
        || fresh(command.and_then(|id| st.actions.get(&format!("e{id}"))));
    if !allowed {
        return Some(err(400, "Bad Request: BOT_NOT_ADMIN", None));
    }
    let photo = method == "sendphoto";
    if photo && file.is_none() {
        return Some(err(400, "Bad Request: there is no photo in the request", None));
    }
    let key = if photo { "caption" } else { "text" };
    st.next_ephemeral = st.next_ephemeral.max(FIRST_ID) + 1;
    let visible = match st.lose_ephemerals {
        0 => true,
        _ => {
            st.lose_ephemerals -= 1;
            false
        }
    };
    let e = Eph {
        id: st.next_ephemeral,
        chat,
        user,
        text: text_of(body.get(key)).unwrap_or_default(),
        markup: parsed(body.get("reply_markup")),
        deleted: false,
        visible,
        edits: 0,
        thread: body.get("message_thread_id").and_then(int).map(|t| t as i32),
        photo: file.filter(|_| photo).map(|(_, png)| png.clone()),
        changed: Instant::now(),
    };
    let v = e.json();
    st.ephemerals.insert(e.id, e);
    Some(ok(v))
}

/// `editEphemeralMessageText`, `…Caption`, `…Media`, `…ReplyMarkup` and
/// `deleteEphemeralMessage`.
pub(crate) fn handle(
    st: &mut St,
    method: &str,
    body: &Value,
    file: Option<&(String, Vec<u8>)>,
) -> Option<Response> {
    if !method.contains("ephemeral") {
        return None;
    }
    let (chat, user) =
        (body.get("chat_id").and_then(int), body.get("receiver_user_id").and_then(int));
    let id = body.get("ephemeral_message_id").and_then(int).unwrap_or(0);
    let Some(e) = st
        .ephemerals
        .get_mut(&id)
        .filter(|e| !e.deleted && Some(e.chat) == chat && Some(e.user) == user)
    else {
        return Some(err(400, "Bad Request: ephemeral message not found", None));
    };
    match method {
        "deleteephemeralmessage" => e.deleted = true,
        "editephemeralmessagetext" if e.photo.is_some() => {
            return Some(err(400, "Bad Request: there is no text in the message to edit", None));
        }
        "editephemeralmessagecaption" if e.photo.is_none() => {
            return Some(err(400, "Bad Request: there is no caption in the message to edit", None));
        }
        "editephemeralmessagemedia" => {
            let media = parsed(body.get("media"));
            let Some((_, png)) = file.filter(|_| media["type"] == "photo") else {
                return Some(err(400, "Bad Request: there is no media in the request", None));
            };
            let caption = text_of(media.get("caption")).unwrap_or_default();
            let markup = parsed(body.get("reply_markup"));
            let same = e.photo.as_ref() == Some(png) && e.text == caption;
            if same && same_markup(&e.markup, &markup) {
                return Some(err(400, "Bad Request: message is not modified", None));
            }
            e.photo = Some(png.clone());
            e.text = caption;
            e.markup = markup;
            e.edits += 1;
            e.changed = Instant::now();
        }
        "editephemeralmessagetext"
        | "editephemeralmessagecaption"
        | "editephemeralmessagereplymarkup" => {
            let key = if method.ends_with("caption") { "caption" } else { "text" };
            let text = text_of(body.get(key)).unwrap_or_else(|| e.text.clone());
            let markup = parsed(body.get("reply_markup"));
            if text == e.text && same_markup(&e.markup, &markup) {
                return Some(err(400, "Bad Request: message is not modified", None));
            }
            e.text = text;
            e.markup = markup;
            e.edits += 1;
            e.changed = Instant::now();
        }
        _ => return Some(err(400, "Bad Request: method not found", None)),
    }
    Some(ok(json!(true)))
}

impl St {
    /// The fake's clock: real time plus what the test moved it on.
    pub(crate) fn now(&self) -> Instant {
        Instant::now() + self.skew
    }

    /// The message at `chat:message` as a table's reference names it (`e<id>`: ephemeral).
    pub fn msg_at(&self, chat: i64, message: &str) -> Option<crate::fake::Msg> {
        match message.strip_prefix('e') {
            Some(id) => self.ephemerals.get(&id.parse().ok()?).map(Eph::msg),
            None => self.message(chat, message.parse().ok()?).cloned(),
        }
    }

    /// The ephemeral messages `user` sees now in `chat`, oldest first.
    pub fn seen_by(&self, chat: i64, user: i64) -> Vec<&Eph> {
        self.ephemerals.values().filter(|e| e.chat == chat && e.user == user && e.seen()).collect()
    }
}

impl Fake {
    /// The bot is (or is no longer) an administrator of `chat`; with `tell`, Telegram sends
    /// the bot the `my_chat_member` update that says so.
    pub fn bot_admin(&self, chat: i64, admin: bool, tell: bool) {
        let mut st = self.lock();
        match admin {
            true => st.member_only.remove(&chat),
            false => st.member_only.insert(chat),
        };
        if tell {
            let status = |a: bool| if a { "administrator" } else { "member" };
            let member = |a: bool| {
                let mut m = json!({"status": status(a), "user": bot_json()});
                if a {
                    m = json!({"status": "administrator", "user": bot_json(), "can_be_edited": false,
                        "is_anonymous": false, "can_manage_chat": true, "can_delete_messages": true,
                        "can_manage_video_chats": false, "can_restrict_members": false,
                        "can_promote_members": false, "can_change_info": false,
                        "can_invite_users": true, "can_post_stories": false,
                        "can_edit_stories": false, "can_delete_stories": false});
                }
                m
            };
            let body = json!({"chat": chat_json(chat), "from": {"id": 1, "is_bot": false, "first_name": "Owner"},
                "date": 1_700_000_100, "old_chat_member": member(!admin), "new_chat_member": member(admin)});
            self.push(&mut st, "my_chat_member", body);
        }
    }

    /// The next `n` ephemeral sends are accepted but never reach the person.
    pub fn lose_ephemerals(&self, n: u32) {
        self.lock().lose_ephemerals += n;
    }

    /// `user` restarts their app: the ephemeral messages they saw are gone from their screen.
    pub fn restart_app(&self, user: &User) {
        let mut st = self.lock();
        st.ephemerals.values_mut().filter(|e| e.user == user.id).for_each(|e| e.visible = false);
    }

    /// Moves the fake's clock on (the 15 s window of ephemeral sends).
    pub fn advance(&self, by: Duration) {
        self.lock().skew += by;
    }

    /// `from` presses the button `data` on the ephemeral message `id` they see; returns the
    /// callback id. A disabled button or someone else's message cannot be pressed.
    pub fn press_ephemeral(&self, from: &User, id: i64, data: &str) -> String {
        let mut st = self.lock();
        let e = st.ephemerals.get(&id).cloned().expect("an ephemeral message");
        assert!(e.user == from.id && e.seen(), "{} cannot see ephemeral {id}", from.name);
        let pressable = e.pressable().iter().any(|b| b.data.as_deref() == Some(data));
        assert!(pressable, "{data} is no pressable button of ephemeral {id}");
        self.forged_press_ephemeral(&mut st, from, &e, data)
    }

    /// A press on an ephemeral message with any data (a forged or modified client).
    pub fn forged_press_ephemeral(&self, st: &mut St, from: &User, e: &Eph, data: &str) -> String {
        st.next_callback += 1;
        let id = format!("cb{}", st.next_callback);
        let at = st.now();
        st.actions
            .insert(id.clone(), crate::fake::ephemeral::Action { chat: e.chat, user: from.id, at });
        st.pressed.insert(id.clone(), Instant::now());
        let body = json!({"id": id, "from": from.json(), "chat_instance": "ci",
            "message": e.json(), "data": data});
        self.push(st, "callback_query", body);
        id
    }

    /// `from` presses `data` on a message: an ephemeral one or not.
    pub fn press_msg(&self, from: &User, msg: &crate::fake::Msg, data: &str) -> String {
        match msg.ephemeral {
            Some(id) => self.press_ephemeral(from, id, data),
            None => self.press(from, msg.chat, msg.id, data),
        }
    }

    /// A press with any data on a message (a forged or modified client), ephemeral or not.
    pub fn forge(&self, from: &User, msg: &crate::fake::Msg, data: &str) -> String {
        match msg.ephemeral {
            Some(id) => {
                let mut st = self.lock();
                let e = st.ephemerals.get(&id).cloned().expect("an ephemeral message");
                self.forged_press_ephemeral(&mut st, from, &e, data)
            }
            None => self.press(from, msg.chat, msg.id, data),
        }
    }

    /// `from` sends an ephemeral command (seen by nobody else): `message_id` 0.
    pub fn say_ephemeral(&self, chat: i64, from: &User, text: &str) -> i64 {
        let mut st = self.lock();
        st.next_ephemeral = st.next_ephemeral.max(FIRST_ID) + 1;
        let id = st.next_ephemeral;
        let at = st.now();
        st.actions.insert(format!("e{id}"), Action { chat, user: from.id, at });
        let length = text.split(' ').next().unwrap_or("").encode_utf16().count();
        let body = json!({"message_id": 0, "ephemeral_message_id": id, "date": 1_700_000_000,
            "chat": chat_json(chat), "from": from.json(), "text": text,
            "entities": [{"type": "bot_command", "offset": 0, "length": length}]});
        self.push(&mut st, "message", body);
        id
    }
}
