//! Who and where: platforms, chats, people, languages, times. The ground floor: every layer
//! (engine aside) and both adapters name these.

use serde::{Deserialize, Serialize};
use std::fmt;

/// A chat platform (or the terminal of `domino play`).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Platform {
    Telegram,
    Discord,
    Terminal,
}

impl Platform {
    pub const fn key(self) -> &'static str {
        match self {
            Platform::Telegram => "telegram",
            Platform::Discord => "discord",
            Platform::Terminal => "terminal",
        }
    }

    pub fn from_key(s: &str) -> Option<Platform> {
        [Platform::Telegram, Platform::Discord, Platform::Terminal]
            .into_iter()
            .find(|p| p.key() == s)
    }
}

/// A chat (group, channel) on a platform.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct ChatId {
    pub platform: Platform,
    pub id: String,
}

impl ChatId {
    pub fn new(platform: Platform, id: impl Into<String>) -> ChatId {
        ChatId { platform, id: id.into() }
    }
}

impl fmt::Display for ChatId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}", self.platform.key(), self.id)
    }
}

/// A user on a platform: a player is (platform, user id).
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct UserId {
    pub platform: Platform,
    pub id: String,
}

impl UserId {
    pub fn new(platform: Platform, id: impl Into<String>) -> UserId {
        UserId { platform, id: id.into() }
    }
}

/// A person with the name to show.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Person {
    pub id: UserId,
    pub name: String,
}

impl Person {
    pub fn new(id: UserId, name: impl Into<String>) -> Person {
        Person { id, name: name.into() }
    }
}

/// The language of a chat: Russian first, English second.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Lang {
    #[default]
    Ru,
    En,
}

impl Lang {
    pub const fn key(self) -> &'static str {
        match self {
            Lang::Ru => "ru",
            Lang::En => "en",
        }
    }

    pub fn from_key(s: &str) -> Option<Lang> {
        match s {
            "ru" => Some(Lang::Ru),
            "en" => Some(Lang::En),
            _ => None,
        }
    }

    /// The language to speak to a person whose app is set to `locale` (an IETF tag such as
    /// Telegram's `language_code` "ru" or Discord's locale "en-US"): Russian for Russian and
    /// the languages of the countries where Russian is widely read, English for any other.
    pub fn of_locale(locale: &str) -> Lang {
        const READ_RUSSIAN: &[&str] =
            &["ru", "uk", "be", "kk", "ky", "uz", "tg", "tk", "hy", "az", "ka", "mn"];
        let primary = locale.split(['-', '_']).next().unwrap_or("").to_ascii_lowercase();
        if READ_RUSSIAN.contains(&primary.as_str()) { Lang::Ru } else { Lang::En }
    }
}

/// Milliseconds since the Unix epoch, passed in by the caller (the session reads no clock).
pub type Millis = i64;
