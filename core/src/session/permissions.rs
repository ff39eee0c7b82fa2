//! Who may do what beyond a single table (the table's own rules live in `apply`).

use super::command::Actor;
use super::ids::{ChatId, Platform};

/// Changing a chat's settings or starting a new scoreboard season: the chat's admins (as the
/// platform reports them), anyone in a private chat or the terminal, never the service itself.
pub fn may_administer_chat(actor: &Actor, chat: &ChatId) -> bool {
    match actor {
        Actor::Person { admin, .. } => *admin || is_private(chat),
        Actor::System => false,
    }
}

/// A one-person chat: Telegram's private chats have positive ids; the terminal is one person.
fn is_private(chat: &ChatId) -> bool {
    match chat.platform {
        Platform::Telegram => chat.id.parse::<i64>().is_ok_and(|id| id > 0),
        Platform::Terminal => true,
        Platform::Discord => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::session::{Person, UserId};

    #[test]
    fn only_admins_administer_a_group() {
        let p = Person::new(UserId::new(Platform::Telegram, "5"), "A");
        let member = Actor::Person { person: p.clone(), admin: false };
        let admin = Actor::Person { person: p, admin: true };
        let group = ChatId::new(Platform::Telegram, "-100");
        let private = ChatId::new(Platform::Telegram, "5");
        let channel = ChatId::new(Platform::Discord, "77");
        assert!(!may_administer_chat(&member, &group) && may_administer_chat(&admin, &group));
        assert!(may_administer_chat(&member, &private));
        assert!(!may_administer_chat(&member, &channel) && may_administer_chat(&admin, &channel));
        assert!(!may_administer_chat(&Actor::System, &group));
    }
}
