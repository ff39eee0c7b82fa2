//! What the flow bench (`domino bench flow`) measures, shared by both platforms' drivers
//! (`domino_telegram::fake::flow`, `domino_discord::fake::flow`): pure data and percentile
//! math, the printed table and its JSON; and the door those drivers play through (a store in
//! memory, a clock that follows tokio's paused time, seeded deals).

use crate::chat::Door;
use serde_json::{Value, json};
use std::fmt::Write as _;
use std::time::Duration;

/// When the flow's clock starts (2026-01-01, Unix milliseconds).
pub const START_MS: i64 = 1_767_225_600_000;

/// A door over a fresh store in memory whose clock follows tokio's (paused) time and whose
/// tables are dealt from `seed` on: the same seed, the same people and the same pacing give the
/// same flow. (SQLite's worker threads would let paused time run away.)
pub async fn door(seed: u64) -> Door {
    use crate::service::{CountingSeeds, Options, Service, TokioClock};
    use std::sync::Arc;
    let clock = Arc::new(TokioClock::new(START_MS));
    let seeds = Arc::new(CountingSeeds::new(seed));
    let robot = Arc::new(crate::session::Simple);
    let store = crate::store::MemoryStore::new();
    let service = Service::start_with(store, robot, clock, seeds, Options::default())
        .await
        .expect("a service in memory starts");
    Door::new(service)
}

/// Samples summed up: how many, the median, the 90th percentile and the largest.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Spread {
    pub n: usize,
    pub p50: Duration,
    pub p90: Duration,
    pub max: Duration,
}

impl Spread {
    /// Nearest-rank percentiles of `samples` (all zero when there are none).
    pub fn of(samples: &[Duration]) -> Spread {
        let mut sorted = samples.to_vec();
        sorted.sort();
        let rank = |q: f64| {
            let at = (q * sorted.len() as f64).ceil() as usize;
            sorted.get(at.saturating_sub(1)).copied().unwrap_or_default()
        };
        Spread { n: sorted.len(), p50: rank(0.5), p90: rank(0.9), max: rank(1.0) }
    }

    fn json(&self) -> Value {
        let s = |d: Duration| (d.as_secs_f64() * 1000.0).round() / 1000.0;
        json!({"n": self.n, "p50_s": s(self.p50), "p90_s": s(self.p90), "max_s": s(self.max)})
    }

    fn text(&self) -> String {
        let s = |d: Duration| d.as_secs_f64();
        format!("{:.2} / {:.2} / {:.2}", s(self.p50), s(self.p90), s(self.max))
    }
}

/// Which budget a platform call spends.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Budget {
    /// The group's (channel's) own messages: Telegram's 20 a minute, Discord's 5 per 5 s.
    Group,
    /// Messages one member alone sees, sent without a press of theirs to answer.
    Ephemeral,
    /// Answers to a person's own press (callback answers, an ephemeral answer within 15 s,
    /// Discord's interaction responses).
    Unbudgeted,
}

impl Budget {
    pub fn name(self) -> &'static str {
        match self {
            Budget::Group => "group",
            Budget::Ephemeral => "ephemeral",
            Budget::Unbudgeted => "unbudgeted",
        }
    }
}

/// How many calls of one kind the platform saw.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Calls {
    pub budget: Budget,
    pub kind: &'static str,
    pub count: u64,
}

/// A breach of a platform limit: when (from the first turn), the call, which limit, and what
/// of it (the size, how late).
#[derive(Clone, Debug, PartialEq)]
pub struct Breach {
    pub at: Duration,
    pub call: String,
    pub limit: &'static str,
    pub detail: String,
}

impl Breach {
    fn json(&self) -> Value {
        let at = (self.at.as_secs_f64() * 1000.0).round() / 1000.0;
        json!({"at_s": at, "call": self.call, "limit": self.limit, "detail": self.detail})
    }
}

