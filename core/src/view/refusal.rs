//! Why something was refused, in words for the person refused (at most 200 characters, a
//! popup's limit): every [`Rejection`], [`MoveError`] and [`RulesError`], in both languages.

use super::text::{game_word, pick, preset_word, tr, variant_name};
use crate::bounds::OutOfRange;
use crate::engine::moves::MoveError;
use crate::engine::rules::{Preset, RulesError, Variant, option};
use crate::session::{Lang, Rejection};

/// The popup text for a refused command (at most 200 characters).
pub fn rejection_text(rejection: &Rejection, lang: Lang) -> String {
    let text = match rejection {
        Rejection::Stale => tr(
            lang,
            "Кнопка устарела — посмотрите на стол ещё раз.",
            "This button is out of date: look at the table again.",
        ),
        Rejection::Closed => tr(lang, "Этот стол уже закрыт.", "This table is closed."),
        Rejection::NotSeated => {
            tr(lang, "Вы не сидите за этим столом.", "You are not seated at this table.")
        }
        Rejection::AlreadySeated => tr(lang, "Вы уже за столом.", "You are already seated."),
        Rejection::SeatTaken => tr(lang, "Это место занято.", "That seat is taken."),
        Rejection::NoSuchSeat => tr(lang, "Такого места нет.", "There is no such seat."),
        Rejection::Full => tr(lang, "Свободных мест нет.", "The table is full."),
        Rejection::NotHost => {
            tr(lang, "Это может только хозяин стола.", "Only the host can do that.")
        }
        Rejection::NotHostOrAdmin => tr(
            lang,
            "Закрыть стол может хозяин или админ чата.",
            "Only the host or a chat admin can end the table.",
        ),
        Rejection::FixtureTable => tr(
            lang,
            "Этот стол играет матч турнира, и только его: реванша здесь нет.",
            "This table plays a tournament's match and nothing else: no rematch here.",
        ),
        Rejection::NotStarted => tr(lang, "Матч ещё не начался.", "The match has not started."),
        Rejection::AlreadyStarted => tr(lang, "Матч уже идёт.", "The match is already under way."),
        Rejection::MatchOver => tr(lang, "Матч уже окончен.", "The match is over."),
        Rejection::NotYourTurn => tr(lang, "Сейчас не ваш ход.", "It is not your move."),
        Rejection::Away => tr(
            lang,
            "За вас ходит компьютер: сначала нажмите «Я вернулся».",
            "The computer is moving for you: press «I'm back» first.",
        ),
        Rejection::NotAway => tr(lang, "Вы и так в игре.", "You are not away."),
        Rejection::NotInvited => tr(lang, "Этот вызов не вам.", "This challenge is not for you."),
        Rejection::PrivateTable => tr(
            lang,
            "Этот стол открыт в личном чате: за ним играет только его хозяин, с компьютерами. Чтобы сыграть с людьми, откройте стол в группе.",
            "This table is in its owner's private chat: only they play at it, with computers. To play with people, open a table in a group.",
        ),
        Rejection::NoChallenge => tr(lang, "Вызова нет.", "There is no challenge to answer."),
        Rejection::NoHumans => {
            tr(lang, "Нужен хотя бы один живой игрок.", "At least one person must play.")
        }
        Rejection::NotDue => tr(lang, "Пока нечего делать.", "Nothing to do yet."),
        Rejection::AlreadyVoted => tr(lang, "Вы уже проголосовали.", "You already voted."),
        Rejection::ResignPending => tr(
            lang,
            "Предложение сдаться уже ждёт ответа партнёра.",
            "A resignation is already waiting for the partner's answer.",
        ),
        Rejection::NoResignVote => tr(
            lang,
            "Никто не предлагал сдаться — отвечать не на что.",
            "Nobody proposed to resign: there is nothing to answer.",
        ),
        Rejection::NotPartner => tr(
            lang,
            "Отвечает только партнёр того, кто предложил сдаться.",
            "Only the partner of whoever proposed to resign answers.",
        ),
        Rejection::Paused => tr(
            lang,
            "Стол на паузе: сначала нажмите «▶️ Продолжить».",
            "The table is paused: press «▶️ Resume» first.",
        ),
        Rejection::NotPaused => tr(lang, "Стол не на паузе.", "The table is not paused."),
        Rejection::TooManyTables { limit } => {
            let n = *limit as u64;
            return match lang {
                Lang::Ru => format!(
                    "В чате уже {limit} {}: доиграйте или закройте один.",
                    super::text::plural_ru(n, "открытый стол", "открытых стола", "открытых столов")
                ),
                Lang::En => {
                    format!("This chat already has {limit} open tables: finish or close one.")
                }
            };
        }
        Rejection::TooManySeats { limit } => {
            let n = *limit as u64;
            return match lang {
                Lang::Ru => format!(
                    "Вы уже сидите за {limit} {}: доиграйте или выйдите из одного.",
                    super::text::plural_ru(
                        n,
                        "открытым столом",
                        "открытыми столами",
                        "открытыми столами"
                    )
                ),
                Lang::En => {
                    format!("You already sit at {limit} open tables: finish or leave one.")
                }
            };
        }
        Rejection::TooManyLobbies { limit } => {
            let n = *limit as u64;
            return match lang {
                Lang::Ru => format!(
                    "У вас уже {limit} {} игроков: начните или закройте один.",
                    super::text::plural_ru(n, "стол ждёт", "стола ждут", "столов ждут")
                ),
                Lang::En => format!(
                    "You already have {limit} tables waiting for players: start or close one."
                ),
            };
        }
        Rejection::SystemOnly => tr(lang, "Это делает только бот.", "Only the bot does that."),
        Rejection::AdminsOnly => {
            tr(lang, "Это могут только админы чата.", "Only the chat's admins can do that.")
        }
        Rejection::Rules(e) => return rules_error_text(e, lang),
        Rejection::SeatsTaken { size } => {
            return match lang {
                Lang::Ru => format!("Места после {size}-го заняты: сначала освободите их."),
                Lang::En => format!("Seats past {size} are taken: free them first."),
            };
        }
        Rejection::BadTimer => {
            let b = &crate::bounds::TURN_SECS;
            return match lang {
                Lang::Ru => format!("Таймер хода — от {} до {} секунд.", b.min, b.max),
                Lang::En => format!("A turn timer is {} to {} seconds.", b.min, b.max),
            };
        }
        Rejection::Move(e) => return move_error_text(e, lang),
        Rejection::OutOfTime => tr(lang, "Ваше время вышло.", "Your time is up."),
        Rejection::NotPairs => {
            tr(lang, "За этим столом играют не парами.", "This table does not play in pairs.")
        }
        Rejection::SideFull => tr(lang, "На этой стороне мест нет.", "That side is full."),
        Rejection::QueueOff => tr(
            lang,
            "У этого стола нет очереди: её включает хозяин стола.",
            "This table keeps no queue: its host turns one on.",
        ),
        Rejection::SeatFree => tr(
            lang,
            "Есть свободное место: нажмите «✋ Сесть».",
            "A seat is free: press «✋ Join».",
        ),
        Rejection::QueueFull { limit } => {
            return match lang {
                Lang::Ru => format!("Очередь полна: в ней уже {limit} человек."),
                Lang::En => format!("The line is full: {limit} people wait already."),
            };
        }
        Rejection::QueueAhead => tr(
            lang,
            "Перед вами очередь: нажмите «🙋 В очередь».",
            "People are in line before you: press «🙋 Next in line».",
        ),
        Rejection::BadClock => {
            let (m, i) = (&crate::bounds::CLOCK_MINUTES, &crate::bounds::CLOCK_INCREMENT);
            return match lang {
                Lang::Ru => format!(
                    "Часы — от {} до {} минут и от {} до {} секунд за ход, например «часы 10+5».",
                    m.min, m.max, i.min, i.max
                ),
                Lang::En => format!(
                    "A clock is {} to {} minutes plus {} to {} seconds a move, e.g. «clock 10+5».",
                    m.min, m.max, i.min, i.max
                ),
            };
        }
        Rejection::HintsOff => tr(
            lang,
            "Подсказки за этим столом выключены (их включают в /settings до открытия стола).",
            "Hints are off at this table (they are turned on in /settings before a table opens).",
        ),
        Rejection::NoChoice => tr(
            lang,
            "Подсказка не нужна: выбора нет.",
            "No hint needed: there is nothing to choose.",
        ),
        Rejection::HintGiven => tr(
            lang,
            "Подсказка к этому ходу уже дана — она в ваших костях.",
            "You already have the hint for this move: it is with your tiles.",
        ),
        Rejection::AdviceLater { secs } => {
            return match lang {
                Lang::Ru => format!(
                    "Слишком часто просите помощи — попробуйте снова через {secs} {}.",
                    super::text::plural_ru(*secs as u64, "секунду", "секунды", "секунд")
                ),
                Lang::En => format!(
                    "You asked for help too often: try again in {secs} {}.",
                    if *secs == 1 { "second" } else { "seconds" }
                ),
            };
        }
    };
    text.to_owned()
}

