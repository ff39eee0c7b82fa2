//! The league offered once: after a group chat's fifth finished match (or its first finished
//! after that, for a chat that played them before the offer existed), its admins are offered
//! monthly seasons, the standings message and the weekly digest; the chat layer draws the
//! offer and takes its presses (`chat::menu::offer`). Whether it was made is kept under the
//! meta key `league-offer:<chat>` (so `move_chat` and the copy take it with the chat): made by
//! one conditional write from absent ([`Store::swap_meta`]), so of processes finishing matches
//! in the chat at once, before or after a restart, one makes it, once; answered by one more
//! from «open» to «done», so of admins pressing at once one answer is taken.

use super::{LeagueEvent, Service, writing};
use crate::ids::ChatId;
use crate::session::Table;
use crate::standings::Cadence;
use crate::store::{Store, StoreError};

/// The meta key's prefix: `league-offer:<chat>`.
const OFFER_KEY: &str = "league-offer:";
/// The offer was made and waits for an admin's answer.
pub const OFFER_OPEN: &str = "open";
/// The offer was answered (any of its buttons).
pub const OFFER_DONE: &str = "done";
/// Finished matches after which a chat is offered the league.
pub const OFFER_AFTER: u32 = 5;

/// The meta key under which `chat`'s offer is kept.
pub fn offer_key(chat: &ChatId) -> String {
    format!("{OFFER_KEY}{chat}")
}

impl<S: Store> Service<S> {
    /// After a match finished at `table`: offers the chat the league when it is due (a group
    /// chat, its fifth finished match or later, never offered, none of the three on yet), and
    /// announces it ([`LeagueEvent::Offer`]) from this process alone.
    pub(super) async fn offer_league(&self, table: &Table) {
        if table.private {
            return;
        }
        match self.make_offer(&table.chat).await {
            Ok(true) => {
                let _ = self.league.send(LeagueEvent::Offer { chat: table.chat.clone() });
            }
            Ok(false) => {}
            Err(e) => tracing::warn!(chat = %table.chat, error = %e, "the league offer not made"),
        }
    }

    /// Whether this call made the offer (the meta key set from absent to «open»).
    async fn make_offer(&self, chat: &ChatId) -> Result<bool, StoreError> {
        let key = offer_key(chat);
        if self.store.meta(&key).await?.is_some() {
            return Ok(false);
        }
        let s = self.store.chat_settings(chat).await?;
        // A chat that found the league's page by itself is not told of it.
        if s.seasons != Cadence::Manual || s.standings_post || s.digest.is_some() {
            return Ok(false);
        }
        let played = self.store.history(chat, None, OFFER_AFTER).await?.len();
        if played < OFFER_AFTER as usize {
            return Ok(false);
        }
        writing(self.store.swap_meta(&key, None, Some(OFFER_OPEN))).await
    }
}
