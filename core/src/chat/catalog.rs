//! The one list of what a chat can ask: every command with its Russian and English name and
//! description, and its arguments with their kinds. Telegram's command menus and Discord's
//! slash-command definitions are generated from [`COMMANDS`]; Telegram's words and Discord's
//! options are both read into [`super::Args`] by kind (see `words`).

use crate::engine::rules::Words;
use crate::session::Lang;
use crate::view::text::pick;

/// A command.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Cmd {
    New,
    Duel,
    Rules,
    Settings,
    Score,
    Top,
    History,
    Hand,
    Hint,
    Review,
    Export,
    Season,
    Stop,
    Help,
}

/// What an argument holds.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum ArgKind {
    /// A game: its key, or its Russian or English name.
    Game,
    /// Seats at the table: 2 to 4.
    Players,
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
    /// Open the table in a thread of its own (Discord; Telegram's topics are made by people,
    /// and a table opened in one lives there).
    Thread,
    /// How many to list (`/history`).
    Count,
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
        matches!(self.cmd, Cmd::Hand | Cmd::Hint | Cmd::Review)
    }

    pub fn arg(&self, kind: ArgKind) -> Option<&'static ArgSpec> {
        self.args.iter().find(|a| a.kind == kind)
    }
}

const fn w(ru: &'static str, en: &'static str) -> Words {
    Words { ru, en }
}

const fn arg(kind: ArgKind, key: &'static str, ru: &'static str, help: Words) -> ArgSpec {
    ArgSpec { kind, key, ru, help }
}

const GAME: ArgSpec = arg(ArgKind::Game, "game", "игра", w("Игра", "The game"));
const PLAYERS: ArgSpec =
    arg(ArgKind::Players, "players", "игроков", w("Мест за столом (2–4)", "Seats (2–4)"));
const PAIRS: ArgSpec = arg(
    ArgKind::Pairs,
    "pairs",
    "пары",
    w("Парами (4 игрока; «Козёл», «Морской», «Осёл»)", "In pairs (4 players; Kozel family)"),
);
const PRESET: ArgSpec =
    arg(ArgKind::Preset, "preset", "пресет", w("Набор домашних правил", "A set of house rules"));
const TARGET: ArgSpec =
    arg(ArgKind::Target, "target", "до", w("До скольких очков", "The score that ends the match"));
const OPTIONS: ArgSpec = arg(
    ArgKind::Options,
    "options",
    "правила",
    w(
        "Ещё правила словами: яйца, -два_дубля, по=7",
        "More rules as words: eggs, -two_doubles, deal=7",
    ),
);
const TABLE: ArgSpec =
    arg(ArgKind::Table, "table", "стол", w("Номер стола в чате", "Table number in this chat"));

