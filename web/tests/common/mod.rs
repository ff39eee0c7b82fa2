//! What the pages' tests share: a group of two people on Telegram whose matches are played
//! through the chat layer (the door: commands and presses, as an adapter makes them), on a
//! memory store and a manual clock, and its pages served by the router under one token.

#![allow(dead_code)]

use domino_core::chat::{
    Answer, Asker, ButtonAction, ButtonData, Door, Presence, Request, scenario,
};
use domino_core::engine::tile::{Tile, TileSet};
use domino_core::service::{CountingSeeds, ManualClock, Options, Service};
use domino_core::session::{ChatId, Person, Phase, Platform, Simple, Table, UserId};
use domino_core::store::{MemoryStore, Store};
use domino_web::{FixedTokens, Screens};
use std::collections::HashMap;
use std::sync::Arc;
use std::time::Duration;

pub const TOKEN: &str = "t0ken-of-the-office";

pub struct League<S: Store = MemoryStore> {
    pub svc: Arc<Service<S>>,
    pub door: Door,
    pub chat: ChatId,
    pub people: [Person; 2],
}

impl League {
    /// A fresh group whose deals come from `seed`.
    pub async fn new(seed: u64) -> League {
        let clock = Arc::new(ManualClock::new(1_700_000_000_000));
        let options = Options { robot_pause: Duration::ZERO, ..Options::default() };
        let seeds = Arc::new(CountingSeeds::new(seed));
        let svc = Service::start_with(MemoryStore::new(), Arc::new(Simple), clock, seeds, options)
            .await
            .expect("a service");
        League::over(svc)
    }
}

impl<S: Store> League<S> {
    /// The group, served by `svc` (one process of several, say).
    pub fn over(svc: Arc<Service<S>>) -> League<S> {
        let person = |n: u32, name: &str| {
            Person::new(UserId::new(Platform::Telegram, format!("{}", 500 + n)), name)
        };
        League {
            door: Door::new(svc.clone()),
            svc,
            chat: ChatId::new(Platform::Telegram, "-1005"),
            people: [person(1, "Анна"), person(2, "Борис")],
        }
    }

    pub fn asker(&self, i: usize) -> Asker {
        Asker {
            invitee_in_chat: Some(Presence::In),
            admin: i == 0,
            ..Asker::member(self.chat.clone(), self.people[i].clone())
        }
    }

    pub async fn ask(&self, i: usize, cmd: &str, args: serde_json::Value) -> Answer {
        let (cmd, args) = scenario::Scenario::args(cmd, args.as_object().expect("an object"));
        self.door.handle(&self.asker(i), Request::Command(cmd, args)).await
    }

    async fn press(&self, i: usize, data: ButtonData) -> Answer {
        self.door.handle(&self.asker(i), Request::press(data.encode())).await
    }

    /// Anna opens a classic table for two to `target`, Boris joins, Anna starts: its id.
    pub async fn open(&self, target: u32) -> i64 {
        let args = serde_json::json!({"game": "classic", "players": 2, "target": target});
        self.ask(0, "new", args).await;
        let t = self.svc.tables_in(&self.chat).await.pop().expect("a table opened");
        self.press(1, ButtonData::new(t.id, t.version, ButtonAction::Join)).await;
        let t = self.table(t.id).await;
        self.press(0, ButtonData::new(t.id, t.version, ButtonAction::Start)).await;
        assert_eq!(self.table(t.id).await.phase, Phase::Playing, "the match started");
        t.id
    }

    pub async fn table(&self, id: i64) -> Table {
        self.svc.table(id).await.expect("the store").expect("the table")
    }

    /// One move at table `id` by whoever is to move, the `pick`th of their hand's move
    /// buttons (wrapping): whether one was made (`false` once the match is over).
    pub async fn step(&self, id: i64, pick: usize) -> bool {
        let t = self.table(id).await;
        if t.phase != Phase::Playing {
            return false;
        }
        let Some(seat) = t.to_move() else { return false };
        let who = t.humans().find(|(s, _)| *s == seat).expect("a person to move").1.clone();
        let i = self.people.iter().position(|p| p.id == who.id).expect("one of ours");
        let show = self.door.show(id).await.expect("the table shows");
        let hand = show.hand_of(&who.id).expect("the mover's hand");
        let moves: Vec<ButtonData> = hand
            .buttons
            .iter()
            .flatten()
            .map(|(_, d)| *d)
            .filter(|d| matches!(d.action, ButtonAction::Move(_)))
            .collect();
        let data = match moves.len() {
            0 => scenario::first_move(hand).expect("a move"),
            n => moves[pick % n],
        };
        self.press(i, data).await;
        true
    }

    /// Plays table `id`'s match to its end.
    pub async fn play_out(&self, id: i64) {
        let mut n = 0;
        while self.step(id, n).await {
            n += 1;
            assert!(n < 5_000, "the match ends");
        }
    }

    /// The pages of this chat under [`TOKEN`], looking for changes every `poll`.
    pub fn router(&self, poll: Duration) -> axum::Router {
        let tokens = FixedTokens(HashMap::from([(TOKEN.to_owned(), self.chat.clone())]));
        let screens = Screens::new(self.door.clone(), Arc::new(tokens), "test-1");
        domino_web::router(screens.polling_every(poll))
    }
}

/// The tiles on table `t`'s board now.
pub fn on_table(t: &Table) -> TileSet {
    t.live().and_then(|m| m.round()).map_or(TileSet::EMPTY, |r| r.board().on_table())
}

/// Every `[a|b]` in `text`, and how many `a|b` were not bracketed (as core's
/// `views/hidden.rs` reads them).
pub fn tiles_in(text: &str) -> (Vec<Tile>, usize) {
    let c: Vec<char> = text.chars().collect();
    let (mut tiles, mut loose) = (Vec::new(), 0);
    for i in 1..c.len().saturating_sub(1) {
        if c[i] != '|' || !c[i - 1].is_ascii_digit() || !c[i + 1].is_ascii_digit() {
            continue;
        }
        let mut a = i;
        while a > 0 && c[a - 1].is_ascii_digit() {
            a -= 1;
        }
        let mut b = i + 1;
        while b < c.len() && c[b].is_ascii_digit() {
            b += 1;
        }
        let half = |s: &[char]| -> Option<u8> {
            let n: u8 = s.iter().collect::<String>().parse().ok()?;
            (s.len() <= 2 && (s.len() == 1 || s[0] != '0') && n <= 18).then_some(n)
        };
        let bracketed = a >= 1 && c[a - 1] == '[' && c.get(b) == Some(&']');
        match (bracketed, half(&c[a..i]), half(&c[i + 1..b])) {
            (true, Some(x), Some(y)) => tiles.push(Tile::new(x, y)),
            _ => loose += 1,
        }
    }
    (tiles, loose)
}

/// The version a tables fragment shows (its `data-version`), if it shows a table.
pub fn version_in(html: &str) -> Option<u64> {
    let at = html.find("data-version=\"")? + "data-version=\"".len();
    html[at..].split('"').next()?.parse().ok()
}
