//! The chat layer: the one door of both adapters into the core. It owns what a chat can ask
//! ([`catalog`]: commands and their arguments, from which Telegram's menus and Discord's slash
//! commands are generated), one argument grammar ([`words`]) and one set of defaults
//! ([`Args::table`]), the settings menu as data ([`menu`]), who may make each request, and what
//! each audience is told afterwards ([`Answer`]: replies, menus, and tables with their views,
//! notices, hands and the turn ping). Adapters read their updates into a [`Request`] with a
//! [`Asker`], call [`Chat::handle`], and draw the [`Answer`].
//!
//! Its folders: `door` (the [`Door`] and what crosses it: [`Request`], [`Answer`], [`Show`],
//! [`Feed`]); [`words`] (what a chat can type: the grammar, the [`catalog`] of commands, the
//! games' names); [`menu`] (the settings menu); [`press`] (the one press codec); `tables` (what
//! is done at a table: opening, joining, moves, duels, rematches, spectators, hints); `league`
//! (what a chat keeps of its matches: standings, seasons, history, replays, tournaments, kept
//! messages, member tags); and, with feature `testkit`, `testkit` (scenarios, invariants,
//! faults). What the chat layer says itself is [`texts`] (`/help` in `help`); here, the
//! [`Chat`] and the dispatch of requests and commands.

mod door;
mod help;
mod league;
pub mod menu;
pub mod press;
pub mod screen;
mod tables;
pub mod texts;
pub mod words;

#[cfg(any(test, feature = "testkit"))]
mod testkit;
#[cfg(any(test, feature = "testkit"))]
pub use testkit::{faults, flow, invariants, scenario, strange};

/// Containing a request: a time limit and a panic boundary, and what became of it.
pub use crate::service::{Failed, Failure, Written, contain, supervise};
/// How a chat shows boards (its setting).
pub use crate::store::BoardMode;
pub use door::answer::{Answer, Body, File, Reply};
pub use door::feed::{Fed, Feed, Reading};
pub use door::message::{Audience, MessageAt};
pub use door::request::{Asker, Offer, Presence, Request, may_administer};
pub use door::show::{Ending, Hand, Moved, Notice, Show, TableRef, Watcher};
pub use door::turn::{TurnPing, turn_ping};
pub use door::{Changed, Door, Unavailable};
pub use league::kept::Kept;
pub use league::screen_access::screen_url;
pub use league::tags::{TAG_MAX, Tags};
pub use menu::draw::{menu as settings_menu, rules_summary, settings_text, timer_text};
pub use menu::league::for_platform as menu_for_platform;
pub use menu::offer::{OFFER_AFTER, offer_menu};
pub use menu::{CLOCKS, Change, Control, ControlKind, Item, Menu, OfferAct, Page, TIMERS, TourAct};
pub use press::{ButtonAction, ButtonData, Link, Links, MenuPress, Press, SCREEN_TOKEN_MAX};
pub use tables::hand_place::HandPlace;
pub use tables::people::PEOPLE_KEPT;
pub use tables::pings::PingMode;
pub use words::args::{Args, Opponent, TourKind};
pub use words::catalog;
pub use words::catalog::{ArgKind, COMMANDS, Choice, Cmd, CommandSpec, command_named};
pub use words::game_names::{GAME_NAMES, game_names_text, unknown_game, variant_word};

use crate::ids::{ChatId, Lang, Platform};
use crate::service::{Applied as Replied, Service};
use crate::store::{Store, StoreError};
use std::sync::Arc;

/// How long a duel challenge waits for an answer.
pub const DUEL_TTL_MS: i64 = 10 * 60 * 1000;

/// The chat layer over a service.
pub struct Chat<S: Store> {
    service: Arc<Service<S>>,
    /// The key deep links are signed with, read from the store once.
    links: Arc<tokio::sync::OnceCell<Links>>,
    /// Who was last written as seen (`tables::people`).
    people: Arc<tables::people::Written>,
    /// The replays' GIFs drawn, kept (`league::replays`).
    replays: Arc<league::replays::Replays>,
}

impl<S: Store> Clone for Chat<S> {
    fn clone(&self) -> Self {
        Chat {
            service: self.service.clone(),
            links: self.links.clone(),
            people: self.people.clone(),
            replays: self.replays.clone(),
        }
    }
}

impl<S: Store> Chat<S> {
    pub fn new(service: Arc<Service<S>>) -> Chat<S> {
        Chat { service, links: Arc::default(), people: Arc::default(), replays: Arc::default() }
    }

