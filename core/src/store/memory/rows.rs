//! The memory store's rows: a snapshot joined with the finished rounds it needs, the rounds
//! a commit adds, and the JSON every value is kept as.

use super::Inner;
use crate::session::Table;
use crate::store::StoreError;
use crate::store::rounds::{self, Rounds};

impl Inner {
    /// The rows a snapshot needs, in round order.
    pub(super) fn rows(&self, id: i64, snapshot: &str) -> Vec<String> {
        let Some((key, before)) = rounds::needs(snapshot) else { return Vec::new() };
        let rows = self.rounds.range((id, key, 0)..(id, key, i64::from(before)));
        rows.map(|(_, moves)| moves.clone()).collect()
    }

    pub(super) fn table(&self, id: i64, snapshot: &str) -> Result<Table, StoreError> {
        rounds::joined(snapshot, &self.rows(id, snapshot))
    }

    /// Writes the finished rounds the store does not hold yet.
    pub(super) fn add_rounds(
        &mut self,
        id: i64,
        finished: Option<&Rounds>,
    ) -> Result<(), StoreError> {
        let Some(r) = finished else { return Ok(()) };
        let have = self.rounds.range((id, r.key, 0)..=(id, r.key, i64::MAX)).next_back();
        let (numbers, moves) = r.rows_from(have.map_or(0, |((_, _, n), _)| n + 1))?;
        for (n, m) in numbers.into_iter().zip(moves) {
            self.rounds.insert((id, r.key, n), m);
        }
        Ok(())
    }
}

pub(super) fn json<T: serde::Serialize>(v: &T) -> Result<String, StoreError> {
    serde_json::to_string(v).map_err(|e| StoreError::Corrupt(e.to_string()))
}

pub(super) fn parse<T: serde::de::DeserializeOwned>(s: &str) -> Result<T, StoreError> {
    serde_json::from_str(s).map_err(|e| StoreError::Corrupt(e.to_string()))
}
