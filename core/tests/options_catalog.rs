//! The one description of every rule option: each one's values round-trip (written into an
//! options object, read back to the same rules, written again the same), its switches and
//! suggestions are accepted by its variants only, and every option RULES.md names has one.

mod common;

use domino_core::engine::rules::{
    OPTIONS, OptionKind, Preset, Rules, Variant, option, options_for,
};
use proptest::prelude::*;
use serde_json::{Map, Value, json};
use std::collections::BTreeSet;

/// Values an option takes in `variant`.
fn values(key: &str, kind: OptionKind, variant: Variant) -> Vec<Value> {
    let spec = option(key).unwrap();
    match kind {
        OptionKind::Flag => vec![json!(true), json!(false)],
        OptionKind::Teams => vec![json!("pairs"), json!("none")],
        OptionKind::OpenerOrder => vec![json!(true), json!(false), json!(["6-6", "0-0"])],
        OptionKind::Number => spec.suggestions(variant).into_iter().map(|n| json!(n)).collect(),
        OptionKind::Preset => Preset::ALL
            .into_iter()
            .filter(|p| p.allowed_in(variant))
            .map(|p| json!(p.key()))
            .collect(),
    }
}

#[test]
fn every_option_value_round_trips_through_its_description() {
    for variant in Variant::ALL {
        for spec in options_for(variant) {
            for value in values(spec.key, spec.kind, variant) {
                let mut m = Map::new();
                m.insert(spec.key.into(), value.clone());
                let rules = Rules::from_options(variant, &Value::Object(m), None)
                    .unwrap_or_else(|e| panic!("{variant} {}={value}: {e}", spec.key));
                assert_eq!(
                    spec.write(&rules),
                    value,
                    "{variant}: {} writes what it read",
                    spec.key
                );
                let again = Rules::from_options(variant, &rules.to_options(), None).unwrap();
                assert_eq!(again, rules, "{variant}: {}={value} round-trips", spec.key);
                if spec.kind.is_switch() && !value.is_array() {
                    // A switch's state reads back as the value that sets it.
                    assert_eq!(
                        spec.switch_value(spec.is_on(&rules)),
                        value,
                        "{variant}: {}",
                        spec.key
                    );
                }
            }
        }
        for spec in OPTIONS.iter().filter(|o| !o.applies_to(variant)) {
            let mut m = Map::new();
            m.insert(spec.key.into(), json!(true));
            let err = Rules::from_options(variant, &Value::Object(m), None).unwrap_err();
            assert!(err.to_string().contains(spec.key), "{variant} refuses {}: {err}", spec.key);
        }
    }
}

#[test]
fn every_option_has_both_languages_and_unique_words() {
    let mut words = BTreeSet::new();
    for spec in OPTIONS {
        for text in [spec.label.ru, spec.label.en, spec.help.ru, spec.help.en] {
            assert!(!text.is_empty(), "{}", spec.key);
        }
        assert_ne!(spec.label.ru, spec.label.en, "{} is translated", spec.key);
        for w in spec.words.iter().chain([&spec.key]) {
            assert!(words.insert(*w), "the word {w:?} names one option only");
        }
    }
}

/// The option keys the project's own rules for players describe: one `### \`key\`` section each.
fn docs_keys() -> BTreeSet<String> {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../docs/rules.md");
    let text = std::fs::read_to_string(&path).expect("docs/rules.md");
    text.lines()
        .filter_map(|l| l.strip_prefix("### `")?.split('`').next().map(str::to_owned))
        .collect()
}

#[test]
fn every_option_has_a_section_in_the_players_rules() {
    let described = docs_keys();
    for spec in OPTIONS.iter().filter(|o| o.key != "preset") {
        assert!(described.contains(spec.key), "docs/rules.md has no section for `{}`", spec.key);
    }
    for key in &described {
        assert!(option(key).is_some(), "docs/rules.md describes `{key}`, which is no option");
    }
}

/// The option keys a rules text of the shared folder names (in backticks), when that folder is
/// beside the checkout; `None` where it is not (a clone on its own has `docs/rules.md`, checked
/// above). `RULES.md` is what was built before; `RULES-next.md` the same with the larger sets
/// and the rules added since, which the engine plays now.
fn rules_md_keys(file: &str) -> Option<BTreeSet<String>> {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let text = std::fs::read_to_string(root.join("../shared").join(file)).ok()?;
    // Words in backticks that are not options: presets, record fields, tiles, move codes.
    let not_options = [
        "troshin",
        "plain",
        "sport",
        "declare",
        "na_sto",
        "domino",
        "closed",
        "fish",
        "winner",
        "loser",
        "next_leader",
        "remembered",
        "unfinished",
        "play",
        "close",
        "scores",
        "written",
    ];
    let mut keys = BTreeSet::new();
    for part in text.split('`').skip(1).step_by(2) {
        let word = part.split([':', ' ']).next().unwrap_or("");
        let looks = !word.is_empty()
            && word.chars().all(|c| c.is_ascii_lowercase() || c == '_' || c.is_ascii_digit());
        if looks && !not_options.contains(&word) {
            keys.insert(word.to_owned());
        }
    }
    Some(keys)
}

#[test]
fn every_option_in_the_rules_has_one_description() {
    let (Some(built), Some(next)) = (rules_md_keys("RULES.md"), rules_md_keys("RULES-next.md"))
    else {
        // Outside this machine's layout only the project's own docs exist (checked above).
        assert!(docs_keys().len() >= 15);
        return;
    };
    assert!(built.len() >= 15, "found {built:?}");
    assert!(built.is_subset(&next), "RULES-next.md names every option RULES.md does");
    for key in &next {
        assert!(option(key).is_some(), "the rules name `{key}`, which has no description");
    }
    for spec in OPTIONS.iter().filter(|o| o.key != "preset") {
        assert!(
            next.contains(spec.key),
            "`{}` is described but RULES-next.md never names it",
            spec.key
        );
    }
}

proptest! {
    #![proptest_config(ProptestConfig {
        rng_seed: proptest::test_runner::RngSeed::Fixed(0x5EED),
        ..ProptestConfig::default()
    })]

    /// Random rule sets of every variant: written, read back, the same.
    #[test]
    fn random_rule_sets_round_trip((rules, _) in common::table()) {
        let options = rules.to_options();
        let again = Rules::from_options(rules.variant(), &options, None).unwrap();
        prop_assert_eq!(&again, &rules);
        prop_assert_eq!(again.to_options(), options);
    }
}
