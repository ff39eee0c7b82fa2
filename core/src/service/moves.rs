//! A chat moved to a new id (a Telegram group upgraded to a supergroup): the store moves its
//! rows, and the chat's active tables held in memory are read back from the store while their
//! locks are held, so that no command commits a snapshot of the old chat meanwhile.

use super::Service;
use crate::session::{ChatId, Table};
use crate::store::{Store, StoreError};

impl<S: Store> Service<S> {
    /// Moves everything of chat `from` to `to` ([`Store::move_chat`]); the active tables that
    /// moved, as they now are (numbered in `to`). Safe to run twice: the second finds nothing.
    pub async fn move_chat(&self, from: &ChatId, to: &ChatId) -> Result<Vec<Table>, StoreError> {
        let locks = self.map().of_chat(from);
        let mut held = Vec::new();
        for lock in locks {
            let table = lock.lock_owned().await;
            if &table.chat == from {
                held.push(table);
            }
        }
        let moved = super::writing(self.store.move_chat(from, to)).await?;
        let mut out = Vec::with_capacity(held.len());
        for table in &mut held {
            if let Some(now) = self.store.load(table.id).await? {
                **table = now.clone();
                self.map().note(&now);
                out.push(now);
            }
        }
        tracing::info!(%from, %to, tables = moved, active = out.len(), "chat moved");
        Ok(out)
    }
}
