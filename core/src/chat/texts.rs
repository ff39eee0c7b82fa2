//! What the chat layer says itself, in Russian and English: no table here, a word not
//! understood, whom to challenge, seasons, files. Everything about the game is in `view`.

use super::CommandSpec;
pub use super::help::{help, help_all};
use super::words::WordError;
use crate::session::{Lang, Platform};
use crate::view::text::tr;

pub fn no_table(lang: Lang, p: &str) -> String {
    match lang {
        Lang::Ru => format!("В этом чате нет открытого стола. Откройте: {p}new"),
        Lang::En => format!("No open table in this chat. Open one: {p}new"),
    }
}

pub fn no_such_table(lang: Lang, number: u32) -> String {
    match lang {
        Lang::Ru => format!("Открытого стола №{number} здесь нет."),
        Lang::En => format!("There is no open table #{number} here."),
    }
}

pub fn no_record(lang: Lang) -> &'static str {
    tr(lang, "Здесь ещё ни один матч не доигран.", "No match has finished here yet.")
}

/// How a duel with the computer is asked for on a platform, in the names a person of `lang`
/// sees there (Discord shows the catalog's Russian names to Russian clients).
pub(super) fn duel_computer(platform: Platform, lang: Lang) -> &'static str {
    match (platform, lang) {
        (Platform::Discord, Lang::Ru) => "/domino дуэль компьютер:True",
        (Platform::Discord, Lang::En) => "/domino duel computer:True",
        (Platform::Telegram, Lang::Ru) => "/duel бот",
        (Platform::Telegram, Lang::En) => "/duel bot",
        (Platform::Terminal, Lang::Ru) => "duel бот",
        (Platform::Terminal, Lang::En) => "duel bot",
    }
}

pub fn duel_usage(lang: Lang, platform: Platform) -> String {
    let bot = duel_computer(platform, lang);
    match (platform, lang) {
        (Platform::Discord, Lang::Ru) => {
            format!(
                "Кого вызвать? /domino дуэль соперник:@игрок [игра], или {bot} — с компьютером."
            )
        }
        (Platform::Discord, Lang::En) => format!(
            "Whom to challenge? /domino duel opponent:@player [game], or {bot} for the computer."
        ),
        (_, Lang::Ru) => format!(
            "Кого вызвать? {p}duel @имя [игра], ответом на сообщение игрока, или {bot} [игра] — с компьютером.",
            p = super::prefix(platform)
        ),
        (_, Lang::En) => format!(
            "Whom to challenge? {p}duel @name [game], as a reply to the player's message, or {bot} [game] for the computer.",
            p = super::prefix(platform)
        ),
    }
}

pub fn duel_self(lang: Lang, platform: Platform) -> String {
    let bot = duel_computer(platform, lang);
    match lang {
        Lang::Ru => {
            format!("С самим собой не сыграть: вызовите другого игрока или компьютер ({bot}).")
        }
        Lang::En => {
            format!("You cannot duel yourself: challenge someone else, or the computer ({bot}).")
        }
    }
}

pub fn duel_not_member(lang: Lang, name: &str) -> String {
    let name = crate::view::text::display_name(name);
    match lang {
        Lang::Ru => format!("{name} не в этом чате: вызвать можно только участника чата."),
        Lang::En => format!("{name} is not in this chat: only its members can be challenged."),
    }
}

/// The platform could not say whether the person a `/duel` names is in the chat.
pub fn duel_unchecked(lang: Lang, name: &str) -> String {
    let name = crate::view::text::display_name(name);
    match lang {
        Lang::Ru => format!(
            "Не удалось проверить, есть ли {name} в этом чате, — вызов не отправлен. \
             Попробуйте ещё раз чуть позже."
        ),
        Lang::En => format!(
            "Could not check whether {name} is in this chat, so no challenge was sent. \
             Try again in a moment."
        ),
    }
}

