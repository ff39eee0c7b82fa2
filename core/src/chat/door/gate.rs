//! Behind the door: what a [`Chat`] over any store offers it ([`Gate`]), its futures boxed so
//! that the door holds one type whatever the store.

use super::Changed;
use super::message::MessageAt;
use crate::chat::screen::{Ask, Seen};
use crate::chat::{Answer, Args, Asker, Chat, HandPlace, Kept, Links, Reply, Request, Show, Tags};
use crate::ids::{ChatId, Lang, Millis, Person, Platform, UserId};
use crate::service::{Applied as Replied, LeagueEvent, TourNews};
use crate::store::{Broken, Store, StoreError};
use std::future::Future;
use std::pin::Pin;
use tokio::sync::broadcast::Receiver;

pub(super) type Boxed<'a, T> = Pin<Box<dyn Future<Output = T> + Send + 'a>>;

/// What a [`Chat`] over any store offers the door, with its futures boxed.
pub(in crate::chat) trait Gate: Send + Sync + 'static {
    fn handle<'a>(&'a self, from: &'a Asker, request: Request) -> Boxed<'a, Answer>;
    fn show(&self, table: i64) -> Boxed<'_, Option<Show>>;
    fn show_changed<'a>(&'a self, changed: &'a Changed) -> Boxed<'a, Show>;
    fn open_tables(&self, platform: Platform) -> Boxed<'_, Vec<Show>>;
    fn set_aside_notices(&self, platform: Platform) -> Boxed<'_, Vec<(ChatId, String)>>;
    fn subscribe(&self) -> (Receiver<Replied>, Receiver<Broken>, Receiver<LeagueEvent>);
    fn league_post<'a>(&'a self, done: &'a LeagueEvent) -> Boxed<'a, Option<Reply>>;
    fn standings_post<'a>(&'a self, c: &'a ChatId)
    -> Boxed<'a, Result<Option<String>, StoreError>>;
    fn tags<'a>(&'a self, c: &'a ChatId) -> Boxed<'a, Result<Option<Tags>, StoreError>>;
    fn screen_read<'a>(&'a self, c: &'a ChatId, ask: Ask) -> Boxed<'a, Result<Seen, StoreError>>;
    fn tournament_live<'a>(
        &'a self,
        news: &'a TourNews,
    ) -> Boxed<'a, Result<Option<(Kept, String)>, StoreError>>;
    fn kept_at<'a>(
        &'a self,
        c: &'a ChatId,
        k: Kept,
    ) -> Boxed<'a, Result<Option<MessageAt>, StoreError>>;
    fn set_kept_at<'a>(
        &'a self,
        c: &'a ChatId,
        k: Kept,
        at: Option<&'a MessageAt>,
    ) -> Boxed<'a, Result<(), StoreError>>;
    fn move_chat<'a>(&'a self, from: &'a ChatId, to: &'a ChatId) -> Boxed<'a, Vec<Show>>;
    fn left_chat<'a>(&'a self, chat: &'a ChatId) -> Boxed<'a, Vec<Show>>;
    fn lang_with<'a>(&'a self, chat: &'a ChatId, own: Option<Lang>) -> Boxed<'a, Lang>;
    fn lang<'a>(&'a self, chat: &'a ChatId) -> Boxed<'a, Lang>;
    fn hand_place<'a>(&'a self, user: &'a UserId) -> Boxed<'a, HandPlace>;
    fn links(&self) -> Boxed<'_, Result<Links, StoreError>>;
    fn secret<'a>(&'a self, name: &'a str) -> Boxed<'a, Result<String, StoreError>>;
    fn link_target<'a>(&'a self, payload: &'a str) -> Boxed<'a, Option<ChatId>>;
    fn screen_token<'a>(&'a self, c: &'a ChatId) -> Boxed<'a, Result<String, StoreError>>;
    fn renew_screen<'a>(&'a self, c: &'a ChatId) -> Boxed<'a, Result<String, StoreError>>;
    fn screen_chat<'a>(&'a self, t: &'a str) -> Boxed<'a, Result<Option<ChatId>, StoreError>>;
    fn saw<'a>(&'a self, chat: &'a ChatId, name: &'a str, who: &'a Person) -> Boxed<'a, ()>;
    fn invitee<'a>(&'a self, chat: &'a ChatId, args: &'a Args) -> Boxed<'a, Option<Person>>;
    fn meta_prefix<'a>(
        &'a self,
        p: &'a str,
    ) -> Boxed<'a, Result<Vec<(String, String)>, StoreError>>;
    fn set_meta<'a>(&'a self, k: &'a str, v: Option<&'a str>) -> Boxed<'a, Result<(), StoreError>>;
    fn refs(&self, table: i64) -> Boxed<'_, Result<Vec<(String, String)>, StoreError>>;
    fn set_ref<'a>(&'a self, t: i64, a: &'a str, m: &'a str) -> Boxed<'a, Result<(), StoreError>>;
    fn now(&self) -> Millis;
    fn thinking(&self) -> bool;
}

