//! What the outbox runs: one thing to write in one chat, how jobs coalesce, and what each is
//! worth ([`Class`]): the order in which a group's budgets are spent.

use teloxide::types::InlineKeyboardMarkup;
use tokio::time::Instant;

/// Telegram lets any bot send a message only one member of a group sees within 15 s of that
/// member's own action; a grant is that action.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Grant {
    pub via: Via,
    /// Until when it may be used (a little under 15 s after the action).
    pub until: Instant,
    /// Send the message anew (and drop the old one) rather than edit the one shown.
    pub anew: bool,
}

/// The action behind a grant.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Via {
    /// A button press: its callback query id.
    Press(String),
    /// An ephemeral command: its `ephemeral_message_id`, replied to.
    Command(i64),
}

impl Grant {
    /// How long a grant lasts: Telegram's 15 s, less a margin for the call itself.
    pub(crate) const LASTS: std::time::Duration = std::time::Duration::from_secs(13);

    pub(crate) fn new(via: Via, anew: bool) -> Grant {
        Grant { via, until: Instant::now() + Grant::LASTS, anew }
    }

    /// Still usable.
    pub(crate) fn live(&self) -> bool {
        Instant::now() < self.until
    }
}

/// One thing to write in one chat.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Job {
    /// The table message (edited in place; sent when there is none yet). `flowing`: only
    /// moves happened since it was last asked for ([`domino_core::chat::Show::flowing`]): it
    /// may wait a few seconds and go as one edit for several moves.
    Table { table: i64, flowing: bool },
    /// A player's hand: in their private chat (the chat is the player's), or in a group as a
    /// message only they see (`grant`: the press or ephemeral command of theirs that lets any
    /// bot send one within 15 s; without one only an administrator may). `page`: the page of
    /// its moves its owner turned to (`None`: the first; see `domino_core::view::hand_page`).
    /// `turn`: its owner is to move, so it goes before the rest of the table's news.
    Hand { table: i64, user: i64, grant: Option<Grant>, page: Option<u8>, turn: bool },
    /// A spectator's view of a table (`/watch N`): in their private chat (the chat is the
    /// watcher's), or in the group as a message only they see (`grant` as for a hand).
    Watch { table: i64, user: i64, grant: Option<Grant> },
    /// A text only `user` sees, in a group, answering their ephemeral command or press
    /// (`grant`), or pushed by an administrator bot (`None`; refused, it goes to their private
    /// chat).
    Ephemeral { user: i64, text: String, grant: Option<Grant>, topic: Option<i32> },
    /// The short mention of the player to move, replacing the previous one, not before `due`
    /// (the chat's reminder delay after the turn began; at once for a warning, or when the
    /// mover's hand cannot be shown). `key`: the ping's turn when it was asked for (`None`:
    /// no ping wanted; an old one goes). `clear`: an older mention is out, to go at once
    /// (the job then comes back for its own ping when due).
    Turn { table: i64, key: Option<String>, due: Instant, clear: bool },
    /// A new message (`reply_to`: as a reply to that message of the chat; `topic`: in that
    /// forum topic).
    Text {
        text: String,
        markup: Option<InlineKeyboardMarkup>,
        reply_to: Option<i32>,
        topic: Option<i32>,
    },
    /// A table's old message, once the table was posted anew (`/table N`): its text (or a
    /// photo's caption) becomes where the table went, and its buttons go.
    Moved { message: i32, photo: bool, text: String },
    /// A new message that mentions (and so notifies) a person named in it.
    Call { text: String, user: i64, name: String, topic: Option<i32> },
    /// A new text for a message the bot sent (the settings menu); the latest wins.
    Edit { message: i32, text: String, markup: InlineKeyboardMarkup },
    /// A file.
    Document { name: String, bytes: Vec<u8>, caption: String, topic: Option<i32> },
    /// A picture with its caption (`reply_to`: as a reply to that message of the chat).
    Photo {
        name: String,
        picture: std::sync::Arc<domino_core::view::picture::Picture>,
        caption: String,
        reply_to: Option<i32>,
        topic: Option<i32>,
    },
    /// A message the chat keeps current (its standings): edited in place, posted anew and
    /// pinned when there is none; `None`: unpinned and forgotten.
    Kept { kept: domino_core::chat::Kept, text: Option<String> },
    /// A member's tag (`""` takes it off); `refused`: what the chat is told, once, when the
    /// bot may not set tags.
    Tag { user: i64, tag: String, refused: String },
    /// The chat is told that some replies were left out (too many at once).
    Overflow,
}

/// What a job is worth to the people at the table, most first: the outbox runs the worthiest
/// job whose budget allows it, so no job waits behind one of another budget.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) enum Class {
    /// The answer to a person's own action (within Telegram's 15 s): no budget.
    Answer,
    /// The hand of the person to move: what the game waits on.
    Mover,
    /// What people must see at once: the table at a round's end or a vote, notices, replies.
    Public,
    /// The table message while a round flows: coalesced, within the budget's spare part.
    Flowing,
    /// Files, pictures and tags asked for: after the table's news.
    Later,
    /// The hands of those not to move, behind the table by the moves since.
    Hand,
    /// The mention of the person to move, when they have not moved for a while.
    Ping,
    /// A spectator's view: last, coalesced; a view a few seconds old is fine.
    Watch,
}

