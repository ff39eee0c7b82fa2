//! The match sheet: what each finished round writes, remembered points, write-offs, and when the
//! match is decided (RULES §1–§5, §8 C7–C9, T, K, M, O5, Tel).

use crate::engine::round::{EndKind, RoundEnd};
use crate::engine::rules::{MAX_SEATS, Rules, Variant};
use crate::engine::tile::TileSet;

/// Totals and carried state of a match, per side.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Sheet {
    pub scores: [u32; MAX_SEATS],
    /// Under-threshold points carried to the next loss (Kozel, Osel).
    pub remembered: [u32; MAX_SEATS],
    /// Tied values waiting for the next decided round (`eggs`).
    pub eggs: u32,
    /// Sides that lost the last scored round (Morskoy `loser_writes`), a bit per side.
    pub last_losers: u8,
}

/// How a match ended: sides, `None` where the role is shared or nobody holds it (R18).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct MatchResult {
    pub winner: Option<usize>,
    pub loser: Option<usize>,
}

/// What a finished round did to the sheet.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct RoundScore {
    /// The winning side; `None` for a tie.
    pub winner: Option<usize>,
    pub written: [u32; MAX_SEATS],
    /// The seat the rules designate to lead next; `None` where the round-1 rule applies.
    pub next_leader: Option<u8>,
    /// Set when this round decided the match.
    pub decided: Option<MatchResult>,
}

/// Everything about a finished round that scoring needs.
#[derive(Copy, Clone, Debug)]
pub struct RoundFacts<'a> {
    pub end: RoundEnd,
    /// Hands left, per seat.
    pub hands: &'a [TileSet],
    pub leader: Option<u8>,
    pub na_sto: Option<u8>,
}

impl Sheet {
    /// Scores a finished round and decides the match if it is decided.
    pub fn score_round(&mut self, rules: &Rules, facts: &RoundFacts) -> RoundScore {
        let seats = facts.hands.len();
        let sides = rules.sides(seats);
        let mut values = [0u32; MAX_SEATS];
        for (seat, hand) in facts.hands.iter().enumerate() {
            values[rules.side_of(seat)] += rules.hand_value(*hand);
        }
        let values = &values[..sides];
        let by = facts.end.by;
        let winner = match facts.end.kind {
            EndKind::Domino => Some(rules.side_of(by as usize)),
            EndKind::Fish | EndKind::Closed => strict_lowest(values),
        };
        let mut score =
            RoundScore { winner, written: [0; MAX_SEATS], next_leader: None, decided: None };
        let ctx = Ctx { rules, sides, values, winner, facts };
        match rules.variant() {
            Variant::Classic => self.classic(&ctx, &mut score),
            Variant::Telefon => self.telefon(&ctx, &mut score),
            Variant::Kozel | Variant::Osel => self.kozel(&ctx, &mut score),
            Variant::Morskoy if rules.loser_writes() => self.morskoy_losers(&ctx, &mut score),
            Variant::Morskoy => self.morskoy(&ctx, &mut score),
        }
        score.next_leader = if rules.sport() {
            facts.leader.map(|l| (l + 1) % seats as u8)
        } else {
            match (rules.variant(), facts.end.kind) {
                (Variant::Classic | Variant::Telefon, EndKind::Fish) => winner.map(|s| s as u8),
                _ => Some(by),
            }
        };
        score
    }

    fn classic(&mut self, ctx: &Ctx, score: &mut RoundScore) {
        let Some(w) = ctx.winner else { return };
        let others: u32 = ctx.others(w);
        let award = match ctx.facts.end.kind {
            EndKind::Domino => others,
            _ => others - ctx.values[w],
        };
        self.write(score, w, award);
        if self.scores[w] >= ctx.rules.target() {
            score.decided = Some(ctx.won_by(w));
        }
    }

    fn telefon(&mut self, ctx: &Ctx, score: &mut RoundScore) {
        if let Some(w) = ctx.winner {
            let award = ctx.others(w).div_ceil(5);
            self.write(score, w, award);
        }
        score.decided = self.telefon_decided(ctx.rules, ctx.sides, ctx.winner);
    }

