//! `domino bench hints --askers N`: computer players' delay while many people ask for hints at
//! once. Tables where only computers play (everybody away) run twice on a fresh service, first
//! alone and then beside `N` people, each at a duel of their own, asking for a hint at every
//! choice they have. A computer move is due the pause after the table's previous change; its
//! delay is the time from then until it is committed.

use crate::cli::progress::Progress;
use domino_core::engine::ai::Budget;
use domino_core::engine::rules::{Rules, Variant};
use domino_core::robots::AiRobot;
use domino_core::service::{Options, OsSeeds, Service, ServiceError, SystemClock, TableSpec};
use domino_core::session::{
    Action, Actor, BotLevel, ChatId, Command, Event, MovedBy, Person, Phase, Platform, Table,
    UserId,
};
use domino_core::store::{ChatSettings, MemoryStore, Store};
use serde_json::json;
use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// How the run with askers is set up (from `bench hints`' arguments).
pub struct Setup {
    pub askers: u32,
    /// Tables where only computers play.
    pub tables: u32,
    pub seconds: f64,
    pub pause_ms: u64,
    pub budget: Budget,
    pub level: BotLevel,
}

/// What one run measured.
#[derive(Default)]
struct Figures {
    /// Computer moves' delays past their due time, in ms.
    delays: Vec<f64>,
    /// Hints answered: their press-to-answer times, in ms.
    hints: Vec<f64>,
    /// Hint presses refused (a limit, a press too late), by reason.
    refused: HashMap<String, u64>,
}

fn person(kind: &str, n: u32) -> Person {
    Person::new(UserId::new(Platform::Terminal, format!("{kind}{n}")), format!("{kind} {n}"))
}

fn chat(kind: &str, n: u32) -> ChatId {
    ChatId::new(Platform::Terminal, format!("{kind}{n}"))
}

fn cmd(who: &Person, action: Action, version: Option<u64>) -> Command {
    Command { actor: Actor::person(who.clone()), action, version }
}

fn spec(chat: ChatId) -> TableSpec {
    TableSpec::plain(chat, Rules::new(Variant::Kozel), 2)
}

fn quantile(sorted: &[f64], q: f64) -> f64 {
    if sorted.is_empty() {
        return 0.0;
    }
    sorted[((q * sorted.len() as f64).ceil() as usize).clamp(1, sorted.len()) - 1]
}

/// Both runs, printed (as JSON with `json`).
pub fn run(setup: Setup, json: bool) -> anyhow::Result<()> {
    let rt = tokio::runtime::Builder::new_multi_thread().enable_all().build()?;
    let alone = rt.block_on(measure(&setup, 0))?;
    let beside = rt.block_on(measure(&setup, setup.askers))?;
    let line = |f: &mut Figures, askers: u32| {
        f.delays.sort_by(f64::total_cmp);
        f.hints.sort_by(f64::total_cmp);
        json!({
            "askers": askers,
            "computer_moves": f.delays.len(),
            "delay_ms_p50": quantile(&f.delays, 0.5),
            "delay_ms_p99": quantile(&f.delays, 0.99),
            "hints": f.hints.len(),
            "hint_ms_p50": quantile(&f.hints, 0.5),
            "hint_ms_p99": quantile(&f.hints, 0.99),
            "refused": f.refused,
        })
    };
    let (mut alone, mut beside) = (alone, beside);
    let runs = [line(&mut alone, 0), line(&mut beside, setup.askers)];
    if json {
        let out = json!({
            "tables": setup.tables, "seconds": setup.seconds, "pause_ms": setup.pause_ms,
            "budget": setup.budget.playouts, "runs": runs,
        });
        println!("{out}");
        return Ok(());
    }
    for r in &runs {
        let f = |k: &str| r[k].as_f64().unwrap_or(0.0);
        println!(
            "{} askers: {} computer moves on {} tables, delay {:.1} ms p50, {:.1} ms p99; \
             {} hints answered, {:.1} ms p50, {:.1} ms p99; refused {}",
            r["askers"],
            r["computer_moves"],
            setup.tables,
            f("delay_ms_p50"),
            f("delay_ms_p99"),
            r["hints"],
            f("hint_ms_p50"),
            f("hint_ms_p99"),
            r["refused"],
        );
    }
    Ok(())
}