/// The popup text for a refused move (at most 200 characters).
pub fn move_error_text(error: &MoveError, lang: Lang) -> String {
    let t = |t: &crate::engine::tile::Tile| format!("{}|{}", t.high(), t.low());
    let arm = |a: &crate::engine::board::Arm| super::text::arm_word(*a, lang);
    let text = match (error, lang) {
        (MoveError::MatchOver, _) => tr(lang, "Матч уже окончен.", "The match is over.").to_owned(),
        (MoveError::RoundOver, _) => tr(lang, "Раунд уже окончен.", "The round is over.").to_owned(),
        (MoveError::NotYourTurn, _) => tr(lang, "Сейчас не ваш ход.", "It is not your move.").to_owned(),
        (MoveError::NoSuchSeat, _) => tr(lang, "Такого места нет.", "There is no such seat.").to_owned(),
        (MoveError::NotInHand, _) => tr(lang, "Этой кости у вас нет.", "You do not hold that tile.").to_owned(),
        (MoveError::LeadFirst, _) => tr(lang, "Раунд начинается с захода.", "The round starts with the lead.").to_owned(),
        (MoveError::AlreadyLed, _) => tr(lang, "Заход уже сделан.", "The lead is already down.").to_owned(),
        (MoveError::MustLead(tile), Lang::Ru) => format!("Заходить нужно с {}.", t(tile)),
        (MoveError::MustLead(tile), Lang::En) => format!("The lead must be {}.", t(tile)),
        (MoveError::MustLeadDouble, _) => tr(lang, "Заходить нужно с дубля.", "The lead must be a double.").to_owned(),
        (MoveError::LeadIsSingle, _) => tr(lang, "Заход — одна кость.", "The lead is a single tile.").to_owned(),
        (MoveError::LeadNotClosable, _) => tr(lang, "Заход нельзя закрыть.", "The lead cannot be closed.").to_owned(),
        (MoveError::DoesNotFit(tile, a), Lang::Ru) => format!("{} не подходит {}.", t(tile), arm(a)),
        (MoveError::DoesNotFit(tile, a), Lang::En) => format!("{} does not fit on the {} end.", t(tile), arm(a)),
        (MoveError::ArmClosed(a), Lang::Ru) => format!("Конец {} закрыт.", arm(a)),
        (MoveError::ArmClosed(a), Lang::En) => format!("The {} end is closed.", arm(a)),
        (MoveError::NoSuchArm(a), Lang::Ru) => format!("Конца {} пока нет.", arm(a)),
        (MoveError::NoSuchArm(a), Lang::En) => format!("There is no {} end yet.", arm(a)),
        (MoveError::FitsNowhere(tile), Lang::Ru) => format!("{} никуда не подходит.", t(tile)),
        (MoveError::FitsNowhere(tile), Lang::En) => format!("{} fits no open end.", t(tile)),
        (MoveError::Ambiguous(tile), Lang::Ru) => format!("{} подходит к нескольким концам — выберите какой.", t(tile)),
        (MoveError::Ambiguous(tile), Lang::En) => format!("{} fits several ends: choose one.", t(tile)),
        (MoveError::CannotClose, _) => tr(lang, "Закрыть можно только дубль, и только в «Осле».", "Only a double can be closed, and only in Donkey.").to_owned(),
        (MoveError::PlayLength, _) => tr(lang, "За ход кладут от одной до четырёх костей.", "A play lays one to four tiles.").to_owned(),
        (MoveError::OneTilePerPlay, _) => tr(lang, "В этой игре за ход кладут одну кость.", "One tile per play in this game.").to_owned(),
        (MoveError::ExactlyTwoDoubles, _) => tr(lang, "Дубли вместе кладут ровно по два.", "Doubles laid together go exactly two at a time.").to_owned(),
        (MoveError::TooManyTiles, _) => tr(lang, "Слишком много костей за один ход.", "Too many tiles in one play.").to_owned(),
        (MoveError::OnlyDoublesTogether, _) => tr(lang, "Вместе можно класть только дубли.", "Only doubles can be laid together.").to_owned(),
        (MoveError::SameTileTwice, _) => tr(lang, "Одна и та же кость дважды.", "The same tile twice.").to_owned(),
        (MoveError::OneDoublePerArm, _) => tr(lang, "Каждый дубль кладут на свой конец.", "Each double goes on an end of its own.").to_owned(),
        (MoveError::DrawWhileHolding, _) => tr(lang, "Брать из базара можно, только если нечем ходить.", "You may draw only when no tile fits.").to_owned(),
        (MoveError::BazaarEmpty, _) => tr(lang, "Базар пуст.", "The boneyard is empty.").to_owned(),
        (MoveError::PassWhileHolding, _) => tr(lang, "Пасовать нельзя: есть чем ходить.", "You cannot pass: a tile fits.").to_owned(),
        (MoveError::PassWhileBazaar, _) => tr(lang, "Пасовать нельзя: сначала берите из базара.", "You cannot pass: draw from the boneyard first.").to_owned(),
        (MoveError::NaSto, _) => tr(
            lang,
            "«На сто» заходят дублем 6|6, только в «Морском козле» и только когда у вашей стороны есть очки.",
            "«For a hundred» is a 6|6 lead in Sea goat, by a side that has points.",
        )
        .to_owned(),
        (MoveError::Malformed(_), _) => tr(lang, "Непонятный ход.", "That move makes no sense.").to_owned(),
    };
    clip(text)
}

