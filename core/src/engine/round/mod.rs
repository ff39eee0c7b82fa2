//! One round: hands, bazaar, the table, whose turn it is, legal moves and applying them.
//!
//! The round knows nothing of scores: when it ends it reports how ([`RoundEnd`]) and the match
//! ([`crate::engine::game::Match`]) writes the sheet. Applying a move is in `apply`,
//! checking one in `check`, listing legal moves in `legal`.

mod apply;
mod check;
mod clues;
mod lead;
mod legal;

pub use lead::forced_lead;

use crate::engine::board::{Board, Layout};
use crate::engine::game::{Deal, DealError};
use crate::engine::rules::{MAX_SEATS, MultiPlay, Rules, Variant};
use crate::engine::tile::{PipMask, TILE_COUNT, Tile, TileSet, Width};

/// How a round ended.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum EndKind {
    /// A hand emptied.
    Domino,
    /// Nothing outside the table fits.
    Fish,
    /// Osel: both line ends closed while no hub stands.
    Closed,
}

impl EndKind {
    pub const fn key(self) -> &'static str {
        match self {
            EndKind::Domino => "domino",
            EndKind::Fish => "fish",
            EndKind::Closed => "closed",
        }
    }
}

/// The end of a round, as the match needs it for scoring.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct RoundEnd {
    pub kind: EndKind,
    /// Who laid the last tile: the player who went out, or the fish-maker / closer.
    pub by: u8,
    /// The last play laid 0-0 or 6-6 (Morskoy M6).
    pub last_has_extreme_double: bool,
    /// Doubles laid by the last play.
    pub last_doubles: u8,
}

/// Who leads a round, before the deal is known.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Opening {
    /// The round-1 rule: the forced tile from this deal (RULES §1, §2; T2, K1).
    Forced,
    /// This seat leads any tile (`lead_must_be_double` still applies).
    Seat(u8),
    /// This seat or its partner leads any tile (`either_partner_leads`, K10).
    Side(u8),
    /// Any seat may lead any tile (sport round 1; after an unfinished round, R13).
    Any,
}

/// Who leads, resolved against the deal.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Leader {
    Forced {
        seat: u8,
        tile: Tile,
    },
    Seat(u8),
    /// The named seat or the seat opposite (pairs, `either_partner_leads`).
    Side(u8),
    Any,
}

impl Leader {
    /// Whether `seat` may lead (`seats` at the table).
    pub fn allows(self, seat: u8, seats: u8) -> bool {
        match self {
            Leader::Forced { seat: s, .. } | Leader::Seat(s) => s == seat,
            Leader::Side(s) => s == seat || (s + seats / 2) % seats == seat,
            Leader::Any => true,
        }
    }
}

/// The per-round switches taken from the rules once.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
struct Params {
    layout: Layout,
    multi: MultiPlay,
    closing: bool,
    draw_out: bool,
    lead_must_be_double: bool,
    /// Telefon: the count is taken after every play.
    counts: bool,
    /// Every tile of the set.
    full: TileSet,
    /// A line where each play lays one tile: the simulator's fast path applies.
    simple_line: bool,
    /// The words the set's tiles take: the hot path's arithmetic is that wide.
    width: Width,
}

impl Params {
    fn new(rules: &Rules) -> Params {
        let layout = match rules.variant() {
            Variant::Osel => Layout::Hub { sides_first: rules.hub_sides_first() },
            Variant::Telefon => Layout::Hub { sides_first: !rules.house_any_side() },
            _ => Layout::Line,
        };
        Params {
            layout,
            multi: rules.multi_play(),
            closing: rules.variant() == Variant::Osel,
            draw_out: rules.draw_out_before_fish(),
            lead_must_be_double: rules.lead_must_be_double(),
            counts: rules.variant() == Variant::Telefon,
            full: TileSet::full(rules.max_pip()),
            simple_line: layout == Layout::Line && rules.multi_play() == MultiPlay::Single,
            width: Width::of_set(rules.max_pip()),
        }
    }
}

#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
enum Phase {
    Lead(Leader),
    Play,
    Over(RoundEnd),
}

/// What an accepted move did.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Default)]
pub struct Applied {
    /// The Telefon count after a play (the raw sum of ends), for every play.
    pub count: Option<u32>,
    pub end: Option<RoundEnd>,
}