/// One run on a fresh service: the computers' tables, and `askers` people asking.
async fn measure(setup: &Setup, askers: u32) -> anyhow::Result<Figures> {
    let store = MemoryStore::new();
    let settings =
        ChatSettings { version: 1, bot_level: setup.level, hints: true, ..ChatSettings::default() };
    for n in 0..setup.tables {
        store.set_chat_settings(&chat("robots", n), &settings).await?;
    }
    let askers_settings = ChatSettings { bot_level: BotLevel::Greedy, ..settings };
    for n in 0..askers {
        store.set_chat_settings(&chat("askers", n), &askers_settings).await?;
    }
    let pause = Duration::from_millis(setup.pause_ms);
    let options = Options { robot_pause: pause, advice: setup.budget, ..Options::default() };
    let svc = Service::start_with(
        store,
        Arc::new(AiRobot::default()),
        Arc::new(SystemClock),
        Arc::new(OsSeeds),
        options,
    )
    .await?;
    let figures = Arc::new(Mutex::new(Figures::default()));
    // When each computers' table last changed: its next computer move is due `pause` later.
    let changed = Arc::new(Mutex::new(HashMap::<i64, Instant>::new()));
    let mut updates = svc.subscribe();
    let watcher = {
        let (figures, changed) = (figures.clone(), changed.clone());
        tokio::spawn(async move {
            while let Ok(reply) = updates.recv().await {
                let now = Instant::now();
                let computer = reply
                    .events
                    .iter()
                    .any(|e| matches!(e, Event::Moved { by: MovedBy::Computer, .. }));
                let mut changed = changed.lock().unwrap();
                if let Some(last) = changed.get_mut(&reply.table.id) {
                    if computer {
                        let late = now.saturating_duration_since(*last + pause);
                        figures.lock().unwrap().delays.push(late.as_secs_f64() * 1e3);
                    }
                    *last = now;
                }
            }
        })
    };
    let until = Instant::now() + Duration::from_secs_f64(setup.seconds);
    let mut tasks = Vec::new();
    for n in 0..setup.tables {
        let (svc, changed) = (svc.clone(), changed.clone());
        tasks.push(tokio::spawn(async move {
            let who = person("robots", n);
            let mut id = None;
            while Instant::now() < until {
                let t = match id {
                    Some(id) => svc.table(id).await.ok().flatten(),
                    None => None,
                };
                match t.map(|t| t.phase) {
                    Some(Phase::Playing) => {}
                    // A person who left is no longer seated for a rematch: a new duel.
                    _ => {
                        let Ok(r) = svc.duel(spec(chat("robots", n)), who.clone(), None, 0).await
                        else {
                            return;
                        };
                        id = Some(r.table.id);
                        leave(&svc, r.table.id, &who, &changed).await;
                    }
                }
                tokio::time::sleep(Duration::from_millis(50)).await;
            }
        }));
    }
    for n in 0..askers {
        let (svc, figures) = (svc.clone(), figures.clone());
        tasks.push(tokio::spawn(async move { ask(svc, n, until, figures).await }));
    }
    let mut progress = Progress::for_seconds(
        &format!("bench hints: {askers} askers"),
        "computer moves",
        setup.seconds,
    );
    while Instant::now() < until {
        tokio::time::sleep(Duration::from_millis(200)).await;
        progress.set(figures.lock().unwrap().delays.len() as u64);
    }
    progress.finish();
    for t in tasks {
        t.await?;
    }
    watcher.abort();
    let figures = std::mem::take(&mut *figures.lock().unwrap());
    Ok(figures)
}

/// The person of a computers' table goes away: from now on only computers play there.
async fn leave(
    svc: &Service<MemoryStore>,
    id: i64,
    who: &Person,
    changed: &Mutex<HashMap<i64, Instant>>,
) {
    // Noted before the command: its commit kicks the computer at once.
    changed.lock().unwrap().insert(id, Instant::now());
    if svc.handle(id, cmd(who, Action::Leave, None)).await.is_ok() {
        changed.lock().unwrap().insert(id, Instant::now());
    }
}

/// One person at a duel of their own: at every choice a hint, then the move it names.
async fn ask(svc: Arc<Service<MemoryStore>>, n: u32, until: Instant, figures: Arc<Mutex<Figures>>) {
    let who = person("askers", n);
    let Ok(r) = svc.duel(spec(chat("askers", n)), who.clone(), None, 0).await else { return };
    let id = r.table.id;
    while Instant::now() < until {
        let Ok(Some(t)) = svc.table(id).await else { return };
        if t.phase == Phase::Finished {
            let _ = svc.handle(id, cmd(&who, Action::Rematch, None)).await;
            continue;
        }
        if t.to_move() != Some(0) {
            tokio::time::sleep(Duration::from_millis(10)).await;
            continue;
        }
        let mut t = t;
        let mut mv = None;
        if t.hint_open(0).is_ok() {
            let began = Instant::now();
            match svc.hint(id, &who, t.version).await {
                Ok(h) => {
                    figures.lock().unwrap().hints.push(began.elapsed().as_secs_f64() * 1e3);
                    mv = Some(h.mv);
                    t = h.reply.table;
                }
                Err(e) => {
                    let why = reason(&e);
                    *figures.lock().unwrap().refused.entry(why).or_default() += 1;
                }
            }
        }
        let Some(mv) = mv.or_else(|| first_move(&t)) else { continue };
        let _ = svc.handle(id, cmd(&who, Action::Move { mv }, Some(t.version))).await;
    }
}

fn first_move(t: &Table) -> Option<domino_core::engine::moves::Move> {
    t.live()?.legal_moves(0).first().copied()
}

/// A refusal's kind, for the counts.
fn reason(e: &ServiceError) -> String {
    match e {
        ServiceError::Rejected(r) => {
            let name = format!("{r:?}");
            name.split([' ', '{', '(']).next().unwrap_or_default().to_owned()
        }
        other => other.to_string(),
    }
}
