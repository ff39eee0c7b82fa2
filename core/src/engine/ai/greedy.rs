//! The greedy player: the move with the best immediate gain for the variant.
//!
//! A move's score (in quarter pips) adds up: going out; the drop in the hand's value (lone-tile
//! values included, so a lone 0-0 in Kozel is worth 25); a charge for keeping a tile that is
//! worth more alone than its pips; a bonus per double laid (doubles fit only one pip); a bonus
//! per kept tile that still fits the table afterwards; in Telefon the points of the count; in
//! Morskoy going out with 0-0 or 6-6 (the match); in Osel closing an arm the mover no longer
//! needs, and closing the round only when his side is likely lowest. It never declares «на сто».
//!
//! It reads only the mover's own hand, the table and the sizes of the other hands, so it is
//! also the playout policy of the expert, which runs it for every seat of a sampled world.

use crate::engine::ai::observation::Observation;
use crate::engine::board::{Arm, Ends, Layout, SUITS};
use crate::engine::moves::Move;
use crate::engine::round::Round;
use crate::engine::rules::{Rules, Variant};
use crate::engine::tile::{Tile, TileSet};

/// Going out ends the round in the mover's favour.
const OUT: i32 = 4_000;
/// Morskoy: going out with 0-0 or the top double (6-6) wins the match (M6).
const AUTO_WIN: i32 = 20_000;
const PER_DOUBLE: i32 = 12;
const PER_FITTING_TILE: i32 = 6;
/// Telefon: one point of the count.
const PER_POINT: i32 = 40;
/// Osel: closing an arm the mover has no tile for, or still needs.
const CLOSE_SPARE: i32 = 8;
const CLOSE_NEEDED: i32 = -24;
const NA_STO: i32 = -100_000;

/// The greedy move of the observing seat.
pub fn choose(obs: &Observation) -> Move {
    best(obs.rules(), obs.round(), obs.seat(), &obs.legal_moves())
}

/// The best-scoring move of `moves` (the first of equals) for `seat`.
pub fn best(rules: &Rules, round: &Round, seat: usize, moves: &[Move]) -> Move {
    if moves.len() == 1 {
        return moves[0];
    }
    let value = rules.hand_value(round.hand(seat));
    let mut best = (i32::MIN, moves[0]);
    for mv in moves {
        let s = score_with(rules, round, seat, value, mv, &After::of(round.board(), mv));
        if s > best.0 {
            best = (s, *mv);
        }
    }
    best.1
}

/// What `mv` gains `seat` at once, `after` being the table it leaves. Reads only the seat's
/// hand, the table and the sizes of the other hands.
pub fn score(rules: &Rules, round: &Round, seat: usize, mv: &Move, after: &After) -> i32 {
    score_with(rules, round, seat, rules.hand_value(round.hand(seat)), mv, after)
}

/// As [`score`], `value` being the seat's hand value (the same for every move of a turn).
pub(super) fn score_with(
    rules: &Rules,
    round: &Round,
    seat: usize,
    value: u32,
    mv: &Move,
    after: &After,
) -> i32 {
    let hand = round.hand(seat);
    let laid: TileSet = mv.tiles().collect();
    if laid.is_empty() {
        return 0;
    }
    let mut s = shed_score_with(rules, hand, value, laid, after);
    if let Move::Lead { na_sto: true, .. } = mv {
        s += NA_STO;
    }
    let left = hand.difference(laid);
    if let Move::Play(list) = mv
        && !left.is_empty()
    {
        for p in list.as_slice().iter().filter(|p| p.close) {
            let needed = left.iter().any(|t| t.has(p.tile.high()));
            s += if needed { CLOSE_NEEDED } else { CLOSE_SPARE };
        }
        if after.closes_round {
            s += closing_gain(rules, round, seat, after, left);
        }
    }
    s
}

/// The part of the score that depends only on the hand, the tiles laid from it and the table
/// they leave: going out, the hand's value, doubles, tiles that still fit, Telefon's count.
pub fn shed_score(rules: &Rules, hand: TileSet, laid: TileSet, after: &After) -> i32 {
    shed_score_with(rules, hand, rules.hand_value(hand), laid, after)
}

