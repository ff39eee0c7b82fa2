//! Every rule option, described once: its key, the kind of value it takes, the variants that
//! have it, its Russian and English label and help, the words a chat may use for it, and how
//! it is read from and written to an options object. `Rules::from_options`, `to_options`,
//! `/rules`, the chat grammar and both settings menus are all driven by [`OPTIONS`]; adding an
//! option is one entry here (and its field in [`Rules`]).

use super::options::RulesError;
use super::{Rules, Variant};
use crate::bounds::Bound;
use serde_json::{Value, json};

/// A text in both languages.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Words {
    pub ru: &'static str,
    pub en: &'static str,
}

/// What values an option takes.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum OptionKind {
    /// `true` or `false`.
    Flag,
    /// A positive integer.
    Number,
    /// A preset name or a list of them.
    Preset,
    /// `"none"` or `"pairs"` (a chat shows it as the «pairs» switch).
    Teams,
    /// `true` (0-0 first), `false`, or a list of doubles (records only; a chat shows a switch).
    OpenerOrder,
}

impl OptionKind {
    /// Options a chat shows as an on/off switch.
    pub const fn is_switch(self) -> bool {
        matches!(self, OptionKind::Flag | OptionKind::Teams | OptionKind::OpenerOrder)
    }
}

/// One rule option.
pub struct OptionSpec {
    /// The key in an options object.
    pub key: &'static str,
    pub kind: OptionKind,
    /// The variants that accept it (R2).
    pub variants: &'static [Variant],
    /// A short name, for menus.
    pub label: Words,
    /// What it does, for `/rules`.
    pub help: Words,
    /// Words a chat may write for it (lowercase; the key itself is always understood).
    pub words: &'static [&'static str],
    /// The range a chat may set a number option to (`crate::bounds`); records follow R3.
    pub bound: Option<&'static Bound>,
    pub(super) read: fn(&mut Rules, &Value) -> Result<(), RulesError>,
    pub(super) write: fn(&Rules) -> Value,
}

impl OptionSpec {
    pub fn applies_to(&self, variant: Variant) -> bool {
        self.variants.contains(&variant)
    }

    /// Sets this option of `rules` from its value in an options object.
    pub(super) fn read(&self, rules: &mut Rules, value: &Value) -> Result<(), RulesError> {
        (self.read)(rules, value)
    }

    /// This option's value in `rules`, as an options object holds it.
    pub fn write(&self, rules: &Rules) -> Value {
        (self.write)(rules)
    }

    /// Whether `rules` has this switch on (switches only).
    pub fn is_on(&self, rules: &Rules) -> bool {
        match self.write(rules) {
            Value::Bool(b) => b,
            Value::String(s) => s == "pairs",
            Value::Array(list) => !list.is_empty(),
            _ => false,
        }
    }

    /// The value that turns this switch on or off (switches only).
    pub fn switch_value(&self, on: bool) -> Value {
        match self.kind {
            OptionKind::Teams => json!(if on { "pairs" } else { "none" }),
            _ => json!(on),
        }
    }

    /// Values a menu offers for a number option in `variant` (the default first).
    pub fn suggestions(&self, variant: Variant) -> Vec<u32> {
        match self.key {
            "target" => match variant {
                Variant::Classic => vec![100, 50, 150, 200],
                Variant::Kozel | Variant::Osel => vec![101, 51, 151, 201],
                Variant::Morskoy => vec![125, 75, 175, 250],
                Variant::Telefon => vec![72, 50, 100, 150],
            },
            "deal" => vec![5, 7],
            "set" if variant == Variant::Classic => {
                super::SETS.iter().map(|&n| u32::from(n)).collect()
            }
            "set" => vec![6],
            "start_threshold" => vec![25, 13],
            _ => Vec::new(),
        }
    }
}

pub use super::entries::OPTIONS;

/// The option with this key.
pub fn option(key: &str) -> Option<&'static OptionSpec> {
    OPTIONS.iter().find(|o| o.key == key)
}

/// The options `variant` accepts, in catalog order (`preset` first).
pub fn options_for(variant: Variant) -> impl Iterator<Item = &'static OptionSpec> {
    OPTIONS.iter().filter(move |o| o.applies_to(variant))
}

/// The option keys a variant accepts, `preset` first.
pub fn option_keys(variant: Variant) -> impl Iterator<Item = &'static str> {
    options_for(variant).map(|o| o.key)
}
