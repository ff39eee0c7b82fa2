//! The screen's league: the standings and their chart, a person's card, a head-to-head, the
//! season's story, the tournament and the recent matches, each from the code of the chat
//! command that shows it.

use super::{Card, Chart, League, Period, Played, Stamp, Standings};
use crate::chat::league::{Lines, SEASON_MATCHES, chart_lines};
use crate::chat::{Args, Chat};
use crate::ids::{ChatId, Lang, Person, UserId};
use crate::standings::{SeasonStory, Span};
use crate::store::{Store, StoreError};
use crate::view::picture::{Style, rating_svg};
use crate::view::{render_history, render_season_so_far};
use std::hash::{DefaultHasher, Hash, Hasher};

/// How many recent matches the screen lists (`/history`'s default).
pub(super) const PLAYED: u32 = 10;

/// A chart's lines drawn as SVG, as the chat's chart chooses them (`chart_lines`).
fn svg_chart(lines: Lines) -> Option<Chart> {
    let (lines, caption) = chart_lines(lines)?;
    Some(Chart { svg: rating_svg(&lines, &Style::default()), caption })
}

impl<S: Store> Chat<S> {
    pub(super) async fn screen_standings(
        &self,
        chat: &ChatId,
        period: Period,
        lang: Lang,
    ) -> Result<Standings, StoreError> {
        let args = Args { all_time: period == Period::AllTime, ..Args::default() };
        let top = self.top_of(chat, &args, lang).await?;
        let chart = svg_chart(top.lines);
        Ok(Standings { head: top.head, text: top.text, chart, people: top.people })
    }

    /// Someone of the chat's standings (all time) by id: only those a page lists.
    async fn listed(&self, chat: &ChatId, who: &UserId) -> Result<Option<Person>, StoreError> {
        let args = Args { all_time: true, ..Args::default() };
        let top = self.top_of(chat, &args, Lang::En).await?;
        Ok(top.people.into_iter().find(|p| &p.id == who))
    }

    pub(super) async fn screen_card(
        &self,
        chat: &ChatId,
        who: &UserId,
        lang: Lang,
    ) -> Result<Option<Card>, StoreError> {
        let Some(person) = self.listed(chat, who).await? else { return Ok(None) };
        let (text, lines) = self.card_of(chat, &person, lang).await?;
        Ok(Some(Card { person, text, chart: svg_chart(lines) }))
    }

    pub(super) async fn screen_versus(
        &self,
        chat: &ChatId,
        (a, b): (&UserId, &UserId),
        lang: Lang,
    ) -> Result<Option<String>, StoreError> {
        if a == b {
            return Ok(None);
        }
        let (Some(a), Some(b)) = (self.listed(chat, a).await?, self.listed(chat, b).await?) else {
            return Ok(None);
        };
        Ok(Some(self.versus_of(chat, (&a, &b), None, lang).await?))
    }

    pub(super) async fn screen_league(
        &self,
        chat: &ChatId,
        lang: Lang,
    ) -> Result<League, StoreError> {
        let store = self.service.store();
        let settings = store.chat_settings(chat).await?;
        // The season's story so far, as its end will tell it.
        let season = store.season(chat).await?;
        let mut matches = store.history(chat, None, SEASON_MATCHES).await?;
        matches.retain(|m| m.season == season.number);
        let story = match matches.is_empty() {
            true => None,
            false => {
                let n = season.number;
                let rows = store.scoreboard(chat, Some(n), None).await?;
                let ratings = store.ratings(chat, Span::Season(n), None).await?;
                let all_time = store.rating_history(chat, Span::AllTime, None).await?;
                let story =
                    SeasonStory::of(&matches, &rows, &ratings, &all_time, season.started_at);
                Some(render_season_so_far(&story, n, lang))
            }
        };
        let tournament = match self.current_tournament(chat).await? {
            Some(doc) => Some(self.tour_menu(&doc, lang).await?.text),
            None => None,
        };
        // `/history`'s lines, a match each (the first line is its header).
        let recent = store.history(chat, None, PLAYED).await?;
        let text = render_history(&recent, lang, settings.zone());
        let played = match recent.is_empty() {
            true => Vec::new(),
            false => text
                .split("\n\n")
                .skip(1)
                .zip(1..)
                .map(|(text, ago)| Played { ago, text: text.to_owned() })
                .collect(),
        };
        Ok(League { story, tournament, played })
    }

    /// The chat's stamp: its tables' versions (as held, nothing read from the store) and its
    /// newest finished match (one row read).
    pub(super) async fn screen_stamp(&self, chat: &ChatId) -> Result<Stamp, StoreError> {
        let store = self.service.store();
        let mut league = DefaultHasher::new();
        store.season(chat).await?.number.hash(&mut league);
        for m in store.history(chat, None, 1).await? {
            (m.table_id, m.finished_at).hash(&mut league);
        }
        // 53 bits: a page's script holds them as numbers, exactly.
        Ok(Stamp { tables: self.screen_tables_stamp(chat), league: league.finish() >> 11 })
    }

    /// [`Stamp::tables`] alone: from memory, nothing read from the store.
    pub(super) fn screen_tables_stamp(&self, chat: &ChatId) -> u64 {
        let mut tables = DefaultHasher::new();
        self.service.versions_in(chat).hash(&mut tables);
        tables.finish() >> 11
    }
}
