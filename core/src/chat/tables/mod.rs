//! Requests about tables: opening one, a duel, closing one, joining by link, and presses of
//! table buttons.
//!
//! Beside them, everything else done at a table: `/duel` (`duel`), `/rematch` (`rematch`),
//! finding a table again (`find`), spectators (`watch`), the expert's help (`advice`), a move
//! pressed on a hand behind the table (`behind`), where a person's hand goes (`hand_place`),
//! how they want their turn pings (`pings`), and the people seen by @username (`people`).

use super::{
    Answer, Args, Asker, Body, Chat, HandPlace, Link, MessageAt, Reply, Show, prefix, texts,
};
use crate::service::{ServiceError, TableSpec};
use crate::session::{Action, Actor, Command, Lang, Phase, Rejection, Table};
use crate::store::{ChatSettings, Store, StoreError};
use crate::view::{
    ButtonAction, ButtonData, hand_view_page, rejection_text, rules_error_text, text::title,
};

mod advice;
mod behind;
mod duel;
mod find;
pub(super) mod hand_place;
pub(super) mod people;
pub(super) mod pings;
mod rematch;
mod watch;

impl<S: Store> Chat<S> {
    /// What an accepted command shows, or why it was refused (in `lang`).
    pub(super) fn answered(
        &self,
        result: Result<crate::service::Applied, ServiceError>,
        lang: Lang,
    ) -> Result<Answer, StoreError> {
        match result {
            Ok(reply) => Ok(Answer::default().with_show(Show::of(&reply.table, &reply.events))),
            Err(ServiceError::Rejected(r)) => Ok(Answer::private(rejection_text(&r, lang))),
            Err(ServiceError::NoTable) => Ok(Answer::private(texts::unknown_button(lang))),
            Err(ServiceError::Store(e)) => Err(e),
        }
    }

    /// The language of a table `from` opens when the chat has stored no settings yet: the
    /// opener's own (kept as the chat's once the table is open, see [`Chat::opened`]).
    pub(super) async fn first_lang(&self, from: &Asker) -> Result<Option<Lang>, StoreError> {
        let settings = self.service.store().chat_settings(&from.chat).await?;
        Ok(from.lang.filter(|_| settings.version == 0))
    }

    /// A chat whose first table was opened in `lang` keeps that language.
    async fn keep_lang(&self, from: &Asker, lang: Lang) -> Result<(), StoreError> {
        let store = self.service.store();
        let settings = store.chat_settings(&from.chat).await?;
        if settings.version != 0 {
            return Ok(());
        }
        let first = ChatSettings { lang, ..settings }.next();
        match crate::service::writing(store.set_chat_settings(&from.chat, &first)).await {
            // Somebody's first change of the settings went first: theirs stands.
            Ok(()) | Err(StoreError::SettingsConflict { .. }) => Ok(()),
            Err(e) => Err(e),
        }
    }

    pub(super) async fn new_table(
        &self,
        from: &Asker,
        args: Args,
        lang: Lang,
    ) -> Result<Answer, StoreError> {
        let settings = self.service.store().chat_settings(&from.chat).await?;
        let (rules, size) = match args.table(&settings) {
            Ok(t) => t,
            Err(e) => return Ok(Answer::private(rules_error_text(&e, lang))),
        };
        let clock = args.clock(&rules, &settings);
        let spec = TableSpec {
            chat: from.chat.clone(),
            thread: from.thread.clone(),
            rules,
            size,
            clock,
            rotation: args.rotation,
        };
        let first = self.first_lang(from).await?;
        let created = self.service.open(spec, from.person.clone(), None, first, from.private).await;
        self.opened(from, created, first, lang).await
    }

    /// What opening a table answers; a chat's first table, opened in `first`, gives the chat
    /// its language.
    pub(super) async fn opened(
        &self,
        from: &Asker,
        created: Result<crate::service::Applied, ServiceError>,
        first: Option<Lang>,
        lang: Lang,
    ) -> Result<Answer, StoreError> {
        if let (Ok(_), Some(first)) = (&created, first) {
            self.keep_lang(from, first).await?;
        }
        let number = created.as_ref().ok().map(|r| r.table.number);
        let mut answer = self.answered(created, lang)?;
        if let Some(n) = number {
            let body = Body::Text(texts::table_opened(lang, n));
            answer.reply = Some(Reply { body, private: true, ack: true });
        }
        Ok(answer)
    }

    /// The table a command means: the one numbered (anywhere in the chat), else the newest one
    /// of the topic or thread it is asked in that the person sits at, else the newest one
    /// there.
    pub(super) async fn pick(
        &self,
        from: &Asker,
        number: Option<u32>,
        lang: Lang,
    ) -> Result<Table, Answer> {
        let mut tables = self.service.tables_in(&from.chat).await;
        if number.is_none() {
            tables.retain(|t| t.thread == from.thread);
        }
        let mut found = match number {
            Some(n) => tables.into_iter().find(|t| t.number == n),
            None => {
                let mine = tables.iter().rposition(|t| t.seat_of(&from.person.id).is_some());
                match mine {
                    Some(k) => tables.into_iter().nth(k),
                    None => tables.into_iter().last(),
                }
            }
        };
        if found.is_none() {
            // A match just finished rests in the store: its score and its closing are still asked for.
            let latest = self.service.latest_table(&from.chat).await.ok().flatten();
            found = latest.filter(|t| {
                t.phase == Phase::Finished
                    && number.map_or(t.thread == from.thread, |n| n == t.number)
            });
        }
        found.ok_or_else(|| match number {
            Some(n) => Answer::private(texts::no_such_table(lang, n)),
            None => Answer::private(texts::no_table(lang, prefix(from.chat.platform))),
        })
    }

