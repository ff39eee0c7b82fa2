//! Moves: what a seat does on its turn, resolved against the table, and the errors of refused
//! moves.

use crate::engine::board::Arm;
use crate::engine::tile::{Tile, TileText};
use std::fmt;

/// One tile laid on one arm; `close` lays a double face down (Osel).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Placement {
    pub tile: Tile,
    pub arm: Arm,
    pub close: bool,
}

/// One to four placements made in one turn (RULES C6), in the order given.
#[derive(Copy, Clone, PartialEq, Eq, Hash)]
pub struct Placements {
    items: [Placement; 4],
    len: u8,
}

impl Placements {
    pub fn one(tile: Tile, arm: Arm) -> Placements {
        let p = Placement { tile, arm, close: false };
        Placements { items: [p; 4], len: 1 }
    }

    /// Panics on an empty slice or more than four.
    pub fn from_slice(list: &[Placement]) -> Placements {
        assert!((1..=4).contains(&list.len()), "one to four placements");
        let mut items = [list[0]; 4];
        items[..list.len()].copy_from_slice(list);
        Placements { items, len: list.len() as u8 }
    }

    pub fn as_slice(&self) -> &[Placement] {
        &self.items[..self.len as usize]
    }

    pub fn len(&self) -> usize {
        self.len as usize
    }

    pub fn is_empty(&self) -> bool {
        false
    }

    pub fn first(&self) -> Placement {
        self.items[0]
    }
}

impl fmt::Debug for Placements {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.as_slice()).finish()
    }
}

/// A move resolved against the table.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Move {
    /// The first tile of the round; `left` is the pip shown on the left arm. `na_sto` declares
    /// «на сто» (Morskoy).
    Lead {
        tile: Tile,
        left: u8,
        na_sto: bool,
    },
    Play(Placements),
    Draw,
    Pass,
}

impl Move {
    pub fn lead(tile: Tile) -> Move {
        Move::Lead { tile, left: tile.high(), na_sto: false }
    }

    pub fn play(tile: Tile, arm: Arm) -> Move {
        Move::Play(Placements::one(tile, arm))
    }

    /// The tiles this move lays.
    pub fn tiles(&self) -> impl Iterator<Item = Tile> + '_ {
        let (lead, list): (Option<Tile>, &[Placement]) = match self {
            Move::Lead { tile, .. } => (Some(*tile), &[]),
            Move::Play(p) => (None, p.as_slice()),
            _ => (None, &[]),
        };
        lead.into_iter().chain(list.iter().map(|p| p.tile))
    }
}

/// A placement as written, before it is resolved against the table.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct PlacementSpec {
    pub tile: TileText,
    pub at: Option<Arm>,
    pub close: bool,
}

/// A move as written in a record or pressed on a button, before resolution (RECORD.md R9–R11).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MoveSpec {
    /// A single tile (`play: "a-b"`); `at` may be left out where only one arm accepts it.
    Play {
        tile: TileText,
        at: Option<Arm>,
        na_sto: bool,
    },
    /// A placement list (`play: [{tile, at, close}, …]`).
    List {
        placements: Vec<PlacementSpec>,
        na_sto: bool,
    },
    Draw,
    Pass,
}

/// Why a move was refused. The state is unchanged.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum MoveError {
    #[error("the match is over")]
    MatchOver,
    #[error("the round is over")]
    RoundOver,
    #[error("not your turn")]
    NotYourTurn,
    #[error("no such seat")]
    NoSuchSeat,
    #[error("tile not in hand")]
    NotInHand,
    #[error("the round starts with the lead")]
    LeadFirst,
    #[error("the lead is already on the table")]
    AlreadyLed,
    #[error("the first lead must be {0}")]
    MustLead(Tile),
    #[error("the lead must be a double")]
    MustLeadDouble,
    #[error("the lead is a single tile")]
    LeadIsSingle,
    #[error("the lead cannot be closed")]
    LeadNotClosable,
    #[error("{0} does not fit the {1} arm")]
    DoesNotFit(Tile, Arm),
    #[error("the {0} arm is closed")]
    ArmClosed(Arm),
    #[error("there is no {0} arm yet")]
    NoSuchArm(Arm),
    #[error("{0} does not fit any open arm")]
    FitsNowhere(Tile),
    #[error("{0} fits several arms: say which")]
    Ambiguous(Tile),
    #[error("only a double laid in osel can be closed")]
    CannotClose,
    #[error("a play lays one to four tiles")]
    PlayLength,
    #[error("one tile per play in this game")]
    OneTilePerPlay,
    #[error("two doubles at once means exactly two")]
    ExactlyTwoDoubles,
    #[error("too many tiles in one play")]
    TooManyTiles,
    #[error("only doubles can be laid together")]
    OnlyDoublesTogether,
    #[error("the same tile twice")]
    SameTileTwice,
    #[error("each double goes on a different arm")]
    OneDoublePerArm,
    #[error("cannot draw while holding a playable tile")]
    DrawWhileHolding,
    #[error("cannot draw: the bazaar is empty")]
    BazaarEmpty,
    #[error("cannot pass while holding a playable tile")]
    PassWhileHolding,
    #[error("cannot pass: the bazaar is not empty, draw")]
    PassWhileBazaar,
    #[error("«на сто» is declared only with a 6-6 lead, by a side with points, in morskoy")]
    NaSto,
    #[error("malformed move: {0}")]
    Malformed(String),
}

