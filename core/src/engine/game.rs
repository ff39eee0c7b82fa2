//! A match: rounds dealt one after another over one sheet until the match is decided.

use crate::engine::moves::{Move, MoveError, MoveSpec};
use crate::engine::round::{Applied, EndKind, Opening, Round};
use crate::engine::rules::{MAX_SEATS, Rules, RulesError, Teams, Variant};
use crate::engine::tally::{MatchResult, RoundFacts, RoundScore, Sheet};
use crate::engine::tile::{ALL_TILES, Tile, TileSet};
use rand::Rng;
use rand::seq::SliceRandom;

/// The tiles of one round: each hand, and the bazaar in draw order.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Deal {
    pub hands: Vec<Vec<Tile>>,
    pub bazaar: Vec<Tile>,
}

/// Why a deal cannot be played.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum DealError {
    #[error("a round seats two to eight players, not {0}")]
    Seats(usize),
    #[error("{found} hands for {seats} players")]
    HandCount { found: usize, seats: usize },
    #[error("hand {seat} holds {found} tiles, the deal is {size}")]
    HandSize { seat: usize, found: usize, size: usize },
    #[error("tile {0} appears twice in the deal")]
    Duplicate(Tile),
    #[error("tile {0} is missing from the deal")]
    Missing(Tile),
    #[error("tile {0} is not in the set")]
    NotInSet(Tile),
}

impl Deal {
    /// A shuffled deal for `seats` players under `rules`.
    pub fn random(rules: &Rules, seats: usize, rng: &mut impl Rng) -> Deal {
        let mut tiles: Vec<Tile> = TileSet::full(rules.max_pip()).iter().collect();
        tiles.shuffle(rng);
        let size = rules.deal_size(seats);
        let hands = tiles.chunks(size).take(seats).map(<[Tile]>::to_vec).collect();
        Deal { hands, bazaar: tiles[size * seats..].to_vec() }
    }

    /// Checks that the deal seats two to eight, holds every tile of the set once and each hand
    /// the deal size (R6).
    pub fn check(&self, rules: &Rules, seats: usize) -> Result<Vec<TileSet>, DealError> {
        if !(2..=MAX_SEATS).contains(&seats) {
            return Err(DealError::Seats(seats));
        }
        if self.hands.len() != seats {
            return Err(DealError::HandCount { found: self.hands.len(), seats });
        }
        let size = rules.deal_size(seats);
        let full = TileSet::full(rules.max_pip());
        let mut seen = TileSet::EMPTY;
        let mut add = |t: Tile| {
            if !full.contains(t) {
                return Err(DealError::NotInSet(t));
            }
            if seen.contains(t) {
                return Err(DealError::Duplicate(t));
            }
            seen.insert(t);
            Ok(())
        };
        let mut hands = Vec::with_capacity(seats);
        for (seat, hand) in self.hands.iter().enumerate() {
            for &t in hand {
                add(t)?;
            }
            if hand.len() != size {
                return Err(DealError::HandSize { seat, found: hand.len(), size });
            }
            hands.push(hand.iter().copied().collect());
        }
        for &t in &self.bazaar {
            add(t)?;
        }
        match full.difference(seen).first() {
            Some(t) => Err(DealError::Missing(t)),
            None => Ok(hands),
        }
    }
}

/// What the sheet says after a round, as `domino replay` reports it.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct RoundReport {
    /// `None` while the round is unfinished.
    pub end: Option<EndKind>,
    pub winner: Option<usize>,
    pub written: Vec<u32>,
    pub remembered: Vec<u32>,
    pub scores: Vec<u32>,
    pub next_leader: Option<u8>,
}

/// What an accepted move did.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct MoveOutcome {
    /// Telefon: what the play scored at once.
    pub points: Option<u32>,
    /// The round ended with this move (or, in Telefon, the match was won mid-round).
    pub round_over: bool,
}

