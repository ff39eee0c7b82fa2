//! What a chat keeps for its new tables. Stored as one JSON document with a version: every
//! change bumps it, and a change made on an older version is refused by the store, so two
//! admins pressing at once, or a press on an old menu, cannot silently undo a change.

use crate::engine::rules::Variant;
use crate::session::{BotLevel, Lang};
use crate::standings::{Cadence, Weekday, Zone};
use serde::{Deserialize, Serialize};

/// Settings a chat keeps for its new tables. Fields missing from a stored document take their
/// defaults, so a new setting needs no migration.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct ChatSettings {
    /// Bumped by every change (0: never set). Kept beside the document, not in it.
    #[serde(skip)]
    pub version: u64,
    pub lang: Lang,
    /// Seconds per turn; `None` (the default) is no timer.
    pub turn_secs: Option<u32>,
    pub bot_level: BotLevel,
    /// The game `/new` opens when none is named.
    pub default_variant: Variant,
    /// The options object new tables start from, per variant key (e.g. `{"kozel": {"preset": "troshin"}}`).
    pub presets: serde_json::Map<String, serde_json::Value>,
    /// How the table message shows the board (a picture unless the chat chose text).
    pub board: BoardMode,
    /// People may ask for the expert's hint on their hand (off unless the chat turned it on;
    /// settings stored before it read as off). A table takes it when it opens.
    pub hints: bool,
    /// How the chat's seasons run: by hand (the default), monthly or quarterly.
    pub seasons: Cadence,
    /// The chat's clock (`None`: [`Zone::default_for`] its language), for history, seasons
    /// and digests.
    pub zone: Option<Zone>,
    /// The weekly digest's day (`None`, the default: no digest).
    pub digest: Option<Weekday>,
    /// A standings message kept current in the chat (edited after each finished match, pinned
    /// where the bot may pin); off by default.
    pub standings_post: bool,
    /// Telegram member tags for the last Kozel match's goats and the season's Kozel leader
    /// (`chat::league::tags`); off by default.
    pub goat_tag: bool,
    /// Discord roles for the same goats and leader, named by the same words
    /// (`chat::league::tags`), which the bot creates and moves (Manage Roles); off by default.
    pub goat_roles: bool,
    /// The chat's own words for the tags (`/tags`); unset, the bot's words.
    pub tag_words: TagWords,
    /// Seconds the person to move may think before the chat is told it waits on them (their
    /// turn ping, a message that notifies them); 0: at once, with every turn. Their hand
    /// says «your move» meanwhile, and the table points at them. One of [`NUDGES`].
    pub ping_after: u32,
}

/// The reminders a chat can choose, seconds after a turn begins ([`ChatSettings::ping_after`]).
pub const NUDGES: [u32; 5] = [0, 10, 20, 40, 60];

/// A chat's own words for its member tags (`chat::league::tags`), each checked when set: 1 to 16
/// characters, letters, digits, spaces and a few marks (Telegram takes no emoji).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct TagWords {
    /// Worn by the last Kozel-family match's goats instead of «Козёл» (or «Осёл»).
    pub goat: Option<String>,
    /// Worn by the season's Kozel leader instead of «Чемпион».
    pub champion: Option<String>,
}

/// How a chat's table messages show the board: a picture with the table's text as its caption,
/// or the text alone. Stored as `"picture"` / `"text"`; settings stored before it existed
/// read as `Picture`.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum BoardMode {
    #[default]
    Picture,
    Text,
}

impl BoardMode {
    pub const ALL: [BoardMode; 2] = [BoardMode::Picture, BoardMode::Text];

    pub const fn key(self) -> &'static str {
        match self {
            BoardMode::Picture => "picture",
            BoardMode::Text => "text",
        }
    }

    pub fn from_key(key: &str) -> Option<BoardMode> {
        BoardMode::ALL.into_iter().find(|b| b.key() == key)
    }
}

impl Default for ChatSettings {
    fn default() -> Self {
        ChatSettings {
            version: 0,
            lang: Lang::Ru,
            turn_secs: None,
            bot_level: BotLevel::Greedy,
            default_variant: Variant::Kozel,
            presets: serde_json::Map::new(),
            board: BoardMode::Picture,
            hints: false,
            seasons: Cadence::Manual,
            zone: None,
            digest: None,
            standings_post: false,
            goat_tag: false,
            goat_roles: false,
            tag_words: TagWords::default(),
            ping_after: 20,
        }
    }
}

impl ChatSettings {
    /// The chat's clock: its own zone, or its language's.
    pub fn zone(&self) -> Zone {
        self.zone.unwrap_or(Zone::default_for(self.lang))
    }

    /// The options object new tables of `variant` start from (empty: the variant's defaults).
    pub fn options(&self, variant: Variant) -> serde_json::Map<String, serde_json::Value> {
        match self.presets.get(variant.key()) {
            Some(serde_json::Value::Object(m)) => m.clone(),
            _ => serde_json::Map::new(),
        }
    }

    /// Sets the options object of `variant` (an empty one is removed).
    pub fn set_options(
        &mut self,
        variant: Variant,
        options: serde_json::Map<String, serde_json::Value>,
    ) {
        if options.is_empty() {
            self.presets.remove(variant.key());
        } else {
            self.presets.insert(variant.key().to_owned(), serde_json::Value::Object(options));
        }
    }

    /// These settings as the next version, ready to be stored over the current one.
    pub fn next(&self) -> ChatSettings {
        ChatSettings { version: self.version + 1, ..self.clone() }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn settings_stored_before_the_board_setting_read_as_pictures() {
        let old = r#"{"lang":"en","turn_secs":60,"bot_level":"greedy","default_variant":"kozel","presets":{}}"#;
        let s: ChatSettings = serde_json::from_str(old).expect("old settings load");
        assert_eq!((s.board, s.lang, s.turn_secs), (BoardMode::Picture, Lang::En, Some(60)));
        assert!(!s.hints, "settings stored before hints read as off");
        assert_eq!((s.seasons, s.zone, s.zone()), (Cadence::Manual, None, Zone::UTC));
        let league = ChatSettings {
            seasons: Cadence::Quarterly,
            zone: Zone::of_minutes(300),
            ..ChatSettings::default()
        };
        let json = serde_json::to_string(&league).unwrap();
        assert!(json.contains(r#""seasons":"quarterly","zone":300"#), "{json}");
        assert_eq!(serde_json::from_str::<ChatSettings>(&json).unwrap(), league);
        let absurd = json.replace(":300", ":9999");
        assert!(serde_json::from_str::<ChatSettings>(&absurd).is_err(), "no such zone");
        let on = ChatSettings { hints: true, ..ChatSettings::default() };
        let json = serde_json::to_string(&on).unwrap();
        assert_eq!(serde_json::from_str::<ChatSettings>(&json).unwrap(), on);
        let text = ChatSettings { board: BoardMode::Text, ..ChatSettings::default() };
        let json = serde_json::to_string(&text).unwrap();
        assert!(json.contains(r#""board":"text""#), "{json}");
        assert_eq!(serde_json::from_str::<ChatSettings>(&json).unwrap(), text);
        for b in BoardMode::ALL {
            assert_eq!(BoardMode::from_key(b.key()), Some(b));
        }
    }
}
