//! The screen's tables: each table of the chat in play as its public message reads and its
//! picture as the chat's is drawn (the board, never a hand before its round is over).

use super::Board;
use crate::chat::{BoardMode, Chat, Show};
use crate::ids::ChatId;
use crate::store::Store;
use crate::view::render_table;

impl<S: Store> Chat<S> {
    /// The chat's tables in play (as their last command left them), by number.
    pub(super) async fn screen_boards(&self, chat: &ChatId) -> Vec<Board> {
        let tables = self.service.tables_in(chat).await;
        tables
            .iter()
            .map(|t| {
                let show = Show::again(t);
                Board {
                    number: show.table.number,
                    version: show.table.version,
                    playing: show.table.playing,
                    text: render_table(&show.view),
                }
            })
            .collect()
    }

    /// The picture of the chat's table `number` (a PNG), as the chat's would be drawn.
    pub(super) async fn screen_picture(&self, chat: &ChatId, number: u32) -> Option<Vec<u8>> {
        let tables = self.service.tables_in(chat).await;
        let table = tables.iter().find(|t| t.number == number)?;
        let mut show = Show::again(table);
        show.board = BoardMode::Picture;
        Some(show.picture().await?.png.clone())
    }
}
