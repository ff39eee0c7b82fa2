//! The tables in play: each as its public message reads, with its picture (the one the chat
//! sees), kept current by the page's events (`live`).

use super::{Page, html, league_stamp};
use crate::shell::{self, Tab};
use crate::{Open, Refused, Screens};
use axum::extract::{Path, State};
use axum::http::header;
use axum::response::IntoResponse;
use domino_core::chat::screen::Board;
use maud::{Markup, html as markup};

pub async fn page_of(s: &Screens, open: &Open) -> Result<Markup, Refused> {
    let boards = s.door.screen_boards(&open.chat).await.map_err(|_| open.unavailable())?;
    Ok(section(open, &boards))
}

pub async fn page(State(s): State<Screens>, Path(token): Path<String>) -> Page {
    let open = s.open(&token).await?;
    let league = league_stamp(&s, &open).await?;
    let body = page_of(&s, &open).await?;
    html(page_with(&open, &s, league, body))
}

fn page_with(open: &Open, s: &Screens, league: u64, body: Markup) -> Markup {
    shell::page(open, s, Tab::Tables, Some(league), markup! { h1 { (open.words().tables) } (body) })
}

/// The tables' section, whose inside the events replace.
pub fn section(open: &Open, boards: &[Board]) -> Markup {
    markup! { section #tables { (boards_of(open, boards)) } }
}

/// The tables, each with its picture and its public text.
pub fn boards_of(open: &Open, boards: &[Board]) -> Markup {
    markup! {
        @if boards.is_empty() {
            p.dim { (open.words().no_tables) }
        } @else {
            div.boards {
                @for b in boards {
                    figure.board id=(format!("table-{}", b.number)) data-version=(b.version) {
                        img alt="" src=(format!("{}/table/{}.png?v={}", open.base, b.number, b.version));
                        figcaption.block { pre { (b.text) } }
                    }
                }
            }
        }
    }
}

/// `table/{n}.png`: the picture of table `n` in play.
pub async fn picture(
    State(s): State<Screens>,
    Path((token, file)): Path<(String, String)>,
) -> Result<impl IntoResponse, Refused> {
    let open = s.open(&token).await?;
    let gone = || Refused::NotFound(open.words().no_tables.to_owned());
    let number = file.strip_suffix(".png").and_then(|n| n.parse::<u32>().ok()).ok_or_else(gone)?;
    let png = s.door.screen_picture(&open.chat, number).await.map_err(|_| open.unavailable())?;
    let png = png.ok_or_else(gone)?;
    Ok(([(header::CONTENT_TYPE, "image/png"), (header::CACHE_CONTROL, "no-store")], png))
}
