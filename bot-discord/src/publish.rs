//! The table in its channel: one message per table, posted once and edited in place (its place
//! kept in the store, so a restarted bot edits the same message), never an older state over a
//! newer one; notices of what happened; a ping for the player to move.

use crate::bot::Bot;
use crate::render::{self, Shown};
use domino_core::service::Reply;
use domino_core::session::{Event, Table, UserId};
use domino_core::store::Store;
use domino_core::view::notices;
use serenity::builder::{CreateMessage, EditMessage};
use serenity::http::{Http, HttpError};
use serenity::model::id::{ChannelId, MessageId};
use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use tokio::sync::{Mutex as AsyncMutex, OwnedMutexGuard};

/// The store's audience names for the table message and the current turn ping.
pub const PUBLIC: &str = "public";
pub const TURN: &str = "turn";

/// Per table, the version its message shows (`None`: not known since start) behind a lock,
/// so that edits of one table message go out one at a time and in order.
#[derive(Default)]
pub struct Displayed {
    tables: Mutex<HashMap<i64, Arc<AsyncMutex<Option<u64>>>>>,
}

/// The lock of one table message, holding the version it shows.
pub type Shows = OwnedMutexGuard<Option<u64>>;

impl Displayed {
    pub async fn lock(&self, table: i64) -> Shows {
        let lock = {
            let mut map = self.tables.lock().unwrap_or_else(|e| e.into_inner());
            map.entry(table).or_default().clone()
        };
        lock.lock_owned().await
    }

    fn forget(&self, table: i64) {
        self.tables.lock().unwrap_or_else(|e| e.into_inner()).remove(&table);
    }
}

/// "channel:message", as kept in the store.
pub fn format_ref(channel: ChannelId, message: MessageId) -> String {
    format!("{}:{}", channel.get(), message.get())
}

pub fn parse_ref(s: &str) -> Option<(ChannelId, MessageId)> {
    let (c, m) = s.split_once(':')?;
    let (c, m) = (c.parse::<u64>().ok()?, m.parse::<u64>().ok()?);
    (c > 0 && m > 0).then(|| (ChannelId::new(c), MessageId::new(m)))
}

pub fn channel_of(table: &Table) -> Option<ChannelId> {
    table.chat.id.parse::<u64>().ok().filter(|&c| c > 0).map(ChannelId::new)
}

async fn message_ref<S: Store>(
    bot: &Bot<S>,
    table: i64,
    audience: &str,
) -> Option<(ChannelId, MessageId)> {
    match bot.service.store().message_refs(table).await {
        Ok(refs) => refs.iter().find(|(a, _)| a == audience).and_then(|(_, m)| parse_ref(m)),
        Err(e) => {
            tracing::warn!(table, error = %e, "message references unreadable");
            None
        }
    }
}

async fn remember<S: Store>(bot: &Bot<S>, table: i64, audience: &str, value: &str) {
    if let Err(e) = bot.service.store().set_message_ref(table, audience, value).await {
        tracing::warn!(table, error = %e, "message reference not stored");
    }
}

/// Posts a new table message and remembers where it is.
pub async fn post_table<S: Store>(
    bot: &Bot<S>,
    http: &Http,
    table: &Table,
) -> Result<MessageId, serenity::Error> {
    let mut shows = bot.displayed.lock(table.id).await;
    post_locked(bot, http, table, &mut shows).await
}

async fn post_locked<S: Store>(
    bot: &Bot<S>,
    http: &Http,
    table: &Table,
    shows: &mut Shows,
) -> Result<MessageId, serenity::Error> {
    let channel =
        channel_of(table).ok_or(serenity::Error::Other("a table of no Discord channel"))?;
    let shown = render::table_message(table);
    let message = channel.send_message(http, create(&shown)).await?;
    remember(bot, table.id, PUBLIC, &format_ref(channel, message.id)).await;
    **shows = Some(table.version);
    Ok(message.id)
}

/// Brings the table message up to `table`, unless it already shows that version or a newer
/// one. A table message that is gone is posted again.
pub async fn show_table<S: Store>(bot: &Bot<S>, http: &Http, table: &Table) {
    let mut shows = bot.displayed.lock(table.id).await;
    if shows.is_some_and(|v| v >= table.version) {
        return;
    }
    let result = match message_ref(bot, table.id, PUBLIC).await {
        Some((channel, message)) => {
            let shown = render::table_message(table);
            match channel.edit_message(http, message, edit(&shown)).await {
                Ok(_) => {
                    *shows = Some(table.version);
                    Ok(())
                }
                Err(e) if is_unknown_message(&e) => {
                    post_locked(bot, http, table, &mut shows).await.map(drop)
                }
                Err(e) => Err(e),
            }
        }
        None => post_locked(bot, http, table, &mut shows).await.map(drop),
    };
    if let Err(e) = result {
        tracing::warn!(table = table.id, error = %e, "table message not updated");
    }
    if !table.phase.is_open() {
        drop(shows);
        bot.displayed.forget(table.id);
    }
}

