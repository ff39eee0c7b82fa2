//! The monkey's checks after a step: answered within 3 s, Discord's sizes, no hidden tiles shown.

use super::Monkey;
use crate::harness::*;
use domino_core::chat::invariants;
use serde_json::Value;
use std::time::{Duration, Instant};

impl Monkey {
    /// Every interaction answered within Discord's 3 s of being handed to the bot.
    pub(super) async fn answered(&mut self, made: &[(String, Player)]) {
        let end = Instant::now() + Duration::from_secs(5);
        for (token, _) in made {
            loop {
                let a = self.fake.answered(token);
                if let (Some(handed), Some(at)) = (a.handed, a.answered) {
                    let took = at.duration_since(handed);
                    assert!(
                        took <= Duration::from_secs(3),
                        "{}: answered after {took:?}",
                        self.at()
                    );
                    break;
                }
                assert!(Instant::now() < end, "{}: {token} never answered", self.at());
                tokio::time::sleep(Duration::from_millis(2)).await;
            }
        }
    }

    /// Until the bot has sent nothing for a while.
    pub(super) async fn quiet(&self) {
        let mut seen = usize::MAX;
        let mut still = 0;
        while still < 15 {
            tokio::time::sleep(Duration::from_millis(2)).await;
            let now = self.fake.requests().len();
            still = if now == seen { still + 1 } else { 0 };
            seen = now;
        }
    }

    /// The sizes of every message body sent since the last check, no tile of a hand in a
    /// message the channel sees, and no call through a token past its 15 minutes.
    pub(super) async fn check_sent(&mut self, made: &[(String, Player)]) {
        let at = self.at();
        let expired = self.fake.expired_calls();
        assert!(expired.is_empty(), "{at}: calls through tokens past 15 minutes: {expired:?}");
        for (token, who) in made {
            let a = self.fake.answered(token);
            for m in a.original.into_iter().chain(a.followups) {
                self.owner.entry(m).or_insert(who.id);
            }
        }
        let requests = self.fake.requests();
        for r in &requests[self.checked..] {
            let body = if r.path.ends_with("/callback") { &r.body["data"] } else { &r.body };
            self.check_body(&at, body);
        }
        self.checked = requests.len();
        let mut now = Vec::new();
        for id in self.tables.clone() {
            if let Ok(Some(t)) = self.service().table(id).await {
                now.push(t);
            }
        }
        let allowed = self.public.allowed(&now);
        for m in self.fake.messages() {
            let from = self.states.insert(m.id, m.history.len()).unwrap_or(0);
            if m.ephemeral() || m.channel != CHANNEL {
                continue;
            }
            for state in &m.history[from..] {
                let mut text = state["content"].as_str().unwrap_or_default().to_owned();
                for e in state["embeds"].as_array().into_iter().flatten() {
                    text.push_str(e["description"].as_str().unwrap_or_default());
                }
                let hidden = invariants::tiles_named(&text).difference(allowed);
                assert!(
                    hidden.is_empty(),
                    "{at}: the channel sees tiles not on a table ({:?}):\n{text}",
                    hidden.iter().collect::<Vec<_>>()
                );
            }
        }
    }

    fn check_body(&mut self, at: &str, body: &Value) {
        if let Some(c) = body["content"].as_str() {
            assert!(c.chars().count() <= 2000, "{at}: content too long: {c}");
        }
        for e in body["embeds"].as_array().into_iter().flatten() {
            let d = e["description"].as_str().unwrap_or_default();
            assert!(d.chars().count() <= 4096, "{at}: an embed too long: {d}");
            let t = e["title"].as_str().unwrap_or_default();
            assert!(t.chars().count() <= 256, "{at}: a title too long: {t}");
        }
        let rows = body["components"].as_array().cloned().unwrap_or_default();
        assert!(rows.len() <= 5, "{at}: {} rows of components", rows.len());
        for row in &rows {
            let cs = row["components"].as_array().cloned().unwrap_or_default();
            assert!(cs.len() <= 5, "{at}: {} components in a row", cs.len());
            for c in &cs {
                if let Some(id) = c["custom_id"].as_str() {
                    assert!(id.chars().count() <= 100, "{at}: custom id {id:?}");
                    self.drawn.insert(id.to_owned());
                }
                for o in c["options"].as_array().into_iter().flatten() {
                    let v = o["value"].as_str().unwrap_or_default();
                    assert!(v.chars().count() <= 100, "{at}: a choice's value {v:?}");
                }
            }
        }
    }
}
