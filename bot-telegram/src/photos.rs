//! Pictures in Telegram: the table message as a photo (its caption the table's text, its
//! keyboard the table's) edited in place with `editMessageMedia`; the pictures of a round's
//! end, a match's tally and `/score` as photos whose caption is their text (what does not fit
//! Telegram's 1,024 characters follows as messages). The table message's reference is tagged
//! with its kind, so that a chat that switches between pictures and text gets a new message of
//! the right kind instead of an edit Telegram would refuse.

use crate::app::App;
use crate::deliver::Sent;
use crate::draw::pieces;
use crate::failure::Failure;
use crate::ids::MessageRef;
use crate::outbox::Job;
use domino_core::chat::Audience;
use domino_core::view::picture::Picture;
use std::sync::Arc;
use teloxide::prelude::*;
use teloxide::types::{
    ChatId, InlineKeyboardMarkup, InputFile, InputMedia, InputMediaPhoto, MessageId,
    ReplyParameters,
};

/// Telegram's longest caption, in characters.
pub(crate) const CAPTION: usize = 1024;
/// The tag of a table message that is a photo (a text one has none).
pub(crate) const PHOTO: &str = "photo";
/// The file name the table picture is uploaded as.
const TABLE_PNG: &str = "table.png";

fn file(picture: &Picture, name: &str) -> InputFile {
    InputFile::memory(picture.png.clone()).file_name(name.to_owned())
}

impl App {
    /// Queues a picture with its text: as much as a caption holds (cut between lines), the
    /// rest as messages after it.
    pub(crate) fn photo(
        &self,
        chat: i64,
        topic: Option<i32>,
        name: &str,
        picture: Arc<Picture>,
        text: &str,
        reply_to: Option<i32>,
    ) {
        let mut parts = pieces(text, CAPTION).into_iter();
        let caption = parts.next().unwrap_or_default();
        let rest: Vec<String> = parts.collect();
        let job = Job::Photo { name: name.to_owned(), picture, caption, reply_to, topic };
        self.outbox.push(chat, job);
        if !rest.is_empty() {
            self.say(chat, topic, rest.join("\n"));
        }
    }

    /// The table message at `old` when it is of the kind `tag`; otherwise the old message goes
    /// (a failure but a 429 leaves it: a new one is sent anyway) and there is none.
    pub(crate) async fn same_kind<'a>(
        &self,
        old: Option<&'a MessageRef>,
        tag: &str,
    ) -> Result<Option<&'a MessageRef>, Failure> {
        let Some(r) = old else { return Ok(None) };
        if r.tag == tag {
            return Ok(Some(r));
        }
        match self.bot.delete_message(r.chat(), r.id()).await.map_err(Failure::from) {
            Err(Failure::RetryAfter(d)) => Err(Failure::RetryAfter(d)),
            _ => Ok(None),
        }
    }

    /// The table message as a photo: the one at `old` edited in place ("not modified" counts
    /// as done), or, when there is none or it is gone, a new one, remembered.
    pub(crate) async fn put_table_photo(
        &self,
        table: i64,
        at: (i64, Option<i32>),
        old: Option<&MessageRef>,
        picture: &Picture,
        caption: &str,
        markup: InlineKeyboardMarkup,
    ) -> Sent {
        let whose = (table, &Audience::Public, TABLE_PNG);
        self.put_photo(whose, at, old, picture, caption, markup).await
    }

    /// The message of `audience` at a table as a photo uploaded as `name`: the one at `old`
    /// edited in place when it is a photo, or a new one, remembered (an old text goes).
    pub(crate) async fn put_photo(
        &self,
        (table, audience, name): (i64, &Audience, &str),
        (chat, topic): (i64, Option<i32>),
        old: Option<&MessageRef>,
        picture: &Picture,
        caption: &str,
        markup: InlineKeyboardMarkup,
    ) -> Sent {
        if let Some(r) = self.same_kind(old, PHOTO).await? {
            let media = InputMediaPhoto::new(file(picture, name)).caption(caption);
            let edit = self.bot.edit_message_media(r.chat(), r.id(), InputMedia::Photo(media));
            match edit.reply_markup(markup.clone()).await.map_err(Failure::from) {
                Ok(_) | Err(Failure::NotModified) => return Ok(1),
                Err(Failure::Gone) => {}
                Err(f) => return Err(f),
            }
        }
        let mut send = self.bot.send_photo(ChatId(chat), file(picture, name)).caption(caption);
        if let Some(t) = topic {
            send = send.message_thread_id(crate::ids::thread(t));
        }
        let msg = send.reply_markup(markup).await?;
        self.set_ref(table, audience, Some(&MessageRef::new(chat, msg.id, PHOTO))).await;
        Ok(1)
    }

    /// A photo job: a new message with its caption (as a reply to `reply_to` when given).
    pub(crate) async fn send_photo(
        &self,
        chat: i64,
        topic: Option<i32>,
        name: &str,
        picture: &Picture,
        caption: &str,
        reply_to: Option<i32>,
    ) -> Sent {
        let mut req = self.bot.send_photo(ChatId(chat), file(picture, name)).caption(caption);
        if let Some(t) = topic {
            req = req.message_thread_id(crate::ids::thread(t));
        }
        if let Some(id) = reply_to {
            req = req.reply_parameters(
                ReplyParameters::new(MessageId(id)).allow_sending_without_reply(),
            );
        }
        req.await.map(|_| 1).map_err(Failure::from)
    }
}
