//! Replays drawn, kept: `/replay` draws a round's GIF once (seconds of CPU for a large set)
//! and answers every later ask for the same round from here. Keyed by the match (its stored
//! record, hashed: the same record is the same match and draws the same GIF) and the round;
//! bounded both ways, [`MOST`] GIFs and [`BYTES`] bytes, the least recently asked forgotten
//! first. Two asks of a round being drawn share the one drawing. Kept in memory per door, lost
//! on restart: a replay forgotten is drawn again.

use crate::view::picture::Animation;
use std::collections::HashMap;
use std::hash::{DefaultHasher, Hash, Hasher};
use std::sync::{Arc, Mutex};
use tokio::sync::OnceCell;

/// GIFs kept at most: the latest match of a hundred chats asking at once (a Kozel round's
/// GIF is about 25 KiB); [`BYTES`] bounds the memory.
pub const MOST: usize = 128;
/// Bytes of GIFs kept at most, whatever their size (the longest rounds, eight seats of
/// double-eighteen). What is kept is most of what a busy process's memory grows by: at 1,000
/// open tables, 32 MiB kept the resident memory 7 MiB above its bound over 10 minutes
/// (`domino bench soak`), and half of it draws hardly more (asks of a round come together:
/// most are answered from what was kept either way).
pub const BYTES: usize = 16 << 20;

/// A match's round: the match by its record's text (hashed), the round 0-based.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(super) struct Key {
    record: u64,
    round: usize,
}

impl Key {
    pub(super) fn of(record: &serde_json::Value, round: usize) -> Key {
        let mut h = DefaultHasher::new();
        record.to_string().hash(&mut h);
        Key { record: h.finish(), round }
    }
}

type Cell = Arc<OnceCell<Arc<Animation>>>;

/// Each key's cell and when it was last asked for.
#[derive(Default)]
struct Kept {
    cells: HashMap<Key, (Cell, u64)>,
    tick: u64,
}

impl Kept {
    fn bytes(&self) -> usize {
        self.cells.values().filter_map(|(c, _)| c.get()).map(|a| a.gif.len()).sum()
    }

    /// Forgets the least recently asked other than `keep`; false when there is none.
    fn forget_oldest(&mut self, keep: Key) -> bool {
        let oldest = self.cells.iter().filter(|(k, _)| **k != keep).min_by_key(|(_, (_, t))| *t);
        let Some(&key) = oldest.map(|(k, _)| k) else { return false };
        self.cells.remove(&key);
        true
    }
}

/// The replays kept, bounded by count and bytes.
pub(in crate::chat) struct Replays {
    kept: Mutex<Kept>,
    most: usize,
    bytes: usize,
}

impl Default for Replays {
    fn default() -> Self {
        Replays::new(MOST, BYTES)
    }
}

impl Replays {
    pub(super) fn new(most: usize, bytes: usize) -> Replays {
        Replays { kept: Mutex::default(), most: most.max(1), bytes }
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Kept> {
        self.kept.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// The GIF of `key`: kept, or drawn by `draw` (once, whoever else asks meanwhile) and kept
    /// within the bounds. A failed drawing keeps nothing: the next ask draws again.
    pub(super) async fn get_or_draw<E, F>(&self, key: Key, draw: F) -> Result<Arc<Animation>, E>
    where
        F: AsyncFnOnce() -> Result<Animation, E>,
    {
        let cell = self.cell(key);
        let drawn = cell.get_or_try_init(|| async { draw().await.map(Arc::new) }).await?.clone();
        let mut kept = self.lock();
        while kept.bytes() > self.bytes && kept.forget_oldest(key) {}
        Ok(drawn)
    }

    /// The cell of `key`, marked as just asked for: drawn, being drawn, or new.
    fn cell(&self, key: Key) -> Cell {
        let mut kept = self.lock();
        kept.tick += 1;
        let tick = kept.tick;
        if let Some((cell, used)) = kept.cells.get_mut(&key) {
            *used = tick;
            return cell.clone();
        }
        while kept.cells.len() >= self.most && kept.forget_oldest(key) {}
        let cell = Cell::default();
        kept.cells.insert(key, (cell.clone(), tick));
        cell
    }

    /// GIFs kept and their bytes.
    #[cfg(test)]
    fn size(&self) -> (usize, usize) {
        let kept = self.lock();
        (kept.cells.values().filter(|(c, _)| c.initialized()).count(), kept.bytes())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::convert::Infallible;

    fn gif(bytes: usize) -> Animation {
        let (width, height, frames, millis, round, moves) = (1, 1, 1, 1, 0, 0);
        Animation { gif: vec![0; bytes], width, height, frames, millis, round, moves }
    }

    fn key(n: u64) -> Key {
        Key::of(&serde_json::json!({ "match": n }), 0)
    }

    async fn ask(r: &Replays, k: Key, bytes: usize, draws: &mut u32) {
        let drawn = r.get_or_draw(k, async || {
            *draws += 1;
            Ok::<_, Infallible>(gif(bytes))
        });
        drawn.await.unwrap();
    }

    #[tokio::test]
    async fn a_round_is_drawn_once_and_the_least_recently_asked_goes_first() {
        let r = Replays::new(2, 1000);
        let mut draws = 0;
        ask(&r, key(1), 10, &mut draws).await;
        ask(&r, key(1), 10, &mut draws).await;
        assert_eq!(draws, 1, "asked again: kept");
        ask(&r, key(2), 10, &mut draws).await;
        ask(&r, key(1), 10, &mut draws).await;
        // Three rounds, two kept: the second, asked least recently, is forgotten.
        ask(&r, key(3), 10, &mut draws).await;
        assert_eq!((draws, r.size()), (3, (2, 20)));
        ask(&r, key(1), 10, &mut draws).await;
        assert_eq!(draws, 3, "the first is still kept");
        ask(&r, key(2), 10, &mut draws).await;
        assert_eq!(draws, 4, "the second was drawn again");
        let other_round = Key { round: 1, ..key(1) };
        assert_ne!(other_round, key(1), "each round of a match is its own");
    }

    #[tokio::test]
    async fn the_bytes_are_bounded_but_the_one_just_drawn_is_kept() {
        let r = Replays::new(10, 100);
        let mut draws = 0;
        ask(&r, key(1), 60, &mut draws).await;
        ask(&r, key(2), 60, &mut draws).await;
        assert_eq!(r.size(), (1, 60), "the older went to make room");
        ask(&r, key(3), 500, &mut draws).await;
        assert_eq!(r.size(), (1, 500), "a GIF over the bound alone is kept until the next");
        ask(&r, key(3), 500, &mut draws).await;
        assert_eq!(draws, 3);
    }

    #[tokio::test]
    async fn a_failed_drawing_keeps_nothing() {
        let r = Replays::new(10, 100);
        let failed = r.get_or_draw(key(1), async || Err::<Animation, _>("no")).await;
        assert!(failed.is_err());
        assert_eq!(r.size(), (0, 0));
        let mut draws = 0;
        ask(&r, key(1), 10, &mut draws).await;
        assert_eq!(draws, 1);
    }
}
