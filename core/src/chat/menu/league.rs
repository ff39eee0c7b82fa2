//! The league page of the settings menu: how the chat's seasons run, its clock, its weekly
//! digest. Each
//! setting described once: its label, its choices' words and its line in the settings text.

use super::{Change, Control, ControlKind, Item, Menu, MenuPress, Page};
use crate::ids::Platform;
use crate::session::Lang;
use crate::standings::{Cadence, DIGEST_HOUR, Weekday, ZONES, Zone};
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

/// "UTC+3 (по языку чата)" when the chat has not chosen one.
pub fn zone_text(s: &ChatSettings, lang: Lang) -> String {
    match s.zone {
        Some(z) => z.label(),
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
pub fn digest_text(d: Option<Weekday>, lang: Lang) -> String {
    match d {
        Some(d) => format!("{} {} {DIGEST_HOUR}:00", weekday_text(d, lang), tr(lang, "в", "at")),
        None => tr(lang, "нет", "off").to_owned(),
    }
}

/// The league's lines of the settings text.
pub(super) fn league_lines(s: &ChatSettings, lang: Lang) -> Vec<String> {
    vec![
        format!("🏁 {} {}", tr(lang, "Сезоны:", "Seasons:"), cadence_text(s.seasons, lang)),
        format!("🕒 {} {}", tr(lang, "Часы чата:", "The chat's clock:"), zone_text(s, lang)),
        format!(
            "📰 {} {}",
            tr(lang, "Сводка недели:", "Weekly digest:"),
            digest_text(s.digest, lang)
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
    ]
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
    zones.extend(
        ZONES
            .into_iter()
            .filter_map(Zone::of_minutes)
            .map(|z| item(z.label(), Change::Zone(Some(z)), s.zone == Some(z))),
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
    vec![
        choice(tr(lang, "Сезоны", "Seasons"), cadences),
        choice(tr(lang, "Часовой пояс", "Time zone"), zones),
        choice(tr(lang, "Сводка недели", "Weekly digest"), digests),
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

/// The menu as `platform` can use it: member tags are Telegram's only, roles Discord's.
pub fn for_platform(mut menu: Menu, platform: Platform) -> Menu {
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
        let league = menu(&s, Page::League);
        let telegram = for_platform(league.clone(), Platform::Telegram);
        assert_eq!((tags(&telegram), roles(&telegram)), ((true, true), (false, false)));
        let discord = for_platform(league.clone(), Platform::Discord);
        assert_eq!((tags(&discord), roles(&discord)), ((false, false), (true, true)));
        let terminal = for_platform(league, Platform::Terminal);
        assert_eq!((tags(&terminal), roles(&terminal)), ((false, false), (false, false)));
        // Each platform's settings text leaves out the other's line (the general page shows
        // the league's lines too).
        let general = menu(&s, Page::General);
        for platform in [Platform::Telegram, Platform::Discord] {
            let text = for_platform(general.clone(), platform).text;
            assert_eq!(text.lines().count() + 1, general.text.lines().count(), "{platform:?}");
        }
    }
}
