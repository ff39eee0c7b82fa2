//! The Telegram adapter of the domino bot (teloxide 0.17).
//!
//! It stays thin: an update becomes a request for the core's chat layer, which decides; its
//! answer is drawn as messages and keyboards, and everything written goes through one paced
//! outbox.
//!
//! | module | holds |
//! |---|---|
//! | `commands` | a message: a command (the core's catalog) or `/start PAYLOAD`, read into a request |
//! | `contain` | every update in its chat's lane, with a time limit and a panic boundary |
//! | `callbacks` | button presses: checked to come from the message they were drawn on, handed to the chat layer, answered |
//! | `draw` | the chat layer's answers as messages, popups, keyboards and documents |
//! | `ephemeral` | hands in the group, each seen by its owner alone (Bot API 10.2/10.3) |
//! | `hands` | hands in private chats, closed private chats |
//! | `to_come` | a seated person's hand before the deal, sent as the answer to their press |
//! | `deliver` | the table message, the turn mention, messages and files, against Telegram |
//! | `outbox`, `jobs`, `pacing` | per-chat queues, coalescing, the rate limits, 429 handling |
//! | `raw`, `updates` | the Bot API calls teloxide lacks; updates read from their JSON once (long polling too) |
//! | `photos` | the table message as a photo edited in place; pictures with their captions |
//! | `keyboards` | button rows as inline keyboards, deep links |
//! | `webhook` | webhook mode |
//! | `mini_app` | the chat's page as a Mini App: `initData` checked, members let through |
//! | `ops` | connection status and its log lines, metrics |
//! | `app`, `ids`, `failure`, `texts` | shared state, id conversions, error kinds, the adapter's own words |
//! | `fake` | (feature `fake`) a fake Bot API server keeping Telegram's limits, and the flow bench's driver |

mod app;
mod busy;
mod callbacks;
mod commands;
mod contain;
mod deliver;
mod draw;
mod ephemeral;
mod failure;
#[cfg(feature = "fake")]
pub mod fake;
mod hands;
mod ids;
mod jobs;
mod kept;
mod keyboards;
mod mini_app;
mod ops;
mod outbox;
mod pacing;
mod photos;
mod raw;
mod texts;
mod to_come;
mod updates;
mod watch;
mod webhook;

pub use mini_app::{
    INIT_DATA_MAX_AGE, Launch, MEMBERS_KEPT, Refused, check_init_data, mini_app_routes,
};
pub use ops::{STUCK_AFTER, Status};
pub use pacing::Pacing;
pub use webhook::Webhook;

use app::{App, Tg};
use domino_core::chat::{Door, Fed, Feed};
use domino_core::ids::Platform;
use std::sync::Arc;
use std::time::Duration;
use teloxide::dispatching::UpdateHandler;
use teloxide::prelude::*;
use teloxide::types::Me;
use teloxide::{ApiError, RequestError};

/// Why the bot could not run.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    #[error("Telegram: {0}")]
    Telegram(#[from] RequestError),
    #[error("webhook: {0}")]
    Webhook(String),
    #[error("configuration: {0}")]
    Config(String),
}

impl Error {
    /// Telegram refused the token (401 Unauthorized, or 404 for one that is no token at all).
    pub fn refused_token(&self) -> bool {
        matches!(self, Error::Telegram(RequestError::Api(ApiError::InvalidToken)))
    }
}

/// How updates arrive.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum Mode {
    /// Long polling (`getUpdates`).
    #[default]
    Polling,
    Webhook(Webhook),
}

/// Stops a running bot: `run` returns once the dispatcher has stopped and the outbox drained.
#[derive(Clone, Debug)]
pub struct Stop(Arc<tokio::sync::watch::Sender<bool>>);

impl Default for Stop {
    fn default() -> Self {
        Stop(Arc::new(tokio::sync::watch::Sender::new(false)))
    }
}

impl Stop {
    pub fn new() -> Stop {
        Stop::default()
    }

    pub fn stop(&self) {
        self.0.send_replace(true);
    }

