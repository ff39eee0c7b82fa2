//! Spectators: `/watch N` follows table N of the chat without a seat. The watcher is shown
//! the table's public view (the table message's own, never a hand) with «🔄» and «⏹ Stop
//! watching», and every [`Show`] of the table lists its watchers ([`Show::watchers`]) so
//! that each adapter keeps their view current after every change, the way it keeps hands:
//!
//! - Telegram: in the person's private chat when they chose it for their hands
//!   ([`HandPlace::Private`]), else in the group as a message only they see; edited in place.
//! - Discord: the ephemeral answer to their command or press, edited through its token for
//!   the token's life; then they press «🔄» or ask again.
//!
//! Who watches which table is kept in the store (meta key `watch:<table id>`, a user id a
//! line, in the order they came), written before it is acknowledged, so a restarted bot
//! still updates them. Each change is one conditional write of the list read
//! ([`Store::swap_meta`]), done again on the list as it then is when another change (of
//! another process) came first: none is lost. At most [`bounds::WATCHERS`] watch one table.
//! `/watch N` again, `/watch` alone or «⏹» stops; a closed table shows its watchers its last
//! view (saying why) and nothing more. A person seated at the table is not sent the spectator's view (their hand
//! shows the table).

use crate::bounds;
use crate::chat::{Answer, Args, Asker, Body, Chat, Reply, Show, Watcher, prefix};
use crate::ids::{Lang, Platform, UserId};
use crate::session::{Phase, Table};
use crate::store::{Store, StoreError};
use crate::view::ButtonAction;
use crate::view::watch::{watch_full, watch_none, watch_private, watch_seated};

/// How many times a change of watchers is tried on lists others changed meanwhile (each
/// failed try is another change that succeeded).
const CHANGE_TRIES: usize = 64;

type Res<T> = Result<T, StoreError>;

/// The meta key of a table's watchers.
fn key(table: i64) -> String {
    format!("watch:{table}")
}

/// The watchers a meta value lists.
fn read(value: Option<&str>, platform: Platform) -> Vec<UserId> {
    let lines = value.unwrap_or("").lines().filter(|l| !l.is_empty());
    lines.map(|id| UserId::new(platform, id)).collect()
}

/// The meta value listing `ids` (`None`: nobody watches, the key goes).
fn written(ids: &[UserId]) -> Option<String> {
    (!ids.is_empty()).then(|| ids.iter().map(|u| u.id.as_str()).collect::<Vec<_>>().join("\n"))
}

impl<S: Store> Chat<S> {
    /// Who watches `table` (of `platform`), in the order they came.
    async fn watcher_ids(&self, table: i64, platform: Platform) -> Result<Vec<UserId>, StoreError> {
        let value = self.service.store().meta(&key(table)).await?;
        Ok(read(value.as_deref(), platform))
    }

    /// Changes `table`'s watchers by `change` and writes them (before anything is
    /// acknowledged) only if nobody changed them meanwhile, else reads them again and changes
    /// them again. Returns what `change` said of the list it was written from.
    async fn change_watchers<T>(
        &self,
        table: i64,
        platform: Platform,
        mut change: impl FnMut(&mut Vec<UserId>) -> T,
    ) -> Result<T, StoreError> {
        let (store, key) = (self.service.store(), key(table));
        for _ in 0..CHANGE_TRIES {
            let before = store.meta(&key).await?;
            let mut ids = read(before.as_deref(), platform);
            let said = change(&mut ids);
            let after = written(&ids);
            if after == before {
                return Ok(said);
            }
            let swap = store.swap_meta(&key, before.as_deref(), after.as_deref());
            if crate::service::writing(swap).await? {
                return Ok(said);
            }
        }
        Err(StoreError::Corrupt(format!("the watchers of table {table} never held still")))
    }

    /// The watchers of `table` and where each one's view goes (none when the store cannot be
    /// read: the table is still shown).
    pub(in crate::chat) async fn watchers_of(
        &self,
        table: i64,
        platform: Platform,
    ) -> Vec<Watcher> {
        let ids = match self.watcher_ids(table, platform).await {
            Ok(ids) => ids,
            Err(e) => {
                tracing::warn!(table, error = %e, "watchers not read");
                return Vec::new();
            }
        };
        let mut out = Vec::with_capacity(ids.len());
        for id in ids {
            let place = self.hand_place(&id).await;
            out.push(Watcher { id, place });
        }
        out
    }

