//! The TV mode: large type, no scrolling, the pages cycling (the season's standings, the
//! tables in play, live, and the season's story with the tournament), for a screen on a
//! wall that nobody touches.

use super::{Page, html, league_stamp};
use crate::shell::{lang_code, script, style};
use crate::{Screens, pages};
use axum::extract::{Path, State};
use domino_core::chat::screen::Period;
use maud::{DOCTYPE, PreEscaped, html as markup};

/// How long each page stays on the TV, in milliseconds.
const SLIDE_MS: u32 = 15_000;

pub async fn page(State(s): State<Screens>, Path(token): Path<String>) -> Page {
    let open = s.open(&token).await?;
    let w = open.words();
    let stamp = league_stamp(&s, &open).await?;
    let st = s.door.screen_standings(&open.chat, Period::Season).await;
    let st = st.map_err(|_| open.unavailable())?;
    let league = s.door.screen_league(&open.chat).await.map_err(|_| open.unavailable())?;
    let tables = pages::tables::page_of(&s, &open).await?;
    let cycle = format!(
        "(function(){{var s=document.querySelectorAll('.slide'),i=0;\
         setInterval(function(){{s[i].classList.remove('on');i=(i+1)%s.length;\
         s[i].classList.add('on')}},{SLIDE_MS})}})();"
    );
    html(markup! {
        (DOCTYPE)
        html lang=(lang_code(&open)) {
            head {
                meta charset="utf-8";
                meta name="viewport" content="width=device-width, initial-scale=1";
                title { (w.title) " · " (w.tv) }
                style { (PreEscaped(style())) }
            }
            body.tv {
                main {
                    section.slide.on.duo { (pages::standings::body(&open, &st)) }
                    section.slide { h1 { (w.tables) } (tables) }
                    section.slide {
                        (pages::league::story(&open, &league))
                        (pages::league::tournament(&open, &league))
                    }
                }
                div #offline { (w.offline) }
                (script(&open, &s, stamp, &cycle))
            }
        }
    })
}
