//! `domino bench snapshot`: one long match (two people, Kozel with a very large target, rules
//! from `Rules::from_options`) played command by command straight through the session and a
//! SQLite store's commit, as the service commits it. After each commit the bench reads from the
//! database what that commit wrote: the table's snapshot row, the round rows it added (table
//! `table_rounds`, where the store keeps finished rounds apart) and its log entries. Prints the
//! bytes written at move 100 and at the last move asked for (or the last one reached, should
//! the match end first).

use crate::cli::progress::Progress;
use domino_core::engine::rules::{Rules, Variant};
use domino_core::session::{
    Action, Actor, BotLevel, ChatId, Command, Lang, NewTable, Person, Phase, Platform, Table,
    UserId,
};
use domino_core::store::{SqliteStore, Store};
use rand::{Rng, SeedableRng, rngs::SmallRng};
use serde_json::json;
use sqlx::sqlite::{SqliteConnectOptions, SqlitePool};

#[derive(clap::Args)]
pub struct Args {
    /// Moves to play (the figures are given at move 100 and at this one).
    #[arg(long, default_value_t = 5_000)]
    moves: u64,
    /// The match's target (Kozel: whoever reaches it loses); large, so that the match runs long.
    #[arg(long, default_value_t = 1_000_000)]
    target: u64,
    /// Seed of the table and of the people's choices.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// The SQLite file (a new one in a temporary folder if not given).
    #[arg(long)]
    db: Option<std::path::PathBuf>,
    #[arg(long)]
    json: bool,
}

/// What one commit wrote.
#[derive(Clone, Copy, Debug, Default)]
struct Written {
    /// Moves of the match after this commit.
    moves: u64,
    /// Rounds dealt after this commit.
    rounds: u64,
    snapshot: u64,
    /// Bytes of the move codes of the round rows this commit added.
    round_rows: u64,
    events: u64,
}

fn person(n: u32) -> Person {
    Person::new(UserId::new(Platform::Terminal, format!("s{n}")), format!("Seat {n}"))
}

/// Bytes of a table's rows as they stand: its snapshot, and every round row kept apart.
async fn stored_bytes(db: &SqlitePool, id: i64, rounds_table: bool) -> anyhow::Result<(u64, u64)> {
    let (snapshot,): (i64,) =
        sqlx::query_as("SELECT length(CAST(snapshot AS BLOB)) FROM tables WHERE id = ?1")
            .bind(id)
            .fetch_one(db)
            .await?;
    let rows = if rounds_table {
        let (rows,): (i64,) = sqlx::query_as(
            "SELECT COALESCE(SUM(length(CAST(moves AS BLOB))), 0) FROM table_rounds WHERE table_id = ?1",
        )
        .bind(id)
        .fetch_one(db)
        .await?;
        rows
    } else {
        0
    };
    Ok((snapshot as u64, rows as u64))
}

fn moves_of(t: &Table) -> (u64, u64) {
    t.game
        .as_ref()
        .map_or((0, 0), |g| (g.rounds.iter().map(|r| r.len() as u64).sum(), g.rounds.len() as u64))
}

pub async fn run(args: Args) -> anyhow::Result<()> {
    let dir = std::env::temp_dir().join(format!("domino-bench-snapshot-{}", std::process::id()));
    std::fs::create_dir_all(&dir)?;
    let path = args.db.clone().unwrap_or_else(|| dir.join("snapshot.db"));
    let result = play(&args, &path).await;
    let _ = std::fs::remove_dir_all(&dir);
    let written = result?;
    report(&args, &path, &written);
    Ok(())
}

