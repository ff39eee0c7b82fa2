//! The table: a line with two ends that, in Osel and Telefon, grows a hub with four arms.
//!
//! Arms are named as RECORD.md defines them: `left` and `right` are the two ends of the line as
//! laid by the lead (for a lead written `a-b`, `a` shows on the left), `up` and `down` the across
//! sides of the hub once they are open. A closed arm (Osel) takes no more tiles.

mod arm;

pub use arm::Arm;

use crate::engine::tile::{MAX_PIP, Tile, TileSet};

/// Tiles showing each pip, over every supported set.
pub const SUITS: [TileSet; MAX_PIP as usize + 1] = {
    let mut s = [TileSet::EMPTY; MAX_PIP as usize + 1];
    let mut v = 0;
    while v <= MAX_PIP {
        s[v as usize] = TileSet::suit(v, MAX_PIP);
        v += 1;
    }
    s
};

/// How the table grows: a plain line, or a line that gets a hub (Osel) or house (Telefon).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Layout {
    Line,
    /// `sides_first`: the across sides open only once both line sides of the hub are taken
    /// (Osel `hub_sides_first`, Telefon without `house_any_side`; RULES O2, Tel3).
    Hub {
        sides_first: bool,
    },
}

/// The open end of one arm.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct ArmEnd {
    /// The pip a tile must show to be laid here.
    pub value: u8,
    /// The end tile is a double (counts both halves in Telefon).
    pub double: bool,
    /// Tiles on this arm, the lead not counted.
    pub len: u8,
    pub closed: bool,
    /// The arm is on the table (up and down only once the hub's across sides open).
    pub exists: bool,
}

impl ArmEnd {
    pub const fn is_open(&self) -> bool {
        self.exists && !self.closed
    }
}

/// Where the hub stands.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum HubSite {
    Lead,
    /// A double laid on this line arm; the arm continues from its outer side.
    On(Arm),
}

#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Hub {
    pub site: HubSite,
    pub value: u8,
    /// Tiles on the hub's arm once the hub was laid (0 for the lead).
    pub depth: u8,
}

/// One tile as laid, in the order of play.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Laid {
    pub tile: Tile,
    /// `None` for the lead.
    pub arm: Option<Arm>,
    /// The pip now showing outward.
    pub outer: u8,
    pub closed: bool,
}

const MAX_TILES: usize = crate::engine::tile::TILE_COUNT;

/// The open ends of the table and what they depend on, without the history of the tiles laid:
/// small and `Copy`, so a move can be tried on a copy (the computer players do).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Ends {
    layout: Layout,
    arms: [ArmEnd; 4],
    hub: Option<Hub>,
    lead: Option<Tile>,
    on_table: TileSet,
    /// Tiles that fit some open arm (every tile's suits of the open ends), kept up to date by
    /// every placement so that asking is one `and`.
    fits: TileSet,
}

/// The tiles on the table and its open ends.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Board {
    ends: Ends,
    laid: [Option<Laid>; MAX_TILES],
    laid_len: u8,
}

impl Board {
    pub fn new(layout: Layout) -> Board {
        Board { ends: Ends::new(layout), laid: [None; MAX_TILES], laid_len: 0 }
    }

    /// Clears the table in place for a new round, as [`Board::new`] makes it (only the part
    /// of the list the last round used is written).
    pub(crate) fn reset(&mut self, layout: Layout) {
        self.ends = Ends::new(layout);
        self.laid[..self.laid_len as usize].fill(None);
        self.laid_len = 0;
    }

    /// The open ends alone, to try moves on a copy.
    pub fn ends(&self) -> &Ends {
        &self.ends
    }

    /// How many tiles are on the table.
    pub fn laid_count(&self) -> usize {
        self.laid_len as usize
    }

    /// Every tile in the order it was laid.
    pub fn laid(&self) -> impl Iterator<Item = Laid> + '_ {
        self.laid[..self.laid_len as usize].iter().flatten().copied()
    }

    /// Lays the lead, `left` showing on the left arm.
    pub fn place_lead(&mut self, tile: Tile, left: u8) {
        let right = tile.other(left);
        self.ends.place_lead(tile, left);
        self.push(Laid { tile, arm: None, outer: right, closed: false });
    }

    /// Lays `tile` on `arm`, which must fit; `closed` lays a double face down (Osel).
    #[inline(always)]
    pub fn place(&mut self, tile: Tile, arm: Arm, closed: bool) {
        self.place_in::<{ crate::engine::tile::WORDS }>(tile, arm, closed);
    }

    /// [`Board::place`] in a round of `W` words ([`Ends::place_in`]).
    #[inline(always)]
    pub(crate) fn place_in<const W: usize>(&mut self, tile: Tile, arm: Arm, closed: bool) {
        let outer = self.ends.place_in::<W>(tile, arm, closed);
        self.push(Laid { tile, arm: Some(arm), outer, closed });
    }

    fn push(&mut self, laid: Laid) {
        self.laid[self.laid_len as usize] = Some(laid);
        self.laid_len += 1;
    }
}

