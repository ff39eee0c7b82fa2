//! What the tournament tests share: a chat layer on a manual clock with counted seeds (the
//! same requests deal the same tables), over any store, and the tournament made, entered and
//! started through the chat as people do it.

use domino_core::chat::{
    Answer, Asker, Body, Change, Chat, Cmd, MenuPress, Page, Request, TourAct,
};
use domino_core::service::{CountingSeeds, ManualClock, Options, Service};
use domino_core::session::{ChatId, Lang, Person, Platform, Simple, UserId};
use domino_core::store::{Store, TournamentDoc};
use std::sync::Arc;

pub const T0: i64 = 1_700_000_000_000;

pub fn group() -> ChatId {
    ChatId::new(Platform::Telegram, "-100")
}

pub fn tg(n: u32) -> Person {
    Person::new(UserId::new(Platform::Telegram, n.to_string()), format!("Player {n}"))
}

/// A member of the group, asking in `lang`.
pub fn member(n: u32, lang: Lang) -> Asker {
    Asker { lang: Some(lang), ..Asker::member(group(), tg(n)) }
}

/// The group's admin, asking in `lang`.
pub fn admin(n: u32, lang: Lang) -> Asker {
    Asker { admin: true, ..member(n, lang) }
}

/// The chat layer over `store` on `clock`, seeds from 1.
pub async fn chat_over<S: Store>(store: S, clock: Arc<ManualClock>) -> Chat<S> {
    let options = Options { robot_pause: std::time::Duration::ZERO, ..Options::default() };
    let seeds = Arc::new(CountingSeeds::new(1));
    let service =
        Service::start_with(store, Arc::new(Simple), clock, seeds, options).await.unwrap();
    Chat::new(service)
}

pub fn text(answer: &Answer) -> String {
    match answer.reply.as_ref().map(|r| &r.body) {
        Some(Body::Text(t) | Body::Long(t)) => t.clone(),
        other => panic!("no text: {other:?}"),
    }
}

/// The group's open tournaments, oldest first.
pub async fn open_tournaments<S: Store>(chat: &Chat<S>) -> Vec<TournamentDoc> {
    chat.service().store().tournaments(Some(&group()), true).await.unwrap()
}

pub async fn doc<S: Store>(chat: &Chat<S>, id: i64) -> TournamentDoc {
    chat.service().store().tournament(id).await.unwrap().unwrap()
}

/// `/tournament круг` by an admin: the new tournament's id.
pub async fn round_robin<S: Store>(chat: &Chat<S>, lang: Lang) -> Answer {
    chat.handle(&admin(1, lang), Request::words(Cmd::Tournament, &["круг"])).await
}

/// A press on tournament `id`'s message as drawn now.
pub async fn tour_press<S: Store>(chat: &Chat<S>, from: &Asker, id: i64, act: TourAct) -> Answer {
    let version = doc(chat, id).await.version;
    let press = MenuPress { version, page: Page::Tournament(id), change: Change::Tour(act) };
    chat.handle(from, Request::press(press.encode())).await
}

/// A round robin of people 1 and 2, started: its id.
pub async fn started_duel<S: Store>(chat: &Chat<S>, lang: Lang) -> i64 {
    round_robin(chat, lang).await;
    let id = open_tournaments(chat).await.last().unwrap().tournament.id;
    for n in [1, 2] {
        tour_press(chat, &member(n, lang), id, TourAct::Join).await;
    }
    tour_press(chat, &admin(1, lang), id, TourAct::Start).await;
    id
}
