//! A command's arguments, whichever way they came: Telegram's words (read by `words`) or
//! Discord's typed options (set field by field by the adapter), then the rules and seats of a
//! new table from them and the chat's settings — one set of defaults for every chat.

use crate::bounds::{self, OutOfRange};
use crate::engine::rules::{OPTIONS, Preset, Rules, RulesError, Teams, Variant};
use crate::session::{ClockRule, Person};
use crate::store::{ChatSettings, TableClock};
use serde_json::{Map, Value};

/// Who a duel is with, as the chat named them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Opponent {
    /// A person the platform identified (a mention, a reply, a user option).
    Person(Person),
    /// `@name`, not yet known to be anyone.
    Name(String),
}

/// A tournament's format as asked for (`/tournament round`, `arena`, `pairs`, `night`).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum TourKind {
    RoundRobin,
    Arena,
    /// A round robin of fixed pairs.
    Pairs,
    /// A random-partners pairs night.
    Night,
}

impl TourKind {
    /// By a platform's choice key ([`crate::chat::ArgKind::choices`]).
    pub fn from_key(key: &str) -> Option<TourKind> {
        match key {
            "round" => Some(TourKind::RoundRobin),
            "arena" => Some(TourKind::Arena),
            "pairs" => Some(TourKind::Pairs),
            "night" => Some(TourKind::Night),
            _ => None,
        }
    }
}

/// What a command was given.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Args {
    pub game: Option<Variant>,
    pub players: Option<u8>,
    /// Rule options, as an options object to lay over the chat's (presets, target, pairs
    /// included: `{"preset": "troshin", "target": 51, "teams": "pairs", "eggs": true}`).
    pub options: Map<String, Value>,
    pub opponent: Option<Opponent>,
    pub computer: bool,
    pub table: Option<u32>,
    pub season: Option<u32>,
    pub pairs_table: bool,
    pub all_time: bool,
    pub new_season: bool,
    /// `/screen new`: renew the chat's screen link.
    pub new_link: bool,
    /// Open the table in a thread of its own (Discord's adapter makes the thread).
    pub thread: bool,
    /// How many to list (`/history N`).
    pub count: Option<u32>,
    /// Which finished match (`/replay N`: 1 is the latest).
    pub ago: Option<u32>,
    /// Which round of that match (`/replay N R`, `/replay N раунд R`: 1 is the first; `None`,
    /// the last).
    pub round: Option<u32>,
    /// The match clock asked for: `Some(None)` is «no clock»; `None` leaves the default.
    pub clock: Option<Option<ClockRule>>,
    /// The queue at a new table (`/new … на вылет`); `None`: none.
    pub rotation: Option<crate::session::Rotation>,
    /// `/tournament`: the format of a new one.
    pub tour: Option<TourKind>,
    /// `/tournament`: a round robin's deadline in days.
    pub days: Option<u32>,
    /// `/tournament`: an arena's minutes.
    pub minutes: Option<u32>,
    /// `/tournament`: an arena's streak bonus.
    pub streak: bool,
    /// `/tournament`: a pairs night's rounds.
    pub rounds: Option<u32>,
    /// `/tags`: the words after the command, as typed.
    pub tag_words: Option<String>,
    /// `/clock`: the zone as typed (a city, an IANA name, an offset), read by the command.
    pub zone: Option<String>,
    /// `/pings`: how the asker's turn pings are to come.
    pub pings: Option<crate::chat::PingMode>,
}

impl Args {
    /// Adds a preset (several may be given: `troshin sport`).
    /// A preset by its key (a platform's choice, [`crate::chat::ArgKind::choices`]); `None`, and
    /// nothing added, for any other word.
    pub fn add_preset_key(&mut self, key: &str) -> Option<()> {
        let preset = Preset::ALL.into_iter().find(|p| p.key() == key)?;
        self.add_preset(preset);
        Some(())
    }

