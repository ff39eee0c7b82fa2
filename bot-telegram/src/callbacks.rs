//! Button presses. Each is decoded, checked to come from the message it was drawn on (the table
//! message or the presser's own hand), turned into a command and handed to the service, which
//! checks it against the stored table: wrong player, stale version, double press and forged
//! data are all refused there, with nothing changed. The press is answered (a short popup when
//! refused) before anything is sent, since answers are not paced and sends are.

use crate::app::App;
use crate::hands;
use crate::ids::{MessageRef, PUBLIC, chat_id, hand_audience, person, tg_chat};
use crate::settings::{self, SettingsPress};
use crate::texts;
use domino_core::service::ServiceError;
use domino_core::session::{Actor, Command, Lang, Platform, Rejection, Table};
use domino_core::store::Store;
use domino_core::view::{ButtonAction, ButtonData, rejection_text};
use std::sync::Arc;
use teloxide::prelude::*;

pub(crate) type HandlerResult = Result<(), Box<dyn std::error::Error + Send + Sync>>;

pub(crate) async fn on_callback<S: Store>(app: Arc<App<S>>, q: CallbackQuery) -> HandlerResult {
    app.remember(&q.from);
    let data = q.data.clone().unwrap_or_default();
    if let Some(press) = SettingsPress::decode(&data) {
        settings::on_press(&app, &q, press).await;
        return Ok(());
    }
    let place = q.message.as_ref().map(|m| (m.chat().id, m.id()));
    let fallback = match place {
        Some((chat, _)) => app.lang(&chat_id(chat)).await,
        None => Lang::default(),
    };
    let Ok(button) = ButtonData::decode(&data) else {
        answer(&app, &q, Some(texts::unknown_button(fallback).to_owned()), false).await;
        return Ok(());
    };
    let table = match app.service.table(button.table).await {
        Ok(Some(t)) if t.chat.platform == Platform::Telegram => t,
        _ => {
            answer(&app, &q, Some(texts::unknown_button(fallback).to_owned()), false).await;
            return Ok(());
        }
    };
    if !drawn_here(&app, &table, &q).await {
        answer(&app, &q, Some(texts::unknown_button(table.lang).to_owned()), false).await;
        return Ok(());
    }
    let me = person(&q.from);
    let Some(action) = button.action.action() else {
        answer(&app, &q, Some(hands::popup(&table, &me.id)), true).await;
        if table.seat_of(&me.id).is_some() {
            let user = q.from.id.0 as i64;
            app.outbox.push(user, crate::outbox::Job::Hand { table: table.id, user });
        }
        return Ok(());
    };
    // Whether the presser administers the table's chat (asked of Telegram, about that chat: a
    // press on one's own hand message must not count one's private chat).
    let admin = match (button.action, tg_chat(&table.chat)) {
        (ButtonAction::End, Some(chat)) if me.id != table.host => {
            app.is_admin(teloxide::types::ChatId(chat), q.from.id).await
        }
        _ => false,
    };
    let cmd = Command {
        actor: Actor::Person { person: me, admin },
        action,
        version: Some(button.version),
    };
    match app.service.handle(table.id, cmd).await {
        Ok(reply) => {
            answer(&app, &q, None, false).await;
            app.show(&reply);
        }
        Err(ServiceError::Rejected(r)) => {
            answer(&app, &q, Some(rejection_text(&r, table.lang)), false).await;
            if r == Rejection::Stale {
                // The press was drawn for an older table: show the player the table as it is.
                app.refresh(&table, true);
            }
        }
        Err(e) => {
            tracing::warn!(table = table.id, error = %e, "command failed");
            answer(&app, &q, Some(texts::failed(table.lang).to_owned()), false).await;
            app.refresh(&table, true);
        }
    }
    Ok(())
}

/// Whether the press came from the table's own message or the presser's hand message.
async fn drawn_here<S: Store>(app: &App<S>, table: &Table, q: &CallbackQuery) -> bool {
    let Some(m) = q.message.as_ref() else { return false };
    let here = MessageRef::new(m.chat().id.0, m.id(), "");
    let refs = app.refs(table.id).await;
    let is = |audience: &str| {
        refs.get(audience).is_some_and(|r| r.chat == here.chat && r.message == here.message)
    };
    is(PUBLIC) || is(&hand_audience(q.from.id.0 as i64))
}

/// Answers a press: nothing, a short notice, or an alert.
pub(crate) async fn answer<S: Store>(
    app: &App<S>,
    q: &CallbackQuery,
    text: Option<String>,
    alert: bool,
) {
    let mut req = app.bot.answer_callback_query(q.id.clone());
    if let Some(t) = text {
        req = req.text(t).show_alert(alert);
    }
    for _ in 0..3 {
        match req.clone().await {
            Ok(_) => return,
            Err(teloxide::RequestError::RetryAfter(s)) => tokio::time::sleep(s.duration()).await,
            Err(e) => {
                tracing::warn!(error = %e, "answerCallbackQuery failed");
                return;
            }
        }
    }
}