/// The compact code of a move, used in snapshots and button data: `L64` (lead, 6 on the left),
/// `L66!` (lead declaring «на сто»), `P35r` (3-5 on the right), `P22lc55u` (2-2 closed on the
/// left and 5-5 up), `D` (draw), `X` (pass).
/// A half in a move code: one character, `0`–`9`, then `A`–`I` for 10–18 (so a code of a
/// double-six set reads as it always did, and every half stays one character: the button
/// data and the stored games of the larger sets read back).
fn pip_char(v: u8) -> char {
    match v {
        0..=9 => char::from(b'0' + v),
        _ => char::from(b'A' + (v - 10)),
    }
}

/// The half a move code's character names, up to a double-eighteen.
fn char_pip(c: u8) -> Option<u8> {
    let v = match c {
        b'0'..=b'9' => c - b'0',
        b'A'..=b'I' => c - b'A' + 10,
        _ => return None,
    };
    (v <= super::tile::MAX_PIP).then_some(v)
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Move::Lead { tile, left, na_sto } => {
                let (l, r) = (pip_char(*left), pip_char(tile.other(*left)));
                write!(f, "L{l}{r}{}", if *na_sto { "!" } else { "" })
            }
            Move::Play(list) => {
                f.write_str("P")?;
                for p in list.as_slice() {
                    let arm = &p.arm.key()[..1];
                    let close = if p.close { "c" } else { "" };
                    let (lo, hi) = (pip_char(p.tile.low()), pip_char(p.tile.high()));
                    write!(f, "{lo}{hi}{arm}{close}")?;
                }
                Ok(())
            }
            Move::Draw => f.write_str("D"),
            Move::Pass => f.write_str("X"),
        }
    }
}

/// A move code that does not parse.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("bad move code {0:?}")]
pub struct BadMoveCode(pub String);

impl std::str::FromStr for Move {
    type Err = BadMoveCode;

    fn from_str(s: &str) -> Result<Move, BadMoveCode> {
        let bad = || BadMoveCode(s.to_owned());
        let b = s.as_bytes();
        let pip = |c: u8| char_pip(c).ok_or_else(bad);
        match b.first() {
            Some(b'D') if b.len() == 1 => Ok(Move::Draw),
            Some(b'X') if b.len() == 1 => Ok(Move::Pass),
            Some(b'L') if b.len() == 3 || (b.len() == 4 && b[3] == b'!') => {
                let (left, right) = (pip(b[1])?, pip(b[2])?);
                Ok(Move::Lead { tile: Tile::new(left, right), left, na_sto: b.len() == 4 })
            }
            Some(b'P') => {
                let mut list = Vec::new();
                let mut i = 1;
                while i < b.len() {
                    if b.len() < i + 3 || list.len() == 4 {
                        return Err(bad());
                    }
                    let tile = Tile::new(pip(b[i])?, pip(b[i + 1])?);
                    let arm = match b[i + 2] {
                        b'l' => Arm::Left,
                        b'r' => Arm::Right,
                        b'u' => Arm::Up,
                        b'd' => Arm::Down,
                        _ => return Err(bad()),
                    };
                    i += 3;
                    let close = b.get(i) == Some(&b'c');
                    i += close as usize;
                    list.push(Placement { tile, arm, close });
                }
                if list.is_empty() {
                    return Err(bad());
                }
                Ok(Move::Play(Placements::from_slice(&list)))
            }
            _ => Err(bad()),
        }
    }
}

impl serde::Serialize for Move {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> serde::Deserialize<'de> for Move {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Move, D::Error> {
        let s = String::deserialize(d)?;
        s.parse().map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn move_codes_read_back() {
        for code in [
            "L64", "L66!", "L00", "P35r", "P22lc55u", "P11dc", "D", "X", "LCC", "L9A", "P7Ir",
            "PIIl",
        ] {
            let mv: Move = code.parse().unwrap();
            assert_eq!(mv.to_string(), code);
        }
        for bad in [
            "",
            "L6",
            "LJ0",
            "Lc1",
            "L1212",
            "P",
            "P35",
            "P35q",
            "P35rP",
            "Dx",
            "L64?",
            "P11l22r33u44d55l",
        ] {
            assert!(bad.parse::<Move>().is_err(), "{bad} parsed");
        }
    }
}
