//! The adapter's shared state: the service, the bot, the outbox, and what it remembers about
//! people (whose private chat is closed; who is who by @username is the core's, in the store).

use crate::ids::{MessageRef, chat_id, person, table_topic, tg_chat, tg_user};
use crate::jobs::Grant;
use crate::outbox::{Deliver, Job, Outbox};
use crate::pacing::Pacing;
use domino_core::chat::{Asker, Audience, Cmd, Door, HandPlace, Presence, Request, Show};
use domino_core::ids::Lang;
use domino_core::ids::Platform;
use std::collections::{HashMap, HashSet};
use std::sync::{Arc, Mutex, Weak};
use teloxide::adaptors::CacheMe;
use teloxide::prelude::*;
use teloxide::types::User;

/// The longest a question to Telegram about a person may take on the path of a press.
const FACT_TIMEOUT: std::time::Duration = std::time::Duration::from_millis(1500);

/// The requester every call goes through (pacing is the outbox's).
pub(crate) type Tg = CacheMe<Bot>;

pub(crate) struct App {
    pub chat: Door,
    pub bot: Tg,
    /// The bot's @username (without the @), for deep links.
    pub username: String,
    /// What deep links are signed with.
    pub links: domino_core::chat::Links,
    /// The longest one Bot API call of the outbox may take.
    pub call_timeout: std::time::Duration,
    pub outbox: Outbox,
    /// Each chat's updates, one after another (`contain`).
    pub lanes: Arc<crate::contain::Lanes>,
    /// The longest an update's handling may take before it is cancelled.
    pub work_limit: std::time::Duration,
    /// The calls teloxide does not know.
    pub raw: crate::raw::Raw,
    /// What teloxide drops from updates, by update id.
    pub extras: Arc<crate::updates::Extras>,
    /// Hands in groups: where the bot may push, what each shows.
    pub ephemerals: crate::ephemeral::Ephemerals,
    /// Users whose private chat is closed to the bot (until they open it).
    closed: Mutex<HashSet<i64>>,
    /// (table, user) pairs already told to open the private chat.
    offered: Mutex<HashSet<(i64, i64)>>,
    /// Groups already told that the bot may not set member tags.
    tags_refused: Mutex<HashSet<i64>>,
    /// The turn mention out for each table, by its key (this process's; a restarted bot
    /// learns it again from the next mention it replaces).
    mentioned: Mutex<HashMap<i64, String>>,
    /// The short name of the bot's Mini App, when the operator made one (`/screen` links it).
    pub mini_app: std::sync::OnceLock<String>,
}

fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

impl App {
    pub(crate) fn new(
        chat: Door,
        links: domino_core::chat::Links,
        bot: Tg,
        username: String,
        pacing: Pacing,
        call_timeout: std::time::Duration,
        work_limit: std::time::Duration,
    ) -> Arc<App> {
        Arc::new_cyclic(|weak: &Weak<App>| {
            let deliver: Weak<dyn Deliver> = weak.clone();
            App {
                raw: crate::raw::Raw::new(bot.inner()),
                extras: Arc::default(),
                ephemerals: Default::default(),
                chat,
                links,
                call_timeout,
                bot,
                username,
                outbox: Outbox::new(pacing, deliver),
                lanes: Arc::default(),
                work_limit,
                closed: Mutex::default(),
                offered: Mutex::default(),
                tags_refused: Mutex::default(),
                mentioned: Mutex::default(),
                mini_app: Default::default(),
            }
        })
    }

    /// Queues a plain message (several, when it is longer than one may be), in `topic`.
    pub(crate) fn say(&self, chat: i64, topic: Option<i32>, text: impl Into<String>) {
        for text in crate::draw::pieces(&text.into(), 4096) {
            self.outbox.push(chat, Job::Text { text, markup: None, reply_to: None, topic });
        }
    }

    /// A group became a supergroup (a new id): its tables, settings and scoreboards move there
    /// and its tables are shown again in it.
    pub(crate) async fn moved(&self, from: teloxide::types::ChatId, to: teloxide::types::ChatId) {
        for show in self.chat.move_chat(&chat_id(from), &chat_id(to)).await {
            self.show(&show);
        }
    }

    /// The bot is no longer in the group `chat` (a send refused for it, or a `my_chat_member`
    /// update): nothing more is sent there, and its tables close as the core decides (abandoned,
    /// nothing scored); the players' private hands show it.
    pub(crate) async fn left_group(&self, chat: teloxide::types::ChatId) {
        self.outbox.gone(chat.0);
        for show in self.chat.left_chat(&chat_id(chat)).await {
            self.show(&show);
        }
    }

    /// Brings a table's messages up to date: the table message, the notice of what happened,
    /// the hands that changed for their owners (in the group, or in their private chat), the
    /// turn mention when it is due.
    pub(crate) fn show(&self, show: &Show) {
        self.show_as(show, None)
    }

