//! One player's private view: their own tiles, whether it is their turn, and a button for each
//! legal placement. Only the seat's own tiles and public facts (the open ends) appear here.

use super::board::{CLOSED, EndView, board_view};
use super::hand_page::{IDLE_MAX, MoveButton, page_line, paged};
use super::render::ends_text;
use super::table::Buttons;
use super::text::{arm_arrow, arm_word, title, tr};
use crate::chat::press::{ButtonAction, ButtonData};
use crate::engine::ai::takes_end;
use crate::engine::board::{Arm, Board};
use crate::engine::moves::{Move, Placement};
use crate::engine::tile::Tile;
use crate::session::{Lang, Phase, Table};

/// What one seat sees of its own hand.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HandView {
    pub lang: Lang,
    pub table: i64,
    /// The table's version it was drawn for.
    pub version: u64,
    pub title: String,
    /// 0-based.
    pub seat: u8,
    /// The seat's tiles, heaviest suit first ([6|6] [6|4] … [1|0]).
    pub tiles: Vec<Tile>,
    /// The match is in play and this seat is to move.
    pub your_turn: bool,
    /// Who is to move when it is somebody else.
    pub waiting_for: Option<String>,
    /// A computer player moves for this seat until «back».
    pub away: bool,
    /// The match is in play (not finished or closed).
    pub playing: bool,
    /// The open ends (public).
    pub ends: Vec<EndView>,
    /// The round's last move as the table shows it ("Вера: [5|6] ▶"), public: with the ends
    /// and who is to move, what a move needs, so the hand can be played from alone while the
    /// table message lags a few seconds behind.
    pub last_move: Option<String>,
    /// One button per legal move (draws and knocks are made automatically), then «back» when
    /// away, or «hint» when the table has hints on and the seat has a choice.
    pub buttons: Buttons,
    /// The expert's hint taken for this move, as its button reads.
    pub hint: Option<String>,
    /// The page of move buttons shown (0-based) and how many there are (see `hand_page`).
    pub page: u8,
    pub pages: u8,
    /// The tiles no button plays now (all of them when it is not this seat's move), for
    /// platforms that show every tile with the unplayable ones disabled; none when there are
    /// more than [`IDLE_MAX`](super::hand_page::IDLE_MAX) (the text lists them).
    pub idle: Vec<Tile>,
    /// The tiles some move of this seat can lay now, in hand order (none when it is not
    /// this seat's move): what a hand picture lifts.
    pub playable: Vec<Tile>,
}

/// The hand of `seat` in the table's language; `None` when no round is dealt or the seat is
/// empty.
pub fn hand_view(table: &Table, seat: usize) -> Option<HandView> {
    hand_view_in(table, seat, table.lang)
}

/// The hand of `seat` in `lang`.
pub fn hand_view_in(table: &Table, seat: usize, lang: Lang) -> Option<HandView> {
    hand_view_page(table, seat, lang, None)
}

