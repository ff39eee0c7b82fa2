//! New tables: a lobby or a duel opened with the chat's settings, within the limits of open
//! tables per chat and lobbies per person.

use super::{Applied, Service, ServiceError, TableLock};
use crate::engine::rules::Rules;
use crate::session::{ChatId, Lang, Millis, NewTable, Person, Phase, Rejection, Table, UserId};
use crate::store::Store;
use std::sync::Arc;

/// What a new table starts with.
#[derive(Clone, Debug)]
pub struct TableSpec {
    pub chat: ChatId,
    /// The topic or thread of the chat it lives in (see `Table::thread`).
    pub thread: Option<String>,
    pub rules: Rules,
    pub size: u8,
    /// The match clock, if the table plays with one (`None`: no clock).
    pub clock: Option<crate::session::ClockRule>,
    /// The queue at the table (`session::queue`), if it keeps one.
    pub rotation: Option<crate::session::Rotation>,
}

impl TableSpec {
    /// A table of `size` seats with `rules` in `chat` itself: no thread, no clock, no queue.
    pub fn plain(chat: ChatId, rules: Rules, size: u8) -> TableSpec {
        TableSpec { chat, thread: None, rules, size, clock: None, rotation: None }
    }
}

impl<S: Store> Service<S> {
    /// Opens a lobby in a chat with `host` seated, using the chat's settings.
    pub async fn create(&self, spec: TableSpec, host: Person) -> Result<Applied, ServiceError> {
        self.create_with(spec, host, None, None, false).await
    }

    /// Opens a lobby (`duel: None`) or a duel, as [`Service::create`] and [`Service::duel`] do,
    /// speaking `lang` at the table instead of the chat's language when it is given.
    /// `private`: opened in a chat of one, where only the host plays (with computers): a
    /// challenge to a person is refused there.
    pub async fn open(
        &self,
        spec: TableSpec,
        host: Person,
        duel: Option<(Option<Person>, Millis)>,
        lang: Option<Lang>,
        private: bool,
    ) -> Result<Applied, ServiceError> {
        self.create_with(spec, host, duel, lang, private).await
    }

    /// Starts a duel: a challenge to `invitee` (expiring after `ttl_ms`), or a match against
    /// the computer at once when `invitee` is `None`.
    pub async fn duel(
        &self,
        spec: TableSpec,
        host: Person,
        invitee: Option<Person>,
        ttl_ms: Millis,
    ) -> Result<Applied, ServiceError> {
        self.create_with(spec, host, Some((invitee, ttl_ms)), None, false).await
    }

    async fn create_with(
        &self,
        spec: TableSpec,
        host: Person,
        duel: Option<(Option<Person>, Millis)>,
        lang: Option<Lang>,
        private: bool,
    ) -> Result<Applied, ServiceError> {
        if private && duel.as_ref().is_some_and(|(invitee, _)| invitee.is_some()) {
            return Err(Rejection::PrivateTable.into());
        }
        self.check_limits(&spec.chat, &host).await?;
        let settings = self.store.chat_settings(&spec.chat).await?;
        let now = self.now();
        let new = NewTable {
            id: 0,
            chat: spec.chat,
            number: 0,
            rules: spec.rules,
            size: spec.size,
            lang: lang.unwrap_or(settings.lang),
            turn_secs: settings.turn_secs(private),
            bot_level: settings.bot_level,
            seed: self.seeds.next_seed(),
            clock: spec.clock,
        };
        let (mut table, events) = match duel {
            None => Table::create(new, host, now)?,
            Some((invitee, ttl)) => Table::duel(new, host, invitee, now + ttl, now)?,
        };
        table.thread = spec.thread;
        table.hints = settings.hints;
        table.time_up = settings.time_up;
        table.private = private;
        table.rotation = spec.rotation.filter(|_| !private);
        super::writing(self.store.create(&mut table, &events)).await?;
        self.map().insert(&table, Arc::new(TableLock::new(table.clone())));
        self.kick(&table);
        Ok(Applied { table, events })
    }

    /// A chat's open tables and a person's open lobbies are limited: only that chat's tables
    /// and that person's are read.
    pub(super) async fn check_limits(&self, chat: &ChatId, host: &Person) -> Result<(), Rejection> {
        let (limit, lobbies) = (self.options.tables_per_chat, self.options.lobbies_per_person);
        if self.tables_in(chat).await.len() >= limit {
            return Err(Rejection::TooManyTables { limit });
        }
        let waiting = |t: &&Arc<Table>| matches!(t.phase, Phase::Lobby | Phase::Challenge { .. });
        let theirs = self.tables_of(&host.id);
        if theirs.iter().filter(waiting).filter(|t| t.host == host.id).count() >= lobbies {
            return Err(Rejection::TooManyLobbies { limit: lobbies });
        }
        self.check_seats(&host.id, None).await
    }

    /// A person sits at no more than `Options::seats_per_person` open tables (lobbies,
    /// challenges, matches) at once, in every chat together; `table`: the one they sit down at,
    /// which does not count against them if they already sit there. Only their tables are read.
    pub(super) async fn check_seats(
        &self,
        person: &UserId,
        table: Option<i64>,
    ) -> Result<(), Rejection> {
        let limit = self.options.seats_per_person;
        let mine: Vec<i64> = self
            .tables_of(person)
            .iter()
            .filter(|t| t.phase.is_active() && t.seat_of(person).is_some())
            .map(|t| t.id)
            .collect();
        if table.is_some_and(|id| mine.contains(&id)) {
            return Ok(());
        }
        if mine.len() >= limit {
            return Err(Rejection::TooManySeats { limit });
        }
        Ok(())
    }
}
