//! The options object of a record or a chat's settings, checked (RECORD.md R1–R4).

use super::catalog::{OptionKind, options_for};
use super::{OpenerOrder, Preset, Rules, Teams, Variant};
use crate::engine::tile::Tile;
use serde_json::{Map, Value};

/// What is wrong with a rule set; the message names the option or value.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RulesError {
    #[error("unknown variant {0:?} (expected classic, kozel, morskoy, osel or telefon)")]
    UnknownVariant(String),
    #[error("unknown option {key:?} for {variant}")]
    UnknownOption { key: String, variant: Variant },
    #[error("option {key:?}: {expected}")]
    BadValue { key: &'static str, expected: &'static str },
    #[error("unknown preset {0:?}")]
    UnknownPreset(String),
    #[error("preset {preset:?} does not exist for {variant}")]
    PresetNotInVariant { preset: &'static str, variant: Variant },
    #[error("presets \"troshin\" and \"plain\" cannot be combined")]
    TroshinWithPlain,
    #[error("teams {0:?} and rules.teams {1:?} disagree")]
    TeamsDisagree(&'static str, &'static str),
    #[error("{variant} with teams {teams:?} cannot seat {seats} players", teams = teams.key())]
    Players { variant: Variant, teams: Teams, seats: usize },
    #[error("option \"deal\": {deal} tiles for {seats} players is more than the set holds")]
    DealTooLarge { deal: u8, seats: usize },
    #[error("set {set} (double-{set}) is played in classic only, not in {variant}")]
    SetNotInVariant { set: u8, variant: Variant },
    #[error("rules must be a JSON object")]
    NotAnObject,
    /// A number a chat may not set (`crate::bounds`; records are not held to it).
    #[error("{0}")]
    OutOfRange(#[from] crate::bounds::OutOfRange),
}

impl Rules {
    /// Checks an options object for `variant`. `top_teams` is the record's top-level `teams`
    /// (R4: both may be present if they agree).
    pub fn from_options(
        variant: Variant,
        options: &Value,
        top_teams: Option<&Value>,
    ) -> Result<Rules, RulesError> {
        let empty = Map::new();
        let map = match options {
            Value::Object(m) => m,
            Value::Null => &empty,
            _ => return Err(RulesError::NotAnObject),
        };
        let mut rules = Rules::new(variant);
        for key in map.keys() {
            if !options_for(variant).any(|o| o.key == key) {
                return Err(RulesError::UnknownOption { key: key.clone(), variant });
            }
        }
        for spec in options_for(variant).filter(|o| o.kind != OptionKind::Teams) {
            if let Some(v) = map.get(spec.key) {
                spec.read(&mut rules, v)?;
            }
        }
        let inner = map.get("teams").map(teams).transpose()?;
        let outer = top_teams.map(teams).transpose()?;
        rules.teams = match (inner, outer) {
            (Some(a), Some(b)) if a != b => {
                return Err(RulesError::TeamsDisagree(b.key(), a.key()));
            }
            (a, b) => a.or(b).unwrap_or_default(),
        };
        if rules.teams == Teams::Pairs && !variant.is_kozel_family() {
            return Err(RulesError::UnknownOption { key: "teams".into(), variant });
        }
        Ok(rules)
    }

    /// R5 and R6 for a table of `seats`: the player count and the deal size fit.
    pub fn check_table(&self, seats: usize) -> Result<(), RulesError> {
        self.check_players(seats)?;
        if let Some(deal) = self.deal {
            let total = crate::engine::tile::TileSet::full(self.max_pip()).len() as usize;
            if deal as usize * seats > total {
                return Err(RulesError::DealTooLarge { deal, seats });
            }
        }
        Ok(())
    }

    /// The ranges a chat may set numbers to (`crate::bounds`): every table a chat opens and
    /// every rule set its settings keep is held to them. Records are not (RECORD.md R3).
    pub fn check_bounds(&self) -> Result<(), RulesError> {
        for spec in options_for(self.variant) {
            if let (Some(bound), Some(n)) = (spec.bound, spec.write(self).as_u64()) {
                bound.check(n)?;
            }
        }
        Ok(())
    }

    /// The options object that rebuilds these rules: presets and every option that differs from
    /// the variant's default, in catalog order. Teams are included so the object stands alone.
    pub fn to_options(&self) -> Value {
        // The defaults, but the target is the default of this set (it follows `set`).
        let mut base = Rules::new(self.variant);
        base.target = super::default_target(self.variant, self.set);
        let mut m = Map::new();
        for spec in options_for(self.variant) {
            let value = spec.write(self);
            if value != spec.write(&base) {
                m.insert(spec.key.into(), value);
            }
        }
        Value::Object(m)
    }
}

pub(super) fn presets(variant: Variant, v: &Value) -> Result<Vec<Preset>, RulesError> {
    let names: Vec<&Value> = match v {
        Value::Array(list) => list.iter().collect(),
        one => vec![one],
    };
    let mut out = Vec::new();
    for name in names {
        let Value::String(s) = name else {
            return Err(RulesError::BadValue {
                key: "preset",
                expected: "expected a preset name or a list of names",
            });
        };
        let preset = Preset::ALL
            .into_iter()
            .find(|p| p.key() == s)
            .ok_or_else(|| RulesError::UnknownPreset(s.clone()))?;
        if !preset.allowed_in(variant) {
            return Err(RulesError::PresetNotInVariant { preset: preset.key(), variant });
        }
        if !out.contains(&preset) {
            out.push(preset);
        }
    }
    if out.contains(&Preset::Troshin) && out.contains(&Preset::Plain) {
        return Err(RulesError::TroshinWithPlain);
    }
    Ok(out)
}

pub(super) fn positive(v: &Value, key: &'static str) -> Result<u32, RulesError> {
    v.as_u64()
        .filter(|&n| n > 0)
        .and_then(|n| u32::try_from(n).ok())
        .ok_or(RulesError::BadValue { key, expected: "expected a positive integer" })
}

pub(super) fn teams(v: &Value) -> Result<Teams, RulesError> {
    match v.as_str() {
        Some("none") => Ok(Teams::None),
        Some("pairs") => Ok(Teams::Pairs),
        _ => Err(RulesError::BadValue { key: "teams", expected: "expected \"none\" or \"pairs\"" }),
    }
}

pub(super) fn opener_order(v: &Value) -> Result<OpenerOrder, RulesError> {
    const BAD: RulesError = RulesError::BadValue {
        key: "opener_order",
        expected: "expected true, false or a list of distinct doubles",
    };
    match v {
        Value::Bool(true) => Ok(OpenerOrder::ZeroFirst),
        Value::Bool(false) => Ok(OpenerOrder::Default),
        Value::Array(list) => {
            let mut tiles: Vec<Tile> = Vec::new();
            for item in list {
                let tile: Tile = item.as_str().and_then(|s| s.parse().ok()).ok_or(BAD)?;
                if !tile.is_double() || tile.high() > 6 || tiles.contains(&tile) {
                    return Err(BAD);
                }
                tiles.push(tile);
            }
            Ok(OpenerOrder::Custom(tiles))
        }
        _ => Err(BAD),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn rules(variant: Variant, options: Value) -> Result<Rules, RulesError> {
        Rules::from_options(variant, &options, None)
    }

    #[test]
    fn unknown_and_out_of_scope_options_are_named() {
        let err = rules(Variant::Kozel, json!({"hub_sides_first": false})).unwrap_err();
        assert!(err.to_string().contains("hub_sides_first"), "{err}");
        let err = rules(Variant::Classic, json!({"colour": "red"})).unwrap_err();
        assert!(err.to_string().contains("colour"), "{err}");
        let err = rules(Variant::Telefon, json!({"teams": "none"})).unwrap_err();
        assert!(err.to_string().contains("teams"), "{err}");
    }

    #[test]
    fn wrong_types_are_named() {
        for (variant, opts, key) in [
            (Variant::Kozel, json!({"eggs": 1}), "eggs"),
            (Variant::Kozel, json!({"target": 0}), "target"),
            (Variant::Kozel, json!({"target": "101"}), "target"),
            (Variant::Classic, json!({"deal": -1}), "deal"),
            (Variant::Kozel, json!({"opener_order": ["1-2"]}), "opener_order"),
            (Variant::Kozel, json!({"opener_order": ["1-1", "1-1"]}), "opener_order"),
            (Variant::Kozel, json!({"teams": "trios"}), "teams"),
            (Variant::Kozel, json!({"preset": 3}), "preset"),
        ] {
            let err = rules(variant, opts).unwrap_err().to_string();
            assert!(err.contains(key), "{err}");
        }
    }

    #[test]
    fn presets_are_scoped_and_exclusive() {
        assert!(rules(Variant::Telefon, json!({"preset": "troshin"})).is_err());
        assert!(rules(Variant::Classic, json!({"preset": "troshin"})).is_err());
        assert!(rules(Variant::Telefon, json!({"preset": "plain"})).is_err());
        assert!(rules(Variant::Kozel, json!({"preset": ["troshin", "plain"]})).is_err());
        assert!(rules(Variant::Kozel, json!({"preset": "nope"})).is_err());
        let r = rules(Variant::Morskoy, json!({"preset": ["troshin", "sport"]})).unwrap();
        assert!(r.sport() && r.has_preset(Preset::Troshin));
    }

    #[test]
    fn teams_top_level_and_inner_must_agree() {
        let pairs = json!("pairs");
        let none = json!("none");
        let r = Rules::from_options(Variant::Kozel, &json!({}), Some(&pairs)).unwrap();
        assert_eq!(r.teams, Teams::Pairs);
        let r = Rules::from_options(Variant::Kozel, &json!({"teams": "pairs"}), Some(&pairs));
        assert_eq!(r.unwrap().teams, Teams::Pairs);
        assert!(
            Rules::from_options(Variant::Kozel, &json!({"teams": "pairs"}), Some(&none)).is_err()
        );
        assert!(Rules::from_options(Variant::Classic, &json!({}), Some(&pairs)).is_err());
    }

    #[test]
    fn players_and_deal_sizes() {
        let kozel = Rules::new(Variant::Kozel);
        assert!(kozel.check_table(4).is_ok(), "K9: four each for himself");
        assert!(kozel.check_table(5).is_err());
        assert!(kozel.check_table(3).is_ok());
        let pairs = rules(Variant::Kozel, json!({"teams": "pairs"})).unwrap();
        assert!(pairs.check_table(4).is_ok() && pairs.check_table(3).is_err());
        let classic = Rules::new(Variant::Classic);
        assert_eq!((classic.deal_size(2), classic.deal_size(3), classic.deal_size(4)), (7, 5, 5));
        let seven = rules(Variant::Classic, json!({"deal": 7})).unwrap();
        assert_eq!(seven.deal_size(4), 7);
        let nine = rules(Variant::Classic, json!({"deal": 9})).unwrap();
        assert!(nine.check_table(3).is_ok() && nine.check_table(4).is_err());
    }

    #[test]
    fn options_round_trip() {
        let opts = json!({
            "preset": ["troshin", "sport"], "target": 150, "eggs": true, "teams": "pairs",
            "opener_order": ["6-6", "0-0"], "two_doubles": true, "draw_out_before_fish": true
        });
        let r = rules(Variant::Kozel, opts).unwrap();
        let again = rules(Variant::Kozel, r.to_options()).unwrap();
        assert_eq!(r, again);
        let m = rules(Variant::Morskoy, json!({"two_doubles": false})).unwrap();
        assert!(!m.two_doubles);
        assert_eq!(rules(Variant::Morskoy, m.to_options()).unwrap(), m);
    }
}

/// The serialized form of [`Rules`]: the variant and its options object.
#[derive(serde::Serialize, serde::Deserialize)]
pub(super) struct RulesDoc {
    variant: String,
    #[serde(default)]
    options: Value,
}

impl From<Rules> for RulesDoc {
    fn from(r: Rules) -> RulesDoc {
        RulesDoc { variant: r.variant.key().to_owned(), options: r.to_options() }
    }
}

impl TryFrom<RulesDoc> for Rules {
    type Error = RulesError;

    fn try_from(doc: RulesDoc) -> Result<Rules, RulesError> {
        Rules::from_options(doc.variant.parse()?, &doc.options, None)
    }
}