/// The hand of `seat` in `lang` at page `page` of its move buttons (`None`: the first; a page
/// past the last shows the last).
pub fn hand_view_page(
    table: &Table,
    seat: usize,
    lang: Lang,
    page: Option<u8>,
) -> Option<HandView> {
    let st = table.seats.get(seat)?.as_ref()?;
    let live = table.live()?;
    let round = live.round()?;
    let mut tiles: Vec<Tile> = round.hand(seat).iter().collect();
    tiles.sort_by_key(|t| std::cmp::Reverse((t.high(), t.low())));
    let playing = table.phase == Phase::Playing;
    // Paused, nobody moves: the hand offers no move.
    let your_turn = playing && !table.is_paused() && table.may_move(seat);
    let to_move = table.to_move();
    let b = |label: String, action| (label, ButtonData::new(table.id, table.version, action));
    let mut moves: Vec<MoveButton> = Vec::new();
    let mut playable: Vec<Tile> = Vec::new();
    let hinted = table.hint_now(seat).filter(|_| your_turn && !st.away);
    let max_pip = live.rules().max_pip();
    let hint = hinted.and_then(|mv| {
        let label = move_label(&mv, round.board(), lang)?;
        Some(match takes_end(round.board(), round.hand(seat), &mv, max_pip) {
            Some(x) => format!("{label} ({})", takes_end_note(lang, x)),
            None => label,
        })
    });
    let mut extra = None;
    if your_turn && !st.away {
        let mut multis = Vec::new();
        for mv in live.legal_moves(seat) {
            let Some(mut label) = move_label(&mv, round.board(), lang) else { continue };
            playable.extend(move_tiles(&mv));
            if hinted.is_some_and(|h| same_move(&h, &mv)) {
                label = format!("💡 {label}");
            }
            let button = b(label, ButtonAction::Move(mv));
            match mv {
                Move::Play(list) if list.len() > 1 => multis.push((button, true)),
                _ => moves.push((button, false)),
            }
        }
        moves.extend(multis);
        if table.hint_open(seat).is_ok() {
            extra = Some(b(tr(lang, "💡 Подсказка", "💡 Hint").to_owned(), ButtonAction::Hint));
        }
    }
    let arrow = |p| ButtonData::new(table.id, table.version, ButtonAction::HandPage(p));
    let (mut buttons, page, pages) = paged(moves, page, extra, arrow);
    if st.away && playing {
        buttons
            .push(vec![b(tr(lang, "👋 Я вернулся", "👋 I'm back").to_owned(), ButtonAction::Back)]);
    }
    let mut idle: Vec<Tile> = tiles.iter().copied().filter(|t| !playable.contains(t)).collect();
    let playable: Vec<Tile> = tiles.iter().copied().filter(|t| playable.contains(t)).collect();
    if idle.len() > IDLE_MAX {
        idle.clear();
    }
    Some(HandView {
        lang,
        table: table.id,
        version: table.version,
        title: title(table, lang),
        seat: seat as u8,
        your_turn,
        waiting_for: to_move
            .filter(|_| !your_turn)
            .and_then(|_| super::notice::movers_text(table, lang)),
        away: st.away,
        playing,
        ends: board_view(round.board(), table.rules.variant()).ends,
        last_move: super::table::last_move(table, lang),
        idle,
        playable,
        tiles,
        buttons,
        hint,
        page,
        pages,
    })
}

/// The tiles a move lays.
fn move_tiles(mv: &Move) -> Vec<Tile> {
    match mv {
        Move::Lead { tile, .. } => vec![*tile],
        Move::Play(list) => list.as_slice().iter().map(|p| p.tile).collect(),
        Move::Draw | Move::Pass => Vec::new(),
    }
}

/// The same move: a lead in either orientation, placements in any order.
pub(crate) fn same_move(a: &Move, b: &Move) -> bool {
    match (a, b) {
        (Move::Lead { tile: t, na_sto: n, .. }, Move::Lead { tile: u, na_sto: m, .. }) => {
            t == u && n == m
        }
        (Move::Play(p), Move::Play(q)) => {
            p.len() == q.len() && p.as_slice().iter().all(|x| q.as_slice().contains(x))
        }
        _ => a == b,
    }
}

/// What a move that takes the end of `x` does («взять конца»: the mover holds the last
/// `x`-half, so nobody else can play on it).
pub fn takes_end_note(lang: Lang, x: u8) -> String {
    match lang {
        Lang::Ru => format!("берёте конец: {x} — последняя {x} у вас"),
        Lang::En => format!("takes the end: {x}, you hold the last {x}"),
    }
}

/// The label of a move's button: "5|3 ◀ влево", "2|2 ◀🔒 + 5|5 ▲", "6|4 — заход". Draws and
/// knocks get none (the session makes them).
pub fn move_label(mv: &Move, board: &Board, lang: Lang) -> Option<String> {
    match mv {
        Move::Lead { tile, left, na_sto } => {
            let what = if *na_sto {
                tr(lang, "заход «на сто»!", "lead «for a hundred»!")
            } else {
                tr(lang, "заход", "lead")
            };
            Some(format!("{left}|{} — {what}", tile.other(*left)))
        }
        Move::Play(list) => match list.as_slice() {
            [one] => {
                let lock = if one.close { format!(" {CLOSED}") } else { String::new() };
                Some(format!(
                    "{} {} {}{lock}",
                    oriented(one, board),
                    arm_arrow(one.arm),
                    arm_word(one.arm, lang)
                ))
            }
            many => {
                let parts: Vec<String> = many
                    .iter()
                    .map(|p| {
                        format!(
                            "{} {}{}",
                            oriented(p, board),
                            arm_arrow(p.arm),
                            if p.close { CLOSED } else { "" }
                        )
                    })
                    .collect();
                Some(parts.join(" + "))
            }
        },
        Move::Draw | Move::Pass => None,
    }
}