/// Everything that follows an accepted command: the table message (unless the interaction
/// answer already showed it), the notices, the ping of the player to move; then, if the table
/// moved on meanwhile, its latest state.
pub async fn after<S: Store>(
    bot: &Bot<S>,
    http: &Http,
    reply: &Reply,
    actor: Option<&UserId>,
    shown: bool,
) {
    if !shown {
        show_table(bot, http, &reply.table).await;
    }
    announce(bot, http, reply, actor).await;
    refresh(bot, http, reply.table.id, reply.table.version).await;
}

/// Shows the table as it now is when it is newer than `seen`.
pub async fn refresh<S: Store>(bot: &Bot<S>, http: &Http, table: i64, seen: u64) {
    if let Ok(Some(now)) = bot.service.table(table).await
        && now.version > seen
    {
        show_table(bot, http, &now).await;
    }
}

/// Notices as one message (pinging the person challenged), then the turn ping.
pub async fn announce<S: Store>(bot: &Bot<S>, http: &Http, reply: &Reply, actor: Option<&UserId>) {
    let table = &reply.table;
    let Some(channel) = channel_of(table) else { return };
    let lines = notices(table, &reply.events);
    if !lines.is_empty() {
        let invitee = reply.events.iter().find_map(|e| match e {
            Event::Challenged { invitee } => render::discord_id(&invitee.id),
            _ => None,
        });
        let mut shown = Shown::text(&lines.join("\n"));
        if let Some(id) = invitee {
            shown.content = render::clip(&format!("<@{id}> {}", shown.content), 2000);
            shown.ping = Some(id);
        }
        if let Err(e) = channel.send_message(http, create(&shown)).await {
            tracing::warn!(table = table.id, error = %e, "notice not sent");
        }
    }
    ping(bot, http, reply, actor, channel).await;
}

/// Pings the person to move when the turn passed to them by someone else; the previous ping
/// message goes, so a channel holds at most one per table.
async fn ping<S: Store>(
    bot: &Bot<S>,
    http: &Http,
    reply: &Reply,
    actor: Option<&UserId>,
    channel: ChannelId,
) {
    let table = &reply.table;
    let to_move = render::turn(table).map(|(id, _)| id);
    let turn_passed = reply.events.iter().any(|e| {
        matches!(
            e,
            Event::Moved { .. }
                | Event::Started { .. }
                | Event::RoundDealt { .. }
                | Event::CameBack { .. }
                | Event::WentAway { .. }
        )
    });
    let by_them = actor.and_then(render::discord_id).is_some_and(|a| Some(a) == to_move);
    let new_ping = turn_passed && !by_them && to_move.is_some();
    if !(new_ping || to_move.is_none()) {
        return;
    }
    if let Some((c, m)) = message_ref(bot, table.id, TURN).await {
        if let Err(e) = c.delete_message(http, m).await
            && !is_unknown_message(&e)
        {
            tracing::warn!(table = table.id, error = %e, "old ping not deleted");
        }
        remember(bot, table.id, TURN, "").await;
    }
    if !new_ping {
        return;
    }
    let Some(shown) = render::ping_message(table) else { return };
    match channel.send_message(http, create(&shown)).await {
        Ok(m) => remember(bot, table.id, TURN, &format_ref(channel, m.id)).await,
        Err(e) => tracing::warn!(table = table.id, error = %e, "ping not sent"),
    }
}

pub fn create(shown: &Shown) -> CreateMessage {
    CreateMessage::new()
        .content(shown.content.clone())
        .embeds(shown.embeds())
        .components(shown.components.clone())
        .allowed_mentions(shown.mentions())
}

pub fn edit(shown: &Shown) -> EditMessage {
    EditMessage::new()
        .content(shown.content.clone())
        .embeds(shown.embeds())
        .components(shown.components.clone())
        .allowed_mentions(shown.mentions())
}

/// Discord's "Unknown Message" (deleted, or never there).
pub fn is_unknown_message(e: &serenity::Error) -> bool {
    matches!(e, serenity::Error::Http(HttpError::UnsuccessfulRequest(r)) if r.error.code == 10008 || r.status_code.as_u16() == 404)
}
