//! `domino play`: a game in the terminal against computer players, through the same service,
//! session core and text views as the chats. The easiest way to try the project without a token.

use domino_core::engine::rules::{Rules, Teams, Variant};
use domino_core::service::{Service, SystemClock, TableSpec};
use domino_core::session::{
    Action, Actor, BotLevel, ChatId, Command, Lang, Person, Phase, Platform, UserId,
};
use domino_core::store::{ChatSettings, MemoryStore, Store};
use domino_core::view::{ButtonAction, hand_view, notices, render_hand, render_table, table_view};
use std::io::{BufRead, Write};
use std::process::ExitCode;
use std::sync::Arc;

#[derive(clap::Args)]
pub struct Args {
    /// classic, kozel, morskoy, osel or telefon.
    #[arg(default_value = "kozel")]
    variant: String,
    /// Players at the table, you included (2-4).
    #[arg(long, default_value_t = 2)]
    players: u8,
    /// Two pairs of partners (Kozel family, 4 players).
    #[arg(long)]
    pairs: bool,
    /// Computer players' strength: random, greedy or expert.
    #[arg(long, default_value = "expert")]
    level: String,
    /// Language of the texts: ru or en.
    #[arg(long, default_value = "ru")]
    lang: String,
}

pub fn run(args: Args) -> ExitCode {
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("a tokio runtime");
    match rt.block_on(play(args)) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("domino play: {e:#}");
            ExitCode::from(2)
        }
    }
}

async fn play(args: Args) -> anyhow::Result<()> {
    let variant: Variant = args.variant.parse()?;
    let level = BotLevel::from_key(&args.level).ok_or_else(|| {
        anyhow::anyhow!("unknown level {:?} (random, greedy, expert)", args.level)
    })?;
    let lang = Lang::from_key(&args.lang)
        .ok_or_else(|| anyhow::anyhow!("unknown language {:?} (ru, en)", args.lang))?;
    let teams = if args.pairs { Teams::Pairs } else { Teams::None };
    let rules = Rules::builder(variant).teams(teams).build()?;
    rules.check_table(args.players as usize)?;
    let chat = ChatId::new(Platform::Terminal, "terminal");
    let store = MemoryStore::new();
    store
        .set_chat_settings(
            &chat,
            &ChatSettings { lang, bot_level: level, ..ChatSettings::default() }.next(),
        )
        .await?;
    let svc = Service::start(store, crate::robot(), Arc::new(SystemClock)).await?;
    // The computers move after a short pause each, as in the chats; their moves come back here.
    let mut updates = svc.subscribe();
    let me = Person::new(
        UserId::new(Platform::Terminal, "you"),
        if lang == Lang::Ru { "Вы" } else { "You" },
    );
    let spec = TableSpec { chat, thread: None, rules, size: args.players, clock: None };
    let mut table = svc.create(spec, me.clone()).await?.table;
    let reply = svc.handle(table.id, command(&me, Action::Start)).await?;
    let mut shown = notices(&reply.table, &reply.events);
    svc.settled().await;
    while let Ok(r) = updates.try_recv() {
        shown.extend(notices(&r.table, &r.events));
    }
    table = svc.table(table.id).await?.unwrap_or(reply.table);
    let stdin = std::io::stdin();
    let mut lines = stdin.lock().lines();
    loop {
        let mut out = std::io::stdout().lock();
        for n in shown.drain(..) {
            writeln!(out, "» {n}")?;
        }
        writeln!(out, "\n{}", render_table(&table_view(&table)))?;
        if table.phase != Phase::Playing {
            return Ok(());
        }
        let hand = hand_view(&table, 0).expect("you are seated");
        writeln!(out, "\n{}", render_hand(&hand))?;
        let moves: Vec<_> = hand
            .buttons
            .iter()
            .flatten()
            .filter_map(|(label, b)| match b.action {
                ButtonAction::Move(mv) => Some((label.clone(), mv)),
                _ => None,
            })
            .collect();
        for (i, (label, _)) in moves.iter().enumerate() {
            writeln!(out, "  {}) {label}", i + 1)?;
        }
        let prompt = if lang == Lang::Ru {
            "Ваш ход (номер, r — сдаться, q — выйти)"
        } else {
            "Your move (number, r to resign, q to quit)"
        };
        write!(out, "{prompt}: ")?;
        out.flush()?;
        drop(out);
        let Some(line) = lines.next().transpose()? else { return Ok(()) };
        let action = match line.trim() {
            "q" => return Ok(()),
            "r" => Action::Resign,
            n => match n.parse::<usize>().ok().and_then(|i| moves.get(i.wrapping_sub(1))) {
                Some((_, mv)) => Action::Move { mv: *mv },
                None => {
                    println!("?");
                    continue;
                }
            },
        };
        match svc.handle(table.id, command(&me, action)).await {
            Ok(reply) => {
                shown = notices(&reply.table, &reply.events);
                svc.settled().await;
                while let Ok(r) = updates.try_recv() {
                    shown.extend(notices(&r.table, &r.events));
                }
                table = svc.table(table.id).await?.unwrap_or(reply.table);
            }
            Err(e) => println!("{e}"),
        }
    }
}

fn command(me: &Person, action: Action) -> Command {
    Command { actor: Actor::person(me.clone()), action, version: None }
}
