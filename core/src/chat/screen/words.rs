//! The screen's own words, in Russian and English (the chat's language): a page's titles,
//! links and notes. Everything else on a page is what the chat is shown, in its words. One
//! struct, both languages filled in: a word missing in one does not compile.

use crate::ids::Lang;

/// Every word a page says itself.
#[derive(Debug, PartialEq, Eq)]
pub struct Words {
    /// The page's title: «Домино» / «Domino».
    pub title: &'static str,
    pub standings: &'static str,
    pub all_time: &'static str,
    pub chart: &'static str,
    pub tables: &'static str,
    /// No table in play.
    pub no_tables: &'static str,
    pub tournament: &'static str,
    pub story: &'static str,
    pub no_story: &'static str,
    pub matches: &'static str,
    pub no_matches: &'static str,
    pub replay: &'static str,
    pub card: &'static str,
    pub versus: &'static str,
    /// «Сравнить с …»: the head-to-heads a card links to.
    pub compare: &'static str,
    pub tv: &'static str,
    /// Back to the standings.
    pub back: &'static str,
    /// Shown while the live updates are cut off (they come back by themselves).
    pub offline: &'static str,
    /// Someone not in the chat's standings.
    pub unknown: &'static str,
    /// The store could not be read: try again.
    pub unavailable: &'static str,
    /// The page shows; nothing on it changes a game.
    pub read_only: &'static str,
}

const RU: Words = Words {
    title: "Домино",
    standings: "Таблица",
    all_time: "За всё время",
    chart: "Рейтинг лидеров",
    tables: "Столы сейчас",
    no_tables: "Сейчас никто не играет.",
    tournament: "Турнир",
    story: "История сезона",
    no_story: "В этом сезоне ещё ни одного матча.",
    matches: "Последние матчи",
    no_matches: "Здесь ещё никто не доиграл матч.",
    replay: "🎞 Повтор",
    card: "Карточка",
    versus: "Друг против друга",
    compare: "Сравнить с",
    tv: "Режим ТВ",
    back: "← Назад",
    offline: "Нет связи с ботом — переподключаюсь…",
    unknown: "Такого игрока в таблице этого чата нет.",
    unavailable: "Бот сейчас не может прочитать данные. Попробуйте чуть позже.",
    read_only: "Только для просмотра: игра идёт в чате.",
};

const EN: Words = Words {
    title: "Domino",
    standings: "Standings",
    all_time: "All time",
    chart: "Leaders' rating",
    tables: "Tables now",
    no_tables: "Nobody is playing right now.",
    tournament: "Tournament",
    story: "The season's story",
    no_story: "No match yet this season.",
    matches: "Recent matches",
    no_matches: "Nobody has finished a match here yet.",
    replay: "🎞 Replay",
    card: "Card",
    versus: "Head to head",
    compare: "Compare with",
    tv: "TV mode",
    back: "← Back",
    offline: "Lost touch with the bot: reconnecting…",
    unknown: "Nobody by that id is in this chat's standings.",
    unavailable: "The bot cannot read its data just now. Try again in a moment.",
    read_only: "Read only: the game is played in the chat.",
};

/// The screen's words in `lang`.
pub fn words(lang: Lang) -> &'static Words {
    match lang {
        Lang::Ru => &RU,
        Lang::En => &EN,
    }
}
