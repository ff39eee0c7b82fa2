//! The goat's and the champion's roles (a chat setting, off by default): the core decides who
//! wears what and names it with the chat's words (`chat::Tags`, as Telegram's member tags);
//! here each change is applied in the channel's server: a role of that name found among the
//! server's roles or created once (no permissions, not hoisted, not mentionable), then added
//! to the person who now wears it and removed from the one who wore it. Roles are the
//! server's, so channels of one server that both keep them share the roles of the same name.
//!
//! Creating and giving roles needs Manage Roles (and the bot's role above them): a refusal
//! (403) stops the rest of that change and tells the channel once per process what the bot
//! needs, as Telegram's tags do; the core has already written the change, so it is not tried
//! again until the standings move.

use crate::bot::Bot;
use domino_core::chat::Tags;
use domino_core::ids::ChatId;
use serenity::builder::EditRole;
use serenity::http::Http;
use serenity::model::id::{ChannelId, GuildId, RoleId, UserId};
use std::collections::{HashMap, HashSet};
use std::sync::Mutex;

/// What the adapter remembers of roles: each server's roles by name, each channel's server,
/// and the channels told that the bot may not give roles.
#[derive(Default)]
pub(crate) struct Roles {
    ids: Mutex<HashMap<(GuildId, String), RoleId>>,
    guilds: Mutex<HashMap<ChannelId, GuildId>>,
    told: Mutex<HashSet<ChatId>>,
}

fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

/// Why a change stopped.
enum Stop {
    /// Discord refused it (403): the bot lacks the permission.
    Refused,
    /// The channel is in no server (no roles there).
    Nowhere,
    /// Anything else (logged).
    Failed(serenity::Error),
}

impl From<serenity::Error> for Stop {
    fn from(e: serenity::Error) -> Stop {
        let refused = match &e {
            serenity::Error::Http(h) => h.status_code().is_some_and(|s| s.as_u16() == 403),
            _ => false,
        };
        if refused { Stop::Refused } else { Stop::Failed(e) }
    }
}

/// Applies `tags` in the server of the channel `chat`.
pub(crate) async fn apply(bot: &Bot, http: &Http, chat: &ChatId, tags: Tags) {
    let Some(channel) = chat.id.parse::<u64>().ok().filter(|&c| c > 0).map(ChannelId::new) else {
        return;
    };
    match apply_in(bot, http, channel, &tags).await {
        Ok(()) => {}
        Err(Stop::Refused) => {
            if lock(&bot.roles.told).insert(chat.clone())
                && let Err(e) = channel.say(http, &tags.refused).await
            {
                tracing::warn!(error = %e, "Discord: the roles' refusal not told");
            }
        }
        Err(Stop::Nowhere) => {}
        Err(Stop::Failed(e)) => tracing::warn!(%chat, error = %e, "Discord: roles not moved"),
    }
}

async fn apply_in(bot: &Bot, http: &Http, channel: ChannelId, tags: &Tags) -> Result<(), Stop> {
    let guild = guild_of(bot, http, channel).await?;
    let person = |u: &domino_core::ids::UserId| u.id.parse::<u64>().ok().filter(|&u| u > 0);
    for (user, name) in &tags.off {
        let Some(user) = person(user) else { continue };
        if let Some(role) = role(bot, http, guild, name, false).await? {
            http.remove_member_role(guild, UserId::new(user), role, None).await?;
        }
    }
    for (user, name) in tags.set.iter().filter(|(_, name)| !name.is_empty()) {
        let Some(user) = person(user) else { continue };
        let user = UserId::new(user);
        let Some(id) = role(bot, http, guild, name, true).await? else { continue };
        match http.add_member_role(guild, user, id, None).await {
            // The role remembered is gone (deleted in the server): found or made anew, once.
            Err(e) if is_gone(&e) => {
                lock(&bot.roles.ids).remove(&(guild, name.clone()));
                if let Some(id) = role(bot, http, guild, name, true).await? {
                    http.add_member_role(guild, user, id, None).await?;
                }
            }
            done => done?,
        }
    }
    Ok(())
}

/// Discord no longer knows what was named (404).
fn is_gone(e: &serenity::Error) -> bool {
    matches!(e, serenity::Error::Http(h) if h.status_code().is_some_and(|s| s.as_u16() == 404))
}

/// The server of `channel` (a thread's is its parent's), asked once.
async fn guild_of(bot: &Bot, http: &Http, channel: ChannelId) -> Result<GuildId, Stop> {
    if let Some(&guild) = lock(&bot.roles.guilds).get(&channel) {
        return Ok(guild);
    }
    let guild = match http.get_channel(channel).await?.guild() {
        Some(c) => c.guild_id,
        None => return Err(Stop::Nowhere),
    };
    lock(&bot.roles.guilds).insert(channel, guild);
    Ok(guild)
}

/// The role named `name` in `guild`: remembered, found among the server's roles, or (with
/// `make`) created.
async fn role(
    bot: &Bot,
    http: &Http,
    guild: GuildId,
    name: &str,
    make: bool,
) -> Result<Option<RoleId>, Stop> {
    let key = (guild, name.to_owned());
    if let Some(&id) = lock(&bot.roles.ids).get(&key) {
        return Ok(Some(id));
    }
    let found = http.get_guild_roles(guild).await?.into_iter().find(|r| r.name == name);
    let id = match found {
        Some(r) => r.id,
        None if make => {
            let new = EditRole::new()
                .name(name)
                .hoist(false)
                .mentionable(false)
                .permissions(serenity::model::Permissions::empty());
            http.create_role(guild, &new, None).await?.id
        }
        None => return Ok(None),
    };
    lock(&bot.roles.ids).insert(key, id);
    Ok(Some(id))
}
