//! A chat tournament as the chat sees it, in Russian and English: its message (format, game,
//! entrants, where it is, the schedule or the arena's pairings, the standings with their
//! tie-breaks), the news the bot posts (a result, the close), and why a command was refused.

use super::text::{cut_lines, display_name, tr, variant_name};
use crate::ids::Lang;
use crate::standings::tournament::{
    Fixture, FixtureState, Format, Outcome, Refusal, Standing, State, Tournament,
};
use crate::standings::{Local, Zone};

/// «Турнир №3».
pub fn tournament_title(t: &Tournament, lang: Lang) -> String {
    format!("{} №{}", tr(lang, "Турнир", "Tournament"), t.id)
}

pub(super) fn format_name(f: &Format, lang: Lang) -> &'static str {
    match f {
        Format::RoundRobin { pairs: false } => tr(lang, "круговой", "round robin"),
        Format::RoundRobin { pairs: true } => tr(lang, "круговой, парами", "round robin of pairs"),
        Format::Arena { streak_bonus: false, .. } => tr(lang, "арена", "arena"),
        Format::Arena { streak_bonus: true, .. } => {
            tr(lang, "арена с бонусом за серию", "arena with a streak bonus")
        }
        Format::PartnersNight { .. } => tr(lang, "вечер пар", "pairs night"),
    }
}

fn name(t: &Tournament, e: usize) -> String {
    display_name(&t.entrants[e].name())
}

pub(super) fn side(t: &Tournament, f: &Fixture, s: usize) -> String {
    f.sides[s].iter().map(|&e| name(t, e)).collect::<Vec<_>>().join(" + ")
}

/// One fixture: «АЛИСА — БОРИС: 25:10» or where it stands.
pub fn fixture_line(t: &Tournament, f: &Fixture, lang: Lang) -> String {
    let (a, b) = (side(t, f, 0), side(t, f, 1));
    let how = match &f.state {
        FixtureState::Pending => tr(lang, "⏳ ждёт стола", "⏳ waiting for a table").to_owned(),
        FixtureState::Playing { .. } => tr(lang, "🎲 играют", "🎲 playing").to_owned(),
        FixtureState::Played { score, .. } => {
            let mark = match score.outcome_for(0) {
                Outcome::Win => "✅",
                Outcome::Draw => "🤝",
                Outcome::Loss => "☑️",
            };
            format!("{mark} {}:{}", score.points[0], score.points[1])
        }
        FixtureState::Forfeit { winner, .. } => {
            let w = if *winner == 0 { &a } else { &b };
            match lang {
                Lang::Ru => format!("🏳 победа без игры: {w}"),
                Lang::En => format!("🏳 {w} wins by forfeit"),
            }
        }
        FixtureState::Unplayed => tr(lang, "— не сыграно", "— unplayed").to_owned(),
    };
    format!("{a} — {b}: {how}")
}

fn points_word(n: u32, lang: Lang) -> String {
    match lang {
        Lang::Ru => format!("{n} оч."),
        Lang::En if n == 1 => "1 pt".to_owned(),
        Lang::En => format!("{n} pts"),
    }
}

/// One line of the standings: «1. АЛИСА — 4 оч. · 2-0-0 · +30».
fn standing_line(place: usize, s: &Standing, arena: bool, lang: Lang) -> String {
    let mut line = format!(
        "{place}. {} — {} · {}-{}-{} · {:+}",
        display_name(&s.name),
        points_word(s.points, lang),
        s.won,
        s.drawn,
        s.lost,
        s.difference()
    );
    if arena && s.streak >= 2 {
        line.push_str(&format!(" 🔥{}", s.streak));
    }
    if s.unplayed > 0 {
        line.push_str(&match lang {
            Lang::Ru => format!(" · не сыграно {}", s.unplayed),
            Lang::En => format!(" · {} unplayed", s.unplayed),
        });
    }
    if s.withdrawn {
        line.push_str(tr(lang, " (больше не участвует)", " (withdrew)"));
    }
    line
}

/// The standings with the order they are in (docs/rules.md «Tournaments»).
pub fn render_standings(t: &Tournament, lang: Lang) -> String {
    let arena = matches!(t.format, Format::Arena { .. });
    let mut out = vec![
        tr(
            lang,
            "📊 Таблица (очки · В-Н-П · разница):",
            "📊 Standings (points · W-D-L · difference):",
        )
        .to_owned(),
    ];
    for (i, s) in t.standings().iter().enumerate() {
        out.push(standing_line(i + 1, s, arena, lang));
    }
    out.push(
        match (lang, matches!(t.format, Format::RoundRobin { .. })) {
            (Lang::Ru, true) => {
                "Порядок: очки, личные встречи, победы, разница, меньше матчей, имя."
            }
            (Lang::Ru, false) => "Порядок: очки, победы, разница, меньше матчей, имя.",
            (Lang::En, true) => {
                "Order: points, head-to-head, wins, difference, fewer matches, name."
            }
            (Lang::En, false) => "Order: points, wins, difference, fewer matches, name.",
        }
        .to_owned(),
    );
    out.join("\n")
}