    /// The key deep links are signed with: made once, kept in the store, the same after a
    /// restart (so links in old messages keep working) and for every process on the store.
    pub async fn links(&self) -> Result<Links, StoreError> {
        let links = self
            .links
            .get_or_try_init(|| async {
                let mut fresh = [0u8; 32];
                rand::TryRngCore::try_fill_bytes(&mut rand::rngs::OsRng, &mut fresh)
                    .expect("the operating system's random source works");
                let fresh: String = fresh.iter().map(|b| format!("{b:02x}")).collect();
                let key = self.service.store().meta_or("secret:links", &fresh).await?;
                Ok::<_, StoreError>(Links::new(key.into_bytes()))
            })
            .await?;
        Ok(links.clone())
    }

    /// A secret a platform needs (a webhook's): 32 random letters and digits, made once and
    /// kept in the store.
    pub async fn secret(&self, name: &str) -> Result<String, StoreError> {
        const ALPHABET: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
        let mut bytes = [0u8; 32];
        rand::TryRngCore::try_fill_bytes(&mut rand::rngs::OsRng, &mut bytes)
            .expect("the operating system's random source works");
        let fresh: String =
            bytes.iter().map(|b| ALPHABET[*b as usize % ALPHABET.len()] as char).collect();
        self.service.store().meta_or(&format!("secret:{name}"), &fresh).await
    }

    /// The chat of the table a deep link names, when the link is one of ours: the adapter asks
    /// the platform whether the person is a member of it (a join is for members only).
    pub async fn link_target(&self, payload: &str) -> Option<ChatId> {
        let link = self.links().await.ok()?.decode(payload)?;
        let (Link::Join(id) | Link::Hand(id)) = link;
        Some(self.service.table(id).await.ok()??.chat)
    }

    pub fn service(&self) -> &Arc<Service<S>> {
        &self.service
    }

    /// Answers one request. Nothing is acknowledged before it is committed; a refused request
    /// changes nothing and is answered with why.
    pub async fn handle(&self, from: &Asker, request: Request) -> Answer {
        #[cfg(any(test, feature = "testkit"))]
        faults::strike(&self.service, &from.chat).await;
        if let Some(name) = from.username.as_deref().filter(|_| !from.private) {
            self.saw(&from.chat, name, &from.person).await;
        }
        let lang = self.lang_for(from).await;
        // A press its message does not offer was not drawn there: it changes nothing.
        let drawn = request.drawn() != Some(false);
        let on_menu = request.on_settings_menu();
        let shown = request.drawn();
        let answer = match request {
            // Every number within its range before anything else reads it.
            Request::Command(cmd, args) => match args.check_bounds() {
                Err(e) => Ok(Answer::private(crate::view::refusal::out_of_range_text(&e, lang))),
                Ok(()) => self.command(from, cmd, args, lang).await,
            },
            Request::Unreadable(cmd, e) => Ok(Answer::private(texts::bad_words(
                lang,
                prefix(from.chat.platform),
                catalog::spec(cmd),
                &e,
            ))),
            Request::Link(payload) => self.link(from, &payload, lang).await,
            Request::Press { press, at, .. } => match press {
                Some(Press::Menu(press)) if matches!(press.page, menu::Page::Tournament(_)) => {
                    match drawn {
                        true => self.tournament_press(from, press, lang).await,
                        false => Ok(Answer::private(texts::unknown_button(lang))),
                    }
                }
                Some(Press::Menu(press)) if press.page == menu::Page::Offer => match drawn {
                    true => self.offer_press(from, press, lang).await,
                    false => Ok(Answer::private(texts::unknown_button(lang))),
                },
                // A press the pressed message does not offer redraws only a settings menu.
                Some(Press::Menu(_)) if !drawn && !on_menu => {
                    Ok(Answer::private(texts::unknown_button(lang)))
                }
                Some(Press::Menu(press)) => self.menu_press(from, press, drawn, lang).await,
                Some(Press::Table(button)) => {
                    self.press(from, button, at.as_ref(), shown, lang).await
                }
                None => Ok(Answer::private(texts::unknown_button(lang))),
            },
        };
        let mut answer = answer.unwrap_or_else(|e| {
            tracing::warn!(chat = %from.chat, error = %e, "request failed");
            Answer::private(texts::failed(lang))
        });
        let shows = std::mem::take(&mut answer.shows);
        for show in shows {
            answer.shows.push(self.dressed(show).await);
        }
        answer
    }

