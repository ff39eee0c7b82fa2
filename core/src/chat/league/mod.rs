//! The chat's league: a season's end announced (the service turns seasons by the calendar:
//! `service::league`), and the leaders' rating chart `/top` and the announcement draw.
//!
//! Beside it, what else a chat keeps of its matches and shows: the requests that only read
//! (`info`: the rules, a match's score, the standings, the history, the season), `/vs` and
//! `/me` (`versus`), `/export`'s files (`export`), `/replay` (`replay`, its GIFs kept by
//! `replays`), tournaments (`tournament`, the final standings' picture in `tour_picture`), the
//! messages the bot keeps current (`kept`), the member tags (`tags`; `/tags`, the chat's
//! own words for them, in `tag_words`), `/clock`, the chat's time zone (`clock`), and
//! `/screen`, the signed, renewable link to the chat's web page (`screen_access`).

use super::menu::league::cadence_text;
use super::{Body, Chat, Reply};
use crate::engine::rules::Variant;
use crate::ids::{ChatId, Lang, Millis};
use crate::service::{LeagueEvent, SeasonTurn};
use crate::standings::{
    Cadence, Local, PlayedMatch, Rated, Rating, RatingChange, ScoreRow, SeasonStory, Span, Zone,
    rated_order,
};
use crate::store::{Store, StoreError};
use crate::view::picture::{RatingLine, SIDE_MARKS, Style, rating_png};
use crate::view::text::display_name;
use crate::view::{render_digest, render_season_end};
use std::sync::Arc;

mod clock;
mod export;
mod info;
pub(super) mod kept;
mod replay;
pub(super) mod replays;
pub(super) mod screen_access;
mod tag_words;
pub(super) mod tags;
mod tour_picture;
mod tournament;
mod versus;

/// The most matches a season's story reads (newest first): beyond it, the oldest are left out.
pub(super) const SEASON_MATCHES: u32 = 100_000;

/// The most lines a chart draws (the leaders).
pub(super) const CHART_LINES: usize = 5;

/// A chart and the caption line that says whose each line is ("🔵 Анна · 🔴 Борис").
pub(super) struct Chart {
    pub picture: Arc<crate::view::picture::Picture>,
    pub caption: String,
}

/// The rating shown (μ − 3σ), rounded as `/top` shows it.
fn shown(r: &Rating) -> i32 {
    r.shown().round() as i32
}

/// One person's (or pair's) shown ratings over time among `changes`, optionally one game's.
pub(super) fn points(
    changes: &[RatingChange],
    who: &Rated,
    game: Option<Variant>,
) -> Vec<(Millis, i32)> {
    changes
        .iter()
        .filter(|c| &c.rating.who == who && game.is_none_or(|g| g == c.rating.variant))
        .map(|c| (c.at, shown(&c.rating)))
        .collect()
}

/// The lines a chart draws of `lines` (up to [`CHART_LINES`], those with a point) and the
/// caption that says whose each is; `None` when no line has a point. The one choice of what
/// a chart shows, whether drawn as a PNG for a chat or as SVG for a page.
pub(super) fn chart_lines(lines: Lines) -> Option<(Vec<RatingLine>, String)> {
    let drawn: Vec<(String, RatingLine)> = lines
        .into_iter()
        .filter(|(_, points)| !points.is_empty())
        .take(CHART_LINES)
        .map(|(name, points)| (name, RatingLine { points }))
        .collect();
    if drawn.is_empty() {
        return None;
    }
    let caption: Vec<String> = drawn
        .iter()
        .enumerate()
        .map(|(i, (name, _))| format!("{} {name}", SIDE_MARKS[i]))
        .collect();
    Some((drawn.into_iter().map(|(_, l)| l).collect(), caption.join(" · ")))
}

/// Named lines of shown ratings over time: a chart's data.
pub(super) type Lines = Vec<(String, Vec<(Millis, i32)>)>;

/// The chart of up to [`CHART_LINES`] named lines of points, drawn on a blocking thread (a
/// picture takes milliseconds); `None` when no line has a point or the picture cannot be drawn.
pub(super) async fn chart_of(lines: Lines) -> Option<Chart> {
    let (lines, caption) = chart_lines(lines)?;
    let drawing = tokio::task::spawn_blocking(move || rating_png(&lines, &Style::default()));
    let picture = match drawing.await {
        Ok(Ok(p)) => p,
        Ok(Err(e)) => {
            tracing::warn!(error = %e, "rating chart not drawn");
            return None;
        }
        Err(e) => {
            tracing::warn!(error = %e, "rating chart drawing failed");
            return None;
        }
    };
    Some(Chart { picture: Arc::new(picture), caption })
}

/// The lines of the leaders (`/top` order) of one game over `changes`.
pub(super) fn leaders_lines(
    rows: &[ScoreRow],
    ratings: &[Rating],
    game: Variant,
    changes: &[RatingChange],
) -> Lines {
    let mut lines: Vec<ScoreRow> = rows.iter().filter(|r| r.variant == game).cloned().collect();
    rated_order(&mut lines, ratings);
    let named = lines.into_iter().map(|r| {
        let who = Rated::Player(r.user);
        (display_name(&r.name), points(changes, &who, Some(game)))
    });
    named.collect()
}

