//! A chat's screen link: the token in `/screen/<token>`, the read-only web page of the chat
//! (issue 42). `<platform><chat>.<generation>.<mac>`: the platform's letter (`t` Telegram, `d`
//! Discord, `p` the terminal), the chat id's bytes in URL-safe base64, the chat's link
//! generation in base 36, and an HMAC-SHA256 of all that before it, with the key deep links are
//! signed with ([`Links`]) and a label of its own (a deep link's mac never signs a token), cut
//! to 128 bits. Nobody can write a token for a chat they were not given one of; renewing the
//! chat's generation (kept in the store, `chat::league::screen`) refuses every older token.
//! Decoding accepts exactly what encoding writes with the same key.

use super::base36;
use super::link::{Links, base64url, unbase64url};
use crate::ids::{ChatId, Platform};
use hmac::Mac;

/// Bytes of the mac kept in a token.
const MAC: usize = 16;

/// The longest token read: longer is refused before any work.
pub const SCREEN_TOKEN_MAX: usize = 160;

/// What the mac signs before the token's body, so that it signs nothing else.
const LABEL: &str = "screen\n";

/// What a screen token names: a chat, and the generation of its links it was written in.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ScreenLink {
    pub chat: ChatId,
    pub generation: u64,
}

fn letter(p: Platform) -> char {
    match p {
        Platform::Telegram => 't',
        Platform::Discord => 'd',
        Platform::Terminal => 'p',
    }
}

fn platform(c: char) -> Option<Platform> {
    match c {
        't' => Some(Platform::Telegram),
        'd' => Some(Platform::Discord),
        'p' => Some(Platform::Terminal),
        _ => None,
    }
}

impl Links {
    fn screen_mac(&self, body: &str) -> hmac::Hmac<sha2::Sha256> {
        self.mac(&format!("{LABEL}{body}"))
    }

    /// The token of a chat's screen link in `generation`.
    pub fn encode_screen(&self, link: &ScreenLink) -> String {
        let mut body = String::from(letter(link.chat.platform));
        body.push_str(&base64url(link.chat.id.as_bytes()));
        body.push('.');
        base36::push(&mut body, link.generation);
        let tag = self.screen_mac(&body).finalize().into_bytes();
        format!("{body}.{}", base64url(&tag[..MAC]))
    }

    /// Reads a token written by [`Links::encode_screen`] with this key; anything else (a
    /// forged mac, another key, a changed byte, a malformed token) is `None`. Whether its
    /// generation is still the chat's is the store's to say.
    pub fn decode_screen(&self, token: &str) -> Option<ScreenLink> {
        if token.len() > SCREEN_TOKEN_MAX || !token.is_ascii() {
            return None;
        }
        let (body, tag) = token.rsplit_once('.')?;
        let tag = unbase64url(tag)?;
        if tag.len() != MAC {
            return None;
        }
        let (chat, generation) = body.split_once('.')?;
        let generation = base36::read(generation)?;
        let mut chars = chat.chars();
        let platform = platform(chars.next()?)?;
        let id = String::from_utf8(unbase64url(chars.as_str())?).ok()?;
        if id.is_empty() {
            return None;
        }
        // Compared in constant time.
        self.screen_mac(body).verify_truncated_left(&tag).ok()?;
        Some(ScreenLink { chat: ChatId::new(platform, id), generation })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn platforms() -> impl Strategy<Value = Platform> {
        prop_oneof![Just(Platform::Telegram), Just(Platform::Discord), Just(Platform::Terminal)]
    }

    fn links() -> Links {
        Links::new(b"a secret".to_vec())
    }

    proptest! {
        #[test]
        fn tokens_read_back_only_as_written_with_their_key(
            platform in platforms(),
            id in "-?[0-9]{1,20}|[a-zA-Z0-9:_ -]{1,30}",
            generation in any::<u64>(),
            at in any::<prop::sample::Index>(),
            byte in any::<u8>(),
        ) {
            let link = ScreenLink { chat: ChatId::new(platform, id), generation };
            let token = links().encode_screen(&link);
            prop_assert!(token.len() <= SCREEN_TOKEN_MAX);
            prop_assert!(
                token.bytes().all(|b| b.is_ascii_alphanumeric() || b"-_.".contains(&b)),
                "not URL-safe: {}", token
            );
            prop_assert_eq!(links().decode_screen(&token), Some(link));
            prop_assert_eq!(Links::new(b"another".to_vec()).decode_screen(&token), None);
            // Any byte changed into another: refused.
            let mut bytes = token.clone().into_bytes();
            let i = at.index(bytes.len());
            if bytes[i] != byte {
                bytes[i] = byte;
                let changed = String::from_utf8_lossy(&bytes).into_owned();
                prop_assert_eq!(links().decode_screen(&changed), None, "{}", changed);
            }
        }
    }

    #[test]
    fn malformed_tokens_and_deep_link_macs_are_refused() {
        let links = links();
        let good = links.encode_screen(&ScreenLink {
            chat: ChatId::new(Platform::Telegram, "-1001"),
            generation: 3,
        });
        let (body, tag) = good.rsplit_once('.').unwrap();
        // A deep link's mac of the same body does not sign a token.
        let deep = base64url(&links.mac(body).finalize().into_bytes()[..MAC]);
        let mut bad = vec![
            format!("{body}.{deep}"),
            format!("{body}.AAAAAAAAAAAAAAAAAAAAAA"),
            body.to_owned(),
            format!("{good}."),
            format!("{good}A"),
            format!(".{good}"),
            good.replacen(".3.", ".03.", 1),
            format!("t.0.{tag}"),
            format!("x{}", &good[1..]),
            "x".repeat(SCREEN_TOKEN_MAX + 1),
        ];
        bad.extend(["", ".", "..", "t..", "tLTEwMDE.3", "tLTEwMDE..AAAA"].map(String::from));
        for t in bad {
            assert_eq!(links.decode_screen(&t), None, "{t:?}");
        }
    }
}
