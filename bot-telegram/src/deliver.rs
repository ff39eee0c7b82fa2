//! Running the outbox's jobs against Telegram: the table message edited in place (sent when
//! there is none, or when the old one is gone), the turn mention that replaces the previous one,
//! plain messages and files. Where each message is lives in the store, so a restarted bot edits
//! the same messages.

use crate::app::App;
use crate::failure::Failure;
use crate::ids::{MessageRef, table_topic};
use crate::keyboards;
use crate::outbox::{Deliver, Delivery, Job, Outcome};
use crate::photos::CAPTION;
use domino_core::chat::Audience;
use domino_core::chat::Show;
use domino_core::view::{render_caption, render_table, text::display_name};
use teloxide::prelude::*;
use teloxide::types::{
    ChatId, InlineKeyboardMarkup, InputFile, MessageEntity, MessageId, ReplyParameters, User,
    UserId,
};
use tokio::time::Instant;

/// A job's result: messages that went out, or why not.
pub(crate) type Sent = Result<u32, Failure>;

impl Deliver for App {
    fn sent<'a>(
        &'a self,
        chat: i64,
        window: Vec<i64>,
    ) -> std::pin::Pin<Box<dyn std::future::Future<Output = ()> + Send + 'a>> {
        Box::pin(async move {
            if let Err(e) =
                self.chat.set_pacing_window("telegram", &chat.to_string(), &window).await
            {
                tracing::warn!(chat, error = %e, "pacing window not remembered");
            }
        })
    }

    fn removed<'a>(
        &'a self,
        chat: i64,
    ) -> std::pin::Pin<Box<dyn std::future::Future<Output = ()> + Send + 'a>> {
        Box::pin(self.left_group(teloxide::types::ChatId(chat)))
    }

    fn deliver<'a>(&'a self, chat: i64, job: &'a Job) -> Delivery<'a> {
        Box::pin(async move {
            // Longer counts as a failure that may pass: teloxide itself sleeps 10 s after a
            // 5xx before it even returns, and the next try repairs whatever was missed.
            // Uploads take longer: files, photos, and the table message that may be one.
            let limit = match job {
                Job::Document { .. } | Job::Photo { .. } => self.call_timeout * 5,
                Job::Table { .. } => self.call_timeout * 2,
                _ => self.call_timeout,
            };
            if let Job::Turn { table, key, due, .. } = job {
                let turned = self.deliver_turn(chat, *table, key.as_deref(), *due);
                match tokio::time::timeout(limit, turned).await {
                    Ok(Ok((n, true))) => return Outcome::Later(n),
                    Ok(Ok((n, false))) => return Outcome::Sent(n),
                    _ => {}
                }
            }
            let sent = tokio::time::timeout(limit, self.run_job(chat, job))
                .await
                .unwrap_or(Err(Failure::Transient));
            match sent {
                Ok(n) => Outcome::Sent(n),
                Err(Failure::RetryAfter(after)) => Outcome::RetryAfter(after),
                Err(Failure::Transient) => Outcome::Retry,
                Err(Failure::Removed) if chat < 0 => Outcome::Removed,
                Err(f) => {
                    tracing::warn!(chat, job = job.kind(), failure = ?f, "not delivered");
                    Outcome::Sent(1)
                }
            }
        })
    }
}

