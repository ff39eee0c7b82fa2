//! What the monkey does in a step: presses what people see, moves, commands, forgeries, faults.

use super::{EVE, Monkey};
use crate::fake::{Fault, Msg, User};
use crate::harness::GROUP;
use domino_core::chat::invariants;
use domino_core::session::Table;
use domino_core::view::{ButtonAction, ButtonData};
use rand::Rng;

impl Monkey {
    /// The bot's messages with buttons that `user` sees: the group's and their private chat's.
    fn visible(&self, user: &User) -> Vec<Msg> {
        self.fake.with(|st| {
            let mine = |m: &&Msg| m.chat == GROUP || m.chat == user.id;
            st.messages
                .values()
                .filter(|m| m.from_bot && !m.deleted)
                .filter(mine)
                .cloned()
                .collect()
        })
    }

    /// A random button of a message `user` sees, pressed (or its link opened).
    fn press_something(&mut self, user: &User) -> Option<String> {
        let buttons: Vec<(Msg, crate::fake::Button)> = self
            .visible(user)
            .into_iter()
            .flat_map(|m| m.buttons().into_iter().map(move |b| (m.clone(), b)))
            .collect();
        let (msg, button) = self.pick(&buttons)?.clone();
        self.did = format!("{} presses {:?} on {:?}", user.name, button, msg.text);
        match (button.data, button.url) {
            (Some(data), _) => Some(self.fake.forge(user, &msg, &data)),
            (None, Some(url)) if url.contains("start=") => {
                self.fake.open_link(user, &url);
                None
            }
            _ => None,
        }
    }

    /// Whoever is to move at a random table presses a random button of their hand.
    async fn move_somewhere(&mut self) -> Option<String> {
        let tables: Vec<Table> = self.service().all_tables().await;
        let playing: Vec<&Table> = tables.iter().filter(|t| t.to_move().is_some()).collect();
        let t = *self.pick(&playing)?;
        let person = t.seats[t.to_move()?].as_ref()?.person()?.id.id.clone();
        let user = self.people.iter().find(|u| u.id.to_string() == person)?.clone();
        let hand =
            crate::harness::where_shown(self.service(), t.id, &crate::harness::hand(&user)).await?;
        let msg = self.fake.with(|st| st.msg_at(hand.0, &hand.1))?;
        let data: Vec<String> = match msg.ephemeral {
            // What a person can press: not a disabled tile, nor a hand no longer on screen.
            Some(id) => self.fake.with(|st| {
                let e = st.ephemerals.get(&id).filter(|e| e.seen())?;
                Some(e.pressable().into_iter().filter_map(|b| b.data).collect())
            })?,
            None => msg.buttons().into_iter().filter_map(|b| b.data).collect(),
        };
        let data = self.pick(&data)?.clone();
        Some(self.fake.press_msg(&user, &msg, &data))
    }

    /// `user` presses «🔄» or «⏹» on one of their spectator's views (in the group, seen by
    /// them alone, or in their private chat); with none, they ask `/watch N`.
    async fn watch_something(&mut self, user: &User) -> Option<String> {
        let mut views = Vec::new();
        for t in self.service().all_tables().await {
            let audience = format!("watch:{}", user.id);
            if let Some(at) = crate::harness::where_shown(self.service(), t.id, &audience).await {
                views.extend(self.fake.with(|st| st.msg_at(at.0, &at.1)));
            }
        }
        let Some(msg) = self.pick(&views).cloned() else {
            let text = format!("/watch {}", self.rng.random_range(1..4));
            self.did = format!("{} says {text:?}", user.name);
            self.fake.say(GROUP, user, &text);
            return None;
        };
        let data: Vec<String> = msg.buttons().into_iter().filter_map(|b| b.data).collect();
        let data = self.pick(&data)?.clone();
        self.did = format!("{} presses {data} on their view {:?}", user.name, msg.text);
        Some(self.fake.press_msg(user, &msg, &data))
    }

