//! A chat's screen link (issue 42): the address of its read-only web page, signed
//! ([`ScreenLink`]). The chat's link generation is kept under the meta key `screen:<chat>`
//! (absent: 0; it ends with the chat, so it moves with it); a token is good while its
//! generation is the chat's. Renewing moves the generation on by one conditional write
//! ([`Store::swap_meta`]): of two renewals from the same value, from any process, one moves it
//! and both answer the link it moved to; every older link is then refused.

use crate::chat::press::ScreenLink;
use crate::chat::{Answer, Args, Asker, Body, Chat, Reply, may_administer, prefix, texts};
use crate::ids::{ChatId, Lang, Platform};
use crate::service::writing;
use crate::store::{Store, StoreError};

fn key(chat: &ChatId) -> String {
    format!("screen:{chat}")
}

/// `/screen new` as `platform` writes it.
fn renew_command(platform: Platform, lang: Lang) -> String {
    match (platform, lang) {
        (Platform::Discord, Lang::Ru) => "/domino экран новый:True".into(),
        (Platform::Discord, Lang::En) => "/domino screen new:True".into(),
        (_, Lang::Ru) => format!("{}экран новый", prefix(platform)),
        (_, Lang::En) => format!("{}screen new", prefix(platform)),
    }
}

/// A page's address under the bot's public one.
pub fn screen_url(public: &str, token: &str) -> String {
    format!("{}/screen/{token}", public.trim_end_matches('/'))
}

impl<S: Store> Chat<S> {
    /// `/screen [new]`: the chat's page, to an admin alone (`new`: renewed first, every older
    /// link refused). Anyone else is refused, and so is everyone while the operator has given
    /// the bot no public address; nothing changes then.
    pub(in crate::chat) async fn screen_command(
        &self,
        from: &Asker,
        args: Args,
        lang: Lang,
    ) -> Result<Answer, StoreError> {
        if !may_administer(from) {
            return Ok(Answer::private(texts::admins_only(lang)));
        }
        let Some(public) = self.service().options().public_url.clone() else {
            return Ok(Answer::private(texts::screen_no_address(lang)));
        };
        let token = match args.new_link {
            true => self.renew_screen(&from.chat).await?,
            false => self.screen_token(&from.chat).await?,
        };
        let again = renew_command(from.chat.platform, lang);
        let text = texts::screen_link(lang, &screen_url(&public, &token), args.new_link, &again);
        Ok(Answer {
            reply: Some(Reply { body: Body::Long(text), private: true, ack: false }),
            ..Answer::default()
        })
    }

    /// The chat's link generation now.
    async fn screen_generation(&self, chat: &ChatId) -> Result<(u64, Option<String>), StoreError> {
        let raw = self.service().store().meta(&key(chat)).await?;
        // A value that does not read (never written so) counts as the first generation; a
        // renewal then replaces it.
        let generation = raw.as_deref().and_then(|v| v.parse().ok()).unwrap_or(0);
        Ok((generation, raw))
    }

    /// The chat's screen token: the same until it is renewed.
    pub async fn screen_token(&self, chat: &ChatId) -> Result<String, StoreError> {
        let (generation, _) = self.screen_generation(chat).await?;
        let link = ScreenLink { chat: chat.clone(), generation };
        Ok(self.links().await?.encode_screen(&link))
    }

    /// Renews the chat's screen link: every older one is refused from now on. The new token.
    pub async fn renew_screen(&self, chat: &ChatId) -> Result<String, StoreError> {
        let (generation, raw) = self.screen_generation(chat).await?;
        let next = generation.saturating_add(1).to_string();
        let store = self.service().store();
        // Lost to another renewal from the same value: that one moved it on; its link is the
        // new one.
        writing(store.swap_meta(&key(chat), raw.as_deref(), Some(&next))).await?;
        self.screen_token(chat).await
    }

    /// The chat a screen token opens: `None` when it is not one of ours (forged, malformed) or
    /// was renewed since.
    pub async fn screen_chat(&self, token: &str) -> Result<Option<ChatId>, StoreError> {
        let Some(link) = self.links().await?.decode_screen(token) else {
            return Ok(None);
        };
        let (generation, _) = self.screen_generation(&link.chat).await?;
        Ok((generation == link.generation).then_some(link.chat))
    }
}

#[cfg(test)]
mod tests {
    use crate::chat::Door;
    use crate::ids::{ChatId, Platform};

    #[tokio::test]
    async fn a_token_is_good_until_renewed_and_for_its_chat_only() {
        let door = Door::in_memory_with(Some(1), Default::default()).await.unwrap();
        let chat = ChatId::new(Platform::Telegram, "-100");
        let other = ChatId::new(Platform::Discord, "-100");
        let first = door.screen_token(&chat).await.unwrap();
        assert_eq!(door.screen_token(&chat).await.unwrap(), first, "stable");
        assert_eq!(door.screen_chat(&first).await.unwrap(), Some(chat.clone()));
        let theirs = door.screen_token(&other).await.unwrap();
        assert_ne!(theirs, first);
        assert_eq!(door.screen_chat(&theirs).await.unwrap(), Some(other.clone()));

        let second = door.renew_screen(&chat).await.unwrap();
        assert_ne!(second, first);
        assert_eq!(door.screen_token(&chat).await.unwrap(), second);
        assert_eq!(door.screen_chat(&first).await.unwrap(), None, "revoked");
        assert_eq!(door.screen_chat(&second).await.unwrap(), Some(chat.clone()));
        assert_eq!(door.screen_chat(&theirs).await.unwrap(), Some(other), "untouched");
        let third = door.renew_screen(&chat).await.unwrap();
        assert_eq!(door.screen_chat(&second).await.unwrap(), None);
        assert_eq!(door.screen_chat(&third).await.unwrap(), Some(chat));
        for bad in ["", "nonsense", &first[..first.len() - 1]] {
            assert_eq!(door.screen_chat(bad).await.unwrap(), None, "{bad:?}");
        }
    }
}
