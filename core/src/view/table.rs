//! The public table view: what everybody in the chat sees in the table message. Built from the
//! table alone; it holds no tile but those on the table (see the module docs of `view`).

use super::board::{BoardView, board_view};
use super::history::last_round;
pub(crate) use super::history::last_round_view;
use super::text::{self, Goat, display_name, penalties, seat_name, side_label, side_mark, tr};
use crate::chat::press::ButtonData;
use crate::engine::round::EndKind;
use crate::engine::rules::Teams;
use crate::session::{BotLevel, CloseReason, Lang, Occupant, OnFlag, Phase, Table};

/// Rows of buttons: (label, data).
pub type Buttons = Vec<Vec<(String, ButtonData)>>;

/// Everything the table message shows, in one language.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TableView {
    pub lang: Lang,
    /// "Козёл (пары) · стол №3".
    pub title: String,
    pub phase: PhaseView,
    pub seats: Vec<SeatView>,
    /// `None` before the first deal.
    pub board: Option<BoardView>,
    /// Tiles left in the bazaar (a count only), when the variant has one.
    pub bazaar: Option<usize>,
    /// The last move of the round in play, as text ("Анна: [3|5] ▶").
    pub last_move: Option<String>,
    pub sheet: Option<SheetView>,
    pub last_round: Option<LastRoundView>,
    pub outcome: Option<OutcomeView>,
    /// Pairs: who plays with whom ("🔵 Анна + Вера", "🔴 Борис + место 4").
    pub partners: Option<[String; 2]>,
    /// The match clock, when the table plays with one.
    pub clock: Option<ClockView>,
    /// People may ask for the expert's hint (the table's setting).
    pub hints: bool,
    /// A lobby in its owner's private chat: only the owner plays, with computers.
    pub private: bool,
    /// Lines on the queue and who sits in next, and on the match's votes: a pause (or votes
    /// for one), a pair's resignation asked.
    pub notes: Vec<String>,
    pub buttons: Buttons,
}

/// The match clock as shown: the setting and, in a match, each side's time.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ClockView {
    /// `10+5`.
    pub rule: String,
    /// The computer plays for a side out of time (instead of its losing).
    pub auto: bool,
    /// One per side once a match has started.
    pub sides: Vec<SideClock>,
}

/// One side's clock: its time as of its turn's start (the running one) or its last move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SideClock {
    pub label: String,
    pub left_ms: i64,
    pub running: bool,
    /// Out of time (the computer plays for it, or it lost).
    pub fallen: bool,
}

/// Where the table is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PhaseView {
    Lobby { seated: usize, size: usize },
    Challenge { invitee: String },
    Playing { match_no: u32, round: u32 },
    Finished { match_no: u32 },
    Closed { reason: CloseReason },
}

/// One seat.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeatView {
    /// 0-based.
    pub seat: u8,
    /// The person's name or "🤖 Компьютер (мастер)"; `None` for an empty seat.
    pub name: Option<String>,
    pub bot: Option<BotLevel>,
    pub host: bool,
    /// Tiles in hand (a count only), during a round.
    pub tiles: Option<u32>,
    /// A computer player moves for this person.
    pub away: bool,
    /// 🔵 / 🔴 in pair games.
    pub side_mark: Option<&'static str>,
    pub to_move: bool,
}

/// The match sheet.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SheetView {
    pub target: u32,
    /// Points are penalties: whoever reaches the target loses.
    pub penalties: bool,
    /// What the loser is called (Kozel family).
    pub goat: Option<Goat>,
    pub sides: Vec<SideScore>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SideScore {
    pub side: usize,
    pub label: String,
    pub score: u32,
    /// Points below the threshold carried to the next loss (0: none).
    pub remembered: u32,
}

/// The result of the last round that ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LastRoundView {
    pub round: u32,
    pub end: EndKind,
    /// The winning side's label; `None` for a tie.
    pub winner: Option<String>,
    /// (side label, points written) for each side that wrote something.
    pub written: Vec<(String, u32)>,
    /// (side label, points remembered) for each side that carries points.
    pub remembered: Vec<(String, u32)>,
    /// (name, hints taken) for each seat that took the expert's hint in the round.
    pub hints: Vec<(String, u32)>,
}

