//! What a failed Bot API call means for the bot.

use std::time::Duration;
use teloxide::{ApiError, RequestError};

/// A failed call, classified.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Failure {
    /// 429: wait this long, then try again.
    RetryAfter(Duration),
    /// The edit changes nothing: as good as done.
    NotModified,
    /// The message to edit is gone or too old: send a new one.
    Gone,
    /// The user's private chat is closed (never started, or blocked the bot).
    Closed,
    /// The bot is no longer in the group (kicked, removed, the group deleted).
    Removed,
    /// An ephemeral message only an administrator may send now (no press of the last 15 s
    /// behind it): the bot is a plain member of the group.
    NotAdmin,
    /// A failure that may pass: a 5xx, a timeout, the network. Tried again later.
    Transient,
    /// Anything else (logged; the next edit repairs the view).
    Other(String),
}

impl From<RequestError> for Failure {
    fn from(e: RequestError) -> Failure {
        classify(&e)
    }
}

/// What Telegram says (403) to a bot that is no longer in a group.
const REMOVED: [&str; 3] =
    ["bot was kicked from the", "bot is not a member of the", "the group chat was deleted"];

pub(crate) fn classify(e: &RequestError) -> Failure {
    if let RequestError::RetryAfter(secs) = e {
        return Failure::RetryAfter(secs.duration().max(Duration::from_millis(100)));
    }
    if matches!(
        e,
        RequestError::Network(_) | RequestError::Io(_) | RequestError::InvalidJson { .. }
    ) {
        return Failure::Transient;
    }
    if let RequestError::Api(api) = e {
        match api {
            ApiError::MessageNotModified => return Failure::NotModified,
            ApiError::MessageToEditNotFound
            | ApiError::MessageCantBeEdited
            | ApiError::MessageIdInvalid => return Failure::Gone,
            ApiError::BotBlocked
            | ApiError::CantInitiateConversation
            | ApiError::CantTalkWithBots
            | ApiError::UserDeactivated => return Failure::Closed,
            ApiError::BotKicked | ApiError::BotKickedFromSupergroup => return Failure::Removed,
            _ => {}
        }
    }
    let text = e.to_string();
    of_text(&text).unwrap_or(Failure::Other(text))
}

/// What an error's description means, where the words alone tell.
pub(crate) fn of_text(text: &str) -> Option<Failure> {
    Some(if text.contains("message is not modified") {
        Failure::NotModified
    } else if text.contains("message to edit not found")
        || text.contains("message can't be edited")
        || text.contains("MESSAGE_ID_INVALID")
    {
        Failure::Gone
    } else if ["Bad Gateway", "Internal Server Error", "Service Unavailable", "Gateway Timeout"]
        .iter()
        .any(|t| text.contains(t))
    {
        Failure::Transient
    } else if REMOVED.iter().any(|t| text.contains(t)) {
        Failure::Removed
    } else if text.contains("bot can't initiate conversation")
        || text.contains("bot was blocked by the user")
        || text.contains("user is deactivated")
    {
        Failure::Closed
    } else {
        return None;
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn forbidden_private_chats_are_closed() {
        let e = RequestError::Api(ApiError::Unknown(
            "Forbidden: bot can't initiate conversation with a user".into(),
        ));
        assert_eq!(classify(&e), Failure::Closed);
        let e = RequestError::RetryAfter(teloxide::types::Seconds::from_seconds(3));
        assert_eq!(classify(&e), Failure::RetryAfter(Duration::from_secs(3)));
        let e = RequestError::Api(ApiError::Unknown("Bad Request: message is not modified".into()));
        assert_eq!(classify(&e), Failure::NotModified);
    }

    #[test]
    fn a_bot_out_of_its_group_is_removed() {
        for text in [
            "Forbidden: bot was kicked from the group chat",
            "Forbidden: bot was kicked from the supergroup chat",
            "Forbidden: bot is not a member of the group chat",
            "Forbidden: bot is not a member of the supergroup chat",
            "Forbidden: the group chat was deleted",
        ] {
            let e = RequestError::Api(ApiError::Unknown(text.into()));
            assert_eq!(classify(&e), Failure::Removed, "{text}");
        }
        assert_eq!(classify(&RequestError::Api(ApiError::BotKicked)), Failure::Removed);
        let blocked = RequestError::Api(ApiError::BotBlocked);
        assert_eq!(classify(&blocked), Failure::Closed, "a private chat is only closed");
    }
}