/// Why a rule set does not work.
pub fn rules_error_text(error: &RulesError, lang: Lang) -> String {
    let name = |key: &str| match option(key) {
        Some(o) => format!("«{}» ({})", pick(o.label, lang), super::text::option_word(o, lang)),
        None => format!("«{key}»"),
    };
    let games = || -> String {
        let words: Vec<&str> = Variant::ALL.iter().map(|v| game_word(*v, lang)).collect();
        words.join(", ")
    };
    let presets = || -> String {
        let words: Vec<&str> = Preset::ALL.iter().map(|p| preset_word(*p, lang)).collect();
        words.join(", ")
    };
    let preset_named = |key: &str| -> String {
        let found = Preset::ALL.iter().find(|p| p.key() == key);
        found.map_or(key.to_owned(), |p| preset_word(*p, lang).to_owned())
    };
    let text = match (error, lang) {
        (RulesError::UnknownVariant(v), Lang::Ru) => format!("Игры «{v}» нет: {}.", games()),
        (RulesError::UnknownVariant(v), Lang::En) => {
            format!("There is no game «{v}»: {}.", games())
        }
        (RulesError::UnknownOption { key, variant }, Lang::Ru) => {
            format!("В игре «{}» нет правила {}.", variant_name(*variant, lang), name(key))
        }
        (RulesError::UnknownOption { key, variant }, Lang::En) => {
            format!("{} has no option {}.", variant_name(*variant, lang), name(key))
        }
        (RulesError::BadValue { key, .. }, Lang::Ru) => {
            format!("Неверное значение правила {}.", name(key))
        }
        (RulesError::BadValue { key, .. }, Lang::En) => {
            format!("Wrong value for the option {}.", name(key))
        }
        (RulesError::SetNotInVariant { set, variant }, Lang::Ru) => format!(
            "Набор дубль-{set} бывает только в классике, не в игре «{}».",
            variant_name(*variant, lang)
        ),
        (RulesError::SetNotInVariant { set, variant }, Lang::En) => format!(
            "The double-{set} set is for traditional domino only, not {}.",
            variant_name(*variant, lang)
        ),
        (RulesError::UnknownPreset(p), Lang::Ru) => format!("Пресета «{p}» нет: {}.", presets()),
        (RulesError::UnknownPreset(p), Lang::En) => {
            format!("There is no preset «{p}»: {}.", presets())
        }
        (RulesError::PresetNotInVariant { preset, variant }, Lang::Ru) => {
            format!(
                "В игре «{}» нет пресета «{}».",
                variant_name(*variant, lang),
                preset_named(preset)
            )
        }
        (RulesError::PresetNotInVariant { preset, variant }, Lang::En) => {
            format!("{} has no preset «{}».", variant_name(*variant, lang), preset_named(preset))
        }
        (RulesError::TroshinWithPlain, Lang::Ru) => format!(
            "Пресеты «{}» и «{}» вместе не бывают.",
            preset_word(Preset::Troshin, lang),
            preset_word(Preset::Plain, lang)
        ),
        (RulesError::TroshinWithPlain, Lang::En) => {
            "Presets «troshin» and «plain» cannot be combined.".to_owned()
        }
        (RulesError::TeamsDisagree(..), _) => {
            tr(lang, "Пары указаны противоречиво.", "The pairs setting contradicts itself.")
                .to_owned()
        }
        (RulesError::Players { variant, teams, seats }, Lang::Ru) => {
            let how = if teams.key() == "pairs" { " парами" } else { "" };
            format!(
                "В «{}»{how} не играют {seats}: {}.",
                variant_name(*variant, lang),
                seats_hint(*variant, lang)
            )
        }
        (RulesError::Players { variant, teams, seats }, Lang::En) => {
            let how = if teams.key() == "pairs" { " in pairs" } else { "" };
            format!(
                "{}{how} does not seat {seats}: {}.",
                variant_name(*variant, lang),
                seats_hint(*variant, lang)
            )
        }
        (RulesError::DealTooLarge { deal, seats }, Lang::Ru) => format!(
            "По {deal} {} на {seats} игроков не хватит костей.",
            super::text::plural_ru(u64::from(*deal), "кости", "кости", "костей")
        ),
        (RulesError::DealTooLarge { deal, seats }, Lang::En) => {
            format!("{deal} tiles each for {seats} players is more than the set holds.")
        }
        (RulesError::NotAnObject, _) => {
            tr(lang, "Правила не поняты.", "The rules are not understood.").to_owned()
        }
        (RulesError::OutOfRange(e), _) => out_of_range_text(e, lang),
    };
    clip(text)
}

/// A number out of its range (`crate::bounds`), with the range: «Цель матча — от 1 до 1000.»
pub fn out_of_range_text(e: &OutOfRange, lang: Lang) -> String {
    let b = e.bound;
    let name = pick(b.name, lang);
    let mut chars = name.chars();
    let name: String =
        chars.next().map_or(String::new(), |c| c.to_uppercase().chain(chars).collect());
    match lang {
        Lang::Ru => format!("{name} — от {} до {}; ничего не изменилось.", b.min, b.max),
        Lang::En => format!("{name} is from {} to {}; nothing changed.", b.min, b.max),
    }
}

fn seats_hint(variant: crate::engine::rules::Variant, lang: Lang) -> &'static str {
    if variant.is_kozel_family() {
        tr(lang, "двое или трое, или четверо парами", "two or three, or four in pairs")
    } else {
        tr(lang, "от двух до четырёх", "two to four")
    }
}

/// At most 200 characters (popup limit).
fn clip(text: String) -> String {
    if text.chars().count() <= 200 {
        return text;
    }
    let mut short: String = text.chars().take(199).collect();
    short.push('…');
    short
}

#[cfg(test)]
#[path = "refusal_tests.rs"]
mod tests;
