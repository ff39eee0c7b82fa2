//! What the monkey checks after a step: answers in time, sizes, the group's budget, hidden tiles
//! (in texts, captions, and no hand's picture in a message the group sees).

use super::{Monkey, PACING};
use crate::harness::{GROUP, chat};
use domino_core::chat::invariants;
use domino_core::engine::tile::TileSet;
use domino_core::store::Store;
use std::collections::BTreeMap;
use std::time::Duration;
use tokio::time::Instant;

impl Monkey {
    /// Waits for the answers to `presses` and checks each came within 3 s of the press being
    /// handed to the bot.
    pub(super) async fn answered(&mut self, presses: &[String]) {
        let end = Instant::now() + Duration::from_secs(5);
        for cb in presses {
            loop {
                let got = self.fake.with(|st| {
                    let handed = st.handed.get(cb).copied();
                    st.answers.get(cb).map(|a| (a.at, handed))
                });
                if let Some((at, handed)) = got {
                    let handed = handed.expect("a press answered was handed out");
                    let took = at.duration_since(handed);
                    assert!(
                        took <= Duration::from_secs(3),
                        "{}: {cb} answered after {took:?}",
                        self.at()
                    );
                    self.slowest = self.slowest.max(took);
                    break;
                }
                assert!(Instant::now() < end, "{}: {cb} never answered", self.at());
                tokio::time::sleep(Duration::from_millis(2)).await;
            }
        }
    }

    /// The sizes of everything sent since the last check, the group's sends per window, and
    /// no tile of a hand in a group message.
    pub(super) async fn check_requests(&mut self) {
        let mut now = Vec::new();
        for id in self.tables.clone() {
            if let Ok(Some(t)) = self.service().table(id).await {
                now.push(t);
            }
        }
        let allowed = self.public.allowed(&now);
        let before = std::mem::take(&mut self.own);
        for t in &now {
            let Some(round) = t.live().and_then(|m| m.round()) else { continue };
            for (seat, occupant) in t.seats.iter().enumerate() {
                let Some(id) = occupant.as_ref().and_then(|o| o.person()) else { continue };
                let Ok(user) = id.id.id.parse::<i64>() else { continue };
                let held = self.own.entry(user).or_insert(TileSet::EMPTY);
                *held = held.union(round.hand(seat));
            }
        }
        let at = self.at();
        let requests = self.fake.with(|st| st.requests[self.checked..].to_vec());
        self.checked += requests.len();
        for r in &requests {
            let body = &r.body;
            // A photo's caption is a field of its own, or in the media an edit replaces.
            let media = body.get("media").and_then(|m| m.get("caption"));
            for (key, field) in [("text", body.get("text")), ("caption", body.get("caption"))]
                .into_iter()
                .chain([("caption", media)])
            {
                let Some(text) = field.and_then(|v| v.as_str()) else { continue };
                let max = if key == "text" { 4096 } else { 1024 };
                assert!(text.chars().count() <= max, "{at}: {} {key} too long: {text}", r.method);
                let named = invariants::tiles_named(text);
                if body["chat_id"].as_i64() == Some(GROUP) {
                    // A message only one person sees may name their own tiles, nobody else's.
                    let mut allowed = allowed;
                    if let Some(user) = receiver(body) {
                        let own = |m: &std::collections::BTreeMap<i64, TileSet>| {
                            m.get(&user).copied().unwrap_or(TileSet::EMPTY)
                        };
                        allowed = allowed.union(own(&before)).union(own(&self.own));
                    }
                    let hidden = named.difference(allowed);
                    assert!(
                        hidden.is_empty(),
                        "{at}: a group message names tiles not on a table nor in its reader's hand ({:?}):\n{text}",
                        hidden.iter().collect::<Vec<_>>()
                    );
                }
            }
            if r.method == "answercallbackquery"
                && let Some(text) = body.get("text").and_then(|v| v.as_str())
            {
                assert!(text.chars().count() <= 200, "{at}: a popup too long: {text}");
            }
            let markup = match body.get("reply_markup") {
                Some(serde_json::Value::String(s)) => serde_json::from_str(s).unwrap_or_default(),
                Some(v) => v.clone(),
                None => serde_json::Value::Null,
            };
            for row in markup["inline_keyboard"].as_array().into_iter().flatten() {
                for b in row.as_array().into_iter().flatten() {
                    if let Some(d) = b["callback_data"].as_str() {
                        assert!((1..=64).contains(&d.len()), "{at}: callback data {d:?}");
                        self.drawn.insert(d.to_owned());
                    }
                }
            }
        }
        // A hand's picture is shown to its owner alone: never a message the group sees.
        let hand_size = domino_core::view::picture::Style::default().hand;
        self.fake.with(|st| {
            let public = st.messages.values().filter(|m| m.chat == GROUP && !m.deleted);
            for m in public.filter(|m| m.photo.is_some()) {
                let size = crate::fake::media::png_size(m.photo.as_deref().unwrap_or_default());
                assert_ne!(size, hand_size, "{at}: a hand's picture in the group: {}", m.text);
            }
        });
        // The group's own messages; a message one member alone sees (ephemeral) has a budget of
        // its own (`Pacing::ephemeral_limit`), and an answer to a person's own press waits for
        // none (Telegram's 15 s).
        let sends: Vec<Instant> = self.fake.with(|st| {
            let send = |m: &str| m.starts_with("send") && m != "sendchataction";
            let ephemeral = |b: &serde_json::Value| !b["ephemeral_message_parameters"].is_null();
            st.requests
                .iter()
                .filter(|r| send(&r.method) && r.status == 200 && r.body["chat_id"] == GROUP)
                .filter(|r| !ephemeral(&r.body))
                .map(|r| r.at)
                .collect()
        });
        for (i, t) in sends.iter().enumerate() {
            let within = sends[i..].iter().filter(|u| u.duration_since(*t) < PACING.group_window);
            let n = within.count();
            self.fullest = self.fullest.max(n);
            assert!(n <= PACING.group_limit as usize, "{at}: {n} sends in the group in one window");
        }
    }

    /// Every table's version and the group's settings version.
    pub(super) async fn state(&self) -> (BTreeMap<i64, u64>, u64) {
        let settings = self.service().store().chat_settings(&chat(GROUP)).await;
        (invariants::versions(self.service()).await, settings.expect("settings").version)
    }

    /// The state once it no longer changes.
    pub(super) async fn still(&self) -> (BTreeMap<i64, u64>, u64) {
        let mut last = self.state().await;
        loop {
            tokio::time::sleep(Duration::from_millis(60)).await;
            self.fake.quiet().await;
            self.service().settled().await;
            let now = self.state().await;
            if now == last {
                return now;
            }
            last = now;
        }
    }
}

/// The one person an ephemeral send or edit is for (`None`: everybody in the chat sees it).
fn receiver(body: &serde_json::Value) -> Option<i64> {
    let params = match body.get("ephemeral_message_parameters") {
        Some(serde_json::Value::String(s)) => serde_json::from_str(s).ok()?,
        Some(v) => v.clone(),
        None => body.clone(),
    };
    params.get("receiver_user_id").and_then(|v| v.as_i64())
}