async fn play(args: &Args, path: &std::path::Path) -> anyhow::Result<Vec<Written>> {
    let store = SqliteStore::open_path(path).await?;
    let db = SqlitePool::connect_with(SqliteConnectOptions::new().filename(path)).await?;
    let (exists,): (i64,) = sqlx::query_as(
        "SELECT COUNT(*) FROM sqlite_master WHERE type = 'table' AND name = 'table_rounds'",
    )
    .fetch_one(&db)
    .await?;
    let rounds_table = exists > 0;
    let rules = Rules::from_options(Variant::Kozel, &json!({ "target": args.target }), None)?;
    let new = NewTable {
        id: 0,
        chat: ChatId::new(Platform::Terminal, "bench-snapshot"),
        number: 0,
        rules,
        size: 2,
        lang: Lang::En,
        turn_secs: None,
        bot_level: BotLevel::Greedy,
        seed: args.seed,
        clock: None,
    };
    let (mut t, events) = Table::create(new, person(0), 0).map_err(|e| anyhow::anyhow!("{e:?}"))?;
    store.create(&mut t, &events).await?;
    let mut rng = SmallRng::seed_from_u64(args.seed);
    let mut rows_before = 0;
    let mut written = Vec::new();
    let mut progress = Progress::new("bench snapshot", "moves", args.moves);
    let mut now = 0;
    while moves_of(&t).0 < args.moves && matches!(t.phase, Phase::Lobby | Phase::Playing) {
        now += 1000;
        let (who, action) = if t.phase == Phase::Lobby {
            (person(1), Action::Join { seat: None })
        } else {
            let seat = t.to_move().ok_or_else(|| anyhow::anyhow!("nobody to move"))?;
            let legal = t.live().expect("a match").legal_moves(seat);
            let mv = legal[rng.random_range(0..legal.len())];
            (person(seat as u32), Action::Move { mv })
        };
        let cmd = Command { actor: Actor::person(who), action, version: Some(t.version) };
        let events = t.apply(&cmd, now).map_err(|e| anyhow::anyhow!("{e:?}"))?;
        store.commit(&t, &events, None).await?;
        let (snapshot, rows) = stored_bytes(&db, t.id, rounds_table).await?;
        let (events,): (i64,) = sqlx::query_as(
            "SELECT COALESCE(SUM(length(CAST(event AS BLOB))), 0) FROM table_events
             WHERE table_id = ?1 AND version = ?2",
        )
        .bind(t.id)
        .bind(t.version as i64)
        .fetch_one(&db)
        .await?;
        let (moves, rounds) = moves_of(&t);
        written.push(Written {
            moves,
            rounds,
            snapshot,
            round_rows: rows - rows_before,
            events: events as u64,
        });
        rows_before = rows;
        progress.set(moves);
    }
    progress.finish();
    db.close().await;
    store.close().await;
    Ok(written)
}

/// The commit that made move `n` (the last one if the match never got there).
fn at(written: &[Written], n: u64) -> Option<Written> {
    written.iter().find(|w| w.moves >= n).or(written.last()).copied()
}

fn report(args: &Args, path: &std::path::Path, written: &[Written]) {
    let marks: Vec<Written> = [100, args.moves].iter().filter_map(|&n| at(written, n)).collect();
    let largest = written.iter().map(|w| w.snapshot + w.round_rows).max().unwrap_or(0);
    let total: u64 = written.iter().map(|w| w.snapshot + w.round_rows).sum();
    if args.json {
        let marks: Vec<_> = marks
            .iter()
            .map(|w| {
                json!({"move": w.moves, "round": w.rounds, "snapshot_bytes": w.snapshot,
                    "round_row_bytes": w.round_rows, "written_bytes": w.snapshot + w.round_rows,
                    "event_bytes": w.events})
            })
            .collect();
        println!(
            "{}",
            json!({"commits": written.len(), "moves": written.last().map_or(0, |w| w.moves),
                "at": marks, "largest_written_bytes": largest, "total_written_bytes": total})
        );
        return;
    }
    let last = written.last().copied().unwrap_or_default();
    println!(
        "one Kozel match, two people, target {}: {} commits, {} moves in {} rounds ({})",
        args.target,
        written.len(),
        last.moves,
        last.rounds,
        path.display()
    );
    for w in &marks {
        println!(
            "at move {} (round {}): {} bytes written = snapshot {} + round rows {} (log entries {})",
            w.moves,
            w.rounds,
            w.snapshot + w.round_rows,
            w.snapshot,
            w.round_rows,
            w.events
        );
    }
    println!("largest commit: {largest} bytes; all commits: {total} bytes");
}
