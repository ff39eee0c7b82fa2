//! Chat messages for events worth one (a round's result, the match's end, timeouts, absences,
//! challenges, votes, a closed table) and popup texts for refused commands, in both languages.
//! Notices are public: they name tiles only as they lie on the table.

use super::history::RoundLine;
use super::render::{outcome_lines, round_result};
use super::table::{OutcomeView, last_round_view};
use super::text::{
    Goat, close_reason_text, display_name, seat_name, side_label, title, tr, variant_name,
};
use crate::engine::moves::MoveError;
use crate::session::{Event, Lang, MovedBy, Rejection, Table};

/// The chat messages for `events`, just applied to `table`, in the table's language.
pub fn notices(table: &Table, events: &[Event]) -> Vec<String> {
    events.iter().filter_map(|e| notice(table, e, table.lang)).collect()
}

/// The chat message for one event, if it is worth one.
pub fn notice(table: &Table, event: &Event, lang: Lang) -> Option<String> {
    let name = |seat: &u8| seat_name(table, *seat as usize, lang).unwrap_or_else(|| "?".to_owned());
    let text = match event {
        Event::Challenged { invitee } => {
            let host = table
                .seats
                .first()?
                .as_ref()
                .and_then(|s| s.person())
                .map(|p| display_name(&p.name))?;
            let game = variant_name(table.rules.variant, lang);
            let invitee = display_name(&invitee.name);
            match lang {
                Lang::Ru => format!("⚔️ {host} → {invitee}: вызов на партию в «{game}»!"),
                Lang::En => format!("⚔️ {host} challenges {invitee} to a game of {game}!"),
            }
        }
        Event::Started { match_no } => match lang {
            Lang::Ru => format!(
                "🎲 {}: матч {match_no} начался! Свои кости смотрите кнопкой «Мои кости».",
                title(table, lang)
            ),
            Lang::En => format!(
                "🎲 {}: match {match_no} has started! Press «My tiles» to see yours.",
                title(table, lang)
            ),
        },
        Event::Moved { seat, by: MovedBy::Timeout, .. } => match lang {
            Lang::Ru => {
                format!("⏰ {}: время вышло, за этого игрока походил компьютер.", name(seat))
            }
            Lang::En => format!("⏰ {}: time is up, the computer moved instead.", name(seat)),
        },
        Event::RoundEnded { round, report } => {
            let line = RoundLine { round: *round, report: report.clone() };
            round_result(&last_round_view(table, &line, lang), lang)
        }
        Event::Resigned { seat } => {
            format!("🏳 {} {}", name(seat), tr(lang, "сдаётся.", "resigns."))
        }
        Event::MatchEnded { outcome } => {
            let view = OutcomeView {
                winner_side: outcome.winner,
                loser_side: outcome.loser,
                winner: outcome.winner.map(|s| side_label(table, s, lang)),
                loser: outcome.loser.map(|s| side_label(table, s, lang)),
                goat: Goat::of(&table.rules),
                resigned: None,
            };
            let mut lines = vec![format!("🏁 {}", tr(lang, "Матч окончен.", "The match is over."))];
            lines.extend(outcome_lines(&view, lang));
            lines.join("\n")
        }
        Event::WentAway { seat } => match lang {
            Lang::Ru => format!(
                "💤 {}: пока за этого игрока ходит компьютер. Вернуться — кнопка «Я вернулся».",
                name(seat)
            ),
            Lang::En => format!(
                "💤 {}: the computer moves for this player for now. Press «I'm back» to return.",
                name(seat)
            ),
        },
        Event::CameBack { seat } => {
            format!("👋 {} {}", name(seat), tr(lang, "снова в игре.", "is back in the game."))
        }
        Event::VoteCast { votes, needed, .. } => match lang {
            Lang::Ru => format!("🗳 За закрытие стола: {votes} из {needed} нужных голосов."),
            Lang::En => format!("🗳 Votes to end the table: {votes} of the {needed} needed."),
        },
        Event::HostChanged { person } => format!(
            "👑 {} {}",
            tr(lang, "Новый хозяин стола:", "New host:"),
            display_name(&person.name)
        ),
        Event::Closed { reason } => format!(
            "🚪 {} ({}): {}.",
            tr(lang, "Стол закрыт", "Table closed"),
            title(table, lang),
            close_reason_text(*reason, lang)
        ),
        _ => return None,
    };
    Some(text)
}

