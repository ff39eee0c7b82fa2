//! Tables whose stored snapshot no longer reads: set aside once, by whichever process holds the
//! table's lease, whether found at start or by `sync`. Each process remembers the ones it found
//! and never reads them again; one another process holds is tried again each timer round (a
//! claim, no read) until that process sets it aside or its lease ends. The chat is told once:
//! by the process whose `Store::set_aside` closed it.

use super::Service;
use crate::store::{Broken, Store};
use std::collections::BTreeMap;

/// The tables set aside by this process, and those found broken that another process held.
#[derive(Default)]
pub(super) struct Aside {
    pub(super) done: Vec<Broken>,
    pub(super) waiting: BTreeMap<i64, Broken>,
}

impl<S: Store> Service<S> {
    fn aside(&self) -> std::sync::MutexGuard<'_, Aside> {
        self.aside.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Whether this process knows the table no longer reads (it is never read again here).
    pub(super) fn known_broken(&self, id: i64) -> bool {
        self.aside().waiting.contains_key(&id)
    }

    /// The table's stamp says it is no longer open: set aside elsewhere, nothing to wait for.
    pub(super) fn no_longer_open(&self, id: i64) {
        self.aside().waiting.remove(&id);
    }

    /// Sets aside a table that no longer reads, once among all processes: it leaves memory
    /// here; when this process holds its lease and finds it still open, it closes it, lists it
    /// ([`Service::set_aside`]) and tells the adapters (`subscribe_set_aside`).
    pub(super) async fn put_aside(&self, b: Broken) {
        let id = b.id;
        self.map().remove(id);
        self.aside().waiting.insert(id, b.clone());
        if self.claim(vec![id]).await.is_empty() {
            // Another process holds the table: it sets it aside, or its lease ends first.
            return;
        }
        match self.store.set_aside(id).await {
            Ok(closed) => {
                self.aside().waiting.remove(&id);
                if closed {
                    tracing::error!(table = id, chat = %b.chat, error = %b.error, "table set aside: it no longer reads");
                    self.aside().done.push(b.clone());
                    let _ = self.asides.send(b);
                }
            }
            Err(e) => {
                tracing::warn!(table = id, error = %e, "table not set aside yet: tried again")
            }
        }
        self.release(&[id]).await;
    }

    /// Tries again the broken tables another process held (or the store refused to close).
    pub(super) async fn retry_aside(&self) {
        let waiting: Vec<Broken> = self.aside().waiting.values().cloned().collect();
        for b in waiting {
            self.put_aside(b).await;
        }
    }

    /// The tables this process set aside (at start and since), each told to its chat once.
    pub fn set_aside(&self) -> Vec<Broken> {
        self.aside().done.clone()
    }

    /// Tables this process sets aside from now on (found by `sync`), for the adapters to tell
    /// their chats.
    pub fn subscribe_set_aside(&self) -> tokio::sync::broadcast::Receiver<Broken> {
        self.asides.subscribe()
    }
}
