//! Full gateway payloads, with every field serenity's models require (the short examples in
//! Discord's documentation do not deserialize).

use super::{APP, BOT, GUILD};
use serde_json::{Value, json};

pub fn user(id: u64, name: &str, bot: bool) -> Value {
    json!({
        "id": id.to_string(),
        "username": name,
        "discriminator": "0",
        "global_name": if bot { Value::Null } else { json!(format!("{name} ✦")) },
        "avatar": null,
        "bot": bot,
        "system": false,
        "mfa_enabled": false,
        "banner": null,
        "accent_color": null,
        "locale": "ru",
        "verified": true,
        "flags": 0,
        "premium_type": 0,
        "public_flags": 0,
        "avatar_decoration_data": null
    })
}

/// Permissions as Discord sends them: a decimal string.
pub const EVERYONE: &str = "2248473465835073";
pub const ADMIN: &str = "2251799813685247";

pub fn member(user: Value, permissions: &str) -> Value {
    json!({
        "user": user,
        "nick": null,
        "avatar": null,
        "banner": null,
        "roles": [],
        "joined_at": "2025-06-01T12:00:00.000000+00:00",
        "premium_since": null,
        "deaf": false,
        "mute": false,
        "flags": 0,
        "pending": false,
        "permissions": permissions,
        "communication_disabled_until": null,
        "unusual_dm_activity_until": null,
        "avatar_decoration_data": null
    })
}

pub fn ready(session: &str, resume_url: &str) -> Value {
    json!({
        "v": 10,
        "user": user(BOT, "domino", true),
        "guilds": [{"id": GUILD.to_string(), "unavailable": true}],
        "session_id": session,
        "resume_gateway_url": resume_url,
        "shard": [0, 1],
        "application": {"id": APP.to_string(), "flags": 0},
        "private_channels": [],
        "presences": [],
        "relationships": [],
        "guild_join_requests": [],
        "geo_ordered_rtc_regions": [],
        "user_settings": {},
        "auth": {}
    })
}

/// A text channel of the fake server, as Discord shows it.
pub fn channel(id: u64) -> Value {
    json!({
        "id": id.to_string(),
        "type": 0,
        "guild_id": GUILD.to_string(),
        "name": "domino",
        "position": 0,
        "permission_overwrites": [],
        "nsfw": false,
        "parent_id": null,
        "topic": null,
        "last_message_id": null,
        "rate_limit_per_user": 0,
        "flags": 0,
        "permissions": EVERYONE
    })
}

/// A public thread of `parent`, as Discord answers its creation.
pub fn thread(id: u64, parent: u64, name: &str) -> Value {
    let mut v = channel(id);
    v["type"] = json!(11);
    v["name"] = json!(name);
    v["parent_id"] = json!(parent.to_string());
    v["owner_id"] = json!(super::BOT.to_string());
    v["thread_metadata"] = json!({
        "archived": false, "auto_archive_duration": 1440,
        "archive_timestamp": "2025-06-01T12:00:00.000000+00:00", "locked": false
    });
    v["message_count"] = json!(0);
    v["member_count"] = json!(1);
    v
}

fn base(kind: u8, id: u64, token: &str, channel_id: u64, member: Value) -> Value {
    json!({
        "id": id.to_string(),
        "application_id": APP.to_string(),
        "type": kind,
        "guild_id": GUILD.to_string(),
        "channel": channel(channel_id),
        "channel_id": channel_id.to_string(),
        "member": member,
        "token": token,
        "version": 1,
        "app_permissions": "2248473465835073",
        "locale": "ru",
        "guild_locale": "ru",
        "entitlements": [],
        "authorizing_integration_owners": {"0": GUILD.to_string()},
        "context": 0,
        "attachment_size_limit": 10485760
    })
}

/// APPLICATION_COMMAND: `/domino <sub> <options…>`; `resolved` for user options.
pub fn command(
    id: u64,
    token: &str,
    channel_id: u64,
    member: Value,
    sub: &str,
    options: Vec<Value>,
    resolved: Value,
) -> Value {
    let mut v = base(2, id, token, channel_id, member);
    v["data"] = json!({
        "id": "900000000000000010",
        "name": "domino",
        "type": 1,
        "guild_id": GUILD.to_string(),
        "options": [{"name": sub, "type": 1, "options": options}]
    });
    if !resolved.is_null() {
        v["data"]["resolved"] = resolved;
    }
    v
}

/// MESSAGE_COMPONENT: a button pressed on `message` (a full message object).
pub fn button(
    id: u64,
    token: &str,
    channel_id: u64,
    member: Value,
    custom_id: &str,
    message: Value,
) -> Value {
    let mut v = base(3, id, token, channel_id, member);
    v["data"] = json!({"custom_id": custom_id, "component_type": 2});
    v["message"] = message;
    v
}

/// A string option, an integer option, a boolean option, a user option.
pub fn opt(name: &str, value: impl Into<Value>) -> Value {
    let value = value.into();
    let kind = match &value {
        Value::Bool(_) => 5,
        Value::Number(_) => 4,
        _ => 3,
    };
    json!({"name": name, "type": kind, "value": value})
}

pub fn user_opt(name: &str, id: u64) -> Value {
    json!({"name": name, "type": 6, "value": id.to_string()})
}

/// The `resolved` block for a user option.
pub fn resolved_user(user: Value) -> Value {
    let id = user["id"].as_str().unwrap().to_owned();
    json!({
        "users": {id.clone(): user},
        "members": {id: {
            "nick": null, "avatar": null, "roles": [], "joined_at": "2025-06-01T12:00:00.000000+00:00",
            "premium_since": null, "deaf": false, "mute": false, "flags": 0, "pending": false,
            "permissions": EVERYONE, "communication_disabled_until": null
        }}
    })
}

#[test]
fn payloads_deserialize_as_serenity_models() {
    use serenity::model::application::Interaction;
    let m = member(user(1, "a", false), EVERYONE);
    let c = command(5, "t", 7, m.clone(), "new", vec![opt("variant", "kozel")], Value::Null);
    serde_json::from_value::<Interaction>(c).unwrap();
    let msg = super::message_json(&super::Msg { id: 9, channel: 7, ..Default::default() });
    serde_json::from_value::<serenity::model::channel::Message>(msg.clone()).unwrap();
    serde_json::from_value::<Interaction>(button(6, "t", 7, m, "x", msg)).unwrap();
    serde_json::from_value::<serenity::model::gateway::Ready>(ready("s", "ws://x")).unwrap();
}

/// MESSAGE_COMPONENT: a choice made in the select menu `custom_id` on `message`.
pub fn choice(
    id: u64,
    token: &str,
    channel_id: u64,
    member: Value,
    custom_id: &str,
    value: &str,
    message: Value,
) -> Value {
    choices(id, token, channel_id, member, custom_id, &[value], message)
}

/// MESSAGE_COMPONENT: `values` chosen in the (multi-)select menu `custom_id` on `message`.
pub fn choices(
    id: u64,
    token: &str,
    channel_id: u64,
    member: Value,
    custom_id: &str,
    values: &[&str],
    message: Value,
) -> Value {
    let mut v = base(3, id, token, channel_id, member);
    v["data"] = json!({"custom_id": custom_id, "component_type": 3, "values": values});
    v["message"] = message;
    v
}