/// The name of a Discord thread a table is opened in.
pub fn thread_name(lang: Lang, host: &str) -> String {
    let host = crate::view::text::display_name(host);
    match lang {
        Lang::Ru => format!("🎲 Домино: стол {host}"),
        Lang::En => format!("🎲 Domino: {host}'s table"),
    }
}

pub fn duel_unknown(lang: Lang, p: &str, name: &str) -> String {
    match lang {
        Lang::Ru => format!(
            "Я пока не знаю @{name}: пусть напишет здесь любую команду (например {p}help), или вызовите его ответом на его сообщение."
        ),
        Lang::En => format!(
            "I do not know @{name} yet: ask them to send any command here ({p}help, say), or challenge them by replying to their message."
        ),
    }
}

/// A word a command did not understand, and what the command takes.
pub fn bad_words(lang: Lang, p: &str, spec: &CommandSpec, error: &WordError) -> String {
    let head = match (error, lang) {
        (WordError::Unknown(w), Lang::Ru) => format!("Не понимаю «{w}»."),
        (WordError::Unknown(w), Lang::En) => format!("I do not understand «{w}»."),
        (WordError::BadValue { word, .. }, Lang::Ru) => format!("После «{word}» нужно значение."),
        (WordError::BadValue { word, .. }, Lang::En) => format!("«{word}» needs a value."),
        // A number out of its range is told its range alone, the same words however it was
        // typed (Telegram's words, Discord's typed options: `Args::check_bounds`).
        (WordError::OutOfRange { range, .. }, _) => {
            return crate::view::refusal::out_of_range_text(range, lang);
        }
    };
    let usage = spec.usage(lang);
    let mut out = format!("{head}\n{p}{} {usage}", spec.key);
    if spec.arg(super::ArgKind::Game).is_some() {
        let games = super::game_names_text(lang);
        out.push_str(&format!("\n{} {games}", tr(lang, "Игры:", "Games:")));
    }
    if spec.arg(super::ArgKind::Options).is_some() {
        out.push_str(&match lang {
            Lang::Ru => format!("\nПравила словами — в {p}rules."),
            Lang::En => format!("\nRule words: see {p}rules."),
        });
    }
    out
}

pub fn unknown_button(lang: Lang) -> &'static str {
    tr(
        lang,
        "Эта кнопка не отсюда или устарела.",
        "This button does not belong here or is out of date.",
    )
}

pub fn failed(lang: Lang) -> &'static str {
    tr(lang, "Не получилось, попробуйте ещё раз.", "That did not work; try again.")
}

/// A table that no longer reads (at start-up, or changed by another process): it was set aside.
pub fn set_aside(lang: Lang, number: u32) -> String {
    match lang {
        Lang::Ru => format!(
            "⚠️ Стол №{number} не удалось восстановить из хранилища: он закрыт, таблица очков не изменилась."
        ),
        Lang::En => format!(
            "⚠️ Table #{number} could not be restored from the store: it is closed, the scoreboard is unchanged."
        ),
    }
}

pub fn season_started(lang: Lang, p: &str, number: u32) -> String {
    let last = number - 1;
    match lang {
        Lang::Ru => format!(
            "🆕 Начат сезон {number}: таблица с нуля. Прошлые сохранены: {p}top сезон {last}"
        ),
        Lang::En => format!(
            "🆕 Season {number} has begun: the standings start afresh. Older ones are kept: {p}top season {last}"
        ),
    }
}

pub fn season_now(lang: Lang, p: &str, number: u32) -> String {
    match lang {
        Lang::Ru => {
            format!("📅 Сейчас сезон {number}. Новый сезон начинают админы: {p}season новый")
        }
        Lang::En => format!("📅 This is season {number}. Admins start a new one: {p}season new"),
    }
}

pub fn season_header(lang: Lang, number: u32) -> String {
    match lang {
        Lang::Ru => format!("Сезон {number}"),
        Lang::En => format!("Season {number}"),
    }
}

