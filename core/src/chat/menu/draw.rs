//! Drawing the settings menu of a chat (one page at a time) and the settings as text.

use super::more::{TIME_UP_LABEL, clock_text, more_controls, time_up_text};
use super::{Change, Control, ControlKind, Item, Menu, MenuPress, Page, TIMERS};
use crate::engine::rules::{OptionKind, OptionSpec, Preset, Rules, Variant, Words, options_for};
use crate::session::Lang;
use crate::standings::Cadence;
use crate::store::{BoardMode, ChatSettings, TurnTimer};
use crate::view::text::{bot_level_name, pick, preset_word, rules_name, tr, variant_name};
use serde_json::Value;

/// "нет", "30 с", "2 мин".
pub fn timer_text(t: Option<u32>, lang: Lang) -> String {
    match t {
        None => tr(lang, "нет", "off").to_owned(),
        Some(s) if s % 60 == 0 => format!("{} {}", s / 60, tr(lang, "мин", "min")),
        Some(s) => format!("{s} {}", tr(lang, "с", "s")),
    }
}

/// When the person to move is pinged: "сразу", "через 20 с" / "at once", "after 20 s".
pub fn nudge_text(secs: u32, lang: Lang) -> String {
    match secs {
        0 => tr(lang, "сразу", "at once").to_owned(),
        s => format!("{} {s} {}", tr(lang, "через", "after"), tr(lang, "с", "s")),
    }
}

/// The reminder setting, described once: its label on the menu.
pub(super) const NUDGE_LABEL: Words =
    Words { ru: "Напоминание о ходе", en: "Turn reminder" };

/// The chat's turn timer as its settings text says it: the seconds a new table takes, marked
/// «by default» when the chat never chose (`private`: a chat of one person with the bot).
fn timer_line(s: &ChatSettings, private: bool, lang: Lang) -> String {
    let secs = timer_text(s.turn_secs(private), lang);
    match s.timer {
        TurnTimer::Unset => format!("{secs} {}", tr(lang, "(по умолчанию)", "(the default)")),
        TurnTimer::Off | TurnTimer::Secs(_) => secs,
    }
}

/// "картинкой" / "picture".
pub(super) fn board_text(b: BoardMode, lang: Lang) -> &'static str {
    match b {
        BoardMode::Picture => tr(lang, "картинкой", "picture"),
        BoardMode::Text => tr(lang, "текстом", "text"),
    }
}

/// The hints setting, described once: its label on the menu, its two choices, and what it
/// does (the settings text). Russian first.
pub(super) const HINTS_LABEL: Words = Words { ru: "Подсказки", en: "Hints" };

/// "вкл" / "on".
pub(super) fn hints_text(on: bool, lang: Lang) -> &'static str {
    match on {
        true => tr(
            lang,
            "включены (кнопка «💡 Подсказка» на руке, итог раунда их считает)",
            "on (a «💡 Hint» button on the hand; the round's result counts them)",
        ),
        false => tr(lang, "выключены", "off"),
    }
}

/// The rules new tables of `variant` start with in this chat (the variant's defaults when
/// the stored options no longer check).
pub(super) fn chat_rules(settings: &ChatSettings, variant: Variant) -> Rules {
    let options = Value::Object(settings.options(variant));
    Rules::from_options(variant, &options, None).unwrap_or_else(|_| Rules::new(variant))
}

/// "пресет troshin · до 51 · Яйца, Два дубля" (or "обычные правила").
pub fn rules_summary(rules: &Rules, lang: Lang) -> String {
    let base = Rules::new(rules.variant());
    let mut parts = Vec::new();
    if !rules.presets().is_empty() {
        let keys: Vec<&str> = rules.presets().iter().map(|p| preset_word(*p, lang)).collect();
        parts.push(format!("{} {}", tr(lang, "пресет", "preset"), keys.join(", ")));
    }
    if rules.target() != base.target() {
        parts.push(format!("{} {}", tr(lang, "до", "to"), rules.target()));
    }
    for o in numbers(rules.variant()) {
        let value = o.write(rules);
        if value != o.write(&base)
            && let Some(n) = value.as_u64()
        {
            parts.push(format!("{} {n}", pick(o.label, lang).to_lowercase()));
        }
    }
    let switched: Vec<String> = options_for(rules.variant())
        .filter(|o| o.kind.is_switch() && o.is_on(rules) != o.is_on(&base))
        .map(|o| {
            let mark = if o.is_on(rules) { "✅" } else { "🚫" };
            format!("{mark} {}", pick(o.label, lang))
        })
        .collect();
    if !switched.is_empty() {
        parts.push(switched.join(", "));
    }
    if parts.is_empty() {
        return tr(lang, "обычные правила", "standard rules").to_owned();
    }
    parts.join(" · ")
}

/// The number options of `variant` a game's page sets beside its target and set (`deal`,
/// `start_threshold`), in catalog order.
fn numbers(variant: Variant) -> impl Iterator<Item = &'static OptionSpec> {
    options_for(variant)
        .filter(|o| o.kind == OptionKind::Number && !matches!(o.key, "target" | "set"))
}