    pub fn add_preset(&mut self, preset: Preset) {
        let mut list: Vec<Value> = match self.options.remove("preset") {
            Some(Value::Array(list)) => list,
            Some(one) => vec![one],
            None => Vec::new(),
        };
        let key = Value::from(preset.key());
        if !list.contains(&key) {
            list.push(key);
        }
        let value = if list.len() == 1 { list.remove(0) } else { Value::Array(list) };
        self.options.insert("preset".into(), value);
    }

    pub fn set_pairs(&mut self) {
        self.options.insert("teams".into(), Value::from("pairs"));
    }

    /// The set by its highest pip (the engine checks it with the game).
    pub fn set_set(&mut self, set: u8) {
        self.options.insert("set".into(), Value::from(set));
    }

    pub fn set_target(&mut self, target: u32) {
        self.options.insert("target".into(), Value::from(target));
    }

    /// Every number given within its range (`crate::bounds`), however it came: Telegram's
    /// words are checked as they are read, Discord's typed options here.
    pub fn check_bounds(&self) -> Result<(), OutOfRange> {
        let given = [
            (&bounds::PLAYERS, self.players.map(u64::from)),
            (&bounds::TABLE, self.table.map(u64::from)),
            (&bounds::SEASON, self.season.map(u64::from)),
            (&bounds::HISTORY_COUNT, self.count.map(u64::from)),
            (&bounds::REPLAY_AGO, self.ago.map(u64::from)),
            (&bounds::REPLAY_ROUND, self.round.map(u64::from)),
            (&bounds::TOURNAMENT_DEADLINE_DAYS, self.days.map(u64::from)),
            (&bounds::ARENA_MINUTES, self.minutes.map(u64::from)),
            (&bounds::TOURNAMENT_ROUNDS, self.rounds.map(u64::from)),
        ];
        for (bound, n) in given {
            if let Some(n) = n {
                bound.check(n)?;
            }
        }
        for spec in OPTIONS {
            let n = self.options.get(spec.key).and_then(Value::as_u64);
            if let (Some(bound), Some(n)) = (spec.bound, n) {
                bound.check(n)?;
            }
        }
        if let Some(Some(clock)) = self.clock {
            bounds::CLOCK_MINUTES.check(u64::from(clock.bank_secs / 60))?;
            bounds::CLOCK_INCREMENT.check(u64::from(clock.increment_secs))?;
        }
        Ok(())
    }

    /// The clock of a new table with `rules` in a chat with `settings`: the one these
    /// arguments ask for; else the `sport` preset's (10+5) when they name that preset (the
    /// table's own words win over the chat's); else the chat's choice; else the `sport`
    /// preset's when the rules have it (the chat's own preset); else none.
    pub fn clock(&self, rules: &Rules, settings: &ChatSettings) -> Option<ClockRule> {
        if let Some(asked) = self.clock {
            return asked;
        }
        let sport = Value::from(Preset::Sport.key());
        let named_sport = match self.options.get("preset") {
            Some(Value::Array(list)) => list.contains(&sport),
            Some(one) => *one == sport,
            None => false,
        };
        match settings.clock {
            _ if named_sport => Some(ClockRule::SPORT),
            TableClock::Off => None,
            TableClock::Rule(rule) => Some(rule),
            TableClock::Preset => rules.sport().then_some(ClockRule::SPORT),
        }
    }

    /// The game these arguments are for: the one named, else the chat's default.
    pub fn variant(&self, settings: &ChatSettings) -> Variant {
        self.game.unwrap_or(settings.default_variant)
    }