/// `/top pairs bot`: pairs count person-only matches only.
pub fn no_computer_pairs(lang: Lang) -> &'static str {
    tr(
        lang,
        "Пары считаются только в матчах без компьютера: таблица пар — без «бот», матчи с \
         компьютером — без «пары».",
        "Pairs count matches without a computer only: ask for pairs without «bot», or for \
         matches with a computer without «pairs».",
    )
}

/// `/history N` with N out of range.
pub fn history_count(lang: Lang, max: u32) -> String {
    match lang {
        Lang::Ru => format!("Сколько матчей показать: от 1 до {max}."),
        Lang::En => format!("How many matches to show: 1 to {max}."),
    }
}

pub fn admins_only(lang: Lang) -> &'static str {
    tr(lang, "Это могут только админы чата.", "Only the chat's admins can do that.")
}

pub fn menu_stale(lang: Lang) -> &'static str {
    tr(
        lang,
        "Меню устарело — вот настройки как они есть.",
        "This menu is out of date: here are the settings as they are.",
    )
}

pub fn table_opened(lang: Lang, number: u32) -> String {
    match lang {
        Lang::Ru => format!("🎲 Стол №{number} открыт."),
        Lang::En => format!("🎲 Table #{number} is open."),
    }
}

pub fn bad_link(lang: Lang) -> &'static str {
    tr(lang, "Эта ссылка устарела или неверна.", "This link is out of date or wrong.")
}

pub fn members_only(lang: Lang) -> &'static str {
    tr(
        lang,
        "За этот стол садятся участники его чата: вступите в чат и нажмите «Сесть» там.",
        "This table is for the members of its chat: join the chat and press «Join» there.",
    )
}

/// A forged tournament press from someone who is not a member of its chat.
pub fn tour_members_only(lang: Lang) -> &'static str {
    tr(
        lang,
        "В турнир записываются участники его чата: вступите в чат и нажмите «Участвую» там.",
        "A tournament takes the members of its chat: join the chat and press «Join» there.",
    )
}

pub fn joined(lang: Lang, title: &str) -> String {
    match lang {
        Lang::Ru => format!("✅ Вы за столом «{title}». Кости придут сюда, когда начнётся матч."),
        Lang::En => {
            format!("✅ You are seated at «{title}». Your tiles come here when the match starts.")
        }
    }
}

pub fn hello(lang: Lang) -> &'static str {
    tr(
        lang,
        "👋 Привет! Я веду партии в домино в групповых чатах. Добавьте меня в группу и наберите /new. Свои кости вы будете видеть здесь.",
        "👋 Hi! I run domino games in group chats. Add me to a group and type /new. Your tiles will show up here.",
    )
}

pub fn no_hand(lang: Lang) -> &'static str {
    tr(lang, "Кости ещё не розданы.", "No tiles have been dealt yet.")
}

/// A hint in words, when the hand cannot show it.
pub fn hint_given(lang: Lang, label: &str) -> String {
    match lang {
        Lang::Ru => format!("💡 Подсказка эксперта: {label}."),
        Lang::En => format!("💡 The expert suggests: {label}."),
    }
}

/// `/review` with no finished round to look at.
pub fn review_nothing(lang: Lang) -> &'static str {
    tr(
        lang,
        "🔎 За этим столом ещё не доигран ни один раунд — разбирать пока нечего.",
        "🔎 No round has finished at this table yet: nothing to review.",
    )
}

/// "🔎 Разбор: Козёл · стол №1, раунд 2".
pub fn review_header(lang: Lang, title: &str, round: u32) -> String {
    match lang {
        Lang::Ru => format!("🔎 Разбор ваших ходов: {title}, раунд {round}"),
        Lang::En => format!("🔎 Your moves reviewed: {title}, round {round}"),
    }
}

/// A review that found nothing to improve.
pub fn review_clean(lang: Lang, judged: usize) -> String {
    match lang {
        Lang::Ru => {
            format!("Эксперт не нашёл хода заметно лучше вашего (ходов с выбором: {judged}).")
        }
        Lang::En => format!(
            "The expert found no move clearly better than yours ({judged} moves with a choice)."
        ),
    }
}

