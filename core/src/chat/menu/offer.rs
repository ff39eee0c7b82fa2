//! The league offered once to a group chat after its fifth finished match (the service makes
//! it, `service::offer`): one message with three buttons — monthly seasons, the standings
//! message and the weekly digest all on; the settings' league page to choose; no thanks.
//! Only someone who may administer the chat may press them; the first answer taken (the meta
//! key moved from «open» to «done») is the one kept, and any later press, or one on an offer
//! already answered, changes nothing and says so.

use super::league::for_platform;
use super::{Change, Item, Menu, MenuPress, OfferAct, Page};
use crate::chat::{Answer, Asker, Body, Chat, Reply, may_administer, texts};
use crate::ids::ChatId;
use crate::service::{OFFER_DONE, OFFER_OPEN, offer_key, writing};
use crate::session::Lang;
use crate::standings::{Cadence, Weekday};
use crate::store::{ChatSettings, Store, StoreError};
use crate::view::text::tr;

pub use crate::service::OFFER_AFTER;

/// The weekly digest's day «accept all» chooses: a new week opens with the last one's story.
pub const OFFER_DIGEST: Weekday = Weekday::ALL[0];

/// The offer's message, drawn for the settings' version.
pub fn offer_menu(s: &ChatSettings) -> Menu {
    let lang = s.lang;
    let text = match lang {
        Lang::Ru => format!(
            "🏁 В чате сыграно уже {OFFER_AFTER} матчей! Включить лигу?\n\
             • сезоны помесячно: каждый месяц таблица заново, с чемпионом и козлом месяца;\n\
             • таблица в чате: закреплённое сообщение, обновляется после каждого матча;\n\
             • сводка недели по понедельникам в 10:00.\n\
             Ответить может админ чата. Всё это меняется в /settings → «🏁 Сезоны и часы»."
        ),
        Lang::En => format!(
            "🏁 This chat has played {OFFER_AFTER} matches! Turn on its league?\n\
             • monthly seasons: the standings start again each month, with the month's champion and goat;\n\
             • a standings message: pinned, brought up to date after every match;\n\
             • a weekly digest on Mondays at 10:00.\n\
             A chat admin may answer. /settings → «🏁 Seasons and clock» changes any of it."
        ),
    };
    let item = |label: &str, act| Item {
        label: label.to_owned(),
        press: MenuPress { version: s.version, page: Page::Offer, change: Change::Offer(act) },
        selected: false,
    };
    let nav = vec![
        item(tr(lang, "✅ Включить всё", "✅ Turn it all on"), OfferAct::All),
        item(tr(lang, "⚙️ Выбрать в настройках", "⚙️ Choose in settings"), OfferAct::Choose),
        item(tr(lang, "Нет, спасибо", "No, thanks"), OfferAct::No),
    ];
    Menu { text, controls: Vec::new(), nav }
}

/// The offer's message once answered (no buttons): what was done.
fn answered(act: OfferAct, lang: Lang) -> Menu {
    let text = match act {
        OfferAct::All => tr(
            lang,
            "✅ Лига включена: сезоны помесячно, таблица в чате, сводка недели по понедельникам. \
             Изменить: /settings → «🏁 Сезоны и часы».",
            "✅ The league is on: monthly seasons, the standings message, a weekly digest on \
             Mondays. To change it: /settings → «🏁 Seasons and clock».",
        ),
        // «Choose» answers with the settings menu itself.
        OfferAct::Choose | OfferAct::No => tr(
            lang,
            "Хорошо, ничего не меняем. Включить можно в любой момент: /settings → «🏁 Сезоны и часы».",
            "All right, nothing changes. /settings → «🏁 Seasons and clock» turns it on any time.",
        ),
    };
    Menu { text: text.to_owned(), controls: Vec::new(), nav: Vec::new() }
}

/// A press on an offer that was answered already.
fn stale(lang: Lang) -> &'static str {
    tr(
        lang,
        "На это предложение уже ответили — ничего не изменилось.",
        "This offer was answered already: nothing changed.",
    )
}

/// Tries a settings write this many times when another admin's change goes first.
const SETTINGS_TRIES: usize = 4;

impl<S: Store> Chat<S> {
    /// The offer as the chat is told it, once the service made it.
    pub(in crate::chat) async fn offer_post(
        &self,
        chat: &ChatId,
    ) -> Result<Option<Reply>, StoreError> {
        let s = self.service.store().chat_settings(chat).await?;
        let menu = for_platform(offer_menu(&s), chat.platform);
        Ok(Some(Reply { body: Body::Menu(menu), private: false, ack: false }))
    }

    /// A press on the offer: an admin's answer, taken once.
    pub(in crate::chat) async fn offer_press(
        &self,
        from: &Asker,
        press: MenuPress,
        lang: Lang,
    ) -> Result<Answer, StoreError> {
        let Change::Offer(act) = press.change else {
            return Ok(Answer::private(texts::unknown_button(lang)));
        };
        if !may_administer(from) {
            return Ok(Answer::private(texts::admins_only(lang)));
        }
        let store = self.service.store();
        let key = offer_key(&from.chat);
        // Taken by whoever moves it from «open»: a second answer, or a press on an offer
        // already answered, changes nothing.
        if !writing(store.swap_meta(&key, Some(OFFER_OPEN), Some(OFFER_DONE))).await? {
            return Ok(Answer::private(stale(lang)));
        }
        let s = match act {
            OfferAct::All => match self.league_on(&from.chat).await {
                Ok(s) => s,
                Err(e) => {
                    // Not kept: the offer stays open for the next press.
                    let back = store.swap_meta(&key, Some(OFFER_DONE), Some(OFFER_OPEN));
                    let _ = writing(back).await;
                    return Err(e);
                }
            },
            OfferAct::Choose | OfferAct::No => store.chat_settings(&from.chat).await?,
        };
        let menu = match act {
            OfferAct::Choose => super::draw::menu(&s, Page::League, from.private),
            OfferAct::All | OfferAct::No => answered(act, s.lang),
        };
        Ok(Answer { menu: Some(for_platform(menu, from.chat.platform)), ..Answer::default() })
    }

    /// Monthly seasons, the standings message and the weekly digest on, written over the
    /// chat's current settings (again on another admin's change meanwhile); the settings kept.
    async fn league_on(&self, chat: &ChatId) -> Result<ChatSettings, StoreError> {
        let store = self.service.store();
        let mut tries = 0;
        loop {
            let s = store.chat_settings(chat).await?;
            let next = ChatSettings {
                seasons: Cadence::Monthly,
                standings_post: true,
                digest: Some(OFFER_DIGEST),
                ..s.clone()
            }
            .next();
            // The calendar's next work is planned first, as a menu press does.
            writing(self.service.plan_league(chat, &next)).await?;
            match writing(store.set_chat_settings(chat, &next)).await {
                Ok(()) => {
                    self.service.standings_changed(chat);
                    return Ok(next);
                }
                Err(StoreError::SettingsConflict { .. }) if tries + 1 < SETTINGS_TRIES => {
                    tries += 1;
                }
                Err(e) => return Err(e),
            }
        }
    }
}