    /// The rules and seats of a new table: the chat's options for the game with these
    /// arguments' options laid over them (key by key), checked by the engine. Seats: as
    /// asked, else four for pairs and two otherwise.
    pub fn table(&self, settings: &ChatSettings) -> Result<(Rules, u8), RulesError> {
        let variant = self.variant(settings);
        let mut options = settings.options(variant);
        for (key, value) in &self.options {
            options.insert(key.clone(), value.clone());
        }
        let rules = Rules::from_options(variant, &Value::Object(options), None)?;
        rules.check_bounds()?;
        let seats = self.players.unwrap_or(if rules.teams() == Teams::Pairs { 4 } else { 2 });
        rules.check_table(seats as usize)?;
        Ok((rules, seats))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn arguments_lay_over_the_chats_options_key_by_key() {
        let mut settings = ChatSettings::default();
        settings.presets.insert("kozel".into(), json!({"preset": "troshin", "eggs": true}));
        let mut args = Args { players: Some(4), ..Args::default() };
        args.set_pairs();
        args.set_target(51);
        let (rules, seats) = args.table(&settings).unwrap();
        assert_eq!(
            (rules.variant(), rules.teams(), rules.target(), seats),
            (Variant::Kozel, Teams::Pairs, 51, 4)
        );
        assert!(rules.eggs() && rules.has_preset(Preset::Troshin), "the chat's options stay");
        args.add_preset(Preset::Sport);
        args.add_preset(Preset::Sport);
        assert_eq!(args.options["preset"], json!("sport"));
        let (rules, _) = args.table(&settings).unwrap();
        assert!(
            rules.sport() && !rules.has_preset(Preset::Troshin),
            "a preset given replaces the chat's"
        );
        let telefon = Args { game: Some(Variant::Telefon), players: Some(3), ..Args::default() };
        assert_eq!(telefon.table(&settings).unwrap().1, 3);
        let bad =
            Args { game: Some(Variant::Telefon), options: args.options.clone(), ..Args::default() };
        assert!(bad.table(&settings).is_err(), "Telefon has no pairs");
        let four = Args { players: Some(4), ..Args::default() };
        assert_eq!(four.table(&settings).unwrap().1, 4, "Kozel seats four each for himself");
        let five = Args { players: Some(5), ..Args::default() };
        assert!(five.table(&settings).is_err(), "Kozel seats 2 to 4");
        let big = Args { players: Some(8), ..Args::default() };
        let mut big = Args { game: Some(Variant::Classic), ..big };
        assert!(big.table(&settings).is_err(), "eight only with a larger set");
        big.options.insert("set".into(), json!(9));
        assert_eq!(big.table(&settings).unwrap().1, 8);
    }

    #[test]
    fn the_clock_is_the_tables_own_then_the_chats_then_the_presets() {
        let five = ClockRule { bank_secs: 300, increment_secs: 3, on_flag: Default::default() };
        let three = ClockRule { bank_secs: 180, ..five };
        let plain = Args::default();
        let mut sport = Args::default();
        sport.add_preset(Preset::Sport);
        let asked = Args { clock: Some(Some(three)), ..Args::default() };
        let none = Args { clock: Some(None), ..Args::default() };
        let mut chat_sport = ChatSettings::default();
        chat_sport.presets.insert("kozel".into(), json!({"preset": "sport"}));
        for (chat, args, want) in [
            (TableClock::Preset, &plain, None),
            (TableClock::Preset, &sport, Some(ClockRule::SPORT)),
            (TableClock::Rule(five), &plain, Some(five)),
            (TableClock::Rule(five), &sport, Some(ClockRule::SPORT)),
            (TableClock::Rule(five), &asked, Some(three)),
            (TableClock::Rule(five), &none, None),
            (TableClock::Off, &plain, None),
            (TableClock::Off, &sport, Some(ClockRule::SPORT)),
        ] {
            let settings = ChatSettings { clock: chat, ..ChatSettings::default() };
            let (rules, _) = args.table(&settings).unwrap();
            assert_eq!(args.clock(&rules, &settings), want, "{chat:?} {args:?}");
        }
        // The chat's own sport preset gives its clock only while the chat chose none.
        let (rules, _) = plain.table(&chat_sport).unwrap();
        assert_eq!(plain.clock(&rules, &chat_sport), Some(ClockRule::SPORT));
        let off = ChatSettings { clock: TableClock::Off, ..chat_sport };
        assert_eq!(plain.clock(&rules, &off), None);
    }
}
