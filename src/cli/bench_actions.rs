//! `domino bench actions`: people playing on many tables at once, every action committed to
//! the store before it counts. With `--processes N` (PostgreSQL) this process opens the tables
//! and N − 1 children (`--join`) press on the same tables beside it, each picking tables at
//! random: the durable actions per second of them all together. `--ack` prints
//! `ack TABLE VERSION` after each commit (the child of the crash and two-process tests).

use super::{open, open_table};
use crate::cli::progress::Progress;
use domino_core::service::{Service, ServiceError, SystemClock};
use domino_core::session::{Action, Actor, Command, Phase, Simple, Table};
use domino_core::store::Store;
use rand::{Rng, SeedableRng};
use serde_json::json;
use std::io::Write;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

#[derive(clap::Args)]
pub struct Args {
    /// A SQLite file, or a database URL (`postgres://…`, `sqlite://…`).
    #[arg(long)]
    db: String,
    #[arg(long, default_value_t = 50)]
    tables: u32,
    #[arg(long, default_value_t = 5.0)]
    seconds: f64,
    /// Concurrent players pressing buttons (in each process).
    #[arg(long, default_value_t = 8)]
    workers: u32,
    /// Processes pressing on the same tables (PostgreSQL): this one and N − 1 children.
    #[arg(long, default_value_t = 1)]
    processes: u32,
    /// Open no tables: press on the open tables already in the store (another process's).
    #[arg(long)]
    join: bool,
    /// Where each worker's random choice of tables starts.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Print `ack TABLE VERSION` after every committed action.
    #[arg(long)]
    ack: bool,
    #[arg(long)]
    json: bool,
}

/// The next action a person takes at this table: a move, or a rematch after the match.
pub(super) fn next_action(t: &Table) -> Option<Command> {
    let (who, action) = match t.phase {
        Phase::Playing => {
            let seat = t.to_move()?;
            let who = t.seats[seat].as_ref()?.person()?.clone();
            let moves = t.live()?.legal_moves(seat);
            let mv = moves[(t.version as usize) % moves.len()];
            (who, Action::Move { mv })
        }
        Phase::Finished => (t.humans().next()?.1.clone(), Action::Rematch),
        _ => return None,
    };
    Some(Command { actor: Actor::person(who), action, version: Some(t.version) })
}

pub(super) async fn run(a: Args) -> anyhow::Result<()> {
    let store = open(&a.db).await?;
    let options = domino_core::service::Options { shared: store.shared(), ..Default::default() };
    let seeds = Arc::new(domino_core::service::OsSeeds);
    let svc =
        Service::start_with(store, Arc::new(Simple), Arc::new(SystemClock), seeds, options).await?;
    let ids = match a.join {
        true => joined_tables(&svc).await?,
        false => {
            let mut ids = Vec::new();
            for n in 0..a.tables {
                ids.push(open_table(&svc, n).await?.id);
            }
            ids
        }
    };
    let children = spawn_children(&a)?;
    let done = Arc::new(AtomicU64::new(0));
    let start = Instant::now();
    let until = start + Duration::from_secs_f64(a.seconds);
    let mut tasks = Vec::new();
    for w in 0..a.workers as u64 {
        let (svc, done, ids) = (svc.clone(), done.clone(), ids.clone());
        let (ack, seed) = (a.ack, a.seed.wrapping_mul(1_000_003).wrapping_add(w));
        tasks.push(tokio::spawn(async move {
            let mut rng = rand::rngs::SmallRng::seed_from_u64(seed);
            while Instant::now() < until && !ids.is_empty() {
                let id = ids[rng.random_range(0..ids.len())];
                // People press the buttons of the table as the chat shows it: the latest
                // version, whichever process drew it.
                let seen = match svc.is_shared() {
                    true => svc.store().load(id).await.map_err(ServiceError::from),
                    false => svc.table(id).await,
                };
                let Ok(Some(t)) = seen else { continue };
                let Some(cmd) = next_action(&t) else { continue };
                if let Ok(reply) = svc.handle(id, cmd).await {
                    done.fetch_add(1, Ordering::Relaxed);
                    if ack {
                        let mut out = std::io::stdout().lock();
                        let _ = writeln!(out, "ack {} {}", id, reply.table.version);
                        let _ = out.flush();
                    }
                }
            }
        }));
    }
    let mut progress = Progress::for_seconds("bench actions", "actions", a.seconds);
    while Instant::now() < until {
        tokio::time::sleep(Duration::from_millis(100)).await;
        progress.set(done.load(Ordering::Relaxed));
    }
    progress.finish();
    for t in tasks {
        t.await?;
    }
    let secs = start.elapsed().as_secs_f64();
    let mine = done.load(Ordering::Relaxed);
    let mut per_process = vec![mine];
    for child in children {
        per_process.push(child_actions(child)?);
    }
    report(&a, &per_process, secs);
    Ok(())
}

/// The open tables another process opened, waiting a little for the first.
async fn joined_tables<S: Store>(svc: &Service<S>) -> anyhow::Result<Vec<i64>> {
    for _ in 0..100 {
        svc.sync().await?;
        let ids: Vec<i64> = svc.all_tables().await.iter().map(|t| t.id).collect();
        if !ids.is_empty() {
            return Ok(ids);
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    anyhow::bail!("--join found no open table in the store")
}

fn spawn_children(a: &Args) -> anyhow::Result<Vec<std::process::Child>> {
    let exe = std::env::current_exe()?;
    (1..a.processes.max(1))
        .map(|i| {
            let child = std::process::Command::new(&exe)
                .args(["bench", "actions", "--join", "--json", "--db", &a.db])
                .args(["--seconds", &a.seconds.to_string(), "--workers", &a.workers.to_string()])
                .args(["--seed", &(a.seed + i as u64).to_string()])
                .stdout(std::process::Stdio::piped())
                .spawn()?;
            Ok(child)
        })
        .collect()
}

fn child_actions(child: std::process::Child) -> anyhow::Result<u64> {
    let out = child.wait_with_output()?;
    anyhow::ensure!(out.status.success(), "a child process failed: {}", out.status);
    let v: serde_json::Value = serde_json::from_slice(&out.stdout)?;
    v["actions"].as_u64().ok_or_else(|| anyhow::anyhow!("a child reported no actions"))
}

fn report(a: &Args, per_process: &[u64], secs: f64) {
    let n: u64 = per_process.iter().sum();
    let rate = n as f64 / secs;
    if a.json {
        println!(
            "{}",
            json!({"actions": n, "seconds": secs, "actions_per_sec": rate, "tables": a.tables,
                   "processes": per_process.len(), "per_process": per_process})
        );
    } else if !a.ack {
        println!(
            "{n} actions committed on {} tables by {} process(es) {per_process:?} in {secs:.2} s: {rate:.0} actions/s",
            a.tables,
            per_process.len()
        );
    }
}
