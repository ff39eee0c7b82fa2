//! Writing a record of a played match: every deal and every accepted move, so that a replay
//! gives back the same results.

use super::FORMAT;
use crate::engine::game::Deal;
use crate::engine::moves::Move;
use crate::engine::rules::Rules;
use crate::engine::tile::Tile;
use serde_json::{Map, Value, json};

/// The deals and accepted moves of a match, in order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MatchLog {
    pub rules: Rules,
    pub players: Vec<String>,
    pub rounds: Vec<(Deal, Vec<(usize, Move)>)>,
}

impl MatchLog {
    pub fn new(rules: Rules, players: Vec<String>) -> MatchLog {
        MatchLog { rules, players, rounds: Vec::new() }
    }

    pub fn start_round(&mut self, deal: &Deal) {
        self.rounds.push((deal.clone(), Vec::new()));
    }

    /// Notes an accepted move of the current round.
    pub fn push(&mut self, seat: usize, mv: Move) {
        self.rounds.last_mut().expect("a round was started").1.push((seat, mv));
    }

    /// The record as JSON (RECORD.md "Input").
    pub fn to_json(&self) -> Value {
        let tiles = |ts: &[Tile]| ts.iter().map(|t| t.to_string()).collect::<Vec<_>>();
        let rounds: Vec<Value> = self
            .rounds
            .iter()
            .map(|(deal, moves)| {
                let hands: Vec<Vec<String>> = deal.hands.iter().map(|h| tiles(h)).collect();
                let moves: Vec<Value> = moves.iter().map(|(s, m)| write_move(*s, m)).collect();
                json!({ "hands": hands, "bazaar": tiles(&deal.bazaar), "moves": moves })
            })
            .collect();
        let mut options = self.rules.to_options();
        if let Value::Object(m) = &mut options {
            m.remove("teams");
        }
        json!({
            "format": FORMAT,
            "variant": self.rules.variant().key(),
            "rules": options,
            "players": self.players,
            "teams": self.rules.teams().key(),
            "rounds": rounds,
        })
    }
}

/// One move as a record entry.
pub fn write_move(seat: usize, mv: &Move) -> Value {
    let mut m = Map::new();
    m.insert("seat".into(), json!(seat));
    match mv {
        Move::Lead { tile, left, na_sto } => {
            m.insert("play".into(), json!(format!("{left}-{}", tile.other(*left))));
            if *na_sto {
                m.insert("declare".into(), json!("na_sto"));
            }
        }
        Move::Play(list) => {
            let list = list.as_slice();
            if let [one] = list
                && !one.close
            {
                m.insert("play".into(), json!(one.tile.to_string()));
                m.insert("at".into(), json!(one.arm.key()));
            } else {
                let items: Vec<Value> = list
                    .iter()
                    .map(|p| {
                        let mut o = json!({"tile": p.tile.to_string(), "at": p.arm.key()});
                        if p.close {
                            o["close"] = json!(true);
                        }
                        o
                    })
                    .collect();
                m.insert("play".into(), json!(items));
            }
        }
        Move::Draw => {
            m.insert("draw".into(), json!(true));
        }
        Move::Pass => {
            m.insert("pass".into(), json!(true));
        }
    }
    Value::Object(m)
}