/// What one scenario measured.
#[derive(Clone, Debug, Default)]
pub struct FlowReport {
    pub scenario: String,
    pub platform: &'static str,
    pub seed: u64,
    /// How long people think before a move, in seconds (from, to).
    pub think: (f64, f64),
    pub tables: usize,
    /// Matches played to their end.
    pub matches: u64,
    pub moves: u64,
    /// Simulated time from the first turn to the last move.
    pub played: Duration,
    /// From the previous move's press to the next mover's move buttons showing.
    pub wait: Spread,
    /// From a move to the public table message showing its version.
    pub table_lag: Spread,
    /// Every press of the players: moves, «My tiles», presses refused.
    pub taps: u64,
    pub my_tiles: u64,
    pub refused: u64,
    pub calls: Vec<Calls>,
    /// New group messages sent with a notification (not `disable_notification`).
    pub notifying: u64,
    /// The most group calls within one minute (one group or channel).
    pub group_peak: usize,
    /// The most budgeted ephemeral calls within one minute.
    pub ephemeral_peak: usize,
    /// Every breach of a platform limit.
    pub breaches: Vec<Breach>,
    /// What did not go as a person expected (a turn nobody could take, a match cut short).
    pub problems: Vec<String>,
}

impl FlowReport {
    /// `n` a move.
    pub fn per_move(&self, n: u64) -> f64 {
        if self.moves == 0 { 0.0 } else { n as f64 / self.moves as f64 }
    }

    pub fn moves_per_minute(&self) -> f64 {
        match self.played.as_secs_f64() {
            s if s > 0.0 => self.moves as f64 * 60.0 / s,
            _ => 0.0,
        }
    }

    /// The calls of one budget, all kinds.
    pub fn spent(&self, budget: Budget) -> u64 {
        self.calls.iter().filter(|c| c.budget == budget).map(|c| c.count).sum()
    }

    pub fn json(&self) -> Value {
        let r = |x: f64| (x * 1000.0).round() / 1000.0;
        let mut calls = serde_json::Map::new();
        for c in &self.calls {
            let key = format!("{}.{}", c.budget.name(), c.kind);
            calls.insert(key, json!({"count": c.count, "per_move": r(self.per_move(c.count))}));
        }
        json!({
            "scenario": self.scenario, "platform": self.platform, "seed": self.seed,
            "think_s": [self.think.0, self.think.1], "tables": self.tables,
            "matches": self.matches, "moves": self.moves, "played_s": r(self.played.as_secs_f64()),
            "moves_per_minute": r(self.moves_per_minute()),
            "wait": self.wait.json(), "table_lag": self.table_lag.json(),
            "taps": self.taps, "taps_per_move": r(self.per_move(self.taps)),
            "my_tiles": self.my_tiles, "refused": self.refused,
            "group_per_move": r(self.per_move(self.spent(Budget::Group))),
            "ephemeral_per_move": r(self.per_move(self.spent(Budget::Ephemeral))),
            "unbudgeted_per_move": r(self.per_move(self.spent(Budget::Unbudgeted))),
            "calls": calls,
            "notifying": self.notifying, "notifying_per_move": r(self.per_move(self.notifying)),
            "group_peak_per_minute": self.group_peak,
            "ephemeral_peak_per_minute": self.ephemeral_peak,
            "breaches": self.breaches.iter().map(Breach::json).collect::<Vec<_>>(),
            "problems": self.problems,
        })
    }
}

