//! A table's delivery plan: everything an adapter sends about one table after a change, as
//! views only. Where it goes (the chat and its thread, the table and version it shows), the
//! public view and its picture, the notice of what happened, each seated person's own hand,
//! and the turn ping. No [`Table`] leaves the core: what is not in a view cannot be shown, so
//! an adapter cannot leak a hidden tile.

use super::message::MessageAt;
use super::turn::{TurnPing, turn_ping};
use crate::ids::{ChatId, Lang, Person, UserId};
use crate::session::{Event, Phase, Table};
use crate::store::BoardMode;
use crate::view::picture::Picture;
use crate::view::{
    HandView, TableView, WatchView, Watching, hand_view, hand_view_page, notices, table_view,
};
use std::sync::Arc;

/// Which table a plan is of, and where it lives.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TableRef {
    pub id: i64,
    /// The table's number in its chat ("стол №3").
    pub number: u32,
    /// The version shown: a message never shows an older one over a newer.
    pub version: u64,
    pub chat: ChatId,
    /// The Telegram topic or Discord thread of `chat` the table lives in.
    pub thread: Option<String>,
    pub lang: Lang,
    /// A match is in play (hands are dealt and may be asked for).
    pub playing: bool,
    /// The table is open (a lobby, a challenge or a match in play): not finished or closed.
    pub open: bool,
}

/// A seated person's own hand: for them alone.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Hand {
    pub person: Person,
    /// `None` before a deal (and after the match).
    pub view: Option<HandView>,
    /// The person needs this hand now: they moved (their tiles changed), they are to move
    /// (their buttons changed), they are away (their «I'm back» carries the table's version),
    /// or something other than a move happened (a deal, a round's end, a vote). The others' hands only lag behind the table by the moves made since, which
    /// their next turn shows: a platform with a budget of messages may leave them for then.
    pub fresh: bool,
}

/// What a notice was about: a round's or the match's end comes with a picture.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Ending {
    /// Round N (1-based) ended, the match goes on.
    Round(u32),
    /// The match ended.
    Match,
}

/// A message for the whole chat about what happened at a table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Notice {
    pub text: String,
    /// The person the notice calls (a challenge): mention them so that they hear of it.
    pub mention: Option<Person>,
    /// A picture to show with it (the round's end, the match's tally), when the chat shows
    /// boards as pictures; the text is then its caption.
    pub picture: Option<Arc<Picture>>,
}

/// A table to bring up to date, as it now is.
#[derive(Clone, Debug)]
pub struct Show {
    pub table: TableRef,
    /// The public view: for everyone in the chat.
    pub view: TableView,
    /// What happened, for the chat (none when nothing is worth a message).
    pub notice: Option<Notice>,
    /// The ping the table wants now (`None`: no ping; an old one goes).
    pub turn: Option<TurnPing>,
    /// Every seated person with their own hand, in seat order.
    pub hands: Vec<Hand>,
    /// Whether the seated people's hands changed (a deal, a move, a match's end).
    pub hands_changed: bool,
    /// Only moves were made (and hints or warnings given) within a round in play: the public
    /// view may lag a few seconds behind, since each mover's own hand shows what a move
    /// needs; `false` for anything people see or decide on at once (a deal, a round's or the
    /// match's end, a vote, a seat, the lobby).
    pub flowing: bool,
    /// How the chat shows the board (its setting; `Text` until the chat layer says).
    pub board: BoardMode,
    /// What ended with the events shown.
    pub ending: Option<Ending>,
    /// Every move the events shown made, in order, as «who: move» (`view::moves_made`).
    pub moves: Vec<String>,
    /// The table is posted anew at the bottom of its chat (`/table N`): its old message, if
    /// it had one, is to read `text` and lose its buttons. The core has already forgotten it
    /// as the table's message, so the table shows as a new one.
    pub moved: Option<Moved>,
    /// The people watching the table without a seat (`/watch N`), each to be shown
    /// [`Show::watch_view`] after every change (filled in by the chat layer).
    pub watchers: Vec<Watcher>,
    /// The table picture, drawn from the public table once when first asked for.
    pub(super) drawing: Drawing,
}