    /// `/watch [N]`: starts watching table N of the chat, or stops when already watching it
    /// (and, without a number, stops watching whatever table of the chat the asker watches).
    pub(in crate::chat) async fn watch(
        &self,
        from: &Asker,
        args: Args,
        lang: Lang,
    ) -> Result<Answer, StoreError> {
        let Some(number) = args.table else { return self.stop_watching_here(from, lang).await };
        let table = match self.pick(from, Some(number), lang).await {
            Ok(t) => t,
            Err(answer) => return Ok(answer),
        };
        if table.private {
            return Ok(Answer::private(watch_private(lang, number)));
        }
        if table.seat_of(&from.person.id).is_some() {
            return Ok(Answer::private(watch_seated(lang, number)));
        }
        let me = &from.person.id;
        let full = self
            .change_watchers(table.id, table.chat.platform, |ids| {
                match ids.iter().position(|u| u == me) {
                    // Asked again: the watch ends.
                    Some(k) => {
                        ids.remove(k);
                        false
                    }
                    None if ids.len() >= bounds::WATCHERS => true,
                    None => {
                        ids.push(me.clone());
                        false
                    }
                }
            })
            .await?;
        if full {
            return Ok(Answer::private(watch_full(lang, number, bounds::WATCHERS)));
        }
        Ok(self.watch_answer(&table, me).await)
    }

    /// `/watch` alone: every table of the chat the asker watches is left.
    async fn stop_watching_here(&self, from: &Asker, lang: Lang) -> Result<Answer, StoreError> {
        let mut tables = self.service.tables_in(&from.chat).await;
        let latest = self.service.latest_table(&from.chat).await.ok().flatten();
        if let Some(t) = latest.filter(|t| t.phase == Phase::Finished)
            && !tables.iter().any(|o| o.id == t.id)
        {
            tables.push(t);
        }
        let me = &from.person.id;
        let mut left = None;
        for table in tables {
            if self.stop_watching(table.id, table.chat.platform, me).await? {
                left = Some(table);
            }
        }
        match left {
            Some(table) => Ok(self.watch_answer(&table, me).await),
            None => Ok(Answer::private(watch_none(lang, prefix(from.chat.platform)))),
        }
    }

    /// A press on a spectator's view: «🔄» shows it as it now is, «⏹» stops watching. Either
    /// changes no table, so it is taken from any version and wherever the view is shown; it
    /// only ever touches the presser's own watch.
    pub(super) async fn watch_press(
        &self,
        from: &Asker,
        table: &Table,
        action: ButtonAction,
        shown: Option<bool>,
        lang: Lang,
    ) -> Result<Answer, StoreError> {
        let me = &from.person.id;
        // Taken on a view the platform shows offering it, or from one who watches the table
        // (the platform shows no message); anything else is a forged press, answered as one
        // whatever table it names, so that no table's existence can be learned by it.
        let watches = || async {
            let ids = self.watcher_ids(table.id, table.chat.platform).await?;
            Ok::<_, StoreError>(ids.contains(me))
        };
        if shown == Some(false) || (shown.is_none() && !watches().await?) {
            return Ok(Answer::private(crate::chat::texts::unknown_button(lang)));
        }
        if action == ButtonAction::Unwatch && me.platform == table.chat.platform {
            self.stop_watching(table.id, table.chat.platform, me).await?;
        }
        Ok(self.watch_answer(table, me).await)
    }

    /// `me` no longer watches `table`: whether they did.
    async fn stop_watching(&self, table: i64, platform: Platform, me: &UserId) -> Res<bool> {
        self.change_watchers(table, platform, |ids| {
            let watched = ids.contains(me);
            ids.retain(|u| u != me);
            watched
        })
        .await
    }

    /// What `me` is shown of `table` as a spectator, as it now stands.
    async fn watch_answer(&self, table: &Table, me: &UserId) -> Answer {
        let show = self.dressed(Show::again(table)).await;
        let body = Body::Watch(show.watch_view(me));
        Answer { reply: Some(Reply { body, private: true, ack: false }), ..Answer::default() }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn watchers_read_back_what_was_written() {
        let ids = vec![UserId::new(Platform::Telegram, "5"), UserId::new(Platform::Telegram, "7")];
        assert_eq!(read(written(&ids).as_deref(), Platform::Telegram), ids);
        assert_eq!(written(&[]), None);
        assert!(read(None, Platform::Discord).is_empty());
        assert!(read(Some("\n\n"), Platform::Discord).is_empty());
    }
}