    /// [`App::show`] after a person's press (`presser`: who, and the grant of their press):
    /// their own hand is the answer to it, and goes first.
    pub(crate) fn show_as(&self, show: &Show, presser: Option<(i64, &Grant)>) {
        let table = &show.table;
        let Some(chat) = tg_chat(&table.chat) else { return };
        let topic = table_topic(table);
        self.outbox.push(chat, Job::Table { table: table.id, flowing: show.flowing });
        // Posted anew (`/table N`): the old message says where the table went, without buttons.
        if let Some(moved) = &show.moved
            && let Some(old) = moved.from.as_ref().and_then(crate::ids::MessageRef::of)
            && old.chat == chat
            && old.ephemeral.is_none()
        {
            let photo = old.tag == crate::photos::PHOTO;
            let job = Job::Moved { message: old.message, photo, text: moved.text.clone() };
            self.outbox.push(chat, job);
        }
        if let Some(notice) = &show.notice
            && let Some(picture) = &notice.picture
        {
            let name = match show.ending {
                Some(domino_core::chat::Ending::Match) => "tally.png",
                _ => "round.png",
            };
            self.photo(chat, topic, name, picture.clone(), &notice.text, None);
        } else if let Some(notice) = &show.notice {
            match notice.mention.as_ref().and_then(|p| Some((tg_user(&p.id)?, p.name.clone()))) {
                Some((user, name)) => self
                    .outbox
                    .push(chat, Job::Call { text: notice.text.clone(), user, name, topic }),
                None => self.say(chat, topic, notice.text.clone()),
            }
        }
        // The hands their owners need now (`Hand::fresh`): the mover's, the next mover's, all
        // at a deal; the others catch up at their turn.
        for hand in show.hands.iter().filter(|h| show.hands_changed && h.fresh) {
            if let Some(user) = tg_user(&hand.person.id) {
                // In a group, the job finds where the person wants it (the private chat once
                // the bot is out of the group).
                let at = if chat < 0 && !self.outbox.is_gone(chat) { chat } else { user };
                let turn = hand.view.as_ref().is_some_and(|v| v.your_turn);
                let grant =
                    presser.filter(|(p, _)| *p == user && at == chat).map(|(_, g)| g.clone());
                let (id, page) = (table.id, None);
                self.outbox.push(at, Job::Hand { table: id, user, grant, page, turn });
            }
        }
        // Spectators: each in the place the core says, the group while the bot is in it.
        for w in &show.watchers {
            if let Some(user) = tg_user(&w.id) {
                let group = chat < 0 && !self.outbox.is_gone(chat);
                let at = if group && w.place == HandPlace::Table { chat } else { user };
                self.outbox.push(at, Job::Watch { table: table.id, user, grant: None });
            }
        }
        if chat < 0 {
            self.push_turn(chat, show);
        }
    }

    /// The turn mention `show` wants, due after the chat's reminder delay; at once when it is
    /// a warning, when the mover's hand cannot be shown to them (a plain member bot, no hand
    /// of theirs shown yet), or when an older mention is to go.
    fn push_turn(&self, chat: i64, show: &Show) {
        let id = show.table.id;
        let now = tokio::time::Instant::now();
        let key = show.turn.as_ref().map(|t| t.key.clone());
        let after = show.turn.as_ref().map_or(0, |t| t.after_secs);
        let unseen = show.turn.as_ref().and_then(|t| tg_user(&t.person.id)).is_some_and(|user| {
            !self.ephemerals.may_push(chat) && !self.ephemerals.has_hand(id, user)
        });
        let clear = lock(&self.mentioned).get(&id).is_some_and(|k| Some(k) != key.as_ref());
        let due = match after {
            _ if unseen => now,
            secs => now + std::time::Duration::from_secs(secs.into()),
        };
        self.outbox.push(chat, Job::Turn { table: id, key, due, clear });
    }

    /// The turn mention out for `table` (its key), as `deliver_turn` left it.
    pub(crate) fn set_mentioned(&self, table: i64, key: Option<String>) {
        let mut mentioned = lock(&self.mentioned);
        match key {
            Some(k) => mentioned.insert(table, k),
            None => mentioned.remove(&table),
        };
    }

