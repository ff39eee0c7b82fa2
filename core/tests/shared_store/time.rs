//! Processes whose clocks disagree time turns alike: every deadline is in the database's
//! time (`Service::now`), measured at start and, with the machine's clock, every timer round.

use super::{T0, chat, match_of, service};
use domino_core::service::{Clock, ManualClock, SystemClock};
use domino_core::session::{Millis, Simple};
use domino_core::store::{ChatSettings, PgStore, Store};
use std::sync::Arc;
use std::sync::atomic::{AtomicI64, Ordering};

const MINUTES: Millis = 60_000;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn processes_whose_clocks_disagree_time_a_turn_alike() {
    let url = domino_pg_harness::server().database("turns_alike");
    // `b`'s clock runs ten minutes ahead of `a`'s.
    let (ca, cb) = (Arc::new(ManualClock::new(T0)), Arc::new(ManualClock::new(T0 + 10 * MINUTES)));
    let a = service(PgStore::open(&url).await.unwrap(), ca.clone(), Arc::new(Simple)).await;
    let b = service(PgStore::open(&url).await.unwrap(), cb.clone(), Arc::new(Simple)).await;
    let timed = ChatSettings {
        version: 1,
        timer: domino_core::store::TurnTimer::Secs(60),
        ..ChatSettings::default()
    };
    a.store().set_chat_settings(&chat(7), &timed).await.unwrap();

    // `a`'s join starts the match: the first turn's deadline is set by `a`.
    let t = match_of(&b, &a, 7).await;
    let deadline = t.deadline.expect("a turn timer");
    for svc in [&a, &b] {
        let left = deadline - svc.now();
        assert!((59_000..=60_000).contains(&left), "a minute left on either: {left}");
    }
    // `b`, ten minutes ahead by its own clock, does not flag the turn.
    for _ in 0..2 {
        b.fire_due().await;
        a.fire_due().await;
    }
    let stored = a.store().load(t.id).await.unwrap().unwrap();
    assert_eq!((stored.version, stored.deadline), (t.version, Some(deadline)), "not yet late");
    // A minute on by both clocks, the turn is over, whichever process fires it.
    // (Within a few timer rounds: a lease one process holds passes to the other only when
    // given back or run out.)
    ca.advance(61_000);
    cb.advance(61_000);
    let mut rounds = 0;
    while a.store().load(t.id).await.unwrap().unwrap().version == t.version && rounds < 3 {
        b.fire_due().await;
        a.fire_due().await;
        rounds += 1;
    }
    let stored = a.store().load(t.id).await.unwrap().unwrap();
    assert!(stored.version > t.version, "the turn ran out ({rounds} rounds)");
}

/// The machine's clock, moved by a skew a test sets (an ill-set machine, a clock stepped).
struct Skewed(AtomicI64);

impl Clock for Skewed {
    fn now(&self) -> Millis {
        SystemClock.now() + self.0.load(Ordering::SeqCst)
    }

    fn is_wall(&self) -> bool {
        true
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_stepped_machine_clock_follows_the_database_again_at_the_next_round() {
    let url = domino_pg_harness::server().database("clock_steps");
    let (ca, cb) = (
        Arc::new(Skewed(AtomicI64::new(10 * MINUTES))),
        Arc::new(Skewed(AtomicI64::new(-10 * MINUTES))),
    );
    let a = service_on(&url, ca.clone()).await;
    let b = service_on(&url, cb.clone()).await;
    let apart = |x: Millis, y: Millis| (x - y).abs();
    assert!(apart(a.now(), b.now()) < 1_000, "twenty minutes apart by their machines, not here");
    // `a`'s machine clock is stepped an hour on: its time follows the database again at its
    // next round.
    ca.0.fetch_add(60 * MINUTES, Ordering::SeqCst);
    assert!(a.now() - b.now() > 59 * MINUTES, "until then, `a` is ahead");
    a.fire_due().await;
    assert!(apart(a.now(), b.now()) < 1_000, "{} {}", a.now(), b.now());
    b.fire_due().await;
    assert!(apart(a.now(), b.now()) < 1_000, "{} {}", a.now(), b.now());
}

async fn service_on(url: &str, clock: Arc<Skewed>) -> Arc<domino_core::service::Service<PgStore>> {
    use domino_core::service::{Options, OsSeeds, Service};
    let options =
        Options { robot_pause: std::time::Duration::ZERO, shared: true, ..Options::default() };
    let store = PgStore::open(url).await.unwrap();
    Service::start_with(store, Arc::new(Simple), clock, Arc::new(OsSeeds), options).await.unwrap()
}