/// The reports side by side: a row per figure, a column per scenario; breaches and problems
/// listed below.
pub fn render(reports: &[FlowReport]) -> String {
    let mut rows: Vec<(String, Vec<String>)> = Vec::new();
    let mut row = |name: &str, f: &dyn Fn(&FlowReport) -> String| {
        rows.push((name.to_owned(), reports.iter().map(f).collect()));
    };
    row("platform", &|r| r.platform.to_owned());
    row("tables · matches · moves", &|r| format!("{} · {} · {}", r.tables, r.matches, r.moves));
    row("played (min)", &|r| format!("{:.1}", r.played.as_secs_f64() / 60.0));
    row("moves a minute", &|r| format!("{:.2}", r.moves_per_minute()));
    row("wait p50/p90/max (s)", &|r| r.wait.text());
    row("table lag p50/p90/max (s)", &|r| r.table_lag.text());
    row("taps a move", &|r| format!("{:.2}", r.per_move(r.taps)));
    row("  «My tiles» · refused", &|r| format!("{} · {}", r.my_tiles, r.refused));
    row("group calls a move", &|r| format!("{:.2}", r.per_move(r.spent(Budget::Group))));
    let mut kinds: Vec<(Budget, &'static str)> =
        reports.iter().flat_map(|r| r.calls.iter().map(|c| (c.budget, c.kind))).collect();
    kinds.sort();
    kinds.dedup();
    let mut last = None;
    for (budget, kind) in kinds {
        if last != Some(budget) && budget != Budget::Group {
            let title = format!("{} calls a move", budget.name());
            let b = budget;
            row(&title, &move |r| format!("{:.2}", r.per_move(r.spent(b))));
        }
        last = Some(budget);
        row(&format!("  {kind}"), &move |r| {
            let n = r.calls.iter().filter(|c| c.budget == budget && c.kind == kind);
            format!("{:.2}", r.per_move(n.map(|c| c.count).sum()))
        });
    }
    row("notifying group messages a move", &|r| format!("{:.2}", r.per_move(r.notifying)));
    row("busiest minute: group · ephemeral", &|r| {
        format!("{} · {}", r.group_peak, r.ephemeral_peak)
    });
    row("breaches", &|r| r.breaches.len().to_string());
    let names: Vec<String> = reports.iter().map(|r| r.scenario.clone()).collect();
    let first = rows.iter().map(|(n, _)| n.chars().count()).max().unwrap_or(0);
    let widths: Vec<usize> = (0..reports.len())
        .map(|i| {
            let cells = rows.iter().map(|(_, c)| c[i].chars().count());
            cells.chain([names[i].chars().count()]).max().unwrap_or(0)
        })
        .collect();
    let mut out = String::new();
    let line = |out: &mut String, name: &str, cells: &[String]| {
        let _ = write!(out, "{name:<first$}");
        for (cell, w) in cells.iter().zip(&widths) {
            let _ = write!(out, "  {cell:>w$}");
        }
        out.push('\n');
    };
    line(&mut out, "", &names);
    for (name, cells) in &rows {
        line(&mut out, name, cells);
    }
    for r in reports {
        let mut limits: Vec<(&str, usize, Duration)> = Vec::new();
        for b in &r.breaches {
            match limits.iter_mut().find(|(l, ..)| *l == b.limit) {
                Some((_, n, _)) => *n += 1,
                None => limits.push((b.limit, 1, b.at)),
            }
        }
        for (limit, n, first) in limits {
            let first = first.as_secs_f64();
            let _ = writeln!(out, "{}: {n} × {limit} (the first {first:.1} s in)", r.scenario);
        }
        let mut problems: Vec<(&String, usize)> = Vec::new();
        for p in &r.problems {
            match problems.iter_mut().find(|(q, _)| *q == p) {
                Some((_, n)) => *n += 1,
                None => problems.push((p, 1)),
            }
        }
        for (p, n) in problems {
            let _ = writeln!(out, "{}: {n} × {p}", r.scenario);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn percentiles_are_nearest_rank() {
        let ms = |v: &[u64]| v.iter().map(|&m| Duration::from_millis(m)).collect::<Vec<_>>();
        let s = Spread::of(&ms(&[5, 1, 4, 2, 3, 10, 9, 8, 7, 6]));
        assert_eq!((s.n, s.p50, s.p90, s.max), (10, ms(&[5])[0], ms(&[9])[0], ms(&[10])[0]));
        assert_eq!(Spread::of(&[]), Spread::default());
    }
}
