//! The adapter's shared state: the service, the bot, the outbox, and what it remembers about
//! people (whose private chat is closed, who is who by @username).

use crate::ids::{MessageRef, tg_chat, tg_user};
use crate::outbox::{Deliver, Job, Outbox};
use crate::pacing::Pacing;
use domino_core::service::{Reply, Service};
use domino_core::session::{ChatId, Event, Lang, Person, Table};
use domino_core::store::Store;
use domino_core::view::notices;
use std::collections::{HashMap, HashSet};
use std::sync::{Arc, Mutex, Weak};
use std::time::Duration;
use teloxide::adaptors::CacheMe;
use teloxide::prelude::*;
use teloxide::types::User;

/// The requester every call goes through (pacing is the outbox's).
pub(crate) type Tg = CacheMe<Bot>;

pub(crate) struct App<S: Store> {
    pub service: Arc<Service<S>>,
    pub bot: Tg,
    /// The bot's @username (without the @), for deep links.
    pub username: String,
    pub outbox: Outbox,
    pub duel_ttl: Duration,
    /// Users whose private chat is closed to the bot (until they open it).
    closed: Mutex<HashSet<i64>>,
    /// (table, user) pairs already told to open the private chat.
    offered: Mutex<HashSet<(i64, i64)>>,
    /// People seen, by lowercase @username (for `/duel @name`).
    people: Mutex<HashMap<String, Person>>,
}

fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

impl<S: Store> App<S> {
    pub(crate) fn new(
        service: Arc<Service<S>>,
        bot: Tg,
        username: String,
        pacing: Pacing,
        duel_ttl: Duration,
    ) -> Arc<App<S>> {
        Arc::new_cyclic(|weak: &Weak<App<S>>| {
            let deliver: Weak<dyn Deliver> = weak.clone();
            App {
                service,
                bot,
                username,
                outbox: Outbox::new(pacing, deliver),
                duel_ttl,
                closed: Mutex::default(),
                offered: Mutex::default(),
                people: Mutex::default(),
            }
        })
    }

    /// Queues a plain message.
    pub(crate) fn say(&self, chat: i64, text: impl Into<String>) {
        self.outbox.push(chat, Job::Text { text: text.into(), markup: None });
    }

    /// Shows what an accepted command did: the table message, the notices of its events, every
    /// player's hand, the mention of the player to move.
    pub(crate) fn show(&self, reply: &Reply) {
        let Some(chat) = tg_chat(&reply.table.chat) else { return };
        self.outbox.push(chat, Job::Table { table: reply.table.id });
        let notes = notices(&reply.table, &reply.events).join("\n\n");
        // A challenge mentions the person challenged, so that they hear of it.
        let invitee = reply.events.iter().find_map(|e| match e {
            Event::Challenged { invitee } => Some((tg_user(&invitee.id)?, invitee.name.clone())),
            _ => None,
        });
        match invitee {
            Some((user, name)) => self.outbox.push(chat, Job::Call { text: notes, user, name }),
            None if !notes.is_empty() => self.say(chat, notes),
            None => {}
        }
        self.refresh_hands(&reply.table);
        if chat < 0 {
            self.outbox.push(chat, Job::Turn { table: reply.table.id });
        }
    }

    /// Shows a table again as it is (after a stale press, or at start-up).
    pub(crate) fn refresh(&self, table: &Table, hands: bool) {
        let Some(chat) = tg_chat(&table.chat) else { return };
        self.outbox.push(chat, Job::Table { table: table.id });
        if hands {
            self.refresh_hands(table);
        }
        if chat < 0 {
            self.outbox.push(chat, Job::Turn { table: table.id });
        }
    }

    fn refresh_hands(&self, table: &Table) {
        if table.game.is_none() {
            return;
        }
        for (_, p) in table.humans() {
            if let Some(user) = tg_user(&p.id) {
                self.outbox.push(user, Job::Hand { table: table.id, user });
            }
        }
    }

    /// The chat's language (its settings).
    pub(crate) async fn lang(&self, chat: &ChatId) -> Lang {
        self.service.store().chat_settings(chat).await.map(|s| s.lang).unwrap_or_default()
    }

    /// Where a table shows each audience.
    pub(crate) async fn refs(&self, table: i64) -> HashMap<String, MessageRef> {
        match self.service.store().message_refs(table).await {
            Ok(refs) => refs
                .into_iter()
                .filter_map(|(audience, r)| Some((audience, MessageRef::decode(&r)?)))
                .collect(),
            Err(e) => {
                tracing::warn!(table, error = %e, "message references unavailable");
                HashMap::new()
            }
        }
    }

    pub(crate) async fn set_ref(&self, table: i64, audience: &str, r: &MessageRef) {
        if let Err(e) = self.service.store().set_message_ref(table, audience, &r.encode()).await {
            tracing::warn!(table, audience, error = %e, "message reference not saved");
        }
    }

    /// Remembers a user by @username.
    pub(crate) fn remember(&self, user: &User) {
        if let Some(name) = &user.username {
            lock(&self.people).insert(name.to_lowercase(), crate::ids::person(user));
        }
    }

    pub(crate) fn known(&self, username: &str) -> Option<Person> {
        lock(&self.people).get(&username.trim_start_matches('@').to_lowercase()).cloned()
    }

    pub(crate) fn is_closed(&self, user: i64) -> bool {
        lock(&self.closed).contains(&user)
    }

    /// The user's private chat refused a message.
    pub(crate) fn closed_private_chat(&self, user: i64) {
        lock(&self.closed).insert(user);
    }

    /// The user wrote to the bot privately: their chat is open again, and the hands they were
    /// told to open it for are sent.
    pub(crate) fn opened_private_chat(&self, user: i64) {
        lock(&self.closed).remove(&user);
        let mut offered = lock(&self.offered);
        let tables: Vec<i64> =
            offered.iter().filter(|(_, u)| *u == user).map(|(t, _)| *t).collect();
        for table in tables {
            offered.remove(&(table, user));
            self.outbox.push(user, Job::Hand { table, user });
        }
    }

    /// Whether the user still has to be told, at this table, to open the private chat.
    pub(crate) fn first_offer(&self, table: i64, user: i64) -> bool {
        lock(&self.offered).insert((table, user))
    }

    /// Whether Telegram says the user administers the chat (private chats: yes).
    pub(crate) async fn is_admin(
        &self,
        chat: teloxide::types::ChatId,
        user: teloxide::types::UserId,
    ) -> bool {
        if chat.0 > 0 {
            return true;
        }
        match self.bot.get_chat_member(chat, user).await {
            Ok(member) => member.is_privileged(),
            Err(e) => {
                tracing::warn!(chat = chat.0, error = %e, "getChatMember failed");
                false
            }
        }
    }
}
