//! Pictures in chats: a show made as its chat wants it (the `board` setting), the pictures of a
//! round's end and of the match's tally for its notice, `/score`'s chart, and each person's
//! hand. Every public picture is drawn from the public table (no hidden hand but at a round's
//! end, once it is over), off the async workers, once per show; a hand's picture is drawn from
//! that person's own `HandView` alone, for them alone.

use super::answer::Body;
use super::show::{Ending, Show};
use crate::chat::Chat;
use crate::engine::board::{Board, Layout};
use crate::ids::ChatId;
use crate::session::Table;
use crate::store::{BoardMode, Store};
use crate::view::HandView;
use crate::view::picture::{
    Picture, PictureError, Style, board_png, hand_png, round_end_png, table_png, tally_png,
};
use crate::view::{render_tally, render_totals};
use std::sync::Arc;

/// Draws with `draw` on a blocking thread (a picture takes a few milliseconds); `None`, logged,
/// when it cannot be drawn.
async fn drawn(
    table: Table,
    what: &'static str,
    draw: impl FnOnce(&Table, &Style) -> Result<Picture, PictureError> + Send + 'static,
) -> Option<Arc<Picture>> {
    let id = table.id;
    let result = tokio::task::spawn_blocking(move || draw(&table, &Style::default())).await;
    match result {
        Ok(Ok(p)) => Some(Arc::new(p)),
        Ok(Err(e)) => {
            tracing::warn!(table = id, picture = what, error = %e, "picture not drawn");
            None
        }
        Err(e) => {
            tracing::warn!(table = id, picture = what, error = %e, "picture drawing failed");
            None
        }
    }
}

/// The table picture: the board in play (or of the last round); before the first deal, the
/// empty felt of the same size, so that the message keeps one shape from the lobby on.
pub(super) async fn table_picture(table: Table) -> Option<Arc<Picture>> {
    drawn(table, "table", |t, style| match table_png(t, style) {
        Err(PictureError::NoRound) => board_png(&Board::new(Layout::Line), &[], None, style),
        other => other,
    })
    .await
}

/// A person's hand as a picture: their tiles, the playable ones lifted (see
/// [`Show::hand_picture`]).
pub(super) async fn hand_picture(view: &HandView) -> Option<Arc<Picture>> {
    tiles_picture(view.table, view.tiles.clone(), view.playable.clone()).await
}

/// An empty hand's picture, for a hand still to come ([`Show::hand_to_come_picture`]).
pub(super) async fn empty_hand_picture(table: i64) -> Option<Arc<Picture>> {
    tiles_picture(table, Vec::new(), Vec::new()).await
}

async fn tiles_picture(
    table: i64,
    tiles: Vec<crate::engine::tile::Tile>,
    playable: Vec<crate::engine::tile::Tile>,
) -> Option<Arc<Picture>> {
    let draw = move || hand_png(&tiles, &playable, &Style::default());
    match tokio::task::spawn_blocking(draw).await {
        Ok(Ok(p)) => Some(Arc::new(p)),
        Ok(Err(e)) => {
            tracing::warn!(table, picture = "hand", error = %e, "picture not drawn");
            None
        }
        Err(e) => {
            tracing::warn!(table, picture = "hand", error = %e, "picture drawing failed");
            None
        }
    }
}

impl<S: Store> Chat<S> {
    /// How `chat` shows boards (pictures when its settings cannot be read).
    pub(super) async fn board_mode(&self, chat: &ChatId) -> BoardMode {
        match self.service.store().chat_settings(chat).await {
            Ok(s) => s.board,
            Err(e) => {
                tracing::warn!(%chat, error = %e, "chat settings unavailable");
                BoardMode::default()
            }
        }
    }

    /// `show` as its chat wants it: the board setting, and in a chat of pictures the picture of
    /// what ended (a round's end; at the match's end its tally chart, the totals added to the
    /// notice, since a chart names nobody).
    pub(in crate::chat) async fn dressed(&self, mut show: Show) -> Show {
        self.ping_as_wanted(&mut show).await;
        let watchers = self.watchers_of(show.table.id, show.table.chat.platform).await;
        show.watchers = watchers.into_iter().filter(|w| !show.seats(&w.id)).collect();
        show.board = self.board_mode(&show.table.chat).await;
        if show.board != BoardMode::Picture {
            return show;
        }
        let (Some(notice), Some(ending)) = (show.notice.as_mut(), show.ending) else {
            return show;
        };
        let Some(table) = show.drawing.table().cloned() else { return show };
        notice.picture = match ending {
            Ending::Round(round) => {
                drawn(table, "round end", move |t, s| round_end_png(t, round, s)).await
            }
            Ending::Match => {
                let totals = render_totals(&table);
                let picture = drawn(table, "tally", tally_png).await;
                if picture.is_some() && !totals.is_empty() {
                    notice.text = format!("{}\n\n{totals}", notice.text);
                }
                picture
            }
        };
        show
    }

    /// `/score`'s answer: the tally as text, with its chart in a chat of pictures.
    pub(in crate::chat) async fn tally_body(&self, table: Table) -> Body {
        let text = render_tally(&table);
        if self.board_mode(&table.chat).await != BoardMode::Picture {
            return Body::Long(text);
        }
        match drawn(table, "tally", tally_png).await {
            Some(picture) => Body::Picture { text, picture },
            None => Body::Long(text),
        }
    }
}
