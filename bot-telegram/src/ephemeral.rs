//! Hands inside the group (Bot API 10.2/10.3): each seated person's hand is a message in the
//! table's chat that only they see, with their move buttons, edited in place as the game moves.
//!
//! - Pulled: «My tiles», `/hand` or `/hint` answer with the hand within Telegram's 15 s
//!   (a [`Grant`]), whatever the bot's rights; a pull always sends the hand anew (a message
//!   may have vanished on the person's side) and the old one is deleted.
//! - Pushed: an administrator may send one at any time, so the hand comes at the deal and is
//!   kept current without a press. A plain member bot is refused (`BOT_NOT_ADMIN`): the group
//!   is then not pushed to for a while (or until a `my_chat_member` update says the bot was
//!   promoted), and people pull once; the hand they got is then edited as the game moves.
//! - In a chat that shows boards as pictures, the hand is a photo of the tiles (the core draws
//!   it) captioned with its text, with the same buttons; its edits replace the media.
//! - An edit that changes nothing on screen is not made; an edit of a message Telegram no
//!   longer has falls back to a new message, and so does a hand of the other kind (the chat
//!   switched between pictures and text).
//! - Whoever chose the private chat (`HandPlace::Private`) gets it there; so does a person
//!   whose ephemeral messages Telegram refuses for another reason, when their private chat is
//!   open. The public table stays the truth throughout.

use crate::app::App;
use crate::deliver::Sent;
use crate::failure::Failure;
use crate::ids::{MessageRef, hand_audience, table_topic, user_id};
use crate::jobs::{Grant, Job, Via};
use crate::photos::{CAPTION, PHOTO};
use crate::raw::for_one;
use domino_core::chat::HandPlace;
use domino_core::view::picture::Picture;
use domino_core::view::{render_hand_brief, render_hand_caption};
use serde_json::{Value, json};
use std::collections::HashMap;
use std::hash::{Hash, Hasher};
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::time::Instant;

/// How long a group that refused a push is not pushed to (the bot may be promoted meanwhile
/// without the bot hearing of it).
const NOT_ADMIN_FOR: Duration = Duration::from_secs(600);
/// What is remembered of the hands shown before that memory starts over.
const LOOKS_KEPT: usize = 20_000;

/// What the adapter knows of its ephemeral messages: the groups where it may not push, and
/// what each hand shows now.
#[derive(Default)]
pub(crate) struct Ephemerals {
    /// Groups where a push was refused, and when.
    refused: Mutex<HashMap<i64, Instant>>,
    /// A fingerprint of what each (table, user) hand shows.
    looks: Mutex<HashMap<(i64, i64), u64>>,
}

fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

impl Ephemerals {
    /// Whether the bot may send to the group without a person's action behind it.
    pub(crate) fn may_push(&self, chat: i64) -> bool {
        lock(&self.refused).get(&chat).is_none_or(|at| at.elapsed() >= NOT_ADMIN_FOR)
    }

    /// The bot's rights in a group, as Telegram told (`my_chat_member`) or showed (a refusal).
    pub(crate) fn admin(&self, chat: i64, admin: bool) {
        let mut refused = lock(&self.refused);
        match admin {
            true => refused.remove(&chat),
            false => refused.insert(chat, Instant::now()),
        };
    }

    /// Whether this process showed `user` a hand at `table` (which it can edit without a
    /// grant, whatever its rights).
    pub(crate) fn has_hand(&self, table: i64, user: i64) -> bool {
        lock(&self.looks).contains_key(&(table, user))
    }

    fn shows(&self, key: (i64, i64), look: u64) -> bool {
        lock(&self.looks).get(&key) == Some(&look)
    }

    pub(crate) fn shown(&self, key: (i64, i64), look: Option<u64>) {
        let mut looks = lock(&self.looks);
        if looks.len() >= LOOKS_KEPT {
            looks.clear();
        }
        match look {
            Some(look) => looks.insert(key, look),
            None => looks.remove(&key),
        };
    }
}

/// The form field a hand's picture is uploaded as in a media edit (`attach://hand`), and its
/// file name.
const HAND_FILE: &str = "hand";
const HAND_PNG: &str = "hand.png";

