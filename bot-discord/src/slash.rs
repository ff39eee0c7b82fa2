//! A `/domino …` interaction read into what it asks: the subcommand and its options, checked
//! against the choices offered. Nothing is decided here.

use domino_core::engine::rules::{Preset, Variant};
use domino_core::session::{BotLevel, Lang, Person};
use serenity::model::application::{CommandInteraction, ResolvedOption, ResolvedValue};

/// What a slash command asks.
#[derive(Clone, Debug, PartialEq)]
pub enum Slash {
    New {
        variant: Variant,
        preset: Option<Preset>,
        players: Option<u8>,
        pairs: bool,
    },
    /// `invitee` is `None` when the one challenged is this bot: a game against the computer.
    Duel {
        invitee: Option<Person>,
        variant: Option<Variant>,
        preset: Option<Preset>,
    },
    DuelBot {
        variant: Option<Variant>,
        preset: Option<Preset>,
    },
    Rules {
        variant: Option<Variant>,
    },
    Settings(SettingsChange),
    Score {
        table: Option<u32>,
    },
    Top {
        variant: Option<Variant>,
    },
    Export,
    Stop {
        table: Option<u32>,
    },
    Help,
}

/// `/domino settings`: the options given; none given only shows the settings.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct SettingsChange {
    pub lang: Option<Lang>,
    /// `Some(None)`: no timer.
    pub timer: Option<Option<u32>>,
    pub level: Option<BotLevel>,
    pub variant: Option<Variant>,
    /// `Some(None)`: back to the variant's default rules.
    pub preset: Option<Option<Preset>>,
    pub new_season: bool,
}

impl SettingsChange {
    pub fn is_empty(&self) -> bool {
        *self == SettingsChange::default()
    }
}

/// Reads the interaction; `None` when it is not a `/domino` subcommand this bot offers.
pub fn parse(cmd: &CommandInteraction, bot: Option<u64>) -> Option<Slash> {
    if cmd.data.name != crate::register::NAME {
        return None;
    }
    let options = cmd.data.options();
    let [ResolvedOption { name, value: ResolvedValue::SubCommand(opts), .. }] = options.as_slice()
    else {
        return None;
    };
    let o = Options(opts);
    let slash = match *name {
        "new" => Slash::New {
            variant: o.variant()?.unwrap_or(Variant::Classic),
            preset: o.preset()?,
            players: o.int("players").map(u8::try_from).transpose().ok()?,
            pairs: o.bool("pairs").unwrap_or(false),
        },
        "duel" => {
            let (user, member) = o.user("user")?;
            let person = crate::people::partial_person(user, member);
            let invitee = (Some(user.id.get()) != bot).then_some(person);
            Slash::Duel { invitee, variant: o.variant()?, preset: o.preset()? }
        }
        "duel-bot" => Slash::DuelBot { variant: o.variant()?, preset: o.preset()? },
        "rules" => Slash::Rules { variant: o.variant()? },
        "settings" => Slash::Settings(SettingsChange {
            lang: match o.str("language") {
                Some(k) => Some(Lang::from_key(k)?),
                None => None,
            },
            timer: match o.int("timer") {
                Some(0) => Some(None),
                Some(s) => Some(Some(u32::try_from(s).ok()?)),
                None => None,
            },
            level: match o.str("level") {
                Some(k) => Some(BotLevel::from_key(k)?),
                None => None,
            },
            variant: o.variant()?,
            preset: match o.str("preset") {
                Some("none") => Some(None),
                Some(k) => Some(Some(preset(k)?)),
                None => None,
            },
            new_season: o.bool("new-season").unwrap_or(false),
        }),
        "score" => Slash::Score { table: o.number("table")? },
        "top" => Slash::Top { variant: o.variant()? },
        "export" => Slash::Export,
        "stop" => Slash::Stop { table: o.number("table")? },
        "help" => Slash::Help,
        _ => return None,
    };
    Some(slash)
}

fn preset(key: &str) -> Option<Preset> {
    Preset::ALL.into_iter().find(|p| p.key() == key)
}

/// A subcommand's options by name. The outer `Option` of each getter is "well formed".
struct Options<'a>(&'a [ResolvedOption<'a>]);

impl<'a> Options<'a> {
    fn get(&self, name: &str) -> Option<&ResolvedValue<'a>> {
        self.0.iter().find(|o| o.name == name).map(|o| &o.value)
    }

    fn str(&self, name: &str) -> Option<&'a str> {
        match self.get(name) {
            Some(ResolvedValue::String(s)) => Some(s),
            _ => None,
        }
    }

    fn int(&self, name: &str) -> Option<i64> {
        match self.get(name) {
            Some(ResolvedValue::Integer(n)) => Some(*n),
            _ => None,
        }
    }

    fn bool(&self, name: &str) -> Option<bool> {
        match self.get(name) {
            Some(ResolvedValue::Boolean(b)) => Some(*b),
            _ => None,
        }
    }

    fn user(
        &self,
        name: &str,
    ) -> Option<(&'a serenity::model::user::User, Option<&'a serenity::model::guild::PartialMember>)>
    {
        match self.get(name) {
            Some(ResolvedValue::User(u, m)) => Some((*u, *m)),
            _ => None,
        }
    }

    /// The `variant` option: `Some(None)` when absent, `None` when not a variant.
    fn variant(&self) -> Option<Option<Variant>> {
        match self.str("variant") {
            Some(k) => k.parse().ok().map(Some),
            None => Some(None),
        }
    }

    fn preset(&self) -> Option<Option<Preset>> {
        match self.str("preset") {
            Some(k) => preset(k).map(Some),
            None => Some(None),
        }
    }

    /// A table number: `Some(None)` when absent.
    fn number(&self, name: &str) -> Option<Option<u32>> {
        match self.int(name) {
            Some(n) => u32::try_from(n).ok().map(Some),
            None => Some(None),
        }
    }
}