impl App {
    async fn run_job(&self, chat: i64, job: &Job) -> Sent {
        {
            match job {
                Job::Table { table, .. } => self.deliver_table(chat, *table).await,
                Job::Hand { table, user, grant, page, .. } if chat < 0 => {
                    self.deliver_group_hand(chat, *table, *user, grant.as_ref(), *page).await
                }
                Job::Hand { table, user, page, .. } => {
                    self.deliver_hand(*table, *user, *page).await
                }
                Job::Watch { table, user, grant } => {
                    self.deliver_watch(chat, *table, *user, grant.as_ref()).await
                }
                Job::Ephemeral { user, text, grant, topic } => {
                    self.send_ephemeral(chat, *user, *topic, text, grant.as_ref()).await
                }
                // The ping itself comes back when due (`Outcome::Later`, in `deliver`).
                Job::Turn { table, key, due, .. } => {
                    self.deliver_turn(chat, *table, key.as_deref(), *due).await.map(|(n, _)| n)
                }
                Job::Text { text, markup, reply_to, topic } => {
                    self.send_text(chat, *topic, text, markup.clone(), *reply_to).await
                }
                Job::Call { text, user, name, topic } => {
                    let mut req = self.bot.send_message(ChatId(chat), text);
                    req = req.entities(mention(text, name, *user));
                    if let Some(t) = topic {
                        req = req.message_thread_id(crate::ids::thread(*t));
                    }
                    req.await.map(|_| 1).map_err(Failure::from)
                }
                Job::Moved { message, photo, text } => {
                    self.leave_behind(chat, *message, *photo, text).await
                }
                Job::Edit { message, text, markup } => {
                    self.edit(ChatId(chat), MessageId(*message), text, markup.clone()).await
                }
                // A GIF (a replay) goes as an animation, which plays in the chat.
                Job::Document { name, bytes, caption, topic } if name.ends_with(".gif") => {
                    let file = InputFile::memory(bytes.clone()).file_name(name.clone());
                    let mut req =
                        self.bot.send_animation(ChatId(chat), file).caption(caption.clone());
                    if let Some(t) = topic {
                        req = req.message_thread_id(crate::ids::thread(*t));
                    }
                    req.await.map(|_| 1).map_err(Failure::from)
                }
                Job::Document { name, bytes, caption, topic } => {
                    let file = InputFile::memory(bytes.clone()).file_name(name.clone());
                    let mut req =
                        self.bot.send_document(ChatId(chat), file).caption(caption.clone());
                    if let Some(t) = topic {
                        req = req.message_thread_id(crate::ids::thread(*t));
                    }
                    req.await.map(|_| 1).map_err(Failure::from)
                }
                Job::Photo { name, picture, caption, reply_to, topic } => {
                    self.send_photo(chat, *topic, name, picture, caption, *reply_to).await
                }
                Job::Kept { kept, text } => self.deliver_kept(chat, *kept, text.as_deref()).await,
                Job::Tag { user, tag, refused } => self.set_tag(chat, *user, tag, refused).await,
                Job::Overflow => {
                    let lang = self.chat.lang(&crate::ids::chat_id(ChatId(chat))).await;
                    self.send_text(chat, None, crate::texts::overflow(lang), None, None).await
                }
            }
        }
    }

    /// The table as it is when the job runs (jobs coalesce: the latest state shows).
    pub(crate) async fn current(&self, table: i64) -> Option<Show> {
        self.chat.show(table).await
    }

    /// Edits a message; "not modified" counts as done.
    pub(crate) async fn edit(
        &self,
        chat: ChatId,
        message: MessageId,
        text: &str,
        markup: InlineKeyboardMarkup,
    ) -> Sent {
        match self.bot.edit_message_text(chat, message, text).reply_markup(markup).await {
            Ok(_) => Ok(1),
            Err(e) => match Failure::from(e) {
                Failure::NotModified => Ok(1),
                f => Err(f),
            },
        }
    }

    /// Edits the message at `r` or, when there is none or it is gone, sends a new one (in
    /// `topic`) and remembers it for `audience`.
    pub(crate) async fn put(
        &self,
        table: i64,
        audience: &Audience,
        (chat, topic): (i64, Option<i32>),
        old: Option<&MessageRef>,
        text: &str,
        markup: InlineKeyboardMarkup,
    ) -> Sent {
        if let Some(r) = old {
            match self.edit(r.chat(), r.id(), text, markup.clone()).await {
                Err(Failure::Gone) => {}
                other => return other,
            }
        }
        let mut send = self.bot.send_message(ChatId(chat), text).reply_markup(markup);
        if let Some(t) = topic {
            send = send.message_thread_id(crate::ids::thread(t));
        }
        let msg = send.await?;
        self.set_ref(table, audience, Some(&MessageRef::new(chat, msg.id, ""))).await;
        Ok(1)
    }

    /// A table's old message once the table was posted anew: it reads `text`, without
    /// buttons (a photo keeps its picture, captioned so). One that is gone is left so.
    async fn leave_behind(&self, chat: i64, message: i32, photo: bool, text: &str) -> Sent {
        let none = InlineKeyboardMarkup::default();
        let done = match photo {
            true => self
                .bot
                .edit_message_caption(ChatId(chat), MessageId(message))
                .caption(text)
                .reply_markup(none)
                .await
                .map(drop)
                .map_err(Failure::from),
            false => self.edit(ChatId(chat), MessageId(message), text, none).await.map(drop),
        };
        match done {
            Ok(()) | Err(Failure::NotModified | Failure::Gone) => Ok(1),
            Err(f) => Err(f),
        }
    }