    pub fn is_stopped(&self) -> bool {
        *self.0.borrow()
    }

    async fn wait(&self) {
        let mut rx = self.0.subscribe();
        let _ = rx.wait_for(|stopped| *stopped).await;
    }
}

/// How the bot runs.
#[derive(Clone, Debug)]
pub struct RunOptions {
    pub mode: Mode,
    pub pacing: Pacing,
    /// Long-polling timeout of `getUpdates`.
    pub poll_timeout: Duration,
    /// The longest a send or an edit may take before it is tried again (Telegram's front
    /// answers a bad spell with 5xx, and teloxide waits 10 s on each).
    pub call_timeout: Duration,
    /// Stop on Ctrl-C.
    pub ctrlc: bool,
    pub stop: Stop,
    /// How long `run` waits, when stopping, for queued messages to go out.
    pub drain: Duration,
    /// The longest an update's handling may take: then it is cancelled and the person told
    /// what became of it (a press is answered within Telegram's 3 s in any case).
    pub work_limit: Duration,
    /// Whether updates come in and the outbox moves (shared with whoever started the bot).
    pub status: Status,
    /// More routes for the webhook's server (`domino run`'s health and metrics, when they
    /// share its address).
    pub routes: Option<axum::Router>,
    /// The short name of the bot's Mini App (`TELEGRAM_MINI_APP`): `/screen` then also gives
    /// its direct link, `https://t.me/<bot>/<name>?startapp=<chat>`, for the chat's members.
    pub mini_app: Option<String>,
}

impl Default for RunOptions {
    fn default() -> Self {
        RunOptions {
            mode: Mode::Polling,
            pacing: Pacing::TELEGRAM,
            poll_timeout: Duration::from_secs(10),
            call_timeout: Duration::from_secs(3),
            ctrlc: true,
            stop: Stop::new(),
            drain: Duration::from_secs(10),
            work_limit: Duration::from_secs(15),
            status: Status::default(),
            routes: None,
            mini_app: None,
        }
    }
}

impl RunOptions {
    /// Options from the environment: webhook mode when `TELEGRAM_WEBHOOK_URL` is set (with
    /// `TELEGRAM_WEBHOOK_LISTEN`, default `0.0.0.0:8443`, and `TELEGRAM_WEBHOOK_SECRET`),
    /// long polling otherwise; the budgets of [`Pacing::from_env`]. The token and the Bot API address are teloxide's own
    /// (`TELOXIDE_TOKEN`, `TELOXIDE_API_URL`, read by `Bot::from_env`).
    pub fn from_env() -> Result<RunOptions, Error> {
        let var = |name: &str| std::env::var(name).ok().filter(|v| !v.trim().is_empty());
        let mode = match var("TELEGRAM_WEBHOOK_URL") {
            None => Mode::Polling,
            Some(url) => {
                let url = url::Url::parse(&url)
                    .map_err(|e| Error::Config(format!("TELEGRAM_WEBHOOK_URL: {e}")))?;
                let listen = var("TELEGRAM_WEBHOOK_LISTEN")
                    .unwrap_or_else(|| "0.0.0.0:8443".into())
                    .parse()
                    .map_err(|e| Error::Config(format!("TELEGRAM_WEBHOOK_LISTEN: {e}")))?;
                Mode::Webhook(Webhook { url, listen, secret: var("TELEGRAM_WEBHOOK_SECRET") })
            }
        };
        let pacing = Pacing::from_env().map_err(Error::Config)?;
        Ok(RunOptions { mode, pacing, ..RunOptions::default() })
    }
}

