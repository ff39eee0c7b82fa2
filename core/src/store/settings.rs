//! What a chat keeps for its new tables. Stored as one JSON document with a version: every
//! change bumps it, and a change made on an older version is refused by the store, so two
//! admins pressing at once, or a press on an old menu, cannot silently undo a change.

use crate::engine::rules::Variant;
use crate::session::{BotLevel, ClockRule, Lang, TimeUp};
use crate::standings::{Cadence, DIGEST_HOUR, Weekday, Zone};
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
    /// The turn timer the chat chose, if it chose one ([`ChatSettings::turn_secs`]: what a
    /// new table takes). Stored as `turn_secs` (`null`: unset, `0`: off, else seconds).
    #[serde(rename = "turn_secs")]
    pub timer: TurnTimer,
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
    /// and digests: a fixed offset (stored as minutes) or a named zone (stored by its name; a
    /// name the tz database no longer knows reads as `None`).
    #[serde(deserialize_with = "crate::standings::lenient_zone")]
    pub zone: Option<Zone>,
    /// The weekly digest's day (`None`, the default: no digest).
    pub digest: Option<Weekday>,
    /// The hour (on the chat's clock) the weekly digest comes at, within
    /// [`crate::bounds::DIGEST_HOUR`]; [`DIGEST_HOUR`] (10) until chosen.
    #[serde(deserialize_with = "digest_hour")]
    pub digest_hour: u8,
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
    /// The match clock new tables take unless their own words name one ([`TableClock`]).
    pub clock: TableClock,
    /// What the turn timer running out does at new tables: the computer moves (the default)
    /// or the match is lost.
    pub time_up: TimeUp,
}

/// Seconds a turn a group's new tables give the person to move when the chat never chose a
/// timer: the warning comes 30 s before it runs out (`session::warn`), then the computer
/// makes the move for them (three in a row and it plays for them until they are back), or
/// their side loses the match where the chat chose so (`ChatSettings::time_up`). A
/// private chat (a person alone with the computers) keeps no timer unless it chooses one.
pub const GROUP_TURN_SECS: u32 = 90;

/// The turn timer a chat chose. Stored as the number `turn_secs` always was, so settings
/// stored before the choice was told apart read as they were meant: a number is the
/// chat's choice, `null` (what every chat that never chose stored) is unset, and `0`
/// (never a timer's length) is a timer turned off.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(from = "Option<u32>", into = "Option<u32>")]
pub enum TurnTimer {
    /// Never chosen: [`GROUP_TURN_SECS`] in a group, none in a private chat.
    #[default]
    Unset,
    /// Turned off by the chat.
    Off,
    /// Seconds a turn, as the chat chose.
    Secs(u32),
}

impl From<Option<u32>> for TurnTimer {
    fn from(stored: Option<u32>) -> TurnTimer {
        match stored {
            None => TurnTimer::Unset,
            Some(0) => TurnTimer::Off,
            Some(s) => TurnTimer::Secs(s),
        }
    }
}

impl From<TurnTimer> for Option<u32> {
    fn from(t: TurnTimer) -> Option<u32> {
        match t {
            TurnTimer::Unset => None,
            TurnTimer::Off => Some(0),
            TurnTimer::Secs(s) => Some(s),
        }
    }
}

impl TurnTimer {
    /// The chat's choice as a menu press says it (`None`: off).
    pub fn chosen(secs: Option<u32>) -> TurnTimer {
        secs.map_or(TurnTimer::Off, TurnTimer::Secs)
    }
}

/// The match clock a chat's new tables take. Stored as `"preset"`, `"off"` or
/// `{"rule": {...}}`; settings stored before it read as `Preset`.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum TableClock {
    /// As before the chat chose: the `sport` preset's 10+5, else none.
    #[default]
    Preset,
    /// No clock, whatever the preset.
    Off,
    /// This clock.
    Rule(ClockRule),
}

/// A stored digest hour, held to its range.
fn digest_hour<'de, D: serde::Deserializer<'de>>(d: D) -> Result<u8, D::Error> {
    let hour = u8::deserialize(d)?;
    crate::bounds::DIGEST_HOUR
        .contains(u64::from(hour))
        .then_some(hour)
        .ok_or_else(|| serde::de::Error::custom(format!("no digest at {hour}:00")))
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
            timer: TurnTimer::Unset,
            bot_level: BotLevel::Greedy,
            default_variant: Variant::Kozel,
            presets: serde_json::Map::new(),
            board: BoardMode::Picture,
            hints: false,
            seasons: Cadence::Manual,
            zone: None,
            digest: None,
            digest_hour: DIGEST_HOUR,
            standings_post: false,
            goat_tag: false,
            goat_roles: false,
            tag_words: TagWords::default(),
            ping_after: 20,
            clock: TableClock::Preset,
            time_up: TimeUp::Computer,
        }
    }
}

