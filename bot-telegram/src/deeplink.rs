//! Deep links `t.me/<bot>?start=<payload>` (up to 64 of `A-Za-z0-9_-`): `j<table>` joins a table
//! and opens the private chat where the hand will live, `h<table>` (re)sends one's hand there.
//! They arrive as `/start <payload>` in the private chat.

use crate::app::App;
use crate::ids::{person, user_id};
use crate::outbox::Job;
use crate::texts;
use domino_core::service::ServiceError;
use domino_core::session::{Action, Actor, Command, Lang, Rejection};
use domino_core::store::Store;
use domino_core::view::{help_text, rejection_text};
use teloxide::types::Message;

/// What a deep link asks.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum Payload {
    Join(i64),
    Hand(i64),
}

impl Payload {
    pub(crate) fn encode(self) -> String {
        let (tag, id) = match self {
            Payload::Join(id) => ('j', id),
            Payload::Hand(id) => ('h', id),
        };
        format!("{tag}{}", base36(id.unsigned_abs()))
    }

    pub(crate) fn decode(s: &str) -> Option<Payload> {
        if s.len() > 64 || s.len() < 2 || !s.is_ascii() {
            return None;
        }
        let (tag, rest) = s.split_at(1);
        if rest.starts_with('0')
            || !rest.bytes().all(|b| b.is_ascii_digit() || b.is_ascii_lowercase())
        {
            return None;
        }
        let id = i64::from_str_radix(rest, 36).ok()?;
        match tag {
            "j" => Some(Payload::Join(id)),
            "h" => Some(Payload::Hand(id)),
            _ => None,
        }
    }
}

fn base36(mut n: u64) -> String {
    const DIGITS: &[u8; 36] = b"0123456789abcdefghijklmnopqrstuvwxyz";
    let mut out = Vec::new();
    loop {
        out.push(DIGITS[(n % 36) as usize]);
        n /= 36;
        if n == 0 {
            break;
        }
    }
    out.reverse();
    String::from_utf8(out).expect("ASCII digits")
}

/// `/start [payload]`.
pub(crate) async fn on_start<S: Store>(app: &App<S>, msg: &Message, payload: &str, lang: Lang) {
    let chat = msg.chat.id.0;
    let Some(user) = msg.from.as_ref() else { return };
    if !msg.chat.is_private() {
        app.say(chat, help_text(lang));
        return;
    }
    app.opened_private_chat(user.id.0 as i64);
    let payload = payload.trim();
    if payload.is_empty() {
        app.say(chat, format!("{}\n\n{}", texts::hello(lang), help_text(lang)));
        return;
    }
    let Some(payload) = Payload::decode(payload) else {
        app.say(chat, texts::bad_link(lang));
        return;
    };
    let (Payload::Join(id) | Payload::Hand(id)) = payload;
    let table = match app.service.table(id).await {
        Ok(Some(t)) if t.chat.platform == domino_core::session::Platform::Telegram => t,
        _ => {
            app.say(chat, texts::bad_link(lang));
            return;
        }
    };
    let lang = table.lang;
    let me = person(user);
    let hand = Job::Hand { table: id, user: chat };
    match payload {
        Payload::Join(_) => {
            let cmd = Command {
                actor: Actor::person(me),
                action: Action::Join { seat: None },
                version: None,
            };
            match app.service.handle(id, cmd).await {
                Ok(reply) => {
                    app.say(
                        chat,
                        texts::joined(lang, &domino_core::view::text::title(&reply.table, lang)),
                    );
                    app.show(&reply);
                }
                Err(ServiceError::Rejected(Rejection::AlreadySeated)) => {
                    app.say(chat, rejection_text(&Rejection::AlreadySeated, lang));
                    app.outbox.push(chat, hand);
                }
                Err(ServiceError::Rejected(r)) => app.say(chat, rejection_text(&r, lang)),
                Err(e) => {
                    tracing::warn!(table = id, error = %e, "join by deep link failed");
                    app.say(chat, texts::failed(lang));
                }
            }
        }
        Payload::Hand(_) => {
            if table.seat_of(&user_id(chat)).is_some() {
                app.outbox.push(chat, hand);
            } else {
                app.say(chat, rejection_text(&Rejection::NotSeated, lang));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn payloads_read_back_and_nothing_else_does() {
        for p in [Payload::Join(1), Payload::Hand(36), Payload::Join(i64::MAX)] {
            let s = p.encode();
            assert!(s.len() <= 64 && s.bytes().all(|b| b.is_ascii_alphanumeric()));
            assert_eq!(Payload::decode(&s), Some(p));
        }
        for bad in ["", "j", "x1", "j01", "jA", "j-1", "h1 ", "jzzzzzzzzzzzzzzzzzzzz"] {
            assert_eq!(Payload::decode(bad), None, "{bad:?}");
        }
    }
}
