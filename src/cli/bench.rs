//! `domino bench`: the service's figures on this machine — accepted actions per second into
//! SQLite or PostgreSQL, tables resumed after a restart, memory per open table, press latency
//! under a soak of many tables, the standings of a chat with many finished matches, the bytes a
//! commit of a long match writes. `bench actions --ack` is
//! also the child process of the crash-safety test: it prints `ack TABLE VERSION` only after
//! the command is committed.

use crate::cli::progress::Progress;
use domino_core::engine::rules::{Rules, Variant};
use domino_core::service::{Service, SystemClock, TableSpec};
use domino_core::session::{
    Action, Actor, ChatId, Command, Person, Platform, Simple, Table, UserId,
};
use domino_core::store::{AnyStore, SqliteStore, Store, is_postgres_url, redacted};
use serde_json::json;
use std::process::ExitCode;
use std::sync::Arc;
use std::time::Instant;

#[path = "bench_actions.rs"]
mod bench_actions;
#[path = "bench_flow.rs"]
mod bench_flow;
#[path = "bench_picture.rs"]
mod bench_picture;
#[path = "bench_snapshot.rs"]
mod bench_snapshot;
#[path = "bench_soak.rs"]
mod bench_soak;
#[path = "bench_tour_idle.rs"]
mod bench_tour_idle;

#[derive(clap::Args)]
pub struct Args {
    #[command(subcommand)]
    what: What,
}

#[derive(clap::Subcommand)]
enum What {
    /// People playing on many tables at once (in one or several processes); every action
    /// committed to the store.
    Actions(bench_actions::Args),
    /// Open tables with matches under way, then time a restart that loads them all.
    Resume {
        /// A SQLite file, or a database URL (`postgres://…`, `sqlite://…`).
        #[arg(long)]
        db: String,
        #[arg(long, default_value_t = 10_000)]
        tables: u32,
        #[arg(long)]
        json: bool,
    },
    /// Time to draw one table picture and its PNG size (a full Kozel line, an Osel hub), and
    /// the rating chart's.
    Picture {
        #[arg(long)]
        json: bool,
    },
    /// Many open tables with people pressing and experts playing (some tables with everybody
    /// away): the presses' press-to-answer times and the resident memory.
    Soak(bench_soak::Args),
    /// Random 4-player pairs Kozel: the engine against a minimal bitmask comparator.
    Engine(crate::cli::bench_engine::Args),
    /// Whether a table keeps pace with people inside the platforms' limits: the real adapters
    /// against their fakes, with production pacing, in paused time.
    Flow(bench_flow::Args),
    /// Time of the expert's hint and round review for a person.
    Hints(crate::cli::bench_hints::Args),
    /// A chat with many finished matches: what a finished match's standings cost, and the
    /// time of `/top` and `/history`.
    Standings(crate::cli::bench_standings::Args),
    /// A round robin of 64 people played out: a finished match applied to the tournament and
    /// saved, the standings and the tournament's message rendered.
    Tournament(crate::cli::bench_tournament::Args),
    /// Many tournaments enrolling and nobody playing: what the timer loop's rounds cost,
    /// reading only those with due work, against reading every open one as it used to.
    TourIdle(bench_tour_idle::Args),
    /// One long match committed move by move: the bytes each commit writes (snapshot and
    /// round rows) at move 100 and at a late move.
    Snapshot(bench_snapshot::Args),
}

pub fn run(args: Args) -> ExitCode {
    let args = match args.what {
        What::Engine(a) => return crate::cli::bench_engine::run(a),
        What::Hints(a) => return crate::cli::bench_hints::run(a),
        What::Flow(a) => return bench_flow::run(a),
        what => Args { what },
    };
    let rt =
        tokio::runtime::Builder::new_multi_thread().enable_all().build().expect("a tokio runtime");
    let result = rt.block_on(async {
        match args.what {
            What::Actions(a) => bench_actions::run(a).await,
            What::Resume { db, tables, json } => resume(db, tables, json).await,
            What::Picture { json } => bench_picture::run(json).map_err(anyhow::Error::msg),
            What::Soak(a) => bench_soak::run(a).await,
            What::Standings(a) => crate::cli::bench_standings::run(a).await,
            What::Tournament(a) => crate::cli::bench_tournament::run(a).await,
            What::TourIdle(a) => bench_tour_idle::run(a).await,
            What::Snapshot(a) => bench_snapshot::run(a).await,
            What::Engine(_) | What::Hints(_) | What::Flow(_) => {
                unreachable!("run without a runtime")
            }
        }
    });
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("domino bench: {e}");
            ExitCode::FAILURE
        }
    }
}

/// The store `--db` names: a database URL (`postgres://…`, `sqlite://…`), or a SQLite file.
pub(super) async fn open(db: &str) -> anyhow::Result<AnyStore> {
    let opened = if is_postgres_url(db) || db.starts_with("sqlite:") {
        AnyStore::open(db).await
    } else {
        SqliteStore::open_path(std::path::Path::new(db)).await.map(AnyStore::Sqlite)
    };
    // The database is named as it may be shown: never with its password.
    opened.map_err(|e| anyhow::anyhow!("{}: {e}", redacted(db)))
}

fn person(table: u32, seat: u32) -> Person {
    Person::new(
        UserId::new(Platform::Terminal, format!("t{table}s{seat}")),
        format!("T{table}S{seat}"),
    )
}

/// A 2-player Kozel table with both seats taken by people: the match starts at once.
pub(super) async fn open_table<S: Store>(svc: &Service<S>, n: u32) -> anyhow::Result<Table> {
    let chat = ChatId::new(Platform::Terminal, format!("bench{}", n % 100));
    let spec = TableSpec::plain(chat, Rules::new(Variant::Kozel), 2);
    let t = svc.create(spec, person(n, 0)).await?.table;
    let join = Command {
        actor: Actor::person(person(n, 1)),
        action: Action::Join { seat: None },
        version: None,
    };
    Ok(svc.handle(t.id, join).await?.table)
}

async fn resume(db: String, tables: u32, json: bool) -> anyhow::Result<()> {
    {
        let store = open(&db).await?;
        let svc = Service::start(store, Arc::new(Simple), Arc::new(SystemClock)).await?;
        let mut progress = Progress::new("bench resume: opening", "tables", tables as u64);
        for n in 0..tables {
            progress.set(n as u64);
            let mut t = open_table(&svc, n).await?;
            // A few moves into the match, as tables are in a busy chat.
            for _ in 0..(n % 12) {
                let Some(cmd) = bench_actions::next_action(&t) else { break };
                t = svc.handle(t.id, cmd).await?.table;
            }
        }
        progress.finish();
    }
    let start = Instant::now();
    let store = open(&db).await?;
    let before = crate::heap::in_use();
    let svc = Service::start(store, Arc::new(Simple), Arc::new(SystemClock)).await?;
    let secs = start.elapsed().as_secs_f64();
    let loaded = svc.open_tables();
    // Heap held by the service's tables (the store's connection caches excluded).
    let per_table = crate::heap::in_use().saturating_sub(before) as f64 / loaded.max(1) as f64;
    if json {
        println!("{}", json!({"tables": loaded, "seconds": secs, "bytes_per_table": per_table}));
    } else {
        println!(
            "{loaded} open tables resumed in {secs:.2} s; about {:.1} KiB of memory per table",
            per_table / 1024.0
        );
    }
    Ok(())
}
