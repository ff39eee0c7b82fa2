//! Checking a move against the table before it is applied, and resolving a written one
//! (RECORD.md R9–R11): every refusal a [`MoveError`] that changes nothing.

use super::{Leader, Phase, Round};
use crate::engine::board::Arm;
use crate::engine::moves::{Move, MoveError, MoveSpec, Placement, Placements};
use crate::engine::rules::MultiPlay;
use crate::engine::tile::{Tile, TileSet};

impl Round {
    /// Resolves a written move against the table (RECORD.md R9–R11), checking it as well.
    pub fn resolve(&self, seat: usize, spec: &MoveSpec) -> Result<Move, MoveError> {
        self.check_turn(seat)?;
        let leading = matches!(self.phase, Phase::Lead(_));
        let mv = match spec {
            MoveSpec::Draw => Move::Draw,
            MoveSpec::Pass => Move::Pass,
            MoveSpec::Play { tile, na_sto, .. } if leading => {
                Move::Lead { tile: tile.tile(), left: tile.first, na_sto: *na_sto }
            }
            MoveSpec::List { placements, na_sto } if leading => match placements.as_slice() {
                [one] if one.close => return Err(MoveError::LeadNotClosable),
                [one] => {
                    Move::Lead { tile: one.tile.tile(), left: one.tile.first, na_sto: *na_sto }
                }
                _ => return Err(MoveError::LeadIsSingle),
            },
            MoveSpec::Play { na_sto: true, .. } | MoveSpec::List { na_sto: true, .. } => {
                return Err(MoveError::NaSto);
            }
            MoveSpec::Play { tile, at, .. } => {
                let tile = tile.tile();
                Move::play(tile, self.resolve_arm(seat, tile, *at)?)
            }
            MoveSpec::List { placements, .. } => {
                if placements.is_empty() || placements.len() > 4 {
                    return Err(MoveError::PlayLength);
                }
                let mut list = Vec::with_capacity(placements.len());
                for p in placements {
                    let tile = p.tile.tile();
                    list.push(Placement {
                        tile,
                        arm: self.resolve_arm(seat, tile, p.at)?,
                        close: p.close,
                    });
                }
                Move::Play(Placements::from_slice(&list))
            }
        };
        self.check(seat, &mv)?;
        Ok(mv)
    }

    fn resolve_arm(&self, seat: usize, tile: Tile, at: Option<Arm>) -> Result<Arm, MoveError> {
        if let Some(arm) = at {
            return Ok(arm);
        }
        if !self.hands[seat].contains(tile) {
            return Err(MoveError::NotInHand);
        }
        let mut fits = self.board.open_arms().filter(|&a| self.board.fits(a, tile));
        match (fits.next(), fits.next()) {
            (Some(arm), None) => Ok(arm),
            (None, _) => Err(MoveError::FitsNowhere(tile)),
            (Some(_), Some(_)) => Err(MoveError::Ambiguous(tile)),
        }
    }

    pub(super) fn check_turn(&self, seat: usize) -> Result<(), MoveError> {
        if seat >= self.seats as usize {
            return Err(MoveError::NoSuchSeat);
        }
        match self.phase {
            Phase::Over(_) => Err(MoveError::RoundOver),
            Phase::Lead(leader) if leader.allows(seat as u8, self.seats) => Ok(()),
            Phase::Lead(_) => Err(MoveError::NotYourTurn),
            _ if self.to_move() != Some(seat as u8) => Err(MoveError::NotYourTurn),
            _ => Ok(()),
        }
    }

    /// Checks a move without applying it.
    pub fn check(&self, seat: usize, mv: &Move) -> Result<(), MoveError> {
        self.check_turn(seat)?;
        let hand = self.hands[seat];
        match (self.phase, mv) {
            (Phase::Over(_), _) => Err(MoveError::RoundOver),
            (Phase::Lead(leader), Move::Lead { tile, left, na_sto }) => {
                if !hand.contains(*tile) {
                    return Err(MoveError::NotInHand);
                }
                if !tile.has(*left) {
                    return Err(MoveError::Malformed(format!("{tile} has no {left}")));
                }
                match leader {
                    Leader::Forced { tile: forced, .. } if forced != *tile => {
                        return Err(MoveError::MustLead(forced));
                    }
                    Leader::Seat(_) | Leader::Side(_)
                        if self.params.lead_must_be_double
                            && !tile.is_double()
                            && hand.iter().any(Tile::is_double) =>
                    {
                        return Err(MoveError::MustLeadDouble);
                    }
                    _ => {}
                }
                if *na_sto && (*tile != Tile::double(6) || self.may_declare & (1 << seat) == 0) {
                    return Err(MoveError::NaSto);
                }
                Ok(())
            }
            (Phase::Lead(_), _) => Err(MoveError::LeadFirst),
            (Phase::Play, Move::Lead { .. }) => Err(MoveError::AlreadyLed),
            (Phase::Play, Move::Draw) => {
                if !self.board.playable(hand).is_empty() {
                    Err(MoveError::DrawWhileHolding)
                } else if self.bazaar_len() == 0 {
                    Err(MoveError::BazaarEmpty)
                } else {
                    Ok(())
                }
            }
            (Phase::Play, Move::Pass) => {
                if !self.board.playable(hand).is_empty() {
                    Err(MoveError::PassWhileHolding)
                } else if self.bazaar_len() > 0 {
                    Err(MoveError::PassWhileBazaar)
                } else {
                    Ok(())
                }
            }
            (Phase::Play, Move::Play(list)) => self.check_play(hand, list.as_slice()),
        }
    }

    fn check_placement(&self, hand: TileSet, p: &Placement) -> Result<(), MoveError> {
        if !hand.contains(p.tile) {
            return Err(MoveError::NotInHand);
        }
        let end = self.board.arm(p.arm);
        if !end.exists {
            return Err(MoveError::NoSuchArm(p.arm));
        }
        if end.closed {
            return Err(MoveError::ArmClosed(p.arm));
        }
        if !self.board.fits(p.arm, p.tile) {
            return Err(MoveError::DoesNotFit(p.tile, p.arm));
        }
        if p.close && !(self.params.closing && p.tile.is_double()) {
            return Err(MoveError::CannotClose);
        }
        Ok(())
    }

    fn check_play(&self, hand: TileSet, list: &[Placement]) -> Result<(), MoveError> {
        for p in list {
            self.check_placement(hand, p)?;
        }
        if list.len() == 1 {
            return Ok(());
        }
        match self.params.multi {
            MultiPlay::Single => return Err(MoveError::OneTilePerPlay),
            MultiPlay::ExactlyTwo if list.len() != 2 => {
                return Err(MoveError::ExactlyTwoDoubles);
            }
            MultiPlay::UpTo(n) if list.len() > n as usize => {
                return Err(MoveError::TooManyTiles);
            }
            _ => {}
        }
        for (i, p) in list.iter().enumerate() {
            if !p.tile.is_double() {
                return Err(MoveError::OnlyDoublesTogether);
            }
            for q in &list[..i] {
                if q.tile == p.tile {
                    return Err(MoveError::SameTileTwice);
                }
                if q.arm == p.arm {
                    return Err(MoveError::OneDoublePerArm);
                }
            }
        }
        Ok(())
    }
}
