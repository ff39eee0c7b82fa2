//! Which chat a page's token names. The signed, revocable tokens are the door's
//! (`Door::screen_chat`); a fixed map serves tests and tools.

use domino_core::chat::Unavailable;
use domino_core::ids::ChatId;
use std::collections::HashMap;
use std::future::Future;
use std::pin::Pin;

/// A future the token check returns.
pub type Checked<'a> =
    Pin<Box<dyn Future<Output = Result<Option<ChatId>, Unavailable>> + Send + 'a>>;

/// Which chat a token names: `None` for a forged or revoked one.
pub trait Tokens: Send + Sync + 'static {
    fn chat<'a>(&'a self, token: &'a str) -> Checked<'a>;
}

/// The door's signed tokens (`/screen`'s links): a forged, malformed or revoked one names no
/// chat.
#[derive(Clone, Debug)]
pub struct DoorTokens(pub domino_core::chat::Door);

impl Tokens for DoorTokens {
    fn chat<'a>(&'a self, token: &'a str) -> Checked<'a> {
        Box::pin(self.0.screen_chat(token))
    }
}

/// A fixed token for each chat.
#[derive(Clone, Debug, Default)]
pub struct FixedTokens(pub HashMap<String, ChatId>);

impl Tokens for FixedTokens {
    fn chat<'a>(&'a self, token: &'a str) -> Checked<'a> {
        Box::pin(async move { Ok(self.0.get(token).cloned()) })
    }
}