    /// Who asks, as the chat layer needs it: the admin bit is asked of Telegram only when the
    /// request depends on it (private chats: always).
    /// In a topic (`topic`), the request is the topic's. For a `/duel`, Telegram is asked
    /// whether the person it names is in the chat.
    pub(crate) async fn from(
        &self,
        chat: teloxide::types::ChatId,
        topic: Option<i32>,
        user: &User,
        request: &Request,
    ) -> Asker {
        let admin = request.needs_admin() && self.is_admin(chat, user.id).await;
        let invitee_in_chat = match request {
            Request::Command(Cmd::Duel, args) if chat.0 < 0 => {
                match self.chat.invitee(&chat_id(chat), args).await.and_then(|p| tg_user(&p.id)) {
                    Some(invitee) => Some(self.member_fact(chat, invitee).await),
                    None => None,
                }
            }
            _ => None,
        };
        // A deep link opened in the private chat: is the person a member of its table's chat?
        let member_of = match request {
            Request::Link(payload) => match self.chat.link_target(payload).await {
                Some(target) if self.is_member(&target, user.id).await => Some(target),
                _ => None,
            },
            // Taking a seat in a group: is the person in it (a public group shows its
            // buttons to anyone)?
            r if r.seats_someone() && chat.0 < 0 => {
                let here = chat_id(chat);
                self.is_member(&here, user.id).await.then_some(here)
            }
            _ => Some(chat_id(chat)),
        };
        let lang = user.language_code.as_deref().map(Lang::of_locale);
        Asker {
            chat: chat_id(chat),
            thread: crate::ids::thread_key(topic),
            private: chat.0 > 0,
            person: person(user),
            admin,
            member_of,
            lang,
            invitee_in_chat,
            username: user.username.clone().filter(|_| !user.is_bot),
        }
    }

    /// What Telegram says of a user in a chat: in it, or left, banned or unknown to Telegram;
    /// `Unknown` when it could not be asked (an error, a 5xx, a timeout), which the core
    /// refuses.
    async fn member_fact(&self, chat: teloxide::types::ChatId, user: i64) -> Presence {
        let asked = self.bot.get_chat_member(chat, teloxide::types::UserId(user as u64));
        match tokio::time::timeout(FACT_TIMEOUT, asked).await {
            Ok(Ok(member)) => Presence::of(member.is_present()),
            Ok(Err(teloxide::RequestError::Api(teloxide::ApiError::UserNotFound))) => Presence::Out,
            Ok(Err(e)) => {
                tracing::warn!(chat = chat.0, error = %e, "getChatMember failed");
                Presence::Unknown
            }
            Err(_) => {
                tracing::warn!(chat = chat.0, "getChatMember took too long");
                Presence::Unknown
            }
        }
    }

    /// Whether Telegram says the user is in the chat (a member, an admin, restricted but in).
    async fn is_member(
        &self,
        chat: &domino_core::ids::ChatId,
        user: teloxide::types::UserId,
    ) -> bool {
        let Some(chat) = tg_chat(chat) else { return false };
        let asked = self.bot.get_chat_member(teloxide::types::ChatId(chat), user);
        let Ok(answer) = tokio::time::timeout(FACT_TIMEOUT, asked).await else {
            tracing::warn!(chat, "getChatMember took too long");
            return false;
        };
        match answer {
            Ok(member) => member.is_present(),
            Err(e) => {
                tracing::warn!(chat, error = %e, "getChatMember failed");
                false
            }
        }
    }

    /// The webhook's secret: the one configured, else one made once and kept in the store
    /// (the same after a restart, and for every instance behind a load balancer).
    pub(crate) async fn webhook_secret(
        &self,
        hook: &crate::Webhook,
    ) -> Result<String, crate::Error> {
        if let Some(s) = &hook.secret {
            return Ok(s.clone());
        }
        self.chat
            .secret("telegram-webhook")
            .await
            .map_err(|e| crate::Error::Config(format!("the store: {e}")))
    }

    /// The chat's language.
    pub(crate) async fn lang_of(&self, chat: teloxide::types::ChatId) -> Lang {
        self.chat.lang(&chat_id(chat)).await
    }

    /// Where a table shows each audience.
    pub(crate) async fn refs(&self, table: i64) -> HashMap<Audience, MessageRef> {
        match self.chat.messages(table, Platform::Telegram).await {
            Ok(refs) => refs
                .into_iter()
                .filter_map(|(audience, at)| Some((audience, MessageRef::of(&at)?)))
                .collect(),
            Err(e) => {
                tracing::warn!(table, error = %e, "message references unavailable");
                HashMap::new()
            }
        }
    }

    /// Remembers where a table shows `audience` (`None`: nowhere any more).
    pub(crate) async fn set_ref(&self, table: i64, audience: &Audience, r: Option<&MessageRef>) {
        let done = match r {
            Some(r) => self.chat.set_message(table, audience, &r.at()).await,
            None => self.chat.forget_message(table, audience).await,
        };
        if let Err(e) = done {
            tracing::warn!(table, ?audience, error = %e, "message reference not saved");
        }
    }

    /// True the first time a group's member tags are refused.
    pub(crate) fn first_tag_refusal(&self, chat: i64) -> bool {
        lock(&self.tags_refused).insert(chat)
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
            self.outbox.push(user, Job::Hand { table, user, grant: None, page: None, turn: false });
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
        let Ok(answer) =
            tokio::time::timeout(FACT_TIMEOUT, self.bot.get_chat_member(chat, user)).await
        else {
            tracing::warn!(chat = chat.0, "getChatMember took too long");
            return false;
        };
        match answer {
            Ok(member) => member.is_privileged(),
            Err(e) => {
                tracing::warn!(chat = chat.0, error = %e, "getChatMember failed");
                false
            }
        }
    }
}
