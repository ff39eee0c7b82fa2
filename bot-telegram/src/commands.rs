//! Messages: a command (`/new kozel 4 пары`, `/duel @ann`, `/start PAYLOAD`) read into a
//! request for the chat layer, and its answer drawn. The command list is the core's catalog.

use crate::app::App;
use crate::callbacks::HandlerResult;
use crate::ids::{person, topic_of};
use crate::jobs::{Grant, Via};
use crate::outbox::Job;
use crate::updates::Extra;
use domino_core::chat::{Body, Opponent, Request, catalog};
use domino_core::ids::Lang;
use serde_json::{Value, json};
use std::sync::Arc;
use teloxide::prelude::*;
use teloxide::types::{ChatMemberUpdated, MessageEntityKind};

/// The command menus in Russian (the default) and English, from the core's catalog, as Bot API
/// JSON: the commands whose answer only the asker sees are ephemeral (Bot API 10.2), so that
/// nobody else sees them asked either.
pub(crate) fn menus() -> [(Option<&'static str>, Value); 2] {
    let list = |lang| {
        let commands = catalog::menu(lang).into_iter().map(|(name, text)| {
            let mut c = json!({"command": name, "description": text});
            if catalog::command_named(name).is_some_and(|spec| spec.only_you()) {
                c["is_ephemeral"] = json!(true);
            }
            c
        });
        Value::Array(commands.collect())
    };
    [(None, list(Lang::Ru)), (Some("en"), list(Lang::En))]
}

/// `/name@bot rest…` → (name, rest), when the message is a command for this bot.
fn split_command<'a>(text: &'a str, bot: &str) -> Option<(String, &'a str)> {
    let rest = text.strip_prefix('/')?;
    let (head, tail) = rest.split_once(char::is_whitespace).unwrap_or((rest, ""));
    let name = match head.split_once('@') {
        Some((name, to)) if to.eq_ignore_ascii_case(bot) => name,
        Some(_) => return None,
        None => head,
    };
    Some((name.to_lowercase(), tail.trim()))
}

/// The bot's own membership of a chat changed: out of a group (it left, or was removed or
/// banned) its tables close; back in, it is written to again.
pub(crate) async fn on_my_chat_member(app: Arc<App>, update: ChatMemberUpdated) -> HandlerResult {
    let _busy = app.extras.work.handling();
    let chat = update.chat.id;
    if chat.0 > 0 {
        return Ok(());
    }
    if update.new_chat_member.is_present() {
        app.outbox.back(chat.0);
        // Only an administrator may show a person their hand without their press first.
        app.ephemerals.admin(chat.0, update.new_chat_member.is_privileged());
    } else {
        tracing::info!(chat = chat.0, "the bot was removed from the group");
        app.left_group(chat).await;
    }
    Ok(())
}

