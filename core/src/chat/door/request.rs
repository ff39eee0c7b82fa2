//! What a chat asks, and who asks: the one shape both adapters read their updates into.

use super::message::MessageAt;
use crate::chat::words::{WordError, parse};
use crate::chat::{Args, ButtonAction, ButtonData, Change, Cmd, Press, TourAct};
use crate::ids::{ChatId, Lang, Person};

/// Who asks, and the facts about them the platform knows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Asker {
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
    /// private chat, the table's chat (see [`crate::chat::Chat::link_target`]).
    pub member_of: Option<ChatId>,
    /// The person's own language as the platform says (`Lang::of_locale` of Telegram's
    /// `language_code` or Discord's locale): a chat's language until its settings are first
    /// stored, and the one stored when this person opens the chat's first table.
    pub lang: Option<Lang>,
    /// What the platform says of the person a `/duel` names: whether they are in `chat`
    /// (`None`: not asked, or nobody named). A duel with someone not in it is refused, and so
    /// is one the platform could not be asked about.
    pub invitee_in_chat: Option<Presence>,
    /// The person's @username on the platform (a person, not a bot): seen in a group chat,
    /// they can be named in `/duel @username` there ([`crate::chat::Chat::saw`]).
    pub username: Option<String>,
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

impl Asker {
    /// A member of a group chat who asks there (no topic, not an admin, nothing else asked).
    pub fn member(chat: ChatId, person: Person) -> Asker {
        Asker {
            member_of: Some(chat.clone()),
            chat,
            thread: None,
            private: false,
            person,
            admin: false,
            invitee_in_chat: None,
            lang: None,
            username: None,
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
    /// A pressed button, read once by the adapter ([`Press::read`]: `None` when its data is
    /// not what the bot writes), with what the pressed message offers as the platform shows it
    /// (`None` when it does not show the message) and where that message is (`None` when the
    /// core keeps no reference to it: a Discord ephemeral message, the terminal).
    Press {
        press: Option<Press>,
        on: Option<Vec<Offer>>,
        at: Option<MessageAt>,
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
    pub fn press(data: impl AsRef<str>) -> Request {
        Request::Press { press: Press::read(data.as_ref(), &[]), on: None, at: None }
    }

    /// A press on a message that offers `on`, with the values chosen in a select menu.
    pub fn press_on(
        data: impl AsRef<str>,
        values: impl AsRef<[String]>,
        on: Vec<Offer>,
    ) -> Request {
        let press = Press::read(data.as_ref(), values.as_ref());
        Request::Press { press, on: Some(on), at: None }
    }

    /// The same press, made on the message at `at`: a table's button must be on one of that
    /// table's messages (its public message, its ping, or the presser's own hand).
    pub fn at(self, at: MessageAt) -> Request {
        match self {
            Request::Press { press, on, .. } => Request::Press { press, on, at: Some(at) },
            other => other,
        }
    }

    /// Whether the pressed message offers this press (`None`: the platform did not show the
    /// message). «My tiles» of another version of the same table counts: it is taken from any
    /// version ([`ButtonAction::any_version`]).
    pub(in crate::chat) fn drawn(&self) -> Option<bool> {
        let Request::Press { press, on: Some(on), .. } = self else { return None };
        let Some(press) = press else { return Some(false) };
        let same = |offer: &Offer| match press {
            Press::Table(p) => ButtonData::decode(&offer.data).is_ok_and(|o| {
                o.table == p.table
                    && o.action == p.action
                    && (o.version == p.version || p.action.any_version())
            }),
            Press::Menu(m) => {
                let chosen: &[&str] = match &m.change {
                    Change::Switches(keys) => keys,
                    _ => &[],
                };
                offer.data == m.encode()
                    && chosen.iter().all(|k| offer.values.iter().any(|v| v == k))
            }
        };
        Some(on.iter().any(same))
    }

    /// Whether the pressed message is a settings menu (it offers a press of one of the menu's
    /// pages; `false` when the platform does not show the message): only such a message is
    /// drawn anew when a press it does not offer is made on it.
    pub(in crate::chat) fn on_settings_menu(&self) -> bool {
        let Request::Press { on: Some(on), .. } = self else { return false };
        on.iter().any(|offer| {
            let read = Press::read(&offer.data, &offer.values);
            matches!(read.or_else(|| Press::read(&offer.data, &[])), Some(Press::Menu(m))
                if !matches!(m.page, crate::chat::Page::Tournament(_) | crate::chat::Page::Offer))
        })
    }

    /// Whether the answer depends on the requester administering the chat: settings, a new
    /// season, a new tournament, the tags' words, the chat's clock, closing a table, the chat's
    /// screen link.
    pub fn needs_admin(&self) -> bool {
        match self {
            Request::Command(cmd, args) => match cmd {
                Cmd::Stop | Cmd::Screen => true,
                Cmd::Season => args.new_season,
                Cmd::Tournament => args.tour.is_some(),
                Cmd::Tags => args.tag_words.as_deref().is_some_and(|w| !w.trim().is_empty()),
                Cmd::Clock => args.zone.as_deref().is_some_and(|w| !w.trim().is_empty()),
                _ => false,
            },
            Request::Press { press, .. } => match press {
                Some(Press::Menu(_)) => true,
                Some(Press::Table(b)) => b.action == ButtonAction::End,
                None => false,
            },
            Request::Unreadable(..) | Request::Link(_) => false,
        }
    }
}

impl Request {
    /// Whether the request seats its author at a table (join, a side, a duel accepted): the
    /// platform says whether they are a member of the chat ([`Asker::member_of`]) where that
    /// is not a given (Telegram: anyone may see a public group and press its buttons).
    /// A tournament's «Join» and «Partner» enrol the presser (and seat them at its tables).
    pub fn seats_someone(&self) -> bool {
        match self {
            Request::Press { press: Some(Press::Table(b)), .. } => {
                matches!(
                    b.action,
                    ButtonAction::Join | ButtonAction::Side(_) | ButtonAction::Accept
                )
            }
            Request::Press { press: Some(Press::Menu(m)), .. } => {
                matches!(m.change, Change::Tour(TourAct::Join | TourAct::Partner))
            }
            _ => false,
        }
    }
}

/// Changing the chat's settings or seasons: its admins, or anyone in a chat of one.
pub fn may_administer(from: &Asker) -> bool {
    from.admin || from.private
}
