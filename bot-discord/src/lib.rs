//! The Discord adapter (serenity): the slash command `/domino`, a table message per table
//! edited in place with button rows, private hands in ephemeral messages kept current as the
//! table moves (one tap a turn).
//!
//! Thin by design: an interaction is read into a request for the core's chat layer, which
//! decides; its answer is rendered as embeds, buttons and select menus, and sent. Start it with [`run`] (or
//! [`run_until`]) over the service `domino run` shares between platforms.
//!
//! | module | holds |
//! |---|---|
//! | `config` | [`DiscordConfig`]: token, REST proxy, guild for registration |
//! | `register` | the `/domino` command schema, generated from the core's catalog |
//! | `slash` | a command interaction read into the chat layer's request |
//! | `commands` | a command handed to the chat layer, its reply drawn, new tables posted |
//! | `buttons` | a press or a select: handed to the chat layer, the pressed message updated |
//! | `answer` | answering within three seconds (defer when late) |
//! | `contain` | every interaction with a time limit and a panic boundary |
//! | `hands` | each person's ephemeral hand kept current through their last press's token |
//! | `render` | views as embeds, button rows, hands, pings, the settings menu |
//! | `publish` | the table message in its channel, notices, turn pings |
//! | `paint` | the table message's edits, coalesced, from a task of the table's own |
//! | `timers` | showing what the service's timers changed |
//! | `watch` | spectators' ephemeral views kept current through their interactions' tokens |
//! | `roles` | the goat's and the champion's roles: created once, moved as the core says |
//! | `ops` | connection status and its log lines, interactions in flight, metrics |
//! | `fake` | (feature `fake`) a fake Discord keeping the channel's rate limit, and the flow bench's driver |

mod answer;
mod bot;
mod buttons;
mod commands;
mod config;
mod contain;
#[cfg(feature = "fake")]
pub mod fake;
mod handler;
mod hands;
mod kept;
mod ops;
mod paint;
mod people;
mod publish;
pub mod register;
pub mod render;
mod roles;
pub mod slash;
mod texts;
mod timers;
mod watch;

pub use config::{ConfigError, DiscordConfig, Shards, WORK_LIMIT, guild_id, proxy_url};
pub use ops::Status;

use bot::Bot;
use domino_core::chat::Door;
use serenity::client::ClientBuilder;
use serenity::model::gateway::GatewayIntents;
use std::future::Future;
use std::sync::Arc;
use std::time::Duration;

/// Why the Discord bot stopped.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    #[error("Discord: {0}")]
    Serenity(#[from] Box<serenity::Error>),
}

impl Error {
    /// Discord refused the token (401 over REST, or the gateway's authentication failed).
    pub fn refused_token(&self) -> bool {
        let Error::Serenity(e) = self;
        match &**e {
            serenity::Error::Gateway(serenity::gateway::GatewayError::InvalidAuthentication) => {
                true
            }
            serenity::Error::Http(e) => e.status_code().is_some_and(|s| s.as_u16() == 401),
            _ => false,
        }
    }
}

/// Runs the Discord bot through `door` until the gateway connection ends for good.
pub async fn run(door: Door, config: DiscordConfig) -> Result<(), Error> {
    run_until(door, config, std::future::pending()).await
}

/// How long a stop waits for the gateway connection to close and then for the interactions in
/// flight: a gateway that never answered does not hold the stop.
const STOP_WITHIN: Duration = Duration::from_secs(2);

/// Runs the Discord bot until `shutdown` completes: then closes the gateway connection, lets
/// the interactions in flight finish (up to the work limit) and returns `Ok`.
pub async fn run_until(
    door: Door,
    config: DiscordConfig,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> Result<(), Error> {
    let bot = Arc::new(Bot::new(door, config.guild_id, config.work_limit));
    let handler = handler::Handler { bot: bot.clone(), status: config.status.clone() };
    config.status.watch(&bot);
    let mut client = ClientBuilder::new_with_http(config.http(), GatewayIntents::GUILDS)
        .event_handler(handler)
        .await
        .map_err(Box::new)?;
    let http = client.http.clone();
    let shown = bot.clone();
    let timers = tokio::spawn(domino_core::chat::supervise("discord timers", move || {
        Some(timers::follow(shown.clone(), http.clone()))
    }));
    let shards = client.shard_manager.clone();
    let started = async {
        match config.shards {
            None => client.start().await,
            Some(s) => client.start_shard_range(s.first..s.last + 1, s.total).await,
        }
    };
    tokio::pin!(started, shutdown);
    let result = tokio::select! {
        ended = &mut started => ended,
        () = &mut shutdown => {
            shards.shutdown_all().await;
            let _ = tokio::time::timeout(STOP_WITHIN, &mut started).await;
            bot.inflight.settle(config.work_limit).await;
            Ok(())
        }
    };
    timers.abort();
    result.map_err(|e| Error::Serenity(Box::new(e)))
}