impl Class {
    /// How many reserves of a budget (kept for what cannot wait) the class leaves alone: none
    /// for what people wait on, one for a flowing table and pings, two for the hands of those
    /// not to move, three for spectators (so that watchers never take what the players need).
    pub(crate) fn reserves_kept(self) -> u32 {
        match self {
            Class::Answer | Class::Mover | Class::Public | Class::Later => 0,
            Class::Flowing | Class::Ping => 1,
            Class::Hand => 2,
            Class::Watch => 3,
        }
    }
}

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum Key {
    Table(i64),
    Hand(i64, i64),
    Watch(i64, i64),
    Turn(i64),
    Edit(i32),
    Kept(domino_core::chat::Kept),
    Overflow,
}

impl Job {
    /// The kind of job, for logs.
    pub(crate) fn kind(&self) -> &'static str {
        match self {
            Job::Table { .. } => "table",
            Job::Hand { .. } => "hand",
            Job::Watch { .. } => "watch",
            Job::Ephemeral { .. } => "ephemeral",
            Job::Turn { .. } => "turn",
            Job::Text { .. } => "text",
            Job::Call { .. } => "call",
            Job::Moved { .. } => "moved",
            Job::Edit { .. } => "edit",
            Job::Document { .. } => "document",
            Job::Photo { .. } => "photo",
            Job::Kept { .. } => "kept",
            Job::Tag { .. } => "tag",
            Job::Overflow => "overflow",
        }
    }

    /// Jobs that show a state coalesce: a newer one replaces a queued one of the same key.
    pub(crate) fn key(&self) -> Option<Key> {
        match self {
            Job::Table { table, .. } => Some(Key::Table(*table)),
            Job::Hand { table, user, .. } => Some(Key::Hand(*table, *user)),
            Job::Watch { table, user, .. } => Some(Key::Watch(*table, *user)),
            Job::Turn { table, .. } => Some(Key::Turn(*table)),
            Job::Edit { message, .. } => Some(Key::Edit(*message)),
            Job::Kept { kept, .. } => Some(Key::Kept(*kept)),
            Job::Overflow => Some(Key::Overflow),
            Job::Text { .. }
            | Job::Call { .. }
            | Job::Moved { .. }
            | Job::Document { .. }
            | Job::Photo { .. }
            | Job::Tag { .. }
            | Job::Ephemeral { .. } => None,
        }
    }

    /// What the job is worth (see [`Class`]).
    pub(crate) fn class(&self) -> Class {
        match self {
            _ if self.urgent() => Class::Answer,
            Job::Hand { turn: true, .. } => Class::Mover,
            Job::Hand { .. } => Class::Hand,
            Job::Table { flowing: true, .. } => Class::Flowing,
            Job::Turn { .. } => Class::Ping,
            Job::Watch { .. } => Class::Watch,
            Job::Document { .. } | Job::Tag { .. } => Class::Later,
            Job::Table { .. }
            | Job::Ephemeral { .. }
            | Job::Text { .. }
            | Job::Moved { .. }
            | Job::Call { .. }
            | Job::Edit { .. }
            | Job::Photo { .. }
            | Job::Kept { .. }
            | Job::Overflow => Class::Public,
        }
    }

    /// Not to run before this instant (a ping's reminder delay).
    pub(crate) fn not_before(&self) -> Option<Instant> {
        match self {
            Job::Turn { due, clear: false, .. } => Some(*due),
            _ => None,
        }
    }

    /// A message only one member of the group `chat` sees: paced by its own budget.
    pub(crate) fn ephemeral(&self, chat: i64) -> bool {
        chat < 0 && matches!(self, Job::Hand { .. } | Job::Watch { .. } | Job::Ephemeral { .. })
    }

    /// The answer to a person's own action, due within Telegram's 15 s: it goes before the
    /// chat's other jobs and waits for no budget (a 429 still holds it).
    pub(crate) fn urgent(&self) -> bool {
        matches!(
            self,
            Job::Hand { grant: Some(_), .. }
                | Job::Watch { grant: Some(_), .. }
                | Job::Ephemeral { .. }
        )
    }

    /// A newer job of the same key replaces this one; a grant it does not carry is kept (the
    /// person's press still asks for the hand anew). A table asked for at once stays so; a
    /// ping of the same turn keeps its time.
    pub(crate) fn replaced_by(self, mut newer: Job) -> Job {
        match (self, &mut newer) {
            (Job::Table { flowing: old, .. }, Job::Table { flowing: new, .. }) => {
                *new = *new && old;
            }
            (Job::Turn { key: k0, due: d0, clear: c0, .. }, Job::Turn { key, due, clear, .. }) => {
                *clear = *clear || c0;
                if k0 == *key {
                    *due = (*due).min(d0);
                }
            }
            (Job::Hand { grant: old, .. }, Job::Hand { grant: new, .. })
            | (Job::Watch { grant: old, .. }, Job::Watch { grant: new, .. })
                if new.is_none() =>
            {
                *new = old;
            }
            _ => {}
        }
        newer
    }
}
