//! A running tournament's fixtures opened as tables, exactly once across processes and kills.
//!
//! Opening a fixture is two commits: the table (`Store::create`), then the tournament's
//! `TableStarted`. The table names its fixture (`Table::fixture`), so a process that dies, or
//! a save refused, between the two leaves a table that is found again: before opening a
//! fixture the service looks for an open table of that fixture and records it instead of
//! opening another. A kill before the table's commit leaves nothing; after `TableStarted`,
//! the fixture is no longer pending.

use super::tournaments::{TourError, done_or_refused};
use super::{Applied, Service, ServiceError, TableLock};
use crate::engine::rules::Rules;
use crate::ids::Person;
use crate::session::{FixtureOf, NewTable, Rejection, Table};
use crate::standings::tournament::{Command, FixtureNo, State};
use crate::store::{Store, TournamentDoc};
use std::sync::Arc;

impl<S: Store> Service<S> {
    /// Opens a table for each due fixture, nobody at two at once, and records it (a table of
    /// the fixture already open is recorded instead); says where the tournament then is.
    pub(super) async fn open_due(&self, id: i64) -> Result<State, TourError> {
        let doc = self.store.tournament(id).await?.ok_or(TourError::NotFound)?;
        if !matches!(doc.tournament.state, State::Running { .. }) {
            return Ok(doc.tournament.state);
        }
        let due = doc.tournament.due_fixtures();
        if due.is_empty() {
            return Ok(doc.tournament.state);
        }
        // Tables of this tournament's fixtures already open, not yet recorded by it.
        let orphans: Vec<Table> = self
            .tables_in(&doc.chat)
            .await
            .into_iter()
            .filter(|t| t.fixture.is_some_and(|of| of.tournament == id) && t.phase.is_open())
            .collect();
        let mut taken = Vec::new();
        for n in due {
            let f = &doc.tournament.fixtures[n];
            if f.entrants().any(|e| taken.contains(&e)) {
                continue;
            }
            let of = FixtureOf { tournament: id, fixture: n };
            let table = match orphans.iter().find(|t| t.fixture == Some(of)) {
                Some(t) => t.id,
                None => match self.open_fixture(&doc, n).await {
                    Ok(table) => table.id,
                    Err(e) => {
                        tracing::debug!(tournament = id, fixture = n, error = %e, "no table yet");
                        continue;
                    }
                },
            };
            taken.extend(f.entrants());
            let started = Command::TableStarted { fixture: n, table };
            done_or_refused(self.tournament_apply(id, &started).await)?;
        }
        let doc = self.store.tournament(id).await?.ok_or(TourError::NotFound)?;
        Ok(doc.tournament.state)
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
            turn_secs: settings.turn_secs(false),
            bot_level: settings.bot_level,
            seed: self.seeds.next_seed(),
            clock: None,
        };
        let of = FixtureOf { tournament: t.id, fixture: n };
        let (mut table, events) = Table::fixture(new, of, people, now)?;
        table.hints = settings.hints;
        table.time_up = settings.time_up;
        super::writing(self.store.create(&mut table, &events)).await?;
        self.map().insert(&table, Arc::new(TableLock::new(table.clone())));
        self.kick(&table);
        let _ = self.updates.send(Applied { table: table.clone(), events });
        Ok(table)
    }
}
