//! Time and randomness for the service, passed in so that tests set them: the clock, and the
//! seeds of new tables.

use crate::session::Millis;
use rand::TryRngCore;

/// Reads the time for the service (the session core never does).
pub trait Clock: Send + Sync {
    fn now(&self) -> Millis;

    /// Moves a test clock on by `ms` (scenario tables wait this way); a real clock cannot be
    /// moved and says so with `false`.
    fn advance(&self, _ms: Millis) -> bool {
        false
    }

    /// Whether this is the machine's wall clock: where several processes share a store, the
    /// service then measures its clock against the store's again every timer round (a test
    /// clock, whose time the test sets, is measured once, at start).
    fn is_wall(&self) -> bool {
        false
    }
}

/// The system clock.
#[derive(Copy, Clone, Debug, Default)]
pub struct SystemClock;

impl Clock for SystemClock {
    fn now(&self) -> Millis {
        let d =
            std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap_or_default();
        d.as_millis() as Millis
    }

    fn is_wall(&self) -> bool {
        true
    }
}

/// A clock that follows tokio's time, paused time included (a bench or test that runs an hour in
/// seconds): a fixed start in Unix milliseconds plus how far tokio's clock has moved since the
/// clock was made.
#[derive(Debug)]
pub struct TokioClock {
    start: Millis,
    origin: tokio::time::Instant,
}

impl TokioClock {
    pub fn new(start: Millis) -> TokioClock {
        TokioClock { start, origin: tokio::time::Instant::now() }
    }
}

impl Clock for TokioClock {
    fn now(&self) -> Millis {
        self.start + self.origin.elapsed().as_millis() as Millis
    }
}

/// A clock tests move by hand.
#[derive(Debug, Default)]
pub struct ManualClock(std::sync::atomic::AtomicI64);

impl ManualClock {
    pub fn new(start: Millis) -> ManualClock {
        ManualClock(std::sync::atomic::AtomicI64::new(start))
    }

    pub fn now_ms(&self) -> Millis {
        self.0.load(std::sync::atomic::Ordering::SeqCst)
    }

    pub fn advance(&self, ms: Millis) {
        self.0.fetch_add(ms, std::sync::atomic::Ordering::SeqCst);
    }
}

impl Clock for ManualClock {
    fn now(&self) -> Millis {
        self.0.load(std::sync::atomic::Ordering::SeqCst)
    }

    fn advance(&self, ms: Millis) -> bool {
        ManualClock::advance(self, ms);
        true
    }
}

/// Where the seeds of new tables come from (deals must not be predictable in a chat; tests
/// set them, as they set the clock).
pub trait Seeds: Send + Sync {
    fn next_seed(&self) -> u64;
}

/// Seeds nobody can guess: the operating system's random source.
#[derive(Copy, Clone, Debug, Default)]
pub struct OsSeeds;

impl Seeds for OsSeeds {
    fn next_seed(&self) -> u64 {
        rand::rngs::OsRng.try_next_u64().expect("the operating system's random source works")
    }
}

/// Seeds 1, 2, 3 … from a start a test chooses: the same requests deal the same tables.
#[derive(Debug, Default)]
pub struct CountingSeeds(std::sync::atomic::AtomicU64);

impl CountingSeeds {
    pub fn new(first: u64) -> CountingSeeds {
        CountingSeeds(std::sync::atomic::AtomicU64::new(first))
    }
}

impl Seeds for CountingSeeds {
    fn next_seed(&self) -> u64 {
        self.0.fetch_add(1, std::sync::atomic::Ordering::SeqCst)
    }
}
