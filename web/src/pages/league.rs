//! The season's story so far, the chat's tournament (standings, schedule, results) and the
//! recent matches, each with its replay (the GIF `/replay N` sends).

use super::{Page, html, league_stamp};
use crate::shell::{self, Tab, text};
use crate::{Open, Refused, Screens};
use axum::extract::{Path, State};
use axum::http::header;
use axum::response::IntoResponse;
use domino_core::chat::screen::League;
use maud::{Markup, html as markup};

pub async fn page(State(s): State<Screens>, Path(token): Path<String>) -> Page {
    let open = s.open(&token).await?;
    let stamp = league_stamp(&s, &open).await?;
    let league = s.door.screen_league(&open.chat).await.map_err(|_| open.unavailable())?;
    let body =
        markup! { (story(&open, &league)) (tournament(&open, &league)) (matches(&open, &league)) };
    html(shell::page(&open, &s, Tab::League, Some(stamp), body))
}

pub fn story(open: &Open, l: &League) -> Markup {
    let w = open.words();
    markup! {
        h1 { (w.story) }
        @match &l.story {
            Some(t) => (text(t)),
            None => p.dim { (w.no_story) },
        }
    }
}

pub fn tournament(open: &Open, l: &League) -> Markup {
    markup! {
        @if let Some(t) = &l.tournament {
            h2 { (open.words().tournament) }
            (text(t))
        }
    }
}

pub fn matches(open: &Open, l: &League) -> Markup {
    let w = open.words();
    markup! {
        h2 { (w.matches) }
        @if l.played.is_empty() { p.dim { (w.no_matches) } }
        @for m in &l.played {
            div.block.list {
                pre { (m.text) }
                a href=(format!("{}/replay/{}.gif", open.base, m.ago)) { (w.replay) }
            }
        }
    }
}

/// `replay/{n}.gif`: the replay of the chat's `n`th latest match's last round.
pub async fn replay(
    State(s): State<Screens>,
    Path((token, file)): Path<(String, String)>,
) -> Result<impl IntoResponse, Refused> {
    let open = s.open(&token).await?;
    let none = || Refused::NotFound(open.words().no_matches.to_owned());
    let ago = file.strip_suffix(".gif").and_then(|n| n.parse::<u32>().ok()).ok_or_else(none)?;
    let drawn = s.door.screen_replay(&open.chat, ago).await.map_err(|_| open.unavailable())?;
    let gif = drawn.map_err(Refused::NotFound)?;
    Ok(([(header::CONTENT_TYPE, "image/gif"), (header::CACHE_CONTROL, "max-age=3600")], gif))
}
