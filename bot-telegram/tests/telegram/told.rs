//! Where a scenario step's answer is read on the fake (`scenario`): a reply to the command in
//! the group, a message only the asker sees there, their private chat, or a file's caption.

use crate::fake::Fake;

/// What the bot said in reply to message `to` of `chat`.
pub fn replies(fake: &Fake, chat: i64, to: i32) -> Option<String> {
    fake.with(|st| {
        let texts: Vec<String> = st
            .messages_in(chat)
            .into_iter()
            .filter(|m| m.from_bot && m.reply_to == Some(to))
            .map(|m| m.text.clone())
            .collect();
        (!texts.is_empty()).then(|| texts.join("\n"))
    })
}

/// How many messages the bot has sent to `user`'s private chat.
pub fn private_count(fake: &Fake, user: i64) -> usize {
    fake.with(|st| st.messages_in(user).into_iter().filter(|m| m.from_bot).count())
}

/// What the bot sent `user` privately after the first `seen` of its messages there, but for
/// hands (messages with buttons).
pub fn private_since(fake: &Fake, user: i64, seen: usize) -> Option<String> {
    fake.with(|st| {
        let texts: Vec<String> = st
            .messages_in(user)
            .into_iter()
            .filter(|m| m.from_bot)
            .skip(seen)
            .filter(|m| m.buttons().is_empty())
            .map(|m| m.text.clone())
            .collect();
        (!texts.is_empty()).then(|| texts.join("\n"))
    })
}

/// What the bot sent `user` alone in the group (ephemeral messages without buttons) after the
/// first `seen` ephemeral messages of the fake.
pub fn only_to(fake: &Fake, user: i64, seen: usize) -> Option<String> {
    fake.with(|st| {
        let texts: Vec<String> = st
            .ephemerals
            .values()
            .skip(seen)
            .filter(|e| e.user == user && e.markup.get("inline_keyboard").is_none())
            .map(|e| e.text.clone())
            .collect();
        (!texts.is_empty()).then(|| texts.join("\n"))
    })
}

/// The captions of the files the bot sent after the first `seen`.
pub fn captions_since(fake: &Fake, seen: usize) -> Option<String> {
    fake.with(|st| {
        let texts: Vec<String> = st.documents[seen..].iter().map(|d| d.caption.clone()).collect();
        (!texts.is_empty()).then(|| texts.join("\n"))
    })
}
