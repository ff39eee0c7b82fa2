//! Chat messages for events worth one (a round's result, the match's end, timeouts, absences,
//! challenges, votes, a closed table), in both languages.
//! Notices are public: they name tiles only as they lie on the table.

use super::history::RoundLine;
use super::render::{outcome_lines, round_result};
use super::table::{OutcomeView, last_round_view};
use super::text::{
    Goat, bot_level_name, close_reason_text, display_name, seat_name, side_label, title, tr,
    variant_name,
};
use crate::session::{Event, Lang, MovedBy, PAUSE_MS, RESIGN_VOTE_MS, Table};

/// Every move `events` made, in order, as «who: move» («🤖 Computer: draws from the
/// boneyard»): what a place that shows each move (`domino play`) tells as it happens.
pub fn moves_made(table: &Table, events: &[Event]) -> Vec<String> {
    let ended = events.iter().any(|e| matches!(e, Event::RoundEnded { .. }));
    // After a round's end the board is the next round's: tiles are named as they are.
    let board = table.live().and_then(|m| m.round()).map(|r| r.board()).filter(|_| !ended);
    let lang = table.lang;
    let said = |seat: u8, mv| {
        let who = super::text::seat_name(table, seat as usize, lang).unwrap_or_default();
        format!("{who}: {}", super::render::move_text(mv, board, lang))
    };
    events
        .iter()
        .filter_map(|e| match e {
            Event::Moved { seat, mv, .. } => Some(said(*seat, mv)),
            _ => None,
        })
        .collect()
}

