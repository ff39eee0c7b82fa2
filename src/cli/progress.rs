//! A progress line for long commands: done of total, the rate and the time left, redrawn on
//! standard error at most four times a second, and only when standard error is a terminal
//! (nothing is written to a pipe or a file, so output and logs stay clean).

use std::io::{IsTerminal, Write};
use std::time::{Duration, Instant};

const EVERY: Duration = Duration::from_millis(250);

pub struct Progress {
    label: String,
    unit: &'static str,
    total: u64,
    done: u64,
    start: Instant,
    shown: Option<Instant>,
    on: bool,
    /// A run of fixed length: time left is this less the time taken.
    seconds: Option<f64>,
}

impl Progress {
    /// `total` steps of `unit` (e.g. "rounds") to do.
    pub fn new(label: &str, unit: &'static str, total: u64) -> Progress {
        Progress {
            label: label.to_owned(),
            unit,
            total,
            done: 0,
            start: Instant::now(),
            shown: None,
            on: std::io::stderr().is_terminal(),
            seconds: None,
        }
    }

    /// A run that lasts `seconds` whatever is done in it (`done` counts `unit`s for the rate).
    pub fn for_seconds(label: &str, unit: &'static str, seconds: f64) -> Progress {
        Progress { seconds: Some(seconds), ..Progress::new(label, unit, 0) }
    }

    pub fn advance(&mut self, steps: u64) {
        self.set(self.done + steps);
    }

    /// `done` steps are done now.
    pub fn set(&mut self, done: u64) {
        self.done = done;
        // Nothing done yet: no rate to tell the time left from.
        if !self.on || done == 0 || self.shown.is_some_and(|t| t.elapsed() < EVERY) {
            return;
        }
        self.shown = Some(Instant::now());
        let secs = self.start.elapsed().as_secs_f64();
        let rate = self.done as f64 / secs.max(1e-9);
        let (of, left, pct) = match self.seconds {
            Some(total) => (String::new(), total - secs, 100.0 * secs / total.max(1e-9)),
            None => (
                format!("/{}", self.total),
                self.total.saturating_sub(self.done) as f64 / rate.max(1e-9),
                100.0 * self.done as f64 / self.total.max(1) as f64,
            ),
        };
        let mut err = std::io::stderr().lock();
        let _ = write!(
            err,
            "\r\x1b[K{}: {}{of} {} ({pct:.0}%), {} {}/s, {} left",
            self.label,
            self.done,
            self.unit,
            human(rate),
            self.unit,
            clock(left.max(0.0))
        );
        let _ = err.flush();
    }

    /// Clears the line.
    pub fn finish(&mut self) {
        if self.on && self.shown.is_some() {
            let mut err = std::io::stderr().lock();
            let _ = write!(err, "\r\x1b[K");
            let _ = err.flush();
        }
    }
}

fn human(rate: f64) -> String {
    match rate {
        r if r >= 1e6 => format!("{:.2}M", r / 1e6),
        r if r >= 1e4 => format!("{:.0}k", r / 1e3),
        r if r >= 10.0 => format!("{r:.0}"),
        r => format!("{r:.1}"),
    }
}

fn clock(secs: f64) -> String {
    if !secs.is_finite() {
        return "?".to_owned();
    }
    let s = secs.round() as u64;
    match s {
        s if s >= 3600 => format!("{}h{:02}m", s / 3600, s % 3600 / 60),
        s if s >= 60 => format!("{}m{:02}s", s / 60, s % 60),
        s => format!("{s}s"),
    }
}
