//! The five games.

use super::RulesError;
use std::fmt;
use std::str::FromStr;

/// The five games.
#[derive(
    Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize, serde::Deserialize,
)]
#[serde(rename_all = "lowercase")]
pub enum Variant {
    Classic,
    Kozel,
    Morskoy,
    Osel,
    Telefon,
}

impl Variant {
    pub const ALL: [Variant; 5] =
        [Variant::Classic, Variant::Kozel, Variant::Morskoy, Variant::Osel, Variant::Telefon];

    /// The name used in records and commands.
    pub const fn key(self) -> &'static str {
        match self {
            Variant::Classic => "classic",
            Variant::Kozel => "kozel",
            Variant::Morskoy => "morskoy",
            Variant::Osel => "osel",
            Variant::Telefon => "telefon",
        }
    }

    /// Kozel, Morskoy and Osel share deals, leads and the pair game.
    pub const fn is_kozel_family(self) -> bool {
        matches!(self, Variant::Kozel | Variant::Morskoy | Variant::Osel)
    }

    /// Osel and Telefon grow a hub with four arms.
    pub const fn has_hub(self) -> bool {
        matches!(self, Variant::Osel | Variant::Telefon)
    }

    pub const fn default_target(self) -> u32 {
        match self {
            Variant::Classic => 100,
            Variant::Kozel | Variant::Osel => 101,
            Variant::Morskoy => 125,
            Variant::Telefon => 72,
        }
    }
}

impl fmt::Display for Variant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.key())
    }
}

impl FromStr for Variant {
    type Err = RulesError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Variant::ALL
            .into_iter()
            .find(|v| v.key() == s)
            .ok_or_else(|| RulesError::UnknownVariant(s.to_owned()))
    }
}
