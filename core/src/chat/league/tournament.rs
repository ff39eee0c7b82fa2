//! `/tournament` (`/турнир`; Discord `/domino tournament`): a round robin of people or of
//! fixed pairs, an arena or a pairs night made with its game and options, its message with buttons (enrol, withdraw, start,
//! show anew: a page of the menu codec, `Page::Tournament`), and what the service's driving
//! of it posts to the chat (results, the close). Who may do what is decided here: anyone in
//! the group enrols and withdraws themselves; a chat admin creates it; its creator or a chat
//! admin starts it (the creator may have stopped being an admin since). A round
//! robin of pairs enrols pairs: «✋ Find a partner» puts the presser on the waiting list, and
//! «🤝 Partner X» makes the presser the partner of X, the first person waiting.

use crate::bounds;
use crate::chat::{
    Answer, Args, Asker, Body, Change, Chat, Item, Menu, MenuPress, Page, Reply, TourAct, TourKind,
    may_administer, texts,
};
use crate::engine::rules::Variant;
use crate::ids::{ChatId, Lang, Platform};
use crate::service::{TourError, TourNews};
use crate::standings::tournament::{Command, Event, Format, MINUTE, NewTournament, Refusal, State};
use crate::store::{Store, StoreError, TournamentDoc};
use crate::view::rules_error_text;
use crate::view::text::{display_name, tr};
use crate::view::tour_news::{render_drawn, render_due, render_table_started};
use crate::view::tournament::{
    render_closed, render_result, render_tournament, tournament_refusal,
};

/// An arena's window when no length is given: «час домино».
pub const ARENA_DEFAULT_MINUTES: u32 = 60;
/// A pairs night's rounds when none are given.
pub const NIGHT_DEFAULT_ROUNDS: u32 = 3;

impl<S: Store> Chat<S> {
    /// `/tournament`: with a format, a new one; without, the chat's current one shown.
    pub(in crate::chat) async fn tournament(
        &self,
        from: &Asker,
        args: Args,
        lang: Lang,
    ) -> Result<Answer, StoreError> {
        if from.private {
            return Ok(Answer::private(tr(
                lang,
                "Турниры идут в группах.",
                "Tournaments are played in groups.",
            )));
        }
        let Some(kind) = args.tour else {
            return Ok(match self.current_tournament(&from.chat).await? {
                Some(doc) => Answer::public(Body::Menu(self.tour_menu(&doc, lang).await?)),
                None => Answer::private(usage(lang, from.chat.platform)),
            });
        };
        if !may_administer(from) {
            return Ok(Answer::private(tr(
                lang,
                "Турнир создаёт админ чата: попросите его.",
                "A chat admin creates a tournament: ask one.",
            )));
        }
        let settings = self.service.store().chat_settings(&from.chat).await?;
        let refuse = |r: Refusal| Ok(Answer::private(tournament_refusal(&r, lang)));
        let arena = kind == TourKind::Arena;
        if !arena && (args.minutes.is_some() || args.streak) {
            return Ok(Answer::private(tr(
                lang,
                "Минуты и бонус за серию бывают только у арены.",
                "Minutes and the streak bonus are an arena's only.",
            )));
        }
        if kind != TourKind::Night && args.rounds.is_some() {
            return Ok(Answer::private(tr(
                lang,
                "Число раундов бывает только у вечера пар.",
                "Rounds are a pairs night's only.",
            )));
        }
        let format = match kind {
            TourKind::RoundRobin => Format::RoundRobin { pairs: false },
            TourKind::Pairs => Format::RoundRobin { pairs: true },
            TourKind::Night => {
                Format::PartnersNight { rounds: args.rounds.unwrap_or(NIGHT_DEFAULT_ROUNDS) }
            }
            TourKind::Arena if args.days.is_some() => return refuse(Refusal::DeadlineInArena),
            TourKind::Arena => {
                let now = self.service.now();
                let minutes = args.minutes.unwrap_or(ARENA_DEFAULT_MINUTES);
                let window_end = now + i64::from(minutes) * MINUTE;
                Format::Arena { window_start: now, window_end, streak_bonus: args.streak }
            }
        };
        let days = args.days;
        let args = match format.plays_pairs() {
            true => {
                let game = args.game.unwrap_or(Variant::Kozel);
                if !game.is_kozel_family() {
                    return refuse(Refusal::GameWithoutPairs);
                }
                let mut args = Args { players: Some(4), game: Some(game), ..args };
                args.set_pairs();
                args
            }
            false => Args { players: Some(2), ..args },
        };
        let rules = match args.table(&settings) {
            Ok((rules, _)) => rules,
            Err(e) => return Ok(Answer::private(rules_error_text(&e, lang))),
        };
        let new = NewTournament {
            id: 0,
            format,
            game: rules.variant(),
            options: rules.to_options(),
            max_entrants: bounds::TOURNAMENT_ENTRANTS.max,
            deadline_days: days,
        };
        match self.service.create_tournament(&from.chat, &from.person.id, new).await {
            Ok(doc) => Ok(Answer::public(Body::Menu(self.tour_menu(&doc, lang).await?))),
            Err(TourError::Refused(r)) => refuse(r),
            Err(TourError::NotFound) => Ok(Answer::private(texts::unknown_button(lang))),
            Err(TourError::Store(e)) => Err(e),
        }
    }

