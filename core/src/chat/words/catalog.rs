//! The one list of what a chat can ask: every command with its Russian and English name and
//! description, and its arguments with their kinds. Telegram's command menus and Discord's
//! slash-command definitions are generated from [`COMMANDS`]; Telegram's words and Discord's
//! options are both read into [`crate::chat::Args`] by kind (see `words`).

use crate::engine::rules::Words;
use crate::session::Lang;
use crate::view::text::pick;

/// A command.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Cmd {
    New,
    Duel,
    Rematch,
    Rules,
    Settings,
    Score,
    Tables,
    Table,
    Top,
    History,
    Replay,
    Vs,
    Me,
    Hand,
    Pings,
    Hint,
    Review,
    Export,
    Season,
    Clock,
    Tournament,
    Tags,
    Watch,
    Screen,
    Stop,
    Help,
}

/// What an argument holds.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum ArgKind {
    /// A game: its key, or its Russian or English name.
    Game,
    /// Seats at the table: 2 to 8 (more than four only with a larger set).
    Players,
    /// The set, by its highest pip: 6, 9, 12, 15 or 18 (Telegram: «дубль-12»).
    Set,
    /// The pair game.
    Pairs,
    /// A preset name.
    Preset,
    /// The score that ends the match.
    Target,
    /// Further rule options, as words (`eggs`, `-two_doubles`, `deal=7`).
    Options,
    /// A person (a mention, a reply, a user option).
    Opponent,
    /// The computer as the opponent.
    Computer,
    /// A table number in the chat.
    Table,
    /// A season number.
    Season,
    /// Standings of pairs of partners.
    PairsTable,
    /// Standings of every season together.
    AllTime,
    /// Start a new season.
    NewSeason,
    /// Renew a link, refusing the old one (`/screen new`).
    NewLink,
    /// Open the table in a thread of its own (Discord; Telegram's topics are made by people,
    /// and a table opened in one lives there).
    Thread,
    /// How many to list (`/history`).
    Count,
    /// Which finished match, counted back from the latest (`/replay`).
    Ago,
    /// Which round of that match, 1 the first (`/replay N round R`, or a bare second number).
    Round,
    /// A tournament's format: `round` (a round robin of people) or `arena`.
    TourFormat,
    /// Days from a tournament's start to its deadline.
    Days,
    /// An arena's minutes.
    Minutes,
    /// An arena's bonus for a winning streak.
    Streak,
    /// A pairs night's rounds.
    Rounds,
    /// The chat's own words for a member tag (`/tags`): the rest of the words, read by the
    /// command itself.
    TagWords,
    /// How a person's turn pings come: by mention, quietly, or not at all.
    Pings,
    /// The chat's time zone (`/clock`): a city, an IANA name or an offset, the rest of the
    /// words, read by the command itself.
    Zone,
}

impl ArgKind {
    /// The range of a number argument (`crate::bounds`): Discord's `min`/`max` and every check.
    pub fn bound(self) -> Option<&'static crate::bounds::Bound> {
        use crate::bounds;
        match self {
            ArgKind::Players => Some(&bounds::PLAYERS),
            ArgKind::Target => Some(&bounds::TARGET),
            ArgKind::Table => Some(&bounds::TABLE),
            ArgKind::Season => Some(&bounds::SEASON),
            ArgKind::Count => Some(&bounds::HISTORY_COUNT),
            ArgKind::Ago => Some(&bounds::REPLAY_AGO),
            ArgKind::Round => Some(&bounds::REPLAY_ROUND),
            ArgKind::Days => Some(&bounds::TOURNAMENT_DEADLINE_DAYS),
            ArgKind::Minutes => Some(&bounds::ARENA_MINUTES),
            ArgKind::Rounds => Some(&bounds::TOURNAMENT_ROUNDS),
            _ => None,
        }
    }

    /// The values a platform may offer for the argument (Discord's choices), in order; none
    /// for an argument typed freely.
    pub fn choices(self) -> Vec<Choice> {
        use crate::engine::rules::{Preset, Variant};
        use crate::view::variant_name;
        match self {
            ArgKind::Game => Variant::ALL
                .iter()
                .map(|&v| Choice {
                    key: v.key(),
                    en: variant_name(v, Lang::En),
                    ru: variant_name(v, Lang::Ru),
                })
                .collect(),
            ArgKind::Preset => Preset::ALL
                .iter()
                .map(|&p| {
                    let (en, ru) = match p {
                        Preset::Troshin => ("Troshin", "Трошин"),
                        Preset::Plain => ("plain", "простые"),
                        Preset::Sport => ("sport", "спортивные"),
                    };
                    Choice { key: p.key(), en, ru }
                })
                .collect(),
            ArgKind::Set => vec![
                Choice { key: "6", en: "double-six (28)", ru: "дубль-6 (28 костей)" },
                Choice { key: "9", en: "double-nine (55)", ru: "дубль-9 (55 костей)" },
                Choice { key: "12", en: "double-twelve (91)", ru: "дубль-12 (91 кость)" },
                Choice {
                    key: "15", en: "double-fifteen (136)", ru: "дубль-15 (136 костей)"
                },
                Choice {
                    key: "18", en: "double-eighteen (190)", ru: "дубль-18 (190 костей)"
                },
            ],
            ArgKind::Pings => vec![
                Choice { key: "mention", en: "by mention", ru: "с упоминанием" },
                Choice { key: "quiet", en: "quietly", ru: "тихо" },
                Choice { key: "off", en: "not at all", ru: "никак" },
            ],
            ArgKind::TourFormat => vec![
                Choice { key: "round", en: "round robin", ru: "круговой" },
                Choice { key: "arena", en: "arena", ru: "арена" },
                Choice {
                    key: "pairs", en: "round robin of pairs", ru: "круговой парами"
                },
                Choice { key: "night", en: "pairs night", ru: "вечер пар" },
            ],
            _ => Vec::new(),
        }
    }
}

