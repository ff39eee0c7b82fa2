//! `/clock` (`/часы`): the chat's time zone, typed as people write it (`zone_words`). Alone it
//! says the chat's clock and its time now; with a city, a zone or an offset an admin sets it
//! (`сброс`/`reset`: back to the language's zone). A change is a settings change like a menu
//! press (versioned); the next season turn and digest are planned on the new clock first.

use crate::chat::menu::league::zone_text;
use crate::chat::words::zone_words::{ClockAsk, read_clock};
use crate::chat::{Answer, Args, Asker, Body, Chat, may_administer, prefix, texts};
use crate::ids::{Lang, Millis, Platform};
use crate::standings::Local;
use crate::store::{ChatSettings, Store, StoreError};
use crate::view::text::tr;

impl<S: Store> Chat<S> {
    /// `/clock`: the chat's clock, or an admin's change of it.
    pub(in crate::chat) async fn clock(
        &self,
        from: &Asker,
        args: Args,
        lang: Lang,
    ) -> Result<Answer, StoreError> {
        let ask = match read_clock(args.zone.as_deref()) {
            Ok(ask) => ask,
            Err(words) => {
                return Ok(Answer::private(unknown_zone(&words, from.chat.platform, lang)));
            }
        };
        let store = self.service.store();
        let mut s = store.chat_settings(&from.chat).await?;
        if s.version == 0 {
            // A chat that has stored no settings speaks its asker's language (as its first
            // table does), and keeps it with its first change.
            s.lang = lang;
        }
        let zone = match ask {
            ClockAsk::Show => {
                return Ok(Answer::private(clock_text(&s, self.service.now(), lang)));
            }
            _ if !may_administer(from) => return Ok(Answer::private(texts::admins_only(lang))),
            ClockAsk::Reset => None,
            ClockAsk::Set(zone) => Some(zone),
        };
        let mut next = s.next();
        next.zone = zone;
        if next.plans_differ(&s) {
            // As for a menu press: the calendar's next work is planned first.
            crate::service::writing(self.service.plan_league(&from.chat, &next)).await?;
        }
        match crate::service::writing(store.set_chat_settings(&from.chat, &next)).await {
            Ok(()) => Ok(Answer::public(Body::Text(clock_text(&next, self.service.now(), lang)))),
            // Another admin changed the settings first: nothing was written.
            Err(StoreError::SettingsConflict { .. }) => Ok(Answer::private(tr(
                lang,
                "Настройки чата только что изменились: повторите.",
                "The chat's settings changed just now: try again.",
            ))),
            Err(e) => Err(e),
        }
    }
}

/// "🕒 Часы чата: Берлин (Europe/Berlin); сейчас там 14:05 (UTC+2)."
pub(crate) fn clock_text(s: &ChatSettings, now: Millis, lang: Lang) -> String {
    let zone = s.zone();
    let time = Local::of(now, zone);
    let at = format!("{:02}:{:02} ({})", time.hour, time.minute, zone.label_at(now));
    match lang {
        Lang::Ru => format!("🕒 Часы чата: {}; сейчас там {at}.", zone_text(s, lang)),
        Lang::En => format!("🕒 The chat's clock: {}; it is {at} there now.", zone_text(s, lang)),
    }
}

/// Words that name no zone, answered with what does.
fn unknown_zone(words: &str, platform: Platform, lang: Lang) -> String {
    let clock = format!("{}clock", prefix(platform));
    match lang {
        Lang::Ru => format!(
            "🕒 Не знаю такого пояса: «{words}». Напишите город ({clock} Москва), пояс \
             ({clock} Europe/Berlin) или сдвиг от UTC ({clock} +3); {clock} сброс — часы по \
             языку чата."
        ),
        Lang::En => format!(
            "🕒 I know no such zone: «{words}». Write a city ({clock} Berlin), a zone \
             ({clock} Europe/Berlin) or an offset from UTC ({clock} +3); {clock} reset goes back \
             to the language's clock."
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::standings::Zone;

    #[test]
    fn the_clock_is_told_with_its_time_and_offset_in_both_languages() {
        // 2026-10-25 00:30 UTC: 02:30 summer time in Berlin; an hour later, 02:30 winter time.
        let before = 1_792_888_200_000;
        let s = ChatSettings { zone: Zone::named("Europe/Berlin"), ..ChatSettings::default() };
        let ru = clock_text(&s, before, Lang::Ru);
        assert_eq!(ru, "🕒 Часы чата: Берлин (Europe/Berlin); сейчас там 02:30 (UTC+2).");
        let after = clock_text(&s, before + 3_600_000, Lang::En);
        assert_eq!(
            after,
            "🕒 The chat's clock: Berlin (Europe/Berlin); it is 02:30 (UTC+1) there now."
        );
        let en = ChatSettings { lang: Lang::En, ..ChatSettings::default() };
        assert_eq!(
            clock_text(&en, 0, Lang::En),
            "🕒 The chat's clock: UTC (by the chat's language); it is 00:00 (UTC) there now."
        );
        for lang in [Lang::Ru, Lang::En] {
            let told = unknown_zone("Марс", Platform::Discord, lang);
            assert!(told.contains("«Марс»") && told.contains("/domino clock Europe/Berlin"));
        }
    }
}