/// A number option's value in the chat's options for `variant` (`None`: the game's own).
fn chosen_number(s: &ChatSettings, variant: Variant, key: &str) -> Option<u32> {
    s.options(variant).get(key).and_then(serde_json::Value::as_u64).map(|n| n as u32)
}

/// "по правилам игры" / "the game's own".
fn game_own(lang: Lang) -> &'static str {
    tr(lang, "по правилам игры", "the game's own")
}

/// The settings as text: what new tables in this chat start with (`private`: a chat of one
/// person with the bot, whose timer default is none).
pub fn settings_text(s: &ChatSettings, page: Page, private: bool) -> String {
    let lang = s.lang;
    let mut lines = vec![
        tr(
            lang,
            "⚙️ Настройки чата (для новых столов)",
            "⚙️ This chat's settings (for new tables)",
        )
        .to_owned(),
        format!("🌐 {} {}", tr(lang, "Язык:", "Language:"), tr(lang, "русский", "English")),
        format!("⏱ {} {}", tr(lang, "Таймер хода:", "Turn timer:"), timer_line(s, private, lang)),
        format!("⌛ {}: {}", pick(TIME_UP_LABEL, lang), time_up_text(s.time_up, lang)),
        format!("🔔 {}: {}", pick(NUDGE_LABEL, lang), nudge_text(s.ping_after, lang)),
        format!("🤖 {} {}", tr(lang, "Компьютер:", "Computer:"), bot_level_name(s.bot_level, lang)),
        format!(
            "🎲 {} {}",
            tr(lang, "/new без игры открывает:", "/new with no game opens:"),
            variant_name(s.default_variant, lang)
        ),
        format!("🖼 {} {}", tr(lang, "Стол показан:", "Board shown as:"), board_text(s.board, lang)),
        format!("💡 {}: {}", pick(HINTS_LABEL, lang), hints_text(s.hints, lang)),
        format!("⏲ {} {}", tr(lang, "Часы матча:", "Match clock:"), clock_text(s.clock, lang)),
    ];
    lines.extend(super::league::league_lines(s, lang, page));
    for v in Variant::ALL {
        let shown = page == Page::Game(v) || s.presets.contains_key(v.key());
        if shown {
            let rules = chat_rules(s, v);
            lines.push(format!("📖 {}: {}", rules_name(&rules, lang), rules_summary(&rules, lang)));
        }
        // A game's page says what each of its numbers does, from the options catalog.
        if page == Page::Game(v) {
            for o in numbers(v) {
                let value = chosen_number(s, v, o.key)
                    .map_or_else(|| game_own(lang).to_owned(), |n| n.to_string());
                let (label, help) = (pick(o.label, lang), pick(o.help, lang));
                lines.push(format!("   {label}: {value} — {help}"));
            }
        }
    }
    lines.join("\n")
}

