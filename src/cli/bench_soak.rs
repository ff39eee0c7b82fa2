//! `domino bench soak`: many open tables on one process, as a busy bot has them. On most tables
//! two people start pairs Kozel with two expert partners, four more wait in the table's queue
//! and sit in at rematches; on some everybody went away and the experts play alone, rematch
//! after rematch. People press through the chat layer, as the adapters do: mostly their moves,
//! and now and then the table's other controls and commands (pause and resume, «Next in
//! line», `/watch N`, `/tables`, `/table N`'s re-post, `/replay`). The figures are the press-to-answer
//! times, overall and per kind, and the resident memory.

use crate::cli::progress::Progress;
use domino_core::chat::{Asker, Body, Chat, Request, Show};
use domino_core::engine::rules::{Rules, Teams, Variant};
use domino_core::robots::AiRobot;
use domino_core::service::{Options, OsSeeds, Service, SystemClock, TableSpec};
use domino_core::session::{
    Action, Actor, BotLevel, ChatId, Command, Person, Phase, Platform, Rotation, UserId,
};
use domino_core::store::{AnyStore, ChatSettings, Store};
use domino_core::view::{ButtonAction, ButtonData};
use serde_json::json;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

#[derive(clap::Args)]
pub struct Args {
    /// A SQLite file, or a database URL (`postgres://…`, `sqlite://…`).
    #[arg(long)]
    db: String,
    #[arg(long, default_value_t = 1000)]
    tables: u32,
    #[arg(long, default_value_t = 30.0)]
    seconds: f64,
    /// One table in this many has everybody away.
    #[arg(long, default_value_t = 10)]
    away_every: u32,
    /// The pause before each computer move (the bot's default is 800).
    #[arg(long, default_value_t = 800)]
    pause_ms: u64,
    /// How long a person looks at the table before pressing, on average.
    #[arg(long, default_value_t = 1500)]
    think_ms: u64,
    #[arg(long)]
    json: bool,
}

/// Tables per chat: within the bot's limit of open tables in one chat.
const PER_CHAT: u32 = 4;

/// The people of one table: seated or in its line.
const PEOPLE: u32 = 6;

fn person(table: u32, seat: u32) -> Person {
    Person::new(
        UserId::new(Platform::Terminal, format!("s{table}p{seat}")),
        format!("P{table}.{seat}"),
    )
}

fn chat_of(n: u32) -> ChatId {
    ChatId::new(Platform::Terminal, format!("soak{}", n / PER_CHAT))
}

fn from(chat: &ChatId, who: &Person) -> Asker {
    Asker { member_of: None, ..Asker::member(chat.clone(), who.clone()) }
}

