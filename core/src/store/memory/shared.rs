//! What changed since a moment, the leases of due work and conditional meta writes, in memory
//! (as the SQL stores keep them; see [`crate::store::Store::claim`]).

use super::Inner;
use crate::session::Millis;
use crate::store::codec::now_millis;
use crate::store::{Stamp, Touched};

impl Inner {
    pub(super) fn touched_since(&self, since: Millis) -> Touched {
        let tables = self
            .touched
            .iter()
            .filter(|&(_, &at)| at >= since)
            .filter_map(|(&id, _)| {
                let (version, open, _) = self.snapshots.get(&id)?;
                Some(Stamp { id, version: *version, open: *open })
            })
            .collect();
        Touched { now: now_millis(), tables }
    }

    /// [`crate::store::Store::swap_meta`].
    pub(super) fn swap_meta(
        &mut self,
        key: &str,
        expected: Option<&str>,
        new: Option<&str>,
    ) -> bool {
        if self.meta.get(key).map(String::as_str) != expected {
            return false;
        }
        match new {
            Some(v) => self.meta.insert(key.to_owned(), v.to_owned()),
            None => self.meta.remove(key),
        };
        true
    }

    pub(super) fn claim(
        &mut self,
        ids: &[i64],
        owner: &str,
        now: Millis,
        until: Millis,
    ) -> Vec<i64> {
        let mut ids = ids.to_vec();
        ids.sort_unstable();
        ids.dedup();
        ids.retain(|id| {
            let free = self.leases.get(id).is_none_or(|(who, end)| *end <= now || who == owner);
            if free {
                self.leases.insert(*id, (owner.to_owned(), until));
            }
            free
        });
        ids
    }
}