/// How the match ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OutcomeView {
    pub winner_side: Option<usize>,
    pub loser_side: Option<usize>,
    pub winner: Option<String>,
    pub loser: Option<String>,
    /// What the loser is called (Kozel family).
    pub goat: Option<Goat>,
    /// The name of whoever resigned.
    pub resigned: Option<String>,
    /// The side whose clock ran out, when that decided the match.
    pub flag: Option<String>,
}

/// The public view of `table` in the table's language.
pub fn table_view(table: &Table) -> TableView {
    table_view_in(table, table.lang)
}

/// The public view of `table` in `lang`.
pub fn table_view_in(table: &Table, lang: Lang) -> TableView {
    let game = table.game.as_ref();
    let round = game.and_then(|g| g.live.round()).filter(|_| table.phase == Phase::Playing);
    let movers = table.movers();
    let seated = table.seats.iter().flatten().count();
    let match_no = table.matches_played + u32::from(table.phase == Phase::Playing);
    let phase = match &table.phase {
        Phase::Lobby => PhaseView::Lobby { seated, size: table.seats.len() },
        Phase::Challenge { invitee, .. } => {
            PhaseView::Challenge { invitee: display_name(&invitee.name) }
        }
        Phase::Playing => {
            PhaseView::Playing { match_no, round: game.map_or(0, |g| g.rounds.len() as u32) }
        }
        Phase::Finished => PhaseView::Finished { match_no },
        Phase::Closed { reason } => PhaseView::Closed { reason: *reason },
    };
    let seats = (0..table.seats.len())
        .map(|s| {
            let st = table.seats[s].as_ref();
            SeatView {
                seat: s as u8,
                name: seat_name(table, s, lang),
                bot: st.and_then(|st| match st.occupant {
                    Occupant::Bot(level) => Some(level),
                    Occupant::Human(_) => None,
                }),
                host: st.and_then(|st| st.person()).is_some_and(|p| p.id == table.host),
                tiles: round.map(|r| r.hand(s).len()),
                away: st.is_some_and(|st| st.away),
                side_mark: side_mark(&table.rules, table.rules.side_of(s)),
                to_move: movers.contains(&s),
            }
        })
        .collect();
    let board =
        game.and_then(|g| g.live.round()).map(|r| board_view(r.board(), table.rules.variant()));
    let bazaar = round.map(|r| r.bazaar_len()).filter(|_| has_bazaar(table));
    let sheet = game.map(|g| {
        let live = &g.live;
        let sides = (0..live.sides())
            .map(|side| SideScore {
                side,
                label: side_label(table, side, lang),
                score: live.sheet().scores[side],
                remembered: live.sheet().remembered[side],
            })
            .collect();
        SheetView {
            target: live.rules().target(),
            penalties: penalties(live.rules()),
            goat: Goat::of(live.rules()),
            sides,
        }
    });
    let last = game.and_then(last_round).filter(|l| {
        // A match won mid-round (Telefon) ends with its round unscored: show no older round.
        table.phase != Phase::Finished || l.round as usize == game.map_or(0, |g| g.rounds.len())
    });
    let outcome =
        game.and_then(|g| g.outcome).filter(|_| table.phase == Phase::Finished).map(|o| {
            OutcomeView {
                winner_side: o.winner,
                loser_side: o.loser,
                winner: o.winner.map(|s| side_label(table, s, lang)),
                loser: o.loser.map(|s| side_label(table, s, lang)),
                goat: Goat::of(&table.rules),
                resigned: o.resigned.and_then(|s| seat_name(table, s as usize, lang)),
                flag: o.flag.map(|s| side_label(table, s as usize, lang)),
            }
        });
    TableView {
        lang,
        title: text::title(table, lang),
        phase,
        seats,
        board,
        bazaar,
        last_move: round.and_then(|_| last_move(table, lang)),
        sheet,
        last_round: last.map(|l| last_round_view(table, &l, lang)),
        outcome,
        partners: (table.rules.teams() == Teams::Pairs && table.phase == Phase::Lobby)
            .then(|| [side_label(table, 0, lang), side_label(table, 1, lang)]),
        clock: clock_view(table, lang),
        hints: table.hints && table.phase.is_open(),
        private: table.private && table.phase == Phase::Lobby,
        notes: notes(table, lang),
        buttons: super::table_buttons::buttons(table, lang),
    }
}