/// What a hand shows: its text, or its picture with the text as the caption (a chat that
/// shows boards as pictures).
pub(crate) enum Look {
    Text(String),
    Photo(String, Arc<Picture>),
}

impl Look {
    /// The tag of its message's reference: a photo's is `photo`, a text's none.
    pub(crate) fn tag(&self) -> &'static str {
        match self {
            Look::Text(_) => "",
            Look::Photo(..) => PHOTO,
        }
    }

    fn fingerprint(&self, markup: &Value) -> u64 {
        let mut h = std::collections::hash_map::DefaultHasher::new();
        match self {
            Look::Text(text) => (text, markup.to_string()).hash(&mut h),
            Look::Photo(caption, picture) => {
                (caption, markup.to_string(), &picture.png).hash(&mut h)
            }
        }
        h.finish()
    }
}

impl App {
    /// A person's hand at a table of the group `chat`, as the job for it asks.
    pub(crate) async fn deliver_group_hand(
        &self,
        chat: i64,
        table: i64,
        user: i64,
        grant: Option<&Grant>,
        page: Option<u8>,
    ) -> Sent {
        let Some(show) = self.current(table).await else { return Ok(0) };
        let who = user_id(user);
        let Some(view) = show.hand_at(&who, page) else {
            return self.hand_to_come(chat, user, grant, &show).await;
        };
        let view = &view;
        if grant.is_none() && self.chat.hand_place(&who).await == HandPlace::Private {
            self.outbox.push(user, Job::Hand { table, user, grant: None, page, turn: false });
            return Ok(0);
        }
        let markup = crate::keyboards::hand_json(view);
        let hand = match show.hand_picture(view).await {
            Some(picture) => Look::Photo(render_hand_caption(view, CAPTION), picture),
            None => Look::Text(render_hand_brief(view)),
        };
        let look = hand.fingerprint(&markup);
        let audience = hand_audience(user);
        let old = self.refs(table).await.remove(&audience);
        let old = old.filter(|r| r.chat == chat && r.ephemeral.is_some());
        let anew = grant.is_some_and(|g| g.anew);
        // A hand of the other kind (the chat switched between pictures and text) is replaced.
        if let Some(r) = old.as_ref().filter(|r| !anew && r.tag == hand.tag()) {
            let id = r.ephemeral.unwrap_or_default();
            if self.ephemerals.shows((table, user), look) {
                return Ok(0);
            }
            match self.edit_hand(chat, user, id, &hand, &markup).await {
                Ok(_) | Err(Failure::NotModified) => {
                    self.ephemerals.shown((table, user), Some(look));
                    return Ok(1);
                }
                // Gone (expired), or refused: a new one, where a grant or the rights allow.
                Err(Failure::Gone | Failure::NotAdmin) => {
                    self.ephemerals.shown((table, user), None)
                }
                Err(f) => return Err(f),
            }
        }
        let old = old.and_then(|r| r.ephemeral);
        let grant = grant.filter(|g| g.live());
        if grant.is_none() && !self.ephemerals.may_push(chat) {
            return Ok(0);
        }
        let topic = table_topic(&show.table);
        match self.send_hand(chat, user, grant, topic, &hand, &markup).await {
            Ok(msg) => {
                if let Some(id) = msg["ephemeral_message_id"].as_i64() {
                    let at = MessageRef {
                        tag: hand.tag().to_owned(),
                        ..MessageRef::ephemeral(chat, id)
                    };
                    self.set_ref(table, &audience, Some(&at)).await;
                    self.ephemerals.shown((table, user), Some(look));
                }
                if let Some(old) = old {
                    self.delete_ephemeral(chat, user, old).await;
                }
                Ok(1)
            }
            Err(Failure::NotAdmin) => {
                self.ephemerals.admin(chat, false);
                Ok(1)
            }
            Err(Failure::Other(why)) => {
                tracing::warn!(chat, user, %why, "ephemeral hand refused: the private chat instead");
                if !self.is_closed(user) {
                    self.outbox
                        .push(user, Job::Hand { table, user, grant: None, page, turn: false });
                }
                Ok(1)
            }
            Err(f) => Err(f),
        }
    }

