//! `domino run`: opens the store, resumes every open table, fires turn timers, and starts the
//! bot on every platform whose token is set — Telegram (`TELOXIDE_TOKEN`) and Discord
//! (`DISCORD_TOKEN`) — all on one store: SQLite, or PostgreSQL for a `postgres://` URL.
//! `domino migrate` only prepares the database, or (`--from`) copies a SQLite store into
//! PostgreSQL. Every long-lived task is supervised: the timers and each bot are started again
//! (a log line, a pause) when they panic or end while nobody stopped them; a bot that returns
//! an error (a bad token) still ends the process.

use domino_core::chat::Door;
use domino_core::service::{Options, OsSeeds, Service, SystemClock, supervise};
use domino_core::store::{
    AnyStore, CopyProgress, PgStore, SqliteStore, copy_sqlite_to_postgres, is_postgres_url,
    redacted as shown,
};
use std::future::Future;
use std::process::ExitCode;
use std::sync::Arc;
use std::time::Duration;

#[derive(clap::Args)]
pub struct Args {}

/// Where the store lives: `DATABASE_URL`, by default `sqlite://domino.db` in the working folder.
pub fn database_url() -> String {
    std::env::var("DATABASE_URL")
        .ok()
        .filter(|u| !u.is_empty())
        .unwrap_or_else(|| "sqlite://domino.db".into())
}

fn token(name: &str) -> Option<String> {
    std::env::var(name).ok().filter(|t| !t.trim().is_empty())
}

pub fn init_tracing() {
    let filter = tracing_subscriber::EnvFilter::try_from_default_env()
        .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("info"));
    let _ =
        tracing_subscriber::fmt().with_env_filter(filter).with_writer(std::io::stderr).try_init();
}

pub fn run(_args: Args) -> ExitCode {
    let _ = dotenvy::dotenv();
    let telegram = token("TELOXIDE_TOKEN");
    let discord = token("DISCORD_TOKEN");
    if telegram.is_none() && discord.is_none() {
        eprintln!(
            "domino run: no bot token set. Set TELOXIDE_TOKEN (Telegram) and/or DISCORD_TOKEN \
             (Discord) in the environment or in .env. Without a token, try `domino sim` or \
             `domino replay`."
        );
        return ExitCode::from(2);
    }
    init_tracing();
    let rt =
        tokio::runtime::Builder::new_multi_thread().enable_all().build().expect("a tokio runtime");
    match rt.block_on(serve(telegram.is_some(), discord.is_some())) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("domino run: {e:#}");
            ExitCode::FAILURE
        }
    }
}