    pub(super) async fn stop(
        &self,
        from: &Asker,
        args: Args,
        lang: Lang,
    ) -> Result<Answer, StoreError> {
        let table = match self.pick(from, args.table, lang).await {
            Ok(t) => t,
            Err(answer) => return Ok(answer),
        };
        let actor = Actor::Person { person: from.person.clone(), admin: from.admin };
        let cmd = Command { actor, action: Action::End, version: None };
        let done = self.service.handle(table.id, cmd).await;
        self.answered(done, table.lang)
    }

    /// The bot is no longer in `chat` (the platform says it was removed): every open table of
    /// the chat, in any of its threads, closes as abandoned, nothing scored. What changed, for
    /// the adapter to show where it still can (the players' private hands; nothing can be sent
    /// to the chat itself).
    pub async fn left_chat(&self, chat: &crate::session::ChatId) -> Vec<Show> {
        let mut out = Vec::new();
        for table in self.service.tables_in(chat).await {
            let cmd = Command { actor: Actor::System, action: Action::LeftChat, version: None };
            match self.service.handle(table.id, cmd).await {
                Ok(reply) => out.push(self.dressed(Show::of(&reply.table, &reply.events)).await),
                // Closed meanwhile (a timer, another process): nothing left to close.
                Err(ServiceError::Rejected(Rejection::Closed)) => {}
                Err(e) => tracing::warn!(table = table.id, error = %e, "table not closed"),
            }
        }
        if !out.is_empty() {
            tracing::info!(%chat, tables = out.len(), "the bot left the chat: its tables closed");
        }
        out
    }

    pub(super) async fn link(
        &self,
        from: &Asker,
        payload: &str,
        lang: Lang,
    ) -> Result<Answer, StoreError> {
        if payload.is_empty() {
            let text =
                format!("{}\n\n{}", texts::hello(lang), texts::help(lang, from.chat.platform));
            return Ok(Answer::private(text));
        }
        let Some(link) = self.links().await?.decode(payload) else {
            return Ok(Answer::private(texts::bad_link(lang)));
        };
        let (Link::Join(id) | Link::Hand(id)) = link;
        let table = match self.service.table(id).await {
            Ok(Some(t)) if t.chat.platform == from.chat.platform && from.private => t,
            Ok(_) | Err(ServiceError::NoTable | ServiceError::Rejected(_)) => {
                return Ok(Answer::private(texts::bad_link(lang)));
            }
            Err(ServiceError::Store(e)) => return Err(e),
        };
        let lang = table.lang;
        let hand = |t: &Table| self.hand(t, from);
        let seated = table.seat_of(&from.person.id).is_some();
        let answer = match link {
            Link::Join(_) if from.member_of.as_ref() != Some(&table.chat) => {
                Ok(Answer::private(texts::members_only(lang)))
            }
            Link::Join(_) => {
                let cmd = Command {
                    actor: Actor::person(from.person.clone()),
                    action: Action::Join { seat: None },
                    version: None,
                };
                match self.service.handle(id, cmd).await {
                    Ok(reply) => {
                        self.chose_hand_place(&from.person.id, HandPlace::Private).await;
                        let text = texts::joined(lang, &title(&reply.table, lang));
                        Ok(Answer::private(text).with_show(Show::of(&reply.table, &reply.events)))
                    }
                    Err(ServiceError::Rejected(Rejection::AlreadySeated)) => Ok(hand(&table)),
                    other => self.answered(other, lang),
                }
            }
            Link::Hand(_) => Ok(hand(&table)),
        };
        // A link opened in the private chat by someone seated: their hand goes there.
        if seated {
            self.chose_hand_place(&from.person.id, HandPlace::Private).await;
        }
        answer
    }

    /// A table press its message does not offer, refused with `why` (out of date: the table
    /// shown again).
    async fn not_drawn(&self, table: &Table, why: Rejection) -> Result<Answer, StoreError> {
        let mut answer = Answer::private(rejection_text(&why, table.lang));
        if why == Rejection::Stale {
            answer.shows.extend(self.show(table.id).await);
        }
        Ok(answer)
    }

    /// The requester's own hand at `table`, or why there is none.
    pub(super) fn hand(&self, table: &Table, from: &Asker) -> Answer {
        self.hand_at(table, from, None)
    }