/// As [`shed_score`], `value` being the hand's value ([`Rules::hand_value`]).
pub(super) fn shed_score_with(
    rules: &Rules,
    hand: TileSet,
    value: u32,
    laid: TileSet,
    after: &After,
) -> i32 {
    let left = hand.difference(laid);
    let variant = rules.variant();
    let mut s = 0;
    if variant == Variant::Telefon {
        let count = after.count();
        if count > 0 && count.is_multiple_of(5) {
            s += PER_POINT * (count / 5) as i32;
        }
    }
    if left.is_empty() {
        let top = Tile::double(rules.max_pip());
        let extreme = laid.contains(Tile::double(0)) || laid.contains(top);
        if variant == Variant::Morskoy && extreme {
            s += AUTO_WIN;
        }
        return s + OUT;
    }
    s += 4 * (value as i32 - rules.hand_value(left) as i32);
    // Only 0-0 and 6-6 are ever worth more alone than their pips.
    let max = rules.max_pip();
    for t in [Tile::double(0), Tile::double(max)].into_iter().filter(|&t| left.contains(t)) {
        let alone = rules.hand_value(TileSet::single(t));
        if alone > t.pips() {
            s -= 4 * (alone - t.pips()) as i32 / left.len() as i32;
        }
    }
    s += PER_DOUBLE * laid.intersection(DOUBLES).len() as i32;
    s + PER_FITTING_TILE * left.intersection(after.fits).len() as i32
}

/// Every double up to double-eighteen (the tiles of a smaller set are a subset, so laying one
/// of them is counted the same).
const DOUBLES: TileSet = {
    let mut set = TileSet::EMPTY;
    let mut d = 0;
    while d <= crate::engine::tile::MAX_PIP {
        set = set.with(Tile::double(d));
        d += 1;
    }
    set
};

/// What a move leaves on the table, as far as scoring needs it.
#[derive(Copy, Clone, Debug)]
pub struct After {
    /// Tiles that fit some open arm.
    pub fits: TileSet,
    /// The table left, when it is not a line (whose Telefon count is never asked for).
    ends: Option<Ends>,
    /// Osel: both line ends closed while no hub stands (O4).
    pub closes_round: bool,
    pub on_table: TileSet,
}

impl After {
    /// The table after `mv` (a lead or a play) on `board`.
    pub fn of(board: &Ends, mv: &Move) -> After {
        let on_table = mv.tiles().fold(board.on_table(), |set, t| set.union(TileSet::single(t)));
        if board.layout() == Layout::Line {
            // A line only moves its ends: no need to lay the tiles.
            let mut ends = [None; 2];
            match mv {
                Move::Lead { tile, left, .. } => ends = [Some(*left), Some(tile.other(*left))],
                Move::Play(list) => {
                    for (i, end) in ends.iter_mut().enumerate() {
                        *end = Some(board.arms()[i].value);
                    }
                    for p in list.as_slice() {
                        let end = &mut ends[p.arm as usize];
                        *end = end.map(|v| p.tile.other(v));
                    }
                }
                Move::Draw | Move::Pass => return After::of_board(board),
            }
            let fits =
                ends.iter().flatten().fold(TileSet::EMPTY, |s, &v| s.union(SUITS[v as usize]));
            return After { fits, ends: None, closes_round: false, on_table };
        }
        let mut b = *board;
        match mv {
            Move::Lead { tile, left, .. } => b.place_lead(*tile, *left),
            Move::Play(list) => {
                for p in list.as_slice() {
                    b.place(p.tile, p.arm, p.close);
                }
            }
            Move::Draw | Move::Pass => {}
        }
        After::of_board(&b)
    }

    fn of_board(board: &Ends) -> After {
        let fits = if board.on_table().is_empty() {
            board
                .open_arms()
                .fold(TileSet::EMPTY, |s, a| s.union(SUITS[board.arm(a).value as usize]))
        } else {
            // Kept up to date by every placement once the lead is down.
            board.fitting()
        };
        let closes_round =
            board.hub().is_none() && board.arm(Arm::Left).closed && board.arm(Arm::Right).closed;
        After { fits, ends: Some(*board), closes_round, on_table: board.on_table() }
    }

