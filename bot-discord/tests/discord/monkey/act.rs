//! The monkey's moves: presses, slash commands, forged ids, faults, time passing, restarts.

use super::{Monkey, Press, seeded};
use crate::fake::Msg;
use crate::harness::*;
use crate::payloads::{self, opt, resolved_user, user_opt};
use domino_core::chat::invariants;
use domino_core::view::{ButtonAction, ButtonData};
use rand::Rng;
use serde_json::Value;
use std::sync::Arc;
use std::time::{Duration, Instant};

impl Monkey {
    /// The components `who` sees: the channel's messages and their own ephemeral ones.
    fn visible(&mut self, who: Player) -> Vec<Press> {
        let mut out = Vec::new();
        for m in self.fake.messages() {
            let seen = match m.ephemeral() {
                true => self.owner.get(&m.id) == Some(&who.id),
                false => m.channel == CHANNEL,
            };
            if !seen || m.deleted {
                continue;
            }
            for row in m.components.as_array().into_iter().flatten() {
                for c in row["components"].as_array().into_iter().flatten() {
                    let Some(id) = c["custom_id"].as_str() else { continue };
                    let values: Vec<String> = c["options"]
                        .as_array()
                        .into_iter()
                        .flatten()
                        .filter_map(|o| o["value"].as_str().map(str::to_owned))
                        .collect();
                    let chosen = (c["type"] == 3).then(|| {
                        let n = c["max_values"].as_u64().unwrap_or(1).max(1) as usize;
                        let n = self.rng.random_range(1..=n.min(values.len()).max(1));
                        values.iter().take(n).cloned().collect()
                    });
                    out.push((m.clone(), id.to_owned(), chosen));
                }
            }
        }
        out
    }

    fn push_press(&mut self, channel: u64, who: Player, p: &Press) -> String {
        self.did =
            format!("{} presses {:?} {:?} in {channel} on {:?}", who.name, p.1, p.2, p.0.text());
        let id = self.fake.id();
        let token = format!("token-{id}");
        let message = crate::fake::message_json(&p.0);
        let v = match &p.2 {
            Some(values) => {
                let values: Vec<&str> = values.iter().map(String::as_str).collect();
                payloads::choices(id, &token, channel, who.member(), &p.1, &values, message)
            }
            None => payloads::button(id, &token, channel, who.member(), &p.1, message),
        };
        self.fake.push(v);
        token
    }

