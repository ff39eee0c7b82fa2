//! The standings page: the season's (the chat's home page) or all time's, as `/top` gives
//! them, with the leaders' rating chart and each person's card a click away.

use super::{Page, html, league_stamp};
use crate::shell::{Tab, chart, page, text};
use crate::{Open, Screens};
use axum::extract::{Path, State};
use domino_core::chat::screen::{Period, Standings};
use maud::{Markup, html as markup};

pub async fn season(State(s): State<Screens>, Path(token): Path<String>) -> Page {
    standings(s, &token, Period::Season).await
}

pub async fn all_time(State(s): State<Screens>, Path(token): Path<String>) -> Page {
    standings(s, &token, Period::AllTime).await
}

async fn standings(s: Screens, token: &str, period: Period) -> Page {
    let open = s.open(token).await?;
    let league = league_stamp(&s, &open).await?;
    let st = s.door.screen_standings(&open.chat, period).await.map_err(|_| open.unavailable())?;
    let tab = match period {
        Period::Season => Tab::Season,
        Period::AllTime => Tab::AllTime,
    };
    html(page(&open, &s, tab, Some(league), body(&open, &st)))
}

/// The standings' body (the TV mode shows it too).
pub fn body(open: &Open, st: &Standings) -> Markup {
    let w = open.words();
    markup! {
        h1 #standings { (st.head) }
        (text(&st.text))
        @if let Some(c) = &st.chart { (chart(w.chart, c)) }
        @if !st.people.is_empty() {
            p.people {
                (w.card) ": "
                @for (i, p) in st.people.iter().enumerate() {
                    @if i > 0 { " · " }
                    a href=(format!("{}/me/{}", open.base, p.id.id)) { (p.name) }
                }
            }
        }
    }
}
