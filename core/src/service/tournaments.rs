//! Chat tournaments driven by the service: commands applied to a stored tournament with its
//! version checked (read back and applied again when another process saved first), and each
//! timer round, for the tournaments with due work: the results of its tables that are done,
//! the time that passed (deadlines, the arena's window and pairings, an enrolment that ran
//! out), and a table opened for every fixture whose people are all free (`fixtures`). What
//! was done is announced as a [`LeagueEvent::Tournament`].
//!
//! Only tournaments with due work are read: the store keeps each one's `due_at`
//! (`Tournament::due_at`, set by every save), and a timer round asks for those due by now
//! (`Store::due_tournaments`, through an index), so idle tournaments cost nothing. A running
//! one is paced: after each drive it is due again in [`RUNNING_POLL_MS`], and sooner when one
//! of its tables finishes or closes (`fixture_table_done`).
//!
//! Exactly once, with several processes on one store: a finished table's result is applied as
//! `Command::MatchFinished`, which the tournament takes only while that table is playing the
//! fixture and only for the table's first match (`FIXTURE_MATCH`: the match's own identity;
//! a fixture's table plays nothing else); the save names the version it replaces, so of two
//! processes applying it one is kept and the other, reading back, is refused (nothing twice).
//! A tournament's round of work is leased like a table's timers (`Store::claim`, under its id
//! negated: tables' ids are positive), so one process drives it. A result is applied by the
//! round after the match's commit, read from the table: a process that dies between the two
//! loses nothing.

use super::{LeagueEvent, Service};
use crate::bounds;
use crate::ids::{ChatId, Millis, UserId};
use crate::session::{FixtureOf, Phase};
use crate::standings::MatchSummary;
use crate::standings::tournament::{
    Command, Event, FixtureState, NewTournament, Refusal, State, Tournament,
};
use crate::store::{DUE_PER_ROUND, Store, StoreError, TournamentDoc};
use rand::SeedableRng;

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

/// A running tournament is driven again this long after its last drive at the latest (its
/// tables finishing wake it sooner): people freed from other tables, deadlines, arena pairs.
pub const RUNNING_POLL_MS: Millis = 10_000;

impl<S: Store> Service<S> {
    /// A new tournament in `chat`, taking entrants; refused past `bounds::OPEN_TOURNAMENTS`
    /// open in the chat.
    pub async fn create_tournament(
        &self,
        chat: &ChatId,
        creator: &UserId,
        new: NewTournament,
    ) -> Result<TournamentDoc, TourError> {
        let tournament = Tournament::new(new, self.now())?;
        let open = self.store.tournaments(Some(chat), true).await?;
        if open.len() >= bounds::OPEN_TOURNAMENTS {
            return Err(Refusal::TooManyOpen { limit: bounds::OPEN_TOURNAMENTS }.into());
        }
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

    /// Each timer round: the tournaments with work due now that this process holds the lease
    /// of are driven, each then paced (see the module).
    pub(super) async fn run_tournaments(&self) {
        let due = match self.store.due_tournaments(self.now(), DUE_PER_ROUND).await {
            Ok(due) => due,
            Err(e) => return tracing::warn!(error = %e, "tournaments not read this round"),
        };
        if due.is_empty() {
            return;
        }
        let mine = self.claim(due.iter().map(|id| -id).collect()).await;
        for &lease in &mine {
            let id = -lease;
            let driven = self.drive(id).await;
            if let Err(e) = &driven {
                tracing::warn!(tournament = id, error = %e, "tournament not driven this round");
            }
            // Running: again after the pause (a store that failed is tried again then too);
            // else when the last save said (enrolment's end, the arena's window, never).
            if let Ok(State::Running { .. }) | Err(_) = driven {
                let next = Some(self.now() + RUNNING_POLL_MS);
                if let Err(e) = self.store.set_tournament_due(id, next).await {
                    tracing::warn!(tournament = id, error = %e, "tournament's next round not set");
                }
            }
        }
        self.release(&mine).await;
    }

    /// A fixture's table finished its match or closed: its tournament is due at once (a
    /// failure here only waits for the tournament's pace).
    pub(super) async fn fixture_table_done(&self, of: FixtureOf) {
        if let Err(e) = self.store.set_tournament_due(of.tournament, Some(self.now())).await {
            tracing::debug!(tournament = of.tournament, error = %e, "tournament not woken");
        }
    }

    /// Applies what is due to tournament `id`: results, time, tables for due fixtures; says
    /// where it then is.
    async fn drive(&self, id: i64) -> Result<State, TourError> {
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
                // A match whose seats are no longer the fixture's (a computer took a seat), or
                // that is not the table's first, does not count: the fixture is played again.
                Err(TourError::Refused(
                    Refusal::WrongPlayers | Refusal::WrongGame | Refusal::NotTheFixturesMatch,
                )) => done_or_refused(
                    self.tournament_apply(id, &Command::TableClosed { table }).await,
                )?,
                done => done_or_refused(done)?,
            }
        }
        done_or_refused(self.tournament_apply(id, &Command::Tick).await)?;
        self.open_due(id).await
    }
}

/// A refusal is no failure here: another process did it first, or it no longer applies.
pub(super) fn done_or_refused<T>(done: Result<T, TourError>) -> Result<(), TourError> {
    match done {
        Ok(_) | Err(TourError::Refused(_)) => Ok(()),
        Err(e) => Err(e),
    }
}
