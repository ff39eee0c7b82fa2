//! `/settings`: what new tables in a chat start with — language, turn timer, computer strength
//! and, per game, a preset and options — changed by buttons on one message edited in place.
//! Button data is `s1:<game>:<change>` (at most 64 bytes), decoded into [`SettingsPress`];
//! every rule set is checked by `Rules::from_options` before it is saved.

use crate::app::App;
use crate::callbacks::answer;
use crate::ids::{chat_id, person};
use crate::outbox::Job;
use domino_core::engine::rules::{Preset, Rules, Teams, Variant, option_keys};
use domino_core::service::ServiceError;
use domino_core::session::{Actor, BotLevel, Lang};
use domino_core::store::{ChatSettings, Store};
use domino_core::view::rejection_text;
use domino_core::view::text::{bot_level_name, variant_name};
use serde_json::{Map, Value};
use teloxide::types::{CallbackQuery, InlineKeyboardButton, InlineKeyboardMarkup};

const TAG: &str = "s1";
/// The timer choices, in seconds per turn.
const TIMERS: [Option<u32>; 5] = [None, Some(30), Some(60), Some(120), Some(300)];
/// The options shown as switches (where the game has them).
const FLAGS: [&str; 14] = [
    "teams",
    "eggs",
    "lead_must_be_double",
    "two_doubles",
    "draw_out_before_fish",
    "threshold_every_round",
    "forget_below_threshold",
    "loser_writes",
    "any_double_double_finish_wins",
    "hub_sides_first",
    "lead_00",
    "house_any_side",
    "multi_doubles",
    "finish_round",
];

