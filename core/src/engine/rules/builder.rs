//! [`RulesBuilder`]: a rule set put together in code (benches, `domino sim`, tests), checked
//! when built by the same path as an options object ([`Rules::from_options`]).

use super::{Preset, Rules, RulesError, Teams, Variant};
use serde_json::{Map, Value, json};

/// An unchecked rule set: an options object being written. [`RulesBuilder::build`] checks it.
#[derive(Clone, Debug)]
pub struct RulesBuilder {
    variant: Variant,
    options: Map<String, Value>,
}

impl RulesBuilder {
    pub(super) fn new(variant: Variant) -> RulesBuilder {
        RulesBuilder { variant, options: Map::new() }
    }

    /// Pairs, or none (the default, which every variant takes).
    pub fn teams(mut self, teams: Teams) -> RulesBuilder {
        match teams {
            Teams::None => {
                self.options.remove("teams");
                self
            }
            Teams::Pairs => self.option("teams", json!(teams.key())),
        }
    }

    pub fn presets(self, presets: &[Preset]) -> RulesBuilder {
        let keys: Vec<&str> = presets.iter().map(|p| p.key()).collect();
        self.option("preset", json!(keys))
    }

    pub fn target(self, target: u32) -> RulesBuilder {
        self.option("target", json!(target))
    }

    pub fn deal(self, deal: u8) -> RulesBuilder {
        self.option("deal", json!(deal))
    }

    /// Any option by its catalog key, with its value as an options object holds it.
    pub fn option(mut self, key: &str, value: Value) -> RulesBuilder {
        self.options.insert(key.to_owned(), value);
        self
    }

    /// The checked rules, or what is wrong with them (an option the variant lacks, a value out
    /// of its kind, presets that do not go together).
    pub fn build(self) -> Result<Rules, RulesError> {
        Rules::from_options(self.variant, &Value::Object(self.options), None)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn built_rules_are_checked_like_an_options_object() {
        let pairs = Rules::builder(Variant::Kozel).teams(Teams::Pairs).target(51).build().unwrap();
        assert_eq!((pairs.teams(), pairs.target()), (Teams::Pairs, 51));
        assert!(Rules::builder(Variant::Classic).teams(Teams::Pairs).build().is_err());
        assert!(Rules::builder(Variant::Kozel).target(0).build().is_err());
        assert!(
            Rules::builder(Variant::Kozel).option("hub_sides_first", json!(true)).build().is_err()
        );
        let troshin = Rules::builder(Variant::Morskoy).presets(&[Preset::Troshin]).build();
        assert!(troshin.unwrap().has_preset(Preset::Troshin));
        assert!(
            Rules::builder(Variant::Kozel)
                .presets(&[Preset::Troshin, Preset::Plain])
                .build()
                .is_err()
        );
    }
}
