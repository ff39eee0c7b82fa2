//! The standings of a chat: what a finished match adds (`summary`), the rows the store keeps
//! (`rows`), ratings (`rating`) and the orders and export of a scoreboard (`ranking`). Both
//! `store` (which keeps them) and `view` (which shows them) take them from here. `tournament`:
//! chat tournaments, the pure state machine.

mod calendar;
mod card;
mod ranking;
mod rating;
mod rows;
mod story;
mod summary;
mod tally;
pub mod tournament;
mod versus;
mod zone;

pub use calendar::{Cadence, DIGEST_HOUR, Local, Weekday};
pub use card::{Card, Met, Record};
pub use ranking::{
    rated_order, rating_history_csv, rating_of, scoreboard_csv, top_order, wilson_lower_bound,
};
pub use rating::{MU0, Rated, Rating, RatingChange, SIGMA0, Span, people_only, rate, rated_in};
pub use rows::{PairRow, PlayedMatch, ScoreRow, Season};
pub use story::{Named, SeasonStory};
pub use summary::{MatchSummary, SummaryPlayer};
pub use tally::{ChatTally, FirstMet, MatchTally, Meeting, PersonTally, Runs};
pub use versus::HeadToHead;
pub use zone::Zone;
pub(crate) use zone::lenient as lenient_zone;