    /// Telefon's score of one play (C9): a count of the open ends that is a positive multiple of
    /// five writes a fifth of it to `side`; reaching the target with it wins at once unless the
    /// round is finished first (Tel7). The points written, and the result when the play won.
    pub(crate) fn score_play(
        &mut self,
        rules: &Rules,
        sides: usize,
        side: usize,
        count: u32,
    ) -> (u32, Option<MatchResult>) {
        let points = if count > 0 && count.is_multiple_of(5) { count / 5 } else { 0 };
        self.scores[side] += points;
        let won = !rules.finish_round() && self.scores[side] >= rules.target();
        (points, won.then(|| result_won_by(side, sides)))
    }

    /// Telefon at a round's end (C9, Tel7): without `finish_round` the side that just scored
    /// wins on reaching the target; with it, the single highest total at or above it.
    pub fn telefon_decided(
        &self,
        rules: &Rules,
        sides: usize,
        scorer: Option<usize>,
    ) -> Option<MatchResult> {
        let target = rules.target();
        if !rules.finish_round() {
            let w = scorer.filter(|&w| self.scores[w] >= target)?;
            return Some(result_won_by(w, sides));
        }
        let top = *self.scores[..sides].iter().max()?;
        let tops: Vec<usize> = (0..sides).filter(|&s| self.scores[s] == top).collect();
        (top >= target && tops.len() == 1).then(|| result_won_by(tops[0], sides))
    }

    fn kozel(&mut self, ctx: &Ctx, score: &mut RoundScore) {
        let rules = ctx.rules;
        let Some(w) = ctx.winner else {
            self.tie(ctx);
            return;
        };
        let pot = std::mem::take(&mut self.eggs);
        for side in 0..ctx.sides {
            if side == w {
                self.remembered[side] = 0;
                continue;
            }
            let amount = ctx.values[side] + self.remembered[side] + pot;
            let guarded = self.scores[side] == 0 || rules.threshold_every_round();
            if guarded && amount < rules.threshold() {
                self.remembered[side] = if rules.forget_below_threshold() { 0 } else { amount };
            } else {
                self.remembered[side] = 0;
                self.write(score, side, amount);
            }
        }
        score.decided = goat(&self.scores[..ctx.sides], rules.target());
    }

    fn morskoy(&mut self, ctx: &Ctx, score: &mut RoundScore) {
        let rules = ctx.rules;
        let na_sto = ctx.facts.na_sto;
        let na_sto_won = na_sto.is_some_and(|d| ctx.went_out(d));
        if let Some(d) = na_sto.filter(|_| !na_sto_won) {
            self.scores[rules.side_of(d as usize)] = 0;
        }
        let Some(w) = ctx.winner else {
            self.tie(ctx);
            return;
        };
        let p = ctx.others(w) + std::mem::take(&mut self.eggs);
        let at_zero = self.scores[w] == 0;
        if !at_zero || p >= rules.threshold() {
            self.write(score, w, p);
            if at_zero {
                // M3 (M10: with `write_off_all` the writer's points go too, if anyone else had
                // points to wipe).
                let others = (0..ctx.sides).any(|s| s != w && self.scores[s] > 0);
                let all = rules.write_off_all() && others;
                for (side, s) in self.scores[..ctx.sides].iter_mut().enumerate() {
                    if side != w || all {
                        *s = 0;
                    }
                }
            }
        }
        score.decided = if na_sto_won || self.automatic_win(ctx) || self.scores[w] >= rules.target()
        {
            Some(ctx.won_by(w))
        } else {
            None
        };
    }

    fn morskoy_losers(&mut self, ctx: &Ctx, score: &mut RoundScore) {
        let rules = ctx.rules;
        let Some(w) = ctx.winner else {
            self.last_losers = 0;
            self.tie(ctx);
            return;
        };
        if self.last_losers & (1 << w) != 0 {
            self.scores[w] = 0;
        }
        let pot = std::mem::take(&mut self.eggs);
        let mut losers = 0;
        for side in (0..ctx.sides).filter(|&s| s != w) {
            losers |= 1 << side;
            let amount = ctx.values[side] + pot;
            if self.scores[side] > 0 || amount >= rules.threshold() {
                self.write(score, side, amount);
            }
        }
        self.last_losers = losers;
        score.decided = if self.automatic_win(ctx) {
            Some(ctx.won_by(w))
        } else {
            goat(&self.scores[..ctx.sides], rules.target())
        };
    }