impl<S: Store> Gate for Chat<S> {
    fn handle<'a>(&'a self, from: &'a Asker, request: Request) -> Boxed<'a, Answer> {
        Box::pin(Chat::handle(self, from, request))
    }
    fn show(&self, table: i64) -> Boxed<'_, Option<Show>> {
        Box::pin(Chat::show(self, table))
    }
    fn show_changed<'a>(&'a self, changed: &'a Changed) -> Boxed<'a, Show> {
        Box::pin(self.show_reply(&changed.0))
    }
    fn open_tables(&self, platform: Platform) -> Boxed<'_, Vec<Show>> {
        Box::pin(Chat::open_tables(self, platform))
    }
    fn set_aside_notices(&self, platform: Platform) -> Boxed<'_, Vec<(ChatId, String)>> {
        Box::pin(Chat::set_aside_notices(self, platform))
    }
    fn subscribe(&self) -> (Receiver<Replied>, Receiver<Broken>, Receiver<LeagueEvent>) {
        let s = self.service();
        (s.subscribe(), s.subscribe_set_aside(), s.league_events())
    }
    fn league_post<'a>(&'a self, done: &'a LeagueEvent) -> Boxed<'a, Option<Reply>> {
        Box::pin(Chat::league_post(self, done))
    }
    fn standings_post<'a>(
        &'a self,
        c: &'a ChatId,
    ) -> Boxed<'a, Result<Option<String>, StoreError>> {
        Box::pin(Chat::standings_post(self, c))
    }
    fn tags<'a>(&'a self, c: &'a ChatId) -> Boxed<'a, Result<Option<Tags>, StoreError>> {
        Box::pin(Chat::tags(self, c))
    }
    fn screen_read<'a>(&'a self, c: &'a ChatId, ask: Ask) -> Boxed<'a, Result<Seen, StoreError>> {
        Box::pin(Chat::screen_ask(self, c, ask))
    }
    fn tournament_live<'a>(
        &'a self,
        news: &'a TourNews,
    ) -> Boxed<'a, Result<Option<(Kept, String)>, StoreError>> {
        Box::pin(Chat::tournament_live(self, news))
    }
    fn kept_at<'a>(
        &'a self,
        c: &'a ChatId,
        k: Kept,
    ) -> Boxed<'a, Result<Option<MessageAt>, StoreError>> {
        Box::pin(Chat::kept_at(self, c, k))
    }
    fn set_kept_at<'a>(
        &'a self,
        c: &'a ChatId,
        k: Kept,
        at: Option<&'a MessageAt>,
    ) -> Boxed<'a, Result<(), StoreError>> {
        Box::pin(Chat::set_kept_at(self, c, k, at))
    }
    fn move_chat<'a>(&'a self, from: &'a ChatId, to: &'a ChatId) -> Boxed<'a, Vec<Show>> {
        Box::pin(Chat::move_chat(self, from, to))
    }
    fn left_chat<'a>(&'a self, chat: &'a ChatId) -> Boxed<'a, Vec<Show>> {
        Box::pin(Chat::left_chat(self, chat))
    }
    fn lang_with<'a>(&'a self, chat: &'a ChatId, own: Option<Lang>) -> Boxed<'a, Lang> {
        Box::pin(Chat::lang_with(self, chat, own))
    }
    fn lang<'a>(&'a self, chat: &'a ChatId) -> Boxed<'a, Lang> {
        Box::pin(Chat::lang(self, chat))
    }
    fn hand_place<'a>(&'a self, user: &'a UserId) -> Boxed<'a, HandPlace> {
        Box::pin(Chat::hand_place(self, user))
    }
    fn links(&self) -> Boxed<'_, Result<Links, StoreError>> {
        Box::pin(Chat::links(self))
    }
    fn secret<'a>(&'a self, name: &'a str) -> Boxed<'a, Result<String, StoreError>> {
        Box::pin(Chat::secret(self, name))
    }
    fn link_target<'a>(&'a self, payload: &'a str) -> Boxed<'a, Option<ChatId>> {
        Box::pin(Chat::link_target(self, payload))
    }
    fn screen_token<'a>(&'a self, c: &'a ChatId) -> Boxed<'a, Result<String, StoreError>> {
        Box::pin(Chat::screen_token(self, c))
    }
    fn renew_screen<'a>(&'a self, c: &'a ChatId) -> Boxed<'a, Result<String, StoreError>> {
        Box::pin(Chat::renew_screen(self, c))
    }
    fn screen_chat<'a>(&'a self, t: &'a str) -> Boxed<'a, Result<Option<ChatId>, StoreError>> {
        Box::pin(Chat::screen_chat(self, t))
    }
    fn saw<'a>(&'a self, chat: &'a ChatId, name: &'a str, who: &'a Person) -> Boxed<'a, ()> {
        Box::pin(Chat::saw(self, chat, name, who))
    }
    fn invitee<'a>(&'a self, chat: &'a ChatId, args: &'a Args) -> Boxed<'a, Option<Person>> {
        Box::pin(Chat::invitee(self, chat, args))
    }
    fn meta_prefix<'a>(
        &'a self,
        p: &'a str,
    ) -> Boxed<'a, Result<Vec<(String, String)>, StoreError>> {
        Box::pin(self.service().store().meta_prefix(p))
    }
    fn set_meta<'a>(&'a self, k: &'a str, v: Option<&'a str>) -> Boxed<'a, Result<(), StoreError>> {
        Box::pin(self.service().store().set_meta(k, v))
    }
    fn refs(&self, table: i64) -> Boxed<'_, Result<Vec<(String, String)>, StoreError>> {
        Box::pin(self.service().store().message_refs(table))
    }
    fn set_ref<'a>(&'a self, t: i64, a: &'a str, m: &'a str) -> Boxed<'a, Result<(), StoreError>> {
        Box::pin(self.service().store().set_message_ref(t, a, m))
    }
    fn now(&self) -> Millis {
        self.service().now()
    }
    fn thinking(&self) -> bool {
        self.service().thinking_now()
    }
}