    /// A press on a tournament's message: the message drawn anew when it did something, why
    /// not (to the presser alone) when refused.
    pub(in crate::chat) async fn tournament_press(
        &self,
        from: &Asker,
        press: MenuPress,
        lang: Lang,
    ) -> Result<Answer, StoreError> {
        let Page::Tournament(id) = press.page else {
            return Ok(Answer::private(texts::unknown_button(lang)));
        };
        let store = self.service.store();
        let Some(doc) = store.tournament(id).await?.filter(|d| d.chat == from.chat) else {
            return Ok(Answer::private(texts::unknown_button(lang)));
        };
        // Only a member of the chat enrols, or makes someone a partner (a stranger may see a
        // public group and forge its presses), as at a table's seats.
        let enrols = matches!(press.change, Change::Tour(TourAct::Join | TourAct::Partner));
        if enrols && from.member_of.as_ref() != Some(&doc.chat) {
            return Ok(Answer::private(texts::tour_members_only(lang)));
        }
        let cmd = match press.change {
            Change::Tour(TourAct::Join) if doc.tournament.format.people_per_entrant() == 2 => {
                Command::AwaitPartner { person: from.person.clone() }
            }
            Change::Tour(TourAct::Join) => {
                Command::Enroll { person: from.person.clone(), partner: None }
            }
            Change::Tour(TourAct::Partner) => {
                // The button names the first person waiting at the version it was drawn for.
                let first = doc.tournament.waiting.first().filter(|_| doc.version == press.version);
                let Some(partner) = first.cloned() else {
                    // Told why, and the message drawn anew with who waits now.
                    let menu = Some(self.tour_menu(&doc, lang).await?);
                    let told = Answer::private(tr(
                        lang,
                        "Список ждущих пару изменился: посмотрите сообщение ещё раз.",
                        "Who waits for a partner has changed: look at the message again.",
                    ));
                    return Ok(Answer { menu, ..told });
                };
                Command::Enroll { person: partner, partner: Some(from.person.clone()) }
            }
            Change::Tour(TourAct::Leave) => Command::Withdraw { user: from.person.id.clone() },
            Change::Tour(TourAct::Start)
                if from.person.id != doc.creator && !may_administer(from) =>
            {
                return Ok(Answer::private(tr(
                    lang,
                    "Начать турнир может его создатель или админ чата.",
                    "Only its creator or a chat admin can start the tournament.",
                )));
            }
            Change::Tour(TourAct::Start) => Command::Start,
            _ => {
                let menu = Some(self.tour_menu(&doc, lang).await?);
                return Ok(Answer { menu, ..Answer::default() });
            }
        };
        match self.service.tournament_apply(id, &cmd).await {
            Ok((doc, _)) => {
                let menu = Some(self.tour_menu(&doc, lang).await?);
                Ok(Answer { menu, ..Answer::default() })
            }
            Err(TourError::Refused(r)) => Ok(Answer::private(tournament_refusal(&r, lang))),
            Err(TourError::NotFound) => Ok(Answer::private(texts::unknown_button(lang))),
            Err(TourError::Store(e)) => Err(e),
        }
    }

    /// The tournament's message: its text and the buttons its state offers.
    /// The chat's current tournament: its newest open one, else its last (what `/tournament`
    /// shows, for the chat and for its screen).
    pub(in crate::chat) async fn current_tournament(
        &self,
        chat: &ChatId,
    ) -> Result<Option<TournamentDoc>, StoreError> {
        let mut all = self.service.store().tournaments(Some(chat), false).await?;
        let open = all.iter().rposition(|d| d.open());
        Ok(match open {
            Some(i) => Some(all.swap_remove(i)),
            None => all.pop(),
        })
    }

