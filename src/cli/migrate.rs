//! `domino migrate`: creates the database if needed, runs its migrations and says which it
//! applied; `--status` shows the schema version without changing anything; `--from` copies a
//! SQLite store into PostgreSQL.

use super::checks;
use super::settings::StoreArgs;
use crate::ops::said::plainly;
use domino_core::store::{
    AnyStore, CopyProgress, PgStore, Schema, SqliteStore, copy_sqlite_to_postgres, is_postgres_url,
    redacted as shown, schema_at,
};
use std::process::ExitCode;

#[derive(clap::Args)]
pub struct MigrateArgs {
    #[command(flatten)]
    store: StoreArgs,
    /// Show the schema version and the migrations not yet applied; change nothing
    #[arg(long, conflicts_with = "from")]
    status: bool,
    /// Copy the whole SQLite store at this URL (`sqlite://FILE`) into the PostgreSQL database
    /// DATABASE_URL names, check the copy, and commit it (or nothing). Safe to run again.
    #[arg(long, value_name = "sqlite://FILE")]
    from: Option<String>,
}

pub fn migrate(args: MigrateArgs) -> ExitCode {
    let url = match checks::store(&args.store) {
        Ok(url) => url,
        Err(e) => {
            eprintln!("domino migrate: {e}");
            return ExitCode::from(2);
        }
    };
    let rt = match tokio::runtime::Builder::new_current_thread().enable_all().build() {
        Ok(rt) => rt,
        Err(e) => {
            eprintln!("domino migrate: no async runtime: {e}");
            return ExitCode::FAILURE;
        }
    };
    let done = match (&args.from, args.status) {
        (Some(from), _) => rt.block_on(copy(from, &url)),
        (None, true) => rt.block_on(status(&url)),
        (None, false) => rt.block_on(apply(&url)),
    };
    match done {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("domino migrate: {}: {}", shown(&url), plainly(&e));
            ExitCode::FAILURE
        }
    }
}

/// The version a schema stands at, for a line.
fn version(schema: &Schema) -> String {
    schema.version().map_or("none".into(), |v| v.to_string())
}

/// Creates and migrates the database; says what was applied.
async fn apply(url: &str) -> anyhow::Result<()> {
    let before = schema_at(url).await?;
    let store = AnyStore::open(url).await?;
    let kind = store.kind();
    store.close().await;
    let after = schema_at(url).await?.ok_or_else(|| anyhow::anyhow!("the database vanished"))?;
    let applied = after.applied_since(before.as_ref());
    let created = if before.is_none() { "created, " } else { "" };
    if applied.is_empty() {
        println!(
            "{}: {kind} store up to date at schema version {}; nothing applied",
            shown(url),
            version(&after)
        );
    } else {
        println!(
            "{}: {kind} store {created}{} migration{} applied; schema version {}",
            shown(url),
            applied.len(),
            if applied.len() == 1 { "" } else { "s" },
            version(&after)
        );
        for m in applied {
            println!("  applied {} {}", m.version, m.description);
        }
    }
    Ok(())
}

/// `--status`: the schema version and what is pending, changing nothing.
async fn status(url: &str) -> anyhow::Result<()> {
    let kind = if is_postgres_url(url) { "PostgreSQL" } else { "SQLite" };
    let Some(schema) = schema_at(url).await? else {
        println!("{}: no {kind} database yet: `domino migrate` creates it", shown(url));
        return Ok(());
    };
    let pending = schema.pending();
    println!(
        "{}: {kind} schema version {} ({} applied, {} pending)",
        shown(url),
        version(&schema),
        schema.applied.len(),
        pending.len()
    );
    for m in pending {
        println!("  pending {} {}", m.version, m.description);
    }
    if let Some(newest) = schema.known.iter().map(|k| k.version).max()
        && schema.version().is_some_and(|v| v > newest)
    {
        println!("  the database is newer than this binary (it knows up to {newest})");
    }
    Ok(())
}

/// `domino migrate --from sqlite://FILE` with a PostgreSQL `DATABASE_URL`.
async fn copy(from: &str, to: &str) -> anyhow::Result<()> {
    if !is_postgres_url(to) {
        anyhow::bail!("--from copies into PostgreSQL: set DATABASE_URL=postgres://…");
    }
    let path = from.strip_prefix("sqlite://").unwrap_or(from);
    let path = path.split_once('?').map_or(path, |(p, _)| p);
    if !std::path::Path::new(path).is_file() {
        anyhow::bail!("{}: no such SQLite file", shown(from));
    }
    let sqlite = SqliteStore::open(from).await?;
    let pg = PgStore::open(to).await?;
    eprintln!("copying {} into {}", shown(from), shown(to));
    let mut shown_step = (String::new(), u64::MAX);
    let mut progress = |p: &CopyProgress| {
        let (what, done, total, unit) = match p {
            CopyProgress::Rows { table, done, total } => (table.to_string(), *done, *total, "rows"),
            CopyProgress::Replayed { done, total } => {
                ("replayed".to_owned(), *done, *total, "open tables")
            }
        };
        // A line per tenth of each table, and its last.
        let step = done * 10 / total.max(1);
        if shown_step != (what.clone(), step) {
            eprintln!("  {what}: {done}/{total} {unit}");
            shown_step = (what, step);
        }
    };
    let report = copy_sqlite_to_postgres(&sqlite, &pg, &mut progress)
        .await
        .map_err(|e| anyhow::anyhow!("{e}; nothing was written"))?;
    for t in &report.tables {
        println!(
            "{:<14} {:>9} rows: {:>9} copied, {:>9} updated, {:>9} unchanged",
            t.name,
            t.rows,
            t.inserted,
            t.updated,
            t.rows - t.inserted - t.updated
        );
    }
    println!(
        "checked: every table has as many rows in PostgreSQL as in SQLite; {} open tables replay to their snapshots",
        report.replayed
    );
    if report.changed() {
        let n: u64 = report.tables.iter().map(|t| t.inserted + t.updated).sum();
        println!("copied: {n} rows written");
    } else {
        println!("nothing changed: PostgreSQL already held everything in {}", shown(from));
    }
    pg.close().await;
    sqlite.close().await;
    Ok(())
}
