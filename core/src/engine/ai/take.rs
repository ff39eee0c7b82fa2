//! «Взять конца» (taking the end). A number `x` shows on n + 2 halves of a set whose highest pip
//! is n (the n + 1 tiles with an `x`, the double counting twice: eight halves with double-six).
//! A move that lays the (n + 1)-th of them on the table so that an open end shows `x`, while the
//! mover holds the tile with the last `x`-half, takes that end: nobody else can ever play on it,
//! and the mover decides when it moves again.

use crate::engine::board::{Ends, SUITS};
use crate::engine::moves::Move;
use crate::engine::tile::{Tile, TileSet};

/// The number whose end `mv` takes for the seat holding `hand` (before the move) at `board`,
/// in a set up to `max_pip`; `None` when it takes none. A move that goes out takes nothing.
pub fn takes_end(board: &Ends, hand: TileSet, mv: &Move, max_pip: u8) -> Option<u8> {
    let laid: TileSet = mv.tiles().collect();
    let left = hand.difference(laid);
    if laid.is_empty() || left.is_empty() {
        return None;
    }
    let mut after = *board;
    match mv {
        Move::Lead { tile, left, .. } => after.place_lead(*tile, *left),
        Move::Play(list) => {
            for p in list.as_slice() {
                after.place(p.tile, p.arm, p.close);
            }
        }
        Move::Draw | Move::Pass => return None,
    }
    let last = u32::from(max_pip) + 1;
    let mut shown = after.open_arms().map(|a| after.arm(a).value);
    shown.find(|&x| {
        halves(after.on_table(), x) == last
            && halves(board.on_table(), x) < last
            && !left.intersection(SUITS[x as usize]).is_empty()
    })
}

/// Halves showing `x` among `tiles` (a double counts twice).
fn halves(tiles: TileSet, x: u8) -> u32 {
    tiles.intersection(SUITS[x as usize]).len() + u32::from(tiles.contains(Tile::double(x)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::board::{Arm, Layout};

    /// A position: the set, the table as laid (`"a-b"` leads, `"L:a-b"` / `"R:a-b"` lays on
    /// an arm), the mover's hand, the move (`"L:a-b"`), and the end it takes.
    struct Case {
        name: &'static str,
        set: u8,
        table: &'static [&'static str],
        hand: &'static [&'static str],
        mv: &'static str,
        takes: Option<u8>,
    }

    /// Six fives on the table (5-5, 5-1, 5-2, 3-5, 5-6); the ends are 4 and 2.
    const FIVES: &[&str] =
        &["5-5", "L:5-1", "R:5-2", "L:1-3", "L:3-5", "L:5-6", "L:6-6", "L:6-4", "R:2-2"];
    /// Six fives again, both ends showing one; 5-0 and 5-4 are out.
    const TWO_FIVES: &[&str] = &["5-5", "L:5-1", "R:5-2", "L:1-3", "L:3-5", "R:2-6", "R:6-5"];
    /// Double-nine: nine nines on the table, the ends 8 and 9; 9-0 and 9-8 are out.
    const NINES: &[&str] = &[
        "9-9", "L:9-1", "L:1-3", "L:3-9", "L:9-4", "L:4-4", "L:4-5", "L:5-8", "R:9-2", "R:2-2",
        "R:2-7", "R:7-9", "R:9-5", "R:5-5", "R:5-6", "R:6-9",
    ];

    const CASES: &[Case] = &[
        Case {
            name: "4-5 lays the seventh five, the mover keeps 5-0",
            set: 6,
            table: FIVES,
            hand: &["4-5", "5-0", "1-1"],
            mv: "L:4-5",
            takes: Some(5),
        },
        Case {
            name: "the same play, but 5-0 is in another hand",
            set: 6,
            table: FIVES,
            hand: &["4-5", "1-1", "2-3"],
            mv: "L:4-5",
            takes: None,
        },
        Case {
            name: "covering one of two fives leaves the other taken",
            set: 6,
            table: TWO_FIVES,
            hand: &["5-4", "5-0", "1-1"],
            mv: "L:5-4",
            takes: Some(5),
        },
        Case {
            name: "the fifth five only: three halves are still out",
            set: 6,
            table: &["5-5", "L:5-1", "R:5-2", "L:1-3"],
            hand: &["3-5", "5-0", "5-4"],
            mv: "L:3-5",
            takes: None,
        },
        Case {
            name: "going out with the last tile takes nothing",
            set: 6,
            table: FIVES,
            hand: &["4-5"],
            mv: "L:4-5",
            takes: None,
        },
        Case {
            name: "double-nine: seven fives of eleven halves take nothing",
            set: 9,
            table: FIVES,
            hand: &["4-5", "5-0", "1-1"],
            mv: "L:4-5",
            takes: None,
        },
        Case {
            name: "double-nine: the tenth nine of eleven, both ends nines, the mover keeps 9-0",
            set: 9,
            table: NINES,
            hand: &["8-9", "9-0", "1-1"],
            mv: "L:8-9",
            takes: Some(9),
        },
        Case {
            name: "double-nine: the same play with 9-0 in another hand",
            set: 9,
            table: NINES,
            hand: &["8-9", "8-8", "1-1"],
            mv: "L:8-9",
            takes: None,
        },
    ];

    fn tile(s: &str) -> Tile {
        let (a, b) = s.split_once('-').expect("a-b");
        Tile::new(a.parse().unwrap(), b.parse().unwrap())
    }

    fn arm_tile(s: &str) -> (Arm, Tile) {
        let (arm, t) = s.split_once(':').expect("L: or R:");
        (if arm == "L" { Arm::Left } else { Arm::Right }, tile(t))
    }

    fn table(laid: &[&str]) -> Ends {
        let mut board = Ends::new(Layout::Line);
        for (i, s) in laid.iter().enumerate() {
            if i == 0 {
                let t = tile(s);
                board.place_lead(t, t.high());
            } else {
                let (arm, t) = arm_tile(s);
                assert!(board.fits(arm, t), "{s} fits");
                board.place(t, arm, false);
            }
        }
        board
    }

    #[test]
    fn a_move_takes_the_end_exactly_where_the_last_half_is_the_movers() {
        for case in CASES {
            let board = table(case.table);
            let hand: TileSet = case.hand.iter().map(|s| tile(s)).collect();
            let (arm, t) = arm_tile(case.mv);
            assert!(board.fits(arm, t), "{}: the move fits", case.name);
            let got = takes_end(&board, hand, &Move::play(t, arm), case.set);
            assert_eq!(got, case.takes, "{}", case.name);
        }
    }
}
