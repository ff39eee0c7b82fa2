//! Help for people from the expert: a hint on the hand of the person to move, and a review of a
//! person's moves in a finished round. Both think as computer players do (`robots`): on the
//! background threads (`background`), no table locked, from what that seat could see only
//! (its [`Observation`]), but on permits of their own, within a time cap, each person within a rate, and each answer
//! kept by (table, version, seat) so that asking again costs nothing (`fair`). A hint is
//! committed (`Action::Hint`, on the version it was worked out for) before it is answered; a
//! review changes nothing.

use super::fair::Ask;
use super::{Applied, Service, ServiceError};
use crate::engine::ai::{Budget, Observation, Review, hint_within, review_within};
use crate::engine::game::Match;
use crate::engine::moves::Move;
use crate::session::game::Replayed;
use crate::session::robot::mix;
use crate::session::{Action, Actor, Command, Game, Person, Rejection, Table};
use crate::store::Store;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use std::sync::atomic::Ordering;

/// Moves a review names at most.
pub const REVIEW_MOST: usize = 3;
/// Losses at or below this (in the expert's units) are not worth naming.
pub(super) const REVIEW_MIN_LOSS: f32 = 0.02;

/// A hint taken: the table after it was noted, and the suggested move.
#[derive(Clone, Debug)]
pub struct Hinted {
    pub reply: Applied,
    pub mv: Move,
}

/// A person's review of a finished round.
#[derive(Clone, Debug)]
pub struct Reviewed {
    /// 1-based.
    pub round: u32,
    pub seat: usize,
    /// The match as the round was dealt, and the round's moves (to name each move as it lay).
    pub start: Match,
    pub moves: RoundMoves,
    pub review: Review,
}

impl<S: Store> Service<S> {
    /// The expert's hint for `person` at `table`, on the version their button was drawn for:
    /// checked (hints on, their turn with a choice, no hint yet for this move), worked out from
    /// their seat's observation (or taken from the memo), committed, then answered. The same
    /// press gives the same hint: pressed again once its hint is noted, it is answered with
    /// that hint, changing nothing.
    pub async fn hint(
        &self,
        table_id: i64,
        person: &Person,
        version: u64,
    ) -> Result<Hinted, ServiceError> {
        let lock = self.lock_of(table_id).await?;
        let (live, seat, seed) = {
            let mut table = lock.lock().await;
            // Another process may have moved the table on to the button's version.
            if table.version < version {
                self.read_back(&mut table).await?;
            }
            if let Some(again) = hint_again(&table, person, version) {
                return Ok(again);
            }
            if table.version != version {
                return Err(Rejection::Stale.into());
            }
            let seat = table.seat_of(&person.id).ok_or(Rejection::NotSeated)?;
            table.hint_turn(seat, self.now())?;
            let live = table.live().ok_or(Rejection::NotStarted)?.clone();
            (live, seat, table.hint_seed(seat))
        };
        let budget = self.options.advice;
        let cell = self.hints.cell((table_id, version, seat));
        let mv = cell
            .get_or_try_init(|| async {
                self.asked.take(&person.id, Ask::Hint, self.limits().hints, self.now())?;
                self.think(move |out_of_time| {
                    suggest_within(&live, seat, seed, budget, out_of_time)
                })
                .await
            })
            .await?
            .ok_or(Rejection::NoChoice)?;
        let cmd = Command {
            actor: Actor::person(person.clone()),
            action: Action::Hint { mv },
            version: Some(version),
        };
        match self.handle(table_id, cmd).await {
            Ok(reply) => Ok(Hinted { reply, mv }),
            // The same press twice at once: the other one noted this very hint.
            Err(ServiceError::Rejected(Rejection::Stale | Rejection::HintGiven)) => {
                let table = self.table(table_id).await?.ok_or(ServiceError::NoTable)?;
                hint_again(&table, person, version).ok_or(Rejection::Stale.into())
            }
            Err(e) => Err(e),
        }
    }