fn clock_view(table: &Table, lang: Lang) -> Option<ClockView> {
    let rule = table.clock?;
    let live = matches!(table.phase, Phase::Playing | Phase::Finished);
    let sides = match table.clocks.as_ref().filter(|_| live) {
        Some(c) => c
            .banks
            .iter()
            .enumerate()
            .map(|(side, &left)| SideClock {
                label: side_label(table, side, lang),
                left_ms: left,
                running: c.running.is_some_and(|r| r.side as usize == side),
                fallen: left == 0 || c.fallen.contains(&(side as u8)),
            })
            .collect(),
        None => Vec::new(),
    };
    Some(ClockView { rule: rule.text(), auto: rule.on_flag == OnFlag::Computer, sides })
}

fn has_bazaar(table: &Table) -> bool {
    let seats = table.seats.len();
    let tiles = crate::engine::tile::TileSet::full(table.rules.max_pip()).len() as usize;
    table.rules.deal_size(seats) * seats < tiles
}

/// The last move of the round in play: only tiles now on the table, or a draw or knock.
pub(crate) fn last_move(table: &Table, lang: Lang) -> Option<String> {
    let game = table.game.as_ref()?;
    let &(seat, mv) = game.rounds.last()?.last()?;
    let who = seat_name(table, seat as usize, lang)?;
    let board = game.live.round().map(|r| r.board());
    Some(format!("{who}: {}", super::render::move_text(&mv, board, lang)))
}

/// Lines on the queue (`view::queue`) and the match's votes: a pause or the votes for one, a
/// pair's resignation waiting.
fn notes(table: &Table, lang: Lang) -> Vec<String> {
    let mut out = super::queue::queue_lines(table, lang);
    if table.phase != Phase::Playing {
        return out;
    }
    if table.is_paused() {
        out.push(
            tr(lang, "⏸ Пауза: нажмите «▶️ Продолжить».", "⏸ Paused: press «▶️ Resume».")
                .to_owned(),
        );
    } else if !table.pause_votes.is_empty() {
        let (votes, needed) = (table.pause_votes.len(), table.humans().count() / 2 + 1);
        out.push(match lang {
            Lang::Ru => format!("⏸ За паузу: {votes} из {needed}."),
            Lang::En => format!("⏸ Votes to pause: {votes} of {needed}."),
        });
    }
    if let Some(vote) = table.resign_vote {
        let name = |s: usize| seat_name(table, s, lang).unwrap_or_default();
        let partner = table.partner_of(vote.seat as usize).map(name).unwrap_or_default();
        let who = name(vote.seat as usize);
        out.push(match lang {
            Lang::Ru => format!("🏳 {who} предлагает сдаться: решает {partner}."),
            Lang::En => format!("🏳 {who} proposes to resign: {partner} decides."),
        });
    }
    out
}

/// A seat as one line: "👉 🔵 1. Анна 👑 · 5 костей 💤".
pub(crate) fn seat_line(seat: &SeatView, lang: Lang) -> String {
    let mut line = String::new();
    line.push_str(if seat.to_move { "👉 " } else { "▫️ " });
    if let Some(mark) = seat.side_mark {
        line.push_str(mark);
        line.push(' ');
    }
    line.push_str(&format!("{}. ", seat.seat + 1));
    match &seat.name {
        Some(name) => line.push_str(name),
        None => line.push_str(tr(lang, "— свободно —", "— free —")),
    }
    if let Some(level) = seat.bot {
        line.push_str(&format!(" ({})", text::bot_level_name(level, lang)));
    }
    if seat.host {
        line.push_str(" 👑");
    }
    if let Some(n) = seat.tiles {
        line.push_str(&format!(" · {}", text::tiles_count(n.into(), lang)));
    }
    if seat.away {
        line.push_str(" 💤");
    }
    line
}
