//! Slash commands: one small function each. Replies go through the outbox; tables are shown
//! by the same path as button presses.

use crate::app::App;
use crate::args;
use crate::callbacks::HandlerResult;
use crate::ids::{chat_id, person};
use crate::outbox::Job;
use crate::{deeplink, settings, texts};
use domino_core::engine::rules::Rules;
use domino_core::service::{ServiceError, TableSpec};
use domino_core::session::{Action, Actor, Command, Lang, Person, Table};
use domino_core::store::{Store, scoreboard_csv};
use domino_core::view::{help_text, rejection_text, render_scoreboard, render_tally, rules_text};
use std::sync::Arc;
use teloxide::prelude::*;
use teloxide::types::{BotCommand, MessageEntityKind};
use teloxide::utils::command::BotCommands;

#[derive(BotCommands, Clone, Debug, PartialEq, Eq)]
#[command(rename_rule = "lowercase")]
pub(crate) enum Cmd {
    #[command(description = "open a table: /new [game] [2-4] [pairs]")]
    New(String),
    #[command(description = "a one-on-one game: /duel @player [game], /duel bot [game]")]
    Duel(String),
    #[command(description = "the rules: /rules [game]")]
    Rules(String),
    #[command(description = "the chat's settings: language, timer, computer, presets")]
    Settings,
    #[command(description = "the score of the match in play")]
    Score,
    #[command(description = "the chat's scoreboard: /top [season], /top csv, /top new")]
    Top(String),
    #[command(description = "the record of the last match")]
    Export,
    #[command(description = "close the table: /stop [table number]")]
    Stop(String),
    #[command(description = "help")]
    Help,
    #[command(description = "start", hide)]
    Start(String),
}

