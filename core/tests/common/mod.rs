//! Helpers shared by the test binaries of domino-core.

use domino_core::engine::rules::{Rules, Variant, option_keys};
use proptest::prelude::*;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde_json::{Map, Value, json};

/// A random valid rule set with a player count it seats.
pub fn table() -> impl Strategy<Value = (Rules, usize)> {
    (0..5usize, any::<u64>()).prop_map(|(v, bits)| {
        let variant = Variant::ALL[v];
        let mut rng = ChaCha8Rng::seed_from_u64(bits);
        let mut options = Map::new();
        for key in option_keys(variant) {
            if !rng.random_bool(0.3) {
                continue;
            }
            let value = match key {
                "preset" => {
                    let choices: &[&str] = match variant {
                        Variant::Telefon => &["sport"],
                        Variant::Classic => &["plain", "sport"],
                        _ => &["troshin", "plain", "sport"],
                    };
                    json!(choices[rng.random_range(0..choices.len())])
                }
                "target" => json!(rng.random_range(20..150)),
                "teams" => json!("pairs"),
                "deal" => json!(rng.random_range(3..=7)),
                "set" if variant == Variant::Classic => {
                    json!([6, 9, 12, 15, 18][rng.random_range(0..5usize)])
                }
                "set" => json!(6),
                "start_threshold" => json!(rng.random_range(1..40)),
                "opener_order" => json!(rng.random_bool(0.5)),
                _ => json!(rng.random_bool(0.5)),
            };
            options.insert(key.to_owned(), value);
        }
        let rules = Rules::from_options(variant, &Value::Object(options), None).expect("valid");
        // Every count the rules seat alike, so that tables of five to eight come up as often
        // as duels.
        let most = rules.max_players();
        let fits: Vec<usize> = (2..=most).filter(|&n| rules.check_table(n).is_ok()).collect();
        (rules, fits[rng.random_range(0..fits.len())])
    })
}
