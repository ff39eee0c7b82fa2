//! Where the bot connects and how: the token, the REST proxy, the guild for fast registration.

use serenity::http::{Http, HttpBuilder};
use serenity::model::id::GuildId;
use std::fmt;

/// The Discord side of `domino run`, from `DISCORD_TOKEN`, `DISCORD_PROXY_URL`,
/// `DISCORD_GUILD_ID` and `DISCORD_SHARDS`.
#[derive(Clone)]
pub struct DiscordConfig {
    /// The bot token (never logged: `Debug` hides it).
    pub token: String,
    /// Every REST call (and so the gateway lookup) goes to this address instead of
    /// `https://discord.com`, e.g. a shared rate-limit proxy. Serenity's own ratelimiter is then
    /// off: limiting is the proxy's job.
    pub proxy_url: Option<String>,
    /// Slash commands are registered in this guild only (instant, for testing) instead of
    /// globally.
    pub guild_id: Option<GuildId>,
    /// The gateway shards this process runs (`None`: all of them, as many as Discord advises).
    pub shards: Option<Shards>,
    /// The longest an interaction's handling may take: then it is cancelled and the person
    /// told what became of it (it is acknowledged within Discord's 3 s in any case).
    pub work_limit: std::time::Duration,
    /// Whether the gateway is connected (shared with whoever started the bot).
    pub status: crate::Status,
}

/// [`DiscordConfig::work_limit`] unless set.
pub const WORK_LIMIT: std::time::Duration = std::time::Duration::from_secs(15);

/// Some gateway shards of a fixed total: `DISCORD_SHARDS=i/n` runs shard `i` (from 0) of `n`,
/// `a-b/n` shards `a` to `b`. Discord sends each guild's events to one shard, so several
/// processes, each given its share of one total, serve every guild once between them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shards {
    pub first: u32,
    pub last: u32,
    pub total: u32,
}

impl std::str::FromStr for Shards {
    type Err = ConfigError;

    fn from_str(s: &str) -> Result<Shards, ConfigError> {
        let bad = || ConfigError::BadShards(s.to_owned());
        let (range, total) = s.trim().split_once('/').ok_or_else(bad)?;
        let (first, last) = range.split_once('-').unwrap_or((range, range));
        let num = |v: &str| v.trim().parse::<u32>().map_err(|_| bad());
        let (first, last, total) = (num(first)?, num(last)?, num(total)?);
        match first <= last && last < total {
            true => Ok(Shards { first, last, total }),
            false => Err(bad()),
        }
    }
}

/// A configuration value that cannot be used.
#[derive(Debug, thiserror::Error)]
pub enum ConfigError {
    #[error("DISCORD_TOKEN is not set")]
    NoToken,
    #[error("DISCORD_GUILD_ID must be a guild id (a positive number), not {0:?}")]
    BadGuild(String),
    #[error("DISCORD_SHARDS must be i/n (shard i of n, from 0) or a-b/n, not {0:?}")]
    BadShards(String),
    #[error("DISCORD_PROXY_URL must be an http:// or https:// URL, not {0:?}")]
    BadProxy(String),
}

/// A guild id as `DISCORD_GUILD_ID` gives it: a positive number.
pub fn guild_id(text: &str) -> Result<GuildId, ConfigError> {
    match text.trim().parse::<u64>() {
        Ok(id) if id > 0 => Ok(GuildId::new(id)),
        _ => Err(ConfigError::BadGuild(text.to_owned())),
    }
}

/// A REST proxy as `DISCORD_PROXY_URL` gives it: an http(s) URL, without its last `/`.
pub fn proxy_url(text: &str) -> Result<String, ConfigError> {
    let bad = || ConfigError::BadProxy(text.to_owned());
    let url = url_parts(text).ok_or_else(bad)?;
    Ok(url.trim_end_matches('/').to_owned())
}

/// `text` when it is `http(s)://host…` with a host.
fn url_parts(text: &str) -> Option<&str> {
    let rest = text.strip_prefix("http://").or_else(|| text.strip_prefix("https://"))?;
    let host = rest.split(['/', '?', '#']).next()?;
    (!host.is_empty() && !host.contains(char::is_whitespace)).then_some(text)
}

impl DiscordConfig {
    pub fn new(token: impl Into<String>) -> DiscordConfig {
        DiscordConfig {
            token: token.into(),
            proxy_url: None,
            guild_id: None,
            shards: None,
            work_limit: WORK_LIMIT,
            status: crate::Status::default(),
        }
    }

    /// Reads `DISCORD_TOKEN` (required), `DISCORD_PROXY_URL`, `DISCORD_GUILD_ID` and
    /// `DISCORD_SHARDS` (optional; empty counts as unset).
    pub fn from_env() -> Result<DiscordConfig, ConfigError> {
        let var =
            |name| std::env::var(name).ok().map(|v| v.trim().to_owned()).filter(|v| !v.is_empty());
        let mut config = Self::from_vars(
            var("DISCORD_TOKEN"),
            var("DISCORD_PROXY_URL"),
            var("DISCORD_GUILD_ID"),
        )?;
        config.shards = var("DISCORD_SHARDS").map(|v| v.parse()).transpose()?;
        Ok(config)
    }

    fn from_vars(
        token: Option<String>,
        proxy: Option<String>,
        guild: Option<String>,
    ) -> Result<DiscordConfig, ConfigError> {
        let token = token.ok_or(ConfigError::NoToken)?;
        let guild_id = guild.as_deref().map(guild_id).transpose()?;
        let proxy = proxy.as_deref().map(proxy_url).transpose()?;
        Ok(DiscordConfig { proxy_url: proxy, guild_id, ..DiscordConfig::new(token) })
    }

    /// The REST client: through the proxy when one is set.
    pub(crate) fn http(&self) -> Http {
        let builder = HttpBuilder::new(&self.token);
        let mut http = match &self.proxy_url {
            Some(url) => {
                builder.proxy(url.trim_end_matches('/')).ratelimiter_disabled(true).build()
            }
            None => builder.build(),
        };
        crate::ops::count_rate_limits(&mut http);
        http
    }
}

impl fmt::Debug for DiscordConfig {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("DiscordConfig")
            .field("token", &"<hidden>")
            .field("proxy_url", &self.proxy_url)
            .field("guild_id", &self.guild_id)
            .field("shards", &self.shards)
            .field("work_limit", &self.work_limit)
            .field("status", &self.status)
            .finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn variables_are_read_and_checked() {
        let s = |v: &str| Some(v.to_owned());
        let c = DiscordConfig::from_vars(s("t"), s("http://127.0.0.1:9"), s("42")).unwrap();
        assert_eq!(c.guild_id, Some(GuildId::new(42)));
        assert_eq!(c.proxy_url.as_deref(), Some("http://127.0.0.1:9"));
        assert!(!format!("{c:?}").contains("\"t\""), "the token is not shown");
        assert!(matches!(DiscordConfig::from_vars(None, None, None), Err(ConfigError::NoToken)));
        assert!(matches!(
            DiscordConfig::from_vars(s("t"), s("notaurl"), None),
            Err(ConfigError::BadProxy(_))
        ));
        for bad in ["x", "0", "-1"] {
            assert!(matches!(
                DiscordConfig::from_vars(s("t"), None, s(bad)),
                Err(ConfigError::BadGuild(_))
            ));
        }
    }
}
