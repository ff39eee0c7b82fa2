//! Button presses, read once into the core's typed press and handed over with the pressed
//! message: where it is (a table button must come from one of that table's messages, the
//! table message or the presser's own hand: the core checks it) and its keyboard as Telegram
//! shows it (the core refuses what it does not offer). Everything else —
//! the table, the version, who may, the settings menu — the chat layer decides. The press is
//! answered (a short popup when refused) before anything is sent, since answers are not paced
//! and sends are; once only (`contain` may have answered a slow press already).

use crate::app::App;
use crate::contain::Answered;
use crate::ids::MessageRef;
use crate::jobs::{Grant, Via};
use crate::outbox::Job;
use crate::updates::Extra;
use domino_core::chat::{MessageAt, Offer, Request, texts};
use std::sync::Arc;
use std::time::Duration;
use teloxide::prelude::*;

pub(crate) type HandlerResult = Result<(), Box<dyn std::error::Error + Send + Sync>>;

pub(crate) async fn on_callback(
    app: Arc<App>,
    q: CallbackQuery,
    extra: Extra,
    answered: Answered,
) -> HandlerResult {
    let once = |text: Option<String>, alert: bool| {
        let (app, q, answered) = (&app, &q, &answered);
        async move {
            if answered.claim() {
                answer(app, q, text, alert).await;
            }
        }
    };
    let Some(m) = q.message.as_ref() else {
        once(Some(texts::unknown_button(Default::default()).to_owned()), false).await;
        return Ok(());
    };
    let (chat, message) = (m.chat().id, m.id());
    let topic = m.regular_message().and_then(crate::ids::topic_of);
    let data = q.data.clone().unwrap_or_default();
    // A message only the presser sees has `message_id` 0: its own id is what teloxide drops.
    let at = match extra.ephemeral {
        Some(id) => MessageRef::ephemeral(chat.0, id).at(),
        None => MessageAt::new(chat.0, message.0, ""),
    };
    let request = match m.regular_message() {
        // The core checks that a table's button was pressed on one of that table's messages.
        Some(msg) => Request::press_on(&data, [], offers(msg)).at(at),
        // Telegram no longer shows the message (too old): what it offers is unknown, but where
        // it is still tells the core whether it is one of the table's messages.
        None => Request::press(&data).at(at),
    };
    let from = app.from(chat, topic, &q.from, &request).await;
    let done = app.chat.handle(&from, request).await;
    // «My tiles» on the table sends the hand anew; a press on the hand itself edits it.
    let grant = Grant::new(Via::Press(q.id.0.clone()), extra.ephemeral.is_none());
    let (text, alert) = app.popup((q.from.id.0 as i64, chat.0), grant.clone(), done.reply.as_ref());
    once(text, alert).await;
    if let Some(menu) = &done.menu
        && extra.ephemeral.is_none()
    {
        let markup = crate::draw::menu_markup(menu);
        let text = crate::draw::clip(&menu.text, 4096);
        app.outbox.push(chat.0, Job::Edit { message: message.0, text, markup });
    }
    // The presser's own hand, where the press changed it, is the answer to their press.
    let user = q.from.id.0 as i64;
    let who = crate::ids::user_id(user);
    // Only a press in the group lets a message only they see be sent there.
    let presser = (chat.0 < 0).then_some((user, &grant));
    for show in &done.shows {
        app.show_as(show, presser);
        // Seated before the deal: the message their hand will be, sent while the press allows.
        let before_deal = show.table.open && show.hand_of(&who).is_none() && show.seats(&who);
        if chat.0 < 0 && before_deal && !app.ephemerals.has_hand(show.table.id, user) {
            let (table, grant) = (show.table.id, Some(grant.clone()));
            app.outbox.push(chat.0, Job::Hand { table, user, grant, page: None, turn: false });
        }
    }
    Ok(())
}

/// The presses a message's inline keyboard offers, as Telegram shows it.
fn offers(msg: &teloxide::types::Message) -> Vec<Offer> {
    use teloxide::types::InlineKeyboardButtonKind::CallbackData;
    let rows = msg.reply_markup().map(|m| m.inline_keyboard.as_slice()).unwrap_or_default();
    rows.iter()
        .flatten()
        .filter_map(|b| match &b.kind {
            CallbackData(data) => Some(Offer::button(data.clone())),
            _ => None,
        })
        .collect()
}

/// How long one attempt at answering a press may take: two fit in Telegram's three seconds.
const ANSWER_TRY: Duration = Duration::from_millis(1200);
/// How long after the bot took the press its answer may still come.
const ANSWER_BUDGET: Duration = Duration::from_millis(2800);

/// Answers a press: nothing, a short notice, or an alert. A failure that may pass (a 5xx, a
/// timeout, a short 429) is tried again while Telegram's three seconds last.
pub(crate) async fn answer(app: &App, q: &CallbackQuery, text: Option<String>, alert: bool) {
    use crate::failure::Failure;
    let deadline = tokio::time::Instant::now() + ANSWER_BUDGET;
    let mut req = app.bot.answer_callback_query(q.id.clone());
    if let Some(t) = text {
        req = req.text(t).show_alert(alert);
    }
    loop {
        let left = deadline.saturating_duration_since(tokio::time::Instant::now());
        let failure = match tokio::time::timeout(ANSWER_TRY.min(left), req.clone()).await {
            Ok(Ok(_)) => return,
            Ok(Err(e)) => crate::failure::classify(&e),
            Err(_) => Failure::Transient,
        };
        let left = deadline.saturating_duration_since(tokio::time::Instant::now());
        match failure {
            Failure::Transient if left > Duration::from_millis(300) => continue,
            Failure::RetryAfter(d) if d + Duration::from_millis(300) < left => {
                tokio::time::sleep(d).await
            }
            f => {
                tracing::warn!(failure = ?f, "answerCallbackQuery failed");
                return;
            }
        }
    }
}
