//! `domino-web`: a chat's league on a web page, served by the bot itself. Read-only and
//! server-rendered (maud), no build step and no JavaScript framework: a few lines of inline
//! script keep a page live (server-sent events) and cycle the TV mode.
//!
//! Every page lives under `/screen/{token}`, the token naming one chat (`Tokens`; an unknown
//! one is 403 and nothing else). What a page shows is read through the door's screen
//! (`domino_core::chat::screen`): the same standings, cards, tables and stories the chat is
//! shown, in the chat's language. Like the adapters, this crate names only `chat`, `view` and
//! `ids` of the core (`tests/door.rs` at the workspace's root).
//!
//! The files: `shell` (the frame every page shares: its head, style, menu and live script),
//! `live` (the events), `tokens`, and a file per page under `pages/`.

mod live;
mod pages;
mod shell;
mod tokens;

pub use tokens::{FixedTokens, Tokens};

use axum::Router;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use domino_core::chat::Door;
use domino_core::chat::screen::{Words, words};
use domino_core::ids::{ChatId, Lang};
use std::sync::Arc;
use std::time::Duration;

/// How often a live page's chat is looked at for a change (its tables' versions are held in
/// memory; other processes' moves are read into them each timer round).
pub const POLL: Duration = Duration::from_millis(400);

/// What the pages are served from.
#[derive(Clone)]
pub struct Screens {
    door: Door,
    tokens: Arc<dyn Tokens>,
    /// The pages' version: a page open across a change of it reloads itself.
    version: Arc<str>,
    poll: Duration,
}

impl Screens {
    /// Pages of the chats `tokens` name, read through `door`; `version` changes when the pages
    /// do (the binary's version and commit).
    pub fn new(door: Door, tokens: Arc<dyn Tokens>, version: impl Into<Arc<str>>) -> Screens {
        Screens { door, tokens, version: version.into(), poll: POLL }
    }

    /// Looks at a live page's chat every `poll` rather than every [`POLL`] (tests).
    pub fn polling_every(mut self, poll: Duration) -> Screens {
        self.poll = poll;
        self
    }

    /// The chat a token names, with its language: 403 for any other token.
    async fn open(&self, token: &str) -> Result<Open, Refused> {
        let chat = match self.tokens.chat(token).await {
            Ok(Some(chat)) => chat,
            Ok(None) => return Err(Refused::Forbidden),
            Err(e) => {
                tracing::warn!(error = %e, "a screen's token not checked");
                return Err(Refused::Unavailable(Lang::default()));
            }
        };
        let lang = self
            .door
            .screen_lang(&chat)
            .await
            .map_err(|_| Refused::Unavailable(Lang::default()))?;
        Ok(Open { chat, lang, base: format!("/screen/{token}") })
    }
}

/// A chat's screen, opened by its token.
struct Open {
    chat: ChatId,
    lang: Lang,
    /// Where its pages are: `/screen/{token}`.
    base: String,
}

impl Open {
    fn words(&self) -> &'static Words {
        words(self.lang)
    }

    /// The store could not be read: 503, said in the chat's language.
    fn unavailable(&self) -> Refused {
        Refused::Unavailable(self.lang)
    }
}

/// Why a page is not shown.
#[derive(Debug)]
enum Refused {
    /// Not a token of ours (or one revoked): 403 and nothing else.
    Forbidden,
    /// Nothing by that name on this chat's screen: 404 with why.
    NotFound(String),
    /// The store could not be read: 503.
    Unavailable(Lang),
}

impl IntoResponse for Refused {
    fn into_response(self) -> Response {
        match self {
            Refused::Forbidden => StatusCode::FORBIDDEN.into_response(),
            Refused::NotFound(why) => (StatusCode::NOT_FOUND, why).into_response(),
            // A page on a wall tries again by itself.
            Refused::Unavailable(lang) => {
                let page = maud::html! {
                    (maud::DOCTYPE)
                    html { head { meta charset="utf-8"; meta http-equiv="refresh" content="30"; }
                        body { p { (words(lang).unavailable) } } }
                };
                (StatusCode::SERVICE_UNAVAILABLE, axum::response::Html(page.into_string()))
                    .into_response()
            }
        }
    }
}

/// The pages' routes, under `/screen/{token}`.
pub fn router(screens: Screens) -> Router {
    use pages::{card, league, standings, tables, tv};
    Router::new()
        .route("/screen/{token}", get(standings::season))
        .route("/screen/{token}/all", get(standings::all_time))
        .route("/screen/{token}/me/{person}", get(card::card))
        .route("/screen/{token}/vs/{first}/{second}", get(card::versus))
        .route("/screen/{token}/tables", get(tables::page))
        .route("/screen/{token}/table/{file}", get(tables::picture))
        .route("/screen/{token}/league", get(league::page))
        .route("/screen/{token}/replay/{file}", get(league::replay))
        .route("/screen/{token}/tv", get(tv::page))
        .route("/screen/{token}/events", get(live::events))
        .with_state(screens)
}