/// One round in progress or finished.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Round {
    params: Params,
    seats: u8,
    hands: [TileSet; MAX_SEATS],
    /// The bazaar in draw order, inline (a round is copied without allocating): the first
    /// `bazaar_end` slots, of which the first `drawn` are drawn; unused slots hold 0-0.
    bazaar: [Tile; MAX_TILES],
    bazaar_end: u8,
    drawn: u8,
    board: Board,
    phase: Phase,
    turn: u8,
    leader: Option<u8>,
    last_mover: Option<u8>,
    na_sto: Option<u8>,
    /// What draws and passes showed of each hand. Public knowledge, for computer players.
    clues: clues::Clues,
    /// Seats allowed to declare «на сто» on the lead (M7), set by the match.
    may_declare: u8,
    /// Who laid each tile on the table, in the order of [`Board::laid`]. Public knowledge, for
    /// computer players.
    laid_by: [u8; MAX_TILES],
}

/// Tiles in the largest supported set (double-eighteen).
const MAX_TILES: usize = TILE_COUNT;

impl Round {
    /// A new round over `deal`, checked first ([`Deal::check`]: two to eight hands of the deal
    /// size, every tile of the set once).
    pub fn start(rules: &Rules, deal: &Deal, opening: Opening) -> Result<Round, DealError> {
        let hands = deal.check(rules, deal.hands.len())?;
        Ok(Round::new(rules, &hands, &deal.bazaar, opening))
    }

    /// A new round over a deal the engine made or checked (`hands` per seat, `bazaar` in draw
    /// order); outside the engine, [`Round::start`]. An empty round dealt through
    /// [`Round::restart`], the one place a deal is laid out.
    pub(crate) fn new(
        rules: &Rules,
        hands: &[TileSet],
        bazaar: &[Tile],
        opening: Opening,
    ) -> Round {
        let params = Params::new(rules);
        let mut round = Round {
            params,
            seats: 0,
            hands: [TileSet::EMPTY; MAX_SEATS],
            bazaar: [Tile::double(0); MAX_TILES],
            bazaar_end: 0,
            drawn: 0,
            board: Board::new(params.layout),
            phase: Phase::Lead(Leader::Any),
            turn: 0,
            leader: None,
            last_mover: None,
            na_sto: None,
            may_declare: 0,
            clues: clues::Clues::default(),
            laid_by: [0; MAX_TILES],
        };
        round.restart(rules, hands, bazaar, opening);
        round
    }

    /// Deals a new round into this one in place, as [`Round::new`] would make it: a round's
    /// inline arrays are large (every tile of double-eighteen), and between rounds of a match
    /// only their used part is written again.
    pub(crate) fn restart(
        &mut self,
        rules: &Rules,
        hands: &[TileSet],
        bazaar: &[Tile],
        opening: Opening,
    ) {
        assert!((2..=MAX_SEATS).contains(&hands.len()));
        // What the last round used is cleared, so that the round equals a new one.
        self.laid_by[..self.board.laid_count()].fill(0);
        self.bazaar[..usize::from(self.bazaar_end)].fill(Tile::double(0));
        self.bazaar[..bazaar.len()].copy_from_slice(bazaar);
        self.phase = Phase::Lead(match opening {
            Opening::Forced => {
                let (seat, tile) = forced_lead(rules, hands);
                Leader::Forced { seat, tile }
            }
            Opening::Seat(s) => Leader::Seat(s),
            Opening::Side(s) => Leader::Side(s),
            Opening::Any => Leader::Any,
        });
        self.hands = [TileSet::EMPTY; MAX_SEATS];
        self.hands[..hands.len()].copy_from_slice(hands);
        self.params = Params::new(rules);
        self.seats = hands.len() as u8;
        self.bazaar_end = bazaar.len() as u8;
        self.drawn = 0;
        self.board.reset(self.params.layout);
        self.turn = 0;
        self.leader = None;
        self.last_mover = None;
        self.na_sto = None;
        self.may_declare = 0;
        self.clues.reset();
    }

    /// Allows these seats (bit per seat) to declare «на сто» on the lead.
    pub fn set_may_declare(&mut self, seats: u8) {
        self.may_declare = seats;
    }

    pub fn seats(&self) -> usize {
        self.seats as usize
    }

    pub fn hand(&self, seat: usize) -> TileSet {
        self.hands[seat]
    }

    pub fn hands(&self) -> &[TileSet] {
        &self.hands[..self.seats as usize]
    }