pub(crate) async fn on_message(app: Arc<App>, msg: Message, extra: Extra) -> HandlerResult {
    // A group upgraded to a supergroup: the old chat's last message and the new chat's first
    // name the other; whichever comes first moves the chat (the second finds nothing to move).
    if let Some(to) = msg.migrate_to_chat_id() {
        app.moved(msg.chat.id, *to).await;
        return Ok(());
    }
    if let Some(from) = msg.migrate_from_chat_id() {
        app.moved(*from, msg.chat.id).await;
        return Ok(());
    }
    let Some(user) = msg.from.as_ref() else { return Ok(()) };
    let Some(text) = msg.text() else { return Ok(()) };
    let Some((name, rest)) = split_command(text, &app.username) else { return Ok(()) };
    // Posted as a channel or by an anonymous admin: `from` is not a person who can sit down.
    let topic = topic_of(&msg);
    if msg.sender_chat.is_some() {
        let lang = app.lang_of(msg.chat.id).await;
        app.say(msg.chat.id.0, topic, crate::texts::post_as_yourself(lang));
        return Ok(());
    }
    let words: Vec<&str> = rest.split_whitespace().collect();
    let request = match name.as_str() {
        "start" if msg.chat.is_private() => {
            app.opened_private_chat(user.id.0 as i64);
            Request::Link(rest.to_owned())
        }
        "start" => Request::words(catalog::Cmd::Help, &[]),
        _ => match catalog::command_named(&name) {
            Some(spec) => Request::words(spec.cmd, &words),
            None => return Ok(()),
        },
    };
    let request = resolve_opponent(&msg, request);
    let screen = matches!(request, Request::Command(catalog::Cmd::Screen, _));
    let from = app.from(msg.chat.id, topic, user, &request).await;
    let mut answer = app.chat.handle(&from, request).await;
    if screen {
        crate::mini_app::link_in(&app, msg.chat.id, &mut answer).await;
    }
    let user_id = user.id.0 as i64;
    // An ephemeral command (only its author saw it): answered to them alone.
    if let Some(id) = extra.ephemeral.filter(|_| !msg.chat.is_private()) {
        app.only_to(msg.chat.id.0, topic, user_id, Grant::new(Via::Command(id), true), &answer);
        return Ok(());
    }
    // A hand asked for in the group with a command everybody saw: shown there to its owner,
    // where the bot may (else they are told to press «My tiles»).
    if let Some(Body::Hand(view)) = answer.reply.as_ref().map(|r| &r.body)
        && !msg.chat.is_private()
    {
        let chat = msg.chat.id.0;
        app.outbox.push(
            chat,
            Job::Hand { table: view.table, user: user_id, grant: None, page: None, turn: false },
        );
        if !app.ephemerals.may_push(chat) {
            let lang = app.lang_of(msg.chat.id).await;
            app.say(chat, topic, crate::texts::press_my_tiles(lang));
        }
        answer.reply = None;
    }
    // A spectator's view asked for in the group with a command everybody saw: shown to them
    // alone where the bot may (an administrator), else in their private chat (`watch`).
    if let Some(Body::Watch(view)) = answer.reply.as_ref().map(|r| &r.body)
        && !msg.chat.is_private()
    {
        let job = Job::Watch { table: view.table, user: user_id, grant: None };
        app.outbox.push(msg.chat.id.0, job);
        // Where the bot can reach them by neither way, they are told how to ask.
        if !app.ephemerals.may_push(msg.chat.id.0) && app.is_closed(user_id) {
            let lang = app.lang_of(msg.chat.id).await;
            app.say(msg.chat.id.0, topic, crate::texts::watch_from_menu(lang));
        }
        answer.reply = None;
    }
    // A long private answer (a review of one's own moves) asked in a group with a command
    // everybody saw goes where `/hint`'s hand would: to the person alone in the group where
    // the bot may (an administrator), else to their private chat with the bot.
    let personal =
        answer.reply.as_ref().is_some_and(|r| r.private && matches!(r.body, Body::Long(_)));
    if personal && !msg.chat.is_private() {
        let reply = answer.reply.take().expect("a reply");
        app.to_one_in_group(msg.chat.id.0, topic, user_id, &reply).await;
    }
    app.draw_reply(msg.chat.id.0, topic, msg.id.0, &answer);
    Ok(())
}

/// Who `/duel` (or `/vs`) names: a text mention, or the author of the message replied to; an @username
/// alone is left to the core (the people it has seen in the chat). In a forum topic every
/// message replies to the topic's first one: that is no invitation.
fn resolve_opponent(msg: &Message, request: Request) -> Request {
    let Request::Command(cmd @ (catalog::Cmd::Duel | catalog::Cmd::Vs), mut args) = request else {
        return request;
    };
    let root = msg.is_topic_message.then(|| msg.thread_id.map(|t| t.0)).flatten();
    let mentioned =
        msg.parse_entities().unwrap_or_default().into_iter().find_map(|e| match e.kind() {
            MessageEntityKind::TextMention { user } => Some(person(user)),
            _ => None,
        });
    args.opponent = match args.opponent.take() {
        Some(Opponent::Name(name)) => match mentioned {
            Some(p) => Some(Opponent::Person(p)),
            None => Some(Opponent::Name(name)),
        },
        other => other.or_else(|| {
            let replied = msg
                .reply_to_message()
                .filter(|r| Some(r.id) != root)
                .and_then(|r| r.from.as_ref())
                .filter(|u| !u.is_bot);
            mentioned.or_else(|| replied.map(person)).map(Opponent::Person)
        }),
    };
    Request::Command(cmd, args)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn commands_for_this_bot_only() {
        assert_eq!(split_command("/new kozel 4", "b"), Some(("new".into(), "kozel 4")));
        assert_eq!(split_command("/New@B  x", "b"), Some(("new".into(), "x")));
        assert_eq!(split_command("/new@other", "b"), None);
        assert_eq!(split_command("new", "b"), None);
    }
}
