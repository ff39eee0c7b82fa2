//! `domino run`'s settings, checked: every variable is read and checked before anything is
//! opened, and each bad one is named on a line of its own with what it should be. Nothing here
//! panics, connects or opens a file.

use super::settings::{DiscordArgs, OpsArgs, RunArgs, ServiceArgs, StoreArgs, TelegramArgs};
use domino_core::service::Options;
use domino_discord::DiscordConfig;
use domino_telegram::{Mode, RunOptions, Webhook};
use std::net::SocketAddr;
use std::time::Duration;

/// Telegram, ready to start.
pub struct Telegram {
    pub bot: teloxide::Bot,
    pub options: RunOptions,
}

/// How log lines are written.
pub struct Logs {
    pub filter: String,
    pub json: bool,
    pub color: bool,
}

/// Every setting of `domino run`, checked.
pub struct Settings {
    pub database_url: String,
    pub telegram: Option<Telegram>,
    pub discord: Option<DiscordConfig>,
    pub service: Options,
    pub http: Option<SocketAddr>,
    pub logs: Logs,
}

/// Collects one line per bad setting.
#[derive(Default)]
pub struct Problems(pub Vec<String>);

impl Problems {
    fn take<T, E: std::fmt::Display>(&mut self, r: Result<T, E>) -> Option<T> {
        r.map_err(|e| self.0.push(e.to_string())).ok()
    }
}

/// A value, or `None` when it is unset or blank.
fn set(v: &Option<String>) -> Option<&str> {
    v.as_deref().map(str::trim).filter(|v| !v.is_empty())
}

/// Checks everything `domino run` reads; every problem, one line each.
pub fn check(args: &RunArgs) -> Result<Settings, Vec<String>> {
    let mut p = Problems::default();
    let database_url = p.take(store(&args.store));
    let telegram =
        set(&args.telegram.teloxide_token).and_then(|t| p.take(telegram(t, &args.telegram)));
    let discord = set(&args.discord.discord_token).and_then(|t| p.take(discord(t, &args.discord)));
    let http = set(&args.ops.domino_http_addr).and_then(|a| p.take(address("DOMINO_HTTP_ADDR", a)));
    let mut service = service(&args.service, &mut p);
    let public_url = set(&args.ops.domino_public_url).and_then(|u| p.take(public_url(u)));
    if let Some(o) = service.as_mut() {
        o.public_url = public_url.clone();
    }
    if public_url.is_some() && http.is_none() {
        p.0.push(
            "DOMINO_PUBLIC_URL needs the listener its pages are served on: set DOMINO_HTTP_ADDR too".into(),
        );
    }
    let logs = logs(&args.ops, &mut p);
    if set(&args.telegram.teloxide_token).is_none() && set(&args.discord.discord_token).is_none() {
        p.0.push(
            "no bot token set. Set TELOXIDE_TOKEN (Telegram) and/or DISCORD_TOKEN (Discord) in \
             the environment or in .env. Without a token, play a game in the terminal: `domino play` \
             (`cargo run --release -- play`)."
                .into(),
        );
    }
    match (p.0.is_empty(), database_url, service, logs) {
        (true, Some(database_url), Some(service), Some(logs)) => {
            Ok(Settings { database_url, telegram, discord, service, http, logs })
        }
        _ => Err(p.0),
    }
}

/// `DATABASE_URL`: a scheme the store knows.
pub fn store(args: &StoreArgs) -> Result<String, String> {
    let url = args.database_url.trim();
    let url = if url.is_empty() { "sqlite://domino.db" } else { url };
    let scheme = url.split_once(':').map_or("", |(s, _)| s);
    match scheme {
        "sqlite" | "postgres" | "postgresql" => Ok(url.to_owned()),
        _ => Err(format!(
            "DATABASE_URL: unknown store {}: use sqlite://FILE or \
             postgres://user:password@host:port/name",
            if scheme.is_empty() || !url.contains("://") {
                format!("URL {:?} (no scheme)", domino_core::store::redacted(url))
            } else {
                format!("scheme {scheme:?}")
            }
        )),
    }
}