/// The command list in Russian (the default) and English.
pub(crate) fn menus() -> [(Option<&'static str>, Vec<BotCommand>); 2] {
    let ru = [
        ("new", "открыть стол: /new [игра] [2-4] [пары]"),
        ("duel", "партия один на один: /duel @игрок [игра], /duel bot [игра]"),
        ("rules", "правила: /rules [игра]"),
        ("settings", "настройки чата: язык, таймер, компьютер, пресеты"),
        ("score", "счёт текущего матча"),
        ("top", "таблица чата: /top [сезон], /top csv, /top new"),
        ("export", "запись последнего матча"),
        ("stop", "закрыть стол: /stop [номер стола]"),
        ("help", "справка"),
    ]
    .map(|(c, d)| BotCommand::new(c, d))
    .to_vec();
    [(None, ru), (Some("en"), Cmd::bot_commands())]
}

pub(crate) async fn on_command<S: Store>(
    app: Arc<App<S>>,
    msg: Message,
    cmd: Cmd,
) -> HandlerResult {
    let Some(user) = msg.from.as_ref() else { return Ok(()) };
    app.remember(user);
    let chat = msg.chat.id;
    let lang = app.lang(&chat_id(chat)).await;
    match cmd {
        Cmd::New(words) => new(&app, &msg, &words, lang).await,
        Cmd::Duel(words) => duel(&app, &msg, &words, lang).await,
        Cmd::Rules(words) => rules(&app, &msg, &words, lang).await,
        Cmd::Settings => settings::open(&app, chat).await,
        Cmd::Score => match latest(&app, &msg, "", lang).await {
            Ok(table) => app.say(chat.0, render_tally(&table)),
            Err(text) => app.say(chat.0, text),
        },
        Cmd::Top(words) => top(&app, &msg, words.trim(), lang).await,
        Cmd::Export => export(&app, &msg, lang).await,
        Cmd::Stop(words) => stop(&app, &msg, words.trim(), lang).await,
        Cmd::Help => app.say(chat.0, help_text(lang)),
        Cmd::Start(payload) => deeplink::on_start(&app, &msg, &payload, lang).await,
    }
    Ok(())
}

/// The chat's open table numbered `words`, or its latest; otherwise what to say.
async fn latest<S: Store>(
    app: &App<S>,
    msg: &Message,
    words: &str,
    lang: Lang,
) -> Result<Table, String> {
    let tables = app.service.tables_in(&chat_id(msg.chat.id)).await;
    if words.is_empty() {
        return tables.into_iter().last().ok_or_else(|| texts::no_table(lang).to_owned());
    }
    let number = words.trim_start_matches(['#', '№']);
    tables
        .into_iter()
        .find(|t| t.number.to_string() == number)
        .ok_or_else(|| texts::no_such_table(lang, number))
}

fn refused(app: &App<impl Store>, chat: i64, e: ServiceError, lang: Lang) {
    match e {
        ServiceError::Rejected(r) => app.say(chat, rejection_text(&r, lang)),
        e => {
            tracing::warn!(chat, error = %e, "command failed");
            app.say(chat, texts::failed(lang));
        }
    }
}

async fn spec<S: Store>(
    app: &App<S>,
    msg: &Message,
    words: &[&str],
    lang: Lang,
) -> Option<TableSpec> {
    let chat = chat_id(msg.chat.id);
    let parsed = match args::parse(words.iter().copied()) {
        Ok(a) => a,
        Err(word) => {
            app.say(msg.chat.id.0, texts::bad_game(lang, &word));
            return None;
        }
    };
    let settings = app.service.store().chat_settings(&chat).await.unwrap_or_default();
    match args::rules(&parsed, &settings) {
        Ok((rules, size)) => Some(TableSpec { chat, rules, size }),
        Err(e) => {
            app.say(
                msg.chat.id.0,
                rejection_text(&domino_core::session::Rejection::Settings(e.to_string()), lang),
            );
            None
        }
    }
}

async fn new<S: Store>(app: &App<S>, msg: &Message, words: &str, lang: Lang) {
    let Some(host) = msg.from.as_ref().map(person) else { return };
    let words: Vec<&str> = words.split_whitespace().collect();
    let Some(spec) = spec(app, msg, &words, lang).await else { return };
    match app.service.create(spec, host).await {
        Ok(reply) => app.show(&reply),
        Err(e) => refused(app, msg.chat.id.0, e, lang),
    }
}

/// `/duel bot [game]`, `/duel @name [game]`, or `/duel [game]` in reply to the invitee.
async fn duel<S: Store>(app: &App<S>, msg: &Message, words: &str, lang: Lang) {
    let chat = msg.chat.id.0;
    let Some(host) = msg.from.as_ref().map(person) else { return };
    let mut words: Vec<&str> = words.split_whitespace().collect();
    let first = words.first().map(|w| w.to_lowercase());
    let invitee: Option<Person> = match first.as_deref() {
        Some("bot" | "бот" | "computer" | "компьютер") => {
            words.remove(0);
            None
        }
        Some(w) if w.starts_with('@') => {
            words.remove(0);
            let mentioned =
                msg.parse_entities().unwrap_or_default().into_iter().find_map(|e| match e.kind() {
                    MessageEntityKind::TextMention { user } => Some(person(user)),
                    _ => None,
                });
            match mentioned.or_else(|| app.known(w)) {
                Some(p) => Some(p),
                None => return app.say(chat, texts::duel_unknown(lang, w)),
            }
        }
        _ => match msg.reply_to_message().and_then(|r| r.from.as_ref()).filter(|u| !u.is_bot) {
            Some(u) => Some(person(u)),
            None => return app.say(chat, texts::duel_usage(lang)),
        },
    };
    if invitee.as_ref().is_some_and(|p| p.id == host.id) {
        return app.say(chat, texts::duel_usage(lang));
    }
    let words: Vec<&str> =
        words.into_iter().filter(|w| !w.chars().all(|c| c.is_ascii_digit())).collect();
    let Some(spec) = spec(app, msg, &words, lang).await else { return };
    let spec = TableSpec { size: 2, ..spec };
    match app.service.duel(spec, host, invitee, app.duel_ttl.as_millis() as i64).await {
        Ok(reply) => app.show(&reply),
        Err(e) => refused(app, chat, e, lang),
    }
}

async fn rules<S: Store>(app: &App<S>, msg: &Message, words: &str, lang: Lang) {
    let chat = msg.chat.id.0;
    let words: Vec<&str> = words.split_whitespace().collect();
    let rules = if words.is_empty() {
        match latest(app, msg, "", lang).await {
            Ok(t) => t.rules,
            Err(_) => Rules::new(domino_core::engine::rules::Variant::Kozel),
        }
    } else {
        match spec(app, msg, &words, lang).await {
            Some(spec) => spec.rules,
            None => return,
        }
    };
    app.say(chat, rules_text(&rules, lang));
}

/// `/top`, `/top N` (a past season), `/top csv`, `/top new` (a new season, chat admins).
async fn top<S: Store>(app: &App<S>, msg: &Message, words: &str, lang: Lang) {
    let chat = msg.chat.id;
    let key = chat_id(chat);
    let store = app.service.store();
    let result = match words.to_lowercase().as_str() {
        "new" | "новый" => {
            let Some(user) = msg.from.as_ref() else { return };
            let admin = app.is_admin(chat, user.id).await;
            let actor = Actor::Person { person: person(user), admin };
            match app.service.new_season(&key, &actor).await {
                Ok(s) => Ok(texts::season_started(lang, s.number)),
                Err(ServiceError::Rejected(_)) => {
                    return app.say(chat.0, texts::season_admins_only(lang));
                }
                Err(ServiceError::Store(e)) => Err(e),
                Err(ServiceError::NoTable) => return,
            }
        }
        "csv" => match store.scoreboard(&key, None, None).await {
            Ok(rows) => {
                let job = Job::Document {
                    name: "scoreboard.csv".into(),
                    bytes: scoreboard_csv(&rows).into_bytes(),
                    caption: texts::csv_caption(lang).into(),
                };
                return app.outbox.push(chat.0, job);
            }
            Err(e) => Err(e),
        },
        other => {
            let season = match other {
                "" => store.season(&key).await.map(|s| s.number),
                n => match n.parse::<u32>() {
                    Ok(n) => Ok(n),
                    Err(_) => return app.say(chat.0, texts::bad_game(lang, n)),
                },
            };
            match season {
                Ok(n) => store.scoreboard(&key, Some(n), None).await.map(|rows| {
                    format!("{}\n{}", texts::season_header(lang, n), render_scoreboard(&rows, lang))
                }),
                Err(e) => Err(e),
            }
        }
    };
    match result {
        Ok(text) => app.say(chat.0, text),
        Err(e) => refused(app, chat.0, e.into(), lang),
    }
}

async fn export<S: Store>(app: &App<S>, msg: &Message, lang: Lang) {
    let chat = msg.chat.id.0;
    match app.service.store().last_record(&chat_id(msg.chat.id)).await {
        Ok(Some(record)) => {
            let bytes = serde_json::to_vec_pretty(&record).unwrap_or_default();
            let job = Job::Document {
                name: "domino-record.json".into(),
                bytes,
                caption: texts::record_caption(lang).into(),
            };
            app.outbox.push(chat, job);
        }
        Ok(None) => app.say(chat, texts::no_record(lang)),
        Err(e) => refused(app, chat, e.into(), lang),
    }
}

/// `/stop [N]`: ends the chat's latest open table (or table N); the session decides who may.
async fn stop<S: Store>(app: &App<S>, msg: &Message, words: &str, lang: Lang) {
    let chat = msg.chat.id;
    let Some(user) = msg.from.as_ref() else { return };
    let table = match latest(app, msg, words, lang).await {
        Ok(t) => t,
        Err(text) => return app.say(chat.0, text),
    };
    let me = person(user);
    let admin = me.id != table.host && app.is_admin(chat, user.id).await;
    let cmd =
        Command { actor: Actor::Person { person: me, admin }, action: Action::End, version: None };
    match app.service.handle(table.id, cmd).await {
        Ok(reply) => app.show(&reply),
        Err(e) => refused(app, chat.0, e, table.lang),
    }
}
