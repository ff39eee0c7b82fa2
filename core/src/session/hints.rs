//! Hints for people: whether the person in a seat may take one now, noting one taken, and the
//! hints of a round counted per seat. The hint itself (the expert's suggestion from the seat's
//! observation) is worked out by the service off the table; the session only checks and notes.

use super::command::Rejection;
use super::event::Event;
use super::game::HintNote;
use super::robot::mix;
use super::table::Table;
use crate::engine::moves::Move;
use crate::ids::Millis;

impl Table {
    /// Why the person in `seat` may not take a hint now, if they may not: hints must be on at
    /// the table, the match in play, the turn theirs (not away, their flag up) with a real
    /// choice, and no hint taken for this move yet.
    pub fn hint_turn(&self, seat: usize, now: Millis) -> Result<(), Rejection> {
        self.hint_open(seat)?;
        self.check_flag(now)
    }

    /// [`Table::hint_turn`] but for the clock: whether the hand offers a hint.
    pub fn hint_open(&self, seat: usize) -> Result<(), Rejection> {
        self.in_match()?;
        if !self.hints {
            return Err(Rejection::HintsOff);
        }
        if self.seats.get(seat).and_then(Option::as_ref).is_some_and(|st| st.away) {
            return Err(Rejection::Away);
        }
        if !self.may_move(seat) {
            return Err(Rejection::NotYourTurn);
        }
        let game = self.game.as_ref().ok_or(Rejection::NotStarted)?;
        if game.live.legal_moves(seat).len() < 2 {
            return Err(Rejection::NoChoice);
        }
        if self.hint_now(seat).is_some() {
            return Err(Rejection::HintGiven);
        }
        Ok(())
    }

    /// The hint `seat` took for the move it is now to make, if it took one.
    pub fn hint_now(&self, seat: usize) -> Option<Move> {
        let game = self.game.as_ref()?;
        let round = game.rounds.len() as u32;
        let at = game.rounds.last().map_or(0, Vec::len) as u32;
        let last = game.hints.last()?;
        (last.round == round && last.at == at && last.seat as usize == seat).then_some(last.mv)
    }

    /// The seed of the hint for `seat` on this version: the same press gives the same hint.
    pub fn hint_seed(&self, seat: usize) -> u64 {
        mix(&[self.seed, self.version, seat as u64, 0x4849_4e54])
    }

    /// Hints taken in round `round` (1-based), per seat.
    pub fn hints_in(&self, round: u32) -> Vec<u32> {
        let mut counts = vec![0; self.seats.len()];
        for note in self.game.iter().flat_map(|g| &g.hints).filter(|n| n.round == round) {
            if let Some(c) = counts.get_mut(note.seat as usize) {
                *c += 1;
            }
        }
        counts
    }

    /// Notes the hint `mv` (one of the seat's legal moves) taken by the person in `seat`.
    pub(super) fn take_hint(
        &mut self,
        seat: usize,
        mv: Move,
        now: Millis,
        ev: &mut Vec<Event>,
    ) -> Result<(), Rejection> {
        self.hint_turn(seat, now)?;
        let game = self.game.as_mut().expect("a match in play");
        game.live.check(seat, &mv)?;
        let round = game.rounds.len() as u32;
        let at = game.rounds.last().map_or(0, Vec::len) as u32;
        game.hints.push(HintNote { round, seat: seat as u8, at, mv });
        ev.push(Event::HintUsed { seat: seat as u8, round, mv });
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use crate::engine::rules::{Rules, Variant};
    use crate::session::{
        Action, Actor, ChatId, Command, Event, Lang, NewTable, Person, Platform, Table, UserId,
    };

    /// A duel against the computer with hints on, the person to move with a choice.
    fn at_a_choice() -> (Table, Person) {
        for seed in 0..50 {
            let me = Person::new(UserId::new(Platform::Terminal, "me"), "Me");
            let new = NewTable {
                id: 1,
                chat: ChatId::new(Platform::Terminal, "t"),
                number: 1,
                rules: Rules::new(Variant::Kozel),
                size: 2,
                lang: Lang::En,
                turn_secs: None,
                bot_level: Default::default(),
                seed,
                clock: None,
            };
            let (mut t, _) = Table::duel(new, me.clone(), None, 0, 0).unwrap();
            t.hints = true;
            t.play_robots(0, &crate::session::Simple);
            if t.hint_turn(0, 0).is_ok() {
                return (t, me);
            }
        }
        panic!("no seed gives a choice at once");
    }

    #[test]
    fn a_hint_is_noted_kept_by_the_snapshot_and_left_out_of_the_record() {
        let (mut t, me) = at_a_choice();
        let record = t.game.as_ref().unwrap().to_log(vec!["Me".into(), "Bot".into()]).to_json();
        let mv = t.live().unwrap().legal_moves(0)[0];
        let cmd = Command { actor: Actor::person(me), action: Action::Hint { mv }, version: None };
        let events = t.apply(&cmd, 0).unwrap();
        assert!(matches!(events.as_slice(), [Event::HintUsed { seat: 0, round: 1, .. }]));
        assert_eq!(t.hint_now(0), Some(mv));
        assert_eq!(t.hint_turn(0, 0), Err(super::Rejection::HintGiven));
        assert_eq!(t.hints_in(1), vec![1, 0]);
        let game = t.game.as_ref().unwrap();
        let after = game.to_log(vec!["Me".into(), "Bot".into()]).to_json();
        assert_eq!(record, after, "a hint is not part of the record");
        let back: Table = serde_json::from_str(&serde_json::to_string(&t).unwrap()).unwrap();
        assert_eq!(back.game.as_ref().unwrap().hints, game.hints, "the snapshot keeps it");
        assert!(back.hints);
        // The computer may not take one, nor may anyone for a move not theirs.
        let system = Command { actor: Actor::System, action: Action::Hint { mv }, version: None };
        assert_eq!(t.clone().apply(&system, 0), Err(super::Rejection::SystemOnly));
    }
}