/// Resident memory of this process, in MiB (Linux; 0 elsewhere).
fn rss_mb() -> f64 {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    let kb = status
        .lines()
        .find_map(|l| l.strip_prefix("VmRSS:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse::<f64>().ok())
        .unwrap_or(0.0);
    kb / 1024.0
}

/// Heap bytes in use (the binary's counting allocator), in MiB: what the process holds, apart
/// from what the allocator keeps for later.
fn heap_mb() -> f64 {
    crate::heap::in_use() as f64 / (1024.0 * 1024.0)
}

fn cmd(who: &Person, action: Action) -> Command {
    Command { actor: Actor::person(who.clone()), action, version: None }
}

/// Opens table `n`: people's tables start with two people and two experts; away tables with
/// one person who leaves at once (the computers play on).
async fn open<S: Store>(svc: &Service<S>, n: u32, away: bool) -> anyhow::Result<i64> {
    let chat = chat_of(n);
    if away {
        let spec = TableSpec::plain(chat, Rules::new(Variant::Kozel), 2);
        let t = svc.duel(spec, person(n, 0), None, 60_000).await?.table;
        svc.handle(t.id, cmd(&person(n, 0), Action::Leave)).await?;
        return Ok(t.id);
    }
    let rules = Rules::builder(Variant::Kozel).teams(Teams::Pairs).build().expect("pairs Kozel");
    // The people's tables keep a queue «in turn»: whoever is not seated gets in line now and
    // then, and sits in at the next rematch (the computers' seats first, then the losers').
    let rotation = Some(Rotation::Queue);
    let t = svc
        .create(
            TableSpec { chat, thread: None, rules, size: 4, clock: None, rotation },
            person(n, 0),
        )
        .await?
        .table;
    svc.handle(t.id, cmd(&person(n, 1), Action::Join { seat: Some(1) })).await?;
    Ok(svc.handle(t.id, cmd(&person(n, 0), Action::Start)).await?.table.id)
}

/// What a person does now, and its kind for the figures: one look at the table in four
/// presses a control (pause or resume, two people seated in turn; «Next in line», someone
/// not seated) or sends a command (`/watch N`, someone not seated; `/tables`, `/table N`,
/// `/replay`), the others a move (or «rematch»).
fn ask_of(show: &Show, n: u32, look: u64) -> Option<(&'static str, Person, Request)> {
    // Two of the people seated take turns at the controls (a pause needs them both).
    let k = (look / 4 % 2) as usize;
    let who = show.hands.get(k).map_or_else(|| person(n, k as u32), |h| h.person.clone());
    let seated = |p: &Person| show.hands.iter().any(|h| h.person.id == p.id);
    let number = show.table.number;
    let command = |name: &str, words: &[&str]| {
        let cmd = domino_core::chat::catalog::command_named(name).expect("in the catalog").cmd;
        Request::words(cmd, words)
    };
    match look % 16 {
        2 | 6 => {
            let control = show
                .view
                .buttons
                .iter()
                .flatten()
                .find(|(_, d)| matches!(d.action, ButtonAction::Pause | ButtonAction::Resume));
            if let Some((_, d)) = control {
                let kind = if d.action == ButtonAction::Pause { "pause" } else { "resume" };
                return Some((kind, who, Request::press(d.encode())));
            }
        }
        10 => return Some(("tables", who, command("tables", &[]))),
        // One of the six people of the table not seated watches it (`/watch N`), or stops;
        12 if look % 32 == 28 => {
            if let Some(p) = (0..PEOPLE).map(|k| person(n, k)).find(|p| !seated(p)) {
                return Some(("watch", p, command("watch", &[&number.to_string()])));
            }
        }
        // or gets in line, or out of it.
        12 => {
            let line =
                show.view.buttons.iter().flatten().find(|(_, d)| d.action == ButtonAction::Queue);
            let waiting = (0..PEOPLE).map(|k| person(n, k)).find(|p| !seated(p));
            if let (Some((_, d)), Some(p)) = (line, waiting) {
                return Some(("line", p, Request::press(d.encode())));
            }
        }
        14 if look % 32 == 14 => {
            return Some(("table", who, command("table", &[&number.to_string()])));
        }
        14 => return Some(("replay", who, command("replay", &[]))),
        _ => {}
    }
    let (who, data) = press_of(show)?;
    let kind = if show.table.playing { "move" } else { "rematch" };
    Some((kind, who, Request::press(data)))
}

/// What a person would press on what `show` shows them: one of their hand's moves when it is
/// their turn, «rematch» at a finished match.
fn press_of(show: &Show) -> Option<(Person, String)> {
    let t = &show.table;
    if t.playing {
        let who = show.turn.as_ref()?.person.clone();
        let moves: Vec<ButtonData> = show
            .hand_of(&who.id)?
            .buttons
            .iter()
            .flatten()
            .map(|(_, d)| *d)
            .filter(|d| matches!(d.action, ButtonAction::Move(_)))
            .collect();
        let data = moves.get((t.version as usize) % moves.len().max(1))?;
        return Some((who, data.encode()));
    }
    let rematch =
        show.view.buttons.iter().flatten().find(|(_, d)| d.action == ButtonAction::Rematch)?;
    Some((show.hands.first()?.person.clone(), rematch.1.encode()))
}

pub async fn run(args: Args) -> anyhow::Result<()> {
    // Memory kept as `domino run` keeps it.
    crate::heap::keep_trimmed();
    let store = super::open(&args.db).await?;
    let expert =
        ChatSettings { version: 1, bot_level: BotLevel::Expert, ..ChatSettings::default() };
    for c in 0..args.tables.div_ceil(PER_CHAT) {
        let chat = chat_of(c * PER_CHAT);
        if store.chat_settings(&chat).await?.version == 0 {
            store.set_chat_settings(&chat, &expert).await?;
        }
    }
    let options = Options {
        robot_pause: Duration::from_millis(args.pause_ms),
        tables_per_chat: PER_CHAT as usize + 4,
        ..Options::default()
    };
    let svc: Arc<Service<AnyStore>> = Service::start_with(
        store,
        Arc::new(AiRobot::default()),
        Arc::new(SystemClock),
        Arc::new(OsSeeds),
        options,
    )
    .await?;
    let chat = Arc::new(Chat::new(svc.clone()));
    let mut progress = Progress::new("bench soak: opening", "tables", args.tables as u64);
    let mut people = Vec::new();
    let mut away = Vec::new();
    for n in 0..args.tables {
        progress.set(n as u64);
        let is_away = args.away_every > 0 && n % args.away_every == 0;
        let id = open(&svc, n, is_away).await?;
        if is_away { away.push((n, id)) } else { people.push((n, id)) }
    }
    progress.finish();
    let (rss_start, heap_start) = (rss_mb(), heap_mb());
    let latencies = Arc::new(Mutex::new(Vec::<(&'static str, f64, f64)>::new()));
    let start = Instant::now();
    let until = start + Duration::from_secs_f64(args.seconds);
    let mut tasks = Vec::new();
    for (n, id) in people {
        let (chat, latencies) = (chat.clone(), latencies.clone());
        let think = args.think_ms.max(1);
        tasks.push(tokio::spawn(async move {
            // Each table's people look in at their own pace (spread so they do not all press at once).
            let mut wait = (n as u64 * 7919) % think;
            let mut look = n as u64;
            while Instant::now() < until {
                tokio::time::sleep(Duration::from_millis(wait)).await;
                wait = think / 2 + (n as u64 * 31 + wait * 17) % think;
                look += 1;
                // The answers' futures boxed while they run: a person's task between presses
                // holds only its own few bytes, as a person far away holds nothing of the bot.
                let Some(show) = Box::pin(chat.show(id)).await else { continue };
                let Some((kind, who, ask)) = ask_of(&show, n, look) else { continue };
                let began = Instant::now();
                let answer = Box::pin(chat.handle(&from(&show.table.chat, &who), ask)).await;
                let ms = began.elapsed().as_secs_f64() * 1000.0;
                // A replay where the chat has finished no match yet draws nothing.
                let drawn =
                    answer.reply.as_ref().is_some_and(|r| matches!(r.body, Body::Files { .. }));
                let kind = if kind == "replay" && !drawn { "replay (none yet)" } else { kind };
                latencies.lock().unwrap().push((kind, ms, start.elapsed().as_secs_f64()));
            }
        }));
    }
    // Away tables: when a match ends, its person (who left it, so is no longer seated) opens
    // another and leaves again.
    let restarter = {
        let svc = svc.clone();
        let mut away = away;
        tokio::spawn(async move {
            while Instant::now() < until {
                tokio::time::sleep(Duration::from_millis(500)).await;
                for (n, id) in away.iter_mut() {
                    if let Ok(Some(t)) = svc.table(*id).await
                        && t.phase == Phase::Finished
                        && let Ok(next) = open(&svc, *n, true).await
                    {
                        *id = next;
                    }
                }
            }
        })
    };
    let mut progress = Progress::for_seconds("bench soak", "presses", args.seconds);
    // The heap's most in use, sampled with the progress; the resident memory each minute.
    let mut heap_peak = heap_start;
    let mut rss_by_minute = Vec::new();
    while Instant::now() < until {
        tokio::time::sleep(Duration::from_millis(200)).await;
        progress.set(latencies.lock().unwrap().len() as u64);
        heap_peak = heap_peak.max(heap_mb());
        if start.elapsed().as_secs() >= 60 * (rss_by_minute.len() as u64 + 1) {
            rss_by_minute.push(rss_mb());
        }
    }
    progress.finish();
    for t in tasks {
        t.await?;
    }
    restarter.await?;
    let (rss_end, heap_end) = (rss_mb(), heap_mb());
    let all = std::mem::take(&mut *latencies.lock().unwrap());
    let figures = |kind: Option<&str>| {
        let mut ms: Vec<f64> =
            all.iter().filter(|(k, ..)| kind.is_none_or(|w| w == *k)).map(|(_, m, _)| *m).collect();
        ms.sort_by(f64::total_cmp);
        let at =
            |q: f64| ms.get(((ms.len() as f64 - 1.0) * q).round() as usize).copied().unwrap_or(0.0);
        (ms.len(), at(0.5), at(0.99), ms.last().copied().unwrap_or(0.0))
    };
    let (count, p50, p99, max) = figures(None);
    let kinds = [
        "move",
        "rematch",
        "pause",
        "resume",
        "line",
        "watch",
        "tables",
        "table",
        "replay",
        "replay (none yet)",
    ];
    let per_kind: Vec<_> = kinds.iter().map(|k| (*k, figures(Some(k)))).collect();
    let secs = start.elapsed().as_secs_f64();
    if args.json {
        let figures = json!({
            "tables": args.tables, "away_tables": args.tables / args.away_every.max(1),
            "seconds": secs, "presses": count, "p50_ms": p50, "p99_ms": p99, "max_ms": max,
            "rss_start_mb": rss_start, "rss_end_mb": rss_end, "heap_start_mb": heap_start,
            "heap_end_mb": heap_end, "heap_peak_mb": heap_peak, "open_tables": svc.open_tables(),
            "replays_drawn": svc.drawings(), "rss_by_minute_mb": rss_by_minute,
            "kinds": per_kind.iter().map(|(k, (n, p50, p99, max))| {
                (k.to_string(), json!({"presses": n, "p50_ms": p50, "p99_ms": p99, "max_ms": max}))
            }).collect::<serde_json::Map<_, _>>(),
        });
        println!("{figures}");
    } else {
        println!(
            "{} presses on {} tables in {secs:.1} s: p50 {p50:.1} ms, p99 {p99:.1} ms, max {max:.1} ms; \
             resident memory {rss_start:.0} MiB at start, {rss_end:.0} MiB at the end \
             (heap in use {heap_start:.0} MiB, {heap_end:.0} MiB, at most {heap_peak:.0} MiB)",
            count, args.tables
        );
        println!("  replays drawn: {} (the others answered from those kept)", svc.drawings());
        // Minute by minute: whether the answers and the memory stay flat.
        for (m, rss) in rss_by_minute.iter().enumerate() {
            let mut ms: Vec<f64> = all
                .iter()
                .filter(|(k, _, at)| *k != "replay" && (*at / 60.0) as usize == m)
                .map(|(_, ms, _)| *ms)
                .collect();
            ms.sort_by(f64::total_cmp);
            let at =
                |q: f64| ms.get(((ms.len() as f64 - 1.0) * q) as usize).copied().unwrap_or(0.0);
            println!(
                "  minute {}: {} presses but replays, p50 {:.1} ms, p99 {:.1} ms; resident {rss:.0} MiB",
                m + 1,
                ms.len(),
                at(0.5),
                at(0.99)
            );
        }
        for (kind, (n, p50, p99, max)) in &per_kind {
            println!("  {kind}: {n} presses, p50 {p50:.1} ms, p99 {p99:.1} ms, max {max:.1} ms");
        }
    }
    Ok(())
}