    pub fn board(&self) -> &Board {
        &self.board
    }

    /// Tiles still in the bazaar, next to be drawn first.
    pub fn bazaar(&self) -> &[Tile] {
        &self.bazaar[self.drawn as usize..self.bazaar_end as usize]
    }

    pub fn bazaar_len(&self) -> usize {
        (self.bazaar_end - self.drawn) as usize
    }

    /// The seat that led, once the lead is down.
    pub fn leader(&self) -> Option<u8> {
        self.leader
    }

    /// Who must lead, before the lead.
    pub fn expected_leader(&self) -> Option<Leader> {
        match self.phase {
            Phase::Lead(l) => Some(l),
            _ => None,
        }
    }

    /// The seat to move; `None` before an open lead (any seat may lead) or after the end.
    pub fn to_move(&self) -> Option<u8> {
        match self.phase {
            Phase::Lead(Leader::Forced { seat, .. } | Leader::Seat(seat) | Leader::Side(seat)) => {
                Some(seat)
            }
            Phase::Lead(Leader::Any) | Phase::Over(_) => None,
            Phase::Play => Some(self.turn),
        }
    }

    pub fn end(&self) -> Option<RoundEnd> {
        match self.phase {
            Phase::Over(e) => Some(e),
            _ => None,
        }
    }

    pub fn is_over(&self) -> bool {
        matches!(self.phase, Phase::Over(_))
    }

    /// The seat that declared «на сто» on the lead.
    pub fn na_sto(&self) -> Option<u8> {
        self.na_sto
    }

    /// Pips `seat` is known to lack, a bit per pip (public knowledge: draws and passes).
    pub fn voids(&self, seat: usize) -> PipMask {
        self.clues.voids(seat)
    }

    /// Pips `seat` surely lacks, a bit per pip (public knowledge: the open ends at every draw
    /// and pass since it last kept a tile it drew).
    pub fn lacks(&self, seat: usize) -> PipMask {
        self.clues.lacks(seat)
    }

    /// The seat that laid the `i`-th tile of [`Board::laid`] (public knowledge).
    pub fn laid_by(&self, i: usize) -> u8 {
        self.laid_by[i]
    }

    /// How many tiles were on the table when `seat` last drew from the bazaar, if it ever did
    /// (public knowledge: its hand since then is its hand now plus what it laid since).
    pub fn last_drew_at(&self, seat: usize) -> Option<usize> {
        self.clues.last_drew_at(seat)
    }

    /// Every draw of the round in order: the seat and how many tiles were on the table (public
    /// knowledge: a run of draws at one table, then the play of the last tile drawn or a pass).
    pub fn draws(&self) -> impl Iterator<Item = (usize, usize)> + '_ {
        self.clues.draws()
    }

    fn note_laid_by(&mut self, seat: usize) {
        let i = self.board.laid_count();
        self.laid_by[i] = seat as u8;
    }

    fn open_suits(&self) -> PipMask {
        if self.params.layout == Layout::Line && self.board.lead().is_some() {
            // Both ends of a line are open; their pips read alone (see `Ends::place_in`).
            let arms = self.board.arms();
            return 1 << arms[0].value | 1 << arms[1].value;
        }
        self.board.open_arms().fold(0, |m, a| m | 1 << self.board.arm(a).value)
    }

    /// A copy of this round with the hidden tiles put elsewhere: every hand but `keep`'s and the
    /// bazaar replaced (a determinization for computer players). The sizes must match.
    pub fn with_hidden(&self, keep: usize, hands: &[TileSet], bazaar: &[Tile]) -> Round {
        let mut r = self.clone();
        for (seat, hand) in hands.iter().enumerate() {
            if seat != keep {
                debug_assert_eq!(hand.len(), self.hands[seat].len());
                r.hands[seat] = *hand;
            }
        }
        debug_assert_eq!(bazaar.len(), self.bazaar_len());
        r.bazaar[r.drawn as usize..r.bazaar_end as usize].copy_from_slice(bazaar);
        r
    }

    /// Tiles of `seat` that fit an open arm now.
    pub fn playable(&self, seat: usize) -> TileSet {
        self.board.playable(self.hands[seat])
    }

    fn next_seat(&self, seat: u8) -> u8 {
        if seat + 1 == self.seats { 0 } else { seat + 1 }
    }
}
