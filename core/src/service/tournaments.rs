//! Chat tournaments driven by the service: commands applied to a stored tournament with its
//! version checked (read back and applied again when another process saved first), and each
//! timer round, for every open tournament: the results of its tables that are done, the time
//! that passed (deadlines, the arena's window and pairings), and a table opened for every
//! fixture whose people are all free. What was done is announced as a
//! [`LeagueEvent::Tournament`].
//!
//! Exactly once, with several processes on one store: a finished table's result is applied as
//! `Command::MatchFinished`, which the tournament takes only while that table is playing the
//! fixture; the save names the version it replaces, so of two processes applying it one is
//! kept and the other, reading back, is refused (nothing twice). A tournament's round of work
//! is leased like a table's timers (`Store::claim`, under its id negated: tables' ids are
//! positive), so one process opens its tables. A result is applied by the round after the
//! match's commit, read from the store: a process that dies between the two loses nothing.

use super::{Applied, LeagueEvent, Service, ServiceError, TableLock};
use crate::engine::rules::Rules;
use crate::ids::{ChatId, Person, UserId};
use crate::session::{NewTable, Phase, Rejection, Table};
use crate::standings::MatchSummary;
use crate::standings::tournament::{
    Command, Event, FixtureNo, FixtureState, NewTournament, Refusal, State, Tournament,
};
use crate::store::{Store, StoreError, TournamentDoc};
use rand::SeedableRng;
use std::sync::Arc;

