//! The table in its channel: one message per table, posted once and edited in place (its place
//! kept in the store, so a restarted bot edits the same message), never an older state over a
//! newer one, its edits coalesced (`paint`); notices of what happened; a ping for the player to
//! move.

use crate::bot::Bot;
use crate::render::{self, Shown};
use domino_core::chat::{Audience, MessageAt, Show, TableRef};
use domino_core::ids::Platform;
use serenity::builder::{CreateAttachment, CreateMessage, EditAttachments, EditMessage};
use serenity::http::{Http, HttpError};
use serenity::model::id::{ChannelId, MessageId};
use std::sync::Arc;

pub use crate::paint::{Displayed, Shows};

/// Where the store keeps a Discord message: its channel and id (a ping adds its turn's key).
fn at(channel: ChannelId, message: MessageId, tag: &str) -> MessageAt {
    MessageAt::new(channel.get(), message.get(), tag)
}

fn place(at: &MessageAt) -> Option<(ChannelId, MessageId)> {
    let (c, m) = (at.chat.parse::<u64>().ok()?, at.message.parse::<u64>().ok()?);
    (c > 0 && m > 0).then(|| (ChannelId::new(c), MessageId::new(m)))
}

/// Where a table's messages go: its thread, if it lives in one, else its channel.
pub fn channel_of(table: &TableRef) -> Option<ChannelId> {
    let id = table.thread.as_deref().unwrap_or(&table.chat.id);
    id.parse::<u64>().ok().filter(|&c| c > 0).map(ChannelId::new)
}

async fn stored(bot: &Bot, table: i64, audience: &Audience) -> Option<MessageAt> {
    match bot.chat.messages(table, Platform::Discord).await {
        Ok(refs) => refs.into_iter().find(|(a, _)| a == audience).map(|(_, m)| m),
        Err(e) => {
            tracing::warn!(table, error = %e, "message references unreadable");
            None
        }
    }
}

async fn message_ref(bot: &Bot, table: i64, audience: &Audience) -> Option<(ChannelId, MessageId)> {
    place(&stored(bot, table, audience).await?)
}

async fn remember(bot: &Bot, table: i64, audience: &Audience, at: Option<&MessageAt>) {
    let done = match at {
        Some(at) => bot.chat.set_message(table, audience, at).await,
        None => bot.chat.forget_message(table, audience).await,
    };
    if let Err(e) = done {
        tracing::warn!(table, error = %e, "message reference not stored");
    }
}

/// Posts a new table message and remembers where it is.
pub async fn post_table(bot: &Bot, http: &Http, show: &Show) -> Result<MessageId, serenity::Error> {
    let mut shows = bot.displayed.lock(show.table.id).await;
    post_locked(bot, http, show, &mut shows).await
}

async fn post_locked(
    bot: &Bot,
    http: &Http,
    show: &Show,
    shows: &mut Shows,
) -> Result<MessageId, serenity::Error> {
    let table = &show.table;
    let channel =
        channel_of(table).ok_or(serenity::Error::Other("a table of no Discord channel"))?;
    let picture = show.picture().await;
    let shown = render::table_message(show, picture.as_deref());
    let message = channel.send_message(http, create(&shown)).await?;
    remember(bot, table.id, &Audience::Public, Some(&at(channel, message.id, ""))).await;
    **shows = Some(table.version);
    Ok(message.id)
}

/// Brings the table message up to `show` under its lock, unless it already shows that
/// version or a newer one. A table message that is gone is posted again, and so is one the
/// core forgot (the table posted anew at the bottom of the channel: `/table N`), whatever
/// version it showed.
pub(crate) async fn edit_locked(bot: &Bot, http: &Http, show: &Show, shows: &mut Shows) {
    let table = &show.table;
    let current = message_ref(bot, table.id, &Audience::Public).await;
    if current.is_some() && shows.is_some_and(|v| v >= table.version) {
        return;
    }
    let result = match current {
        Some((channel, message)) => {
            let picture = show.picture().await;
            let shown = render::table_message(show, picture.as_deref());
            match channel.edit_message(http, message, edit(&shown)).await {
                Ok(_) => {
                    **shows = Some(table.version);
                    Ok(())
                }
                Err(e) if is_unknown_message(&e) => {
                    post_locked(bot, http, show, shows).await.map(drop)
                }
                Err(e) => Err(e),
            }
        }
        None => post_locked(bot, http, show, shows).await.map(drop),
    };
    match result {
        // A table in a thread: the thread alone may be gone; the channel's other tables stay.
        Err(e) if is_out_of_reach(&e) && table.thread.is_none() => {
            left_channel(bot, &table.chat).await
        }
        Err(e) => tracing::warn!(table = table.id, error = %e, "table message not updated"),
        Ok(()) => {}
    }
}

