//! What the chat layer answers: what the requester is told, what a pressed menu now shows, and
//! which tables to bring up to date (each a [`Show`], a delivery plan of views). Adapters only
//! draw these.

use super::show::Show;
use crate::chat::Menu;
use crate::view::picture::Picture;
use crate::view::{HandView, WatchView};
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
    /// What the requester, a spectator, is shown of the table they watch (`/watch N`): the
    /// table's public view, kept current where the platform allows (`chat::tables::watch`).
    Watch(WatchView),
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
            Body::Hand(_) | Body::Watch(_) => None,
        }
    }
}
