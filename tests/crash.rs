//! Crash safety: a child process plays on many tables and is killed with SIGKILL at a random
//! moment. After a restart every acknowledged action is in the store, every table's log replays
//! to its snapshot, and every table can go on.

use domino_core::service::{Service, SystemClock};
use domino_core::session::{Action, Actor, Command, Event, Phase, Simple};
use domino_core::store::{SqliteStore, Store};
use std::collections::HashMap;
use std::io::{BufRead, BufReader};
use std::process::{Command as Process, Stdio};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// Runs the child for `run_for`, kills it, and returns the acknowledged (table, version) pairs.
fn run_and_kill(db: &std::path::Path, run_for: Duration) -> HashMap<i64, u64> {
    let mut child = Process::new(env!("CARGO_BIN_EXE_domino"))
        .args([
            "bench",
            "actions",
            "--tables",
            "24",
            "--seconds",
            "60",
            "--workers",
            "6",
            "--ack",
            "--db",
        ])
        .arg(db)
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .spawn()
        .expect("the binary runs");
    let stdout = child.stdout.take().unwrap();
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        for line in BufReader::new(stdout).lines() {
            let Ok(line) = line else { break };
            if tx.send(line).is_err() {
                break;
            }
        }
    });
    let mut acked: HashMap<i64, u64> = HashMap::new();
    let start = Instant::now();
    while start.elapsed() < run_for {
        if let Ok(line) = rx.recv_timeout(Duration::from_millis(5)) {
            let mut parts = line.split_whitespace().skip(1);
            let (id, v) =
                (parts.next().unwrap().parse().unwrap(), parts.next().unwrap().parse().unwrap());
            let e = acked.entry(id).or_insert(0);
            *e = (*e).max(v);
        }
    }
    child.kill().expect("SIGKILL");
    child.wait().unwrap();
    // Lines already written before the kill are acknowledgements too.
    while let Ok(line) = rx.recv_timeout(Duration::from_millis(200)) {
        let mut parts = line.split_whitespace().skip(1);
        let (id, v): (i64, u64) =
            (parts.next().unwrap().parse().unwrap(), parts.next().unwrap().parse().unwrap());
        let e = acked.entry(id).or_insert(0);
        *e = (*e).max(v);
    }
    acked
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn killed_mid_play_loses_nothing_acknowledged() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("crash.db");
    // Kill at pseudo-random moments (from the clock), twice on the same database.
    let jitter = (std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .subsec_millis()) as u64;
    let mut acked = run_and_kill(&db, Duration::from_millis(700 + jitter % 900));
    assert!(acked.len() > 5, "the child acknowledged too little to test: {acked:?}");
    for (id, v) in run_and_kill(&db, Duration::from_millis(400 + jitter % 500)) {
        let e = acked.entry(id).or_insert(0);
        *e = (*e).max(v);
    }

    let store = SqliteStore::open_path(&db).await.unwrap();
    for (&id, &version) in &acked {
        let table = store.load(id).await.unwrap().expect("an acknowledged table is stored");
        assert!(
            table.version >= version,
            "table {id}: acknowledged {version}, stored {}",
            table.version
        );
        let events = store.events(id).await.unwrap();
        assert!(
            events.iter().any(|(v, _)| *v == version),
            "table {id}: version {version} has no events"
        );
        // The log replays to the snapshot: the moves since the last start are the match's moves.
        let mut moves = Vec::new();
        for (_, e) in &events {
            match e {
                Event::Started { .. } => moves.clear(),
                Event::Moved { seat, mv, .. } => moves.push((*seat, *mv)),
                _ => {}
            }
        }
        let game = table.game.as_ref().expect("a match was started");
        let in_snapshot: Vec<_> = game.rounds.iter().flatten().copied().collect();
        assert_eq!(moves, in_snapshot, "table {id}: the log and the snapshot disagree");
    }

    // Every table goes on after a restart.
    let svc = Service::start(store, Arc::new(Simple), Arc::new(SystemClock)).await.unwrap();
    for &id in acked.keys() {
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
        let reply = svc.handle(id, cmd).await.unwrap();
        assert_eq!(reply.table.version, t.version + 1);
    }
}
