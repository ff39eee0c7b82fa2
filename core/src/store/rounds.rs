//! The snapshot per round: how every store writes a table with a match of many rounds without
//! writing its finished rounds again. The one place that splits a table into its rows and joins
//! them back; the backends only move the rows.
//!
//! A table whose match has finished rounds is written as its snapshot — the table's JSON with
//! only the round in play under `game.round` and, under `game.rounds_before`, how many rounds
//! precede it — and one row per finished round: `(table, match, round) → move codes` (the
//! JSON array of that round's codes, as the whole snapshot held them). A round's row is written
//! once, by the commit that dealt the next round, in that commit's transaction; the match is
//! keyed by its seed (each match of a table has its own, so a rematch starts again at round 0).
//! A table in its first round, or without a match, is written whole, exactly as before; so is
//! any snapshot stored before this split, which reads as it always did (its first commit since
//! moves its finished rounds out).
//!
//! Joining puts the rounds back under `game.rounds`, so the table read is the table written.

use super::{Broken, Loaded, StoreError};
use crate::session::Table;
use serde::Deserialize;
use serde_json::Value;

/// A table as written: its snapshot and its finished rounds.
pub(crate) struct Split {
    pub snapshot: String,
    /// The finished rounds the snapshot leaves out, if any.
    pub rounds: Option<Rounds>,
}

/// The finished rounds of a table's match, each to be written once as its own row.
pub(crate) struct Rounds {
    /// The match: its seed, as the stores' 64-bit integer.
    pub key: i64,
    /// The rounds' move codes (JSON arrays), round 0 first.
    finished: Vec<Value>,
}

impl Rounds {
    /// The rows `(round, moves)` from round `from` on (the store holds those before).
    pub(super) fn rows_from(&self, from: i64) -> Result<(Vec<i64>, Vec<String>), StoreError> {
        let from = from.clamp(0, self.finished.len() as i64);
        let mut rounds = Vec::new();
        let mut moves = Vec::new();
        for (i, r) in self.finished.iter().enumerate().skip(from as usize) {
            rounds.push(i as i64);
            moves.push(serde_json::to_string(r).map_err(|e| StoreError::Corrupt(e.to_string()))?);
        }
        Ok((rounds, moves))
    }
}

/// Splits a table into its snapshot and its finished rounds.
pub(crate) fn split(table: &Table) -> Result<Split, StoreError> {
    let corrupt = |e: serde_json::Error| StoreError::Corrupt(e.to_string());
    let whole =
        || Ok(Split { snapshot: serde_json::to_string(table).map_err(corrupt)?, rounds: None });
    match &table.game {
        Some(game) if game.rounds.len() > 1 => {}
        _ => return whole(),
    }
    let mut doc = serde_json::to_value(table).map_err(corrupt)?;
    let Some(game) = doc.get_mut("game").and_then(Value::as_object_mut) else {
        return whole();
    };
    let Some(key) = game.get("seed").and_then(Value::as_u64) else {
        return Err(StoreError::Corrupt("a match without its seed".into()));
    };
    let Some(Value::Array(mut finished)) = game.remove("rounds") else {
        return whole();
    };
    let in_play = finished.pop().unwrap_or(Value::Array(Vec::new()));
    game.insert("round".into(), in_play);
    game.insert("rounds_before".into(), finished.len().into());
    let snapshot = serde_json::to_string(&doc).map_err(corrupt)?;
    Ok(Split { snapshot, rounds: Some(Rounds { key: key as i64, finished }) })
}

/// The rows a stored snapshot needs to be read: its match's key and how many rounds (rows
/// `0..before`), or `None` when it holds its whole match (or does not read at all).
pub(crate) fn needs(snapshot: &str) -> Option<(i64, u32)> {
    #[derive(Deserialize)]
    struct Head {
        game: Option<GameHead>,
    }
    #[derive(Deserialize)]
    struct GameHead {
        seed: u64,
        rounds_before: Option<u32>,
    }
    // Most snapshots hold their whole match: no need to read them twice.
    if !snapshot.contains("\"rounds_before\"") {
        return None;
    }
    let head: Head = serde_json::from_str(snapshot).ok()?;
    let game = head.game?;
    Some((game.seed as i64, game.rounds_before?))
}

/// A stored snapshot read back with its finished rounds' rows (those [`needs`] asked for, in
/// round order; none for a whole one).
pub(crate) fn join(snapshot: &str, rows: &[String]) -> Result<Table, String> {
    let Some((_, before)) = needs(snapshot) else {
        return serde_json::from_str(snapshot).map_err(|e| e.to_string());
    };
    if rows.len() != before as usize {
        return Err(format!("{before} finished rounds kept apart, {} found", rows.len()));
    }
    let mut doc: Value = serde_json::from_str(snapshot).map_err(|e| e.to_string())?;
    let game = doc.get_mut("game").and_then(Value::as_object_mut).ok_or("no match")?;
    let in_play = game.remove("round").ok_or("no round in play")?;
    game.remove("rounds_before");
    let mut rounds = Vec::with_capacity(rows.len() + 1);
    for (i, row) in rows.iter().enumerate() {
        rounds.push(serde_json::from_str(row).map_err(|e| format!("round {i}: {e}"))?);
    }
    rounds.push(in_play);
    game.insert("rounds".into(), Value::Array(rounds));
    serde_json::from_value(doc).map_err(|e| e.to_string())
}

/// [`join`] for a table that must read.
pub(crate) fn joined(snapshot: &str, rows: &[String]) -> Result<Table, StoreError> {
    join(snapshot, rows).map_err(StoreError::Corrupt)
}

/// [`join`] for one of the open tables: one that does not read is [`Broken`].
pub(crate) fn loaded(id: i64, snapshot: &str, rows: &[String]) -> Loaded {
    join(snapshot, rows).map_err(|error| {
        // What can still be read: the chat and number, for the notice.
        let v: Value = serde_json::from_str(snapshot).unwrap_or_default();
        let chat = serde_json::from_value(v["chat"].clone()).unwrap_or_else(|_| {
            crate::session::ChatId::new(crate::session::Platform::Terminal, "?")
        });
        let number = v["number"].as_u64().unwrap_or(0) as u32;
        Broken { id, chat, number, error }
    })
}
