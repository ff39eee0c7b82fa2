//! `domino bench standings`: a SQLite store filled with finished matches of one chat through
//! the real store path (each match played in memory, then its last two commands committed —
//! the last with the finished match, whose scoreboard lines, ratings and history row go in
//! the same transaction, with a row per rating change), then `/top` and `/me` (each with its
//! rating chart), `/top pairs`, `/history`, `/vs` and `/export` timed through the chat layer,
//! and the leaders' chart `/top` draws drawn again alone (`bench_leaders`).
//! Prints what a finished match's standings cost (the finishing commit against a plain one).

use crate::cli::bench_leaders::{self, picture};
use crate::cli::progress::Progress;
use domino_core::chat::{Answer, Args as CmdArgs, Asker, Body, Chat, Cmd, Opponent, Request};
use domino_core::engine::rules::{Rules, Teams, Variant};
use domino_core::service::{Options, OsSeeds, Service, SystemClock};
use domino_core::session::{
    Action, Actor, BotLevel, ChatId, Command, Event, Lang, NewTable, Person, Phase, Platform,
    Table, UserId,
};
use domino_core::store::{MatchSummary, SqliteStore, Store};
use serde_json::json;
use std::sync::Arc;
use std::time::{Duration, Instant};

#[derive(clap::Args)]
pub struct Args {
    /// Finished matches to fill the chat with.
    #[arg(long, default_value_t = 10_000)]
    matches: u32,
    /// The SQLite file (a new one in a temporary folder if not given).
    #[arg(long)]
    db: Option<std::path::PathBuf>,
    /// Times each command is asked (and the chart drawn alone).
    #[arg(long, default_value_t = 20)]
    asks: u32,
    #[arg(long)]
    json: bool,
}

/// The chat's people.
const PEOPLE: usize = 8;

fn person(n: usize) -> Person {
    Person::new(UserId::new(Platform::Terminal, format!("p{n}")), format!("Player {n}"))
}

fn chat() -> ChatId {
    ChatId::new(Platform::Terminal, "bench-standings")
}

/// Match `i`: duels, three players, and two pairs in turn, with the chat's people rotating.
fn match_table(i: u32) -> anyhow::Result<(Table, Vec<Person>)> {
    let (size, rules) = match i % 3 {
        0 => (2, Rules::new(Variant::Kozel)),
        1 => (3, Rules::new(Variant::Kozel)),
        _ => (4, Rules::builder(Variant::Kozel).teams(Teams::Pairs).build()?),
    };
    let seated: Vec<Person> =
        (0..size).map(|s| person((i as usize * 3 + s * (1 + i as usize % 5)) % PEOPLE)).collect();
    let mut unique = seated.clone();
    unique.sort_by(|a, b| a.id.cmp(&b.id));
    unique.dedup_by(|a, b| a.id == b.id);
    let seated = if unique.len() == size { seated } else { (0..size).map(person).collect() };
    let new = NewTable {
        id: 0,
        chat: chat(),
        number: 0,
        rules,
        size: size as u8,
        lang: Lang::En,
        turn_secs: None,
        bot_level: BotLevel::Greedy,
        seed: u64::from(i) + 1,
        clock: None,
    };
    let (table, _) = Table::create(new, seated[0].clone(), i64::from(i) * 1000)
        .map_err(|e| anyhow::anyhow!("{e:?}"))?;
    Ok((table, seated))
}