/// One match in progress or decided.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Match {
    rules: Rules,
    seats: usize,
    sheet: Sheet,
    round: Option<Round>,
    /// The scoring of the current round, once it ended.
    score: Option<RoundScore>,
    opening: Opening,
    result: Option<MatchResult>,
    rounds_scored: u32,
}

impl Match {
    /// A new match; the rules must seat this many players (R5, R6).
    pub fn new(rules: Rules, seats: usize) -> Result<Match, RulesError> {
        rules.check_table(seats)?;
        let opening = if rules.sport() { Opening::Any } else { Opening::Forced };
        // Every field is reset by `next_match` too.
        Ok(Match {
            rules,
            seats,
            sheet: Sheet::default(),
            round: None,
            score: None,
            opening,
            result: None,
            rounds_scored: 0,
        })
    }

    /// The simulator's next match over the same rules and seats, in place: as [`Match::new`]
    /// makes one, except that the last match's finished round stays in memory until the next
    /// deal replaces it ([`Round::restart`]; a round is large, and copying a new one in cost
    /// the simulator several per cent).
    pub(crate) fn next_match(&mut self) {
        self.sheet = Sheet::default();
        self.score = None;
        self.opening = if self.rules.sport() { Opening::Any } else { Opening::Forced };
        self.result = None;
        self.rounds_scored = 0;
    }

    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    pub fn seats(&self) -> usize {
        self.seats
    }

    pub fn sides(&self) -> usize {
        self.rules.sides(self.seats)
    }

    pub fn sheet(&self) -> &Sheet {
        &self.sheet
    }

    pub fn round(&self) -> Option<&Round> {
        self.round.as_ref()
    }

    pub fn result(&self) -> Option<MatchResult> {
        self.result
    }

    pub fn is_over(&self) -> bool {
        self.result.is_some()
    }

    /// Rounds that ended and were scored.
    pub fn rounds_scored(&self) -> u32 {
        self.rounds_scored
    }

    /// How the next round will be led.
    pub fn opening(&self) -> Opening {
        self.opening
    }

    /// Deals a new round. A round still in play is abandoned unscored (R13).
    pub fn start_round(&mut self, deal: &Deal) -> Result<(), DealError> {
        let hands = deal.check(&self.rules, self.seats)?;
        self.begin_round(&hands, &deal.bazaar);
        Ok(())
    }

    /// Deals a shuffled round from `rng` (the simulator's fast path: no [`Deal`] is built).
    pub fn start_random_round(&mut self, rng: &mut impl Rng) {
        let n = TileSet::full(self.rules.max_pip()).len() as usize;
        let mut tiles = ALL_TILES;
        let tiles = &mut tiles[..n];
        tiles.shuffle(rng);
        let size = self.rules.deal_size(self.seats);
        let mut hands = [TileSet::EMPTY; MAX_SEATS];
        for (hand, chunk) in hands[..self.seats].iter_mut().zip(tiles.chunks_exact(size)) {
            *hand = TileSet::of(chunk);
        }
        self.begin_round(&hands[..self.seats], &tiles[size * self.seats..]);
    }

    fn begin_round(&mut self, hands: &[TileSet], bazaar: &[Tile]) {
        if self.round.as_ref().is_some_and(|r| !r.is_over()) {
            self.abandon_round();
        }
        let round = match &mut self.round {
            Some(round) => {
                round.restart(&self.rules, hands, bazaar, self.opening);
                round
            }
            None => self.round.insert(Round::new(&self.rules, hands, bazaar, self.opening)),
        };
        if self.rules.variant() == Variant::Morskoy && !self.rules.loser_writes() {
            let mut may = 0;
            for seat in 0..self.seats {
                if self.sheet.scores[self.rules.side_of(seat)] > 0 {
                    may |= 1 << seat;
                }
            }
            round.set_may_declare(may);
        }
        self.score = None;
    }

    /// Ends the current round unscored: the next round may be led by anyone (R13).
    pub fn abandon_round(&mut self) {
        if self.round.as_ref().is_some_and(|r| !r.is_over()) && self.result.is_none() {
            self.opening = Opening::Any;
        }
    }