/// Why a tournament command did nothing.
#[derive(Debug, thiserror::Error)]
pub enum TourError {
    /// The tournament refused it; nothing changed.
    #[error("{0}")]
    Refused(#[from] Refusal),
    #[error("no such tournament")]
    NotFound,
    #[error("{0}")]
    Store(#[from] StoreError),
}

/// What a tournament did, to announce: the tournament after it, and its events.
#[derive(Clone, Debug, PartialEq)]
pub struct TourNews {
    pub doc: TournamentDoc,
    pub events: Vec<Event>,
}

/// Saves tried on a tournament others keep changing before giving up for this time.
const TRIES: u32 = 4;

impl<S: Store> Service<S> {
    /// A new tournament in `chat`, taking entrants.
    pub async fn create_tournament(
        &self,
        chat: &ChatId,
        creator: &UserId,
        new: NewTournament,
    ) -> Result<TournamentDoc, TourError> {
        let tournament = Tournament::new(new, self.now())?;
        let (chat, creator) = (chat.clone(), creator.clone());
        let mut doc = TournamentDoc { chat, version: 0, creator, tournament };
        self.store.create_tournament(&mut doc).await?;
        Ok(doc)
    }

    /// Applies `cmd` to tournament `id` now and saves it (nothing is saved when nothing
    /// happened); announces what it did.
    pub async fn tournament_apply(
        &self,
        id: i64,
        cmd: &Command,
    ) -> Result<(TournamentDoc, Vec<Event>), TourError> {
        let mut tries = 0;
        loop {
            let mut doc = self.store.tournament(id).await?.ok_or(TourError::NotFound)?;
            let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(self.seeds.next_seed());
            let events = doc.tournament.apply(cmd, self.now(), &mut rng)?;
            if events.is_empty() {
                return Ok((doc, events));
            }
            doc.version += 1;
            match self.store.save_tournament(&doc).await {
                Ok(()) => {
                    let news = TourNews { doc: doc.clone(), events: events.clone() };
                    let _ = self.league.send(LeagueEvent::Tournament(Box::new(news)));
                    return Ok((doc, events));
                }
                Err(StoreError::TournamentConflict { .. }) if tries < TRIES => tries += 1,
                Err(e) => return Err(e.into()),
            }
        }
    }

    /// Each timer round: every open tournament this process holds the lease of is driven.
    pub(super) async fn run_tournaments(&self) {
        let open = match self.store.tournaments(None, true).await {
            Ok(open) => open,
            Err(e) => return tracing::warn!(error = %e, "tournaments not read this round"),
        };
        let ids: Vec<i64> = open.iter().map(|d| -d.tournament.id).collect();
        let mine = self.claim(ids).await;
        for &lease in &mine {
            if let Err(e) = self.drive(-lease).await {
                tracing::warn!(tournament = -lease, error = %e, "tournament not driven this round");
            }
        }
        self.release(&mine).await;
    }

    /// Applies what is due to tournament `id`: results, time, tables for due fixtures.
    async fn drive(&self, id: i64) -> Result<(), TourError> {
        let doc = self.store.tournament(id).await?.ok_or(TourError::NotFound)?;
        for f in &doc.tournament.fixtures {
            let FixtureState::Playing { table } = f.state else { continue };
            let cmd = match self.table(table).await {
                Ok(Some(t)) if t.phase == Phase::Finished => match MatchSummary::of(&t, self.now())
                {
                    Some(summary) => Command::MatchFinished { summary },
                    None => Command::TableClosed { table },
                },
                Ok(Some(t)) if !t.phase.is_open() => Command::TableClosed { table },
                Ok(_) | Err(_) => continue,
            };
            match self.tournament_apply(id, &cmd).await {
                // A match whose seats are no longer the fixture's (a computer took a seat)
                // does not count: the fixture is played again.
                Err(TourError::Refused(Refusal::WrongPlayers | Refusal::WrongGame)) => {
                    done_or_refused(
                        self.tournament_apply(id, &Command::TableClosed { table }).await,
                    )?
                }
                done => done_or_refused(done)?,
            }
        }
        done_or_refused(self.tournament_apply(id, &Command::Tick).await)?;
        self.open_due(id).await
    }

    /// Opens a table for each due fixture, nobody at two at once, and records it.
    async fn open_due(&self, id: i64) -> Result<(), TourError> {
        let doc = self.store.tournament(id).await?.ok_or(TourError::NotFound)?;
        if !matches!(doc.tournament.state, State::Running { .. }) {
            return Ok(());
        }
        let mut taken = Vec::new();
        for n in doc.tournament.due_fixtures() {
            let f = &doc.tournament.fixtures[n];
            if f.entrants().any(|e| taken.contains(&e)) {
                continue;
            }
            let table = match self.open_fixture(&doc, n).await {
                Ok(table) => table,
                Err(e) => {
                    tracing::debug!(tournament = id, fixture = n, error = %e, "no table yet");
                    continue;
                }
            };
            taken.extend(f.entrants());
            let started = Command::TableStarted { fixture: n, table: table.id };
            if let Err(e) = self.tournament_apply(id, &started).await {
                tracing::warn!(tournament = id, table = table.id, error = %e, "table not recorded");
            }
        }
        Ok(())
    }

    /// A playing table for fixture `n`: its people seated (side by side in turn), the
    /// tournament's game and options, the chat's timer and language; shown like any table
    /// the service changes by itself. Within the limits of tables per chat and per person.
    async fn open_fixture(&self, doc: &TournamentDoc, n: FixtureNo) -> Result<Table, ServiceError> {
        let t = &doc.tournament;
        let f = &t.fixtures[n];
        let sides: [Vec<Person>; 2] = f
            .sides
            .clone()
            .map(|side| side.iter().flat_map(|&e| t.entrants[e].people.iter().cloned()).collect());
        let people: Vec<Person> = (0..sides[0].len().max(sides[1].len()))
            .flat_map(|i| [sides[0].get(i), sides[1].get(i)])
            .flatten()
            .cloned()
            .collect();
        let rules = Rules::from_options(t.game, &t.options, None).map_err(Rejection::from)?;
        self.check_limits(&doc.chat, &people[0]).await?;
        for p in &people {
            self.check_seats(&p.id, None).await?;
        }
        let settings = self.store.chat_settings(&doc.chat).await?;
        let now = self.now();
        let new = NewTable {
            id: 0,
            chat: doc.chat.clone(),
            number: 0,
            rules,
            size: people.len() as u8,
            lang: settings.lang,
            turn_secs: settings.turn_secs,
            bot_level: settings.bot_level,
            seed: self.seeds.next_seed(),
            clock: None,
        };
        let (mut table, events) = Table::fixture(new, people, now)?;
        table.hints = settings.hints;
        super::writing(self.store.create(&mut table, &events)).await?;
        self.map().insert(table.id, Arc::new(TableLock::new(table.clone())));
        self.kick(&table);
        let _ = self.updates.send(Applied { table: table.clone(), events });
        Ok(table)
    }
}

/// A refusal is no failure here: another process did it first, or it no longer applies.
fn done_or_refused<T>(done: Result<T, TourError>) -> Result<(), TourError> {
    match done {
        Ok(_) | Err(TourError::Refused(_)) => Ok(()),
        Err(e) => Err(e),
    }
}
