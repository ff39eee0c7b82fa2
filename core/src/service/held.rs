//! The tables held in memory (the active ones), each behind its own lock, and what finds them
//! without reading the others: an index by chat and one by person (the host and everybody
//! seated). An answer in a chat (`/tables`, `/table N`, `/watch N`, a new table's limits)
//! reads that chat's tables only, and a person's limit of seats that person's tables only,
//! however many tables are open elsewhere.
//!
//! Beside its lock each table keeps a copy of itself as last changed (`shown`), which those
//! answers read: they never wait for a command in flight on a table (its commit may queue
//! behind other tables' writes), and see what the last one that finished left.
//!
//! The indexes and the copies follow the tables: every change of a held table goes through
//! [`Held::note`] under the table's lock (`Service::handle`, a table read back from the
//! store, a chat moved), and a table joins and leaves through [`Held::keep`],
//! [`Held::insert`] and [`Held::remove`].

use super::{Service, TableLock};
use crate::ids::{ChatId, UserId};
use crate::session::Table;
use crate::store::Store;
use std::collections::{BTreeSet, HashMap};
use std::sync::Arc;

type Lock = Arc<TableLock<Table>>;

/// One held table: its lock, itself as last changed, and what the indexes list it under.
struct Entry {
    lock: Lock,
    shown: Arc<Table>,
    chat: ChatId,
    people: Vec<UserId>,
}

/// Every held table by id, with the indexes.
#[derive(Default)]
pub(super) struct Held {
    tables: HashMap<i64, Entry>,
    chats: HashMap<ChatId, BTreeSet<i64>>,
    people: HashMap<UserId, BTreeSet<i64>>,
}

/// The people a table is found under: its host and every person seated.
fn people_of(table: &Table) -> Vec<UserId> {
    let seated = table.seats.iter().flatten().filter_map(|s| s.person()).map(|p| p.id.clone());
    let mut out: Vec<UserId> = std::iter::once(table.host.clone()).chain(seated).collect();
    out.sort();
    out.dedup();
    out
}

fn unlist<K: std::hash::Hash + Eq>(index: &mut HashMap<K, BTreeSet<i64>>, key: &K, id: i64) {
    if let Some(ids) = index.get_mut(key) {
        ids.remove(&id);
        if ids.is_empty() {
            index.remove(key);
        }
    }
}

impl Held {
    pub(super) fn new(tables: impl IntoIterator<Item = Table>) -> Held {
        let mut held = Held::default();
        for t in tables {
            held.insert(&t, Arc::new(TableLock::new(t.clone())));
        }
        held
    }

    pub(super) fn len(&self) -> usize {
        self.tables.len()
    }

    pub(super) fn get(&self, id: i64) -> Option<Lock> {
        self.tables.get(&id).map(|e| e.lock.clone())
    }

    /// Every held table's id and lock.
    pub(super) fn all(&self) -> Vec<(i64, Lock)> {
        self.tables.iter().map(|(id, e)| (*id, e.lock.clone())).collect()
    }

    /// The locks of the tables held in `chat`, by id.
    pub(super) fn of_chat(&self, chat: &ChatId) -> Vec<Lock> {
        self.of(self.chats.get(chat)).map(|e| e.lock.clone()).collect()
    }

    /// The tables held in `chat` as last changed, by id.
    fn shown_in(&self, chat: &ChatId) -> Vec<Arc<Table>> {
        self.of(self.chats.get(chat)).map(|e| e.shown.clone()).collect()
    }

    /// Every held table as last changed, by id (the timers' round).
    fn shown_all(&self) -> Vec<Arc<Table>> {
        self.tables.values().map(|e| e.shown.clone()).collect()
    }

    /// The tables `person` hosts or sits at as last changed, by id.
    fn shown_of(&self, person: &UserId) -> Vec<Arc<Table>> {
        self.of(self.people.get(person)).map(|e| e.shown.clone()).collect()
    }

    fn of<'a>(&'a self, ids: Option<&'a BTreeSet<i64>>) -> impl Iterator<Item = &'a Entry> {
        ids.into_iter().flatten().filter_map(|id| self.tables.get(id))
    }

    /// `table`, as it now is under `lock`, stays held: listed as it is when `lock` is the one
    /// held, held behind `lock` when none is (another lock of it held meanwhile is kept).
    pub(super) fn keep(&mut self, table: &Table, lock: &Lock) {
        match self.tables.get(&table.id) {
            Some(e) if Arc::ptr_eq(&e.lock, lock) => self.note(table),
            Some(_) => {}
            None => self.insert(table, lock.clone()),
        }
    }

    /// Holds `table` behind `lock` (a new table), in place of any other lock of it.
    pub(super) fn insert(&mut self, table: &Table, lock: Lock) {
        self.remove(table.id);
        let (people, shown) = (people_of(table), Arc::new(table.clone()));
        self.list(table.id, &table.chat, &people);
        self.tables.insert(table.id, Entry { lock, shown, chat: table.chat.clone(), people });
    }

    /// The table leaves memory (finished, closed, set aside).
    pub(super) fn remove(&mut self, id: i64) {
        if let Some(e) = self.tables.remove(&id) {
            self.unlist(id, &e.chat, &e.people);
        }
    }

    /// A held table changed (under its lock): its copy is the table as it now is, listed
    /// under its chat and people as they now are. Nothing for a table not held.
    pub(super) fn note(&mut self, table: &Table) {
        let Some(e) = self.tables.get_mut(&table.id) else { return };
        e.shown = Arc::new(table.clone());
        let people = people_of(table);
        if e.chat == table.chat && e.people == people {
            return;
        }
        let (chat, before) = (e.chat.clone(), std::mem::take(&mut e.people));
        e.chat = table.chat.clone();
        e.people = people.clone();
        self.unlist(table.id, &chat, &before);
        self.list(table.id, &table.chat, &people);
    }