/// What a person's own move press is answered with, at once and to them alone: the moves it
/// made, as the table shows them («✓ [5|6] ▶», a forced draw or knock after it), so that a
/// press is seen to be taken before any message changes. `None` when `events` hold no move.
pub fn move_toast(table: &Table, events: &[Event]) -> Option<String> {
    let ended = events.iter().any(|e| matches!(e, Event::RoundEnded { .. }));
    // After a round's end the board is the next round's: tiles are named as they are.
    let board = table.live().and_then(|m| m.round()).map(|r| r.board()).filter(|_| !ended);
    let moves: Vec<String> = events
        .iter()
        .filter_map(|e| match e {
            Event::Moved { mv, by: MovedBy::Player | MovedBy::Forced, .. } => {
                Some(super::render::move_text(mv, board, table.lang))
            }
            _ => None,
        })
        .collect();
    (!moves.is_empty()).then(|| format!("✓ {}", moves.join(", ")))
}

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
            let game = variant_name(table.rules.variant(), lang);
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
                flag: None,
            };
            let mut lines = vec![format!("🏁 {}", tr(lang, "Матч окончен.", "The match is over."))];
            lines.extend(outcome_lines(&view, lang));
            lines.join("\n")
        }
        Event::FlagFell { side, computer } => {
            let who = side_label(table, *side as usize, lang);
            match (lang, computer) {
                (Lang::Ru, false) => format!("⏱ {who}: время на матч вышло — матч проигран."),
                (Lang::En, false) => format!("⏱ {who}: out of time — the match is lost."),
                (Lang::Ru, true) => {
                    format!("⏱ {who}: время на матч вышло — дальше за них играет компьютер.")
                }
                (Lang::En, true) => {
                    format!("⏱ {who}: out of time — the computer plays for them from now on.")
                }
            }
        }
        Event::TimeUp { seat } => {
            let who = seat_name(table, *seat as usize, lang).unwrap_or_default();
            match lang {
                Lang::Ru => format!("⏱ {who}: время на ход вышло — матч проигран."),
                Lang::En => format!("⏱ {who}: out of time for the move — the match is lost."),
            }
        }
        Event::SeatsSwapped { a, b } => match lang {
            Lang::Ru => format!("🔀 Места {} и {} поменялись.", a + 1, b + 1),
            Lang::En => format!("🔀 Seats {} and {} swapped.", a + 1, b + 1),
        },
        Event::SeatsShuffled { .. } => {
            tr(lang, "🎲 Места разыграны по жребию.", "🎲 Seats drawn by lot.").to_owned()
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
        Event::LeftMatch { person, level, .. } => {
            let who = display_name(&person.name);
            let level = bot_level_name(*level, lang);
            match lang {
                Lang::Ru => format!(
                    "🚪 {who} выходит из матча: до конца за это место играет компьютер ({level})."
                ),
                Lang::En => format!(
                    "🚪 {who} left the match: the computer ({level}) plays the seat to the end."
                ),
            }
        }
        Event::ResignProposed { seat, partner, .. } => {
            let minutes = RESIGN_VOTE_MS / 60_000;
            match lang {
                Lang::Ru => format!(
                    "🏳 {} предлагает сдаться. {}, решать вам: «✅ Сдаёмся» или «❌ Играем дальше» (на ответ {minutes} мин).",
                    name(seat),
                    name(partner)
                ),
                Lang::En => format!(
                    "🏳 {} proposes to resign. {}, it is your call: «✅ Resign together» or «❌ Play on» ({minutes} min to answer).",
                    name(seat),
                    name(partner)
                ),
            }
        }
        Event::ResignAnswered { seat, agreed: true } => {
            format!("🤝 {}: {}", name(seat), tr(lang, "«сдаёмся».", "«we resign»."))
        }
        Event::ResignAnswered { seat, agreed: false } => match lang {
            Lang::Ru => format!("✋ {}: «играем дальше» — матч продолжается.", name(seat)),
            Lang::En => format!("✋ {}: «play on» — the match goes on.", name(seat)),
        },
        Event::ResignLapsed { seat } => match lang {
            Lang::Ru => format!(
                "⌛ {}: на предложение сдаться не ответили вовремя — матч продолжается.",
                name(seat)
            ),
            Lang::En => format!(
                "⌛ {}: the proposal to resign went unanswered — the match goes on.",
                name(seat)
            ),
        },
        Event::PauseVote { votes, needed, .. } => match lang {
            Lang::Ru => format!("⏸ За паузу: {votes} из {needed} нужных голосов."),
            Lang::En => format!("⏸ Votes to pause: {votes} of the {needed} needed."),
        },
        Event::Paused { .. } => {
            let minutes = PAUSE_MS / 60_000;
            match lang {
                Lang::Ru => format!(
                    "⏸ Стол на паузе: часы и таймер хода стоят, никто не ходит. «▶️ Продолжить» — дальше; через {minutes} минут игра продолжится сама."
                ),
                Lang::En => format!(
                    "⏸ The table is paused: the clock and the turn timer stop, nobody moves. «▶️ Resume» goes on; in {minutes} minutes play resumes by itself."
                ),
            }
        }
        Event::Resumed { seat: Some(seat) } => match lang {
            Lang::Ru => format!("▶️ Игра продолжается ({}).", name(seat)),
            Lang::En => format!("▶️ Play resumes ({}).", name(seat)),
        },
        Event::Resumed { seat: None } => {
            let minutes = PAUSE_MS / 60_000;
            match lang {
                Lang::Ru => format!("▶️ Пауза кончилась ({minutes} минут): игра продолжается."),
                Lang::En => format!("▶️ The pause is over ({minutes} minutes): play resumes."),
            }
        }
        Event::CameBack { seat } => {
            format!("👋 {} {}", name(seat), tr(lang, "снова в игре.", "is back in the game."))
        }
        Event::VoteCast { votes, needed, .. } => match lang {
            Lang::Ru => format!("🗳 За закрытие стола: {votes} из {needed} нужных голосов."),
            Lang::En => format!("🗳 Votes to end the table: {votes} of the {needed} needed."),
        },
        Event::NextUp { person, replaced, requeued, seat } => {
            let who = display_name(&person.name);
            match (replaced.as_ref().map(|p| display_name(&p.name)), requeued, lang) {
                (Some(out), true, Lang::Ru) => {
                    format!(
                        "🔄 {out} уступает место — садится {who}; {out} встаёт в конец очереди."
                    )
                }
                (Some(out), true, Lang::En) => {
                    format!("🔄 {out} makes room for {who} and goes to the back of the line.")
                }
                (Some(out), false, Lang::Ru) => {
                    format!("🔄 {out} уступает место — садится {who}; {out} выбывает.")
                }
                (Some(out), false, Lang::En) => {
                    format!("🔄 {out} makes room for {who} and is out.")
                }
                (None, _, Lang::Ru) => {
                    format!("🔄 {who} из очереди садится на место {}.", seat + 1)
                }
                (None, _, Lang::En) => {
                    format!("🔄 {who}, next in line, takes seat {}.", seat + 1)
                }
            }
        }
        Event::RotationSet { rotation } => format!(
            "🔄 {}: {}.",
            tr(lang, "Очередь за столом", "The table's queue"),
            super::queue::rotation_name(*rotation, lang)
        ),
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
/// Where either partner may lead (`either_partner_leads`), the partner is named too: «Анна
/// или Вера, ваш ход!».
pub fn turn_text(table: &Table) -> Option<String> {
    if table.is_paused() {
        return None;
    }
    let seat = table.to_move()?;
    let st = table.seats.get(seat)?.as_ref()?;
    let person = st.person().filter(|_| !st.away)?;
    let mut name = display_name(&person.name);
    for other in table.movers().into_iter().skip(1) {
        let Some(st) = table.seats.get(other).and_then(Option::as_ref) else { continue };
        if let Some(p) = st.person().filter(|_| !st.away) {
            name = format!("{name} {} {}", tr(table.lang, "или", "or"), display_name(&p.name));
        }
    }
    Some(match (table.lang, table.turn_secs) {
        (Lang::Ru, None) => format!("👉 {name}, ваш ход!"),
        (Lang::Ru, Some(s)) => format!("👉 {name}, ваш ход! На раздумье {s} с."),
        (Lang::En, None) => format!("👉 {name}, your move!"),
        (Lang::En, Some(s)) => format!("👉 {name}, your move! You have {s} s."),
    })
}

/// The warning before the turn's time runs out, for the person to move: «⏳ Анна, осталось
/// 30 с на ход!» (the turn timer) or «⏳ Анна, на ваших часах 30 с!» (the match clock).
pub fn warning_text(table: &Table) -> Option<String> {
    let warned = table.warned?;
    let seat = table.to_move()?;
    let st = table.seats.get(seat)?.as_ref()?;
    let name = display_name(&st.person().filter(|_| !st.away)?.name);
    let secs = (warned.left_ms + 999) / 1000;
    let lose = table.time_up == crate::session::TimeUp::Lose;
    Some(match (table.lang, warned.clock, lose) {
        (Lang::Ru, false, false) => format!("⏳ {name}, осталось {secs} с на ход!"),
        (Lang::Ru, false, true) => {
            format!("⏳ {name}, осталось {secs} с на ход — потом матч проигран!")
        }
        (Lang::Ru, true, _) => format!("⏳ {name}, на ваших часах {secs} с!"),
        (Lang::En, false, false) => format!("⏳ {name}, {secs} s left for your move!"),
        (Lang::En, false, true) => {
            format!("⏳ {name}, {secs} s left for your move, then the match is lost!")
        }
        (Lang::En, true, _) => format!("⏳ {name}, {secs} s left on your clock!"),
    })
}

/// Who may move now, by name: «Анна», or «Анна или Вера» where either partner may lead.
pub(crate) fn movers_text(table: &Table, lang: Lang) -> Option<String> {
    let names: Vec<String> =
        table.movers().into_iter().filter_map(|s| seat_name(table, s, lang)).collect();
    (!names.is_empty()).then(|| names.join(&format!(" {} ", tr(lang, "или", "or"))))
}
