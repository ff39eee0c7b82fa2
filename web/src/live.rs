//! A page's events (server-sent): the tables' section anew whenever a table of the chat moved
//! (`tables`), `league` when a match finished (the page reloads), `version` when the pages
//! changed since the page was drawn (it reloads). Keep-alive comments hold the connection
//! through proxies; the browser's `EventSource` reconnects by itself, telling what it saw
//! (`v`, `l`), so a page open for a week stays current.
//!
//! The chat is looked at every `Screens::poll`: its tables' versions as held in memory (only
//! this chat's; moves by other processes sharing the store arrive with their timer round);
//! its newest finished match (a row of the store) when a table moved, and every 10 s. Only
//! what the chat's public views show is ever sent.

use crate::pages::tables::boards_of;
use crate::{Open, Refused, Screens};
use axum::extract::{Path, Query, State};
use axum::response::sse::{Event, KeepAlive, Sse};
use domino_core::chat::screen::Stamp;
use futures_util::Stream;
use std::convert::Infallible;
use std::time::{Duration, Instant};

/// How often a comment keeps an idle connection open.
const KEEP_ALIVE: Duration = Duration::from_secs(15);
/// The league is looked at at least this often (and whenever a table moved).
const LEAGUE_EVERY: Duration = Duration::from_secs(10);
/// How soon the browser reconnects after a cut.
const RETRY: Duration = Duration::from_secs(2);

/// What the page saw when it was drawn.
#[derive(serde::Deserialize)]
pub struct Seen {
    v: Option<String>,
    l: Option<u64>,
}

pub async fn events(
    State(s): State<Screens>,
    Path(token): Path<String>,
    Query(seen): Query<Seen>,
) -> Result<Sse<impl Stream<Item = Result<Event, Infallible>>>, Refused> {
    let open = s.open(&token).await?;
    let stale = seen.v.as_deref().is_some_and(|v| v != &*s.version);
    let live = Live { s, open, stale, tables: None, league: seen.l, league_at: None, first: true };
    let stream = futures_util::stream::unfold(live, |mut live| async move {
        let event = live.next().await;
        Some((Ok(event), live))
    });
    Ok(Sse::new(stream).keep_alive(KeepAlive::new().interval(KEEP_ALIVE)))
}

/// One page's events.
struct Live {
    s: Screens,
    open: Open,
    /// The page was drawn by other pages (a version before).
    stale: bool,
    /// The tables' stamp last sent (`None`: nothing sent yet).
    tables: Option<u64>,
    /// The league's stamp the page shows.
    league: Option<u64>,
    /// When the league was last looked at.
    league_at: Option<Instant>,
    first: bool,
}

impl Live {
    /// The next event: at once the first, then whenever something changed.
    async fn next(&mut self) -> Event {
        loop {
            if std::mem::take(&mut self.first) && self.stale {
                return Event::default().event("version").data(&*self.s.version).retry(RETRY);
            }
            if let Some(event) = self.changed().await {
                return event;
            }
            tokio::time::sleep(self.s.poll).await;
        }
    }

    /// An event for what changed since the last one, if anything did. The tables are looked
    /// at in memory every time; the league (a row of the store) when they moved, and at
    /// least every [`LEAGUE_EVERY`] (a season turns by the calendar).
    async fn changed(&mut self) -> Option<Event> {
        let (door, chat) = (&self.s.door, &self.open.chat);
        let tables = door.screen_tables_stamp(chat).await.ok()?;
        let due = self.league_at.is_none_or(|at| at.elapsed() >= LEAGUE_EVERY);
        if self.tables != Some(tables) || due {
            let Stamp { league, .. } = match door.screen_stamp(chat).await {
                Ok(stamp) => stamp,
                Err(e) => {
                    tracing::debug!(error = %e, "a screen's stamp not read");
                    return None;
                }
            };
            self.league_at = Some(Instant::now());
            if self.league.is_some_and(|seen| seen != league) {
                self.league = Some(league);
                return Some(Event::default().event("league").data(league.to_string()));
            }
            self.league = Some(league);
        }
        if self.tables == Some(tables) {
            return None;
        }
        let boards = door.screen_boards(chat).await.ok()?;
        self.tables = Some(tables);
        let html = boards_of(&self.open, &boards).into_string();
        Some(Event::default().event("tables").data(html).retry(RETRY))
    }
}

impl From<Infallible> for Refused {
    fn from(e: Infallible) -> Refused {
        match e {}
    }
}
