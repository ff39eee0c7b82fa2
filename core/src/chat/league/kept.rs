//! Messages the bot keeps current in a chat, posted once and edited in place: the standings
//! message (a chat setting), brought up to date after each finished match and when a season
//! begins, and each tournament's live message (its standings and schedule), posted when it
//! starts and edited as its tables open, its results come in and it closes. The core says what each should read; the adapter edits (or posts anew and pins) it
//! and remembers where it is under the meta key `post:<name>:<chat>` (so it moves with the
//! chat).

use super::info::merge_players;
use crate::chat::texts::season_header;
use crate::chat::{Chat, MessageAt};
use crate::ids::{ChatId, Lang};
use crate::service::TourNews;
use crate::standings::tournament::State;
use crate::standings::{Local, Span};
use crate::store::{Store, StoreError};
use crate::view::render_scoreboard;
use crate::view::text::tr;
use crate::view::tournament::render_tournament;

/// A message kept current in a chat.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Kept {
    /// The season's standings.
    Standings,
    /// A running tournament's standings and schedule, by the tournament's id.
    Tournament(i64),
}

impl Kept {
    /// Whether the message is pinned where the bot may pin: the standings are; a tournament's
    /// live message is not (it would stay pinned after the close, and a chat keeps one
    /// standings message pinned already).
    pub const fn pins(self) -> bool {
        matches!(self, Kept::Standings)
    }

    /// Where the message is kept in the store's meta keys (ending with the chat, so it moves
    /// with it).
    pub(super) fn key(self, chat: &ChatId) -> String {
        match self {
            Kept::Standings => format!("post:standings:{chat}"),
            Kept::Tournament(id) => format!("post:tournament-{id}:{chat}"),
        }
    }
}

/// A tournament's live message: the tournament's message as `/tournament` shows it, with when
/// it was brought up to date.
pub(super) fn tournament_text(text: &str, lang: Lang, updated: &Local) -> String {
    let stamp = tr(lang, "Обновлено", "Updated");
    format!("📌 {text}\n\n🕒 {stamp} {}", updated.date_time())
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

    /// What a tournament's live message should read after `news`: `None` while it takes
    /// entrants (its `/tournament` message shows those) — from its start to its close, the
    /// standings and schedule as they now are.
    pub(crate) async fn tournament_live(
        &self,
        news: &TourNews,
    ) -> Result<Option<(Kept, String)>, StoreError> {
        let t = &news.doc.tournament;
        if matches!(t.state, State::Enrolling) || news.events.is_empty() {
            return Ok(None);
        }
        let settings = self.service.store().chat_settings(&news.doc.chat).await?;
        let (lang, zone) = (settings.lang, settings.zone());
        let text = render_tournament(t, lang, zone);
        let updated = Local::of(self.service.now(), zone);
        Ok(Some((Kept::Tournament(t.id), tournament_text(&text, lang, &updated))))
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
