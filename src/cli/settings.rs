//! `domino run`'s settings: every environment variable, its default and its meaning, described
//! once, here (clap's `env`: `domino run --help` lists them all, and the docs test checks that
//! docs/operating.md and `.env.example` name each). A flag of the same name (`--database-url`)
//! overrides its variable. Nothing is checked here: `checks.rs` reads them all, before anything
//! is opened.

use clap::Args;

/// The store, shared by `domino run` and `domino migrate`.
#[derive(Args, Debug, Clone)]
#[command(next_help_heading = "Store")]
pub struct StoreArgs {
    /// The store: sqlite://FILE (created if missing; sqlite:///abs/path.db for an absolute
    /// path) or postgres://user:password@host:port/name (passwords are never shown)
    #[arg(
        long,
        env = "DATABASE_URL",
        default_value = "sqlite://domino.db",
        hide_env_values = true,
        value_name = "URL"
    )]
    pub database_url: String,
}

/// Telegram: runs when `TELOXIDE_TOKEN` is set.
#[derive(Args, Debug, Clone)]
#[command(next_help_heading = "Telegram")]
pub struct TelegramArgs {
    /// The bot token from @BotFather; Telegram runs when it is set
    #[arg(long, env = "TELOXIDE_TOKEN", hide_env_values = true, value_name = "TOKEN")]
    pub teloxide_token: Option<String>,
    /// The Bot API server: a self-hosted one, or a fake in tests
    #[arg(
        long,
        env = "TELOXIDE_API_URL",
        default_value = "https://api.telegram.org",
        value_name = "URL"
    )]
    pub teloxide_api_url: String,
    /// An http:// or https:// proxy for every Bot API call
    #[arg(long, env = "TELOXIDE_PROXY", hide_env_values = true, value_name = "URL")]
    pub teloxide_proxy: Option<String>,
    /// Webhook mode: the public HTTPS address Telegram posts updates to, whose path the bot
    /// serves (long polling when unset)
    #[arg(long, env = "TELEGRAM_WEBHOOK_URL", value_name = "URL")]
    pub telegram_webhook_url: Option<String>,
    /// Where the webhook listens: plain HTTP, with TLS in a reverse proxy in front
    #[arg(
        long,
        env = "TELEGRAM_WEBHOOK_LISTEN",
        default_value = "0.0.0.0:8443",
        value_name = "ADDR"
    )]
    pub telegram_webhook_listen: String,
    /// The secret every update must carry (1-256 of A-Z a-z 0-9 _ -); when unset the bot makes
    /// one, keeps it in the store and registers it
    #[arg(long, env = "TELEGRAM_WEBHOOK_SECRET", hide_env_values = true, value_name = "SECRET")]
    pub telegram_webhook_secret: Option<String>,
    /// The short name of the bot's Mini App (BotFather's /newapp, its URL DOMINO_PUBLIC_URL/app):
    /// /screen then also gives the link that opens a chat's page inside Telegram, for the
    /// chat's members only
    #[arg(long, env = "TELEGRAM_MINI_APP", value_name = "NAME")]
    pub telegram_mini_app: Option<String>,
}

/// Discord: runs when `DISCORD_TOKEN` is set.
#[derive(Args, Debug, Clone)]
#[command(next_help_heading = "Discord")]
pub struct DiscordArgs {
    /// The bot token from the developer portal; Discord runs when it is set
    #[arg(long, env = "DISCORD_TOKEN", hide_env_values = true, value_name = "TOKEN")]
    pub discord_token: Option<String>,
    /// Every REST call (and so the gateway lookup) goes to this address, e.g. a shared
    /// rate-limit proxy; the bot's own rate limiter is then off
    #[arg(long, env = "DISCORD_PROXY_URL", value_name = "URL")]
    pub discord_proxy_url: Option<String>,
    /// Register /domino in this server only, where it shows at once (for testing); globally
    /// when unset
    #[arg(long, env = "DISCORD_GUILD_ID", value_name = "ID")]
    pub discord_guild_id: Option<String>,
    /// The gateway shards this process runs: i/n (shard i of n, from 0) or a-b/n; all of them
    /// when unset
    #[arg(long, env = "DISCORD_SHARDS", value_name = "I/N")]
    pub discord_shards: Option<String>,
}

