//! `domino run`: checks every setting first (`checks.rs`), opens the store, resumes every open
//! table, fires turn timers, and starts the bot on every platform whose token is set —
//! Telegram (`TELOXIDE_TOKEN`) and Discord (`DISCORD_TOKEN`) — all on one store: SQLite, or
//! PostgreSQL for a `postgres://` URL. Health and metrics, the chats' pages (`/screen/…`) and
//! the Telegram Mini App's entry (`/app`, with `DOMINO_PUBLIC_URL`) are served on `DOMINO_HTTP_ADDR`.
//!
//! Every long-lived task is supervised: the timers and each bot are started again (a log line,
//! a pause) when they panic or end while nobody stopped them; a bot that returns an error (a
//! refused token) still ends the process. SIGTERM or SIGINT stops it cleanly: no new updates,
//! the requests in flight finish, each platform's queued messages go out (up to 10 s), the
//! store is closed, exit 0; a platform that never connected or hangs does not hold the stop,
//! and a second signal exits at once.

use super::checks::{self, Settings};
use super::settings::RunArgs;
use crate::ops::http::{self, Probe};
use crate::ops::said::plainly;
use crate::ops::signals::Signals;
use anyhow::Context;
use domino_core::chat::Door;
use domino_core::service::{OsSeeds, Service, SystemClock, supervise};
use domino_core::store::{AnyStore, redacted as shown};
use domino_telegram::Mode;
use std::future::Future;
use std::net::SocketAddr;
use std::process::ExitCode;
use std::sync::Arc;
use std::time::Duration;

/// How long a stop waits for the bots (their requests in flight, then their queued messages,
/// which get 10 s): then it goes on without them.
const STOP_WITHIN: Duration = Duration::from_secs(11);
/// How long the computer moves under way and the store's closing may take at a stop.
const CLOSE_WITHIN: Duration = Duration::from_millis(500);

pub fn run(args: RunArgs) -> ExitCode {
    let settings = match checks::check(&args) {
        Ok(settings) => settings,
        Err(problems) => {
            for line in problems.iter().flat_map(|p| p.lines()) {
                eprintln!("domino run: {line}");
            }
            return ExitCode::from(2);
        }
    };
    crate::ops::logs::init(&settings.logs);
    let rt = match tokio::runtime::Builder::new_multi_thread().enable_all().build() {
        Ok(rt) => rt,
        Err(e) => {
            eprintln!("domino run: no async runtime: {e}");
            return ExitCode::FAILURE;
        }
    };
    let code = match rt.block_on(serve(settings)) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("domino run: {}", plainly(&e));
            ExitCode::FAILURE
        }
    };
    // Whatever is still running (a gateway that never answered) is not waited for.
    rt.shutdown_timeout(Duration::from_millis(200));
    code
}

/// The HTTP address, when it is not the webhook's (whose server then carries the routes).
fn own_http(s: &Settings) -> Option<SocketAddr> {
    let webhook = match s.telegram.as_ref().map(|t| &t.options.mode) {
        Some(Mode::Webhook(hook)) => Some(hook.listen),
        _ => None,
    };
    s.http.filter(|&addr| Some(addr) != webhook)
}

