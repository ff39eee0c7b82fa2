//! The league page of the settings menu: how the chat's seasons run and its clock. Each
//! setting described once: its label, its choices' words and its line in the settings text.

use super::menu::{Change, Control, ControlKind, Item, MenuPress, Page};
use crate::session::Lang;
use crate::standings::{Cadence, ZONES, Zone};
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

/// The league's lines of the settings text.
pub(super) fn league_lines(s: &ChatSettings, lang: Lang) -> Vec<String> {
    vec![
        format!("🏁 {} {}", tr(lang, "Сезоны:", "Seasons:"), cadence_text(s.seasons, lang)),
        format!("🕒 {} {}", tr(lang, "Часы чата:", "The chat's clock:"), zone_text(s, lang)),
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
    vec![
        choice(tr(lang, "Сезоны", "Seasons"), cadences),
        choice(tr(lang, "Часовой пояс", "Time zone"), zones),
    ]
}
