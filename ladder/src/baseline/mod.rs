//! The expert as it was before issue 14, frozen: `expert@baseline`, the rung of the regression
//! ladder a change to the expert is measured against (it was a level of `domino sim --ai` until
//! it left the bot for this crate). Nothing here is to be improved; it shares only the greedy
//! policy and the observation with the live expert (`domino_core::engine::ai::ladder`).

mod deal;
mod evidence;
mod expert;
mod playout;
mod value;

pub(crate) use expert::search;