async fn serve(mut s: Settings) -> anyhow::Result<()> {
    let mut signals = Signals::listen().context("listening for signals")?;
    crate::heap::keep_trimmed();
    let metrics = http::recorder().context("the metrics recorder")?;
    let listener = match own_http(&s) {
        Some(addr) => Some(
            tokio::net::TcpListener::bind(addr)
                .await
                .with_context(|| format!("DOMINO_HTTP_ADDR: cannot listen on {addr}"))?,
        ),
        None => None,
    };
    let url = s.database_url.clone();
    let store = tokio::select! {
        store = AnyStore::open(&url) => store.with_context(|| format!("the store {}", shown(&url)))?,
        signal = signals.first() => {
            tracing::info!(signal, "stopped before the store was open");
            return Ok(());
        }
    };
    let kind = store.kind();
    let options = domino_core::service::Options { shared: store.shared(), ..s.service.clone() };
    let (clock, seeds) = (Arc::new(SystemClock), Arc::new(OsSeeds));
    let svc = Service::start_with(store, crate::robot(), clock, seeds, options).await?;
    tracing::info!(database = %shown(&url), store = kind, tables = svc.open_tables(), set_aside = svc.set_aside().len(), "store open, tables resumed");
    let timed = Arc::downgrade(&svc);
    let timers = tokio::spawn(supervise("timers", move || {
        timed.upgrade().map(|s| s.run_timers(Duration::from_secs(1)))
    }));
    let probe = Probe {
        service: svc.clone(),
        telegram: s.telegram.as_ref().map(|t| t.options.status.clone()),
        discord: s.discord.as_ref().map(|d| d.status.clone()),
        metrics,
    };
    // The chats' pages (`domino-web`) beside health and metrics, on the same listener, open
    // to the door's signed tokens (`/screen`); with a public address and Telegram, the Mini
    // App's entry (`/app`) too.
    let door = Door::new(svc.clone());
    let screens = domino_web::Screens::new(door.clone(), Arc::new(door.clone()), super::VERSION);
    let mut routes = http::routes(probe).merge(domino_web::router(screens));
    if let (Some(public), Some(telegram)) = (&s.service.public_url, &s.telegram) {
        let bot = telegram.bot.clone();
        routes = routes.merge(domino_telegram::mini_app_routes(door, bot, public.clone()));
    }
    let (quit, quitting) = tokio::sync::watch::channel(false);
    let until_quit = |mut q: tokio::sync::watch::Receiver<bool>| async move {
        let _ = q.wait_for(|q| *q).await;
    };
    match (listener, s.http, s.telegram.as_mut()) {
        (Some(listener), _, _) => {
            let addr = listener.local_addr()?;
            tracing::info!(%addr, "health and metrics: /healthz /readyz /metrics; pages: /screen/, /app");
            tokio::spawn(http::serve(listener, routes, until_quit(quitting.clone())));
        }
        (None, Some(addr), Some(telegram)) => {
            tracing::info!(%addr, "health, metrics and pages on the webhook's server: /healthz /readyz /metrics /screen/ /app");
            telegram.options.routes = Some(routes);
        }
        _ => {}
    }
    let mut bots = tokio::task::JoinSet::new();
    let mut stops = Vec::new();
    if let Some(telegram) = s.telegram.take() {
        let (bot, options) = (telegram.bot, telegram.options);
        stops.push(options.stop.clone());
        let svc = svc.clone();
        let stop = options.stop.clone();
        bots.spawn(keep_running(
            "telegram",
            move || stop.is_stopped(),
            move || {
                let (svc, bot, options) = (svc.clone(), bot.clone(), options.clone());
                async move {
                    domino_telegram::run(Door::new(svc), bot, options)
                        .await
                        .map_err(anyhow::Error::from)
                }
            },
        ));
    }
    if let Some(config) = s.discord.take() {
        let svc = svc.clone();
        let stopped = quitting.clone();
        let quitting = quitting.clone();
        bots.spawn(keep_running(
            "discord",
            move || *stopped.borrow(),
            move || {
                let (svc, config) = (svc.clone(), config.clone());
                let shutdown = until_quit(quitting.clone());
                async move {
                    domino_discord::run_until(Door::new(svc), config, shutdown)
                        .await
                        .map_err(anyhow::Error::from)
                }
            },
        ));
    }
    let result = tokio::select! {
        signal = signals.first() => {
            tracing::info!(signal, "stopping: no new updates; requests in flight finish and queued messages go out (up to 10 s)");
            Ok(())
        }
        Some(done) = bots.join_next() => done.map_err(anyhow::Error::from).and_then(|r| r),
    };
    for stop in &stops {
        stop.stop();
    }
    let _ = quit.send(true);
    let all_stopped = async { while bots.join_next().await.is_some() {} };
    if tokio::time::timeout(STOP_WITHIN, all_stopped).await.is_err() {
        tracing::warn!("a platform did not stop in time: stopping without it");
        bots.abort_all();
    }
    timers.abort();
    let _ = tokio::time::timeout(CLOSE_WITHIN, svc.settled()).await;
    let _ = tokio::time::timeout(CLOSE_WITHIN, svc.store().shut()).await;
    if result.is_ok() {
        tracing::info!("stopped");
    }
    result
}

/// Runs a bot until it is stopped or returns an error: a panic, or an end while nobody
/// stopped it, is logged and the bot started again after a pause (1 s, doubling to 60 s).
async fn keep_running<F, Fut>(
    name: &'static str,
    stopped: impl Fn() -> bool,
    mut start: F,
) -> anyhow::Result<()>
where
    F: FnMut() -> Fut,
    Fut: Future<Output = anyhow::Result<()>> + Send + 'static,
{
    let mut pause = Duration::from_secs(1);
    loop {
        let ended = tokio::spawn(start()).await;
        if stopped() {
            return ended.map_err(anyhow::Error::from).and_then(|r| r);
        }
        match ended {
            Ok(Err(e)) => return Err(e),
            Ok(Ok(())) => tracing::warn!(bot = name, retry_in = ?pause, "the bot ended by itself"),
            Err(e) => {
                tracing::error!(bot = name, error = %e, retry_in = ?pause, "the bot panicked")
            }
        }
        tokio::time::sleep(pause).await;
        pause = (pause * 2).min(Duration::from_secs(60));
    }
}
