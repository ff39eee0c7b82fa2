//! What the chat layer answers: what the requester is told, what a pressed menu now shows, and
//! which tables to bring up to date — each table with its public view, the notice of what
//! happened, every seated person's hand and the turn ping it wants. Adapters only draw these.

use super::menu::Menu;
use super::turn::{TurnPing, turn_ping};
use crate::session::{Event, Person, Table};
use crate::store::BoardMode;
use crate::view::picture::Picture;
use crate::view::{HandView, TableView, hand_view, notices, table_view};
use std::sync::Arc;

/// A file to send.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct File {
    pub name: String,
    pub bytes: Vec<u8>,
}

/// What a reply holds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Body {
    /// A short text (a refusal, a confirmation).
    Text(String),
    /// A long text (rules, standings, history): Discord shows it in an embed.
    Long(String),
    /// The requester's own hand (only they may see it).
    Hand(HandView),
    /// The settings menu.
    Menu(Menu),
    /// Files with a caption.
    Files { caption: String, files: Vec<File> },
    /// A picture (`/score`'s tally chart) with the text it stands for, complete: a platform
    /// that cuts captions shows the rest as text.
    Picture { text: String, picture: Arc<Picture> },
}

/// What the requester is told.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reply {
    pub body: Body,
    /// Only the requester should see it (a popup, an ephemeral message); otherwise it is
    /// meant for the chat.
    pub private: bool,
    /// Only an acknowledgement of what the tables shown say anyway: a platform that must
    /// answer every request shows it, one that need not may leave it out.
    pub ack: bool,
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

/// What ended with the events shown: its notice comes with a picture.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Ending {
    /// Round N (1-based) ended, the match goes on.
    Round(u32),
    /// The match ended.
    Match,
}

/// A table to bring up to date, as it now is.
#[derive(Clone, Debug)]
pub struct Show {
    pub table: Table,
    pub view: TableView,
    /// What happened, for the chat (none when nothing is worth a message).
    pub notice: Option<Notice>,
    /// The ping the table wants now (`None`: no ping; an old one goes).
    pub turn: Option<TurnPing>,
    /// Whether the seated people's hands changed (a deal, a move, a match's end).
    pub hands_changed: bool,
    /// How the chat shows the board (its setting; `Text` until the chat layer says).
    pub board: BoardMode,
    /// What ended with the events shown.
    pub ending: Option<Ending>,
    /// The table picture, drawn once for this show and its clones when first asked for.
    pub(super) picture: Arc<tokio::sync::OnceCell<Option<Arc<Picture>>>>,
}

impl Show {
    /// The table after `events`.
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
        let hands_changed = table.game.is_some() && !events.is_empty();
        let ending = if events.iter().any(|e| matches!(e, Event::MatchEnded { .. })) {
            Some(Ending::Match)
        } else {
            events.iter().rev().find_map(|e| match e {
                Event::RoundEnded { round, .. } => Some(Ending::Round(*round)),
                _ => None,
            })
        };
        Show {
            table: table.clone(),
            view: table_view(table),
            notice,
            turn: turn_ping(table),
            hands_changed,
            board: BoardMode::Text,
            ending,
            picture: Arc::default(),
        }
    }

    /// The table picture, when the chat shows boards as pictures: drawn once (off the async
    /// workers) from the public table, whatever asks for it; `None` in text chats or when it
    /// cannot be drawn.
    pub async fn picture(&self) -> Option<Arc<Picture>> {
        if self.board != BoardMode::Picture {
            return None;
        }
        let table = &self.table;
        let drawn = self.picture.get_or_init(|| super::pictures::table_picture(table.clone()));
        drawn.await.clone()
    }

    /// The table as it is, to show it again (after a restart or a stale press).
    pub fn again(table: &Table) -> Show {
        Show { hands_changed: table.game.is_some(), ..Show::of(table, &[]) }
    }

    /// Every seated person with their hand (`None` before a deal).
    pub fn hands(&self) -> Vec<(Person, Option<HandView>)> {
        self.table.humans().map(|(seat, p)| (p.clone(), hand_view(&self.table, seat))).collect()
    }
}

/// Everything the chat layer answers to one request.
#[derive(Clone, Debug, Default)]
pub struct Answer {
    pub reply: Option<Reply>,
    /// What the pressed menu message now shows.
    pub menu: Option<Menu>,
    /// Tables to bring up to date.
    pub shows: Vec<Show>,
}

impl Answer {
    /// A text for the requester only.
    pub fn private(text: impl Into<String>) -> Answer {
        Answer {
            reply: Some(Reply { body: Body::Text(text.into()), private: true, ack: false }),
            ..Answer::default()
        }
    }

    /// A text for the chat.
    pub fn public(body: Body) -> Answer {
        Answer { reply: Some(Reply { body, private: false, ack: false }), ..Answer::default() }
    }

    pub fn with_show(mut self, show: Show) -> Answer {
        self.shows.push(show);
        self
    }

    /// The reply's text, when it is one (tests, logs).
    pub fn text(&self) -> Option<&str> {
        match &self.reply.as_ref()?.body {
            Body::Text(t) | Body::Long(t) => Some(t),
            Body::Files { caption, .. } => Some(caption),
            Body::Menu(m) => Some(&m.text),
            Body::Picture { text, .. } => Some(text),
            Body::Hand(_) => None,
        }
    }
}