    /// The Telefon count of the table left.
    pub fn count(&self) -> u32 {
        self.ends.map_or(0, |e| e.count())
    }
}

/// Osel: closing the round is scored as a fish (O5). Its gain is the gap between the lowest
/// other side and the mover's side, hidden hands guessed at the mean unseen tile.
fn closing_gain(rules: &Rules, round: &Round, seat: usize, after: &After, left: TileSet) -> i32 {
    let full = TileSet::full(rules.max_pip());
    let unseen = full.difference(after.on_table).difference(left);
    let mean = unseen.pips() as f32 / unseen.len().max(1) as f32;
    let seats = round.seats();
    let mut guess = [0f32; crate::engine::rules::MAX_SEATS];
    for s in 0..seats {
        guess[rules.side_of(s)] += if s == seat {
            rules.hand_value(left) as f32
        } else {
            round.hand(s).len() as f32 * mean
        };
    }
    let mine = rules.side_of(seat);
    let others = (0..rules.sides(seats)).filter(|&s| s != mine).map(|s| guess[s]);
    let lowest_other = others.fold(f32::INFINITY, f32::min);
    (8.0 * (lowest_other - guess[mine])) as i32
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::round::Opening;

    fn t(a: u8, b: u8) -> Tile {
        Tile::new(a, b)
    }

    /// A two-seat round where seat 1 led `lead` (showing `left` on the left) and seat 0 holds
    /// `hand`.
    fn after_lead(variant: Variant, lead: Tile, left: u8, hand: &[Tile]) -> (Rules, Round) {
        let rules = Rules::new(variant);
        let mine: TileSet = hand.iter().copied().collect();
        let rest = TileSet::full(6).difference(mine).difference(TileSet::single(lead));
        let theirs: TileSet = rest.iter().take(6).chain([lead]).collect();
        let bazaar: Vec<Tile> = rest.difference(theirs).iter().collect();
        let mut round = Round::new(&rules, &[mine, theirs], &bazaar, Opening::Seat(1));
        round.apply(1, Move::Lead { tile: lead, left, na_sto: false }).unwrap();
        (rules, round)
    }

    #[test]
    fn kozel_sheds_a_zero_double_that_could_be_left_alone() {
        let (rules, round) = after_lead(Variant::Kozel, t(0, 6), 0, &[t(0, 0), t(5, 6), t(2, 3)]);
        let mv = best(&rules, &round, 0, &round.legal_moves(0));
        assert_eq!(mv, Move::play(t(0, 0), Arm::Left));
    }

    #[test]
    fn kozel_sheds_the_heaviest_tile() {
        let (rules, round) = after_lead(Variant::Kozel, t(1, 4), 1, &[t(1, 2), t(4, 6), t(3, 5)]);
        let mv = best(&rules, &round, 0, &round.legal_moves(0));
        assert_eq!(mv, Move::play(t(4, 6), Arm::Right));
    }

    #[test]
    fn morskoy_goes_out_with_both_extreme_doubles() {
        let (rules, round) = after_lead(Variant::Morskoy, t(0, 6), 0, &[t(0, 0), t(6, 6)]);
        let mv = best(&rules, &round, 0, &round.legal_moves(0));
        let Move::Play(list) = mv else { panic!("{mv:?}") };
        assert_eq!(list.len(), 2);
    }

    #[test]
    fn telefon_takes_the_points() {
        // Lead 3-4: 2-4 on the 4 makes 3 + 2 = 5, a point; 4-6 sheds more but counts 9.
        let (rules, round) = after_lead(Variant::Telefon, t(3, 4), 3, &[t(3, 5), t(4, 6), t(2, 4)]);
        let mv = best(&rules, &round, 0, &round.legal_moves(0));
        assert_eq!(mv, Move::play(t(2, 4), Arm::Right));
    }
}