/// Discord says the bot can no longer reach a channel (removed from its server, or the channel
/// deleted): the channel's open tables close, nothing scored, as on Telegram.
pub(crate) async fn left_channel(bot: &Bot, channel: &domino_core::ids::ChatId) {
    let closed = bot.chat.left_chat(channel).await;
    tracing::info!(channel = %channel.id, tables = closed.len(), "Discord: the channel is out of reach, its tables closed");
}

/// Everything that follows an accepted command: the table message (left as it is when the
/// interaction's answer already showed it; the edit goes by itself, `paint`), the hands kept
/// current, the notice, the turn ping; then, if the table moved on meanwhile, its latest state.
pub async fn after(bot: &Arc<Bot>, http: &Arc<Http>, show: &Show) {
    leave_behind(bot, http, show).await;
    crate::paint::show_table(bot, http, show);
    if show.hands_changed {
        crate::hands::refresh(bot, http, show).await;
    }
    crate::watch::refresh(bot, http, show).await;
    announce(bot, http, show).await;
    refresh(bot, http, show.table.id, show.table.version).await;
}

/// A table posted anew (`/table N`): its old message says where it went, without buttons
/// or pictures (under the table message's lock, so no edit of it lands after). One that is
/// gone is left so.
async fn leave_behind(bot: &Bot, http: &Http, show: &Show) {
    let Some(moved) = &show.moved else { return };
    let Some((channel, message)) = moved.from.as_ref().and_then(place) else { return };
    let _shows = bot.displayed.lock(show.table.id).await;
    let edit = EditMessage::new()
        .content(render::clip(&moved.text, 2000))
        .embeds(Vec::new())
        .components(Vec::new())
        .attachments(EditAttachments::new());
    if let Err(e) = channel.edit_message(http, message, edit).await
        && !is_unknown_message(&e)
    {
        tracing::warn!(table = show.table.id, error = %e, "old table message not edited");
    }
}

/// Shows the table as it now is when it is newer than `seen`.
pub async fn refresh(bot: &Arc<Bot>, http: &Arc<Http>, table: i64, seen: u64) {
    if let Some(now) = bot.chat.show(table).await
        && now.table.version > seen
    {
        crate::paint::show_table(bot, http, &now);
        crate::hands::refresh(bot, http, &now).await;
        crate::watch::refresh(bot, http, &now).await;
        ping(bot, http, &now).await;
    }
}

/// The notice as one message (pinging the person it calls), then the turn ping.
pub async fn announce(bot: &Arc<Bot>, http: &Arc<Http>, show: &Show) {
    let table = &show.table;
    let Some(channel) = channel_of(table) else { return };
    if let Some(notice) = &show.notice {
        let mut shown = Shown::text(&notice.text);
        if let Some(id) = notice.mention.as_ref().and_then(|p| render::discord_id(&p.id)) {
            shown.content = render::clip(&format!("<@{id}> {}", shown.content), 2000);
            shown.ping = Some(id);
        }
        if let Some(picture) = &notice.picture {
            let name = match show.ending {
                Some(domino_core::chat::Ending::Match) => "tally.png",
                _ => "round.png",
            };
            shown.files.push(CreateAttachment::bytes(picture.png.clone(), name));
        }
        if let Err(e) = channel.send_message(http, create(&shown)).await {
            tracing::warn!(table = table.id, error = %e, "notice not sent");
        }
    }
    ping(bot, http, show).await;
}

