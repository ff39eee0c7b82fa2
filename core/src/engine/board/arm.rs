//! The four arms of the table and their names (RECORD.md's `left`, `right`, `up`, `down`).

use std::fmt;
use std::str::FromStr;

/// One of the four arms of the table.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Arm {
    Left = 0,
    Right = 1,
    Up = 2,
    Down = 3,
}

impl Arm {
    pub const ALL: [Arm; 4] = [Arm::Left, Arm::Right, Arm::Up, Arm::Down];

    pub const fn key(self) -> &'static str {
        match self {
            Arm::Left => "left",
            Arm::Right => "right",
            Arm::Up => "up",
            Arm::Down => "down",
        }
    }

    pub const fn from_index(i: usize) -> Arm {
        Arm::ALL[i]
    }

    pub const fn is_line(self) -> bool {
        matches!(self, Arm::Left | Arm::Right)
    }
}

impl fmt::Display for Arm {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.key())
    }
}

impl FromStr for Arm {
    type Err = ();

    fn from_str(s: &str) -> Result<Self, ()> {
        Arm::ALL.into_iter().find(|a| a.key() == s).ok_or(())
    }
}
