//! Who and where, in the core's terms: a Discord user is a `Person`, a channel is a `ChatId`.
//! Whether someone administers the chat is what Discord says of their permissions.

use domino_core::chat::From;
use domino_core::session::{ChatId, Lang, Person, Platform, UserId};
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

/// Who asks, in a guild channel: Discord sends the member's permissions with every
/// interaction, so the admin bit is always known, and the person's `locale`.
pub fn from(channel: ChannelId, user: &User, member: Option<&Member>, locale: &str) -> From {
    // A command or a press comes from the channel: its person is in it.
    let chat = chat(channel);
    let member_of = Some(chat.clone());
    From {
        chat,
        private: false,
        person: member_person(user, member),
        admin: is_admin(member),
        member_of,
        lang: (!locale.is_empty()).then(|| Lang::of_locale(locale)),
    }
}