/// The turn ping the core wants: the old one goes when the wanted turn differs (so a channel
/// holds at most one per table), and a new one is sent when somebody is to be pinged: once the
/// turn has waited the chat's reminder delay (`TurnPing::after_secs`) if the person's hand
/// shows it is their move, at once if not (they are to press «My tiles») or for a warning.
/// One table's pings are put right one at a time, each from the table as it is by then, so a
/// slow ping for an older turn can never be left behind.
fn ping<'a>(
    bot: &'a Arc<Bot>,
    http: &'a Arc<Http>,
    show: &'a Show,
) -> std::pin::Pin<Box<dyn std::future::Future<Output = ()> + Send + 'a>> {
    Box::pin(ping_now(bot, http, show))
}

async fn ping_now(bot: &Arc<Bot>, http: &Arc<Http>, show: &Show) {
    let _turn = bot.pings.lock(show.table.id).await;
    let Some(show) = bot.chat.show(show.table.id).await else { return };
    let table = &show.table;
    let Some(channel) = channel_of(table) else { return };
    let old = stored(bot, table.id, &Audience::Turn).await;
    let want = show.turn.as_ref().map(|t| t.key.as_str());
    if old.as_ref().map(|at| at.tag.as_str()) == want {
        return;
    }
    if let Some((c, m)) = old.as_ref().and_then(place) {
        if let Err(e) = c.delete_message(http, m).await
            && !is_unknown_message(&e)
        {
            tracing::warn!(table = table.id, error = %e, "old ping not deleted");
        }
        remember(bot, table.id, &Audience::Turn, None).await;
    }
    // Whether the person to move sees their hand as it is now (kept current: brought up to
    // this state first), or is to press «My tiles» for it.
    crate::hands::refresh(bot, http, &show).await;
    let hand_shown = show
        .turn
        .as_ref()
        .is_some_and(|turn| bot.hands.current(table.id, &turn.person.id, table.version));
    let (Some(key), Some(shown)) = (want, render::ping_message(&show, hand_shown)) else {
        return;
    };
    let after = show.turn.as_ref().map_or(0, |t| t.after_secs);
    if hand_shown && after > 0 {
        let (began, first) = bot.turn_began(table.id, key);
        let due = began + std::time::Duration::from_secs(after.into());
        if tokio::time::Instant::now() < due {
            // Come back then (once per turn): the ping goes if the turn is still this one.
            // A stopped bot is not kept alive by the wait.
            if first {
                let (bot, http, id) = (Arc::downgrade(bot), http.clone(), table.id);
                tokio::spawn(async move {
                    tokio::time::sleep_until(due).await;
                    let Some(bot) = bot.upgrade() else { return };
                    if let Some(now) = bot.chat.show(id).await {
                        ping(&bot, &http, &now).await;
                    }
                });
            }
            return;
        }
    }
    match channel.send_message(http, create(&shown)).await {
        Ok(m) => remember(bot, table.id, &Audience::Turn, Some(&at(channel, m.id, key))).await,
        Err(e) => tracing::warn!(table = table.id, error = %e, "ping not sent"),
    }
}

pub fn create(shown: &Shown) -> CreateMessage {
    CreateMessage::new()
        .content(shown.content.clone())
        .embeds(shown.embeds())
        .components(shown.components.clone())
        .allowed_mentions(shown.mentions())
        .add_files(shown.files.clone())
}

/// An edit that leaves the message exactly `shown`: its attachments are replaced by the
/// shown files (none kept, so old pictures do not pile up; none at all in a text chat).
pub fn edit(shown: &Shown) -> EditMessage {
    let attachments =
        shown.files.iter().cloned().fold(EditAttachments::new(), EditAttachments::add);
    EditMessage::new()
        .content(shown.content.clone())
        .embeds(shown.embeds())
        .components(shown.components.clone())
        .allowed_mentions(shown.mentions())
        .attachments(attachments)
}

/// Discord's "Unknown Message" (deleted, or never there).
/// Missing Access (50001) or Unknown Channel (10003): the channel is not the bot's any more.
fn is_out_of_reach(e: &serenity::Error) -> bool {
    matches!(e, serenity::Error::Http(HttpError::UnsuccessfulRequest(r)) if matches!(r.error.code, 50001 | 10003))
}

pub fn is_unknown_message(e: &serenity::Error) -> bool {
    matches!(e, serenity::Error::Http(HttpError::UnsuccessfulRequest(r)) if r.error.code == 10008 || r.status_code.as_u16() == 404)
}