/// Runs the bot through `door` until stopped (`options.stop`, or Ctrl-C with
/// `options.ctrlc`). Also shows what the service does by itself (timers, computer moves) in
/// Telegram chats.
pub async fn run(door: Door, bot: Bot, options: RunOptions) -> Result<(), Error> {
    // However `run` ends (returned, failed, cancelled), its status says it is stopped.
    let _stopped = options.status.until_stopped();
    let bot: Tg = bot.cache_me();
    let feed = door.feed(Platform::Telegram);
    let Some(me) = get_me(&bot, &options.stop).await? else { return Ok(()) };
    let username = me.username.clone().unwrap_or_default();
    options.status.named(&username);
    let chat = door;
    let links = chat.links().await.map_err(|e| Error::Config(format!("the store: {e}")))?;
    let (pacing, call_timeout, work_limit) =
        (options.pacing, options.call_timeout, options.work_limit);
    let app = App::new(chat, links, bot.clone(), username, pacing, call_timeout, work_limit);
    if let Some(name) = &options.mini_app {
        let _ = app.mini_app.set(name.clone());
    }
    options.status.watch(&app.outbox, &app.extras.work, &app.chat);
    // What each group was sent just before a restart still counts against its limit.
    match app.chat.pacing_windows("telegram").await {
        Ok(windows) => {
            for (chat, sent) in windows {
                if let Ok(chat) = chat.parse() {
                    app.outbox.seed(chat, &sent);
                }
            }
        }
        Err(e) => tracing::warn!(error = %e, "pacing windows not read"),
    }
    register_commands(&app).await;
    let mut first = Some(feed);
    let shown = app.clone();
    let status = options.status.clone();
    let timers = tokio::spawn(domino_core::chat::supervise("telegram timers", move || {
        let feed = first.take().unwrap_or_else(|| shown.chat.feed(Platform::Telegram));
        status.follow_feed(feed.reading());
        Some(show_timers(shown.clone(), feed))
    }));
    for show in app.chat.open_tables(Platform::Telegram).await {
        app.show(&show);
    }
    for (chat, text) in app.chat.set_aside_notices(Platform::Telegram).await {
        if let Ok(chat) = chat.id.parse() {
            app.say(chat, None, text);
        }
    }
    let result = dispatch(&app, &options).await;
    app.lanes.close(app.work_limit).await;
    timers.abort();
    let _ = timers.await;
    // A reminder not yet due (a deferred turn mention) is not waited for: the next process
    // plans it again from the table.
    if !app.outbox.drain_due(options.drain).await {
        tracing::warn!("stopped with messages still queued");
    }
    result
}

fn schema() -> UpdateHandler<Box<dyn std::error::Error + Send + Sync>> {
    dptree::entry()
        .branch(Update::filter_message().endpoint(contain::on_message))
        .branch(Update::filter_callback_query().endpoint(contain::on_callback))
        .branch(Update::filter_my_chat_member().endpoint(commands::on_my_chat_member))
}

/// Runs the dispatcher until stopped, starting it again (with backoff) when it cannot start.
async fn dispatch(app: &Arc<App>, options: &RunOptions) -> Result<(), Error> {
    let mut backoff = Duration::from_secs(1);
    while !options.stop.is_stopped() {
        // An update no branch takes is handled all the same (it was counted when read).
        let work = app.extras.work.clone();
        let mut builder = Dispatcher::builder(app.bot.clone(), schema())
            .dependencies(dptree::deps![app.clone()])
            .default_handler(move |_| {
                let busy = work.handling();
                async move { drop(busy) }
            })
            .error_handler(LoggingErrorHandler::with_custom_text("update handler failed"));
        if options.ctrlc {
            builder = builder.enable_ctrlc_handler();
        }
        let mut dispatcher = builder.build();
        let token = dispatcher.shutdown_token();
        let stop = options.stop.clone();
        let watcher = tokio::spawn(async move {
            stop.wait().await;
            loop {
                match token.shutdown() {
                    Ok(done) => return done.await,
                    // Not running yet: try again shortly.
                    Err(_) => tokio::time::sleep(Duration::from_millis(20)).await,
                }
            }
        });
        let errors = LoggingErrorHandler::with_custom_text("receiving updates failed");
        let result = match &options.mode {
            Mode::Polling => {
                let (raw, extras) = (app.raw.clone(), app.extras.clone());
                let status = options.status.clone();
                let listener = updates::polling(raw, extras, options.poll_timeout, status);
                dispatcher.try_dispatch_with_listener(listener, errors).await.map_err(Error::from)
            }
            Mode::Webhook(hook) => {
                let secret = app.webhook_secret(hook).await?;
                match webhook::listener(&app.bot, hook, secret, app.extras.clone(), options).await {
                    Ok(listener) => dispatcher
                        .try_dispatch_with_listener(listener, errors)
                        .await
                        .map_err(Error::from),
                    Err(e) => Err(e),
                }
            }
        };
        watcher.abort();
        match result {
            Ok(()) => return Ok(()),
            Err(e) => {
                tracing::warn!(error = %e, retry_in = ?backoff, "the bot could not start");
                tokio::select! {
                    _ = tokio::time::sleep(backoff) => {}
                    _ = options.stop.wait() => {}
                }
                backoff = (backoff * 2).min(Duration::from_secs(60));
            }
        }
    }
    Ok(())
}

