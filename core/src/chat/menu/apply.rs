//! What a press on the settings menu does to the chat's settings. Every rule set it makes is
//! checked by the engine before it is kept.

use super::{Change, MenuPress, Page};
use crate::engine::rules::{Rules, RulesError, Variant, option, options_for};
use crate::store::{ChatSettings, TurnTimer};
use serde_json::{Map, Value};

/// The settings after `press` (the same version: the caller stores them as the next one), or
/// why the rules it makes do not work. `Show` and `Done` change nothing.
pub(super) fn apply(
    settings: &ChatSettings,
    press: &MenuPress,
) -> Result<ChatSettings, RulesError> {
    let mut s = settings.clone();
    let game = match press.page {
        Page::Game(v) => Some(v),
        Page::General | Page::More | Page::League | Page::Tournament(_) | Page::Offer => None,
    };
    match (&press.change, game) {
        (Change::Show | Change::Done | Change::Tour(_) | Change::Offer(_), _) => {}
        (Change::Lang(l), _) => s.lang = *l,
        (Change::Timer(t), _) => s.timer = TurnTimer::chosen(*t),
        (Change::Clock(c), _) => s.clock = *c,
        (Change::Nudge(t), _) => s.ping_after = *t,
        (Change::Level(l), _) => s.bot_level = *l,
        (Change::DefaultGame(v), _) => s.default_variant = *v,
        (Change::Board(b), _) => s.board = *b,
        (Change::Hints(on), _) => s.hints = *on,
        (Change::TimeUp(t), _) => s.time_up = *t,
        (Change::Seasons(c), _) => s.seasons = *c,
        (Change::Zone(z), _) => s.zone = *z,
        (Change::Digest(d), _) => s.digest = *d,
        (Change::DigestHour(h), _) => s.digest_hour = *h,
        (Change::StandingsPost(on), _) => s.standings_post = *on,
        (Change::GoatTag(on), _) => s.goat_tag = *on,
        (Change::GoatRoles(on), _) => s.goat_roles = *on,
        (Change::Preset(p), Some(v)) => {
            let mut options = s.options(v);
            match p {
                Some(p) => options.insert("preset".into(), Value::from(p.key())),
                None => options.remove("preset"),
            };
            set_checked(&mut s, v, options)?;
        }
        (Change::Set(n), Some(v)) => {
            let mut options = s.options(v);
            if *n == crate::engine::tile::STANDARD_MAX_PIP {
                options.remove("set");
            } else {
                options.insert("set".into(), Value::from(*n));
            }
            // The target follows the set's default unless the chat chose one.
            set_checked(&mut s, v, options)?;
        }
        (Change::Target(n), Some(v)) => {
            let mut options = s.options(v);
            let set = current(&s, v).set();
            if *n == crate::engine::rules::default_target(v, set) {
                options.remove("target");
            } else {
                options.insert("target".into(), Value::from(*n));
            }
            set_checked(&mut s, v, options)?;
        }
        (Change::Number(key, n), Some(v)) => {
            let mut options = s.options(v);
            match n {
                Some(n) => options.insert((*key).to_owned(), Value::from(*n)),
                None => options.remove(*key),
            };
            set_checked(&mut s, v, options)?;
        }
        (Change::Switch(key), Some(v)) => {
            let spec = option(key).expect("decoded switches exist");
            let on = spec.is_on(&current(&s, v));
            let options = switched(s.options(v), v, key, !on);
            set_checked(&mut s, v, options)?;
        }
        (Change::Switches(keys), Some(v)) => {
            let mut options = s.options(v);
            for spec in options_for(v).filter(|o| o.kind.is_switch()) {
                options = switched(options, v, spec.key, keys.contains(&spec.key));
            }
            set_checked(&mut s, v, options)?;
        }
        // Game changes on the general page are never encoded.
        (_, None) => {}
    }
    Ok(s)
}

fn current(s: &ChatSettings, v: Variant) -> Rules {
    Rules::from_options(v, &Value::Object(s.options(v)), None).unwrap_or_else(|_| Rules::new(v))
}

/// `options` with the switch `key` on or off; a switch at its default is left out.
fn switched(
    mut options: Map<String, Value>,
    v: Variant,
    key: &str,
    on: bool,
) -> Map<String, Value> {
    let spec = option(key).expect("a switch");
    let value = spec.switch_value(on);
    let default = spec.is_on(&Rules::new(v)) == on;
    if default {
        options.remove(key);
    } else {
        options.insert(key.to_owned(), value);
    }
    options
}

fn set_checked(
    s: &mut ChatSettings,
    v: Variant,
    options: Map<String, Value>,
) -> Result<(), RulesError> {
    Rules::from_options(v, &Value::Object(options.clone()), None)?.check_bounds()?;
    s.set_options(v, options);
    Ok(())
}
