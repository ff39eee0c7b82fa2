//! Every update handled contained. The dispatcher only queues an update in its chat's lane
//! and goes on: a chat's updates run one after another, as Telegram sent them, other chats' at
//! the same time, so that one stuck chat never fills teloxide's queue. Each runs as a task of
//! its own with a time limit and a panic boundary (`domino_core::chat::contain`): a panic
//! or a timeout is logged with the request and the person is told, in the chat's language,
//! what became of it (nothing changed, unless something was committed). A press is answered
//! within Telegram's 3 s even when its chat's earlier updates are slow ("it takes long").

use crate::app::App;
use crate::callbacks::{self, HandlerResult};
use crate::commands;
use crate::outbox::Job;
use crate::updates::Extra;
use domino_core::chat::texts;
use domino_core::chat::{Failed, Failure, contain};
use domino_core::ids::Lang;
use std::collections::{HashMap, VecDeque};
use std::future::Future;
use std::pin::Pin;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;
use teloxide::prelude::*;
use teloxide::types::{Update, User};

type Handling = Pin<Box<dyn Future<Output = ()> + Send>>;

/// Updates a chat may have waiting in its lane; more are dropped (with a log line).
const MOST_WAITING: usize = 64;
/// A press not answered by then is told that it takes long (Telegram wants an answer in 3 s).
const ANSWER_IN: Duration = Duration::from_millis(2500);
/// How long reading the language of a failure's answer may take.
const LANG_WITHIN: Duration = Duration::from_millis(500);
/// How long a timer's update is waited for before the next is shown (it goes on by itself).
const IN_ORDER: Duration = Duration::from_secs(1);

/// Each chat's waiting updates: a chat is in the map while its lane runs.
#[derive(Default)]
pub(crate) struct Lanes(Mutex<HashMap<i64, VecDeque<Handling>>>);

impl Lanes {
    fn push(self: &Arc<Self>, chat: i64, handling: Handling) {
        let mut lanes = self.0.lock().unwrap_or_else(|e| e.into_inner());
        match lanes.get_mut(&chat) {
            Some(waiting) if waiting.len() >= MOST_WAITING => {
                tracing::warn!(chat, waiting = waiting.len(), "update dropped: its chat is behind")
            }
            Some(waiting) => waiting.push_back(handling),
            None => {
                lanes.insert(chat, VecDeque::new());
                tokio::spawn(run_lane(self.clone(), chat, handling));
            }
        }
    }
}

impl Lanes {
    /// On stopping: the updates taken are handled, those waiting in their lanes too (Telegram
    /// will not send them again: they were taken), `within` at most, so that nothing of the bot
    /// outlives its `run`.
    pub(crate) async fn close(&self, within: Duration) {
        let end = tokio::time::Instant::now() + within;
        loop {
            let running = self.0.lock().unwrap_or_else(|e| e.into_inner()).len();
            if running == 0 || tokio::time::Instant::now() >= end {
                return;
            }
            tokio::time::sleep(Duration::from_millis(5)).await;
        }
    }
}

async fn run_lane(lanes: Arc<Lanes>, chat: i64, first: Handling) {
    let mut next = Some(first);
    while let Some(handling) = next {
        // Contained already; a task of its own all the same, so that nothing ends the lane.
        let _ = tokio::spawn(handling).await;
        let mut lanes = lanes.0.lock().unwrap_or_else(|e| e.into_inner());
        next = lanes.get_mut(&chat).and_then(VecDeque::pop_front);
        if next.is_none() {
            lanes.remove(&chat);
        }
    }
}

/// Whether a press has had its answer: whoever claims it first answers.
#[derive(Clone, Default)]
pub(crate) struct Answered(Arc<AtomicBool>);

impl Answered {
    /// True the first time only.
    pub(crate) fn claim(&self) -> bool {
        !self.0.swap(true, Ordering::SeqCst)
    }
}

/// What was asked, for the log (no token is ever in an update).
struct Asked {
    chat: i64,
    user: u64,
    said: String,
}

impl Asked {
    fn new(chat: i64, user: Option<&User>, said: &str) -> Asked {
        let user = user.map_or(0, |u| u.id.0);
        Asked { chat, user, said: said.chars().take(200).collect() }
    }

    fn log(&self, failed: &Failed) {
        let Asked { chat, user, said } = self;
        let written = failed.written;
        match &failed.failure {
            Failure::Panicked(panic) => tracing::error!(
                chat, user, request = %said, %panic, ?written, "Telegram: a request panicked"
            ),
            Failure::TimedOut(limit) => tracing::error!(
                chat, user, request = %said, ?limit, ?written, "Telegram: a request took too long; cancelled"
            ),
        }
    }
}

fn own_lang(user: &User) -> Option<Lang> {
    user.language_code.as_deref().map(Lang::of_locale)
}

