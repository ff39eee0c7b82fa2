//! A move pressed on a hand that is behind the table (drawn for an older version: the hand had
//! not been brought up to date yet when it was pressed). It is taken at the current version
//! when it still means a move the presser may make: the same person is to move and the same
//! move is legal now (a lead in either orientation, placements in any order). Anything else
//! stays out of date.

use crate::chat::{ButtonAction, ButtonData};
use crate::engine::moves::Move;
use crate::session::{Table, UserId};
use crate::view::hand::same_move;

/// The move `button` means, as it is legal on `table` now, when `button` is a move of an
/// older version that `person` may still make; `None` otherwise (a current button, another
/// action, another seat to move, or a move no longer legal).
pub(super) fn caught_up(table: &Table, person: &UserId, button: ButtonData) -> Option<Move> {
    let ButtonAction::Move(drawn) = button.action else { return None };
    if button.version >= table.version {
        return None;
    }
    let seat = table.seat_of(person)?;
    if !table.may_move(seat) {
        return None;
    }
    let legal = table.live()?.legal_moves(seat);
    let exact = legal.iter().find(|mv| **mv == drawn);
    exact.or_else(|| legal.iter().find(|mv| same_move(mv, &drawn))).copied()
}
