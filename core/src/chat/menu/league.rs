//! The league page of the settings menu: how the chat's seasons run, its clock, its weekly
//! digest (its day and its hour). Each setting described once: its label, its choices' words
//! and its line in the settings text.

use super::{Change, Control, ControlKind, Item, Menu, MenuPress, Page};
use crate::chat::words::cities::{MENU, city_name};
use crate::engine::rules::Words;
use crate::ids::Platform;
use crate::session::Lang;
use crate::standings::{Cadence, Weekday, Zone};
use crate::store::ChatSettings;
use crate::view::text::tr;

/// "вручную" / "by hand", "помесячно" / "monthly", "поквартально" / "quarterly".
pub fn cadence_text(c: Cadence, lang: Lang) -> &'static str {
    match c {
        Cadence::Manual => tr(lang, "вручную", "by hand"),
        Cadence::Monthly => tr(lang, "помесячно", "monthly"),
        Cadence::Quarterly => tr(lang, "поквартально", "quarterly"),
    }
}

/// A zone as a chat reads it: "UTC+3", "Берлин (Europe/Berlin)", "Asia/Kolkata".
pub fn zone_name(z: Zone, lang: Lang) -> String {
    match z.name().and_then(|name| city_name(name, lang)) {
        Some(city) => format!("{city} ({})", z.label()),
        None => z.label(),
    }
}

/// A zone's item on the menu: the city ("Берлин"), or the zone ("UTC+5").
fn zone_item(z: Zone, lang: Lang) -> String {
    z.name().and_then(|name| city_name(name, lang)).map_or_else(|| z.label(), str::to_owned)
}

/// "UTC+3 (по языку чата)" when the chat has not chosen one.
pub fn zone_text(s: &ChatSettings, lang: Lang) -> String {
    match s.zone {
        Some(z) => zone_name(z, lang),
        None => format!(
            "{} {}",
            s.zone().label(),
            tr(lang, "(по языку чата)", "(by the chat's language)")
        ),
    }
}

/// "по пятницам" / "on Fridays".
pub fn weekday_text(d: Weekday, lang: Lang) -> &'static str {
    const RU: [&str; 7] = [
        "по понедельникам",
        "по вторникам",
        "по средам",
        "по четвергам",
        "по пятницам",
        "по субботам",
        "по воскресеньям",
    ];
    const EN: [&str; 7] = [
        "on Mondays",
        "on Tuesdays",
        "on Wednesdays",
        "on Thursdays",
        "on Fridays",
        "on Saturdays",
        "on Sundays",
    ];
    let i = usize::from(d.index());
    tr(lang, RU[i], EN[i])
}

/// "пн" / "Mon".
fn weekday_short(d: Weekday, lang: Lang) -> &'static str {
    const RU: [&str; 7] = ["пн", "вт", "ср", "чт", "пт", "сб", "вс"];
    const EN: [&str; 7] = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"];
    let i = usize::from(d.index());
    tr(lang, RU[i], EN[i])
}

/// "по пятницам в 10:00" or "нет".
pub fn digest_text(d: Option<Weekday>, hour: u8, lang: Lang) -> String {
    match d {
        Some(d) => format!("{} {} {}", weekday_text(d, lang), tr(lang, "в", "at"), hour_text(hour)),
        None => tr(lang, "нет", "off").to_owned(),
    }
}

/// The digest's hour control: its label, and the hours it offers (any hour of
/// [`crate::bounds::DIGEST_HOUR`] is kept; the chat's own is added when it is not among them).
pub const DIGEST_HOUR_LABEL: Words = Words { ru: "Час сводки", en: "Digest hour" };
pub const DIGEST_HOURS: [u8; 15] = [7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21];

/// "09:00".
fn hour_text(hour: u8) -> String {
    format!("{hour:02}:00")
}

/// The league page's last line: a zone the menu does not offer is typed («/clock» is written
/// the platform's way by [`for_platform`]).
const OTHER_ZONES: Words = Words {
    ru: "🕒 Другой пояс: /clock город, пояс (Europe/Berlin) или сдвиг от UTC (+3)",
    en: "🕒 Any other zone: /clock city, zone (Europe/Berlin) or offset from UTC (+3)",
};

/// The league's lines of the settings text (on its own page, how to type another zone).
pub(super) fn league_lines(s: &ChatSettings, lang: Lang, page: Page) -> Vec<String> {
    let mut lines = vec![
        format!("🏁 {} {}", tr(lang, "Сезоны:", "Seasons:"), cadence_text(s.seasons, lang)),
        format!("🕒 {} {}", tr(lang, "Часы чата:", "The chat's clock:"), zone_text(s, lang)),
        format!(
            "📰 {} {}",
            tr(lang, "Сводка недели:", "Weekly digest:"),
            digest_text(s.digest, s.digest_hour, lang)
        ),
        format!(
            "📌 {} {}",
            tr(lang, "Таблица в чате:", "Standings message:"),
            on_off(s.standings_post, lang)
        ),
        format!(
            "{TAG_MARK} {} {}",
            tr(lang, "Метки козла и чемпиона:", "Goat and champion tags:"),
            on_off(s.goat_tag, lang)
        ),
        format!(
            "{ROLE_MARK} {} {}",
            tr(lang, "Роли козла и чемпиона:", "Goat and champion roles:"),
            on_off(s.goat_roles, lang)
        ),
    ];
    if page == Page::League {
        lines.push(crate::view::text::pick(OTHER_ZONES, lang).to_owned());
    }
    lines
}