    /// `seat`'s moves in the last finished round of `table` where the expert's estimate says
    /// they lost the most, each judged from that seat's observation at the time; `None` when
    /// no round of the table's match has finished.
    /// Asked again for the same table, version and seat, it is answered from the memo; the
    /// `person` asking is held to the reviews' rate when it is worked out.
    pub async fn review(
        &self,
        table: &Table,
        seat: usize,
        person: &Person,
    ) -> Result<Option<Reviewed>, ServiceError> {
        let Some(game) = table.game.clone() else { return Ok(None) };
        let budget = self.options.advice;
        let seed = table.seed;
        let cell = self.reviews.cell((table.id, table.version, seat));
        let reviewed = cell
            .get_or_try_init(|| async {
                self.asked.take(&person.id, Ask::Review, self.limits().reviews, self.now())?;
                self.think(move |out_of_time| {
                    let (round, start, moves) = last_finished(&game)?;
                    let mut rng =
                        ChaCha8Rng::seed_from_u64(mix(&[seed, round as u64, seat as u64]));
                    let keep = (REVIEW_MOST, REVIEW_MIN_LOSS);
                    let review =
                        review_within(&start, &moves, seat, keep, &mut rng, budget, out_of_time);
                    Some(Reviewed { round, seat, start, moves, review })
                })
                .await
            })
            .await?;
        Ok(reviewed.clone())
    }

    /// Hints and reviews worked out so far (not those answered from the memo).
    pub fn advice_thought(&self) -> u64 {
        self.advice_thoughts.load(Ordering::SeqCst)
    }

    fn limits(&self) -> &super::AdviceLimits {
        &self.options.advice_limits
    }

    /// Runs `work` on a background thread (`background`) with one of people's thinking permits
    /// (never one of the computer players'), giving it the time cap as an `out_of_time` question asked of
    /// the service's clock.
    async fn think<T: Send + 'static>(
        &self,
        work: impl FnOnce(&dyn Fn() -> bool) -> T + Send + 'static,
    ) -> Result<T, ServiceError> {
        let permit = self.advise.clone().acquire_owned().await.map_err(|_| Rejection::NotDue)?;
        self.advice_thoughts.fetch_add(1, Ordering::SeqCst);
        let clock = self.clock.clone();
        let end = clock.now().saturating_add(self.limits().cap_ms);
        self.background
            .run(move || {
                let _permit = permit;
                work(&|| clock.now() >= end)
            })
            .await
            .map_err(|e| {
                tracing::error!(error = %e, "the expert failed");
                ServiceError::Rejected(Rejection::NotDue)
            })
    }
}

/// The hint `person` took on `version`, when the table is just past it by that very hint: a
/// press answered again as it was, changing nothing.
fn hint_again(table: &Table, person: &Person, version: u64) -> Option<Hinted> {
    if table.version != version + 1 {
        return None;
    }
    let seat = table.seat_of(&person.id)?;
    let mv = table.hint_now(seat)?;
    Some(Hinted { reply: Applied { table: table.clone(), events: Vec::new() }, mv })
}

/// The hint for `seat` in `game`: the expert's suggestion from that seat's observation only,
/// for `seed`; `None` when the seat has no move.
pub fn suggest(game: &Match, seat: usize, seed: u64, budget: Budget) -> Option<Move> {
    suggest_within(game, seat, seed, budget, &|| false)
}

/// [`suggest`] within a time cap (`out_of_time`, asked now and then).
pub fn suggest_within(
    game: &Match,
    seat: usize,
    seed: u64,
    budget: Budget,
    out_of_time: &dyn Fn() -> bool,
) -> Option<Move> {
    let obs = Observation::new(game, seat)?;
    Some(hint_within(&obs, &mut ChaCha8Rng::seed_from_u64(seed), budget, out_of_time).best)
}

/// A round's moves, with the seat that made each.
pub(super) type RoundMoves = Vec<(u8, Move)>;

/// The last round of `game` that ended: its number (1-based), the match as it was dealt, and
/// its moves.
pub fn last_finished(game: &Game) -> Option<(u32, Match, RoundMoves)> {
    let (mut start, mut found) = (None, None);
    let last = game.rounds.len().checked_sub(1)?;
    let seen = |i: usize, at: Replayed, m: &Match| match at {
        Replayed::Dealt => start = Some(m.clone()),
        Replayed::Played if m.round_report().end.is_some() => {
            found =
                Some((i as u32 + 1, start.take().expect("dealt first"), game.rounds[i].clone()));
        }
        Replayed::Played => {}
    };
    game.replay_through(last, seen).ok()?;
    found
}