/// Plays match `i` in memory; returns the table two commands before the end and those two.
fn play(i: u32) -> anyhow::Result<(Table, [Command; 2])> {
    let (mut t, seated) = match_table(i)?;
    let now = i64::from(i) * 1000;
    let mut cmds: Vec<Command> = seated[1..]
        .iter()
        .map(|p| Command {
            actor: Actor::person(p.clone()),
            action: Action::Join { seat: None },
            version: None,
        })
        .collect();
    let mut recent: std::collections::VecDeque<Table> = std::collections::VecDeque::new();
    let mut done = 0;
    loop {
        let cmd = if done < cmds.len() {
            cmds[done].clone()
        } else if t.phase == Phase::Lobby {
            Command {
                actor: Actor::person(seated[0].clone()),
                action: Action::Start,
                version: None,
            }
        } else {
            let seat = t.to_move().ok_or_else(|| anyhow::anyhow!("nobody to move"))?;
            let who = t.seats[seat].as_ref().and_then(|s| s.person()).expect("a person").clone();
            let moves = t.live().expect("a match").legal_moves(seat);
            let mv = moves[(t.version as usize * 7 + seat) % moves.len()];
            Command { actor: Actor::person(who), action: Action::Move { mv }, version: None }
        };
        if done >= cmds.len() {
            cmds.push(cmd.clone());
        }
        done += 1;
        recent.push_back(t.clone());
        if recent.len() > 2 {
            recent.pop_front();
        }
        let events = t.apply(&cmd, now).map_err(|e| anyhow::anyhow!("{e:?}"))?;
        if events.iter().any(|e| matches!(e, Event::MatchEnded { .. })) {
            let n = cmds.len();
            let before = recent.pop_front().expect("two commands at least");
            return Ok((before, [cmds[n - 2].clone(), cmds[n - 1].clone()]));
        }
        if done > 100_000 {
            anyhow::bail!("match {i} did not end");
        }
    }
}

fn quantile(sorted: &[f64], q: f64) -> f64 {
    sorted[((q * sorted.len() as f64).ceil() as usize).clamp(1, sorted.len()) - 1]
}

/// (mean, p50, p99) in milliseconds.
fn figures(mut ms: Vec<f64>) -> (f64, f64, f64) {
    ms.sort_by(f64::total_cmp);
    let mean = ms.iter().sum::<f64>() / ms.len().max(1) as f64;
    (mean, quantile(&ms, 0.5), quantile(&ms, 0.99))
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1000.0
}

