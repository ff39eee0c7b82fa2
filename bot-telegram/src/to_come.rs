//! A hand still to come: a person who takes a seat in a group with a press gets, as the answer
//! to it, a message only they see saying that their tiles will show there (a photo of an empty
//! hand where the chat shows boards as pictures). At the deal it is edited into their hand,
//! which any bot may do, so that a plain member bot needs no «My tiles» for it.

use crate::app::App;
use crate::deliver::Sent;
use crate::ephemeral::Look;
use crate::failure::Failure;
use crate::ids::{MessageRef, hand_audience, table_topic, user_id};
use crate::jobs::Grant;
use domino_core::chat::{HandPlace, Show};
use domino_core::view::hand_to_come_text;
use serde_json::json;

/// What the placeholder's look is remembered as (no hand's fingerprint is 0 but by chance,
/// which only costs one edit at the deal).
const TO_COME: u64 = 0;

impl App {
    /// The hand of `user` at the table of `show`, before the deal: sent as the answer to their
    /// press (`grant`) when they sit at it, its chat is their hand's place and no hand of theirs
    /// shows there yet; nothing otherwise.
    pub(crate) async fn hand_to_come(
        &self,
        chat: i64,
        user: i64,
        grant: Option<&Grant>,
        show: &Show,
    ) -> Sent {
        let Some(grant) = grant.filter(|g| g.live()) else { return Ok(0) };
        let (table, who) = (show.table.id, user_id(user));
        if !show.table.open || !show.seats(&who) || self.ephemerals.has_hand(table, user) {
            return Ok(0);
        }
        if self.chat.hand_place(&who).await == HandPlace::Private {
            return Ok(0);
        }
        let text = hand_to_come_text(show.table.lang).to_owned();
        let look = match show.hand_to_come_picture().await {
            Some(picture) => Look::Photo(text, picture),
            None => Look::Text(text),
        };
        let none = json!({"inline_keyboard": []});
        let topic = table_topic(&show.table);
        match self.send_hand(chat, user, Some(grant), topic, &look, &none).await {
            Ok(msg) => {
                if let Some(id) = msg["ephemeral_message_id"].as_i64() {
                    let at = MessageRef {
                        tag: look.tag().to_owned(),
                        ..MessageRef::ephemeral(chat, id)
                    };
                    self.set_ref(table, &hand_audience(user), Some(&at)).await;
                    self.ephemerals.shown((table, user), Some(TO_COME));
                }
                Ok(1)
            }
            // Refused (the press's 15 s are over, or another reason): «My tiles» brings it.
            Err(Failure::NotAdmin | Failure::Other(_)) => Ok(1),
            Err(f) => Err(f),
        }
    }
}
