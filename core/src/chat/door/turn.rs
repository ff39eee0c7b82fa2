//! Which turn ping a table wants: at most one per table, naming the person to move. A chat
//! keeps the ping it showed with its key; when the wanted key differs, the old ping goes and
//! the new one (if any) is sent. No person to move (a computer, someone away, a finished or
//! closed table) wants no ping: the old one goes.

use crate::session::{Person, Phase, Table};
use crate::view::{turn_text, warning_text};

/// The ping a table wants.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TurnPing {
    /// The same key is the same turn: nothing to send again. A warning before the turn's time
    /// runs out is a ping of its own (`.w`), replacing the turn's.
    pub key: String,
    pub person: Person,
    /// "👉 Анна, ваш ход!", or the warning "⏳ Анна, осталось 30 с на ход!", in the table's
    /// language.
    pub text: String,
    /// Sent without a mention or a notification: the person chose quiet pings
    /// ([`crate::chat::PingMode`]; the chat layer sets it).
    pub quiet: bool,
    /// Seconds after the turn began that the ping is due (0: at once): the chat's reminder
    /// (`ChatSettings::ping_after`; the chat layer sets it). The person's own hand says it is
    /// their move meanwhile, and the table points at them, so a brisk game pings nobody. A
    /// warning is due at once.
    pub after_secs: u32,
}

impl TurnPing {
    /// A warning before the turn's time runs out (its key's `.w`), not the turn's own ping.
    pub fn is_warning(&self) -> bool {
        self.key.ends_with(".w")
    }
}

/// The ping `table` wants, if any. A turn is the run of moves one seat makes in a row (a
/// forced draw followed by a play is one turn): the key names the match, the round and where
/// the run began, so a person is pinged once per turn.
pub fn turn_ping(table: &Table) -> Option<TurnPing> {
    if table.phase != Phase::Playing {
        return None;
    }
    let seat = table.to_move()?;
    let st = table.seats.get(seat)?.as_ref()?;
    let person = st.person().filter(|_| !st.away)?.clone();
    let game = table.game.as_ref()?;
    let moves = game.rounds.last().map_or(&[][..], Vec::as_slice);
    let run = moves.iter().rev().take_while(|(s, _)| *s as usize == seat).count();
    let key = format!("{}.{}.{}", table.matches_played, game.rounds.len(), moves.len() - run);
    match table.warned {
        Some(_) => Some(TurnPing {
            key: format!("{key}.w"),
            person,
            text: warning_text(table)?,
            quiet: false,
            after_secs: 0,
        }),
        None => {
            Some(TurnPing { key, person, text: turn_text(table)?, quiet: false, after_secs: 0 })
        }
    }
}
