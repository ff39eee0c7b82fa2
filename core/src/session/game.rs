//! The match in play at a table: deals from the table's seed, every accepted move, the live
//! engine state. Serialized compactly as the seed and the move codes; loading replays them.

use crate::engine::game::{Deal, Match, MoveOutcome};
use crate::engine::moves::{Move, MoveError};
use crate::engine::record::MatchLog;
use crate::engine::rules::{Rules, RulesError};
use crate::engine::tile::{Tile, TileSet};
use rand::{RngCore, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};

/// How a match ended, by side (R18 roles), and who resigned or ran out of time if anyone did.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Outcome {
    pub winner: Option<usize>,
    pub loser: Option<usize>,
    pub resigned: Option<u8>,
    /// The side whose clock ran out, if that decided the match.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub flag: Option<u8>,
}

/// The deal of round `index` (0-based) of the match seeded `seed`. Stable across versions: a
/// Fisher–Yates shuffle over ChaCha8's documented stream, nothing from `rand`'s helpers.
pub fn deal_for(rules: &Rules, seats: usize, seed: u64, index: usize) -> Deal {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    rng.set_stream(index as u64);
    let mut tiles: Vec<Tile> = TileSet::full(rules.max_pip()).iter().collect();
    for i in (1..tiles.len()).rev() {
        let j = (rng.next_u64() % (i as u64 + 1)) as usize;
        tiles.swap(i, j);
    }
    let size = rules.deal_size(seats);
    let hands = tiles.chunks(size).take(seats).map(<[Tile]>::to_vec).collect();
    Deal { hands, bazaar: tiles[size * seats..].to_vec() }
}

/// A match at a table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Game {
    pub seed: u64,
    /// Accepted moves of each round dealt so far, with the seat that made them.
    pub rounds: Vec<Vec<(u8, Move)>>,
    pub live: Match,
    pub outcome: Option<Outcome>,
    /// The hints people took in this match, in order (see [`HintNote`]).
    pub hints: Vec<HintNote>,
}

/// A hint a person took: in which round (1-based), by which seat, when (the round's moves
/// made so far) and what it suggested. Mirrors the `HintUsed` events of the table's log.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct HintNote {
    pub round: u32,
    pub seat: u8,
    pub at: u32,
    pub mv: Move,
}

/// Where [`Game::replay_through`] stands in a round.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum Replayed {
    /// The round was just dealt.
    Dealt,
    /// Its stored moves were made.
    Played,
}

/// Why a stored game cannot be rebuilt.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum GameError {
    #[error("rules do not seat the table: {0}")]
    Rules(#[from] RulesError),
    #[error("stored move {code:?} of round {round} was refused: {error}")]
    Refused { round: usize, code: String, error: MoveError },
    #[error("bad stored move {0:?}")]
    BadCode(String),
}

impl Game {
    /// A new match with its first round dealt.
    pub fn new(rules: Rules, seats: usize, seed: u64) -> Result<Game, RulesError> {
        let live = Match::new(rules, seats)?;
        let mut game = Game { seed, rounds: Vec::new(), live, outcome: None, hints: Vec::new() };
        game.deal_next();
        Ok(game)
    }

    /// Deals the next round.
    pub fn deal_next(&mut self) {
        let deal = deal_for(self.live.rules(), self.live.seats(), self.seed, self.rounds.len());
        self.live.start_round(&deal).expect("a generated deal is complete");
        self.rounds.push(Vec::new());
    }

    /// Checks and applies a move of the current round.
    pub fn apply(&mut self, seat: usize, mv: Move) -> Result<MoveOutcome, MoveError> {
        let out = self.live.apply(seat, mv)?;
        self.rounds.last_mut().expect("a round is dealt").push((seat as u8, mv));
        Ok(out)
    }

    /// The match replayed from the seed through round `last` (0-based, inclusive): each round
    /// dealt by [`deal_for`] and its stored moves applied. `seen` is shown the match as each
    /// round was dealt ([`Replayed::Dealt`]) and once its moves were made
    /// ([`Replayed::Played`]). The match after round `last`, or the round whose deal or moves
    /// did not replay (`seen` was shown the rounds before it).
    pub(crate) fn replay_through(
        &self,
        last: usize,
        mut seen: impl FnMut(usize, Replayed, &Match),
    ) -> Result<Match, usize> {
        let (rules, seats) = (self.live.rules(), self.live.seats());
        let mut m = Match::new(rules.clone(), seats).map_err(|_| 0usize)?;
        for (i, moves) in self.rounds.iter().enumerate().take(last.saturating_add(1)) {
            m.start_round(&deal_for(rules, seats, self.seed, i)).map_err(|_| i)?;
            seen(i, Replayed::Dealt, &m);
            for &(seat, mv) in moves {
                m.apply(seat as usize, mv).map_err(|_| i)?;
            }
            seen(i, Replayed::Played, &m);
        }
        Ok(m)
    }

    /// The match as a `domino-record/1` log (for `/export`).
    pub fn to_log(&self, players: Vec<String>) -> MatchLog {
        let rules = self.live.rules();
        let mut log = MatchLog::new(rules.clone(), players);
        for (i, moves) in self.rounds.iter().enumerate() {
            log.start_round(&deal_for(rules, self.live.seats(), self.seed, i));
            for &(seat, mv) in moves {
                log.push(seat as usize, mv);
            }
        }
        log
    }

    fn to_doc(&self) -> GameDoc {
        GameDoc {
            seed: self.seed,
            seats: self.live.seats(),
            rules: self.live.rules().clone(),
            rounds: self
                .rounds
                .iter()
                .map(|r| r.iter().map(|(s, m)| format!("{s}{m}")).collect())
                .collect(),
            outcome: self.outcome,
            hints: self.hints.clone(),
        }
    }

    fn from_doc(doc: GameDoc) -> Result<Game, GameError> {
        let live = Match::new(doc.rules, doc.seats).map_err(GameError::Rules)?;
        let mut game = Game {
            seed: doc.seed,
            rounds: Vec::new(),
            live,
            outcome: doc.outcome,
            hints: doc.hints,
        };
        for (round, codes) in doc.rounds.iter().enumerate() {
            game.deal_next();
            for code in codes {
                let bad = || GameError::BadCode(code.clone());
                let (seat, mv) = code.split_at_checked(1).ok_or_else(bad)?;
                let seat: usize = seat.parse().map_err(|_| bad())?;
                let mv: Move = mv.parse().map_err(|_| bad())?;
                game.apply(seat, mv).map_err(|error| GameError::Refused {
                    round,
                    code: code.clone(),
                    error,
                })?;
            }
        }
        Ok(game)
    }
}

/// The stored form of a [`Game`].
#[derive(Serialize, Deserialize)]
struct GameDoc {
    seed: u64,
    seats: usize,
    rules: Rules,
    rounds: Vec<Vec<String>>,
    outcome: Option<Outcome>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    hints: Vec<HintNote>,
}

impl Serialize for Game {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.to_doc().serialize(s)
    }
}

impl<'de> Deserialize<'de> for Game {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Game, D::Error> {
        Game::from_doc(GameDoc::deserialize(d)?).map_err(serde::de::Error::custom)
    }
}
