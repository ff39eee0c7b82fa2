//! Tables in chats: a pure state machine over the engine. `Table::apply(command, now, robot)`
//! returns the events or a rejection; a rejected command changes nothing. No I/O, no clock: the
//! time comes in as `now`.

mod apply;
pub mod command;
pub mod event;
pub mod game;
pub mod ids;
pub mod robot;
pub mod table;
mod turns;

pub use apply::{MAX_MISSES, NewTable};
pub use command::{Action, Actor, Command, Rejection};
pub use event::{Event, MovedBy};
pub use game::{Game, Outcome};
pub use ids::{ChatId, Lang, Millis, Person, Platform, UserId};
pub use robot::{Robot, Simple};
pub use table::{BotLevel, CloseReason, Occupant, Phase, Seat, Table};
