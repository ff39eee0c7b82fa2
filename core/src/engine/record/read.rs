//! Reading a record: the whole file is checked here (R1–R7), so a replay never fails; a
//! malformed move is kept and refused when its turn comes (R8).

use super::FORMAT;
use crate::engine::board::Arm;
use crate::engine::game::Deal;
use crate::engine::moves::{MoveSpec, PlacementSpec};
use crate::engine::rules::{Rules, Variant};
use crate::engine::tile::{Tile, TileText};
use serde_json::{Map, Value};

/// Why a record cannot be read at all (exit status 2 in `domino replay`).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct RecordError(pub String);

impl RecordError {
    fn new(msg: impl Into<String>) -> RecordError {
        RecordError(msg.into())
    }
}

/// A checked record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Record {
    pub rules: Rules,
    pub players: Vec<String>,
    pub rounds: Vec<RecordRound>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RecordRound {
    pub deal: Deal,
    pub moves: Vec<RecordMove>,
}

/// One entry of `moves`: readable, or malformed and refused when replayed (R8).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RecordMove {
    Move { seat: usize, spec: MoveSpec },
    Malformed { raw: Value, why: String },
}

impl Record {
    pub fn variant(&self) -> Variant {
        self.rules.variant()
    }

    /// Reads and checks a record from JSON text.
    pub fn from_json_str(text: &str) -> Result<Record, RecordError> {
        let value: Value = serde_json::from_str(text)
            .map_err(|e| RecordError::new(format!("not valid JSON: {e}")))?;
        Record::from_json(&value)
    }

    /// Checks a parsed record.
    pub fn from_json(value: &Value) -> Result<Record, RecordError> {
        let top = value.as_object().ok_or_else(|| RecordError::new("a record is a JSON object"))?;
        match top.get("format") {
            Some(Value::String(f)) if f == FORMAT => {}
            Some(f) => return Err(RecordError::new(format!("format {f} is not \"{FORMAT}\""))),
            None => return Err(RecordError::new(format!("missing \"format\": \"{FORMAT}\""))),
        }
        let variant: Variant = match top.get("variant") {
            Some(Value::String(v)) => v.parse().map_err(|e| RecordError::new(format!("{e}")))?,
            _ => return Err(RecordError::new("missing \"variant\"")),
        };
        let options = top.get("rules").unwrap_or(&Value::Null);
        let rules = Rules::from_options(variant, options, top.get("teams"))
            .map_err(|e| RecordError::new(e.to_string()))?;
        let players = match top.get("players") {
            Some(Value::Array(list)) => list
                .iter()
                .map(|p| p.as_str().map(str::to_owned))
                .collect::<Option<Vec<_>>>()
                .ok_or_else(|| RecordError::new("\"players\" must be a list of names"))?,
            _ => return Err(RecordError::new("missing \"players\"")),
        };
        rules.check_table(players.len()).map_err(|e| RecordError::new(e.to_string()))?;
        let rounds = match top.get("rounds") {
            Some(Value::Array(list)) => list,
            None => &Vec::new(),
            Some(_) => return Err(RecordError::new("\"rounds\" must be a list")),
        };
        let rounds = rounds
            .iter()
            .enumerate()
            .map(|(i, r)| {
                read_round(r, &rules, players.len())
                    .map_err(|e| RecordError::new(format!("round {}: {e}", i + 1)))
            })
            .collect::<Result<Vec<_>, _>>()?;
        Ok(Record { rules, players, rounds })
    }
}

fn read_round(value: &Value, rules: &Rules, seats: usize) -> Result<RecordRound, String> {
    let round = value.as_object().ok_or("a round is an object")?;
    let tiles = |v: &Value, what: &str| -> Result<Vec<Tile>, String> {
        let list = v.as_array().ok_or(format!("{what} must be a list of tiles"))?;
        list.iter()
            .map(|t| {
                t.as_str()
                    .and_then(|s| s.parse::<Tile>().ok())
                    .filter(|t| t.high() <= rules.max_pip())
                    .ok_or(format!("{what}: bad tile {t}"))
            })
            .collect()
    };
    let hands = match round.get("hands") {
        Some(Value::Array(hands)) => {
            hands.iter().map(|h| tiles(h, "hands")).collect::<Result<Vec<_>, _>>()?
        }
        _ => return Err("missing \"hands\"".into()),
    };
    let bazaar = match round.get("bazaar") {
        Some(b) => tiles(b, "bazaar")?,
        None => Vec::new(),
    };
    let deal = Deal { hands, bazaar };
    deal.check(rules, seats).map_err(|e| e.to_string())?;
    let moves = match round.get("moves") {
        Some(Value::Array(list)) => {
            list.iter().map(|m| read_move(m, seats, rules.max_pip())).collect()
        }
        None => Vec::new(),
        Some(_) => return Err("\"moves\" must be a list".into()),
    };
    Ok(RecordRound { deal, moves })
}