/// A press on the settings message: the game shown, and the change asked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct SettingsPress {
    pub variant: Variant,
    pub change: Change,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Change {
    /// Show another game's preset and options.
    Show,
    Lang(Lang),
    Timer(Option<u32>),
    Level(BotLevel),
    Preset(Option<Preset>),
    /// Switch an option of the game on or off.
    Flag(&'static str),
    Close,
}

impl SettingsPress {
    pub(crate) fn encode(&self) -> String {
        let change = match &self.change {
            Change::Show => "show".to_owned(),
            Change::Lang(l) => format!("lang.{}", l.key()),
            Change::Timer(None) => "timer.off".to_owned(),
            Change::Timer(Some(s)) => format!("timer.{s}"),
            Change::Level(l) => format!("level.{}", l.key()),
            Change::Preset(None) => "preset.none".to_owned(),
            Change::Preset(Some(p)) => format!("preset.{}", p.key()),
            Change::Flag(key) => format!("opt.{key}"),
            Change::Close => "close".to_owned(),
        };
        format!("{TAG}:{}:{change}", self.variant.key())
    }

    pub(crate) fn decode(s: &str) -> Option<SettingsPress> {
        if s.len() > 64 {
            return None;
        }
        let mut parts = s.splitn(3, ':');
        if parts.next() != Some(TAG) {
            return None;
        }
        let variant: Variant = parts.next()?.parse().ok()?;
        let change = match parts.next()? {
            "show" => Change::Show,
            "close" => Change::Close,
            "timer.off" => Change::Timer(None),
            "preset.none" => Change::Preset(None),
            other => {
                let (kind, arg) = other.split_once('.')?;
                match kind {
                    "lang" => Change::Lang(Lang::from_key(arg)?),
                    "timer" => Change::Timer(Some(
                        TIMERS.into_iter().flatten().find(|t| t.to_string() == arg)?,
                    )),
                    "level" => Change::Level(BotLevel::from_key(arg)?),
                    "preset" => {
                        let p = Preset::ALL.into_iter().find(|p| p.key() == arg)?;
                        p.allowed_in(variant).then_some(Change::Preset(Some(p)))?
                    }
                    "opt" => {
                        let key = FLAGS.into_iter().find(|k| *k == arg)?;
                        option_keys(variant).any(|k| k == key).then_some(Change::Flag(key))?
                    }
                    _ => return None,
                }
            }
        };
        Some(SettingsPress { variant, change })
    }
}

/// `/settings`: sends the menu.
pub(crate) async fn open<S: Store>(app: &App<S>, chat: teloxide::types::ChatId) {
    let settings = app.service.store().chat_settings(&chat_id(chat)).await.unwrap_or_default();
    let (text, markup) = menu(&settings, Variant::Kozel);
    app.outbox.push(chat.0, Job::Text { text, markup: Some(markup) });
}

pub(crate) async fn on_press<S: Store>(app: &App<S>, q: &CallbackQuery, press: SettingsPress) {
    let Some(m) = q.message.as_ref() else { return };
    let (chat, message) = (m.chat().id, m.id());
    let key = chat_id(chat);
    let store = app.service.store();
    let mut s = match store.chat_settings(&key).await {
        Ok(s) => s,
        Err(e) => {
            tracing::warn!(error = %e, "chat settings unavailable");
            answer(app, q, Some(crate::texts::failed(Lang::default()).to_owned()), false).await;
            return;
        }
    };
    let asked_in = s.lang;
    let variant = press.variant;
    let mut options = match s.presets.get(variant.key()) {
        Some(Value::Object(m)) => m.clone(),
        _ => Map::new(),
    };
    match press.change {
        Change::Show => {}
        Change::Lang(l) => s.lang = l,
        Change::Timer(t) => s.turn_secs = t,
        Change::Level(l) => s.bot_level = l,
        Change::Preset(None) => {
            options.remove("preset");
        }
        Change::Preset(Some(p)) => {
            options.insert("preset".into(), Value::from(p.key()));
        }
        Change::Flag(flag) => {
            let now = current(variant, &options).map(|r| on(&r, flag)).unwrap_or(false);
            if flag == "teams" {
                if now {
                    options.remove("teams");
                } else {
                    options.insert("teams".into(), Value::from("pairs"));
                }
            } else if Some(!now) == on_default(variant, flag) {
                options.remove(flag);
            } else {
                options.insert(flag.into(), Value::from(!now));
            }
        }
        Change::Close => {
            answer(app, q, None, false).await;
            let text = summary(&s, variant);
            let job =
                Job::Edit { message: message.0, text, markup: InlineKeyboardMarkup::default() };
            app.outbox.push(chat.0, job);
            return;
        }
    }
    if let Err(e) = Rules::from_options(variant, &Value::Object(options.clone()), None) {
        answer(app, q, Some(e.to_string().chars().take(200).collect()), false).await;
        return;
    }
    if options.is_empty() {
        s.presets.remove(variant.key());
    } else {
        s.presets.insert(variant.key().into(), Value::Object(options));
    }
    s.version += 1;
    let admin = app.is_admin(chat, q.from.id).await;
    let actor = Actor::Person { person: person(&q.from), admin };
    match app.service.set_chat_settings(&key, &actor, &s).await {
        Ok(()) => {}
        Err(ServiceError::Rejected(r)) => {
            answer(app, q, Some(rejection_text(&r, asked_in)), false).await;
            return;
        }
        Err(e) => {
            tracing::warn!(error = %e, "chat settings not saved");
            answer(app, q, Some(crate::texts::failed(s.lang).to_owned()), false).await;
            return;
        }
    }
    answer(app, q, None, false).await;
    let (text, markup) = menu(&s, variant);
    app.outbox.push(chat.0, Job::Edit { message: message.0, text, markup });
}

fn current(variant: Variant, options: &Map<String, Value>) -> Option<Rules> {
    Rules::from_options(variant, &Value::Object(options.clone()), None).ok()
}

fn on_default(variant: Variant, flag: &str) -> Option<bool> {
    Some(on(&Rules::new(variant), flag))
}

/// Whether an option is on in a rule set.
fn on(r: &Rules, flag: &str) -> bool {
    match flag {
        "teams" => r.teams == Teams::Pairs,
        "eggs" => r.eggs,
        "lead_must_be_double" => r.lead_must_be_double,
        "two_doubles" => r.two_doubles,
        "draw_out_before_fish" => r.draw_out_before_fish,
        "threshold_every_round" => r.threshold_every_round,
        "forget_below_threshold" => r.forget_below_threshold,
        "loser_writes" => r.loser_writes,
        "any_double_double_finish_wins" => r.any_double_double_finish_wins,
        "hub_sides_first" => r.hub_sides_first,
        "lead_00" => r.lead_00,
        "house_any_side" => r.house_any_side,
        "multi_doubles" => r.multi_doubles,
        "finish_round" => r.finish_round,
        _ => false,
    }
}

const fn tr(lang: Lang, ru: &'static str, en: &'static str) -> &'static str {
    match lang {
        Lang::Ru => ru,
        Lang::En => en,
    }
}

fn timer_text(t: Option<u32>, lang: Lang) -> String {
    match t {
        None => tr(lang, "нет", "off").to_owned(),
        Some(s) if s % 60 == 0 => format!("{} {}", s / 60, tr(lang, "мин", "min")),
        Some(s) => format!("{s} {}", tr(lang, "с", "s")),
    }
}

