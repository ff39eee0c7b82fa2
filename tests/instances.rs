//! Two `domino` processes on one PostgreSQL database, pressing on the same tables (each picks
//! tables at random), the first killed with SIGKILL mid-load and the second going on alone:
//! every acknowledged action is stored exactly once, every table's log replays to its
//! snapshot, and every table goes on after both are gone.

use domino_core::service::{Options, OsSeeds, Service, SystemClock};
use domino_core::session::{Action, Actor, Command, Phase, Simple};
use domino_core::store::{PgStore, Store, log_replays};
use std::collections::BTreeMap;
use std::io::{BufRead, BufReader};
use std::process::{Child, Command as Process, Stdio};
use std::sync::Arc;
use std::sync::mpsc::{Receiver, channel};
use std::time::{Duration, Instant};

/// Starts `domino bench actions --ack` on `url` with `extra` arguments; its acknowledgements
/// arrive on the receiver as (table, version).
fn start(url: &str, extra: &[&str]) -> (Child, Receiver<(i64, u64)>) {
    let mut child = Process::new(env!("CARGO_BIN_EXE_domino"))
        .args(["bench", "actions", "--ack", "--seconds", "60", "--workers", "4", "--db", url])
        .args(extra)
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .spawn()
        .expect("the binary runs");
    let stdout = child.stdout.take().unwrap();
    let (tx, rx) = channel();
    std::thread::spawn(move || {
        for line in BufReader::new(stdout).lines() {
            let Ok(line) = line else { break };
            let mut parts = line.split_whitespace().skip(1);
            let (Some(id), Some(v)) = (parts.next(), parts.next()) else { continue };
            if tx.send((id.parse().unwrap(), v.parse().unwrap())).is_err() {
                break;
            }
        }
    });
    (child, rx)
}

/// Takes what arrived within `wait` into `acked`, each tagged with the process.
fn take(rx: &Receiver<(i64, u64)>, who: u8, wait: Duration, acked: &mut Vec<(i64, u64, u8)>) {
    let until = Instant::now() + wait;
    while let Some(left) = until.checked_duration_since(Instant::now()) {
        match rx.recv_timeout(left.min(Duration::from_millis(5))) {
            Ok((id, v)) => acked.push((id, v, who)),
            Err(std::sync::mpsc::RecvTimeoutError::Timeout) => {}
            Err(_) => break,
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_processes_one_killed_lose_and_double_nothing() {
    let url = domino_pg_harness::server().database("two_processes");
    let jitter =
        std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap().subsec_millis()
            as u64;
    let mut acked = Vec::new();
    let (mut first, from_first) = start(&url, &["--tables", "12", "--seed", "1"]);
    // The first opens the tables, then presses; the second joins once they are there.
    while acked.is_empty() {
        take(&from_first, 1, Duration::from_millis(50), &mut acked);
    }
    let (mut second, from_second) = start(&url, &["--join", "--seed", "2"]);
    let run_for = Duration::from_millis(1200 + jitter % 1000);
    let started = Instant::now();
    while started.elapsed() < run_for {
        take(&from_first, 1, Duration::from_millis(10), &mut acked);
        take(&from_second, 2, Duration::from_millis(10), &mut acked);
    }
    first.kill().expect("SIGKILL");
    first.wait().unwrap();
    take(&from_first, 1, Duration::from_millis(200), &mut acked);
    let before = acked.iter().filter(|a| a.2 == 2).count();
    // The second goes on alone for a while, then is killed too.
    take(&from_second, 2, Duration::from_millis(800), &mut acked);
    second.kill().expect("SIGKILL");
    second.wait().unwrap();
    take(&from_second, 2, Duration::from_millis(200), &mut acked);
    let by = |who| acked.iter().filter(|a| a.2 == who).count();
    assert!(by(1) > 5 && before > 5, "both pressed: {} and {before}", by(1));
    assert!(by(2) > before, "the second went on after the first was killed");

    // Each accepted version was acknowledged by one process, once.
    let mut once: BTreeMap<(i64, u64), u8> = BTreeMap::new();
    for &(id, v, who) in &acked {
        assert!(once.insert((id, v), who).is_none(), "table {id} version {v} acknowledged twice");
    }
    let store = PgStore::open(&url).await.unwrap();
    let mut tables: BTreeMap<i64, u64> = BTreeMap::new();
    for &(id, v) in once.keys() {
        let e = tables.entry(id).or_default();
        *e = (*e).max(v);
    }
    assert!(tables.len() > 1, "presses on several tables");
    for (&id, &top) in &tables {
        let table = store.load(id).await.unwrap().expect("an acknowledged table is stored");
        assert!(table.version >= top, "table {id}: acknowledged {top}, stored {}", table.version);
        let events = store.events(id).await.unwrap();
        for (_, v) in once.keys().filter(|(t, _)| *t == id) {
            assert!(events.iter().any(|(ev, _)| ev == v), "table {id}: version {v} has no events");
        }
        log_replays(&table, &events).unwrap_or_else(|e| panic!("table {id}: {e}"));
    }

    // Every table goes on in a process started afterwards.
    let options = Options { shared: true, ..Options::default() };
    let svc = Service::start_with(
        store,
        Arc::new(Simple),
        Arc::new(SystemClock),
        Arc::new(OsSeeds),
        options,
    )
    .await
    .unwrap();
    for &id in tables.keys() {
        let t = svc.table(id).await.unwrap().unwrap();
        let (who, action) = match t.phase {
            Phase::Playing => {
                let seat = t.to_move().unwrap();
                let mv = t.live().unwrap().legal_moves(seat)[0];
                (t.seats[seat].as_ref().unwrap().person().unwrap().clone(), Action::Move { mv })
            }
            Phase::Finished => (t.humans().next().unwrap().1.clone(), Action::Rematch),
            ref other => panic!("table {id} is {other:?}"),
        };
        let cmd = Command { actor: Actor::person(who), action, version: Some(t.version) };
        assert_eq!(svc.handle(id, cmd).await.unwrap().table.version, t.version + 1);
    }
}
