//! What Telegram does to ephemeral hands, at random: a delivery accepted and never shown, a
//! person's app restarted (every ephemeral message gone from their screen), the clock jumped
//! past the 15 s in which a press lets any bot write to its presser, the bot made and unmade an
//! administrator. After each, a person at a table in play presses «My tiles» and must get their
//! hand back on their screen: the table never stalls for want of a hand.

use super::Monkey;
use crate::fake::User;
use crate::harness::{GROUP, chat, hand, where_shown};
use domino_core::session::Phase;
use rand::Rng;
use std::time::Duration;

/// Presses of «My tiles» a person makes before their hand must be back (a lost delivery
/// still pending may swallow the first ones).
const TRIES: usize = 4;

/// What the monkey did to ephemeral messages, for its report.
#[derive(Default, Debug)]
pub(super) struct Disrupted {
    /// Deliveries set to be lost, and how many of them were.
    pub lost: u32,
    pub lost_for_real: u32,
    pub app_restarts: u32,
    pub clock_jumps: u32,
    pub demotions: u32,
    /// «My tiles» presses that brought a hand back, and how many took more than one.
    pub recovered: u32,
    pub retried: u32,
}

impl Monkey {
    /// One disruption of ephemeral messages, then «My tiles» for someone at a table in play;
    /// returns the presses made.
    pub(super) async fn disrupt(&mut self, user: &User) -> Vec<String> {
        match self.rng.random_range(0..4) {
            0 => {
                // At most two pending at once, fewer than the presses a person makes: losses
                // set while nobody's hand is sent would otherwise pile up.
                let n: u32 = self.rng.random_range(1..3);
                let pending = self.fake.with(|st| st.lose_ephemerals);
                let n = n.saturating_sub(pending);
                self.did = format!("the next {n} ephemeral deliveries more are lost");
                self.fake.lose_ephemerals(n);
                self.disrupted.lost += n;
            }
            1 => {
                self.did = format!("{}'s app restarts", user.name);
                self.fake.restart_app(user);
                self.disrupted.app_restarts += 1;
            }
            2 => {
                let by = Duration::from_secs(self.rng.random_range(16..60));
                self.did = format!("the clock jumps {by:?}");
                self.fake.advance(by);
                self.disrupted.clock_jumps += 1;
            }
            _ => {
                let (admin, tell) = (self.rng.random_bool(0.5), self.rng.random_bool(0.5));
                self.did = format!("the bot is made admin {admin} (told {tell})");
                self.fake.bot_admin(GROUP, admin, tell);
                self.disrupted.demotions += u32::from(!admin);
            }
        }
        self.my_tiles_brings_a_hand_back().await
    }

    /// Someone seated at a table in play presses «My tiles» until their hand is on their
    /// screen, at most [`TRIES`] times.
    async fn my_tiles_brings_a_hand_back(&mut self) -> Vec<String> {
        self.service().settled().await;
        self.fake.quiet().await;
        let tables = self.service().tables_in(&chat(GROUP)).await;
        let mut seated = Vec::new();
        for t in tables.iter().filter(|t| t.phase == Phase::Playing) {
            for (_, p) in t.humans() {
                if let Some(u) = self.people.iter().find(|u| u.id.to_string() == p.id.id) {
                    seated.push((t.id, u.clone()));
                }
            }
        }
        let Some((id, user)) = self.pick(&seated).cloned() else { return Vec::new() };
        let at = format!("{} ({} presses «My tiles» at table {id})", self.at(), user.name);
        let mut presses = Vec::new();
        for attempt in 0..TRIES {
            let public = crate::harness::shown(&self.fake, self.service(), id, "public").await;
            let Some(button) = public.button("🎴").and_then(|b| b.data) else {
                panic!("{at}: no «My tiles» on the table: {:?}", public.buttons())
            };
            let cb = self.fake.press_msg(&user, &public, &button);
            presses.push(cb.clone());
            self.answered(&[cb]).await;
            self.service().settled().await;
            self.fake.quiet().await;
            if self.sees_hand(id, &user).await {
                self.disrupted.recovered += 1;
                self.disrupted.retried += u32::from(attempt > 0);
                return presses;
            }
        }
        let shown = where_shown(self.service(), id, &hand(&user)).await;
        panic!(
            "{at}: {TRIES} presses of «My tiles» and no hand on their screen (kept at {shown:?})"
        );
    }

    /// Whether `user` sees their hand of table `id` now (in the group, or their private chat).
    async fn sees_hand(&self, id: i64, user: &User) -> bool {
        let Some((c, m)) = where_shown(self.service(), id, &hand(user)).await else {
            return false;
        };
        self.fake.with(|st| match m.strip_prefix('e') {
            Some(e) => e
                .parse()
                .ok()
                .and_then(|e: i64| st.ephemerals.get(&e))
                .is_some_and(|e| e.seen() && e.user == user.id),
            None => m.parse().ok().and_then(|m| st.message(c, m)).is_some_and(|m| !m.deleted),
        })
    }
}