impl std::ops::Deref for Board {
    type Target = Ends;

    fn deref(&self) -> &Ends {
        &self.ends
    }
}

impl Ends {
    pub fn new(layout: Layout) -> Ends {
        Ends {
            layout,
            arms: [ArmEnd::default(); 4],
            hub: None,
            lead: None,
            on_table: TileSet::EMPTY,
            fits: TileSet::EMPTY,
        }
    }

    pub fn layout(&self) -> Layout {
        self.layout
    }

    pub fn lead(&self) -> Option<Tile> {
        self.lead
    }

    pub fn hub(&self) -> Option<Hub> {
        self.hub
    }

    /// The four arm ends, in arm order.
    pub fn arms(&self) -> &[ArmEnd; 4] {
        &self.arms
    }

    pub fn arm(&self, arm: Arm) -> ArmEnd {
        self.arms[arm as usize]
    }

    pub fn on_table(&self) -> TileSet {
        self.on_table
    }

    /// The open arms, in arm order.
    pub fn open_arms(&self) -> impl Iterator<Item = Arm> + '_ {
        Arm::ALL.into_iter().filter(|&a| self.arms[a as usize].is_open())
    }

    /// Whether `tile` can be laid on `arm`.
    pub fn fits(&self, arm: Arm, tile: Tile) -> bool {
        let end = self.arms[arm as usize];
        end.is_open() && tile.has(end.value)
    }

    /// Tiles of `set` that fit some open arm (every tile of `set` before the lead).
    pub fn playable(&self, set: TileSet) -> TileSet {
        if self.lead.is_none() {
            return set;
        }
        set.intersection(self.fits)
    }

    /// Every tile that fits some open arm (none before the lead).
    pub fn fitting(&self) -> TileSet {
        self.fits
    }

    fn refresh_fits(&mut self) {
        let mut suits = TileSet::EMPTY;
        for end in &self.arms {
            if end.is_open() {
                suits = suits.union(SUITS[end.value as usize]);
            }
        }
        self.fits = suits;
    }

    /// Lays the lead, `left` showing on the left arm.
    pub fn place_lead(&mut self, tile: Tile, left: u8) {
        debug_assert!(self.lead.is_none() && tile.has(left));
        let right = tile.other(left);
        let double = tile.is_double();
        self.lead = Some(tile);
        self.on_table.insert(tile);
        self.arms[0] = ArmEnd { value: left, double, len: 0, closed: false, exists: true };
        self.arms[1] = ArmEnd { value: right, double, len: 0, closed: false, exists: true };
        if double && matches!(self.layout, Layout::Hub { .. }) {
            self.hub = Some(Hub { site: HubSite::Lead, value: left, depth: 0 });
            self.maybe_open_across();
        }
        self.refresh_fits();
    }

    /// Lays `tile` on `arm`, which must fit; `closed` lays a double face down (Osel). Returns
    /// the pip now showing outward there.
    #[inline(always)]
    pub fn place(&mut self, tile: Tile, arm: Arm, closed: bool) -> u8 {
        self.place_in::<{ crate::engine::tile::WORDS }>(tile, arm, closed)
    }

    /// [`Ends::place`] with a line's sets `W` words wide (a round's [`Width`] or wider): the
    /// words past them, which only tiles of larger sets than the round's occupy, are left
    /// empty in what is on the table and what fits.
    ///
    /// [`Width`]: crate::engine::tile::Width
    #[inline(always)]
    pub(crate) fn place_in<const W: usize>(&mut self, tile: Tile, arm: Arm, closed: bool) -> u8 {
        debug_assert!(self.fits(arm, tile));
        let i = arm as usize;
        let outer = tile.other(self.arms[i].value);
        let end = &mut self.arms[i];
        end.value = outer;
        end.double = tile.is_double();
        end.len += 1;
        end.closed = closed;
        match self.layout {
            Layout::Line => {
                self.on_table = self.on_table.with_in::<W>(tile);
                // Both ends of a line are always open (only Osel closes, and it has a hub).
                // The other end's pip is read alone: a load of the whole array just written
                // byte by byte would wait for those stores.
                let other = self.arms[1 - i].value;
                self.fits = SUITS[outer as usize].or_in::<W>(SUITS[other as usize]);
            }
            Layout::Hub { .. } => {
                self.on_table.insert(tile);
                if self.hub.is_none() && tile.is_double() && !closed && arm.is_line() {
                    let depth = self.arms[i].len;
                    self.hub = Some(Hub { site: HubSite::On(arm), value: outer, depth });
                }
                self.maybe_open_across();
                self.refresh_fits();
            }
        }
        outer
    }

    /// Opens the across sides of the hub once the layout allows it (RULES O2, Tel2, Tel3).
    fn maybe_open_across(&mut self) {
        let (Some(hub), Layout::Hub { sides_first }) = (self.hub, self.layout) else { return };
        if self.arms[Arm::Up as usize].exists {
            return;
        }
        let sides_taken = match hub.site {
            HubSite::Lead => self.arms[0].len > 0 && self.arms[1].len > 0,
            HubSite::On(arm) => self.arms[arm as usize].len > hub.depth,
        };
        if !sides_first || sides_taken {
            for a in [Arm::Up, Arm::Down] {
                self.arms[a as usize] =
                    ArmEnd { value: hub.value, double: false, len: 0, closed: false, exists: true };
            }
        }
    }

    /// The Telefon count: the outer end of every arm, a double end counting both halves; a lead
    /// house with a free line side adds twice its value once; empty across sides add 0
    /// (RULES §5, Tel1, Tel2).
    pub fn count(&self) -> u32 {
        let Some(lead) = self.lead else { return 0 };
        let end = |e: &ArmEnd| if e.double { 2 * e.value as u32 } else { e.value as u32 };
        let lead_house = lead.is_double() && matches!(self.layout, Layout::Hub { .. });
        let mut count = 0;
        for e in &self.arms[..2] {
            if e.len > 0 {
                count += end(e);
            } else if !lead_house {
                count += e.value as u32;
            }
        }
        if lead_house && (self.arms[0].len == 0 || self.arms[1].len == 0) {
            count += 2 * lead.high() as u32;
        }
        for e in &self.arms[2..] {
            if e.exists && e.len > 0 {
                count += end(e);
            }
        }
        count
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn t(a: u8, b: u8) -> Tile {
        Tile::new(a, b)
    }

    #[test]
    fn a_line_keeps_two_ends() {
        let mut b = Board::new(Layout::Line);
        b.place_lead(t(6, 4), 6);
        assert_eq!((b.arm(Arm::Left).value, b.arm(Arm::Right).value), (6, 4));
        b.place(t(4, 4), Arm::Right, false);
        assert_eq!(b.open_arms().collect::<Vec<_>>(), [Arm::Left, Arm::Right]);
        assert!(b.fits(Arm::Right, t(4, 1)) && !b.fits(Arm::Left, t(4, 1)));
        assert_eq!(b.count(), 6 + 8);
    }

    #[test]
    fn a_lead_double_is_a_hub_with_four_open_sides() {
        let mut b = Board::new(Layout::Hub { sides_first: false });
        b.place_lead(t(1, 1), 1);
        assert_eq!(b.open_arms().count(), 4);
        let mut b = Board::new(Layout::Hub { sides_first: true });
        b.place_lead(t(1, 1), 1);
        assert_eq!(b.open_arms().count(), 2);
        b.place(t(1, 4), Arm::Left, false);
        assert_eq!(b.open_arms().count(), 2);
        b.place(t(1, 2), Arm::Right, false);
        assert_eq!(b.open_arms().count(), 4);
    }

    #[test]
    fn a_later_hub_opens_across_after_its_outer_side_is_taken() {
        let mut b = Board::new(Layout::Hub { sides_first: true });
        b.place_lead(t(6, 4), 6);
        b.place(t(4, 4), Arm::Right, false);
        assert_eq!(b.hub(), Some(Hub { site: HubSite::On(Arm::Right), value: 4, depth: 1 }));
        assert!(!b.arm(Arm::Up).exists);
        b.place(t(4, 2), Arm::Right, false);
        assert!(b.arm(Arm::Up).is_open() && b.arm(Arm::Down).value == 4);
    }

    #[test]
    fn a_closed_double_kills_its_arm_and_is_never_the_hub() {
        let mut b = Board::new(Layout::Hub { sides_first: false });
        b.place_lead(t(2, 5), 2);
        b.place(t(2, 2), Arm::Left, true);
        assert!(b.hub().is_none());
        assert!(!b.fits(Arm::Left, t(2, 3)));
        assert_eq!(b.open_arms().collect::<Vec<_>>(), [Arm::Right]);
    }
}
