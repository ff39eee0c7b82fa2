//! A file per page: the standings (`standings`), a card and a head-to-head (`card`), the
//! tables in play and their pictures (`tables`), the season's story, the tournament and the
//! recent matches with their replays (`league`), and the TV mode cycling through them (`tv`).

pub mod card;
pub mod league;
pub mod standings;
pub mod tables;
pub mod tv;

use crate::{Open, Refused, Screens};
use axum::response::Html;
use maud::Markup;

/// A page's HTML.
pub type Page = Result<Html<String>, Refused>;

/// The league's stamp now (what a live page compares against).
pub async fn league_stamp(s: &Screens, open: &Open) -> Result<u64, Refused> {
    Ok(s.door.screen_stamp(&open.chat).await.map_err(|_| open.unavailable())?.league)
}

pub fn html(m: Markup) -> Page {
    Ok(Html(m.into_string()))
}