/// `DOMINO_PUBLIC_URL`: an absolute http(s) URL with a host, no query or fragment; kept
/// without its trailing `/`.
fn public_url(text: &str) -> Result<String, String> {
    let bad = |why: &str| format!("DOMINO_PUBLIC_URL must be {why}, not {text:?}");
    let url = http_url("DOMINO_PUBLIC_URL", text)?;
    if url.query().is_some() || url.fragment().is_some() {
        return Err(bad("an address without a query (?…) or fragment (#…)"));
    }
    if !url.username().is_empty() || url.password().is_some() {
        return Err(bad("an address without a user or password"));
    }
    Ok(url.as_str().trim_end_matches('/').to_owned())
}

/// An http(s) URL with a host.
fn http_url(name: &str, text: &str) -> Result<url::Url, String> {
    match url::Url::parse(text) {
        Ok(u) if matches!(u.scheme(), "http" | "https") && u.host().is_some() => Ok(u),
        _ => Err(format!("{name} must be an http:// or https:// URL, not {text:?}")),
    }
}

fn address(name: &str, text: &str) -> Result<SocketAddr, String> {
    text.parse()
        .map_err(|_| format!("{name} must be an address and port (0.0.0.0:9090), not {text:?}"))
}

fn telegram(token: &str, args: &TelegramArgs) -> Result<Telegram, String> {
    let mut p = Problems::default();
    let api = p.take(http_url("TELOXIDE_API_URL", args.teloxide_api_url.trim()));
    // A proxy URL may hold a password: it is not repeated.
    let proxy = set(&args.teloxide_proxy).map(|url| {
        p.take(http_url("TELOXIDE_PROXY", url).map_err(|_| {
            "TELOXIDE_PROXY must be an http:// or https:// URL (with a host)".to_owned()
        }))
    });
    let short_name = |n: &str| {
        (3..=30).contains(&n.len()) && n.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_')
    };
    if let Some(name) = set(&args.telegram_mini_app).filter(|n| !short_name(n)) {
        p.0.push(format!(
            "TELEGRAM_MINI_APP must be the Mini App's short name (3-30 of A-Z, a-z, 0-9, _), not {name:?}"
        ));
    }
    let mode = match set(&args.telegram_webhook_url) {
        None => Some(Mode::Polling),
        Some(url) => {
            let url = p.take(http_url("TELEGRAM_WEBHOOK_URL", url));
            let listen =
                p.take(address("TELEGRAM_WEBHOOK_LISTEN", args.telegram_webhook_listen.trim()));
            let secret = set(&args.telegram_webhook_secret).map(str::to_owned);
            let fine = |s: &String| {
                (1..=256).contains(&s.len())
                    && s.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-')
            };
            if secret.as_ref().is_some_and(|s| !fine(s)) {
                p.0.push(
                    "TELEGRAM_WEBHOOK_SECRET must be 1-256 characters of A-Z, a-z, 0-9, _ and -"
                        .into(),
                );
            }
            url.zip(listen).map(|(url, listen)| Mode::Webhook(Webhook { url, listen, secret }))
        }
    };
    let mut client = teloxide::net::default_reqwest_settings();
    if let Some(Some(proxy)) = &proxy {
        match reqwest::Proxy::all(proxy.as_str()) {
            Ok(proxy) => client = client.proxy(proxy),
            Err(_) => p.0.push("TELOXIDE_PROXY is not a proxy address".into()),
        }
    }
    let client = p.take(client.build().map_err(|e| format!("the HTTP client for Telegram: {e}")));
    match (api, mode, client) {
        (Some(api), Some(mode), Some(client)) if p.0.is_empty() => {
            let bot = teloxide::Bot::with_client(token, client).set_api_url(api);
            let mini_app = set(&args.telegram_mini_app).map(str::to_owned);
            let options = RunOptions { mode, ctrlc: false, mini_app, ..RunOptions::default() };
            Ok(Telegram { bot, options })
        }
        _ => Err(p.0.join("\n")),
    }
}

