//! Which chat a page's token names: the door's signed, revocable screen tokens
//! (`Door::screen_chat`, `/screen` and `/screen new`), or a fixed map (tests, tools).

use domino_core::chat::{Door, Unavailable};
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

/// A fixed token for each chat.
#[derive(Clone, Debug, Default)]
pub struct FixedTokens(pub HashMap<String, ChatId>);

impl Tokens for FixedTokens {
    fn chat<'a>(&'a self, token: &'a str) -> Checked<'a> {
        Box::pin(async move { Ok(self.0.get(token).cloned()) })
    }
}

/// The chat's signed screen tokens: a forged, malformed or revoked one names no chat.
impl Tokens for Door {
    fn chat<'a>(&'a self, token: &'a str) -> Checked<'a> {
        Box::pin(self.screen_chat(token))
    }
}