async fn serve(telegram: bool, discord: bool) -> anyhow::Result<()> {
    let url = database_url();
    let store = AnyStore::open(&url).await?;
    let kind = store.kind();
    let options = Options { shared: store.shared(), ..service_options()? };
    let (clock, seeds) = (Arc::new(SystemClock), Arc::new(OsSeeds));
    let svc = Service::start_with(store, crate::robot(), clock, seeds, options).await?;
    tracing::info!(database = %shown(&url), store = kind, tables = svc.open_tables(), set_aside = svc.set_aside().len(), "store open, tables resumed");
    let timed = Arc::downgrade(&svc);
    let timers = tokio::spawn(supervise("timers", move || {
        timed.upgrade().map(|s| s.run_timers(Duration::from_secs(1)))
    }));
    let mut bots = tokio::task::JoinSet::new();
    let mut stops = Vec::new();
    if telegram {
        let mut options = domino_telegram::RunOptions::from_env()?;
        options.ctrlc = false;
        stops.push(options.stop.clone());
        let bot = teloxide::Bot::from_env();
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
    let (quit, quitting) = tokio::sync::watch::channel(false);
    if discord {
        let config = domino_discord::DiscordConfig::from_env()?;
        let svc = svc.clone();
        let stopped = quitting.clone();
        bots.spawn(keep_running(
            "discord",
            move || *stopped.borrow(),
            move || {
                let (svc, config, mut quitting) = (svc.clone(), config.clone(), quitting.clone());
                let shutdown = async move {
                    let _ = quitting.wait_for(|q| *q).await;
                };
                async move {
                    domino_discord::run_until(Door::new(svc), config, shutdown)
                        .await
                        .map_err(anyhow::Error::from)
                }
            },
        ));
    }
    let result = tokio::select! {
        _ = tokio::signal::ctrl_c() => {
            tracing::info!("stopping");
            for stop in &stops {
                stop.stop();
            }
            let _ = quit.send(true);
            while bots.join_next().await.is_some() {}
            Ok(())
        }
        Some(done) = bots.join_next() => done.map_err(anyhow::Error::from).and_then(|r| r),
    };
    timers.abort();
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

/// The service's options from the environment: `DOMINO_ROBOT_PAUSE_MS` (the pause before each
/// computer move, default 800), `DOMINO_LOBBY_HOURS` (24), `DOMINO_IDLE_DAYS` (7),
/// `DOMINO_AWAY_MINUTES` (10), `DOMINO_TABLES_PER_CHAT` (8), `DOMINO_LOBBIES_PER_PERSON` (3),
/// `DOMINO_SEATS_PER_PERSON` (4), `DOMINO_THINKERS` (computer players thinking at once; default
/// the cores less one).
fn service_options() -> anyhow::Result<Options> {
    let mut o = Options::default();
    let num = |name: &str| -> anyhow::Result<Option<u64>> {
        match std::env::var(name).ok().filter(|v| !v.trim().is_empty()) {
            None => Ok(None),
            Some(v) => v
                .trim()
                .parse()
                .map(Some)
                .map_err(|_| anyhow::anyhow!("{name} must be a whole number, not {v:?}")),
        }
    };
    if let Some(ms) = num("DOMINO_ROBOT_PAUSE_MS")? {
        o.robot_pause = Duration::from_millis(ms);
    }
    // Saturated: an absurd setting means «never», not a wrapped negative time.
    let ms = |n: u64, unit: u64| i64::try_from(n.saturating_mul(unit)).unwrap_or(i64::MAX);
    if let Some(h) = num("DOMINO_LOBBY_HOURS")? {
        o.lives.lobby_ms = ms(h, 3_600_000);
    }
    if let Some(d) = num("DOMINO_IDLE_DAYS")? {
        o.lives.idle_ms = ms(d, 86_400_000);
    }
    if let Some(m) = num("DOMINO_AWAY_MINUTES")? {
        o.lives.away_ms = ms(m, 60_000);
    }
    if let Some(n) = num("DOMINO_TABLES_PER_CHAT")? {
        o.tables_per_chat = n as usize;
    }
    if let Some(n) = num("DOMINO_LOBBIES_PER_PERSON")? {
        o.lobbies_per_person = n as usize;
    }
    if let Some(n) = num("DOMINO_SEATS_PER_PERSON")? {
        o.seats_per_person = n as usize;
    }
    if let Some(n) = num("DOMINO_THINKERS")? {
        o.thinkers = (n as usize).max(1);
    }
    Ok(o)
}

#[derive(clap::Args)]
pub struct MigrateArgs {
    /// Copy the whole SQLite store at this URL (`sqlite://FILE`) into the PostgreSQL database
    /// DATABASE_URL names, check the copy, and commit it (or nothing). Safe to run again.
    #[arg(long, value_name = "sqlite://FILE")]
    from: Option<String>,
}

/// `domino migrate`: creates the database if needed and runs the migrations; with `--from`,
/// copies a SQLite store into it.
pub fn migrate(args: MigrateArgs) -> ExitCode {
    let _ = dotenvy::dotenv();
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("a tokio runtime");
    let url = database_url();
    let done = match &args.from {
        None => rt.block_on(async {
            let store = AnyStore::open(&url).await?;
            println!("{}: {} store migrated", shown(&url), store.kind());
            store.close().await;
            Ok(())
        }),
        Some(from) => rt.block_on(copy(from, &url)),
    };
    match done {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("domino migrate: {}: {e:#}", shown(&url));
            ExitCode::FAILURE
        }
    }
}

/// `domino migrate --from sqlite://FILE` with a PostgreSQL `DATABASE_URL`.
async fn copy(from: &str, to: &str) -> anyhow::Result<()> {
    if !is_postgres_url(to) {
        anyhow::bail!("--from copies into PostgreSQL: set DATABASE_URL=postgres://…");
    }
    let path = from.strip_prefix("sqlite://").unwrap_or(from);
    let path = path.split_once('?').map_or(path, |(p, _)| p);
    if !std::path::Path::new(path).is_file() {
        anyhow::bail!("{}: no such SQLite file", shown(from));
    }
    let sqlite = SqliteStore::open(from).await?;
    let pg = PgStore::open(to).await?;
    eprintln!("copying {} into {}", shown(from), shown(to));
    let mut shown_step = (String::new(), u64::MAX);
    let mut progress = |p: &CopyProgress| {
        let (what, done, total, unit) = match p {
            CopyProgress::Rows { table, done, total } => (table.to_string(), *done, *total, "rows"),
            CopyProgress::Replayed { done, total } => {
                ("replayed".to_owned(), *done, *total, "open tables")
            }
        };
        // A line per tenth of each table, and its last.
        let step = done * 10 / total.max(1);
        if shown_step != (what.clone(), step) {
            eprintln!("  {what}: {done}/{total} {unit}");
            shown_step = (what, step);
        }
    };
    let report = copy_sqlite_to_postgres(&sqlite, &pg, &mut progress)
        .await
        .map_err(|e| anyhow::anyhow!("{e}; nothing was written"))?;
    for t in &report.tables {
        println!(
            "{:<14} {:>9} rows: {:>9} copied, {:>9} updated, {:>9} unchanged",
            t.name,
            t.rows,
            t.inserted,
            t.updated,
            t.rows - t.inserted - t.updated
        );
    }
    println!(
        "checked: every table has as many rows in PostgreSQL as in SQLite; {} open tables replay to their snapshots",
        report.replayed
    );
    if report.changed() {
        let n: u64 = report.tables.iter().map(|t| t.inserted + t.updated).sum();
        println!("copied: {n} rows written");
    } else {
        println!("nothing changed: PostgreSQL already held everything in {}", shown(from));
    }
    pg.close().await;
    sqlite.close().await;
    Ok(())
}