pub async fn run(args: Args) -> anyhow::Result<()> {
    let dir = tempfile_dir()?;
    let path = args.db.clone().unwrap_or_else(|| dir.join("standings.db"));
    let store = SqliteStore::open_path(&path).await?;
    let (mut plain, mut finishing) = (Vec::new(), Vec::new());
    let mut progress = Progress::new("bench standings: filling", "matches", args.matches.into());
    for i in 0..args.matches {
        progress.set(i.into());
        let (mut t, [penultimate, last]) = play(i)?;
        store.create(&mut t, &[]).await?;
        let now = i64::from(i) * 1000;
        let events = t.apply(&penultimate, now).map_err(|e| anyhow::anyhow!("{e:?}"))?;
        let started = Instant::now();
        store.commit(&t, &events, None).await?;
        plain.push(ms(started.elapsed()));
        let events = t.apply(&last, now).map_err(|e| anyhow::anyhow!("{e:?}"))?;
        let summary = MatchSummary::of(&t, now).expect("a finished match");
        let started = Instant::now();
        store.commit(&t, &events, Some(&summary)).await?;
        finishing.push(ms(started.elapsed()));
    }
    progress.finish();
    let options = Options { robot_pause: Duration::ZERO, ..Options::default() };
    let clock = Arc::new(SystemClock);
    let service = Service::start_with(
        store,
        Arc::new(domino_core::session::Simple),
        clock,
        Arc::new(OsSeeds),
        options,
    )
    .await?;
    let door = Chat::new(service);
    let from = Asker { member_of: None, ..Asker::member(chat(), person(0)) };
    let mut asked = Vec::new();
    let mut answers: Vec<(&str, Answer)> = Vec::new();
    let asks = [
        ("top", Cmd::Top, false),
        ("top pairs", Cmd::Top, true),
        ("history", Cmd::History, false),
        ("me", Cmd::Me, false),
        ("vs", Cmd::Vs, false),
        ("export", Cmd::Export, false),
    ];
    for (label, cmd, pairs) in asks {
        let (mut times, mut last) = (Vec::new(), None);
        for _ in 0..args.asks.max(1) {
            let a = CmdArgs {
                pairs_table: pairs,
                // `/vs` against the second player, who shares many matches with the first.
                opponent: (cmd == Cmd::Vs).then(|| Opponent::Person(person(1))),
                ..CmdArgs::default()
            };
            let started = Instant::now();
            let answer = door.handle(&from, Request::Command(cmd, a)).await;
            times.push(ms(started.elapsed()));
            last = Some(std::hint::black_box(answer));
        }
        asked.push((label, figures(times)));
        answers.extend(last.map(|a| (label, a)));
    }
    let top = answers.iter().find(|(l, _)| *l == "top").and_then(|(_, a)| picture(a));
    let store = door.service().store();
    let chart = bench_leaders::chart(store, &chat(), Variant::Kozel, top, args.asks).await?;
    let (p, f) = (figures(plain), figures(finishing));
    let drawn = figures(chart.times.clone());
    let what: Vec<(&str, String)> = answers.iter().map(|(l, a)| (*l, shape(a))).collect();
    if args.json {
        let asks: serde_json::Map<String, serde_json::Value> = asked
            .iter()
            .zip(&what)
            .map(|((l, (mean, p50, p99)), (_, shape))| {
                let v = json!({"mean_ms": mean, "p50_ms": p50, "p99_ms": p99, "answer": shape});
                (l.to_string(), v)
            })
            .collect();
        println!(
            "{}",
            json!({"matches": args.matches,
                "plain_commit_ms": {"mean": p.0, "p50": p.1, "p99": p.2},
                "finishing_commit_ms": {"mean": f.0, "p50": f.1, "p99": f.2},
                "standings_cost_ms": f.0 - p.0, "asks": asks,
                "rating_history": {"changes": chart.changes, "read_ms": chart.history_read_ms},
                "leaders_chart": {"lines": chart.lines, "points": chart.points,
                    "mean_ms": drawn.0, "p50_ms": drawn.1, "p99_ms": drawn.2,
                    "png_bytes": chart.png.png.len(), "width": chart.png.width,
                    "height": chart.png.height, "same_as_top": chart.same_as_top}})
        );
    } else {
        println!("{} finished matches in one chat ({})", args.matches, path.display());
        println!("plain commit:     mean {:.3} ms, p50 {:.3}, p99 {:.3}", p.0, p.1, p.2);
        println!("finishing commit: mean {:.3} ms, p50 {:.3}, p99 {:.3}", f.0, f.1, f.2);
        println!(
            "standings update (scoreboard lines, ratings, history row) per finished match: {:.3} ms",
            f.0 - p.0
        );
        for ((label, (mean, p50, p99)), (_, shape)) in asked.iter().zip(&what) {
            println!("/{label}: mean {mean:.2} ms, p50 {p50:.2}, p99 {p99:.2} ({shape})");
        }
        println!(
            "rating history of the season: {} changes, read in {:.2} ms",
            chart.changes, chart.history_read_ms
        );
        println!(
            "leaders' chart alone (rating_png, {} lines, {} points): mean {:.2} ms, p50 {:.2}, p99 {:.2}; PNG {}×{}, {} bytes{}",
            chart.lines,
            chart.points,
            drawn.0,
            drawn.1,
            drawn.2,
            chart.png.width,
            chart.png.height,
            chart.png.png.len(),
            if chart.same_as_top { ", the same as /top's" } else { ", NOT /top's picture" }
        );
    }
    drop(dir);
    Ok(())
}

/// What an answer held: a text's length, a picture's size, files' names and sizes.
fn shape(answer: &Answer) -> String {
    match answer.reply.as_ref().map(|r| &r.body) {
        Some(Body::Picture { text, picture }) => format!(
            "a {}×{} chart, {} bytes, {} characters of text",
            picture.width,
            picture.height,
            picture.png.len(),
            text.chars().count()
        ),
        Some(Body::Files { files, .. }) => {
            let each = files.iter().map(|f| {
                let lines = f.bytes.iter().filter(|&&b| b == b'\n').count();
                format!("{} {} bytes, {lines} lines", f.name, f.bytes.len())
            });
            let each: Vec<String> = each.collect();
            format!("files: {}", each.join(", "))
        }
        Some(Body::Text(t) | Body::Long(t)) => format!("text, {} characters", t.chars().count()),
        _ => "something else".into(),
    }
}

/// A temporary folder, removed when dropped.
struct TempDir(std::path::PathBuf);

impl std::ops::Deref for TempDir {
    type Target = std::path::Path;
    fn deref(&self) -> &std::path::Path {
        &self.0
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

fn tempfile_dir() -> anyhow::Result<TempDir> {
    let dir = std::env::temp_dir().join(format!("domino-bench-standings-{}", std::process::id()));
    std::fs::create_dir_all(&dir)?;
    Ok(TempDir(dir))
}