/// `getMe`, retried with backoff (a 429 or 5xx at start-up must not kill the bot); a bad token
/// is an error. `None` when stopped meanwhile.
async fn get_me(bot: &Tg, stop: &Stop) -> Result<Option<Me>, Error> {
    let mut backoff = Duration::from_millis(500);
    loop {
        let wait = match bot.get_me().await {
            Ok(me) => return Ok(Some(me)),
            Err(RequestError::RetryAfter(s)) => s.duration(),
            Err(e @ RequestError::Api(ApiError::InvalidToken)) => return Err(e.into()),
            Err(e) => {
                tracing::warn!(error = %e, retry_in = ?backoff, "getMe failed");
                let wait = backoff;
                backoff = (backoff * 2).min(Duration::from_secs(60));
                wait
            }
        };
        tokio::select! {
            _ = tokio::time::sleep(wait) => {}
            _ = stop.wait() => return Ok(None),
        }
    }
}

/// The command menus, in Russian (the default) and English (a raw call: teloxide's
/// `BotCommand` has no `is_ephemeral`).
async fn register_commands(app: &App) {
    for (lang, commands) in commands::menus() {
        let mut body = serde_json::json!({ "commands": commands });
        if let Some(code) = lang {
            body["language_code"] = serde_json::json!(code);
        }
        if let Err(e) = app.raw.call("setMyCommands", &body).await {
            tracing::warn!(failure = ?e, "setMyCommands failed");
        }
    }
}

/// Shows in Telegram chats what the service did by itself, each contained (supervised:
/// started again if it ever ends).
async fn show_timers(app: Arc<App>, mut feed: Feed) {
    while let Some(fed) = feed.next().await {
        let _busy = app.extras.work.showing();
        match fed {
            Fed::Changed(changed) => contain::timer_update(&app, changed).await,
            // A table set aside while running (another process's change no longer reads).
            Fed::SetAside { chat, text } => {
                if let Ok(chat) = chat.id.parse() {
                    app.say(chat, None, text);
                }
            }
            // A season's end, posted in the group with its chart.
            Fed::Post { chat, reply } => {
                if let Ok(chat) = chat.id.parse() {
                    app.post(chat, None, None, &reply);
                }
            }
            // The standings message, kept current (edited, or posted anew and pinned).
            Fed::Kept { chat, kept, text } => {
                if let Ok(chat) = chat.id.parse() {
                    app.outbox.push(chat, crate::jobs::Job::Kept { kept, text });
                }
            }
            // Member tags for the goats and the champion.
            Fed::Tags { chat, tags } => {
                if let Ok(chat) = chat.id.parse::<i64>() {
                    for (user, tag) in tags.set {
                        let Ok(user) = user.id.parse() else { continue };
                        let refused = tags.refused.clone();
                        app.outbox.push(chat, crate::jobs::Job::Tag { user, tag, refused });
                    }
                }
            }
            Fed::Missed(n) => tracing::warn!(missed = n, "timer updates missed"),
        }
    }
}
