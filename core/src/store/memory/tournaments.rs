//! Tournaments in memory: kept whole, versions checked as the SQL stores check them, and an
//! index of the open ones by when they are due (the SQL stores' `due_at`).

use super::Inner;
use crate::ids::{ChatId, Millis};
use crate::store::tournaments::{NEVER, due_key};
use crate::store::{StoreError, TournamentDoc};

impl Inner {
    pub(super) fn create_tournament(&mut self, doc: &mut TournamentDoc) {
        let id = self.tournaments.keys().next_back().map_or(1, |last| last + 1);
        doc.tournament.id = id;
        self.tournaments.insert(id, doc.clone());
        self.index_due(id, None, due_key(doc));
    }

    pub(super) fn save_tournament(&mut self, doc: &TournamentDoc) -> Result<(), StoreError> {
        let id = doc.tournament.id;
        let stored = self.tournaments.get_mut(&id).ok_or(StoreError::NotFound(id))?;
        if doc.version != stored.version + 1 {
            let (stored, expected) = (stored.version, doc.version);
            return Err(StoreError::TournamentConflict { id, stored, expected });
        }
        // The chat is the store's (a moved chat's tournaments stay moved).
        *stored = TournamentDoc { chat: stored.chat.clone(), ..doc.clone() };
        let was = self.due_of(id);
        self.index_due(id, was, due_key(doc));
        Ok(())
    }

    pub(super) fn tournaments_of(&self, chat: Option<&ChatId>, open: bool) -> Vec<TournamentDoc> {
        self.tournaments
            .values()
            .filter(|d| chat.is_none_or(|c| &d.chat == c) && (!open || d.open()))
            .cloned()
            .collect()
    }

    pub(super) fn due_tournaments(&self, now: Millis, limit: u32) -> Vec<i64> {
        let due = self.tournaments_due.iter().take_while(|&&(at, _)| at <= now);
        due.map(|&(_, id)| id).take(limit as usize).collect()
    }

    pub(super) fn set_tournament_due(
        &mut self,
        id: i64,
        due: Option<Millis>,
    ) -> Result<(), StoreError> {
        let open = self.tournaments.get(&id).ok_or(StoreError::NotFound(id))?.open();
        let was = self.due_of(id);
        // A closed tournament is never due, whatever is asked (as the SQL stores' `open`).
        self.index_due(id, was, if open { due.unwrap_or(NEVER) } else { NEVER });
        Ok(())
    }

    fn due_of(&self, id: i64) -> Option<Millis> {
        self.tournaments_due.iter().find(|&&(_, i)| i == id).map(|&(at, _)| at)
    }

    fn index_due(&mut self, id: i64, was: Option<Millis>, due: Millis) {
        if let Some(was) = was {
            self.tournaments_due.remove(&(was, id));
        }
        if due != NEVER {
            self.tournaments_due.insert((due, id));
        }
    }
}
