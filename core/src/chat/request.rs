//! What a chat asks, and who asks: the one shape both adapters read their updates into.

use super::args::Args;
use super::catalog::Cmd;
use super::menu::MenuPress;
use super::words::{WordError, parse};
use crate::session::{ChatId, Lang, Person};
use crate::view::{ButtonAction, ButtonData};

/// Who asks, and the facts about them the platform knows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct From {
    /// Where the request was made.
    pub chat: ChatId,
    /// The topic (Telegram forum) or thread (Discord) of `chat` it was made in, if any: a table
    /// opened there lives there (see `Table::thread`).
    pub thread: Option<String>,
    /// A chat of one person with the bot (Telegram's private chat, the terminal).
    pub private: bool,
    pub person: Person,
    /// The platform says this person administers `chat`. Adapters must find it out when
    /// [`Request::needs_admin`] says so (it may cost a call); otherwise it may be `false`.
    pub admin: bool,
    /// A chat the platform says this person is a member of: for a join link opened in a
    /// private chat, the table's chat (see [`super::Chat::link_target`]).
    pub member_of: Option<ChatId>,
    /// The person's own language as the platform says (`Lang::of_locale` of Telegram's
    /// `language_code` or Discord's locale): a chat's language until its settings are first
    /// stored, and the one stored when this person opens the chat's first table.
    pub lang: Option<Lang>,
    /// What the platform says of the person a `/duel` names: whether they are in `chat`
    /// (`None`: not asked, or nobody named). A duel with someone not in it is refused, and so
    /// is one the platform could not be asked about.
    pub invitee_in_chat: Option<Presence>,
}

/// What a platform answered when asked whether a person is in a chat.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Presence {
    In,
    /// Never joined, left, banned, or unknown to the platform.
    Out,
    /// The platform could not be asked (an error, a timeout): a check that failed refuses.
    Unknown,
}

impl Presence {
    /// `In` or `Out`.
    pub fn of(present: bool) -> Presence {
        if present { Presence::In } else { Presence::Out }
    }
}

impl From {
    /// A member of a group chat who asks there (no topic, not an admin, nothing else asked).
    pub fn member(chat: ChatId, person: Person) -> From {
        From {
            member_of: Some(chat.clone()),
            chat,
            thread: None,
            private: false,
            person,
            admin: false,
            invitee_in_chat: None,
            lang: None,
        }
    }
}

/// A request.
#[derive(Clone, Debug, PartialEq)]
pub enum Request {
    Command(Cmd, Args),
    /// A command whose words could not be read.
    Unreadable(Cmd, WordError),
    /// A deep link's payload (Telegram's `/start PAYLOAD`).
    Link(String),
    /// A pressed button's data, with the values chosen in a select menu, and what the pressed
    /// message offers as the platform shows it (`None` when it does not show the message).
    Press {
        data: String,
        values: Vec<String>,
        on: Option<Vec<Offer>>,
    },
}

/// A press the pressed message offers: a button's data (no values), or a multi-select's data
/// with the values it lets one choose among. A press the message does not offer was not drawn
/// there (another page of the menu, a forged or outdated one) and changes nothing.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Offer {
    pub data: String,
    pub values: Vec<String>,
}

impl Offer {
    pub fn button(data: impl Into<String>) -> Offer {
        Offer { data: data.into(), values: Vec::new() }
    }
}

impl Request {
    /// A command with the words after it (Telegram).
    pub fn words(cmd: Cmd, words: &[&str]) -> Request {
        match parse(cmd, words) {
            Ok(args) => Request::Command(cmd, args),
            Err(e) => Request::Unreadable(cmd, e),
        }
    }

    /// A press whose message the platform does not show (the terminal, tests).
    pub fn press(data: impl Into<String>) -> Request {
        Request::Press { data: data.into(), values: Vec::new(), on: None }
    }

    /// A press on a message that offers `on`.
    pub fn press_on(data: impl Into<String>, values: Vec<String>, on: Vec<Offer>) -> Request {
        Request::Press { data: data.into(), values, on: Some(on) }
    }

    /// Whether the pressed message offers this press (`None`: the platform did not show the
    /// message). «My tiles» of another version of the same table counts: it is taken from any
    /// version ([`ButtonAction::any_version`]).
    pub(super) fn drawn(&self) -> Option<bool> {
        let Request::Press { data, values, on: Some(on) } = self else { return None };
        let pressed = ButtonData::decode(data).ok();
        let same = |offer: &Offer| match (ButtonData::decode(&offer.data), pressed) {
            (Ok(o), Some(p)) => {
                o.table == p.table
                    && o.action == p.action
                    && (o.version == p.version || p.action.any_version())
            }
            _ => offer.data == *data,
        };
        Some(on.iter().any(|o| same(o) && values.iter().all(|v| o.values.contains(v))))
    }

    /// Whether the answer depends on the requester administering the chat: settings, a new
    /// season, closing a table.
    pub fn needs_admin(&self) -> bool {
        match self {
            Request::Command(cmd, args) => {
                matches!(cmd, Cmd::Stop) || (matches!(cmd, Cmd::Season) && args.new_season)
            }
            Request::Press { data, values, .. } => {
                MenuPress::decode(data, values).is_some()
                    || ButtonData::decode(data).is_ok_and(|b| b.action == ButtonAction::End)
            }
            Request::Unreadable(..) | Request::Link(_) => false,
        }
    }

    /// The table a press names, if it is a table button (for the adapter's check that it was
    /// pressed on that table's message).
    pub fn pressed_table(&self) -> Option<i64> {
        match self {
            Request::Press { data, .. } => ButtonData::decode(data).ok().map(|b| b.table),
            _ => None,
        }
    }
}

/// Changing the chat's settings or seasons: its admins, or anyone in a chat of one.
pub fn may_administer(from: &From) -> bool {
    from.admin || from.private
}