/// The chart of the leaders (`/top` order) of one game's lines over `changes`.
pub(super) async fn leaders_chart(
    rows: &[ScoreRow],
    ratings: &[Rating],
    game: Variant,
    changes: &[RatingChange],
) -> Option<Chart> {
    chart_of(leaders_lines(rows, ratings, game, changes)).await
}

/// The game most of `matches` were.
fn busiest(matches: &[PlayedMatch]) -> Option<Variant> {
    busiest_by(|v| matches.iter().filter(|m| m.variant == v).count())
}

/// The game of the most `count`.
pub(super) fn busiest_by(count: impl Fn(Variant) -> usize) -> Option<Variant> {
    Variant::ALL
        .into_iter()
        .map(|v| (count(v), v))
        .filter(|(n, _)| *n > 0)
        .max_by_key(|(n, _)| *n)
        .map(|(_, v)| v)
}

/// `/season` in a chat whose seasons run by themselves: "📅 Сейчас сезон 3. Сезоны идут
/// помесячно: следующий начнётся 01.01.2027 00:00 (UTC+3)."
pub(super) fn season_runs(lang: Lang, number: u32, c: Cadence, next: Millis, zone: Zone) -> String {
    let (how, at) = (cadence_text(c, lang), Local::of(next, zone).date_time());
    let zone = zone.label();
    match lang {
        Lang::Ru => format!(
            "📅 Сейчас сезон {number}. Сезоны идут {how}: следующий начнётся {at} ({zone})."
        ),
        Lang::En => {
            format!("📅 This is season {number}. Seasons run {how}: the next begins {at} ({zone}).")
        }
    }
}

impl<S: Store> Chat<S> {
    /// What the chat is told of what the calendar did: a season's end (its story with the
    /// leaders' chart), a week's digest; nothing for a season or a week without a finished
    /// match.
    pub(crate) async fn league_post(&self, done: &LeagueEvent) -> Option<Reply> {
        let told = match done {
            LeagueEvent::Season(turn) => self.season_story(turn).await,
            LeagueEvent::Digest { chat, since, at } => self.digest(chat, *since, *at).await,
            // The standings message is kept, not posted: the feed's `Fed::Kept`.
            LeagueEvent::Standings { .. } => Ok(None),
            LeagueEvent::Tournament(news) => self.tournament_post(news).await,
            LeagueEvent::Offer { chat } => self.offer_post(chat).await,
        };
        match told {
            Ok(reply) => reply,
            Err(e) => {
                tracing::warn!(chat = %done.chat(), error = %e, "the league's news not told");
                None
            }
        }
    }

    /// The week from `since` to `at` summed up: its matches' story, the season's leaders.
    async fn digest(
        &self,
        chat: &ChatId,
        since: Millis,
        at: Millis,
    ) -> Result<Option<Reply>, StoreError> {
        let store = self.service.store();
        let settings = store.chat_settings(chat).await?;
        let mut matches = store.history(chat, None, SEASON_MATCHES).await?;
        matches.retain(|m| (since..at).contains(&m.finished_at));
        if matches.is_empty() {
            return Ok(None);
        }
        let season = store.season(chat).await?.number;
        let rows = store.scoreboard(chat, Some(season), None).await?;
        let ratings = store.ratings(chat, Span::Season(season), None).await?;
        let all_time = store.rating_history(chat, Span::AllTime, None).await?;
        let story = SeasonStory::of(&matches, &rows, &ratings, &all_time, since);
        let zone = settings.zone();
        let (from, to) = (Local::of(since, zone), Local::of(at - 1, zone));
        let text = render_digest(&story, season, (&from, &to), settings.lang);
        Ok(Some(Reply { body: Body::Long(text), private: false, ack: false }))
    }

    async fn season_story(&self, turn: &SeasonTurn) -> Result<Option<Reply>, StoreError> {
        let store = self.service.store();
        let chat: &ChatId = &turn.chat;
        let n = turn.ended.number;
        let lang: Lang = store.chat_settings(chat).await?.lang;
        let mut matches = store.history(chat, None, SEASON_MATCHES).await?;
        matches.retain(|m| m.season == n);
        if matches.is_empty() {
            return Ok(None);
        }
        let rows = store.scoreboard(chat, Some(n), None).await?;
        let ratings = store.ratings(chat, Span::Season(n), None).await?;
        let all_time = store.rating_history(chat, Span::AllTime, None).await?;
        let story = SeasonStory::of(&matches, &rows, &ratings, &all_time, turn.ended.started_at);
        let chart = match busiest(&matches) {
            Some(game) => {
                let changes = store.rating_history(chat, Span::Season(n), Some(game)).await?;
                leaders_chart(&rows, &ratings, game, &changes).await
            }
            None => None,
        };
        let caption = chart.as_ref().map(|c| c.caption.as_str());
        let text = render_season_end(&story, n, turn.started.number, caption, lang);
        let body = match chart {
            Some(c) => Body::Picture { text, picture: c.picture },
            None => Body::Long(text),
        };
        Ok(Some(Reply { body, private: false, ack: false }))
    }
}
