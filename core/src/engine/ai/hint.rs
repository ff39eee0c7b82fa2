//! Help for people: the expert's suggested move ([`hint`]) and a review of one seat's moves in
//! a round ([`review`]), each from what that seat could see at the time and nothing more.
//!
//! Both run the expert's evaluation ([`super::expert`]) on an [`Observation`]: the hidden tiles
//! are sampled, never read, so a hint is the same whatever the other hands hold, and a review
//! of a finished round judges each move by what was known when it was made. Estimates are in
//! the expert's units ([`super::value`]): +1 a round won, −1 a round lost, plus the points the
//! round moved on the sheet at 15 pips to a round, plus 4 for a match decided.

use crate::engine::ai::Budget;
use crate::engine::ai::expert;
use crate::engine::ai::observation::Observation;
use crate::engine::ai::takes_end;
use crate::engine::game::Match;
use crate::engine::moves::Move;
use rand::Rng;

/// The expert's suggestion for the seat to move.
#[derive(Clone, Debug, PartialEq)]
pub struct Hint {
    /// The suggested move: the best estimate (the first of equals).
    pub best: Move,
    /// Every legal move with its estimate, in the order of [`Observation::legal_moves`]; empty
    /// when the move is forced.
    pub estimates: Vec<(Move, f32)>,
    /// The number whose end the suggested move takes («взять конца»: [`takes_end`]), if any.
    pub takes_end: Option<u8>,
}

/// The expert's suggestion for the observing seat, deterministic for an observation and a
/// seed (the RNG's state).
pub fn hint(obs: &Observation, rng: &mut impl Rng, budget: Budget) -> Hint {
    hint_within(obs, rng, budget, &|| false)
}

/// As [`hint`], with a safety cap: `out_of_time` is asked now and then, and once it says yes the
/// estimates so far decide (the caller reads the clock; the engine never does).
pub fn hint_within(
    obs: &Observation,
    rng: &mut impl Rng,
    budget: Budget,
    out_of_time: &dyn Fn() -> bool,
) -> Hint {
    let moves = obs.legal_moves();
    assert!(!moves.is_empty(), "an observation always has a legal move");
    if moves.len() == 1 {
        let best = moves[0];
        return Hint { best, estimates: Vec::new(), takes_end: takes(obs, &best) };
    }
    let estimates = expert::evaluate(obs, &moves, rng, budget, out_of_time);
    let best = moves[expert::best_index(&estimates)];
    let takes_end = takes(obs, &best);
    Hint { best, estimates: moves.into_iter().zip(estimates).collect(), takes_end }
}

/// The end `mv` takes for the observing seat.
fn takes(obs: &Observation, mv: &Move) -> Option<u8> {
    takes_end(obs.board(), obs.hand(), mv, obs.rules().max_pip())
}

/// One move of the reviewed seat that the expert would have made otherwise.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct Slip {
    /// The move's place in the round's list of moves (0 is the lead).
    pub index: usize,
    pub played: Move,
    pub better: Move,
    /// How much worse the played move was estimated, in the expert's units (> 0).
    pub loss: f32,
    /// The ends the played and the better move take ([`takes_end`]), if any.
    pub played_takes: Option<u8>,
    pub better_takes: Option<u8>,
}

/// The moves of one seat in one round where the expert's estimate says it lost the most.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct Review {
    /// The largest losses first, at most the number asked for.
    pub slips: Vec<Slip>,
    /// Moves of the seat that had a choice, and so were judged.
    pub judged: usize,
    /// The seat's moves that took an end («взять конца»): their place in the round's list of
    /// moves and the number, whether judged or not.
    pub took: Vec<(usize, u8)>,
}

/// Reviews `seat`'s moves in a round: `start` is the match with the round just dealt and
/// `moves` the round's moves so far (finished or not, as the session keeps them). Each move of
/// `seat` with a choice is judged from `seat`'s observation at that moment; the `most` largest
/// losses above `min_loss` are kept. Moves refused by the match end the review there.
pub fn review(
    start: &Match,
    moves: &[(u8, Move)],
    seat: usize,
    most: usize,
    min_loss: f32,
    rng: &mut impl Rng,
    budget: Budget,
) -> Review {
    review_within(start, moves, seat, (most, min_loss), rng, budget, &|| false)
}

/// As [`review`] (`keep`: the most slips and the least loss named), with a safety cap: once
/// `out_of_time` says yes, the move being judged is judged on what was seen so far and no
/// later move is judged (`Review::judged` counts those that were).
pub fn review_within(
    start: &Match,
    moves: &[(u8, Move)],
    seat: usize,
    keep: (usize, f32),
    rng: &mut impl Rng,
    budget: Budget,
    out_of_time: &dyn Fn() -> bool,
) -> Review {
    let (most, min_loss) = keep;
    let mut game = start.clone();
    let mut out = Review::default();
    let mut judging = true;
    for (index, &(mover, played)) in moves.iter().enumerate() {
        let mover = mover as usize;
        if mover == seat
            && let Some(obs) = Observation::new(&game, seat)
        {
            if let Some(x) = takes(&obs, &played) {
                out.took.push((index, x));
            }
            let legal = obs.legal_moves();
            let mine = legal.iter().position(|m| same(m, &played));
            if judging && legal.len() > 1 && mine.is_some() && out_of_time() {
                judging = false;
            }
            if let (true, true, Some(mine)) = (judging, legal.len() > 1, mine) {
                let estimates = expert::evaluate(&obs, &legal, rng, budget, out_of_time);
                let best = expert::best_index(&estimates);
                let loss = estimates[best] - estimates[mine];
                out.judged += 1;
                if loss > min_loss {
                    let better = legal[best];
                    let (played_takes, better_takes) = (takes(&obs, &played), takes(&obs, &better));
                    out.slips.push(Slip {
                        index,
                        played,
                        better,
                        loss,
                        played_takes,
                        better_takes,
                    });
                }
            }
        }
        if game.apply(mover, played).is_err() {
            break;
        }
    }
    out.slips.sort_by(|a, b| b.loss.total_cmp(&a.loss).then(a.index.cmp(&b.index)));
    out.slips.truncate(most);
    out
}

/// Whether two moves do the same: a lead in either orientation, placements in any order.
fn same(a: &Move, b: &Move) -> bool {
    match (a, b) {
        (Move::Lead { tile: t, na_sto: n, .. }, Move::Lead { tile: u, na_sto: m, .. }) => {
            t == u && n == m
        }
        (Move::Play(p), Move::Play(q)) => {
            p.len() == q.len() && p.as_slice().iter().all(|x| q.as_slice().contains(x))
        }
        _ => a == b,
    }
}