fn discord(token: &str, args: &DiscordArgs) -> Result<DiscordConfig, String> {
    let mut p = Problems::default();
    let proxy = set(&args.discord_proxy_url).map(|u| p.take(domino_discord::proxy_url(u)));
    let guild = set(&args.discord_guild_id).map(|g| p.take(domino_discord::guild_id(g)));
    let shards = set(&args.discord_shards).map(|s| p.take(s.parse::<domino_discord::Shards>()));
    if !p.0.is_empty() {
        return Err(p.0.join("\n"));
    }
    Ok(DiscordConfig {
        proxy_url: proxy.flatten(),
        guild_id: guild.flatten(),
        shards: shards.flatten(),
        ..DiscordConfig::new(token)
    })
}

/// A whole number, or the line that says it is not.
fn number(p: &mut Problems, name: &str, unit: &str, text: &str, least: u64) -> Option<u64> {
    match text.trim().parse::<u64>() {
        Ok(n) if n >= least => Some(n),
        _ => {
            let least = if least > 0 { format!(" from {least}") } else { String::new() };
            p.0.push(format!("{name} must be a whole number of {unit}{least}, not {text:?}"));
            None
        }
    }
}

fn service(args: &ServiceArgs, p: &mut Problems) -> Option<Options> {
    let mut o = Options::default();
    // Saturated: an absurd setting means «never», not a wrapped negative time.
    let ms = |n: u64, unit: u64| i64::try_from(n.saturating_mul(unit)).unwrap_or(i64::MAX);
    let before = p.0.len();
    let a = args;
    if let Some(n) = number(p, "DOMINO_ROBOT_PAUSE_MS", "milliseconds", &a.domino_robot_pause_ms, 0)
    {
        o.robot_pause = Duration::from_millis(n);
    }
    if let Some(n) = number(p, "DOMINO_LOBBY_HOURS", "hours", &a.domino_lobby_hours, 0) {
        o.lives.lobby_ms = ms(n, 3_600_000);
    }
    if let Some(n) = number(p, "DOMINO_IDLE_DAYS", "days", &a.domino_idle_days, 0) {
        o.lives.idle_ms = ms(n, 86_400_000);
    }
    if let Some(n) = number(p, "DOMINO_AWAY_MINUTES", "minutes", &a.domino_away_minutes, 0) {
        o.lives.away_ms = ms(n, 60_000);
    }
    let count = |p: &mut Problems, name, text: &str, least| {
        number(p, name, "tables", text, least).map(|n| usize::try_from(n).unwrap_or(usize::MAX))
    };
    if let Some(n) = count(p, "DOMINO_TABLES_PER_CHAT", &a.domino_tables_per_chat, 0) {
        o.tables_per_chat = n;
    }
    if let Some(n) = count(p, "DOMINO_LOBBIES_PER_PERSON", &a.domino_lobbies_per_person, 0) {
        o.lobbies_per_person = n;
    }
    if let Some(n) = count(p, "DOMINO_SEATS_PER_PERSON", &a.domino_seats_per_person, 0) {
        o.seats_per_person = n;
    }
    if let Some(t) = set(&a.domino_thinkers)
        && let Some(n) = number(p, "DOMINO_THINKERS", "computer players", t, 1)
    {
        o.thinkers = usize::try_from(n).unwrap_or(usize::MAX);
    }
    (p.0.len() == before).then_some(o)
}

fn logs(args: &OpsArgs, p: &mut Problems) -> Option<Logs> {
    let json = match args.domino_log_format.trim() {
        "" | "text" => Some(false),
        "json" => Some(true),
        other => {
            p.0.push(format!("DOMINO_LOG_FORMAT must be text or json, not {other:?}"));
            None
        }
    };
    let filter = args.rust_log.trim();
    let filter = if filter.is_empty() { "info" } else { filter };
    let filter = match tracing_subscriber::EnvFilter::builder().parse(filter) {
        Ok(_) => Some(filter.to_owned()),
        Err(e) => {
            p.0.push(format!(
                "RUST_LOG must be a log filter (info, debug, info,domino=debug): {e}"
            ));
            None
        }
    };
    let color = args.no_color.as_deref().is_none_or(str::is_empty)
        && std::io::IsTerminal::is_terminal(&std::io::stderr());
    Some(Logs { filter: filter?, json: json?, color })
}
