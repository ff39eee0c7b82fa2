//! `/settings` and presses on its menu: the chat's admins change what new tables start with,
//! one versioned change at a time.

use super::apply::apply;
use super::draw::{closed, menu as draw};
use super::league::for_platform;
use super::{Change, Menu, MenuPress, Page};
use crate::chat::{Answer, Asker, Body, Chat, may_administer, texts};
use crate::session::Lang;
use crate::store::ChatSettings;
use crate::store::{Store, StoreError};
use crate::view::rules_error_text;

impl<S: Store> Chat<S> {
    /// `/settings`: the menu, for everyone to see; only admins can press it.
    pub(in crate::chat) async fn settings(&self, from: &Asker) -> Result<Answer, StoreError> {
        let s = self.service.store().chat_settings(&from.chat).await?;
        let menu = for_platform(draw(&s, Page::General, from.private), from.chat.platform);
        Ok(Answer::public(Body::Menu(menu)))
    }

    /// A press on the menu: refused unless an admin pressed it, on the menu message that
    /// offers it (`drawn`: not another page's press), on the current version.
    pub(in crate::chat) async fn menu_press(
        &self,
        from: &Asker,
        press: MenuPress,
        drawn: bool,
        lang: Lang,
    ) -> Result<Answer, StoreError> {
        let store = self.service.store();
        let s = store.chat_settings(&from.chat).await?;
        let menu = |s: &ChatSettings, page| -> Menu {
            for_platform(draw(s, page, from.private), from.chat.platform)
        };
        if !may_administer(from) {
            return Ok(Answer::private(texts::admins_only(lang)));
        }
        if !drawn {
            // Not a press of the page the message shows: the menu drawn anew, from its start.
            let menu = Some(menu(&s, Page::General));
            return Ok(Answer { menu, ..Answer::private(texts::menu_stale(lang)) });
        }
        let stale = |s: &crate::store::ChatSettings| Answer {
            menu: Some(menu(s, press.page)),
            ..Answer::private(texts::menu_stale(s.lang))
        };
        if press.version != s.version {
            return Ok(stale(&s));
        }
        match press.change {
            Change::Done => {
                let menu = Some(for_platform(closed(&s, from.private), from.chat.platform));
                return Ok(Answer { menu, ..Answer::default() });
            }
            Change::Show => {
                return Ok(Answer { menu: Some(menu(&s, press.page)), ..Answer::default() });
            }
            _ => {}
        }
        let changed = match apply(&s, &press) {
            Ok(changed) => changed,
            Err(e) => return Ok(Answer::private(rules_error_text(&e, s.lang))),
        };
        let next = changed.next();
        if next.plans_differ(&s) {
            // The calendar's next work is planned first: a plan whose settings were not kept is
            // put right by the round it falls due.
            crate::service::writing(self.service.plan_league(&from.chat, &next)).await?;
        }
        match crate::service::writing(store.set_chat_settings(&from.chat, &next)).await {
            Ok(()) => {
                // The standings message and the tags are put right at once.
                let marks = |s: &ChatSettings| (s.standings_post, s.goat_tag, s.goat_roles);
                if marks(&next) != marks(&s) {
                    self.service.standings_changed(&from.chat);
                }
                Ok(Answer { menu: Some(menu(&next, press.page)), ..Answer::default() })
            }
            // Another admin's change went first: nothing was written.
            Err(StoreError::SettingsConflict { .. }) => {
                let now = store.chat_settings(&from.chat).await?;
                Ok(stale(&now))
            }
            Err(e) => Err(e),
        }
    }
}
