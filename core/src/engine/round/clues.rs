//! What the table has seen of each hidden hand: public knowledge, for computer players.
//!
//! A seat that draws or passes holds no tile with a pip of an open end. Every tile it holds at
//! that moment stays without those pips until it leaves the hand, so only a tile drawn later and
//! kept (not laid at once) can bring such a pip back. A draw run is seen tile by tile: a draw
//! followed by another draw or a pass means the tile before was kept; a draw followed by a play
//! means it was laid. So a seat lacks the open pips of every draw and pass since the last tile
//! it kept ([`Clues::lacks`]), and the log of draws ([`Clues::draws`]) lets a computer player
//! work out the rest: which runs kept how many tiles, and at what table.

use crate::engine::rules::MAX_SEATS;
use crate::engine::tile::{PipMask, TILE_COUNT};

/// Draws a round can hold: every tile of the largest set.
const MAX_DRAWS: usize = TILE_COUNT;

#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub(super) struct Clues {
    /// Per seat, a bit per pip: the open ends when it last drew, plus those of every pass since
    /// (what the frozen baseline expert reads).
    voids: [PipMask; MAX_SEATS],
    /// Per seat, a bit per pip it surely lacks: every draw and pass since it last kept a tile.
    lacks: [PipMask; MAX_SEATS],
    /// Per seat, one more than the tiles on the table when it last drew; 0 if it never drew.
    drew_at: [u8; MAX_SEATS],
    /// Every draw in order: the seat in the high byte, the tiles on the table in the low one.
    log: [u16; MAX_DRAWS],
    logged: u8,
}

impl Default for Clues {
    fn default() -> Self {
        Clues {
            voids: [0; MAX_SEATS],
            lacks: [0; MAX_SEATS],
            drew_at: [0; MAX_SEATS],
            log: [0; MAX_DRAWS],
            logged: 0,
        }
    }
}

impl Clues {
    /// Forgets everything in place for a new round, as [`Clues::default`] makes it (only the
    /// part of the log the last round used is written).
    pub(super) fn reset(&mut self) {
        self.voids = [0; MAX_SEATS];
        self.lacks = [0; MAX_SEATS];
        self.drew_at = [0; MAX_SEATS];
        self.log[..usize::from(self.logged)].fill(0);
        self.logged = 0;
    }

    pub(super) fn voids(&self, seat: usize) -> PipMask {
        self.voids[seat]
    }

    pub(super) fn lacks(&self, seat: usize) -> PipMask {
        self.lacks[seat]
    }

    pub(super) fn last_drew_at(&self, seat: usize) -> Option<usize> {
        self.drew_at[seat].checked_sub(1).map(usize::from)
    }

    /// Every draw so far in order: who drew, and how many tiles were on the table.
    pub(super) fn draws(&self) -> impl Iterator<Item = (usize, usize)> + '_ {
        let log = &self.log[..usize::from(self.logged)];
        log.iter().map(|&b| (usize::from(b >> 8), usize::from(b & 0xff)))
    }

    /// `seat` draws with `open` the open ends' pips and `laid` tiles on the table.
    pub(super) fn draw(&mut self, seat: usize, open: PipMask, laid: usize) {
        if usize::from(self.logged) < MAX_DRAWS {
            self.log[usize::from(self.logged)] = (seat as u16) << 8 | laid as u16;
            self.logged += 1;
        }
        if self.continues_run(seat, laid) {
            self.lacks[seat] = 0;
        }
        self.voids[seat] = open;
        self.lacks[seat] |= open;
        self.drew_at[seat] = laid as u8 + 1;
    }

    /// `seat` passes (it holds no fitting tile and the bazaar is empty).
    pub(super) fn pass(&mut self, seat: usize, open: PipMask, laid: usize) {
        if self.continues_run(seat, laid) {
            self.lacks[seat] = 0;
        }
        self.voids[seat] |= open;
        self.lacks[seat] |= open;
    }

    /// Whether `seat`'s last action was a draw at this table (nothing laid since): the tile it
    /// drew then did not fit and was kept.
    fn continues_run(&self, seat: usize, laid: usize) -> bool {
        usize::from(self.drew_at[seat]) == laid + 1
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const A: PipMask = 0b11;
    const B: PipMask = 0b1100;
    const C: PipMask = 0b11_0000;

    #[test]
    fn a_tile_laid_at_once_keeps_the_voids_a_kept_tile_ends_them() {
        let mut c = Clues::default();
        // Seat 1 draws at 3 tiles on the table and lays the tile drawn.
        c.draw(1, A, 3);
        assert_eq!(c.lacks(1), A);
        // Later it draws twice at 6 (the first kept) and lays the second.
        c.draw(1, B, 6);
        assert_eq!(c.lacks(1), A | B);
        c.draw(1, B, 6);
        assert_eq!(c.lacks(1), B);
        assert_eq!(c.voids(1), B);
        // Then draws the last tile at 9 without a fit, keeps it and passes.
        c.draw(1, C, 9);
        assert_eq!(c.lacks(1), B | C);
        c.pass(1, C, 9);
        assert_eq!(c.lacks(1), C);
        assert_eq!(c.voids(1), C);
        assert_eq!(c.last_drew_at(1), Some(9));
        let draws: Vec<_> = c.draws().collect();
        assert_eq!(draws, [(1, 3), (1, 6), (1, 6), (1, 9)]);
        assert_eq!((c.lacks(0), c.last_drew_at(0)), (0, None));
    }

    #[test]
    fn a_pass_without_a_draw_adds_to_the_voids() {
        let mut c = Clues::default();
        c.draw(2, A, 4);
        c.pass(2, B, 7);
        assert_eq!((c.lacks(2), c.voids(2)), (A | B, A | B));
    }
}