fn when(at: i64, zone: Zone) -> String {
    format!("{} ({})", Local::of(at, zone).date_time(), zone.label_at(at))
}

/// The tournament's message: what it is, who is in, where it stands, its fixtures, the standings.
pub fn render_tournament(t: &Tournament, lang: Lang, zone: Zone) -> String {
    let mut out = vec![format!(
        "🏆 {} · {} · {}",
        tournament_title(t, lang),
        format_name(&t.format, lang),
        variant_name(t.game, lang)
    )];
    if let Format::Arena { window_start, window_end, .. } = t.format {
        out.push(match lang {
            Lang::Ru => {
                format!("⏱ Арена: с {} до {}", when(window_start, zone), when(window_end, zone))
            }
            Lang::En => {
                format!("⏱ Arena: from {} to {}", when(window_start, zone), when(window_end, zone))
            }
        });
    }
    let names: Vec<String> = (0..t.entrants.len()).map(|e| name(t, e)).collect();
    out.push(match lang {
        Lang::Ru => format!(
            "👥 Участники ({} из {}): {}",
            names.len(),
            t.max_entrants,
            list_or_none(&names, lang)
        ),
        Lang::En => format!(
            "👥 Entrants ({} of {}): {}",
            names.len(),
            t.max_entrants,
            list_or_none(&names, lang)
        ),
    });
    if !t.waiting.is_empty() {
        let names: Vec<String> = t.waiting.iter().map(|p| display_name(&p.name)).collect();
        out.push(format!(
            "{} {}",
            tr(lang, "⏳ Ждут пару:", "⏳ Waiting for a partner:"),
            names.join(", ")
        ));
    }
    let pairs = t.format.people_per_entrant() == 2;
    out.push(match (&t.state, lang) {
        (State::Enrolling, Lang::Ru) if pairs => {
            "📝 Запись парами: «Ищу пару», и партнёр жмёт «В пару к …». Начинает создатель или админ.".to_owned()
        }
        (State::Enrolling, Lang::En) if pairs => {
            "📝 Pairs enrol: press «Find a partner», then your partner presses «Partner …». The creator or an admin starts it.".to_owned()
        }
        (State::Enrolling, Lang::Ru) => {
            "📝 Идёт запись: кнопка «Участвую». Начинает создатель или админ.".to_owned()
        }
        (State::Enrolling, Lang::En) => {
            "📝 Enrolment is open: press «Join». The creator or an admin starts it.".to_owned()
        }
        (State::Running { .. }, _) => match (t.deadline, lang) {
            (Some(d), Lang::Ru) => {
                format!("▶️ Идёт. Срок: {}; после него неначатые матчи не играются.", when(d, zone))
            }
            (Some(d), Lang::En) => format!(
                "▶️ Running. Deadline: {}; matches not started by then are unplayed.",
                when(d, zone)
            ),
            (None, Lang::Ru) => {
                "▶️ Идёт: стол матча открывается сам, как только все его игроки свободны.".to_owned()
            }
            (None, Lang::En) => {
                "▶️ Running: a match's table opens by itself as soon as everyone in it is free.".to_owned()
            }
        },
        (State::Closed { winner: Some(w), .. }, Lang::Ru) => {
            format!("🏁 Окончен. Победитель: {}", name(t, *w))
        }
        (State::Closed { winner: Some(w), .. }, Lang::En) => {
            format!("🏁 Over. The winner: {}", name(t, *w))
        }
        (State::Closed { winner: None, .. }, _) => {
            tr(lang, "🏁 Окончен: ни одного матча.", "🏁 Over: no match was played.").to_owned()
        }
    });
    // The standings before the schedule: a large round robin's schedule is what is cut.
    if t.state != State::Enrolling {
        out.push(String::new());
        out.push(render_standings(t, lang));
    }
    if !t.fixtures.is_empty() {
        out.push(String::new());
        out.extend(schedule(t, lang));
    }
    cut_lines(&out.join("\n"), MESSAGE_UNITS)
}

/// The most a tournament's message holds (UTF-16 units): one Telegram message (4,096) and one
/// Discord embed (4,096), with room for Discord's escapes.
pub const MESSAGE_UNITS: usize = 3_800;

fn list_or_none(names: &[String], lang: Lang) -> String {
    if names.is_empty() {
        tr(lang, "пока никого", "nobody yet").to_owned()
    } else {
        names.join(", ")
    }
}

/// The fixtures by round (round robin), or the arena's last pairings.
fn schedule(t: &Tournament, lang: Lang) -> Vec<String> {
    let mut out = Vec::new();
    if matches!(t.format, Format::Arena { .. }) {
        out.push(tr(lang, "🗓 Последние пары:", "🗓 Latest pairings:").to_owned());
        let shown = t.fixtures.len().saturating_sub(ARENA_SHOWN);
        out.extend(t.fixtures[shown..].iter().map(|f| format!("• {}", fixture_line(t, f, lang))));
        return out;
    }
    out.push(tr(lang, "🗓 Расписание:", "🗓 Schedule:").to_owned());
    for round in 1..=t.rounds_drawn() {
        out.push(format!("{} {round}:", tr(lang, "Тур", "Round")));
        for f in t.fixtures.iter().filter(|f| f.round == round) {
            out.push(format!("• {}", fixture_line(t, f, lang)));
        }
        let byes: Vec<String> = t.byes(round).into_iter().map(|e| name(t, e)).collect();
        if !byes.is_empty() {
            out.push(format!("• {}: {}", tr(lang, "отдыхает", "sits out"), byes.join(", ")));
        }
    }
    out
}

