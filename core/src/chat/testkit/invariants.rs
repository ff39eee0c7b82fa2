//! (feature `testkit`) What must hold of every table whatever people press: the checks the
//! adapters' randomized end-to-end tests make after each step, on the service and its store.

use crate::engine::tile::{Tile, TileSet};
use crate::service::Service;
use crate::session::{Phase, Table};
use crate::store::{Store, log_replays};
use std::collections::BTreeMap;

/// Every table's state that matters to a check: its version (a refused request must not move
/// it), by table id.
pub async fn versions<S: Store>(service: &Service<S>) -> BTreeMap<i64, u64> {
    service.all_tables().await.into_iter().map(|t| (t.id, t.version)).collect()
}

/// The tables in play as the service holds them: nobody sits twice at one table, and the
/// tiles of a round in play are conserved (hands, table and bazaar are the whole set, once).
pub async fn check_tables<S: Store>(service: &Service<S>) -> Result<(), String> {
    for t in service.all_tables().await {
        check_table(&t)?;
    }
    Ok(())
}

/// One table: no person in two seats; tiles conserved in the round in play.
pub fn check_table(t: &Table) -> Result<(), String> {
    let mut seen = Vec::new();
    for p in t.humans().map(|(_, p)| &p.id) {
        if seen.contains(&p) {
            return Err(format!("table {}: {p:?} sits in two seats", t.id));
        }
        seen.push(p);
    }
    if t.phase != Phase::Playing {
        return Ok(());
    }
    let Some(round) = t.live().and_then(|m| m.round()) else { return Ok(()) };
    let full = TileSet::full(t.rules.max_pip());
    let mut all = round.board().on_table();
    let mut count = all.len();
    for hand in round.hands() {
        all = all.union(*hand);
        count += hand.len();
    }
    for tile in round.bazaar() {
        all.insert(*tile);
        count += 1;
    }
    if all != full || count != full.len() {
        return Err(format!(
            "table {}: {count} tiles in hands, on the table and in the bazaar, {} distinct, of {}",
            t.id,
            all.len(),
            full.len()
        ));
    }
    Ok(())
}

/// Every active table of the store reads, its log replays to its snapshot, and the snapshot is
/// what the service holds in memory.
pub async fn check_store<S: Store>(service: &Service<S>) -> Result<(), String> {
    let open = service.store().load_open().await.map_err(|e| e.to_string())?;
    for loaded in open {
        let t = match loaded {
            Ok(t) => t,
            Err(b) => return Err(format!("table {} no longer reads: {}", b.id, b.error)),
        };
        let events = service.store().events(t.id).await.map_err(|e| e.to_string())?;
        log_replays(&t, &events).map_err(|e| format!("table {}: {e}", t.id))?;
        check_table(&t)?;
        if let Ok(Some(held)) = service.table(t.id).await
            && held.version != t.version
        {
            return Err(format!(
                "table {}: the store has version {}, the service {}",
                t.id, t.version, held.version
            ));
        }
    }
    Ok(())
}

/// The tiles written `[a|b]` in a text (one or two digits a half, up to a double-eighteen).
pub fn tiles_named(text: &str) -> TileSet {
    let mut out = TileSet::EMPTY;
    let pip = |s: &str| -> Option<u8> {
        let ok = (1..=2).contains(&s.len()) && s.bytes().all(|b| b.is_ascii_digit());
        ok.then(|| s.parse().ok()).flatten().filter(|&n: &u8| n <= crate::engine::tile::MAX_PIP)
    };
    for (i, _) in text.match_indices('[') {
        let rest = &text[i + 1..];
        let Some(end) = rest.find(']').filter(|&e| e <= 5) else { continue };
        let Some((a, b)) = rest[..end].split_once('|') else { continue };
        if let (Some(a), Some(b)) = (pip(a), pip(b)) {
            out.insert(Tile::new(a, b));
        }
    }
    out
}

/// The tiles laid in rounds `from..` of a table's match (none without one).
pub fn laid_since(t: &Table, from: usize) -> TileSet {
    let mut out = TileSet::EMPTY;
    for round in t.game.iter().flat_map(|g| g.rounds.iter().skip(from)) {
        for (_, mv) in round {
            mv.tiles().for_each(|tile| out.insert(tile));
        }
    }
    out
}

/// Which tiles a public message of a chat may name during one step: those laid on one of its
/// tables in the round in play when the step began or later, and those laid in the last two
/// rounds seen at the end of the step before (a notice of a round's end may come a little
/// after the next deal). A tile in a hand of the round in play is never among them.
#[derive(Clone, Debug, Default)]
pub struct PublicTiles {
    /// Per table: (the match's seed, the index of the round in play, the tiles of its last two
    /// rounds), as seen at the end of the last step.
    seen: BTreeMap<i64, (u64, usize, TileSet)>,
}

impl PublicTiles {
    /// The tiles the tables `now` (those of one chat) allow in its public messages of the step
    /// that ends now; then remembers `now` for the next step.
    pub fn allowed(&mut self, now: &[Table]) -> TileSet {
        let mut out = TileSet::EMPTY;
        for t in now {
            let seed = t.game.as_ref().map_or(0, |g| g.seed);
            let rounds = t.game.as_ref().map_or(0, |g| g.rounds.len());
            let from = match self.seen.get(&t.id) {
                Some(&(s, r, last)) => {
                    out = out.union(last);
                    if s == seed { r } else { 0 }
                }
                None => 0,
            };
            out = out.union(laid_since(t, from));
            let last = laid_since(t, rounds.saturating_sub(2));
            self.seen.insert(t.id, (seed, rounds.saturating_sub(1), last));
        }
        out
    }
}
