//! Who and where, in the core's terms: a Discord user is a `Person`, a channel is a `ChatId`
//! and a thread is a place in its parent channel's chat (its settings and scoreboards are the
//! channel's). Whether someone administers the chat is what Discord says of their permissions.

use domino_core::chat::Asker;
use domino_core::ids::{ChatId, Lang, Person, Platform, UserId};
use serenity::model::channel::{ChannelType, PartialChannel};
use serenity::model::guild::{Member, PartialMember};
use serenity::model::id::ChannelId;
use serenity::model::permissions::Permissions;
use serenity::model::user::User;

pub fn chat(channel: ChannelId) -> ChatId {
    ChatId::new(Platform::Discord, channel.get().to_string())
}

pub fn user_id(user: &User) -> UserId {
    UserId::new(Platform::Discord, user.id.get().to_string())
}

/// The person, named as the server shows them: nickname, display name, user name.
pub fn person(user: &User, nick: Option<&str>) -> Person {
    let name = nick.or(user.global_name.as_deref()).unwrap_or(&user.name);
    Person::new(user_id(user), name)
}

pub fn member_person(user: &User, member: Option<&Member>) -> Person {
    person(user, member.and_then(|m| m.nick.as_deref()))
}

pub fn partial_person(user: &User, member: Option<&PartialMember>) -> Person {
    person(user, member.and_then(|m| m.nick.as_deref()))
}

/// Administers the chat: Administrator, Manage Server or Manage Channels in this channel.
pub fn is_admin(member: Option<&Member>) -> bool {
    member.and_then(|m| m.permissions).is_some_and(|p| {
        p.intersects(
            Permissions::ADMINISTRATOR | Permissions::MANAGE_GUILD | Permissions::MANAGE_CHANNELS,
        )
    })
}

/// Where an interaction came from: (the chat's channel, the thread within it). An
/// interaction from a thread carries the thread as its channel, and the thread its parent.
pub fn place(channel: ChannelId, seen: Option<&PartialChannel>) -> (ChannelId, Option<ChannelId>) {
    let threads = [ChannelType::PublicThread, ChannelType::PrivateThread, ChannelType::NewsThread];
    match seen.filter(|c| c.id == channel && threads.contains(&c.kind)).and_then(|c| c.parent_id) {
        Some(parent) => (parent, Some(channel)),
        None => (channel, None),
    }
}

/// Who asks, in a guild channel (or a thread of one): Discord sends the member's permissions
/// with every interaction, so the admin bit is always known, and the person's `locale`.
pub fn from(
    (channel, thread): (ChannelId, Option<ChannelId>),
    user: &User,
    member: Option<&Member>,
    locale: &str,
) -> Asker {
    // A command or a press comes from the channel: its person is in it.
    Asker {
        admin: is_admin(member),
        thread: thread.map(|t| t.get().to_string()),
        lang: (!locale.is_empty()).then(|| Lang::of_locale(locale)),
        ..Asker::member(chat(channel), member_person(user, member))
    }
}
