//! Tables in chats: a pure state machine over the engine. `Table::apply(command, now)` returns
//! the events or a rejection; a rejected command changes nothing. No I/O, no clock: the time
//! comes in as `now`. Computer players do not think here: a table says whose computer move is
//! due (`Table::robot_turn`) and takes it as a command (`Action::RobotMove`) once chosen.

mod apply;
pub mod clock;
pub mod command;
pub mod event;
mod fixture;
pub use fixture::{FIXTURE_MATCH, FixtureOf};
pub mod game;
mod hints;
mod life;
mod lobby;
mod pause;
pub mod queue;
mod resign;
pub mod robot;
mod seats;
pub mod table;
mod time_up;
mod turns;
pub mod warn;

pub use crate::ids::{ChatId, Lang, Millis, Person, Platform, UserId};
pub use apply::{MAX_MISSES, NewTable};
pub use clock::{CLOCK, ClockRule, Clocks, OnFlag, Running};
pub use command::{Action, Actor, Command, Rejection};
pub use event::{Event, MovedBy};
pub use game::{Game, HintNote, Outcome};
pub use life::{Lives, RobotTurn};
pub use pause::PAUSE_MS;
pub use queue::{MAX_QUEUE, Rotation};
pub use resign::RESIGN_VOTE_MS;
pub use robot::{Robot, Simple};
pub use table::{BotLevel, CloseReason, Occupant, Paused, Phase, ResignVote, Seat, Table};
pub use time_up::TimeUp;
pub use warn::{WARN_BEFORE_MS, Warning, warn_lead};