impl ChatSettings {
    /// The chat's clock: its own zone, or its language's.
    pub fn zone(&self) -> Zone {
        self.zone.unwrap_or(Zone::default_for(self.lang))
    }

    /// Whether the calendar's plans (the next season turn, the next digest) differ under these
    /// settings and `other`: a change of seasons, zone, digest day or hour.
    pub fn plans_differ(&self, other: &ChatSettings) -> bool {
        (self.seasons, self.zone(), self.digest, self.digest_hour)
            != (other.seasons, other.zone(), other.digest, other.digest_hour)
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

    /// Seconds a turn a new table in this chat gives (`None`: no timer): the chat's choice,
    /// else [`GROUP_TURN_SECS`] in a group and none in a private chat (`private`: a chat of
    /// one person with the bot).
    pub fn turn_secs(&self, private: bool) -> Option<u32> {
        match self.timer {
            TurnTimer::Unset => (!private).then_some(GROUP_TURN_SECS),
            TurnTimer::Off => None,
            TurnTimer::Secs(s) => Some(s),
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
        assert_eq!((s.board, s.lang, s.timer), (BoardMode::Picture, Lang::En, TurnTimer::Secs(60)));
        assert_eq!((s.turn_secs(true), s.turn_secs(false)), (Some(60), Some(60)), "chosen");
        assert_eq!(s.clock, TableClock::Preset, "settings stored before the clock read as unset");
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
        assert_eq!(s.digest_hour, 10, "settings stored before the digest's hour read as 10:00");
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

    #[test]
    fn a_named_zone_and_the_digest_hour_are_kept() {
        let berlin = Zone::named("Europe/Berlin");
        let s = ChatSettings { zone: berlin, digest_hour: 18, ..ChatSettings::default() };
        let json = serde_json::to_string(&s).unwrap();
        assert!(json.contains(r#""zone":"Europe/Berlin""#), "{json}");
        assert!(json.contains(r#""digest_hour":18"#), "{json}");
        assert_eq!(serde_json::from_str::<ChatSettings>(&json).unwrap(), s);
        // A name the tz database dropped reads as no choice; the rest still reads.
        let gone = json.replace("Europe/Berlin", "Europe/Atlantis");
        let read = serde_json::from_str::<ChatSettings>(&gone).unwrap();
        assert_eq!((read.zone, read.digest_hour), (None, 18));
        let late = json.replace(":18", ":24");
        assert!(serde_json::from_str::<ChatSettings>(&late).is_err(), "no 24:00 digest");
    }

    #[test]
    fn a_timer_never_chosen_is_the_group_default_and_a_chosen_one_stays() {
        // Every chat that never chose stored `null`: it takes the group default.
        let never = r#"{"lang":"ru","turn_secs":null,"presets":{}}"#;
        let s: ChatSettings = serde_json::from_str(never).unwrap();
        assert_eq!(s.timer, TurnTimer::Unset);
        assert_eq!((s.turn_secs(false), s.turn_secs(true)), (Some(GROUP_TURN_SECS), None));
        let missing: ChatSettings = serde_json::from_str(r#"{"lang":"en"}"#).unwrap();
        assert_eq!(missing.timer, TurnTimer::Unset);
        for (timer, json, group, private) in [
            (TurnTimer::Off, r#""turn_secs":0"#, None, None),
            (TurnTimer::Secs(30), r#""turn_secs":30"#, Some(30), Some(30)),
            (TurnTimer::Unset, r#""turn_secs":null"#, Some(GROUP_TURN_SECS), None),
        ] {
            let s = ChatSettings { timer, ..ChatSettings::default() };
            let text = serde_json::to_string(&s).unwrap();
            assert!(text.contains(json), "{text}");
            let back: ChatSettings = serde_json::from_str(&text).unwrap();
            assert_eq!(back, s);
            assert_eq!((back.turn_secs(false), back.turn_secs(true)), (group, private));
        }
        let rule = ClockRule { bank_secs: 300, increment_secs: 3, on_flag: Default::default() };
        for clock in [TableClock::Preset, TableClock::Off, TableClock::Rule(rule)] {
            let s = ChatSettings { clock, ..ChatSettings::default() };
            let back: ChatSettings =
                serde_json::from_str(&serde_json::to_string(&s).unwrap()).unwrap();
            assert_eq!(back.clock, clock);
        }
    }
}