async fn lang(app: &App, chat: i64, own: Option<Lang>) -> Lang {
    let chat = crate::ids::chat_id(teloxide::types::ChatId(chat));
    let asked = app.chat.lang_with(&chat, own);
    tokio::time::timeout(LANG_WITHIN, asked).await.unwrap_or(own.unwrap_or_default())
}

/// The dispatcher's endpoint for a message: queued in its chat's lane.
pub(crate) async fn on_message(app: Arc<App>, msg: Message, update: Update) -> HandlerResult {
    let busy = app.extras.work.handling();
    let extra = app.extras.take(update.id);
    let lanes = app.lanes.clone();
    let handling = crate::ops::handling("message");
    lanes.push(
        msg.chat.id.0,
        Box::pin(async move {
            message(app, msg, extra).await;
            drop(handling);
            drop(busy);
        }),
    );
    Ok(())
}

async fn message(app: Arc<App>, msg: Message, extra: Extra) {
    let user = msg.from.clone();
    let (chat, topic, id) = (msg.chat.id.0, crate::ids::topic_of(&msg), msg.id.0);
    let asked = Asked::new(chat, user.as_ref(), msg.text().unwrap_or_default());
    let failed = match contain(app.work_limit, commands::on_message(app.clone(), msg, extra)).await
    {
        Ok(Ok(())) => return,
        Ok(Err(e)) => return tracing::warn!(chat, error = %e, "Telegram: a message not handled"),
        Err(failed) => failed,
    };
    asked.log(&failed);
    let own = user.as_ref().and_then(own_lang);
    let text = texts::contained(lang(&app, chat, own).await, failed.written);
    let reply_to = (id != 0).then_some(id);
    app.outbox.push(chat, Job::Text { text: text.into(), markup: None, reply_to, topic });
}

/// The dispatcher's endpoint for a press: queued in its chat's lane, and answered that it
/// takes long if it has no answer by `ANSWER_IN`.
pub(crate) async fn on_callback(app: Arc<App>, q: CallbackQuery, update: Update) -> HandlerResult {
    let busy = app.extras.work.handling();
    let extra = app.extras.take(update.id);
    let chat = q.message.as_ref().map_or(q.from.id.0 as i64, |m| m.chat().id.0);
    let answered = Answered::default();
    let slow = tokio::spawn(answer_late(Arc::downgrade(&app), q.clone(), chat, answered.clone()));
    let lanes = app.lanes.clone();
    let handling = crate::ops::handling("press");
    lanes.push(
        chat,
        Box::pin(async move {
            press(app, q, extra, chat, answered).await;
            slow.abort();
            drop(handling);
            drop(busy);
        }),
    );
    Ok(())
}

async fn answer_late(app: std::sync::Weak<App>, q: CallbackQuery, chat: i64, answered: Answered) {
    tokio::time::sleep(ANSWER_IN).await;
    // A bot that stopped meanwhile answers nothing (and is not kept alive by this wait).
    let Some(app) = app.upgrade() else { return };
    if answered.claim() {
        let text = texts::taking_long(lang(&app, chat, own_lang(&q.from)).await);
        callbacks::answer(&app, &q, Some(text.into()), false).await;
    }
}

async fn press(app: Arc<App>, q: CallbackQuery, extra: Extra, chat: i64, answered: Answered) {
    let asked = Asked::new(chat, Some(&q.from), q.data.as_deref().unwrap_or_default());
    let handled = callbacks::on_callback(app.clone(), q.clone(), extra, answered.clone());
    let failed = match contain(app.work_limit, handled).await {
        Ok(Ok(())) => return,
        Ok(Err(e)) => return tracing::warn!(chat, error = %e, "Telegram: a press not handled"),
        Err(failed) => failed,
    };
    asked.log(&failed);
    let text = texts::contained(lang(&app, chat, own_lang(&q.from)).await, failed.written);
    if answered.claim() {
        callbacks::answer(&app, &q, Some(text.into()), true).await;
    } else {
        let topic =
            q.message.as_ref().and_then(|m| m.regular_message()).and_then(crate::ids::topic_of);
        app.say(chat, topic, text);
    }
}

/// Shows what a timer changed, contained like an update; waited for `IN_ORDER` at most (so
/// that timer updates show in order), after which it goes on by itself.
pub(crate) async fn timer_update(app: &Arc<App>, changed: domino_core::chat::Changed) {
    let (app, limit) = (app.clone(), app.work_limit);
    let table = changed.table();
    let busy = app.extras.work.showing();
    let shown = tokio::spawn(async move {
        let _busy = busy;
        let work = async move { app.show(&app.chat.show_changed(&changed).await) };
        if let Err(failed) = contain(limit, work).await {
            tracing::error!(table, failure = ?failed.failure, "Telegram: a timer's update not shown");
        }
    });
    let _ = tokio::time::timeout(IN_ORDER, shown).await;
}