/// One slip: "3. Ваш 4-й ход: 5|3 ◀ влево; лучше 6|3 ▶ вправо (−0.12 раунда)".
pub fn review_slip(lang: Lang, own: usize, played: &str, better: &str, loss: f32) -> String {
    match lang {
        Lang::Ru => format!("• Ваш {own}-й ход: {played}; лучше {better} (−{loss:.2} раунда)"),
        Lang::En => format!("• Your move {own}: {played}; better {better} (−{loss:.2} of a round)"),
    }
}

/// How a review's losses are measured.
pub fn review_footer(lang: Lang, judged: usize) -> String {
    match lang {
        Lang::Ru => format!(
            "Потери — по оценке эксперта, в раундах (ходов с выбором: {judged}). Видно только вам."
        ),
        Lang::En => format!(
            "Losses are the expert's estimate, in rounds ({judged} moves with a choice). Only you see this."
        ),
    }
}

/// What the person is told when their request panicked or took too long (the adapters'
/// containment, `service::contain`): never "nothing changed" of an action that was committed.
pub fn contained(lang: Lang, written: crate::service::Written) -> &'static str {
    use crate::service::Written;
    match written {
        Written::Nothing => tr(
            lang,
            "⚠️ Сбой при обработке запроса: ничего не изменилось. Попробуйте ещё раз.",
            "⚠️ Something went wrong with that request: nothing changed. Try again.",
        ),
        Written::InDoubt => tr(
            lang,
            "⚠️ Сбой при обработке запроса: неизвестно, успело ли это произойти. Посмотрите на стол, прежде чем повторять.",
            "⚠️ Something went wrong with that request; it may or may not have gone through. Look at the table before trying again.",
        ),
        Written::Committed => tr(
            lang,
            "⚠️ Сделано, но ответ не удалось показать полностью.",
            "⚠️ Done, but the answer could not be shown in full.",
        ),
    }
}

/// A press whose answer is late (the platform wants one within 3 s): the rest follows.
pub fn taking_long(lang: Lang) -> &'static str {
    tr(lang, "⏳ Это занимает больше времени, чем обычно…", "⏳ This is taking longer than usual…")
}

/// `/screen`'s answer to an admin: the chat's page, who sees it, and how to revoke it; `again`
/// is `/screen new` as the platform writes it.
pub fn screen_link(lang: Lang, url: &str, renewed: bool, again: &str) -> String {
    match (lang, renewed) {
        (Lang::Ru, false) => format!(
            "📺 Страница чата для экрана, только чтение:\n{url}\n\nКто откроет ссылку, увидит таблицу и столы этого чата. {again} — отозвать её и выдать новую."
        ),
        (Lang::Ru, true) => {
            format!("📺 Новая ссылка на страницу чата:\n{url}\n\nПрежняя больше не открывается.")
        }
        (Lang::En, false) => format!(
            "📺 The chat's read-only page for a screen:\n{url}\n\nWhoever opens the link sees this chat's standings and tables. {again} revokes it and gives a new one."
        ),
        (Lang::En, true) => {
            format!("📺 A new link to the chat's page:\n{url}\n\nThe old one no longer opens.")
        }
    }
}

/// `/screen` when the operator gave the bot no public address: nothing was changed.
pub fn screen_no_address(lang: Lang) -> &'static str {
    tr(
        lang,
        "📺 Страниц чатов нет: оператор бота не задал его публичный адрес (DOMINO_PUBLIC_URL).",
        "📺 There are no chat pages: the bot's operator has not set its public address (DOMINO_PUBLIC_URL).",
    )
}

/// Telegram: the chat's page as a Mini App, for its members (no token in it: Telegram says
/// who opens it, and only members get in).
pub fn screen_mini_app(lang: Lang, link: &str) -> String {
    match lang {
        Lang::Ru => format!("Участники чата открывают её прямо в Telegram:\n{link}"),
        Lang::En => format!("The chat's members open it inside Telegram:\n{link}"),
    }
}
