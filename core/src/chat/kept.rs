//! Messages the bot keeps current in a chat, posted once and edited in place: the standings
//! message (a chat setting), brought up to date after each finished match and when a season
//! begins. The core says what each should read; the adapter edits (or posts anew and pins) it
//! and remembers where it is under the meta key `post:<name>:<chat>` (so it moves with the
//! chat).

use super::Chat;
use super::info::merge_players;
use super::message::MessageAt;
use super::texts::season_header;
use crate::ids::{ChatId, Lang};
use crate::standings::{Local, Span};
use crate::store::{Store, StoreError};
use crate::view::render_scoreboard;
use crate::view::text::tr;

/// A message kept current in a chat.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Kept {
    /// The season's standings.
    Standings,
}

impl Kept {
    pub const fn name(self) -> &'static str {
        match self {
            Kept::Standings => "standings",
        }
    }

    /// Where the message is kept in the store's meta keys.
    pub(super) fn key(self, chat: &ChatId) -> String {
        format!("post:{}:{chat}", self.name())
    }
}

/// The standings message's title and footer around `/top`'s lines.
fn standings_text(lang: Lang, season: u32, table: &str, updated: &Local) -> String {
    let title = match lang {
        Lang::Ru => format!("📌 {}: таблица", season_header(lang, season)),
        Lang::En => format!("📌 {}: standings", season_header(lang, season)),
    };
    let stamp = tr(lang, "Обновлено", "Updated");
    format!("{title}\n\n{table}\n\n🕒 {stamp} {}", updated.date_time())
}

impl<S: Store> Chat<S> {
    /// What the chat's standings message should read now; `None` when the chat keeps none.
    pub(crate) async fn standings_post(&self, chat: &ChatId) -> Result<Option<String>, StoreError> {
        let store = self.service.store();
        let settings = store.chat_settings(chat).await?;
        if !settings.standings_post {
            return Ok(None);
        }
        let season = store.season(chat).await?.number;
        let rows = merge_players(store.scoreboard(chat, Some(season), None).await?);
        let ratings = store.ratings(chat, Span::Season(season), None).await?;
        let table = render_scoreboard(&rows, &ratings, settings.lang);
        let updated = Local::of(self.service.now(), settings.zone());
        Ok(Some(standings_text(settings.lang, season, &table, &updated)))
    }

    /// Where the chat's `kept` message is (`None`: not posted, or forgotten).
    pub(crate) async fn kept_at(
        &self,
        chat: &ChatId,
        kept: Kept,
    ) -> Result<Option<MessageAt>, StoreError> {
        let at = self.service.store().meta(&kept.key(chat)).await?;
        Ok(at.as_deref().and_then(MessageAt::decode))
    }

    /// Remembers (or, with `None`, forgets) where the chat's `kept` message is.
    pub(crate) async fn set_kept_at(
        &self,
        chat: &ChatId,
        kept: Kept,
        at: Option<&MessageAt>,
    ) -> Result<(), StoreError> {
        let at = at.map(MessageAt::encode);
        self.service.store().set_meta(&kept.key(chat), at.as_deref()).await
    }
}