    fn command(&mut self) -> String {
        let games = ["", "kozel", "козёл", "telefon", "osel", "морской", "classic", "шахматы"];
        let game = *self.pick(&games).unwrap();
        let n = self.rng.random_range(0..7);
        let t = self.rng.random_range(0..9);
        let garbage: String = (0..self.rng.random_range(1..12))
            .map(|_| char::from_u32(self.rng.random_range(0x20..0x450)).unwrap_or('?'))
            .collect();
        let all = [
            "/new".to_owned(),
            format!("/new {game} {n}"),
            format!("/new {game} {n} до 15"),
            "/new kozel 4 пары до 15".into(),
            "/new telefon 3 до 40".into(),
            "/new kozel deal=99".into(),
            "/new kozel 2 до 15 на вылет".into(),
            "/new kozel 4 пары до 15 очередь".into(),
            format!("/реванш {game} до 15"),
            format!("/rematch {t} до 21"),
            "/реванш до 99999".into(),
            "/duel bot до 15".into(),
            format!("/duel bot {game}"),
            "/duel @bob до 15".into(),
            "/duel @nobody".into(),
            "/stop".into(),
            format!("/stop {t}"),
            "/score".into(),
            format!("/score {t}"),
            "/top".into(),
            "/top kozel пары".into(),
            "/tables".into(),
            "/столы".into(),
            "/table".into(),
            format!("/table {t}"),
            format!("/перенести {t}"),
            format!("/table {}", self.pick(&["0", "99999999999", "-3", "x", "1 2"]).unwrap()),
            format!("/pings {}", self.pick(&["", "тихо", "нет", "mention", "громко?"]).unwrap()),
            format!("/watch {t}"),
            format!("/смотреть {t}"),
            "/watch".into(),
            format!("/watch {}", self.pick(&["0", "99999999999", "-3", "x"]).unwrap()),
            "/settings".into(),
            "/help".into(),
            format!("/rules {game}"),
            "/export".into(),
            "/review".into(),
            "/season".into(),
            "/season new".into(),
            "/me".into(),
            "/vs @Bob".into(),
            "/против @nobody".into(),
            "/history".into(),
            "/replay".into(),
            format!("/повтор {}", self.rng.random_range(0..40)),
            "/tournament".into(),
            format!("/турнир круг до 15 дней {}", self.rng.random_range(0..40)),
            format!("/tournament arena до 15 минут {}", self.rng.random_range(5..60)),
            "/метки".into(),
            "/метки козёл Рогатый".into(),
            format!("/tags champion {garbage}"),
            "/tags reset".into(),
            format!("/{garbage}"),
            garbage,
        ];
        self.pick(&all).unwrap().clone()
    }

    /// Callback data nobody was shown: made up, of no table, or drawn for an older version.
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
        match self.rng.random_range(0..4) {
            0 if !stale.is_empty() => self.pick(&stale).unwrap().clone(),
            1 => {
                let action = *self.pick(&[ButtonAction::Start, ButtonAction::End]).unwrap();
                ButtonData::new(self.rng.random_range(10_000..20_000), 0, action).encode()
            }
            2 => format!("1:{}:0:m.P9l", self.rng.random_range(0..9)),
            _ => (0..self.rng.random_range(1..=64))
                .map(|_| char::from(self.rng.random_range(b'!'..=b'~')))
                .collect(),
        }
    }

    /// One random step; returns the callback queries it made and whether all of them must be
    /// refused (forged, stale, a stranger's).
    pub(super) async fn act(&mut self, roll: u32) -> (Vec<String>, bool) {
        let user = self.pick(&self.people.clone()).unwrap().clone();
        self.did = String::from("nothing");
        match roll {
            0..10 => (self.disrupt(&user).await, false),
            10..30 => match self.press_something(&user) {
                Some(cb) => (vec![cb], false),
                None => {
                    let text = self.command();
                    self.did = format!("{} says {text:?}", user.name);
                    self.fake.say(GROUP, &user, &text);
                    (Vec::new(), false)
                }
            },
            30..55 => (self.move_somewhere().await.into_iter().collect(), false),
            55..70 => {
                let text = self.command();
                let at = if self.rng.random_bool(0.9) { GROUP } else { user.id };
                self.did = format!("{} says {text:?} in {at}", user.name);
                self.fake.say(at, &user, &text);
                (Vec::new(), false)
            }
            70..72 => (self.watch_something(&user).await.into_iter().collect(), false),
            72..73 => {
                self.did = format!("{} opens the private chat", user.name);
                self.fake.say(user.id, &user, "/start");
                (Vec::new(), false)
            }
            73..74 => {
                // Everybody at once: more than the group may be sent in a window.
                let n = self.rng.random_range(10..22);
                self.did = format!("a burst of {n} commands");
                for _ in 0..n {
                    let who = self.pick(&self.people.clone()).unwrap().clone();
                    let text = *self.pick(&["/help", "/score", "/top", "/rules"]).unwrap();
                    self.fake.say(GROUP, &who, text);
                }
                (Vec::new(), false)
            }
            74..82 => {
                // A stranger presses a group button or opens a join link he was given.
                let cb = self.press_something(&EVE);
                (cb.into_iter().collect(), true)
            }
            82..92 => {
                let data = self.forged().await;
                let msgs = self.visible(&user);
                let Some(msg) = self.pick(&msgs).cloned() else { return (Vec::new(), false) };
                (vec![self.fake.forge(&user, &msg, &data)], true)
            }
            92..98 => {
                let methods =
                    ["sendMessage", "editMessageText", "answerCallbackQuery", "deleteMessage"];
                let method = *self.pick(&methods).unwrap();
                let fault = match self.rng.random_bool(0.5) {
                    true => Fault::TooMany { retry_after: 1 },
                    false => Fault::Unavailable,
                };
                let times = self.rng.random_range(1..3);
                self.fake.fail(method, self.rng.random_bool(0.5).then_some(GROUP), fault, times);
                (Vec::new(), false)
            }
            _ => {
                self.restart().await;
                (Vec::new(), false)
            }
        }
    }
}