/// The menu at `page`, drawn for the settings' version (`private`: in a chat of one person
/// with the bot).
pub fn menu(s: &ChatSettings, page: Page, private: bool) -> Menu {
    let lang = s.lang;
    let press = |page, change| MenuPress { version: s.version, page, change };
    let item = |label: String, page, change, selected| Item {
        label,
        press: press(page, change),
        selected,
    };
    let choice = |label: &str, items: Vec<Item>| Control {
        label: label.to_owned(),
        kind: ControlKind::Choice,
        items,
        all: None,
    };
    let done = item(tr(lang, "✖ Готово", "✖ Done").to_owned(), page, Change::Done, false);
    let (controls, nav) = match page {
        Page::General => {
            let g = Page::General;
            let langs = [(Lang::Ru, "🇷🇺 Русский"), (Lang::En, "🇬🇧 English")]
                .map(|(l, name)| item(name.to_owned(), g, Change::Lang(l), l == lang));
            let secs = s.turn_secs(private);
            let timers = TIMERS.map(|t| {
                item(format!("⏱ {}", timer_text(t, lang)), g, Change::Timer(t), t == secs)
            });
            let games = Variant::ALL.map(|v| {
                item(
                    variant_name(v, lang).to_owned(),
                    g,
                    Change::DefaultGame(v),
                    v == s.default_variant,
                )
            });
            let seasons = Cadence::ALL.map(|c| {
                let label = format!("🏁 {}", super::league::cadence_text(c, lang));
                item(label, g, Change::Seasons(c), c == s.seasons)
            });
            let controls = vec![
                choice(tr(lang, "Игра по умолчанию", "Default game"), games.to_vec()),
                choice(tr(lang, "Таймер хода", "Turn timer"), timers.to_vec()),
                choice(tr(lang, "Язык", "Language"), langs.to_vec()),
                choice(tr(lang, "Сезоны", "Seasons"), seasons.to_vec()),
            ];
            let rules = item(
                tr(lang, "📖 Правила игр ▸", "📖 Game rules ▸").to_owned(),
                Page::Game(s.default_variant),
                Change::Show,
                false,
            );
            let more =
                item(tr(lang, "⚙️ Ещё ▸", "⚙️ More ▸").to_owned(), Page::More, Change::Show, false);
            let league = item(
                tr(lang, "🏁 Сезоны и часы ▸", "🏁 Seasons and clock ▸").to_owned(),
                Page::League,
                Change::Show,
                false,
            );
            (controls, vec![rules, more, league, done])
        }
        Page::More => {
            let back = item(
                tr(lang, "◂ Общие", "◂ General").to_owned(),
                Page::General,
                Change::Show,
                false,
            );
            (more_controls(s, lang), vec![back, done])
        }
        // The league's offer is drawn by `offer`, never as a settings page.
        Page::Offer => (Vec::new(), vec![done]),
        // A tournament's message is drawn by `tournament`, never as a settings page.
        Page::Tournament(_) => (Vec::new(), vec![done]),
        Page::League => {
            let back = item(
                tr(lang, "◂ Общие", "◂ General").to_owned(),
                Page::General,
                Change::Show,
                false,
            );
            (super::league::league_controls(s, lang), vec![back, done])
        }
        Page::Game(variant) => {
            let rules = chat_rules(s, variant);
            let games = Variant::ALL.map(|v| {
                item(variant_name(v, lang).to_owned(), Page::Game(v), Change::Show, v == variant)
            });
            let mut presets = vec![item(
                tr(lang, "без пресета", "no preset").to_owned(),
                page,
                Change::Preset(None),
                rules.presets().is_empty(),
            )];
            presets.extend(Preset::ALL.into_iter().filter(|p| p.allowed_in(variant)).map(|p| {
                item(
                    preset_word(p, lang).to_owned(),
                    page,
                    Change::Preset(Some(p)),
                    rules.has_preset(p),
                )
            }));
            let target = crate::engine::rules::option("target").expect("target is an option");
            let mut targets = target.suggestions(variant);
            if !targets.contains(&rules.target()) {
                targets.push(rules.target());
            }
            let targets = targets
                .into_iter()
                .map(|n| {
                    let label = format!("🎯 {} {n}", tr(lang, "до", "to"));
                    item(label, page, Change::Target(n), n == rules.target())
                })
                .collect();
            // The set, where the game has more than one (traditional): «🁫 дубль-12».
            let set = crate::engine::rules::option("set").expect("set is an option");
            let sets: Vec<Item> = set
                .suggestions(variant)
                .into_iter()
                .filter_map(|n| u8::try_from(n).ok())
                .map(|n| {
                    let label = format!("🁫 {}-{n}", tr(lang, "дубль", "double"));
                    item(label, page, Change::Set(n), n == rules.set())
                })
                .collect();
            let switches = options_for(variant)
                .filter(|o| o.kind.is_switch())
                .map(|o| {
                    let on = o.is_on(&rules);
                    let label = format!("{} {}", if on { "✅" } else { "▫️" }, pick(o.label, lang));
                    item(label, page, Change::Switch(o.key), on)
                })
                .collect();
            let mut controls = vec![
                choice(tr(lang, "Игра", "Game"), games.to_vec()),
                choice(tr(lang, "Пресет", "Preset"), presets),
                choice(tr(lang, "До скольких очков", "Played to"), targets),
            ];
            if sets.len() > 1 {
                controls.push(choice(tr(lang, "Набор костей", "Set"), sets));
            }
            // The game's other numbers (the deal, the writing threshold): the game's own or
            // one of the catalog's suggestions, each within its bound.
            for o in numbers(variant) {
                let chosen = chosen_number(s, variant, o.key);
                let mut values: Vec<u32> = o.suggestions(variant);
                values.retain(|n| o.bound.is_some_and(|b| b.contains(u64::from(*n))));
                if let Some(n) = chosen.filter(|n| !values.contains(n)) {
                    values.push(n);
                }
                let mut items = vec![item(
                    game_own(lang).to_owned(),
                    page,
                    Change::Number(o.key, None),
                    chosen.is_none(),
                )];
                items.extend(values.into_iter().map(|n| {
                    item(n.to_string(), page, Change::Number(o.key, Some(n)), chosen == Some(n))
                }));
                controls.push(choice(pick(o.label, lang), items));
            }
            controls.push(Control {
                label: tr(lang, "Правила", "Options").to_owned(),
                kind: ControlKind::Switches,
                items: switches,
                all: Some(press(page, Change::Switches(Vec::new()))),
            });
            let back = item(
                tr(lang, "◂ Общие", "◂ General").to_owned(),
                Page::General,
                Change::Show,
                false,
            );
            (controls, vec![back, done])
        }
    };
    debug_assert!(controls.iter().all(|c| c.kind != ControlKind::Switches || c.all.is_some()));
    Menu { text: settings_text(s, page, private), controls, nav }
}

/// The settings as a closed menu (after «Done»): the text and no buttons.
pub(super) fn closed(s: &ChatSettings, private: bool) -> Menu {
    let text = settings_text(s, Page::General, private);
    Menu { text, controls: Vec::new(), nav: Vec::new() }
}
