//! Spectators' views (`/watch N`): the core says who watches a table and where each view goes
//! (`Show::watchers`); every change of the table queues a coalescing [`Job::Watch`] per
//! watcher, and the job draws `Show::watch_view` as the table then is, edited in place:
//!
//! - in the watcher's private chat with the bot, when they chose it for their hands (they
//!   opened it through one of the bot's links): one message, like a private hand;
//! - else in the group, as a message only they see (an ephemeral message, Bot API 10.2),
//!   sent with their command's or press's grant (or by an administrator bot at any time) and
//!   then edited with `editEphemeralMessageText`, which needs no grant. Refused and with no
//!   grant, the private chat is tried instead (when it is not known to be closed).
//!
//! Text only: a chat that shows boards as pictures still gets the table's text here (the
//! table message itself carries the picture).

use crate::app::App;
use crate::deliver::Sent;
use crate::draw::clip;
use crate::ephemeral::with_grant;
use crate::failure::Failure;
use crate::ids::{MessageRef, table_topic, user_id};
use crate::jobs::{Grant, Job};
use domino_core::chat::{Audience, HandPlace, prefix};
use domino_core::ids::Platform;
use domino_core::view::{Watching, render_watch};
use serde_json::json;

/// Telegram's longest message, in characters.
const MESSAGE: usize = 4096;

/// The audience of a watcher's view.
pub(crate) fn watch_audience(user: i64) -> Audience {
    Audience::Watch(user_id(user))
}

impl App {
    /// A watcher's view of `table`, in the chat the job was queued for: their private chat
    /// (`chat > 0`) or the table's group.
    pub(crate) async fn deliver_watch(
        &self,
        chat: i64,
        table: i64,
        user: i64,
        grant: Option<&Grant>,
    ) -> Sent {
        let Some(show) = self.current(table).await else { return Ok(0) };
        let view = show.watch_view(&user_id(user));
        let text = clip(&render_watch(&view, prefix(Platform::Telegram)), MESSAGE);
        let audience = watch_audience(user);
        let old = self.refs(table).await.remove(&audience);
        if chat > 0 {
            let old = old.filter(|r| r.ephemeral.is_none() && r.chat == chat);
            let markup = crate::keyboards::markup(&view.buttons);
            return match self.put(table, &audience, (chat, None), old.as_ref(), &text, markup).await
            {
                Err(Failure::Closed) => {
                    self.closed_private_chat(user);
                    Ok(0)
                }
                other => other,
            };
        }
        let place = self.chat.hand_place(&user_id(user)).await;
        if place == HandPlace::Private && !self.is_closed(user) {
            self.outbox.push(user, Job::Watch { table, user, grant: None });
            return Ok(0);
        }
        let markup = crate::keyboards::buttons_json(&view.buttons);
        let old = old.filter(|r| r.chat == chat).and_then(|r| r.ephemeral);
        let anew = grant.is_some_and(|g| g.anew);
        if let Some(id) = old.filter(|_| !anew) {
            let edit = json!({"chat_id": chat, "receiver_user_id": user,
                "ephemeral_message_id": id, "text": text, "reply_markup": markup});
            match self.raw.call("editEphemeralMessageText", &edit).await {
                Ok(_) | Err(Failure::NotModified) => return Ok(1),
                // Gone (expired) or refused: a new one, where a grant or the rights allow.
                Err(Failure::Gone | Failure::NotAdmin) => {}
                Err(f) => return Err(f),
            }
        }
        // Nothing more to say to someone who stopped or whose table closed unseen.
        if view.watching != Watching::On && grant.is_none() && old.is_none() {
            return Ok(0);
        }
        let grant = grant.filter(|g| g.live());
        if grant.is_none() && !self.ephemerals.may_push(chat) {
            return Ok(self.watch_privately(table, user));
        }
        let mut send = json!({"chat_id": chat, "text": text, "reply_markup": markup});
        with_grant(&mut send, user, grant);
        if let Some(t) = table_topic(&show.table) {
            send["message_thread_id"] = json!(t);
        }
        match self.raw.call("sendMessage", &send).await {
            Ok(msg) => {
                if let Some(id) = msg["ephemeral_message_id"].as_i64() {
                    self.set_ref(table, &audience, Some(&MessageRef::ephemeral(chat, id))).await;
                }
                if let Some(old) = old {
                    self.delete_ephemeral(chat, user, old).await;
                }
                Ok(1)
            }
            Err(Failure::NotAdmin) => {
                self.ephemerals.admin(chat, false);
                Ok(self.watch_privately(table, user))
            }
            Err(Failure::Other(why)) => {
                tracing::warn!(chat, user, %why, "ephemeral watch refused: the private chat instead");
                Ok(self.watch_privately(table, user))
            }
            Err(f) => Err(f),
        }
    }

    /// The group may not be written to for `user` now: their private chat, unless it is known
    /// to be closed. Counts what was sent here: nothing.
    fn watch_privately(&self, table: i64, user: i64) -> u32 {
        if !self.is_closed(user) {
            self.outbox.push(user, Job::Watch { table, user, grant: None });
        }
        0
    }
}