/// One move of a round with `seats` players and a set up to `max` (R8, R20).
fn read_move(value: &Value, seats: usize, max: u8) -> RecordMove {
    match parse_move(value, seats, max) {
        Ok((seat, spec)) => RecordMove::Move { seat, spec },
        Err(why) => RecordMove::Malformed { raw: value.clone(), why },
    }
}

fn parse_move(value: &Value, seats: usize, max: u8) -> Result<(usize, MoveSpec), String> {
    let m = value.as_object().ok_or("a move is an object")?;
    if let Some(k) =
        m.keys().find(|k| !["seat", "play", "at", "draw", "pass", "declare"].contains(&k.as_str()))
    {
        return Err(format!("unknown field {k:?}"));
    }
    let seat =
        m.get("seat").and_then(Value::as_u64).filter(|&s| (s as usize) < seats).ok_or("bad seat")?
            as usize;
    let kinds = ["play", "draw", "pass"].iter().filter(|k| m.contains_key(**k)).count();
    if kinds != 1 {
        return Err("a move has exactly one of play, draw, pass".into());
    }
    let na_sto = match m.get("declare") {
        None => false,
        Some(Value::String(s)) if s == "na_sto" && m.contains_key("play") => true,
        Some(_) => return Err("declare is \"na_sto\", with a play".into()),
    };
    if let Some(v) = m.get("draw") {
        return if v == &Value::Bool(true) && !m.contains_key("at") {
            Ok((seat, MoveSpec::Draw))
        } else {
            Err("draw must be true".into())
        };
    }
    if let Some(v) = m.get("pass") {
        return if v == &Value::Bool(true) && !m.contains_key("at") {
            Ok((seat, MoveSpec::Pass))
        } else {
            Err("pass must be true".into())
        };
    }
    let at = m.get("at").map(arm).transpose()?;
    match &m["play"] {
        Value::String(s) => Ok((seat, MoveSpec::Play { tile: tile(s, max)?, at, na_sto })),
        Value::Array(list) => {
            if at.is_some() {
                return Err("with a placement list, \"at\" goes in each placement".into());
            }
            let placements =
                list.iter().map(|p| placement(p, max)).collect::<Result<Vec<_>, _>>()?;
            Ok((seat, MoveSpec::List { placements, na_sto }))
        }
        _ => Err("play is a tile or a list of placements".into()),
    }
}

/// A tile of the set up to `max` (R20: any other is malformed).
fn tile(s: &str, max: u8) -> Result<TileText, String> {
    s.parse::<TileText>()
        .ok()
        .filter(|t| t.first <= max && t.second <= max)
        .ok_or(format!("bad tile {s:?}"))
}

fn arm(v: &Value) -> Result<Arm, String> {
    v.as_str().and_then(|s| s.parse().ok()).ok_or(format!("unknown arm {v}"))
}

fn placement(v: &Value, max: u8) -> Result<PlacementSpec, String> {
    let p: &Map<String, Value> = v.as_object().ok_or("a placement is an object")?;
    if let Some(k) = p.keys().find(|k| !["tile", "at", "close"].contains(&k.as_str())) {
        return Err(format!("unknown field {k:?} in a placement"));
    }
    let tile = match p.get("tile") {
        Some(Value::String(s)) => tile(s, max)?,
        _ => return Err("a placement needs a tile".into()),
    };
    let at = p.get("at").map(arm).transpose()?;
    let close = match p.get("close") {
        None => false,
        Some(Value::Bool(b)) => *b,
        Some(_) => return Err("close must be true or false".into()),
    };
    Ok(PlacementSpec { tile, at, close })
}
