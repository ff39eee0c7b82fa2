//! `domino-record/1`: reading, replaying and writing whole matches (RECORD.md).

mod read;
mod replay;
mod write;

pub use read::{Record, RecordError, RecordMove, RecordRound};
pub use replay::{MoveReport, Replay, replay};
pub use write::{MatchLog, write_move};

/// The `format` field every record carries.
pub const FORMAT: &str = "domino-record/1";
