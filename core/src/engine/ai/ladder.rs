//! What the frozen expert (`expert@baseline`, in the dev-only crate `domino-ladder`: the
//! regression ladder) shares with the live one, named in one place: the greedy policy it plays
//! its playouts and weighs plays with, and the tiles of each suit. With
//! [`Observation::round`](super::Observation::round) (the observed round, hidden tiles as
//! placeholders) this is all the ladder reaches inside the engine; nothing in the bot uses these
//! paths.

pub use super::greedy::{After, best, score, shed_score};
pub use crate::engine::board::SUITS;
