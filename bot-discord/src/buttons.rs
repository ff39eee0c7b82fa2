//! A button press (or a choice in a move menu): the custom id read as button data, checked to
//! belong to a table of this channel, turned into a command for the service; the answer
//! replaces the pressed message (the table, or the presser's hand) or, for a refusal and for
//! «My tiles», is a message only the presser sees.

use crate::answer::{self, Answer};
use crate::bot::Bot;
use crate::people;
use crate::publish;
use crate::render::{self, Shown};
use crate::texts;
use domino_core::service::{Reply, ServiceError};
use domino_core::session::{Command, Rejection, Table, UserId};
use domino_core::store::Store;
use domino_core::view::{ButtonData, hand_view, rejection_text};
use serenity::http::Http;
use serenity::model::application::{ComponentInteraction, ComponentInteractionDataKind};
use serenity::model::channel::MessageFlags;
use std::sync::Arc;

/// What is left to do once the press is answered.
struct Done {
    reply: Reply,
    actor: UserId,
    /// The answer replaced the table message itself.
    shown: bool,
}

pub async fn on_press<S: Store>(bot: &Arc<Bot<S>>, http: &Http, i: &ComponentInteraction) {
    let (done, answered) = answer::press(http, i, work(bot, i)).await;
    match done {
        // When the answer did not go through, the table message is edited by REST instead.
        Some(Ok(done)) => {
            let shown = done.shown && answered;
            publish::after(bot, http, &done.reply, Some(&done.actor), shown).await
        }
        // A stale press may come from a table message that missed an edit: show the table.
        Some(Err((table, seen))) => publish::refresh(bot, http, table, seen).await,
        None => {}
    }
}

type Rest = Option<Result<Done, (i64, u64)>>;

async fn work<S: Store>(bot: &Bot<S>, i: &ComponentInteraction) -> (Answer, Rest) {
    let raw = match &i.data.kind {
        ComponentInteractionDataKind::StringSelect { values } => {
            values.first().cloned().unwrap_or_default()
        }
        _ => i.data.custom_id.clone(),
    };
    // Before a table is known, answers are in the presser's language.
    let theirs = people::lang(&i.locale);
    let Ok(data) = ButtonData::decode(&raw) else {
        return (Answer::private_text(texts::foreign_button(theirs)), None);
    };
    let table = match bot.service.table(data.table).await {
        Ok(Some(t)) if t.chat == people::chat(i.channel_id) => t,
        Ok(_) => return (Answer::private_text(texts::foreign_button(theirs)), None),
        Err(e) => {
            tracing::warn!(table = data.table, error = %e, "table unreadable");
            return (Answer::private_text(texts::failed(theirs)), None);
        }
    };
    let lang = table.lang;
    let user = people::user_id(&i.user);
    let Some(action) = data.action.action() else {
        return (Answer::Private(hand(&table, &user)), None);
    };
    let cmd = Command {
        actor: people::actor(&i.user, i.member.as_ref()),
        action,
        version: Some(data.version),
    };
    let reply = match bot.service.handle(table.id, cmd).await {
        Ok(reply) => reply,
        Err(ServiceError::Rejected(r)) => {
            let rest = (r == Rejection::Stale).then_some(Err((table.id, data.version)));
            return (Answer::private_text(&rejection_text(&r, lang)), rest);
        }
        Err(ServiceError::NoTable) => {
            return (Answer::private_text(texts::foreign_button(lang)), None);
        }
        Err(ServiceError::Store(e)) => {
            tracing::warn!(table = table.id, error = %e, "command not committed");
            return (Answer::private_text(texts::failed(lang)), None);
        }
    };
    let from_hand = i.message.flags.is_some_and(|f| f.contains(MessageFlags::EPHEMERAL));
    if from_hand {
        let shown = hand(&reply.table, &user);
        let done = Done { reply, actor: user, shown: false };
        return (Answer::Update { shown, table: None }, Some(Ok(done)));
    }
    let shows = bot.displayed.lock(table.id).await;
    let shown = render::table_message(&reply.table);
    let version = reply.table.version;
    let done = Done { reply, actor: user, shown: true };
    (Answer::Update { shown, table: Some((shows, version)) }, Some(Ok(done)))
}

/// The presser's own hand, or why there is none.
fn hand(table: &Table, user: &UserId) -> Shown {
    let Some(seat) = table.seat_of(user) else {
        return Shown::text(&rejection_text(&Rejection::NotSeated, table.lang));
    };
    match hand_view(table, seat) {
        Some(view) => render::hand_message(&view),
        None => Shown::text(texts::no_hand(table.lang)),
    }
}