/// "Ваш ход, Анна!" for the seat to move (a person, not away); the adapter adds the mention.
pub fn turn_text(table: &Table) -> Option<String> {
    let seat = table.to_move()?;
    let st = table.seats.get(seat)?.as_ref()?;
    let person = st.person().filter(|_| !st.away)?;
    let name = display_name(&person.name);
    Some(match (table.lang, table.turn_secs) {
        (Lang::Ru, None) => format!("👉 {name}, ваш ход!"),
        (Lang::Ru, Some(s)) => format!("👉 {name}, ваш ход! На раздумье {s} с."),
        (Lang::En, None) => format!("👉 {name}, your move!"),
        (Lang::En, Some(s)) => format!("👉 {name}, your move! You have {s} s."),
    })
}

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
        Rejection::NoChallenge => tr(lang, "Вызова нет.", "There is no challenge to answer."),
        Rejection::NoHumans => {
            tr(lang, "Нужен хотя бы один живой игрок.", "At least one person must play.")
        }
        Rejection::NotDue => tr(lang, "Пока нечего делать.", "Nothing to do yet."),
        Rejection::AlreadyVoted => tr(lang, "Вы уже проголосовали.", "You already voted."),
        Rejection::SystemOnly => tr(lang, "Это делает только бот.", "Only the bot does that."),
        Rejection::AdminsOnly => {
            tr(lang, "Это могут только админы чата.", "Only the chat's admins can do that.")
        }
        Rejection::Settings(detail) => {
            let head = tr(lang, "Такие настройки не подходят: ", "These settings do not work: ");
            return clip(format!("{head}{detail}"));
        }
        Rejection::Move(e) => return move_error_text(e, lang),
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
        (MoveError::BadMulti(_), _) => tr(lang, "Так класть несколько дублей нельзя.", "Those doubles cannot be laid together.").to_owned(),
        (MoveError::DrawWhileHolding, _) => tr(lang, "Брать из базара можно, только если нечем ходить.", "You may draw only when no tile fits.").to_owned(),
        (MoveError::BazaarEmpty, _) => tr(lang, "Базар пуст.", "The bazaar is empty.").to_owned(),
        (MoveError::PassWhileHolding, _) => tr(lang, "Пасовать нельзя: есть чем ходить.", "You cannot pass: a tile fits.").to_owned(),
        (MoveError::PassWhileBazaar, _) => tr(lang, "Пасовать нельзя: сначала берите из базара.", "You cannot pass: draw from the bazaar first.").to_owned(),
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
mod tests {
    use super::*;
    use crate::engine::board::Arm;
    use crate::engine::tile::Tile;

    #[test]
    fn every_refusal_has_a_short_text_in_both_languages() {
        let t = Tile::new(6, 5);
        let moves = [
            MoveError::MatchOver,
            MoveError::RoundOver,
            MoveError::NotYourTurn,
            MoveError::NoSuchSeat,
            MoveError::NotInHand,
            MoveError::LeadFirst,
            MoveError::AlreadyLed,
            MoveError::MustLead(t),
            MoveError::MustLeadDouble,
            MoveError::LeadIsSingle,
            MoveError::LeadNotClosable,
            MoveError::DoesNotFit(t, Arm::Up),
            MoveError::ArmClosed(Arm::Left),
            MoveError::NoSuchArm(Arm::Down),
            MoveError::FitsNowhere(t),
            MoveError::Ambiguous(t),
            MoveError::CannotClose,
            MoveError::BadMulti("x"),
            MoveError::DrawWhileHolding,
            MoveError::BazaarEmpty,
            MoveError::PassWhileHolding,
            MoveError::PassWhileBazaar,
            MoveError::NaSto,
            MoveError::Malformed("x".into()),
        ];
        let mut all: Vec<Rejection> = vec![
            Rejection::Stale,
            Rejection::Closed,
            Rejection::NotSeated,
            Rejection::AlreadySeated,
            Rejection::SeatTaken,
            Rejection::NoSuchSeat,
            Rejection::Full,
            Rejection::NotHost,
            Rejection::NotHostOrAdmin,
            Rejection::NotStarted,
            Rejection::AlreadyStarted,
            Rejection::MatchOver,
            Rejection::NotYourTurn,
            Rejection::Away,
            Rejection::NotAway,
            Rejection::NotInvited,
            Rejection::NoChallenge,
            Rejection::NoHumans,
            Rejection::NotDue,
            Rejection::AlreadyVoted,
            Rejection::SystemOnly,
            Rejection::AdminsOnly,
            Rejection::Settings("x".repeat(300)),
        ];
        all.extend(moves.into_iter().map(Rejection::Move));
        for r in &all {
            let (ru, en) = (rejection_text(r, Lang::Ru), rejection_text(r, Lang::En));
            for text in [&ru, &en] {
                assert!(!text.is_empty() && text.chars().count() <= 200, "{r:?}: {text}");
            }
            assert_ne!(ru, en, "{r:?} is not translated");
        }
    }
}
