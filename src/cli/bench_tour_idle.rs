//! `domino bench tour-idle`: what idle tournaments cost the timer loop (issue 43). Many
//! tournaments enrolling in a SQLite store (three a chat, `bounds::OPEN_TOURNAMENTS`), nobody
//! playing; then timer rounds (`Service::fire_due`, what `domino run` does every second) are
//! timed two ways: as the loop is now, reading only the tournaments with due work through
//! the store's index (`Store::due_tournaments`), and with the loop's former tournament work
//! reproduced beside it (every open tournament listed, then read twice and ticked, as the
//! round, `drive` and `open_due` each read it). The figures: milliseconds and CPU seconds a
//! round, and the share of a core at one round a second.

use domino_core::engine::rules::Variant;
use domino_core::ids::{ChatId, Person, Platform, UserId};
use domino_core::service::{Options, OsSeeds, Service, SystemClock};
use domino_core::session::Simple;
use domino_core::standings::tournament::{Command, Format, NewTournament};
use domino_core::store::{SqliteStore, Store};
use rand::SeedableRng;
use serde_json::json;
use std::sync::Arc;
use std::time::Instant;

#[derive(clap::Args)]
pub struct Args {
    /// Tournaments enrolling, three a chat.
    #[arg(long, default_value_t = 2_000)]
    tournaments: u32,
    /// Timer rounds timed each way.
    #[arg(long, default_value_t = 50)]
    rounds: u32,
    #[arg(long)]
    json: bool,
}

/// This process's CPU time so far, in seconds (user and system; Linux's `/proc`, in its
/// clock ticks of 1/100 s), or 0 where there is no `/proc`.
fn cpu_seconds() -> f64 {
    let stat = std::fs::read_to_string("/proc/self/stat").unwrap_or_default();
    // The fields after the command's closing parenthesis: utime and stime are the 12th and
    // 13th of them.
    let rest = stat.rsplit_once(')').map_or("", |(_, rest)| rest);
    let fields: Vec<&str> = rest.split_whitespace().collect();
    let ticks = |i: usize| fields.get(i).and_then(|f| f.parse::<f64>().ok()).unwrap_or(0.0);
    (ticks(11) + ticks(12)) / 100.0
}

/// Wall milliseconds and CPU seconds a round of `round`, over `rounds` rounds.
async fn timed<F: AsyncFnMut()>(rounds: u32, mut round: F) -> (f64, f64) {
    let (started, cpu) = (Instant::now(), cpu_seconds());
    for _ in 0..rounds {
        round().await;
    }
    let n = f64::from(rounds.max(1));
    (started.elapsed().as_secs_f64() * 1000.0 / n, (cpu_seconds() - cpu) / n)
}

pub async fn run(args: Args) -> anyhow::Result<()> {
    let dir = std::env::temp_dir().join(format!("domino-bench-tour-idle-{}", std::process::id()));
    std::fs::create_dir_all(&dir)?;
    let store = SqliteStore::open_path(&dir.join("idle.db")).await?;
    let clock = Arc::new(SystemClock);
    let service =
        Service::start_with(store, Arc::new(Simple), clock, Arc::new(OsSeeds), Options::default())
            .await?;
    let made = Instant::now();
    for n in 0..args.tournaments {
        let chat = ChatId::new(Platform::Terminal, format!("idle-{}", n / 3));
        let creator = UserId::new(Platform::Terminal, format!("c{n}"));
        let new = NewTournament {
            id: 0,
            format: Format::RoundRobin { pairs: false },
            game: Variant::Classic,
            options: json!({"target": 51}),
            max_entrants: 8,
            deadline_days: None,
        };
        let doc = service.create_tournament(&chat, &creator, new).await?;
        let person = Person::new(creator, format!("Player {n}"));
        let enrol = Command::Enroll { person, partner: None };
        service.tournament_apply(doc.tournament.id, &enrol).await?;
    }
    eprintln!("{} tournaments enrolling ({:.1} s)", args.tournaments, made.elapsed().as_secs_f64());
    service.fire_due().await;

    let (now_ms, now_cpu) = timed(args.rounds, async || {
        service.fire_due().await;
    })
    .await;
    let store = service.store();
    let mut rng = rand::rngs::StdRng::seed_from_u64(43);
    let (then_ms, then_cpu) = timed(args.rounds, async || {
        service.fire_due().await;
        let open = store.tournaments(None, true).await.expect("listed");
        for d in open {
            let id = d.tournament.id;
            let mut doc = store.tournament(id).await.expect("read").expect("stored");
            let _ = doc.tournament.apply(&Command::Tick, service.now(), &mut rng);
            let _ = store.tournament(id).await.expect("read");
        }
    })
    .await;
    std::fs::remove_dir_all(&dir).ok();
    let core = |cpu: f64| cpu * 100.0;
    if args.json {
        let figures = json!({
            "tournaments": args.tournaments,
            "rounds": args.rounds,
            "due_index": {"ms_per_round": now_ms, "cpu_s_per_round": now_cpu, "core_pct": core(now_cpu)},
            "every_open": {"ms_per_round": then_ms, "cpu_s_per_round": then_cpu, "core_pct": core(then_cpu)},
        });
        println!("{figures}");
    } else {
        println!(
            "{} enrolling tournaments, {} timer rounds each way",
            args.tournaments, args.rounds
        );
        println!(
            "  due tournaments only (now):   {now_ms:8.2} ms a round, {:5.1} % of a core at 1 round/s",
            core(now_cpu)
        );
        println!(
            "  every open tournament (was):  {then_ms:8.2} ms a round, {:5.1} % of a core at 1 round/s",
            core(then_cpu)
        );
    }
    Ok(())
}