    fn list(&mut self, id: i64, chat: &ChatId, people: &[UserId]) {
        self.chats.entry(chat.clone()).or_default().insert(id);
        for p in people {
            self.people.entry(p.clone()).or_default().insert(id);
        }
    }

    fn unlist(&mut self, id: i64, chat: &ChatId, people: &[UserId]) {
        unlist(&mut self.chats, chat, id);
        for p in people {
            unlist(&mut self.people, p, id);
        }
    }

    /// Chats and people listed (each with at least one held table).
    #[cfg(test)]
    fn keys(&self) -> (usize, usize) {
        (self.chats.len(), self.people.len())
    }
}

impl<S: Store> Service<S> {
    /// Active tables held in memory.
    pub fn open_tables(&self) -> usize {
        self.map().len()
    }

    /// The active tables of a chat as the last command on each left them, oldest first: only
    /// that chat's tables are read, and none is waited for.
    pub async fn tables_in(&self, chat: &ChatId) -> Vec<Table> {
        let shown = self.map().shown_in(chat);
        let mut out: Vec<Table> = shown.iter().map(|t| Table::clone(t)).collect();
        out.sort_by_key(|t| t.number);
        out
    }

    /// The id and version of each active table of a chat as the last command on each left
    /// it, by id: what a chat's screen polls (nothing is cloned but the numbers).
    pub fn versions_in(&self, chat: &ChatId) -> Vec<(i64, u64)> {
        let mut out: Vec<(i64, u64)> =
            self.map().shown_in(chat).iter().map(|t| (t.id, t.version)).collect();
        out.sort_unstable();
        out
    }

    /// The active tables `person` hosts or sits at as the last command on each left them, by
    /// id: only theirs are read.
    pub(super) fn tables_of(&self, person: &UserId) -> Vec<Arc<Table>> {
        self.map().shown_of(person)
    }

    /// Every active table as the last command on each left it, oldest first: what the timers'
    /// round looks through for due work. Nothing is locked or copied, and no table in flight
    /// is waited for; whatever is found due is done through its lock, which checks it again.
    pub(super) fn tables_now(&self) -> Vec<Arc<Table>> {
        let mut out = self.map().shown_all();
        out.sort_by_key(|t| t.id);
        out
    }

    /// The chat's newest table, active or not (a match just finished, for its score).
    pub async fn latest_table(&self, chat: &ChatId) -> Result<Option<Table>, super::ServiceError> {
        let newest = self.store.latest_table(chat).await?;
        match newest {
            Some(t) => self.table(t.id).await,
            None => Ok(None),
        }
    }

    /// Every active table, oldest first (a start, the tests' checks): every lock is taken in
    /// turn. No answer to a chat reads them all, nor does the timers' round ([`Self::tables_now`]).
    pub async fn all_tables(&self) -> Vec<Table> {
        let locks = self.map().all();
        let mut out = Vec::with_capacity(locks.len());
        for (_, lock) in locks {
            out.push(lock.lock().await.clone());
        }
        out.sort_by_key(|t| t.id);
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::rules::{Rules, Variant};
    use crate::ids::{Person, Platform};
    use crate::session::NewTable;

    fn person(n: u32) -> Person {
        Person::new(UserId::new(Platform::Telegram, n.to_string()), format!("P{n}"))
    }

    fn chat(n: u32) -> ChatId {
        ChatId::new(Platform::Telegram, format!("-{n}"))
    }

    fn lobby(id: i64, chat_no: u32, host: u32) -> Table {
        let new = NewTable {
            id,
            chat: chat(chat_no),
            number: id as u32,
            rules: Rules::new(Variant::Classic),
            size: 2,
            lang: Default::default(),
            turn_secs: None,
            bot_level: Default::default(),
            seed: 1,
            clock: None,
        };
        Table::create(new, person(host), 0).expect("a lobby").0
    }

    fn ids(tables: Vec<Arc<Table>>) -> Vec<i64> {
        tables.iter().map(|t| t.id).collect()
    }

    #[test]
    fn a_chat_and_a_person_find_their_own_tables_only() {
        let held = Held::new([lobby(1, 1, 10), lobby(2, 2, 20), lobby(3, 1, 20)]);
        assert_eq!(ids(held.shown_in(&chat(1))), [1, 3]);
        assert_eq!(ids(held.shown_in(&chat(2))), [2]);
        assert!(held.shown_in(&chat(3)).is_empty());
        assert_eq!(ids(held.shown_of(&person(20).id)), [2, 3]);
        assert_eq!(ids(held.shown_of(&person(10).id)), [1]);
    }

    #[test]
    fn the_indexes_follow_a_table_and_forget_it_when_it_leaves() {
        let mut held = Held::new([lobby(1, 1, 10)]);
        let mut t = lobby(1, 1, 10);
        t.seats[1] = Some(crate::session::Seat::human(person(11)));
        t.chat = chat(2);
        held.note(&t);
        assert!(held.shown_in(&chat(1)).is_empty(), "moved to another chat");
        assert_eq!(ids(held.shown_in(&chat(2))), [1]);
        assert_eq!(ids(held.shown_of(&person(11).id)), [1], "seated");
        held.note(&lobby(9, 1, 10));
        assert!(held.shown_in(&chat(1)).is_empty(), "a table not held is not listed");
        held.remove(1);
        assert_eq!((held.len(), held.keys()), (0, (0, 0)), "nothing left of it");
    }
}