    /// Sends `hand` to `user` alone in the group `chat` (in `topic`), with the action of
    /// theirs that allows it where there is one.
    pub(crate) async fn send_hand(
        &self,
        chat: i64,
        user: i64,
        grant: Option<&Grant>,
        topic: Option<i32>,
        hand: &Look,
        markup: &Value,
    ) -> Result<Value, Failure> {
        let mut send = json!({"chat_id": chat, "reply_markup": markup});
        with_grant(&mut send, user, grant);
        if let Some(t) = topic {
            send["message_thread_id"] = json!(t);
        }
        match hand {
            Look::Text(text) => {
                send["text"] = json!(text);
                self.raw.call("sendMessage", &send).await
            }
            Look::Photo(caption, picture) => {
                // The photo itself as the `photo` field's file, as every upload of a send.
                send["caption"] = json!(caption);
                self.raw.upload("sendPhoto", &send, ("photo", HAND_PNG, picture.png.clone())).await
            }
        }
    }

    /// Edits the ephemeral hand `id` of `user` to show `hand` (a photo's media replaced, its
    /// keyboard sent again).
    async fn edit_hand(
        &self,
        chat: i64,
        user: i64,
        id: i64,
        hand: &Look,
        markup: &Value,
    ) -> Result<Value, Failure> {
        let mut edit = json!({"chat_id": chat, "receiver_user_id": user,
            "ephemeral_message_id": id, "reply_markup": markup});
        match hand {
            Look::Text(text) => {
                edit["text"] = json!(text);
                self.raw.call("editEphemeralMessageText", &edit).await
            }
            Look::Photo(caption, picture) => {
                edit["media"] = json!({"type": "photo",
                    "media": format!("attach://{HAND_FILE}"), "caption": caption});
                let file = (HAND_FILE, HAND_PNG, picture.png.clone());
                self.raw.upload("editEphemeralMessageMedia", &edit, file).await
            }
        }
    }

    /// A text only `user` sees, answering their press or ephemeral command.
    pub(crate) async fn send_ephemeral(
        &self,
        chat: i64,
        user: i64,
        topic: Option<i32>,
        text: &str,
        grant: Option<&Grant>,
    ) -> Sent {
        if grant.is_some_and(|g| !g.live()) {
            tracing::warn!(chat, user, "an ephemeral answer came too late to be sent");
            return Ok(0);
        }
        let mut send = json!({"chat_id": chat, "text": text});
        with_grant(&mut send, user, grant);
        if let Some(t) = topic {
            send["message_thread_id"] = json!(t);
        }
        match self.raw.call("sendMessage", &send).await {
            Ok(_) => Ok(1),
            // Pushed without a grant and refused: the bot is no administrator here; the
            // person's private chat instead, unless it is known to be closed.
            Err(Failure::NotAdmin) if grant.is_none() => {
                self.ephemerals.admin(chat, false);
                if !self.is_closed(user) {
                    let text = text.to_owned();
                    self.outbox
                        .push(user, Job::Text { text, markup: None, reply_to: None, topic: None });
                }
                Ok(1)
            }
            Err(Failure::NotAdmin | Failure::Other(_)) => Ok(1),
            Err(f) => Err(f),
        }
    }

    /// Deletes an ephemeral message no longer shown (best effort: it may be gone already).
    pub(crate) async fn delete_ephemeral(&self, chat: i64, user: i64, id: i64) {
        let delete = json!({"chat_id": chat, "receiver_user_id": user, "ephemeral_message_id": id});
        if let Err(f) = self.raw.call("deleteEphemeralMessage", &delete).await {
            tracing::debug!(chat, user, failure = ?f, "an old ephemeral hand not deleted");
        }
    }
}

/// Makes a send ephemeral for `user`, with the action that allows it when there is one.
pub(crate) fn with_grant(send: &mut Value, user: i64, grant: Option<&Grant>) {
    let press = grant.and_then(|g| match &g.via {
        Via::Press(id) => Some(id.as_str()),
        Via::Command(_) => None,
    });
    send["ephemeral_message_parameters"] = for_one(user, press);
    if let Some(Grant { via: Via::Command(id), .. }) = grant {
        send["reply_parameters"] = json!({"ephemeral_message_id": id});
    }
}
