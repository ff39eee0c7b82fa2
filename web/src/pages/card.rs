//! A person's card (`/me`'s) with their rating over the season, and a head-to-head (`/vs`'s)
//! with each other person of the standings a click away.

use super::{Page, html, league_stamp};
use crate::shell::{Tab, chart, page, text};
use crate::{Refused, Screens};
use axum::extract::{Path, State};
use domino_core::chat::screen::Period;
use domino_core::ids::UserId;
use maud::html as markup;

pub async fn card(State(s): State<Screens>, Path((token, person)): Path<(String, String)>) -> Page {
    let open = s.open(&token).await?;
    let w = open.words();
    let who = UserId::new(open.chat.platform, person);
    let Some(card) = s.door.screen_card(&open.chat, &who).await.map_err(|_| open.unavailable())?
    else {
        return Err(Refused::NotFound(w.unknown.to_owned()));
    };
    let all = s.door.screen_standings(&open.chat, Period::AllTime).await;
    let people = all.map_err(|_| open.unavailable())?.people;
    let league = league_stamp(&s, &open).await?;
    let body = markup! {
        h1 { (w.card) ": " (card.person.name) }
        (text(&card.text))
        @if let Some(c) = &card.chart { (chart(w.chart, c)) }
        p.people {
            (w.compare) ": "
            @for (i, p) in people.iter().filter(|p| p.id != who).enumerate() {
                @if i > 0 { " · " }
                a href=(format!("{}/vs/{}/{}", open.base, who.id, p.id.id)) { (p.name) }
            }
        }
        p.people { a href=(open.base) { (w.back) } }
    };
    html(page(&open, &s, Tab::Other, Some(league), body))
}

pub async fn versus(
    State(s): State<Screens>,
    Path((token, first, second)): Path<(String, String, String)>,
) -> Page {
    let open = s.open(&token).await?;
    let w = open.words();
    let (a, b) = (UserId::new(open.chat.platform, first), UserId::new(open.chat.platform, second));
    let told = s.door.screen_versus(&open.chat, &a, &b).await.map_err(|_| open.unavailable())?;
    let Some(told) = told else { return Err(Refused::NotFound(w.unknown.to_owned())) };
    let league = league_stamp(&s, &open).await?;
    let body = markup! {
        h1 { (w.versus) }
        (text(&told))
        p.people {
            a href=(format!("{}/me/{}", open.base, a.id)) { "← " (w.card) }
        }
    };
    html(page(&open, &s, Tab::Other, Some(league), body))
}