/// The arena's pairings shown in its message (the latest).
const ARENA_SHOWN: usize = 12;

/// A result posted to the chat: «🎯 Турнир №1: АЛИСА — БОРИС: ✅ 25:10».
pub fn render_result(t: &Tournament, f: &Fixture, lang: Lang) -> String {
    format!("🎯 {}: {}", tournament_title(t, lang), fixture_line(t, f, lang))
}

/// The close posted to the chat: the winner and the final standings.
pub fn render_closed(t: &Tournament, lang: Lang) -> String {
    let head = match (&t.state, lang) {
        (State::Closed { winner: Some(w), .. }, Lang::Ru) => {
            format!("🏁 {} окончен! Победитель: {} 🏆", tournament_title(t, lang), name(t, *w))
        }
        (State::Closed { winner: Some(w), .. }, Lang::En) => {
            format!("🏁 {} is over! The winner: {} 🏆", tournament_title(t, lang), name(t, *w))
        }
        // Never started: enrolment ran out (`bounds::ENROLMENT_DAYS`).
        (_, Lang::Ru) if t.started_at.is_none() => format!(
            "🏁 {} закрыт: за {} дней его так и не начали.",
            tournament_title(t, lang),
            crate::bounds::ENROLMENT_DAYS
        ),
        (_, Lang::En) if t.started_at.is_none() => format!(
            "🏁 {} is closed: it was not started within {} days.",
            tournament_title(t, lang),
            crate::bounds::ENROLMENT_DAYS
        ),
        (_, Lang::Ru) => format!("🏁 {} окончен: ни одного матча.", tournament_title(t, lang)),
        (_, Lang::En) => format!("🏁 {} is over: no match was played.", tournament_title(t, lang)),
    };
    format!("{head}\n{}", render_standings(t, lang))
}

/// Why a tournament command was refused.
pub fn tournament_refusal(r: &Refusal, lang: Lang) -> String {
    let text = match r {
        Refusal::OutOfRange(o) => return super::refusal::out_of_range_text(o, lang),
        Refusal::GameWithoutPairs => tr(
            lang,
            "Парами играют только «Козёл», «Морской» и «Осёл».",
            "Pairs play only Kozel, Morskoy or Osel.",
        ),
        Refusal::DeadlineInArena => tr(
            lang,
            "У арены нет срока в днях: у неё есть минуты.",
            "An arena has minutes, not a deadline in days.",
        ),
        Refusal::EmptyWindow => tr(lang, "Окно арены пустое.", "The arena's window is empty."),
        Refusal::Closed => tr(lang, "Турнир уже окончен.", "The tournament is over."),
        Refusal::NotEnrolling => tr(lang, "Запись окончена.", "Enrolment is over."),
        Refusal::NotRunning => {
            tr(lang, "Турнир ещё не начался.", "The tournament has not started.")
        }
        Refusal::AlreadyStarted => {
            tr(lang, "Турнир уже идёт.", "The tournament has already started.")
        }
        Refusal::TooEarly => tr(lang, "Арена ещё не открылась.", "The arena has not opened yet."),
        Refusal::WindowOver => tr(lang, "Время арены вышло.", "The arena's time is over."),
        Refusal::AlreadyEnrolled => tr(lang, "Вы уже участвуете.", "You are already in."),
        Refusal::NotEnrolled => tr(lang, "Вы не участвуете.", "You are not in it."),
        Refusal::Full => tr(lang, "Мест больше нет.", "The tournament is full."),
        Refusal::PartnerNeeded => {
            tr(lang, "Пара записывается с партнёром.", "A pair enrols with a partner.")
        }
        Refusal::NoPartners => {
            tr(lang, "Здесь записываются по одному.", "This one takes people one by one.")
        }
        Refusal::TooManyOpen { limit } => {
            return match lang {
                Lang::Ru => format!(
                    "Открытых турниров в чате уже {limit}: новый — когда один из них закончится."
                ),
                Lang::En => format!(
                    "This chat already has {limit} open tournaments: a new one once one of them is over."
                ),
            };
        }
        Refusal::TooFew { need } => {
            return match lang {
                Lang::Ru => format!("Нужно хотя бы {need} участника."),
                Lang::En => format!("At least {need} entrants are needed."),
            };
        }
        Refusal::NoSuchFixture
        | Refusal::NotPending
        | Refusal::Busy
        | Refusal::TableInUse
        | Refusal::NoSuchTable
        | Refusal::WrongGame
        | Refusal::WrongPlayers
        | Refusal::NotTheFixturesMatch => tr(
            lang,
            "Этот матч турнира сейчас не сыграть.",
            "That match of the tournament cannot be played now.",
        ),
    };
    text.to_owned()
}