/// The settings as text.
fn summary(s: &ChatSettings, variant: Variant) -> String {
    let lang = s.lang;
    let mut lines = vec![
        tr(lang, "⚙️ Настройки чата (для новых столов)", "⚙️ The chat's settings (for new tables)")
            .to_owned(),
        format!("🌐 {} {}", tr(lang, "Язык:", "Language:"), tr(lang, "русский", "English")),
        format!("⏱ {} {}", tr(lang, "Таймер хода:", "Turn timer:"), timer_text(s.turn_secs, lang)),
        format!("🤖 {} {}", tr(lang, "Компьютер:", "Computer:"), bot_level_name(s.bot_level, lang)),
    ];
    for v in Variant::ALL {
        let Some(Value::Object(opts)) = s.presets.get(v.key()) else { continue };
        if v != variant && opts.is_empty() {
            continue;
        }
        let list: Vec<String> = opts.iter().map(|(k, v)| format!("{k}: {}", plain(v))).collect();
        lines.push(format!("🎲 {} — {}", variant_name(v, lang), list.join(", ")));
    }
    if !s.presets.contains_key(variant.key()) {
        lines.push(format!(
            "🎲 {} — {}",
            variant_name(variant, lang),
            tr(lang, "правила по умолчанию", "default rules")
        ));
    }
    lines.join("\n")
}

fn plain(v: &Value) -> String {
    match v {
        Value::String(s) => s.clone(),
        other => other.to_string(),
    }
}

/// The menu: the settings, then buttons for each choice, the game shown in `variant`.
fn menu(s: &ChatSettings, variant: Variant) -> (String, InlineKeyboardMarkup) {
    let lang = s.lang;
    let b = |label: String, change: Change| {
        InlineKeyboardButton::callback(label, SettingsPress { variant, change }.encode())
    };
    let mark = |on: bool, label: &str| if on { format!("• {label}") } else { label.to_owned() };
    let shown = |v: Variant| {
        InlineKeyboardButton::callback(
            mark(v == variant, variant_name(v, lang)),
            SettingsPress { variant: v, change: Change::Show }.encode(),
        )
    };
    let mut rows = vec![
        vec![
            b(mark(lang == Lang::Ru, "🇷🇺 Русский"), Change::Lang(Lang::Ru)),
            b(mark(lang == Lang::En, "🇬🇧 English"), Change::Lang(Lang::En)),
        ],
        TIMERS
            .iter()
            .map(|&t| {
                b(mark(s.turn_secs == t, &format!("⏱ {}", timer_text(t, lang))), Change::Timer(t))
            })
            .collect(),
        BotLevel::ALL
            .iter()
            .map(|&l| b(mark(s.bot_level == l, bot_level_name(l, lang)), Change::Level(l)))
            .collect(),
        Variant::ALL[..3].iter().map(|&v| shown(v)).collect(),
        Variant::ALL[3..].iter().map(|&v| shown(v)).collect(),
    ];
    let options = match s.presets.get(variant.key()) {
        Some(Value::Object(m)) => m.clone(),
        _ => Map::new(),
    };
    let rules = current(variant, &options).unwrap_or_else(|| Rules::new(variant));
    let mut presets = vec![b(
        mark(rules.presets.is_empty(), tr(lang, "без пресета", "no preset")),
        Change::Preset(None),
    )];
    presets.extend(
        Preset::ALL
            .into_iter()
            .filter(|p| p.allowed_in(variant))
            .map(|p| b(mark(rules.has_preset(p), p.key()), Change::Preset(Some(p)))),
    );
    rows.push(presets);
    let flags: Vec<_> = FLAGS
        .into_iter()
        .filter(|f| option_keys(variant).any(|k| k == *f))
        .map(|f| b(format!("{} {f}", if on(&rules, f) { "✅" } else { "▫️" }), Change::Flag(f)))
        .collect();
    rows.extend(flags.chunks(2).map(<[_]>::to_vec));
    rows.push(vec![b(tr(lang, "✖ Готово", "✖ Done").to_owned(), Change::Close)]);
    (summary(s, variant), InlineKeyboardMarkup::new(rows))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn presses_read_back_within_64_bytes() {
        let mut all = vec![Change::Show, Change::Close, Change::Preset(None)];
        all.extend(TIMERS.map(Change::Timer));
        all.extend([Lang::Ru, Lang::En].map(Change::Lang));
        all.extend(BotLevel::ALL.map(Change::Level));
        for v in Variant::ALL {
            let mut changes = all.clone();
            changes.extend(
                Preset::ALL
                    .into_iter()
                    .filter(|p| p.allowed_in(v))
                    .map(|p| Change::Preset(Some(p))),
            );
            changes.extend(
                FLAGS.into_iter().filter(|f| option_keys(v).any(|k| k == *f)).map(Change::Flag),
            );
            for change in changes {
                let p = SettingsPress { variant: v, change };
                let s = p.encode();
                assert!(s.len() <= 64, "{s}");
                assert_eq!(SettingsPress::decode(&s), Some(p));
            }
        }
        for bad in [
            "s1:kozel:opt.deal",
            "s1:telefon:preset.troshin",
            "s1:x:show",
            "s2:kozel:show",
            "s1:kozel:timer.45",
        ] {
            assert_eq!(SettingsPress::decode(bad), None, "{bad}");
        }
    }
}