/// One value offered for an argument: what the platform sends back, and its names.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Choice {
    pub key: &'static str,
    pub en: &'static str,
    pub ru: &'static str,
}

/// One argument of a command.
#[derive(Copy, Clone, Debug)]
pub struct ArgSpec {
    pub kind: ArgKind,
    /// The option's name on Discord (English; lowercase).
    pub key: &'static str,
    /// Its Russian name on Discord.
    pub ru: &'static str,
    pub help: Words,
}

/// One command.
#[derive(Copy, Clone, Debug)]
pub struct CommandSpec {
    pub cmd: Cmd,
    /// Its name: `/new` in Telegram, `/domino new` in Discord.
    pub key: &'static str,
    /// Its Russian name (Discord's localized subcommand name).
    pub ru: &'static str,
    pub help: Words,
    /// How to write it in Telegram, after the command (`[игра] [2-4] [пары]`).
    pub usage: Words,
    pub args: &'static [ArgSpec],
}

impl CommandSpec {
    pub fn help(&self, lang: Lang) -> &'static str {
        pick(self.help, lang)
    }

    pub fn usage(&self, lang: Lang) -> &'static str {
        pick(self.usage, lang)
    }

    /// Whether only the person who asks sees the answer (Telegram's ephemeral commands,
    /// Discord's ephemeral answers).
    pub fn only_you(&self) -> bool {
        matches!(self.cmd, Cmd::Hand | Cmd::Hint | Cmd::Review | Cmd::Watch | Cmd::Screen)
    }

    /// Whether `platform` offers the command: member tags (`/tags`) are Telegram's only.
    pub fn offered_on(&self, platform: crate::ids::Platform) -> bool {
        self.cmd != Cmd::Tags || platform == crate::ids::Platform::Telegram
    }

    pub fn arg(&self, kind: ArgKind) -> Option<&'static ArgSpec> {
        self.args.iter().find(|a| a.kind == kind)
    }
}

pub use super::commands::COMMANDS;

/// The spec of a command.
pub fn spec(cmd: Cmd) -> &'static CommandSpec {
    COMMANDS.iter().find(|c| c.cmd == cmd).expect("every command is in the catalog")
}

/// The command named `name` (its key or its Russian name, any case), whichever platform
/// offers it (the chat answers a command its platform does not offer as unknown).
pub fn command_named(name: &str) -> Option<&'static CommandSpec> {
    let name = name.to_lowercase();
    COMMANDS.iter().find(|c| c.key == name || c.ru == name)
}

/// Telegram's command menu in `lang`: (command, description).
pub fn menu(lang: Lang) -> Vec<(&'static str, String)> {
    COMMANDS
        .iter()
        .filter(|c| c.offered_on(crate::ids::Platform::Telegram))
        .map(|c| {
            let usage = c.usage(lang);
            let text = if usage.is_empty() {
                c.help(lang).to_owned()
            } else {
                format!("{}: /{} {usage}", c.help(lang), c.key)
            };
            (c.key, text)
        })
        .collect()
}