/// The league page's controls.
pub(super) fn league_controls(s: &ChatSettings, lang: Lang) -> Vec<Control> {
    let item = |label: String, change, selected| Item {
        label,
        press: MenuPress { version: s.version, page: Page::League, change },
        selected,
    };
    let cadences = Cadence::ALL
        .into_iter()
        .map(|c| item(cadence_text(c, lang).to_owned(), Change::Seasons(c), c == s.seasons))
        .collect();
    let mut zones = vec![item(
        tr(lang, "по языку", "by language").to_owned(),
        Change::Zone(None),
        s.zone.is_none(),
    )];
    let mut offered: Vec<Zone> =
        std::iter::once(Zone::UTC).chain(MENU.into_iter().filter_map(Zone::named)).collect();
    // The chat's own zone, when it typed one the menu does not offer.
    if let Some(own) = s.zone.filter(|z| !offered.contains(z)) {
        offered.push(own);
    }
    zones.extend(
        offered
            .into_iter()
            .map(|z| item(zone_item(z, lang), Change::Zone(Some(z)), s.zone == Some(z))),
    );
    let choice = |label: &str, items| Control {
        label: label.to_owned(),
        kind: ControlKind::Choice,
        items,
        all: None,
    };
    let mut digests =
        vec![item(tr(lang, "нет", "off").to_owned(), Change::Digest(None), s.digest.is_none())];
    digests.extend(Weekday::ALL.into_iter().map(|d| {
        item(weekday_short(d, lang).to_owned(), Change::Digest(Some(d)), s.digest == Some(d))
    }));
    let mut hours = DIGEST_HOURS.to_vec();
    if !hours.contains(&s.digest_hour) {
        hours.push(s.digest_hour);
        hours.sort_unstable();
    }
    let hours = hours
        .into_iter()
        .map(|h| item(hour_text(h), Change::DigestHour(h), s.digest_hour == h))
        .collect();
    vec![
        choice(tr(lang, "Сезоны", "Seasons"), cadences),
        choice(tr(lang, "Часовой пояс", "Time zone"), zones),
        choice(tr(lang, "Сводка недели", "Weekly digest"), digests),
        choice(crate::view::text::pick(DIGEST_HOUR_LABEL, lang), hours),
        choice(
            tr(lang, "Таблица в чате (закреплённая)", "Standings message (pinned)"),
            [false, true]
                .into_iter()
                .map(|on| {
                    let label = on_off(on, lang);
                    item(label, Change::StandingsPost(on), s.standings_post == on)
                })
                .collect(),
        ),
        choice(
            tr(lang, "Метки козла и чемпиона", "Goat and champion tags"),
            [false, true]
                .into_iter()
                .map(|on| item(on_off(on, lang), Change::GoatTag(on), s.goat_tag == on))
                .collect(),
        ),
        choice(
            tr(
                lang,
                "Роли козла и чемпиона (управление ролями)",
                "Goat and champion roles (Manage Roles)",
            ),
            [false, true]
                .into_iter()
                .map(|on| item(on_off(on, lang), Change::GoatRoles(on), s.goat_roles == on))
                .collect(),
        ),
    ]
}

fn on_off(on: bool, lang: Lang) -> String {
    match on {
        true => tr(lang, "да", "on"),
        false => tr(lang, "нет", "off"),
    }
    .to_owned()
}

/// The mark of the member tags' line (Telegram only: [`for_platform`] leaves it out elsewhere).
const TAG_MARK: &str = "🏷";
/// The mark of the roles' line (Discord only).
const ROLE_MARK: &str = "🎭";

/// The menu as `platform` can use it: member tags are Telegram's only, roles Discord's;
/// commands are written the platform's way.
pub fn for_platform(mut menu: Menu, platform: Platform) -> Menu {
    let clock = format!("{}clock", crate::chat::prefix(platform));
    menu.text = menu.text.replace("/clock", &clock);
    let (tags, roles) = (platform == Platform::Telegram, platform == Platform::Discord);
    let offered = |change: &Change| match change {
        Change::GoatTag(_) => tags,
        Change::GoatRoles(_) => roles,
        _ => true,
    };
    menu.controls.retain(|c| c.items.iter().all(|i| offered(&i.press.change)));
    let shown =
        |l: &&str| (tags || !l.starts_with(TAG_MARK)) && (roles || !l.starts_with(ROLE_MARK));
    menu.text = menu.text.lines().filter(shown).collect::<Vec<_>>().join("\n");
    menu
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chat::menu::draw::menu;

    #[test]
    fn member_tags_are_offered_on_telegram_only_and_roles_on_discord_only() {
        let s = ChatSettings::default();
        let offers = |m: &Menu, change: Change, mark: &str| {
            let control =
                m.controls.iter().flat_map(|c| &c.items).any(|i| i.press.change == change);
            (control, m.text.contains(mark))
        };
        let tags = |m: &Menu| offers(m, Change::GoatTag(true), TAG_MARK);
        let roles = |m: &Menu| offers(m, Change::GoatRoles(true), ROLE_MARK);
        let league = menu(&s, Page::League, false);
        let telegram = for_platform(league.clone(), Platform::Telegram);
        assert_eq!((tags(&telegram), roles(&telegram)), ((true, true), (false, false)));
        let discord = for_platform(league.clone(), Platform::Discord);
        assert_eq!((tags(&discord), roles(&discord)), ((false, false), (true, true)));
        let terminal = for_platform(league, Platform::Terminal);
        assert_eq!((tags(&terminal), roles(&terminal)), ((false, false), (false, false)));
        // Each platform's settings text leaves out the other's line (the general page shows
        // the league's lines too).
        let general = menu(&s, Page::General, false);
        for platform in [Platform::Telegram, Platform::Discord] {
            let text = for_platform(general.clone(), platform).text;
            assert_eq!(text.lines().count() + 1, general.text.lines().count(), "{platform:?}");
        }
    }
}