    /// M6: going out with 0-0 or 6-6 (or, with the option, any two doubles) wins the match.
    fn automatic_win(&self, ctx: &Ctx) -> bool {
        let end = ctx.facts.end;
        end.kind == EndKind::Domino
            && (end.last_has_extreme_double
                || (ctx.rules.any_double_double_finish_wins() && end.last_doubles >= 2))
    }

    /// A tied round: nobody writes, memories clear, the tied value goes to the eggs (K3, K4).
    fn tie(&mut self, ctx: &Ctx) {
        self.remembered = [0; MAX_SEATS];
        if ctx.rules.eggs() {
            self.eggs += ctx.values.iter().copied().min().unwrap_or(0);
        }
    }

    fn write(&mut self, score: &mut RoundScore, side: usize, amount: u32) {
        score.written[side] += amount;
        self.scores[side] += amount;
    }
}

struct Ctx<'a> {
    rules: &'a Rules,
    sides: usize,
    values: &'a [u32],
    winner: Option<usize>,
    facts: &'a RoundFacts<'a>,
}

impl Ctx<'_> {
    fn others(&self, side: usize) -> u32 {
        self.values.iter().enumerate().filter(|&(s, _)| s != side).map(|(_, v)| v).sum()
    }

    fn went_out(&self, seat: u8) -> bool {
        self.facts.end.kind == EndKind::Domino && self.facts.end.by == seat
    }

    fn won_by(&self, side: usize) -> MatchResult {
        result_won_by(side, self.sides)
    }
}

/// `side` wins; the loser is the only other side, if there is exactly one (R18).
fn result_won_by(side: usize, sides: usize) -> MatchResult {
    MatchResult { winner: Some(side), loser: (sides == 2).then(|| 1 - side) }
}

/// The strictly lowest value's side; `None` on a tie for lowest (C8).
fn strict_lowest(values: &[u32]) -> Option<usize> {
    let min = *values.iter().min()?;
    let mut at_min = values.iter().enumerate().filter(|&(_, v)| *v == min);
    match (at_min.next(), at_min.next()) {
        (Some((s, _)), None) => Some(s),
        _ => None,
    }
}

/// The goat (K5, R18): the highest total at or above the target loses; a tie at the top leaves
/// `loser` empty; `winner` is the only side not at the top, if there is exactly one.
fn goat(scores: &[u32], target: u32) -> Option<MatchResult> {
    if scores.iter().all(|&s| s < target) {
        return None;
    }
    let top = *scores.iter().max()?;
    let tops: Vec<usize> = (0..scores.len()).filter(|&s| scores[s] == top).collect();
    let others: Vec<usize> = (0..scores.len()).filter(|&s| scores[s] != top).collect();
    Some(MatchResult {
        loser: (tops.len() == 1).then(|| tops[0]),
        winner: (others.len() == 1).then(|| others[0]),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn goat_roles() {
        assert_eq!(goat(&[50, 100], 101), None);
        assert_eq!(goat(&[50, 101], 101), Some(MatchResult { winner: Some(0), loser: Some(1) }));
        assert_eq!(goat(&[50, 101, 3], 101), Some(MatchResult { winner: None, loser: Some(1) }));
        assert_eq!(goat(&[110, 105, 3], 101), Some(MatchResult { winner: None, loser: Some(0) }));
        assert_eq!(goat(&[110, 110, 3], 101), Some(MatchResult { winner: Some(2), loser: None }));
    }

    #[test]
    fn strict_lowest_needs_a_single_minimum() {
        assert_eq!(strict_lowest(&[5, 12, 20]), Some(0));
        assert_eq!(strict_lowest(&[5, 5, 20]), None);
    }
}