/// A person who watches a table without a seat, and where their view goes on a platform that
/// can show it in two places (Telegram: their private chat when they chose it for their hands,
/// else the table's chat, seen by them alone).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Watcher {
    pub id: UserId,
    pub place: crate::chat::HandPlace,
}

/// A table's old message, left behind when the table was posted anew.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Moved {
    /// Where the old message is (`None`: it had none the core knew of).
    pub from: Option<MessageAt>,
    /// What it is to read instead (no buttons).
    pub text: String,
}

/// The table picture of a show, drawn lazily (most shows of a busy table are superseded
/// before they are sent). It holds the table only to draw it: never shown, never printed.
#[derive(Clone, Default)]
pub(super) struct Drawing {
    table: Option<Arc<Table>>,
    drawn: Arc<tokio::sync::OnceCell<Option<Arc<Picture>>>>,
}

impl std::fmt::Debug for Drawing {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Drawing")
    }
}

impl Drawing {
    /// The table, for the chat layer's own pictures (a round's end, the tally).
    pub(super) fn table(&self) -> Option<&Table> {
        self.table.as_deref()
    }
}

/// Whether the person in `seat` is away: their hand's «I'm back» must stay pressable.
fn away(table: &Table, seat: usize) -> bool {
    table.seats.get(seat).and_then(Option::as_ref).is_some_and(|s| s.away)
}

/// Whether `events` are only moves (and hints or warnings) within a round still in play.
fn flows(table: &Table, events: &[Event]) -> bool {
    table.phase == Phase::Playing
        && !events.is_empty()
        && events.iter().all(|e| {
            matches!(e, Event::Moved { .. } | Event::HintUsed { .. } | Event::Warned { .. })
        })
}

impl Show {
    /// The plan for `table` after `events`.
    pub fn of(table: &Table, events: &[Event]) -> Show {
        let lines = notices(table, events);
        let mention = events.iter().find_map(|e| match e {
            Event::Challenged { invitee } => Some(invitee.clone()),
            _ => None,
        });
        let notice = (!lines.is_empty()).then(|| Notice {
            text: lines.join("\n\n"),
            mention,
            picture: None,
        });
        // A warning too: the hands' buttons carry the table's version, which it moved on.
        let hands_changed = table.game.is_some() && !events.is_empty();
        let ending = if events.iter().any(|e| matches!(e, Event::MatchEnded { .. })) {
            Some(Ending::Match)
        } else {
            events.iter().rev().find_map(|e| match e {
                Event::RoundEnded { round, .. } => Some(Ending::Round(*round)),
                _ => None,
            })
        };
        let flowing = flows(table, events);
        let to_move = table.to_move();
        let movers: Vec<usize> = events
            .iter()
            .filter_map(|e| match e {
                Event::Moved { seat, .. } => Some(*seat as usize),
                _ => None,
            })
            .collect();
        let hands = table
            .humans()
            .map(|(seat, p)| Hand {
                person: p.clone(),
                view: hand_view(table, seat),
                fresh: hands_changed
                    && (!flowing
                        || to_move == Some(seat)
                        || movers.contains(&seat)
                        || away(table, seat)),
            })
            .collect();
        Show {
            table: TableRef {
                id: table.id,
                number: table.number,
                version: table.version,
                chat: table.chat.clone(),
                thread: table.thread.clone(),
                lang: table.lang,
                playing: table.phase == Phase::Playing,
                open: table.phase.is_open(),
            },
            view: table_view(table),
            notice,
            turn: turn_ping(table),
            hands,
            hands_changed,
            flowing,
            board: BoardMode::Text,
            ending,
            moves: crate::view::moves_made(table, events),
            moved: None,
            watchers: Vec::new(),
            drawing: Drawing { table: Some(Arc::new(table.clone())), drawn: Arc::default() },
        }
    }