    /// Resolves a written move against the current round.
    pub fn resolve(&self, seat: usize, spec: &MoveSpec) -> Result<Move, MoveError> {
        self.round_in_play()?.resolve(seat, spec)
    }

    fn round_in_play(&self) -> Result<&Round, MoveError> {
        if self.result.is_some() {
            return Err(MoveError::MatchOver);
        }
        self.round.as_ref().ok_or(MoveError::LeadFirst)
    }

    /// Checks a move without applying it.
    pub fn check(&self, seat: usize, mv: &Move) -> Result<(), MoveError> {
        self.round_in_play()?.check(seat, mv)
    }

    /// Legal moves of `seat` now (none once the match is decided).
    pub fn legal_moves(&self, seat: usize) -> Vec<Move> {
        self.round_in_play().map(|r| r.legal_moves(seat)).unwrap_or_default()
    }

    /// Checks and applies a move; a refused move changes nothing.
    pub fn apply(&mut self, seat: usize, mv: Move) -> Result<MoveOutcome, MoveError> {
        self.round_in_play()?;
        let round = self.round.as_mut().expect("checked");
        let applied = round.apply(seat, mv)?;
        Ok(self.after(seat, applied))
    }

    /// Applies a move generated by [`Match::legal_moves`] without checking it again.
    pub fn apply_unchecked(&mut self, seat: usize, mv: Move) -> MoveOutcome {
        let applied = self.round.as_mut().expect("a round in play").apply_unchecked(seat, mv);
        self.after(seat, applied)
    }

    /// A random legal move of `seat`, applied (the simulator's step, as
    /// [`Round::apply_random`] chooses it); `None` when the seat cannot move.
    #[inline]
    pub fn apply_random(
        &mut self,
        seat: usize,
        rng: &mut impl Rng,
        scratch: &mut Vec<Move>,
    ) -> Option<(Move, MoveOutcome)> {
        if self.result.is_some() {
            return None;
        }
        let (mv, applied) = self.round.as_mut()?.apply_random(seat, rng, scratch)?;
        Some((mv, self.after(seat, applied)))
    }

    #[inline]
    fn after(&mut self, seat: usize, applied: Applied) -> MoveOutcome {
        let mut points = None;
        if let Some(count) = applied.count {
            let (side, sides) = (self.rules.side_of(seat), self.sides());
            let (p, won) = self.sheet.score_play(&self.rules, sides, side, count);
            points = Some(p);
            if won.is_some() {
                self.result = won;
            }
        }
        let Some(end) = applied.end else {
            return MoveOutcome { points, round_over: self.result.is_some() };
        };
        let round = self.round.as_ref().expect("a round in play");
        let facts = RoundFacts {
            end,
            hands: round.hands(),
            leader: round.leader(),
            na_sto: round.na_sto(),
        };
        let score = self.sheet.score_round(&self.rules, &facts);
        self.rounds_scored += 1;
        if self.result.is_none() {
            self.result = score.decided;
        }
        let either = self.rules.either_partner_leads() && self.rules.teams() == Teams::Pairs;
        self.opening = match score.next_leader {
            Some(seat) if either => Opening::Side(seat),
            Some(seat) => Opening::Seat(seat),
            None => Opening::Forced,
        };
        self.score = Some(score);
        MoveOutcome { points, round_over: true }
    }

    /// The sheet after the current round: its scoring if it ended, else unfinished.
    pub fn round_report(&self) -> RoundReport {
        let sides = self.sides();
        let (end, winner, written, next_leader) = match (&self.round, &self.score) {
            (Some(r), Some(s)) => (r.end().map(|e| e.kind), s.winner, s.written, s.next_leader),
            _ => (None, None, [0; MAX_SEATS], None),
        };
        RoundReport {
            end,
            winner,
            written: written[..sides].to_vec(),
            remembered: self.sheet.remembered[..sides].to_vec(),
            scores: self.sheet.scores[..sides].to_vec(),
            next_leader,
        }
    }
}

#[cfg(test)]
#[path = "game_tests.rs"]
mod tests;
