//! Replaying a record: every move checked by the engine, the sheet reported round by round,
//! printed exactly as RECORD.md shows.

use super::read::{Record, RecordMove};
use crate::engine::game::{Match, RoundReport};
use crate::engine::moves::MoveError;
use crate::engine::tally::MatchResult;
use serde_json::{Value, json};
use std::fmt::Write;

/// The verdict on one move of a record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MoveReport {
    Ok {
        points: Option<u32>,
    },
    /// Why it was refused; printed as its English text (a malformed move as
    /// [`MoveError::Malformed`]).
    Refused(MoveError),
}

/// The result of a replay.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Replay {
    pub rounds: Vec<(Vec<MoveReport>, RoundReport)>,
    pub result: Option<MatchResult>,
}

/// Replays a checked record. Refused moves change nothing (R8, R12).
pub fn replay(record: &Record) -> Replay {
    let seats = record.players.len();
    let mut game =
        Match::new(record.rules.clone(), seats).expect("a checked record seats its players");
    let mut rounds = Vec::with_capacity(record.rounds.len());
    for round in &record.rounds {
        if game.is_over() {
            let moves =
                round.moves.iter().map(|_| MoveReport::Refused(MoveError::MatchOver)).collect();
            let sheet = game.sheet();
            let sides = game.sides();
            let report = RoundReport {
                end: None,
                winner: None,
                written: vec![0; sides],
                remembered: sheet.remembered[..sides].to_vec(),
                scores: sheet.scores[..sides].to_vec(),
                next_leader: None,
            };
            rounds.push((moves, report));
            continue;
        }
        game.start_round(&round.deal).expect("a checked record holds checked deals");
        let moves = round.moves.iter().map(|m| play(&mut game, m)).collect();
        let report = game.round_report();
        if report.end.is_none() {
            game.abandon_round();
        }
        rounds.push((moves, report));
    }
    Replay { rounds, result: game.result() }
}

fn play(game: &mut Match, m: &RecordMove) -> MoveReport {
    let (seat, spec) = match m {
        RecordMove::Move { seat, spec } => (*seat, spec),
        RecordMove::Malformed { why, .. } => {
            // A finished round or match refuses even malformed moves for that reason first.
            let error = match game.resolve(0, &crate::engine::moves::MoveSpec::Pass) {
                Err(e @ (MoveError::MatchOver | MoveError::RoundOver)) => e,
                _ => MoveError::Malformed(why.clone()),
            };
            return MoveReport::Refused(error);
        }
    };
    match game.resolve(seat, spec).and_then(|mv| game.apply(seat, mv)) {
        Ok(outcome) => MoveReport::Ok { points: outcome.points },
        Err(e) => MoveReport::Refused(e),
    }
}

impl Replay {
    /// The JSON object `domino replay` prints.
    pub fn to_json(&self) -> Value {
        let rounds: Vec<Value> = self
            .rounds
            .iter()
            .map(|(moves, r)| {
                let moves: Vec<Value> = moves.iter().map(move_json).collect();
                json!({
                    "moves": moves,
                    "end": r.end.map_or("unfinished", |e| e.key()),
                    "winner": r.winner,
                    "written": r.written,
                    "remembered": r.remembered,
                    "scores": r.scores,
                    "next_leader": r.next_leader,
                })
            })
            .collect();
        json!({ "rounds": rounds, "match": self.match_json() })
    }

    fn match_json(&self) -> Value {
        json!({
            "over": self.result.is_some(),
            "winner": self.result.and_then(|r| r.winner),
            "loser": self.result.and_then(|r| r.loser),
        })
    }

    /// The output text, laid out like the samples in RECORD.md: one move a line.
    pub fn to_pretty(&self) -> String {
        let c = inline;
        let mut out = String::from("{\n \"rounds\": [");
        for (i, (moves, r)) in self.rounds.iter().enumerate() {
            out.push_str(if i == 0 { "\n  {\n" } else { ",\n  {\n" });
            let moves: Vec<String> = moves.iter().map(|m| inline(&move_json(m))).collect();
            let one_line = format!("   \"moves\": [{}],", moves.join(", "));
            if one_line.len() <= 100 {
                out.push_str(&one_line);
                out.push('\n');
            } else {
                out.push_str("   \"moves\": [\n");
                out.push_str("    ");
                out.push_str(&moves.join(",\n    "));
                out.push_str("\n   ],\n");
            }
            let end = r.end.map_or("unfinished", |e| e.key());
            let _ = writeln!(out, "   \"end\": \"{end}\",");
            let _ = writeln!(out, "   \"winner\": {},", c(&json!(r.winner)));
            let _ = writeln!(out, "   \"written\": {},", c(&json!(r.written)));
            let _ = writeln!(out, "   \"remembered\": {},", c(&json!(r.remembered)));
            let _ = writeln!(out, "   \"scores\": {},", c(&json!(r.scores)));
            let _ = write!(out, "   \"next_leader\": {}\n  }}", c(&json!(r.next_leader)));
        }
        out.push_str(if self.rounds.is_empty() { "],\n" } else { "\n ],\n" });
        let m = self.match_json();
        let _ = writeln!(
            out,
            " \"match\": {{\"over\": {}, \"winner\": {}, \"loser\": {}}}\n}}",
            m["over"], m["winner"], m["loser"]
        );
        out
    }
}

fn move_json(m: &MoveReport) -> Value {
    match m {
        MoveReport::Ok { points: None } => json!({"ok": true}),
        MoveReport::Ok { points: Some(p) } => json!({"ok": true, "points": p}),
        MoveReport::Refused(e) => json!({"ok": false, "error": e.to_string()}),
    }
}

/// JSON on one line with a space after each `:` and `,`, as the samples are written.
fn inline(v: &Value) -> String {
    match v {
        Value::Array(items) => {
            format!("[{}]", items.iter().map(inline).collect::<Vec<_>>().join(", "))
        }
        Value::Object(map) => {
            let fields: Vec<String> = map
                .iter()
                .map(|(k, v)| format!("{}: {}", Value::from(k.as_str()), inline(v)))
                .collect();
            format!("{{{}}}", fields.join(", "))
        }
        scalar => scalar.to_string(),
    }
}