/// The service's limits and pace. Defaults are the core's (`Options::default`).
#[derive(Args, Debug, Clone)]
#[command(next_help_heading = "Games")]
pub struct ServiceArgs {
    /// The pause before each computer move, so people can follow the game, in milliseconds
    #[arg(long, env = "DOMINO_ROBOT_PAUSE_MS", default_value_t = defaults::robot_pause_ms(), value_name = "MS")]
    pub domino_robot_pause_ms: String,
    /// A lobby nobody starts closes after this many hours, with a notice
    #[arg(long, env = "DOMINO_LOBBY_HOURS", default_value_t = defaults::lobby_hours(), value_name = "HOURS")]
    pub domino_lobby_hours: String,
    /// A match without a turn timer that waits on a person this many days closes as
    /// abandoned, nothing scored
    #[arg(long, env = "DOMINO_IDLE_DAYS", default_value_t = defaults::idle_days(), value_name = "DAYS")]
    pub domino_idle_days: String,
    /// A match at which every person is away closes this many minutes after a person last did
    /// anything there, nothing scored
    #[arg(long, env = "DOMINO_AWAY_MINUTES", default_value_t = defaults::away_minutes(), value_name = "MINUTES")]
    pub domino_away_minutes: String,
    /// Open tables a chat may have at once
    #[arg(long, env = "DOMINO_TABLES_PER_CHAT", default_value_t = defaults::tables_per_chat(), value_name = "N")]
    pub domino_tables_per_chat: String,
    /// Lobbies and challenges one person may host at once
    #[arg(long, env = "DOMINO_LOBBIES_PER_PERSON", default_value_t = defaults::lobbies_per_person(), value_name = "N")]
    pub domino_lobbies_per_person: String,
    /// Open tables one person may sit at at once, in every chat together
    #[arg(long, env = "DOMINO_SEATS_PER_PERSON", default_value_t = defaults::seats_per_person(), value_name = "N")]
    pub domino_seats_per_person: String,
    /// Computer players thinking at once (at least 1); by default the cores less one, so
    /// presses always have a core
    #[arg(long, env = "DOMINO_THINKERS", value_name = "N")]
    pub domino_thinkers: Option<String>,
}

/// Health, metrics and logs.
#[derive(Args, Debug, Clone)]
#[command(next_help_heading = "Operating")]
pub struct OpsArgs {
    /// Serve /healthz, /readyz and /metrics (Prometheus) on this address, e.g. 0.0.0.0:9090;
    /// off when unset. The same address as TELEGRAM_WEBHOOK_LISTEN shares the webhook's server
    #[arg(long, env = "DOMINO_HTTP_ADDR", value_name = "ADDR")]
    pub domino_http_addr: Option<String>,
    /// The bot's public web address (https://domino.example.org, no query), which a reverse
    /// proxy forwards to DOMINO_HTTP_ADDR: a chat's page is at /screen/<token> under it, and
    /// /screen gives its link; no pages are linked when unset
    #[arg(long, env = "DOMINO_PUBLIC_URL", value_name = "URL")]
    pub domino_public_url: Option<String>,
    /// Log lines as text, or as one JSON object a line for log collectors
    #[arg(long, env = "DOMINO_LOG_FORMAT", default_value = "text", value_name = "text|json")]
    pub domino_log_format: String,
    /// The log filter: info, debug, or per crate (info,domino_telegram=debug)
    #[arg(long, env = "RUST_LOG", default_value = "info", value_name = "FILTER")]
    pub rust_log: String,
    /// Any value turns colours off; they are off anyway when standard error is not a terminal
    #[arg(long, env = "NO_COLOR", value_name = "ANY")]
    pub no_color: Option<String>,
}

/// Everything `domino run` reads.
#[derive(Args, Debug, Clone)]
pub struct RunArgs {
    #[command(flatten)]
    pub store: StoreArgs,
    #[command(flatten)]
    pub telegram: TelegramArgs,
    #[command(flatten)]
    pub discord: DiscordArgs,
    #[command(flatten)]
    pub service: ServiceArgs,
    #[command(flatten)]
    pub ops: OpsArgs,
}

/// The defaults shown by `--help`, from the core's own (`Options::default`).
mod defaults {
    use domino_core::service::Options;

    fn o() -> Options {
        Options::default()
    }

    pub fn robot_pause_ms() -> String {
        o().robot_pause.as_millis().to_string()
    }

    pub fn lobby_hours() -> String {
        (o().lives.lobby_ms / 3_600_000).to_string()
    }

    pub fn idle_days() -> String {
        (o().lives.idle_ms / 86_400_000).to_string()
    }

    pub fn away_minutes() -> String {
        (o().lives.away_ms / 60_000).to_string()
    }

    pub fn tables_per_chat() -> String {
        o().tables_per_chat.to_string()
    }

    pub fn lobbies_per_person() -> String {
        o().lobbies_per_person.to_string()
    }

    pub fn seats_per_person() -> String {
        o().seats_per_person.to_string()
    }
}
