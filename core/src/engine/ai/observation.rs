//! What one seat may know, and nothing more.

use crate::engine::board::Board;
use crate::engine::game::Match;
use crate::engine::moves::Move;
use crate::engine::round::{Opening, Round};
use crate::engine::rules::Rules;
use crate::engine::tally::Sheet;
use crate::engine::tile::{Tile, TileSet};
use std::fmt;

/// One seat's view of a match: its own hand, the table, every hand's size, the bazaar's size,
/// the pips each seat is known to lack, the tiles it has not seen, the sheet and the rules.
///
/// The round inside is a copy in which every hidden tile (other hands, bazaar) has been moved to
/// a fixed place that depends only on public facts, so nothing built from an observation can
/// tell where the hidden tiles really are.
#[derive(Clone)]
pub struct Observation<'a> {
    rules: &'a Rules,
    sheet: &'a Sheet,
    seat: usize,
    round: Round,
    unseen: TileSet,
    /// The leader chose the lead (it was not the round-1 forced tile).
    free_lead: bool,
}

impl<'a> Observation<'a> {
    /// `seat`'s view of the match now; `None` when the seat has no move to make.
    pub fn new(game: &'a Match, seat: usize) -> Option<Observation<'a>> {
        let round = game.round()?;
        if seat >= game.seats() || game.legal_moves(seat).is_empty() {
            return None;
        }
        let mut obs = Observation::of_round(game.rules(), game.sheet(), round, seat);
        obs.free_lead = game.opening() != Opening::Forced;
        Some(obs)
    }

    /// `seat`'s view of a round played under `rules` over `sheet`, its lead taken as forced.
    pub fn of_round(rules: &'a Rules, sheet: &'a Sheet, round: &Round, seat: usize) -> Self {
        let full = TileSet::full(rules.max_pip());
        let hand = round.hand(seat);
        let unseen = full.difference(round.board().on_table()).difference(hand);
        // The hidden tiles in index order: other seats in seat order, then the bazaar.
        let mut tiles = unseen.iter();
        let hands: Vec<TileSet> = (0..round.seats())
            .map(|s| {
                let n = if s == seat { 0 } else { round.hand(s).len() as usize };
                tiles.by_ref().take(n).collect()
            })
            .collect();
        let bazaar: Vec<Tile> = tiles.collect();
        let round = round.with_hidden(seat, &hands, &bazaar);
        Observation { rules, sheet, seat, round, unseen, free_lead: false }
    }

    pub fn seat(&self) -> usize {
        self.seat
    }

    /// The side this seat plays for.
    pub fn side(&self) -> usize {
        self.rules.side_of(self.seat)
    }

    pub fn seats(&self) -> usize {
        self.round.seats()
    }

    pub fn rules(&self) -> &'a Rules {
        self.rules
    }

    pub fn sheet(&self) -> &'a Sheet {
        self.sheet
    }

    pub fn hand(&self) -> TileSet {
        self.round.hand(self.seat)
    }

    pub fn board(&self) -> &Board {
        self.round.board()
    }

    /// Tiles in `seat`'s hand.
    pub fn hand_size(&self, seat: usize) -> usize {
        self.round.hand(seat).len() as usize
    }

    pub fn bazaar_len(&self) -> usize {
        self.round.bazaar_len()
    }

    /// Pips `seat` is known to lack, a bit per pip.
    pub fn voids(&self, seat: usize) -> crate::engine::tile::PipMask {
        self.round.voids(seat)
    }

    /// Pips `seat` surely lacks: [`Observation::voids`] and those of every earlier draw that no
    /// kept tile has undone ([`Round::lacks`]).
    pub fn lacks(&self, seat: usize) -> crate::engine::tile::PipMask {
        self.round.lacks(seat)
    }

    /// Tiles this seat has not seen: in other hands or the bazaar.
    pub fn unseen(&self) -> TileSet {
        self.unseen
    }

    /// The seat that laid the `i`-th tile of [`Board::laid`].
    pub fn laid_by(&self, i: usize) -> u8 {
        self.round.laid_by(i)
    }

    /// Whether the round's leader chose his lead (any tile, or any double), rather than laying
    /// the forced tile of the round-1 rule.
    pub fn free_lead(&self) -> bool {
        self.free_lead
    }

    /// This seat's legal moves.
    pub fn legal_moves(&self) -> Vec<Move> {
        self.round.legal_moves(self.seat)
    }

    /// The round with the hidden tiles in their fixed public places: its other hands and bazaar
    /// are placeholders, only their sizes are real. (Public for the frozen baseline in
    /// `domino-ladder`, see [`super::ladder`].)
    pub fn round(&self) -> &Round {
        &self.round
    }
}

/// Shows only what the seat may know (the round inside holds placeholders).
impl fmt::Debug for Observation<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let seats = 0..self.seats();
        f.debug_struct("Observation")
            .field("seat", &self.seat)
            .field("hand", &self.hand())
            .field("board", self.board())
            .field("hand_sizes", &seats.clone().map(|s| self.hand_size(s)).collect::<Vec<_>>())
            .field("bazaar_len", &self.bazaar_len())
            .field("voids", &seats.clone().map(|s| self.voids(s)).collect::<Vec<_>>())
            .field("lacks", &seats.map(|s| self.lacks(s)).collect::<Vec<_>>())
            .field("unseen", &self.unseen)
            .field("free_lead", &self.free_lead)
            .field("sheet", self.sheet)
            .field("rules", self.rules)
            .finish()
    }
}
