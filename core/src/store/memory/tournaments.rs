//! Tournaments in memory: kept whole, versions checked as the SQL stores check them.

use super::Inner;
use crate::ids::ChatId;
use crate::store::{StoreError, TournamentDoc};

impl Inner {
    pub(super) fn create_tournament(&mut self, doc: &mut TournamentDoc) {
        let id = self.tournaments.keys().next_back().map_or(1, |last| last + 1);
        doc.tournament.id = id;
        self.tournaments.insert(id, doc.clone());
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
        Ok(())
    }

    pub(super) fn tournaments_of(&self, chat: Option<&ChatId>, open: bool) -> Vec<TournamentDoc> {
        self.tournaments
            .values()
            .filter(|d| chat.is_none_or(|c| &d.chat == c) && (!open || d.open()))
            .cloned()
            .collect()
    }
}