    fn slash(&mut self, who: Player) -> String {
        let games = ["kozel", "telefon", "osel", "morskoy", "classic", "шахматы"];
        let game = *self.pick(&games).unwrap();
        let subs = [
            "new",
            "new",
            "new",
            "duel",
            "duel",
            "rematch",
            "stop",
            "score",
            "top",
            "tables",
            "table",
            "pings",
            "settings",
            "help",
            "rules",
            "export",
            "review",
            "season",
            "me",
            "vs",
            "history",
            "replay",
            "watch",
            "watch",
            "tournament",
            "tournament",
            "nonsense",
        ];
        let sub = *self.pick(&subs).unwrap();
        let mut options = Vec::new();
        let mut resolved = Value::Null;
        match sub {
            "new" => {
                options.push(opt("game", game));
                if self.rng.random_bool(0.6) {
                    options.push(opt("players", self.rng.random_range(1..6)));
                }
                if self.rng.random_bool(0.2) {
                    options.push(opt("pairs", true));
                }
                if self.rng.random_bool(0.7) {
                    options.push(opt("target", self.rng.random_range(10..30)));
                }
                if self.rng.random_bool(0.1) {
                    options.push(opt("options", "deal=99 яйца"));
                } else if self.rng.random_bool(0.2) {
                    options.push(opt("options", *self.pick(&["на вылет", "queue"]).unwrap()));
                }
            }
            "duel" => match self.rng.random_bool(0.6) {
                true => {
                    options.push(opt("computer", true));
                    options.push(opt("target", 15));
                }
                false => {
                    let other = *self.pick(&self.people.clone()).unwrap();
                    options.push(user_opt("opponent", other.id));
                    resolved = resolved_user(other.user());
                }
            },
            "vs" => {
                let other = *self.pick(&self.people.clone()).unwrap();
                options.push(user_opt("opponent", other.id));
                resolved = resolved_user(other.user());
            }
            // A round robin or an arena (now and then with a number out of range); without a
            // format, the chat's tournament shown with its buttons.
            "tournament" => match self.rng.random_range(0..3) {
                0 => {
                    options.push(opt("format", "round"));
                    options.push(opt("target", 15));
                    options.push(opt("days", self.rng.random_range(0..40)));
                }
                1 => {
                    options.push(opt("format", "arena"));
                    options.push(opt("target", 15));
                    options.push(opt("minutes", self.rng.random_range(5..60)));
                }
                _ => {}
            },
            // Now and then a match further back than the history goes, or out of range.
            "replay" if self.rng.random_bool(0.5) => {
                options.push(opt("match", self.rng.random_range(0..40)));
            }
            // The host's rematch with other rules (anyone else is refused), or past the bounds.
            "rematch" => {
                options.push(opt("target", *self.pick(&[15, 21, 0, 100_000]).unwrap()));
                if self.rng.random_bool(0.3) {
                    options.push(opt("game", game));
                }
            }
            "stop" | "score" if self.rng.random_bool(0.5) => {
                options.push(opt("table", self.rng.random_range(0..6)));
            }
            "pings" if self.rng.random_bool(0.7) => {
                options.push(opt("mode", *self.pick(&["mention", "quiet", "off"]).unwrap()));
            }
            // A table watched (again: stopped), now and then an absurd number or none.
            "watch" => match self.rng.random_range(0..5) {
                0 => {}
                1 => options
                    .push(opt("table", *self.pick(&[0, 1_000_000, 5_000_000_000i64]).unwrap())),
                _ => options.push(opt("table", self.rng.random_range(1..6))),
            },
            // A table brought back: mostly one that may be open, now and then an absurd number.
            "table" => match self.rng.random_range(0..4) {
                0 => {}
                1 => options
                    .push(opt("number", *self.pick(&[0, 1_000_000, 5_000_000_000i64]).unwrap())),
                _ => options.push(opt("number", self.rng.random_range(1..6))),
            },
            _ => {}
        }
        self.did = format!("{} sends /domino {sub} {options:?}", who.name);
        let id = self.fake.id();
        let token = format!("token-{id}");
        let v = payloads::command(id, &token, CHANNEL, who.member(), sub, options, resolved);
        self.fake.push(v);
        token
    }

    /// A custom id nobody was shown: made up, of no table, or drawn for an older version.
    async fn forged(&mut self) -> String {
        let current = invariants::versions(self.service()).await;
        let stale: Vec<String> = self
            .drawn
            .iter()
            .filter(|d| match ButtonData::decode(d) {
                Ok(b) => current.get(&b.table).is_none_or(|&v| v > b.version),
                Err(_) => false,
            })
            .cloned()
            .collect();
        match self.rng.random_range(0..3) {
            0 if !stale.is_empty() => self.pick(&stale).unwrap().clone(),
            1 => {
                let action = *self.pick(&[ButtonAction::Start, ButtonAction::Join]).unwrap();
                ButtonData::new(self.rng.random_range(10_000..20_000), 0, action).encode()
            }
            _ => (0..self.rng.random_range(1..=100))
                .map(|_| char::from(self.rng.random_range(b'!'..=b'~')))
                .collect(),
        }
    }

    /// The person a turn ping calls plays: mostly a move on their newest hand that offers one
    /// (kept current by the bot, or left behind), now and then on an older one, else «My
    /// tiles» on the ping.
    fn play_turn(&mut self) -> Option<(String, Player)> {
        let is = |id: &str, hand: bool| {
            ButtonData::decode(id).is_ok_and(|d| match hand {
                true => d.action == ButtonAction::Hand,
                false => matches!(d.action, ButtonAction::Move(_)),
            })
        };
        let pings: Vec<Msg> = self
            .fake
            .channel_messages(CHANNEL)
            .into_iter()
            .filter(|m| !m.deleted && m.embeds.as_array().is_none_or(Vec::is_empty))
            .filter(|m| m.buttons().iter().any(|(_, id)| is(id, true)))
            .collect();
        let ping = self.pick(&pings)?.clone();
        let who = *self.people.iter().find(|p| Some(p.id) == mention(&ping))?;
        let hands: Vec<Msg> = self
            .fake
            .messages()
            .into_iter()
            .filter(|m| m.ephemeral() && self.owner.get(&m.id) == Some(&who.id))
            .filter(|m| m.buttons().iter().any(|(_, id)| is(id, false)))
            .collect();
        let hand = match self.rng.random_range(0..10) {
            0..8 => hands.last().cloned(),
            _ => self.pick(&hands).cloned(),
        };
        let press = match hand {
            Some(hand) => {
                let moves: Vec<String> = hand
                    .buttons()
                    .into_iter()
                    .map(|(_, id)| id)
                    .filter(|id| is(id, false))
                    .collect();
                let id = self.pick(&moves)?.clone();
                (hand, id, None)
            }
            None => {
                let id = ping.buttons().into_iter().map(|(_, id)| id).find(|id| is(id, true))?;
                (ping, id, None)
            }
        };
        self.hand_presses.0 += usize::from(press.0.ephemeral());
        self.hand_presses.1 += usize::from(press.0.ephemeral() && press.0.history.len() > 1);
        Some((self.push_press(CHANNEL, who, &press), who))
    }

