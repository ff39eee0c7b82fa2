//! A sampled world played to the end of its round, scored as the match would score it.
//!
//! Every seat plays the greedy policy; the seats of the `informed` side (the expert's) add what
//! the world's hands show: a bonus for leaving the next seats of other sides without a playable
//! tile (more for the very next one) and for leaving a partner one.

use crate::engine::ai::greedy::{self, After};
use crate::engine::moves::Move;
use crate::engine::round::Round;
use crate::engine::rules::Rules;
use crate::engine::tally::{MatchResult, RoundFacts, RoundScore, Sheet};

/// Far more moves than any round takes; a guard against a rule bug, not a limit of play.
const MAX_MOVES: u32 = 1_000;

/// One round of a sampled world over a copy of the sheet.
#[derive(Clone, Debug)]
pub(super) struct World<'a> {
    rules: &'a Rules,
    pub round: Round,
    pub sheet: Sheet,
    /// The scoring of the round, once it ended.
    pub score: Option<RoundScore>,
    /// The match was decided: by the round's scoring, or mid-round in Telefon (Tel7).
    pub decided: Option<MatchResult>,
    /// The side whose seats play with the world's hands in view.
    pub informed: Option<usize>,
}

impl<'a> World<'a> {
    pub(super) fn new(rules: &'a Rules, round: Round, sheet: Sheet) -> World<'a> {
        World { rules, round, sheet, score: None, decided: None, informed: None }
    }

    pub(super) fn is_over(&self) -> bool {
        self.score.is_some() || self.decided.is_some()
    }

    /// Applies a legal move as [`crate::engine::game::Match::apply`] would: Telefon's points of
    /// the count, its win on reaching the target (Tel7), the round's scoring at its end.
    pub(super) fn apply(&mut self, seat: usize, mv: Move) {
        let applied = self.round.apply_unchecked(seat, mv);
        let rules = self.rules;
        if let Some(count) = applied.count {
            let (side, sides) = (rules.side_of(seat), rules.sides(self.round.seats()));
            let (_, won) = self.sheet.score_play(rules, sides, side, count);
            if won.is_some() {
                self.decided = won;
            }
        }
        if let Some(end) = applied.end {
            let facts = RoundFacts {
                end,
                hands: self.round.hands(),
                leader: self.round.leader(),
                na_sto: self.round.na_sto(),
            };
            let score = self.sheet.score_round(rules, &facts);
            if self.decided.is_none() {
                self.decided = score.decided;
            }
            self.score = Some(score);
        }
    }

    /// Plays every seat until the round ends or the match is decided.
    pub(super) fn play_out(&mut self, scratch: &mut Vec<Move>) {
        for _ in 0..MAX_MOVES {
            if self.is_over() {
                return;
            }
            let Some(seat) = self.round.to_move() else { return };
            let seat = seat as usize;
            self.round.legal_moves_into(seat, scratch);
            let mv = if self.informed == Some(self.rules.side_of(seat)) {
                self.informed_best(seat, scratch)
            } else {
                greedy::best(self.rules, &self.round, seat, scratch)
            };
            self.apply(seat, mv);
        }
    }
}

/// Informed play: an opponent left without a playable tile, divided by his distance in turns.
const BLOCK: i32 = 40;
/// Informed play: a partner left with a playable tile.
const PARTNER: i32 = 20;

impl World<'_> {
    /// The greedy score plus what the world's hands show (see the module's notes).
    fn informed_best(&self, seat: usize, moves: &[Move]) -> Move {
        if moves.len() == 1 {
            return moves[0];
        }
        let rules = self.rules;
        let seats = self.round.seats();
        let side = rules.side_of(seat);
        let value = rules.hand_value(self.round.hand(seat));
        let mut best = (i32::MIN, moves[0]);
        for mv in moves {
            let after = After::of(self.round.board(), mv);
            let mut s = greedy::score_with(rules, &self.round, seat, value, mv, &after);
            for k in 1..seats {
                let other = (seat + k) % seats;
                let can = !self.round.hand(other).intersection(after.fits).is_empty();
                if rules.side_of(other) == side {
                    s += if can { PARTNER } else { 0 };
                } else if !can {
                    s += BLOCK / k as i32;
                }
            }
            if s > best.0 {
                best = (s, *mv);
            }
        }
        best.1
    }
}
