//! `domino bench tournament`: a round robin of 64 people (2,016 fixtures) in a SQLite store,
//! each fixture's finished match applied as the service applies it (`Command::MatchFinished`
//! on the stored tournament, then the save under the version check), and the standings and
//! the whole message (schedule and standings) rendered.

use domino_core::engine::rules::Variant;
use domino_core::ids::{ChatId, Lang, Person, Platform, UserId};
use domino_core::standings::tournament::{Command, Format, NewTournament, Tournament};
use domino_core::standings::{MatchSummary, SummaryPlayer, Zone};
use domino_core::store::{SqliteStore, Store, TournamentDoc};
use domino_core::view::tournament::{render_standings, render_tournament};
use rand::SeedableRng;
use std::time::Instant;

#[derive(clap::Args)]
pub struct Args {
    /// Entrants of the round robin (2–64).
    #[arg(long, default_value_t = 64)]
    entrants: u32,
    /// Times the standings and the message are rendered.
    #[arg(long, default_value_t = 50)]
    renders: u32,
}

fn person(n: usize) -> Person {
    Person::new(UserId::new(Platform::Terminal, format!("p{n}")), format!("Player {n}"))
}

/// The match a table finished for fixture `n`: side 0 wins every third, a draw every fifth.
fn summary(t: &Tournament, n: usize, table: i64) -> MatchSummary {
    let f = &t.fixtures[n];
    let winner = match n % 5 {
        0 => None,
        _ => Some(n.is_multiple_of(3) as u8),
    };
    let players = (0..2u8)
        .map(|side| {
            let p = &t.entrants[f.sides[side as usize][0]].people[0];
            SummaryPlayer {
                user: Some(p.id.clone()),
                name: p.name.clone(),
                seat: side,
                side,
                won: winner.is_none_or(|w| w == side),
                goat: false,
                points_for: 30 + (n as u32 * 7 + u32::from(side) * 13) % 40,
                points_against: 30 + (n as u32 * 7 + u32::from(1 - side) * 13) % 40,
                relieved: false,
            }
        })
        .collect();
    MatchSummary {
        chat: ChatId::new(Platform::Terminal, "bench-tournament"),
        table_id: table,
        match_no: 1,
        variant: t.game,
        pairs: false,
        rounds: 3,
        finished_at: 0,
        players,
        record: serde_json::Value::Null,
    }
}

/// (mean, p50, p99) in milliseconds.
fn figures(mut ms: Vec<f64>) -> (f64, f64, f64) {
    ms.sort_by(f64::total_cmp);
    let at = |q: f64| ms[((q * ms.len() as f64).ceil() as usize).clamp(1, ms.len()) - 1];
    (ms.iter().sum::<f64>() / ms.len() as f64, at(0.5), at(0.99))
}

pub async fn run(args: Args) -> anyhow::Result<()> {
    let dir = std::env::temp_dir().join(format!("domino-bench-tournament-{}", std::process::id()));
    std::fs::create_dir_all(&dir)?;
    let store = SqliteStore::open_path(&dir.join("tournament.db")).await?;
    let new = NewTournament {
        id: 0,
        format: Format::RoundRobin { pairs: false },
        game: Variant::Classic,
        options: serde_json::json!({"target": 51}),
        max_entrants: args.entrants,
        deadline_days: None,
    };
    let tournament = Tournament::new(new, 0).map_err(|e| anyhow::anyhow!("{e}"))?;
    let chat = ChatId::new(Platform::Terminal, "bench-tournament");
    let creator = person(0).id;
    let mut doc = TournamentDoc { chat, version: 0, creator, tournament };
    store.create_tournament(&mut doc).await?;
    let mut rng = rand::rngs::StdRng::seed_from_u64(28);
    // A command applied; the version moves on with each save (the stored one plus one).
    let mut apply = |doc: &mut TournamentDoc, cmd: Command| -> anyhow::Result<()> {
        doc.tournament.apply(&cmd, 1, &mut rng).map_err(|e| anyhow::anyhow!("{e}"))?;
        Ok(())
    };

    for i in 0..args.entrants as usize {
        apply(&mut doc, Command::Enroll { person: person(i), partner: None })?;
    }
    apply(&mut doc, Command::Start)?;
    doc.version += 1;
    store.save_tournament(&doc).await?;
    doc = store.tournament(doc.tournament.id).await?.expect("stored");
    anyhow::ensure!(!doc.tournament.fixtures.is_empty(), "the round robin was scheduled");
    let (mut applied, mut saved) = (Vec::new(), Vec::new());
    for n in 0..doc.tournament.fixtures.len() {
        let table = n as i64 + 1;
        apply(&mut doc, Command::TableStarted { fixture: n, table })?;
        doc.version += 1;
        store.save_tournament(&doc).await?;
        let started = Instant::now();
        let cmd = Command::MatchFinished { summary: summary(&doc.tournament, n, table) };
        apply(&mut doc, cmd)?;
        let took = started.elapsed();
        doc.version += 1;
        store.save_tournament(&doc).await?;
        applied.push(took.as_secs_f64() * 1000.0);
        saved.push(started.elapsed().as_secs_f64() * 1000.0);
    }
    let t = &doc.tournament;
    let (mut standings, mut message) = (Vec::new(), Vec::new());
    let mut shown = (0, 0);
    for _ in 0..args.renders.max(1) {
        let started = Instant::now();
        shown.0 = std::hint::black_box(render_standings(t, Lang::Ru)).chars().count();
        standings.push(started.elapsed().as_secs_f64() * 1000.0);
        let started = Instant::now();
        let text = render_tournament(t, Lang::Ru, Zone::default_for(Lang::Ru));
        shown.1 = std::hint::black_box(text).chars().count();
        message.push(started.elapsed().as_secs_f64() * 1000.0);
    }
    let bytes = serde_json::to_string(t)?.len();
    let (a, s, r, m) = (figures(applied), figures(saved), figures(standings), figures(message));
    println!(
        "a round robin of {} people: {} fixtures, the tournament {} bytes of JSON",
        args.entrants,
        t.fixtures.len(),
        bytes
    );
    println!(
        "finished match applied (MatchFinished): mean {:.3} ms, p50 {:.3}, p99 {:.3}",
        a.0, a.1, a.2
    );
    println!(
        "  and saved under the version check (SQLite): mean {:.3} ms, p50 {:.3}, p99 {:.3}",
        s.0, s.1, s.2
    );
    println!(
        "standings rendered ({} chars): mean {:.3} ms, p50 {:.3}, p99 {:.3}",
        shown.0, r.0, r.1, r.2
    );
    println!(
        "whole message rendered, schedule and standings ({} chars): mean {:.3} ms, p50 {:.3}, p99 {:.3}",
        shown.1, m.0, m.1, m.2
    );
    drop(store);
    std::fs::remove_dir_all(&dir).ok();
    Ok(())
}