    /// The requester's own hand at `table` at a page of its moves (`None`: the first).
    pub(super) fn hand_at(&self, table: &Table, from: &Asker, page: Option<u8>) -> Answer {
        let lang = table.lang;
        let Some(seat) = table.seat_of(&from.person.id) else {
            return Answer::private(rejection_text(&Rejection::NotSeated, lang));
        };
        match hand_view_page(table, seat, lang, page) {
            Some(view) => Answer {
                reply: Some(Reply { body: Body::Hand(view), private: true, ack: false }),
                ..Answer::default()
            },
            None => Answer::private(texts::no_hand(lang)),
        }
    }

    /// A table button. It must name a table of this chat, or be pressed in the presser's own
    /// chat with the bot (Telegram's hands) at a table they sit at; it must be one the pressed
    /// message offers (`drawn`), and carry the table's current version unless its action is
    /// taken from any version ([`ButtonAction::any_version`]) or it is a move from a hand
    /// behind the table that the presser may still make (`behind`).
    pub(super) async fn press(
        &self,
        from: &Asker,
        button: ButtonData,
        at: Option<&MessageAt>,
        shown: Option<bool>,
        lang: Lang,
    ) -> Result<Answer, StoreError> {
        // Whether the press is on the message that offers it (`None`: no message to tell by).
        let drawn = shown != Some(false);
        let table = match self.service.table(button.table).await {
            Ok(Some(t)) => t,
            Ok(None) | Err(ServiceError::NoTable | ServiceError::Rejected(_)) => {
                return Ok(Answer::private(texts::unknown_button(lang)));
            }
            Err(ServiceError::Store(e)) => return Err(e),
        };
        // A spectator's «🔄» or «⏹»: wherever their view is, from any version (`watch`).
        if matches!(button.action, ButtonAction::Watch | ButtonAction::Unwatch) {
            return self.watch_press(from, &table, button.action, shown, lang).await;
        }
        let here = table.chat == from.chat && table.thread == from.thread;
        let own_hand = from.private
            && from.chat.platform == table.chat.platform
            && table.seat_of(&from.person.id).is_some();
        if !(here || own_hand) || !self.on_its_message(&table, from, at).await? {
            return Ok(Answer::private(texts::unknown_button(lang)));
        }
        if button.action.any_version() {
            if here && !from.private && table.seat_of(&from.person.id).is_some() {
                self.chose_hand_place(&from.person.id, HandPlace::Table).await;
            }
            let page = match button.action {
                ButtonAction::HandPage(page) => Some(page),
                _ => None,
            };
            return Ok(self.hand_at(&table, from, page));
        }
        // The hint is checked by the service on the version it was drawn for (it only shows the
        // presser's own suggestion), with its own reasons whatever the message offers.
        if button.action == ButtonAction::Hint {
            return self.hint_press(from, &table, button.version).await;
        }
        let Some(action) = button.action.action() else {
            return self.not_drawn(&table, Rejection::Stale).await;
        };
        // Only a member of the table's chat takes a seat (a stranger may see a public group).
        let seats = matches!(
            button.action,
            ButtonAction::Join | ButtonAction::Side(_) | ButtonAction::Accept
        );
        if seats && from.member_of.as_ref() != Some(&table.chat) {
            return Ok(Answer::private(texts::members_only(lang)));
        }
        // The admin fact is about the chat the press came from: only the table's own counts.
        let actor = Actor::Person { person: from.person.clone(), admin: from.admin && here };
        let cmd = Command { actor, action, version: Some(button.version) };
        if !drawn {
            // Not on the message it was pressed on, so never applied: answered with the table's
            // own reason when it refuses it anyway (as where the platform shows no message),
            // else as out of date.
            let why = table.clone().apply(&cmd, self.service.now()).err();
            return self.not_drawn(&table, why.unwrap_or(Rejection::Stale)).await;
        }
        // A move from a hand behind the table that the presser may still make is taken now.
        let cmd = match behind::caught_up(&table, &from.person.id, button) {
            Some(mv) => {
                Command { action: Action::Move { mv }, version: Some(table.version), ..cmd }
            }
            None => cmd,
        };
        let is_move = matches!(cmd.action, Action::Move { .. });
        let done = self.service.handle(table.id, cmd).await;
        let stale = matches!(done, Err(ServiceError::Rejected(Rejection::Stale)));
        let failed = matches!(done, Err(ServiceError::Store(_)));
        if let Err(ServiceError::Store(e)) = &done {
            tracing::warn!(table = table.id, error = %e, "command not committed");
        }
        // A move is answered with what it made, to the mover alone (a toast, as an ack).
        let toast = match &done {
            Ok(applied) if is_move => crate::view::move_toast(&applied.table, &applied.events),
            _ => None,
        };
        let mut answer = match done {
            Err(ServiceError::Store(_)) => Answer::private(texts::failed(table.lang)),
            other => self.answered(other, table.lang)?,
        };
        if let Some(text) = toast {
            answer.reply = Some(Reply { body: Body::Text(text), private: true, ack: true });
        }
        if stale || failed {
            // The press was drawn for another state: show the table as it is.
            if let Some(now) = self.show(table.id).await {
                answer.shows.push(now);
            }
        }
        Ok(answer)
    }
}