    /// One random step: the interactions it made (token, who) and whether they must all be
    /// refused.
    pub(super) async fn act(&mut self) -> (Vec<(String, Player)>, bool) {
        let who = *self.pick(&self.people.clone()).unwrap();
        let mut roll = self.rng.random_range(0..100);
        if roll < 92 && self.visible(who).is_empty() {
            // Nothing to press yet: a command instead.
            roll = 52;
        }
        match roll {
            0..52 => {
                if roll < 25
                    && let Some(made) = self.play_turn()
                {
                    return (vec![made], false);
                }
                let seen = self.visible(who);
                let Some(p) = self.pick(&seen).cloned() else { return (Vec::new(), false) };
                if p.0.ephemeral() {
                    // A hand the bot kept current (edited since it was sent), or one left behind.
                    self.hand_presses.0 += 1;
                    self.hand_presses.1 += usize::from(p.0.history.len() > 1);
                }
                (vec![(self.push_press(CHANNEL, who, &p), who)], false)
            }
            52..72 => (vec![(self.slash(who), who)], false),
            72..80 => {
                // A table's button pressed as seen from another channel.
                let seen = self.visible(who);
                let Some(p) = self.pick(&seen).cloned() else { return (Vec::new(), false) };
                let refused = p.2.is_none() && !p.0.ephemeral();
                (vec![(self.push_press(OTHER_CHANNEL, who, &p), who)], refused)
            }
            80..92 => {
                let id = self.forged().await;
                let seen = self.visible(who);
                let Some(p) = self.pick(&seen).cloned() else { return (Vec::new(), false) };
                // An old move its (old) hand does offer may still be taken (a hand behind the
                // table); anything else is refused.
                let offered = p.0.buttons().iter().any(|(_, b)| *b == id);
                let a_move = ButtonData::decode(&id)
                    .is_ok_and(|d| matches!(d.action, ButtonAction::Move(_)));
                let refused = !(offered && a_move);
                (vec![(self.push_press(CHANNEL, who, &(p.0, id, None)), who)], refused)
            }
            92..95 => {
                let status = *self.pick(&[429, 500, 502]).unwrap();
                let path = *self.pick(&["/channels", "/webhooks"]).unwrap();
                self.fake.fail(path, status, self.rng.random_range(1..3));
                (Vec::new(), false)
            }
            95..98 => {
                // Time passes: turn timers and waiting challenges run out; now and then the
                // tokens that keep hands current too (15 minutes).
                let ms = match self.rng.random_bool(0.3) {
                    true => self.rng.random_range(14 * 60_000..20 * 60_000),
                    false => self.rng.random_range(1_000..120_000),
                };
                self.clock.advance(ms);
                self.service().fire_due().await;
                (Vec::new(), false)
            }
            _ => {
                self.restart().await;
                (Vec::new(), false)
            }
        }
    }

    async fn restart(&mut self) {
        let bot = self.bot.take().expect("a running bot");
        let service = bot.service.clone();
        bot.stop().await;
        // The client's tasks end a moment after `run_until` returns.
        let mut service = service;
        let end = Instant::now() + Duration::from_secs(3);
        let service = loop {
            match Arc::try_unwrap(service) {
                Ok(s) => break s,
                Err(s) if Instant::now() < end => service = s,
                Err(s) => panic!(
                    "{}: the bot holds the service ({} holders)",
                    self.at(),
                    Arc::strong_count(&s)
                ),
            }
            tokio::time::sleep(Duration::from_millis(10)).await;
        };
        let store = service.into_store();
        store.close().await;
        self.restarts += 1;
        let first = self.seed * 1_000 + self.restarts * 100;
        let service = seeded(&self.path, self.clock.clone(), first).await;
        self.bot = Some(Bot::start(&self.fake, service).await);
    }
}
