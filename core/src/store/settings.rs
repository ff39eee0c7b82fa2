//! What a chat keeps for its new tables. Stored as one JSON document with a version: every
//! change bumps it, and a change made on an older version is refused by the store, so two
//! admins pressing at once, or a press on an old menu, cannot silently undo a change.

use crate::engine::rules::Variant;
use crate::session::{BotLevel, Lang};
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
        }
    }
}

impl ChatSettings {
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
