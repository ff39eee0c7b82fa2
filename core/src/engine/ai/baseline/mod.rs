//! The expert as it was before issue 14, frozen: `expert@baseline` in `domino sim --ai`, the
//! rung of the regression ladder a change to the expert is measured against. Nothing here is
//! to be improved; it shares only the greedy policy and the observation with the live expert.

mod deal;
mod evidence;
pub(super) mod expert;
mod playout;
mod value;