    /// A tournament's message: its text (`view::render_tournament`) and buttons.
    pub(in crate::chat) async fn tour_menu(
        &self,
        doc: &TournamentDoc,
        lang: Lang,
    ) -> Result<Menu, StoreError> {
        let settings = self.service.store().chat_settings(&doc.chat).await?;
        let t = &doc.tournament;
        let item = |label: &str, change: Change| Item {
            label: label.to_owned(),
            press: MenuPress { version: doc.version, page: Page::Tournament(t.id), change },
            selected: false,
        };
        let pairs = t.format.people_per_entrant() == 2;
        let join = match pairs {
            true => item(tr(lang, "✋ Ищу пару", "✋ Find a partner"), Change::Tour(TourAct::Join)),
            false => item(tr(lang, "✋ Участвую", "✋ Join"), Change::Tour(TourAct::Join)),
        };
        let partner = t.waiting.first().map(|p| {
            let label = match lang {
                Lang::Ru => format!("🤝 В пару к {}", display_name(&p.name)),
                Lang::En => format!("🤝 Partner {}", display_name(&p.name)),
            };
            item(&label, Change::Tour(TourAct::Partner))
        });
        let leave = item(tr(lang, "🚪 Выйти", "🚪 Withdraw"), Change::Tour(TourAct::Leave));
        let start = item(tr(lang, "▶️ Начать", "▶️ Start"), Change::Tour(TourAct::Start));
        let show = item(tr(lang, "🔄 Обновить", "🔄 Refresh"), Change::Show);
        let arena = matches!(t.format, Format::Arena { .. });
        let nav = match t.state {
            State::Enrolling if arena => vec![join, leave, show],
            State::Enrolling => [Some(join), partner, Some(leave), Some(start), Some(show)]
                .into_iter()
                .flatten()
                .collect(),
            State::Running { .. } if arena => vec![join, leave, show],
            State::Running { .. } => vec![leave, show],
            State::Closed { .. } => vec![show],
        };
        let text = render_tournament(t, lang, settings.zone());
        Ok(Menu { text, controls: Vec::new(), nav })
    }

    /// What the chat is told of what a tournament did by itself or by a press: the pairings
    /// drawn (a round robin's schedule, a pairs night's round; an arena's pairs are told as
    /// their tables open), each fixture's table opened (the table itself is shown as any table
    /// is), each result, who is due as the deadline nears (once), and the close with the final
    /// standings and their picture; nothing for the rest (enrolments, withdrawals).
    pub(super) async fn tournament_post(
        &self,
        news: &TourNews,
    ) -> Result<Option<Reply>, StoreError> {
        let lang = self.service.store().chat_settings(&news.doc.chat).await?.lang;
        let t = &news.doc.tournament;
        let arena = matches!(t.format, Format::Arena { .. });
        let mut lines = Vec::new();
        let mut closed = false;
        for e in &news.events {
            match e {
                Event::Drawn { round, fixtures, sitting_out } if !arena => {
                    lines.push(render_drawn(t, *round, fixtures, sitting_out, lang));
                }
                Event::TableStarted { fixture, .. } => {
                    lines.push(render_table_started(t, &t.fixtures[*fixture], lang));
                }
                Event::Due { fixtures } => lines.push(render_due(t, fixtures, lang)),
                Event::Finished { fixture, .. } | Event::Forfeited { fixture, .. } => {
                    lines.push(render_result(t, &t.fixtures[*fixture], lang));
                }
                Event::Closed { .. } => {
                    lines.push(render_closed(t, lang));
                    closed = true;
                }
                _ => {}
            }
        }
        if lines.is_empty() {
            return Ok(None);
        }
        let text = lines.join("\n\n");
        let body = match closed {
            true => match super::tour_picture::standings_picture(t).await {
                Some(picture) => Body::Picture { text, picture },
                None => Body::Long(text),
            },
            false => Body::Long(text),
        };
        Ok(Some(Reply { body, private: false, ack: false }))
    }
}

/// How to make one, when the chat has none to show.
fn usage(lang: Lang, platform: Platform) -> String {
    match (platform, lang) {
        (Platform::Discord, Lang::Ru) => "В чате нет турниров. Новый: /domino турнир формат:круг [игра] [дней:N], формат:пары [игра] [дней:N], формат:арена [игра] [минут:N] [серия] или формат:вечер [игра] [раундов:N].".to_owned(),
        (Platform::Discord, Lang::En) => "No tournament in this chat. A new one: /domino tournament format:round [game] [days:N], format:pairs [game] [days:N], format:arena [game] [minutes:N] [streak], or format:night [game] [rounds:N]. A chat admin creates one.".to_owned(),
        (_, Lang::Ru) => format!("В чате нет турниров. Новый: {p}турнир круг [игра] [дней N] — каждый с каждым; {p}турнир пары [игра] [дней N] — каждый с каждым парами; {p}турнир арена [игра] [минут N] [серия] — арена; {p}турнир вечер [игра] [раундов N] — вечер пар со сменой партнёров. Создаёт админ чата.", p = crate::chat::prefix(platform)),
        (_, Lang::En) => format!("No tournament in this chat. A new one: {p}tournament round [game] [days N] for a round robin, {p}tournament pairs [game] [days N] for a round robin of pairs, {p}tournament arena [game] [minutes N] [streak] for an arena, {p}tournament night [game] [rounds N] for a pairs night with new partners each round. A chat admin creates one.", p = crate::chat::prefix(platform)),
    }
}
