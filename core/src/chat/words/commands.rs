//! Every command the chats know, with its names, help, usage and arguments, in menu order
//! (the types are `catalog`'s).

use super::catalog::{ArgKind, Cmd, CommandSpec};

use super::command_args::*;

/// Every command, in menu order.
pub static COMMANDS: &[CommandSpec] = &[
    CommandSpec {
        cmd: Cmd::New,
        key: "new",
        ru: "стол",
        help: w("открыть стол", "open a table"),
        usage: w(
            "[игра] [2-8] [пары] [до N] [пресет] [правила]",
            "[game] [2-8] [pairs] [to N] [preset] [rules]",
        ),
        args: &[
            GAME,
            PLAYERS,
            PAIRS,
            TARGET,
            SET,
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
        cmd: Cmd::Rematch,
        key: "rematch",
        ru: "реванш",
        help: w(
            "следующий матч за тем же столом с другими правилами (хозяин стола)",
            "the next match at the same table with other rules (the table's host)",
        ),
        usage: w(
            "[номер стола] [игра] [до N] [пресет] [правила]",
            "[table number] [game] [to N] [preset] [rules]",
        ),
        args: &[TABLE, GAME, PAIRS, TARGET, SET, PRESET, OPTIONS],
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
        cmd: Cmd::Tables,
        key: "tables",
        ru: "столы",
        help: w(
            "открытые столы чата: кто сидит и чего ждёт стол",
            "the chat's open tables: who sits and what each waits for",
        ),
        usage: w("", ""),
        args: &[],
    },
    CommandSpec {
        cmd: Cmd::Table,
        key: "table",
        ru: "перенести",
        help: w(
            "перенести стол вниз чата (старое сообщение скажет, куда он ушёл)",
            "bring a table to the bottom of the chat (its old message says where it went)",
        ),
        usage: w("[номер стола]", "[table number]"),
        args: &[arg(
            ArgKind::Table,
            "number",
            "номер",
            w("Номер стола из списка столов", "The table's number from the list of tables"),
        )],
    },
    CommandSpec {
        cmd: Cmd::Watch,
        key: "watch",
        ru: "смотреть",
        help: w(
            "смотреть стол без места за ним (видно только вам; ещё раз — перестать)",
            "watch a table without a seat (only you see it; again to stop)",
        ),
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
            SEASON,
            ALL_TIME,
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
        cmd: Cmd::Replay,
        key: "replay",
        ru: "повтор",
        help: w(
            "повтор раунда матча из истории анимацией (обычно последнего)",
            "a round of a match of the history, as an animation (the last by default)",
        ),
        usage: w("[N: 1 — последний матч] [раунд R]", "[N: 1 is the latest match] [round R]"),
        args: &[
            arg(
                ArgKind::Ago,
                "match",
                "матч",
                w(
                    "Какой матч истории: 1 — последний (1–30)",
                    "Which match of the history: 1 is the latest (1–30)",
                ),
            ),
            arg(
                ArgKind::Round,
                "round",
                "раунд",
                w(
                    "Какой раунд матча: 1 — первый (обычно последний)",
                    "Which round of the match: 1 is the first (the last by default)",
                ),
            ),
        ],
    },
    CommandSpec {
        cmd: Cmd::Vs,
        key: "vs",
        ru: "против",
        help: w(
            "ваши матчи против человека и вместе с ним",
            "your matches against a person, and together",
        ),
        usage: w("@игрок [игра]", "@player [game]"),
        args: &[
            arg(
                ArgKind::Opponent,
                "opponent",
                "соперник",
                w("С кем сравнить", "Compare with whom"),
            ),
            GAME,
        ],
    },
    CommandSpec {
        cmd: Cmd::Me,
        key: "me",
        ru: "я",
        help: w(
            "ваша карточка: матчи по играм, рейтинг, серии, партнёр и соперник",
            "your card: matches per game, rating, streaks, partner and rival",
        ),
        usage: w("", ""),
        args: &[],
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
        cmd: Cmd::Pings,
        key: "pings",
        ru: "пинги",
        help: w(
            "как звать вас к ходу: с упоминанием, тихо или никак",
            "how you are called to move: by mention, quietly or not at all",
        ),
        usage: w("[упоминание | тихо | нет]", "[mention | quiet | off]"),
        args: &[arg(
            ArgKind::Pings,
            "mode",
            "как",
            w(
                "С упоминанием, тихо (без уведомления) или никак",
                "By mention, quietly (no notification) or not at all",
            ),
        )],
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
            "файлы сезона: записи матчей, таблица и история рейтинга (CSV)",
            "the season's files: match records, standings, rating history (CSV)",
        ),
        usage: w("[сезон N | всё]", "[season N | all]"),
        args: &[SEASON, ALL_TIME],
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
        cmd: Cmd::Clock,
        key: "clock",
        ru: "часы",
        help: w(
            "часовой пояс чата: город, пояс или сдвиг от UTC (админ; без слов — какой сейчас)",
            "the chat's time zone: a city, a zone or an offset from UTC (an admin; alone, the current one)",
        ),
        usage: w("[город | Europe/Berlin | +3 | сброс]", "[city | Europe/Berlin | +3 | reset]"),
        args: &[arg(
            ArgKind::Zone,
            "zone",
            "пояс",
            w(
                "Город (Москва), пояс (Europe/Berlin) или сдвиг (+3)",
                "A city (Berlin), a zone (Europe/Berlin) or an offset (+3)",
            ),
        )],
    },
    CommandSpec {
        cmd: Cmd::Screen,
        key: "screen",
        ru: "экран",
        help: w(
            "ссылка на страницу чата для экрана, только чтение (админ; видно только вам)",
            "a link to the chat's read-only page for a screen (an admin; only you see it)",
        ),
        usage: w("[новый]", "[new]"),
        args: &[arg(
            ArgKind::NewLink,
            "new",
            "новый",
            w("Отозвать ссылку и выдать новую", "Revoke the link and give a new one"),
        )],
    },
    CommandSpec {
        cmd: Cmd::Tournament,
        key: "tournament",
        ru: "турнир",
        help: w(
            "турнир чата: круговой, арена, круговой парами или вечер пар; без слов — текущий",
            "the chat's tournament: a round robin, an arena, pairs or a pairs night; alone, the current one",
        ),
        usage: w(
            "[круг|пары [игра] [дней N] | арена [игра] [минут N] [серия] | вечер [игра] [раундов N]]",
            "[round|pairs [game] [days N] | arena [game] [minutes N] [streak] | night [game] [rounds N]]",
        ),
        args: &[
            arg(
                ArgKind::TourFormat,
                "format",
                "формат",
                w(
                    "Круговой, арена, круговой парами или вечер пар",
                    "A round robin, an arena, pairs or a pairs night",
                ),
            ),
            GAME,
            TARGET,
            PRESET,
            OPTIONS,
            arg(
                ArgKind::Days,
                "days",
                "дней",
                w("Срок кругового в днях (1–30)", "A round robin's deadline in days (1–30)"),
            ),
            arg(
                ArgKind::Minutes,
                "minutes",
                "минут",
                w(
                    "Длина арены в минутах (10–240, обычно 60)",
                    "An arena's minutes (10–240, 60 by default)",
                ),
            ),
            arg(
                ArgKind::Rounds,
                "rounds",
                "раундов",
                w(
                    "Раундов вечера пар (1–10, обычно 3)",
                    "A pairs night's rounds (1–10, 3 by default)",
                ),
            ),
            arg(
                ArgKind::Streak,
                "streak",
                "серия",
                w("Арена: бонус за серию побед", "Arena: a bonus for a winning streak"),
            ),
        ],
    },
    CommandSpec {
        cmd: Cmd::Tags,
        key: "tags",
        ru: "метки",
        help: w(
            "свои слова для меток козла и чемпиона (админ; без слов — какие сейчас)",
            "the chat's own words for the goat's and the champion's tags (an admin; alone, the current ones)",
        ),
        usage: w("[козёл|чемпион слова | сброс]", "[goat|champion words | reset]"),
        args: &[arg(
            ArgKind::TagWords,
            "words",
            "слова",
            w("Чья метка и слова", "Whose tag, and its words"),
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
        help: w("что умеет бот; «всё» — все команды", "what the bot does; «all»: every command"),
        usage: w("[всё]", "[all]"),
        args: &[HELP_ALL],
    },
];
