//! The memory store's tallies (what `/me` and `/vs` read): a chat's kept in memory, added to by
//! each finished match and rebuilt from the chat's matches when it moves; and its records read
//! a page at a time.

use super::Inner;
use crate::ids::{ChatId, UserId};
use crate::standings::{ChatTally, MatchTally, PersonTally, PlayedMatch, Span};

impl Inner {
    /// Adds the match `m`, the `matches` row `id` (as the SQL stores number them), to its
    /// chat's tallies.
    pub(super) fn add_tally(&mut self, chat: &ChatId, m: &PlayedMatch, id: i64) {
        let tally = MatchTally::of(m.variant, &m.players, id);
        self.tallies.entry(chat.clone()).or_default().add(&tally);
    }

    /// The chat's tallies worked out again from its matches (after its history moved).
    pub(super) fn rebuild_tally(&mut self, chat: &ChatId) {
        let mut tally = ChatTally::default();
        for (at, (c, m)) in self.played.iter().enumerate() {
            if c == chat {
                tally.add(&MatchTally::of(m.variant, &m.players, at as i64 + 1));
            }
        }
        self.tallies.insert(chat.clone(), tally);
    }

    pub(super) fn person_tally(&self, chat: &ChatId, user: &UserId) -> PersonTally {
        self.tallies.get(chat).map(|t| t.person(user)).unwrap_or_default()
    }

    /// `Store::records_before`: keys are the matches' places in `played`, from 1.
    pub(super) fn records_before(
        &self,
        chat: &ChatId,
        span: Span,
        before: Option<i64>,
        limit: u32,
    ) -> Vec<(i64, serde_json::Value)> {
        let end = before.map_or(self.played.len(), |b| (b.max(1) - 1) as usize);
        let of = |(c, m): &(ChatId, PlayedMatch)| {
            c == chat && (span.key() == 0 || m.season == span.key())
        };
        let found = self.played[..end.min(self.played.len())]
            .iter()
            .zip(&self.match_records)
            .enumerate()
            .rev()
            .filter(|(_, (p, _))| of(p));
        found.take(limit as usize).map(|(at, (_, r))| (at as i64 + 1, r.clone())).collect()
    }
}