/// Every command, in menu order.
pub static COMMANDS: &[CommandSpec] = &[
    CommandSpec {
        cmd: Cmd::New,
        key: "new",
        ru: "стол",
        help: w("открыть стол", "open a table"),
        usage: w(
            "[игра] [2-4] [пары] [до N] [пресет] [правила]",
            "[game] [2-4] [pairs] [to N] [preset] [rules]",
        ),
        args: &[
            GAME,
            PLAYERS,
            PAIRS,
            TARGET,
            PRESET,
            OPTIONS,
            arg(
                ArgKind::Thread,
                "thread",
                "ветка",
                w("Открыть стол в отдельной ветке", "Open the table in a thread of its own"),
            ),
        ],
    },
    CommandSpec {
        cmd: Cmd::Duel,
        key: "duel",
        ru: "дуэль",
        help: w("партия один на один", "a one-on-one game"),
        usage: w("@игрок [игра] · бот [игра]", "@player [game] · bot [game]"),
        args: &[
            arg(ArgKind::Opponent, "opponent", "соперник", w("Кого вызвать", "Whom to challenge")),
            arg(
                ArgKind::Computer,
                "computer",
                "компьютер",
                w("Сыграть с компьютером", "Play the computer"),
            ),
            GAME,
            TARGET,
            PRESET,
            OPTIONS,
        ],
    },
    CommandSpec {
        cmd: Cmd::Rules,
        key: "rules",
        ru: "правила",
        help: w("правила игры и её настройки", "the rules of a game and its options"),
        usage: w("[игра] [правила]", "[game] [rules]"),
        args: &[GAME, PAIRS, TARGET, PRESET, OPTIONS],
    },
    CommandSpec {
        cmd: Cmd::Settings,
        key: "settings",
        ru: "настройки",
        help: w(
            "настройки чата: язык, таймер, компьютер, правила",
            "the chat's settings: language, timer, computer, rules",
        ),
        usage: w("", ""),
        args: &[],
    },
    CommandSpec {
        cmd: Cmd::Score,
        key: "score",
        ru: "счёт",
        help: w("счёт текущего матча", "the score of the match in play"),
        usage: w("[номер стола]", "[table number]"),
        args: &[TABLE],
    },
    CommandSpec {
        cmd: Cmd::Top,
        key: "top",
        ru: "таблица",
        help: w("таблица чата", "the chat's standings"),
        usage: w("[игра] [пары | бот] [сезон N | всё]", "[game] [pairs | bot] [season N | all]"),
        args: &[
            GAME,
            arg(ArgKind::PairsTable, "pairs", "пары", w("Таблица пар", "Standings of pairs")),
            arg(
                ArgKind::Computer,
                "computer",
                "компьютер",
                w("Матчи с компьютером (отдельная таблица)", "Matches with a computer (apart)"),
            ),
            arg(ArgKind::Season, "season", "сезон", w("Номер сезона", "Season number")),
            arg(ArgKind::AllTime, "all", "всё", w("За всё время", "All seasons together")),
        ],
    },
    CommandSpec {
        cmd: Cmd::History,
        key: "history",
        ru: "история",
        help: w("последние матчи чата", "the chat's last matches"),
        usage: w("[игра] [N]", "[game] [N]"),
        args: &[
            GAME,
            arg(
                ArgKind::Count,
                "count",
                "сколько",
                w("Сколько матчей (1–30, обычно 10)", "How many matches (1–30, 10 by default)"),
            ),
        ],
    },
    CommandSpec {
        cmd: Cmd::Hand,
        key: "hand",
        ru: "кости",
        help: w(
            "ваши кости за столом здесь (видно только вам)",
            "your tiles at your table here (only you see them)",
        ),
        usage: w("[номер стола]", "[table number]"),
        args: &[TABLE],
    },
    CommandSpec {
        cmd: Cmd::Hint,
        key: "hint",
        ru: "подсказка",
        help: w(
            "подсказка эксперта для вашего хода (видно только вам)",
            "the expert's hint for your move (only you see it)",
        ),
        usage: w("[номер стола]", "[table number]"),
        args: &[TABLE],
    },
    CommandSpec {
        cmd: Cmd::Review,
        key: "review",
        ru: "разбор",
        help: w(
            "разбор ваших ходов в последнем сыгранном раунде (видно только вам)",
            "a review of your moves in the last round played (only you see it)",
        ),
        usage: w("[номер стола]", "[table number]"),
        args: &[TABLE],
    },
    CommandSpec {
        cmd: Cmd::Export,
        key: "export",
        ru: "экспорт",
        help: w(
            "запись последнего матча и таблица (CSV)",
            "the last match's record and the standings (CSV)",
        ),
        usage: w("", ""),
        args: &[],
    },
    CommandSpec {
        cmd: Cmd::Season,
        key: "season",
        ru: "сезон",
        help: w(
            "сезон таблицы; «новый» — начать новый (админы)",
            "the standings' season; «new» starts one (admins)",
        ),
        usage: w("[новый]", "[new]"),
        args: &[arg(
            ArgKind::NewSeason,
            "new",
            "новый",
            w("Начать новый сезон", "Start a new season"),
        )],
    },
    CommandSpec {
        cmd: Cmd::Stop,
        key: "stop",
        ru: "стоп",
        help: w("закрыть стол (хозяин или админ)", "close a table (the host or an admin)"),
        usage: w("[номер стола]", "[table number]"),
        args: &[TABLE],
    },
    CommandSpec {
        cmd: Cmd::Help,
        key: "help",
        ru: "помощь",
        help: w("что умеет бот", "what the bot does"),
        usage: w("", ""),
        args: &[],
    },
];

/// The spec of a command.
pub fn spec(cmd: Cmd) -> &'static CommandSpec {
    COMMANDS.iter().find(|c| c.cmd == cmd).expect("every command is in the catalog")
}

/// The command named `name` (its key or its Russian name, any case).
pub fn command_named(name: &str) -> Option<&'static CommandSpec> {
    let name = name.to_lowercase();
    COMMANDS.iter().find(|c| c.key == name || c.ru == name)
}

/// Telegram's command menu in `lang`: (command, description).
pub fn menu(lang: Lang) -> Vec<(&'static str, String)> {
    COMMANDS
        .iter()
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
