//! Private hands, for those who chose the private chat (hands in the group are `ephemeral`'s):
//! one message in each player's private chat, edited every turn, with a button per legal
//! placement; a photo of the tiles captioned with the hand's text when the table's chat shows
//! boards as pictures. A player whose private chat is closed is told once per table, with a
//! button that opens it; meanwhile «my tiles» in the group answers with a popup only they see.
//! The game never waits on a private chat.

use crate::app::App;
use crate::deliver::Sent;
use crate::failure::Failure;
use crate::ids::{hand_audience, tg_chat, user_id};
use crate::keyboards;
use crate::outbox::Job;
use crate::photos::CAPTION;
use crate::texts;
use domino_core::chat::{Link, Show};
use domino_core::view::{render_hand, render_hand_caption, text::display_name};

/// The file name a hand's picture is uploaded as.
const HAND_PNG: &str = "hand.png";

impl App {
    pub(crate) async fn deliver_hand(&self, id: i64, user: i64, page: Option<u8>) -> Sent {
        let Some(show) = self.current(id).await else { return Ok(0) };
        if !show.seats(&user_id(user)) {
            return Ok(0);
        }
        if self.is_closed(user) {
            self.offer_private_chat(&show, user);
            return Ok(0);
        }
        let Some(view) = show.hand_at(&user_id(user), page) else { return Ok(0) };
        let view = &view;
        let audience = hand_audience(user);
        let refs = self.refs(id).await;
        let old = refs.get(&audience).filter(|r| r.ephemeral.is_none());
        let markup = keyboards::markup(&view.buttons);
        // A chat of pictures: the hand's picture, its text the caption.
        let put = match show.hand_picture(view).await {
            Some(picture) => {
                let caption = render_hand_caption(view, CAPTION);
                let whose = (id, &audience, HAND_PNG);
                self.put_photo(whose, (user, None), old, &picture, &caption, markup).await
            }
            None => {
                let old = self.same_kind(old, "").await?;
                self.put(id, &audience, (user, None), old, &render_hand(view), markup).await
            }
        };
        match put {
            Err(Failure::Closed) => {
                self.closed_private_chat(user);
                self.offer_private_chat(&show, user);
                Ok(0)
            }
            other => other,
        }
    }

    /// Tells a player in the group, once per table, to open the private chat.
    fn offer_private_chat(&self, show: &Show, user: i64) {
        let table = &show.table;
        let Some(chat) = tg_chat(&table.chat) else { return };
        if !self.first_offer(table.id, user) {
            return;
        }
        let Some(hand) = show.hands.iter().find(|h| h.person.id == user_id(user)) else { return };
        let name = Some(display_name(&hand.person.name));
        let lang = table.lang;
        let link = keyboards::deep_link(&self.username, &self.links, Link::Hand(table.id));
        self.outbox.push(
            chat,
            Job::Text {
                reply_to: None,
                topic: crate::ids::table_topic(table),
                text: texts::open_private(lang, name.as_deref().unwrap_or("?")),
                markup: Some(keyboards::link_button(texts::open_chat_button(lang), link)),
            },
        );
    }
}