    /// The table message: a photo captioned with the table's text when the chat shows boards
    /// as pictures, the text otherwise.
    async fn deliver_table(&self, chat: i64, id: i64) -> Sent {
        let Some(show) = self.current(id).await else { return Ok(0) };
        let markup = keyboards::table_markup(&show.table, &show.view, &self.username, &self.links);
        let refs = self.refs(id).await;
        // A message in another chat is the one before the chat moved (a supergroup now): the
        // table is posted anew where it now is.
        let old = refs.get(&Audience::Public).filter(|r| r.chat == chat);
        let topic = table_topic(&show.table);
        if let Some(picture) = show.picture().await {
            let caption = render_caption(&show.view, CAPTION);
            return self.put_table_photo(id, (chat, topic), old, &picture, &caption, markup).await;
        }
        let old = self.same_kind(old, "").await?;
        self.put(id, &Audience::Public, (chat, topic), old, &render_table(&show.view), markup).await
    }

    /// The turn ping the core wants: a new short message (edits do not notify) that replaces
    /// the previous one; nothing when the same turn was already announced; the old one goes
    /// when the turn moved on. The new one goes once `due` (the job asked for turn `key`; a
    /// turn that moved on since has a newer job of its own).
    /// Also says whether the ping is yet to come (then the job is queued again for `due`).
    async fn deliver_turn(
        &self,
        chat: i64,
        id: i64,
        key: Option<&str>,
        due: Instant,
    ) -> Result<(u32, bool), Failure> {
        let Some(show) = self.current(id).await else { return Ok((0, false)) };
        let refs = self.refs(id).await;
        let old = refs.get(&Audience::Turn);
        let want = show.turn.as_ref();
        if old.map(|r| r.tag.as_str()) == want.map(|t| t.key.as_str()) {
            self.set_mentioned(id, old.map(|r| r.tag.clone()));
            return Ok((0, false));
        }
        let mut sent = 0;
        // The previous mention goes (a failure other than a 429 leaves it: it is only a mention).
        if let Some(r) = old {
            if let Err(e) = self.bot.delete_message(r.chat(), r.id()).await
                && let Failure::RetryAfter(d) = Failure::from(e)
            {
                return Err(Failure::RetryAfter(d));
            }
            self.set_ref(id, &Audience::Turn, None).await;
            self.set_mentioned(id, None);
            sent = 1;
        }
        let Some(ping) = want.filter(|p| Some(p.key.as_str()) == key) else {
            return Ok((sent, false));
        };
        // Not due yet (the old mention went early): the ping comes back when it is.
        if Instant::now() < due {
            return Ok((sent, true));
        }
        let mut req = self.bot.send_message(ChatId(chat), ping.text.clone());
        if let Some(t) = table_topic(&show.table) {
            req = req.message_thread_id(crate::ids::thread(t));
        }
        match crate::ids::tg_user(&ping.person.id) {
            // The person chose quiet pings: no mention, no notification.
            _ if ping.quiet => req = req.disable_notification(true),
            Some(user) => req = req.entities(mention(&ping.text, &ping.person.name, user)),
            None => {}
        }
        let msg = req.await?;
        self.set_ref(id, &Audience::Turn, Some(&MessageRef::new(chat, msg.id, ping.key.clone())))
            .await;
        self.set_mentioned(id, Some(ping.key.clone()));
        Ok((sent + 1, false))
    }

    pub(crate) async fn send_text(
        &self,
        chat: i64,
        topic: Option<i32>,
        text: &str,
        markup: Option<InlineKeyboardMarkup>,
        reply_to: Option<i32>,
    ) -> Sent {
        let mut req = self.bot.send_message(ChatId(chat), text);
        if let Some(t) = topic {
            req = req.message_thread_id(crate::ids::thread(t));
        }
        if let Some(m) = markup {
            req = req.reply_markup(m);
        }
        if let Some(id) = reply_to {
            // Still sent when the message replied to is gone.
            let to = ReplyParameters::new(MessageId(id)).allow_sending_without_reply();
            req = req.reply_parameters(to);
        }
        match req.await {
            Ok(_) => Ok(1),
            Err(e) => match Failure::from(e) {
                Failure::Closed => {
                    self.closed_private_chat(chat);
                    Ok(0)
                }
                f => Err(f),
            },
        }
    }
}

/// A mention of `user` where their (displayed) name stands in `text`; none if it does not.
fn mention(text: &str, name: &str, user: i64) -> Vec<MessageEntity> {
    let name = display_name(name);
    let Some(at) = text.find(&name) else { return Vec::new() };
    let offset = text[..at].encode_utf16().count();
    let len = name.encode_utf16().count();
    let user = User {
        id: UserId(user as u64),
        is_bot: false,
        first_name: name,
        last_name: None,
        username: None,
        language_code: None,
        is_premium: false,
        added_to_attachment_menu: false,
    };
    vec![MessageEntity::text_mention(user, offset, len)]
}