/// The tile as it would lie: on the left arm `outer|inner`, elsewhere `inner|outer`.
fn oriented(p: &Placement, board: &Board) -> String {
    let inner = board.arm(p.arm).value;
    let outer = p.tile.other(inner);
    if p.arm == Arm::Left { format!("{outer}|{inner}") } else { format!("{inner}|{outer}") }
}

/// What a seated person's hand message says before the deal: a platform that may send it only
/// as the answer to their own press sends it then, and edits it into their hand at the deal.
pub fn hand_to_come_text(lang: Lang) -> &'static str {
    tr(
        lang,
        "🎴 Здесь появятся ваши кости, когда начнётся матч.",
        "🎴 Your tiles will show here when the match starts.",
    )
}

/// The hand as a private message.
pub fn render_hand(view: &HandView) -> String {
    hand_lines(view, true)
}

/// The hand as a message beside the table, seen by its owner alone. It says what a move
/// needs (the ends, the last move, who is to move), so that its owner can play from it alone
/// while the table message lags behind; a platform with a budget of messages sends it when
/// its owner needs it (`Hand::fresh`), not after every move.
pub fn render_hand_brief(view: &HandView) -> String {
    hand_lines(view, true)
}

/// The hand's brief text as the caption of its picture, at most `max` characters: when the
/// list of tiles would not fit (about 120 tiles, a hand grown from a large bazaar), it is
/// counted instead, the picture showing the tiles.
pub fn render_hand_caption(view: &HandView, max: usize) -> String {
    let text = render_hand_brief(view);
    if text.chars().count() <= max {
        return text;
    }
    let counted = hand_lines(view, false);
    counted.chars().take(max).collect()
}

fn hand_lines(view: &HandView, list: bool) -> String {
    let lang = view.lang;
    let mut out = vec![format!("🎴 {} — {}", view.title, tr(lang, "ваши кости:", "your tiles:"))];
    if let Some(hint) = &view.hint {
        // First after the title: a popup that cuts the text still shows it.
        out.push(format!(
            "💡 {} {hint} {}",
            tr(lang, "Подсказка эксперта:", "The expert suggests:"),
            tr(lang, "(кнопка с 💡)", "(the 💡 button)")
        ));
    }
    if view.tiles.is_empty() {
        out.push(tr(lang, "(пусто)", "(none)").to_owned());
    } else if !list {
        let n = view.tiles.len();
        out.push(format!(
            "{} {n} {}",
            tr(lang, "Костей:", "Tiles:"),
            tr(lang, "(на картинке)", "(in the picture)")
        ));
    } else {
        let tiles: Vec<String> =
            view.tiles.iter().map(|t| format!("[{}|{}]", t.high(), t.low())).collect();
        out.push(tiles.join(" "));
    }
    if !view.ends.is_empty() {
        out.push(format!("{} {}", tr(lang, "Концы:", "Ends:"), ends_text(&view.ends)));
    }
    if let Some(last) = view.last_move.as_ref().filter(|_| view.playing) {
        out.push(format!("{} {last}", tr(lang, "Последний ход:", "Last move:")));
    }
    out.extend(page_line(view.page, view.pages, lang));
    out.push(status(view));
    out.join("\n")
}

fn status(view: &HandView) -> String {
    let lang = view.lang;
    if !view.playing {
        return tr(lang, "Матч окончен.", "The match is over.").to_owned();
    }
    if view.away {
        return tr(
            lang,
            "💤 За вас ходит компьютер. Нажмите «Я вернулся», чтобы играть.",
            "💤 The computer is moving for you. Press «I'm back» to play.",
        )
        .to_owned();
    }
    if view.your_turn {
        return tr(lang, "👉 Ваш ход!", "👉 Your move!").to_owned();
    }
    match view.waiting_for.as_ref() {
        Some(who) => format!("{} {who}", tr(lang, "⏳ Ходит", "⏳ To move:")),
        None => tr(lang, "⏳ Ждём хода.", "⏳ Waiting.").to_owned(),
    }
}