    async fn command(
        &self,
        from: &Asker,
        cmd: Cmd,
        args: Args,
        lang: Lang,
    ) -> Result<Answer, StoreError> {
        match cmd {
            Cmd::New => self.new_table(from, args, lang).await,
            Cmd::Duel => self.duel(from, args, lang).await,
            Cmd::Rematch => self.rematch_with(from, args, lang).await,
            Cmd::Stop => self.stop(from, args, lang).await,
            Cmd::Rules => self.rules(from, args, lang).await,
            Cmd::Settings => self.settings(from).await,
            Cmd::Score => self.score(from, args, lang).await,
            Cmd::Tables => self.list_tables(from, lang).await,
            Cmd::Table => self.repost(from, args, lang).await,
            Cmd::Pings => self.pings(from, args, lang).await,
            Cmd::Top => self.top(from, args, lang).await,
            Cmd::History => self.history(from, args, lang).await,
            Cmd::Replay => self.replay(from, args, lang).await,
            Cmd::Vs => self.versus(from, args, lang).await,
            Cmd::Me => self.me(from, lang).await,
            Cmd::Hand => self.own_hand(from, args, lang).await,
            Cmd::Hint => self.hint_command(from, args, lang).await,
            Cmd::Review => self.review(from, args, lang).await,
            Cmd::Export => self.export(from, args, lang).await,
            Cmd::Season => self.season(from, args, lang).await,
            Cmd::Clock => self.clock(from, args, lang).await,
            Cmd::Tournament => self.tournament(from, args, lang).await,
            Cmd::Tags => self.tag_words(from, args, lang).await,
            Cmd::Watch => self.watch(from, args, lang).await,
            Cmd::Screen => self.screen_command(from, args, lang).await,
            Cmd::Help => {
                let help = if args.all_time { texts::help_all } else { texts::help };
                Ok(Answer::public(Body::Long(help(lang, from.chat.platform))))
            }
        }
    }

    /// The chat's language (its settings).
    pub async fn lang(&self, chat: &ChatId) -> Lang {
        self.service.store().chat_settings(chat).await.map(|s| s.lang).unwrap_or_default()
    }

    /// The language to answer `from` in: the chat's, or, in a chat that has stored no settings
    /// yet, the person's own.
    async fn lang_for(&self, from: &Asker) -> Lang {
        self.lang_with(&from.chat, from.lang).await
    }

    /// The language to answer a person in `chat` whose own language is `own` (see
    /// [`Asker::lang`]): the chat's, or the person's while the chat has stored no settings.
    pub async fn lang_with(&self, chat: &ChatId, own: Option<Lang>) -> Lang {
        match self.service.store().chat_settings(chat).await {
            Ok(s) if s.version == 0 => own.unwrap_or(s.lang),
            Ok(s) => s.lang,
            Err(_) => own.unwrap_or_default(),
        }
    }

    /// A table as it now is, to show it (`None` when there is no such table).
    pub async fn show(&self, table: i64) -> Option<Show> {
        match self.service.table(table).await {
            Ok(Some(t)) => Some(self.dressed(Show::again(&t)).await),
            Ok(None) => None,
            Err(e) => {
                tracing::warn!(table, error = %e, "table unavailable");
                None
            }
        }
    }

    /// What an update made by the service itself (a timer) shows.
    pub(super) async fn show_reply(&self, reply: &Replied) -> Show {
        self.dressed(Show::of(&reply.table, &reply.events)).await
    }

    /// Every open table of a platform, to show again at start-up.
    pub async fn open_tables(&self, platform: Platform) -> Vec<Show> {
        let mut out = Vec::new();
        for t in self.service.all_tables().await {
            if t.chat.platform == platform {
                out.push(self.dressed(Show::again(&t)).await);
            }
        }
        out
    }

    /// What each chat of a platform is told about its tables set aside at this start (they no
    /// longer read): once, since a set-aside table is not loaded again.
    pub async fn set_aside_notices(&self, platform: Platform) -> Vec<(ChatId, String)> {
        let mut out = Vec::new();
        for b in self.service.set_aside() {
            if b.chat.platform == platform {
                let lang = self.lang(&b.chat).await;
                out.push((b.chat.clone(), texts::set_aside(lang, b.number)));
            }
        }
        out
    }

    /// A chat moved to a new id (Telegram: `migrate_to_chat_id`, or the new chat's
    /// `migrate_from_chat_id`): its tables, settings, seasons, scoreboards, matches and
    /// per-chat keys go with it, and its active tables go on there. What the adapter shows
    /// again in the new chat; nothing when it had already moved.
    pub async fn move_chat(&self, from: &ChatId, to: &ChatId) -> Vec<Show> {
        let moved = match self.service.move_chat(from, to).await {
            Ok(moved) => moved,
            Err(e) => {
                tracing::warn!(%from, %to, error = %e, "chat not moved");
                return Vec::new();
            }
        };
        let mut out = Vec::with_capacity(moved.len());
        for t in moved {
            out.push(self.dressed(Show::again(&t)).await);
        }
        out
    }
}

/// How commands are written on a platform, before their key.
pub const fn prefix(platform: Platform) -> &'static str {
    match platform {
        Platform::Telegram => "/",
        Platform::Discord => "/domino ",
        Platform::Terminal => "",
    }
}