    /// The table as it is, to show it again (after a restart or a stale press): every hand
    /// fresh, nothing flowing.
    pub fn again(table: &Table) -> Show {
        let mut show = Show::of(table, &[]);
        show.hands_changed = table.game.is_some();
        for hand in &mut show.hands {
            hand.fresh = show.hands_changed;
        }
        show
    }

    /// The table picture, when the chat shows boards as pictures: drawn once (off the async
    /// workers) from the public table, whatever asks for it; `None` in text chats or when it
    /// cannot be drawn.
    pub async fn picture(&self) -> Option<Arc<Picture>> {
        if self.board != BoardMode::Picture {
            return None;
        }
        let table = self.drawing.table.clone()?;
        let drawn =
            self.drawing.drawn.get_or_init(|| super::pictures::table_picture(Table::clone(&table)));
        drawn.await.clone()
    }

    /// `view` (a hand of this show, for its owner alone) as a picture when the chat shows
    /// boards as pictures: drawn from the view's own tiles, nothing else; `None` in text chats
    /// or when it cannot be drawn. The hand's text is then its caption.
    pub async fn hand_picture(&self, view: &HandView) -> Option<Arc<Picture>> {
        if self.board != BoardMode::Picture {
            return None;
        }
        super::pictures::hand_picture(view).await
    }

    /// The picture of a hand still to come (`view::hand_to_come_text` is its caption) where
    /// the chat shows boards as pictures: an empty hand, so that the message is a photo that
    /// the hand's picture later replaces. `None` in text chats.
    pub async fn hand_to_come_picture(&self) -> Option<Arc<Picture>> {
        if self.board != BoardMode::Picture {
            return None;
        }
        super::pictures::empty_hand_picture(self.table.id).await
    }

    /// Every hand of the round that just ended as text (`view::round_hands_text`), for a
    /// place that shows no pictures; `None` unless this show ends a round or the match.
    pub fn round_hands(&self) -> Option<String> {
        let round = match self.ending? {
            Ending::Round(n) => n,
            Ending::Match => self.drawing.table()?.game.as_ref()?.rounds.len() as u32,
        };
        crate::view::round_hands_text(self.drawing.table()?, round, self.view.lang)
    }

    /// The hand of the person `user`, if seated (`None` as well before a deal).
    pub fn hand_of(&self, user: &UserId) -> Option<&HandView> {
        self.hands.iter().find(|h| &h.person.id == user)?.view.as_ref()
    }

    /// The hand of the person `user` at page `page` of its moves (`None`: as `hand_of` has
    /// it, the first), for a hand redrawn at the page its owner turned to.
    pub fn hand_at(&self, user: &UserId, page: Option<u8>) -> Option<HandView> {
        let view = self.hand_of(user)?;
        match (page, self.drawing.table()) {
            (Some(p), Some(table)) if p != view.page => {
                hand_view_page(table, view.seat as usize, view.lang, Some(p))
            }
            _ => Some(view.clone()),
        }
    }

    /// What `user` is shown as a spectator of the table: its public view while they watch it,
    /// its last view once it closed, and only that they stopped otherwise (a view asked for
    /// by someone not watching shows no table).
    pub fn watch_view(&self, user: &UserId) -> WatchView {
        let watching = match (self.watchers.iter().any(|w| &w.id == user), self.table.open) {
            (true, true) => Watching::On,
            (true, false) => Watching::Closed,
            (false, _) => Watching::Stopped,
        };
        let t = &self.table;
        WatchView::new(t.id, t.version, t.number, &self.view, watching)
    }

    /// Whether `user` sits at the table.
    pub fn seats(&self, user: &UserId) -> bool {
        self.hands.iter().any(|h| &h.person.id == user)
    }
}
