//! The gateway side: on READY the commands are registered; each interaction goes to its
//! handler, contained (serenity runs each event in its own task).

use crate::bot::Bot;
use crate::register;
use domino_core::ids::Platform;
use serenity::client::{Context, EventHandler};
use serenity::gateway::ShardStageUpdateEvent;
use serenity::model::application::{Command, Interaction};
use serenity::model::gateway::Ready;
use serenity::model::guild::{Guild, UnavailableGuild};
use std::sync::Arc;

pub(crate) struct Handler {
    pub bot: Arc<Bot>,
    pub status: crate::Status,
}

#[serenity::async_trait]
impl EventHandler for Handler {
    async fn ready(&self, ctx: Context, ready: Ready) {
        self.status.ready(&ready);
        self.bot.set_me(ready.user.id.get());
        let registered = match self.bot.guild {
            Some(guild) => guild.set_commands(&ctx.http, vec![register::command()]).await,
            None => Command::set_global_commands(&ctx.http, vec![register::command()]).await,
        };
        match registered {
            Ok(_) => {
                tracing::info!(user = %ready.user.name, guild = ?self.bot.guild, "Discord: ready, commands registered")
            }
            Err(e) => tracing::error!(error = %e, "Discord: commands not registered"),
        }
        // Once per start: every open table's message is brought up to date (and its ping).
        if self.bot.started() {
            for show in self.bot.chat.open_tables(Platform::Discord).await {
                crate::publish::after(&self.bot, &ctx.http, &show).await;
            }
            for (chat, text) in self.bot.chat.set_aside_notices(Platform::Discord).await {
                let channel = chat.id.parse::<u64>().ok().filter(|&c| c > 0);
                if let Some(channel) = channel.map(serenity::all::ChannelId::new)
                    && let Err(e) = channel.say(&ctx.http, text).await
                {
                    tracing::warn!(error = %e, "Discord: set-aside notice not sent");
                }
            }
        }
    }

    /// Removed from a server (not an outage: `unavailable` is false then): the tables of every
    /// channel of it that the cache knows close, as on Telegram. A channel the cache does not
    /// know closes its tables at the first call Discord refuses there (`publish`).
    async fn guild_delete(&self, _ctx: Context, incomplete: UnavailableGuild, full: Option<Guild>) {
        if incomplete.unavailable {
            return;
        }
        tracing::info!(guild = %incomplete.id, "Discord: the bot was removed from a server");
        for channel in full.iter().flat_map(|g| g.channels.keys()) {
            let chat = crate::people::chat(*channel);
            crate::publish::left_channel(&self.bot, &chat).await;
        }
    }

    async fn shard_stage_update(&self, _ctx: Context, event: ShardStageUpdateEvent) {
        self.status.stage(&event);
    }

    async fn interaction_create(&self, ctx: Context, interaction: Interaction) {
        crate::contain::interaction(self.bot.clone(), ctx.http.clone(), interaction).await
    }
}
